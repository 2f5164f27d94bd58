/**
 * 901Y009: consumer price indices (2020=100), monthly since 1990, with the all-items index and
 * its twelve divisions carrying their basket weights (WGT).
 *
 * @module
 */

import { rebase, seasonal } from "../generators.ts";
import type { ItemDef, TableDef } from "../table.ts";

/** Yearly consumer-price inflation in percent, 1990 to 2026 (a stylised history). */
const INFLATION: readonly number[] = [
  8.6,
  9.3,
  6.2,
  4.8,
  6.3,
  4.5,
  4.9,
  4.4,
  7.5,
  0.8,
  2.3,
  4.1,
  2.8,
  3.5,
  3.6,
  2.8,
  2.2,
  2.5,
  4.7,
  2.8,
  2.9,
  4.0,
  2.2,
  1.3,
  1.3,
  0.7,
  1.0,
  1.9,
  1.5,
  0.4,
  0.5,
  2.5,
  5.1,
  3.6,
  2.3,
  2.0,
  2.1,
];

/** Each division: its weight, how fast it inflates relative to all items, how noisy. */
const DIVISIONS: readonly (readonly [string, string, string, string, number, number])[] = [
  ["A", "식료품 및 비주류음료", "Food and non-alcoholic beverages", "154.0", 1.4, 0.9],
  ["B", "주류 및 담배", "Alcoholic beverages and tobacco", "16.0", 1.1, 0.3],
  ["C", "의류 및 신발", "Clothing and footwear", "48.6", 0.8, 0.4],
  ["D", "주택, 수도, 전기 및 연료", "Housing, water, electricity and fuels", "164.0", 1.0, 0.4],
  ["E", "가정용품 및 가사 서비스", "Furnishings and household services", "48.1", 0.7, 0.3],
  ["F", "보건", "Health", "87.2", 0.6, 0.2],
  ["G", "교통", "Transport", "106.3", 1.2, 1.0],
  ["H", "통신", "Communication", "48.5", 0.2, 0.2],
  ["I", "오락 및 문화", "Recreation and culture", "58.3", 0.5, 0.3],
  ["J", "교육", "Education", "67.0", 1.0, 0.1],
  ["K", "음식 및 숙박", "Restaurants and hotels", "144.5", 1.2, 0.2],
  ["L", "기타 상품 및 서비스", "Miscellaneous goods and services", "57.8", 0.9, 0.2],
];

const ITEMS: ItemDef[] = [
  { code: "0", name: { kr: "총지수", en: "All items" }, wgt: "1000" },
  ...DIVISIONS.map(([code, kr, en, wgt]) => ({ code, name: { kr, en }, parent: "0", wgt })),
];

/** The first month of the table: January 1990. */
const FIRST_YEAR = 1990;

/** 901Y009: consumer price indices by expenditure division. */
export const CONSUMER_PRICES: TableDef = {
  code: "901Y009",
  name: {
    kr: "소비자물가지수(2020=100)(전국, 특수분류)",
    en: "Consumer Price Indices (2020=100)",
  },
  parent: "0000000041",
  org: { kr: "통계청", en: "Statistics Korea" },
  unit: { kr: "2020=100", en: "2020=100" },
  decimals: 2,
  dims: [{ name: { kr: "품목별", en: "By division" }, items: ITEMS }],
  cycles: [
    { cycle: "M", first: "199001", last: "202608" },
    { cycle: "A", first: "1990", last: "2025", derive: "mean" },
  ],
  generate({ count, key, rng }) {
    const division = DIVISIONS.find(([code]) => code === key);
    const pace = division?.[4] ?? 1;
    const noise = (division?.[5] ?? 0.1) * 0.004;
    const r = rng();
    const out = new Float64Array(count);
    let log = 0;
    for (let k = 0; k < count; k++) {
      const rate = INFLATION[Math.min(INFLATION.length - 1, Math.floor(k / 12))]!;
      if (k > 0) log += (pace * Math.log(1 + rate / 100)) / 12 + noise * r.normal();
      // Food peaks around the autumn harvest season and Chuseok.
      const season = key === "A" ? 0.006 * seasonal(k % 12, 8) : 0;
      out[k] = Math.exp(log + season);
    }
    const base = (2020 - FIRST_YEAR) * 12;
    rebase(out, base, base + 11, 100);
    return out;
  },
};
