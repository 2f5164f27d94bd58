/**
 * National accounts: nominal GDP and GNI by year (200Y101, 2020 pinned at the published
 * level) and real growth by quarter (200Y102, with the 2008 and 2020 contractions).
 *
 * @module
 */

import { interpolate } from "../generators.ts";
import type { TableDef } from "../table.ts";

/** Trend nominal growth in percent by year; noise is added around it. */
const NOMINAL_GROWTH: readonly (readonly [number, number])[] = [
  [1970, 25],
  [1980, 20],
  [1990, 15],
  [1997, 9],
  [2000, 8],
  [2010, 5.5],
  [2019, 3.5],
  [2025, 4],
];

/** Years whose growth is set, not drawn: the 1998 crisis, 2009, the pandemic and after. */
const GROWTH_OVERRIDES: Record<number, number> = {
  1998: -1.1,
  2009: 3.9,
  2020: 0.8,
  2021: 6.3,
  2022: 3.9,
  2023: 3.4,
  2024: 5.5,
  2025: 3.5,
};

/** 200Y101: nominal GDP and GNI, annual, billions of won. */
export const NOMINAL_GDP: TableDef = {
  code: "200Y101",
  name: {
    kr: "주요지표(연간지표)",
    en: "Main Indicators (Annual)",
  },
  parent: "0000000031",
  org: { kr: "한국은행", en: "Bank of Korea" },
  unit: { kr: "십억원", en: "KRW billion" },
  decimals: 1,
  dims: [{
    name: { kr: "계정항목", en: "Account" },
    items: [
      {
        code: "10101",
        name: { kr: "국내총생산(GDP)(명목, 원화표시)", en: "GDP (nominal, KRW)" },
      },
      {
        code: "10102",
        name: { kr: "국민총소득(GNI)(명목, 원화표시)", en: "GNI (nominal, KRW)" },
      },
      {
        code: "10106",
        name: { kr: "1인당 국민총소득(명목, 원화표시)", en: "GNI per capita (nominal, KRW)" },
        unit: { kr: "만원", en: "KRW 10 thousand" },
      },
    ],
  }],
  cycles: [{ cycle: "A", first: "1970", last: "2025" }],
  generate({ count, ordinalAt, key, sharedRng }) {
    const r = sharedRng("growth");
    const growth = Array.from({ length: count }, (_, k) => {
      const year = ordinalAt(k);
      return GROWTH_OVERRIDES[year] ??
        interpolate(NOMINAL_GROWTH, year) + 2 * r.normal();
    });
    // Anchor 2020 at the published level and chain growth both ways.
    const anchorK = 2020 - ordinalAt(0);
    const gdp = new Float64Array(count);
    gdp[anchorK] = 2_058_466.5;
    for (let k = anchorK + 1; k < count; k++) gdp[k] = gdp[k - 1]! * (1 + growth[k]! / 100);
    for (let k = anchorK - 1; k >= 0; k--) gdp[k] = gdp[k + 1]! / (1 + growth[k + 1]! / 100);
    if (key === "10101") return gdp;
    const gni = gdp.map((v, k) => v * (1.0 + 0.004 * Math.sin(k / 3)));
    if (key === "10102") return gni;
    // Population from 32 million (1970) to about 51.7 million (2020 onwards).
    return gni.map((v, k) => {
      const pop = interpolate(
        [[1970, 32.2], [2000, 47.0], [2020, 51.8], [2025, 51.7]],
        ordinalAt(k),
      );
      return (v * 1e9) / (pop * 1e6) / 1e4;
    });
  },
};

/** Quarters whose growth is set, not drawn. */
const QUARTER_OVERRIDES: Record<string, number> = {
  "2008Q4": -3.3,
  "2009Q1": 0.1,
  "2009Q2": 2.4,
  "2020Q1": -1.3,
  "2020Q2": -3.0,
  "2020Q3": 2.2,
  "2020Q4": 1.2,
};

const GDP_PARTS: Record<string, { scale: number; vol: number }> = {
  "10111": { scale: 1, vol: 0.45 },
  "10121": { scale: 0.9, vol: 0.8 },
  "10122": { scale: 1.1, vol: 0.6 },
  "10131": { scale: 0.5, vol: 2.2 },
  "10132": { scale: 1.2, vol: 3.5 },
};

/** 200Y102: real growth rates, quarter on quarter, seasonally adjusted. */
export const REAL_GROWTH: TableDef = {
  code: "200Y102",
  name: {
    kr: "국내총생산에 대한 지출(계절조정, 실질, 전기비)",
    en: "Expenditure on GDP (s.a., real, q/q)",
  },
  parent: "0000000031",
  org: { kr: "한국은행", en: "Bank of Korea" },
  unit: { kr: "%", en: "%" },
  decimals: 1,
  dims: [{
    name: { kr: "계정항목", en: "Account" },
    items: [
      { code: "10111", name: { kr: "국내총생산(GDP)", en: "Gross domestic product" } },
      { code: "10121", name: { kr: "민간소비", en: "Private consumption" }, parent: "10111" },
      { code: "10122", name: { kr: "정부소비", en: "Government consumption" }, parent: "10111" },
      { code: "10131", name: { kr: "건설투자", en: "Construction investment" }, parent: "10111" },
      { code: "10132", name: { kr: "설비투자", en: "Facilities investment" }, parent: "10111" },
    ],
  }],
  cycles: [{ cycle: "Q", first: "2000Q1", last: "2026Q2" }],
  generate({ count, ordinalAt, key, rng, sharedRng }) {
    const part = GDP_PARTS[key] ?? { scale: 1, vol: 1 };
    const common = sharedRng("common");
    const own = rng();
    const out = new Float64Array(count);
    for (let k = 0; k < count; k++) {
      const q = ordinalAt(k);
      const label = `${Math.floor(q / 4)}Q${(q % 4) + 1}`;
      const trend = q / 4 < 2010 ? 1.1 : q / 4 < 2019 ? 0.75 : 0.55;
      const shock = QUARTER_OVERRIDES[label];
      const c = 0.35 * common.normal();
      const o = own.normal();
      const gdp = shock ?? trend + c;
      out[k] = key === "10111" ? gdp : part.scale * gdp + part.vol * 0.6 * o;
    }
    return out;
  },
};
