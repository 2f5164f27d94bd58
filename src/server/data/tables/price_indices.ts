/**
 * Price indices beyond the CPI: the CPI's special classification with the core indices
 * (901Y010), the producer price index (404Y014) and the KB housing sale price index (901Y062).
 * Codes and units as the live item lists give them (see src/discovery/named_series.ts for the
 * evidence); the values are generated.
 *
 * @module
 */

import { anchoredWalk, interpolate, rebase, seasonal } from "../generators.ts";
import type { Rng } from "../prng.ts";
import type { TableDef } from "../table.ts";

/** Yearly inflation anchors in percent (a stylised history), by year. */
const INFLATION: readonly (readonly [number, number])[] = [
  [1990, 8.6],
  [1998, 7.5],
  [1999, 0.8],
  [2008, 4.7],
  [2012, 2.2],
  [2015, 0.7],
  [2019, 0.4],
  [2020, 0.5],
  [2021, 2.5],
  [2022, 5.1],
  [2023, 3.6],
  [2024, 2.3],
  [2026, 2.0],
];

/**
 * A monthly price index from month ordinals: inflation at `pace` times the anchors, with
 * monthly noise, rebased so that 2020 averages 100.
 */
function monthlyIndex(
  rng: Rng,
  count: number,
  ordinalAt: (k: number) => number,
  pace: number,
  noise: number,
  anchors: readonly (readonly [number, number])[] = INFLATION,
): Float64Array {
  const out = new Float64Array(count);
  let log = 0;
  for (let k = 0; k < count; k++) {
    const year = ordinalAt(k) / 12;
    if (k > 0) {
      log += (pace * Math.log(1 + interpolate(anchors, year) / 100)) / 12 + noise * rng.normal();
    }
    out[k] = Math.exp(log);
  }
  const base = 2020 * 12 - ordinalAt(0);
  rebase(out, base, base + 11, 100);
  return out;
}

const CORE: Record<string, { pace: number; noise: number }> = {
  "00": { pace: 1, noise: 0.0025 },
  QB: { pace: 0.85, noise: 0.0012 },
  DB: { pace: 0.8, noise: 0.001 },
};

/** 901Y010: consumer price indices by special classification, with the core indices. */
export const CPI_SPECIAL: TableDef = {
  code: "901Y010",
  name: {
    kr: "소비자물가지수(특수분류)",
    en: "Consumer Price Indices (special classification)",
  },
  parent: "0000000041",
  org: { kr: "통계청", en: "Statistics Korea" },
  unit: { kr: "2020=100", en: "2020=100" },
  decimals: 2,
  dims: [{
    name: { kr: "특수분류", en: "Special classification" },
    items: [
      { code: "00", name: { kr: "총지수", en: "All items" } },
      {
        code: "QB",
        name: { kr: "농산물및석유류제외지수", en: "All items less agricultural products and oils" },
      },
      {
        code: "DB",
        name: { kr: "식료품및에너지제외지수", en: "All items less food and energy" },
      },
    ],
  }],
  cycles: [{ cycle: "M", first: "199501", last: "202608" }],
  generate({ count, key, rng, ordinalAt }) {
    const spec = CORE[key] ?? { pace: 1, noise: 0.002 };
    return monthlyIndex(rng(), count, ordinalAt, spec.pace, spec.noise);
  },
};

const PPI: Record<string, { pace: number; noise: number }> = {
  "*AA": { pace: 1, noise: 0.004 },
  "1AA": { pace: 1.3, noise: 0.012 },
  "2AA": { pace: 1.1, noise: 0.01 },
  "3AA": { pace: 1.05, noise: 0.006 },
  "4AA": { pace: 1.2, noise: 0.01 },
  "5AA": { pace: 0.8, noise: 0.0015 },
};

/** 404Y014: the producer price index by basic classification. */
export const PRODUCER_PRICES: TableDef = {
  code: "404Y014",
  name: { kr: "생산자물가지수(기본분류)", en: "Producer Price Indices (basic groups)" },
  parent: "0000000042",
  org: { kr: "한국은행", en: "Bank of Korea" },
  unit: { kr: "2020=100", en: "2020=100" },
  decimals: 2,
  dims: [{
    name: { kr: "계정항목", en: "Account" },
    items: [
      { code: "*AA", name: { kr: "총지수", en: "All commodities and services" } },
      {
        code: "1AA",
        name: { kr: "농림수산품", en: "Agricultural, forestry and marine products" },
        parent: "*AA",
      },
      { code: "2AA", name: { kr: "광산품", en: "Mineral products" }, parent: "*AA" },
      { code: "3AA", name: { kr: "공산품", en: "Manufacturing industry products" }, parent: "*AA" },
      {
        code: "4AA",
        name: { kr: "전력,가스,수도및폐기물", en: "Electric power, gas, water and waste" },
        parent: "*AA",
      },
      { code: "5AA", name: { kr: "서비스", en: "Services" }, parent: "*AA" },
    ],
  }],
  cycles: [{ cycle: "M", first: "200001", last: "202608" }],
  generate({ count, key, rng, sharedRng, ordinalAt }) {
    const spec = PPI[key] ?? { pace: 1, noise: 0.004 };
    // Producer prices share one commodity cycle; each group adds its own noise.
    const cycle = anchoredWalk(sharedRng("commodities"), count, () => 0, {
      vol: 0.006,
      speed: 0.05,
    });
    const own = monthlyIndex(rng(), count, ordinalAt, spec.pace, spec.noise);
    const out = own.map((v, k) => v * Math.exp(spec.pace * cycle[k]!));
    const base = 2020 * 12 - ordinalAt(0);
    rebase(out, base, base + 11, 100);
    return out;
  },
};

/** Housing price growth a year, in percent (a stylised history), by year. */
const HOUSING: readonly (readonly [number, number])[] = [
  [1986, 6],
  [1990, 20],
  [1992, -4],
  [1998, -12],
  [2002, 16],
  [2006, 11],
  [2009, 1],
  [2013, 0],
  [2018, 3],
  [2021, 10],
  [2022, -2],
  [2023, -4],
  [2024, 0.5],
  [2026, 2],
];

const HOUSE: Record<string, number> = { P63A: 1, P63AC: 1.15, P63ACA: 1.45 };

/** 901Y062: the KB housing sale price index (KB Kookmin Bank). */
export const HOUSE_PRICES: TableDef = {
  code: "901Y062",
  name: { kr: "주택매매가격지수(KB)", en: "Housing Sale Price Index (KB)" },
  parent: "0000000043",
  org: { kr: "KB국민은행", en: "KB Kookmin Bank" },
  unit: { kr: "2021.6=100", en: "2021.6=100" },
  decimals: 3,
  dims: [{
    name: { kr: "지역/유형", en: "Region and type" },
    items: [
      { code: "P63A", name: { kr: "총지수", en: "All housing, nationwide" } },
      { code: "P63AC", name: { kr: "아파트", en: "Apartments, nationwide" }, parent: "P63A" },
      { code: "P63ACA", name: { kr: "아파트(서울)", en: "Apartments, Seoul" }, parent: "P63AC" },
    ],
  }],
  cycles: [{ cycle: "M", first: "198601", last: "202608" }],
  generate({ count, key, rng, ordinalAt }) {
    const scale = HOUSE[key] ?? 1;
    const r = rng();
    const out = new Float64Array(count);
    let log = 0;
    for (let k = 0; k < count; k++) {
      const month = ordinalAt(k);
      const growth = scale * interpolate(HOUSING, month / 12);
      // Spring and autumn moving seasons.
      if (k > 0) {
        log += Math.log(1 + growth / 100) / 12 + 0.002 * r.normal() +
          0.001 * seasonal(month % 12, 3);
      }
      out[k] = Math.exp(log);
    }
    const base = 2021 * 12 + 5 - ordinalAt(0);
    rebase(out, base, base, 100);
    return out;
  },
};
