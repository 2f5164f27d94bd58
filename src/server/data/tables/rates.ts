/**
 * Interest-rate tables: the base rate (722Y001), whose path follows the Bank of Korea's
 * decisions since 2000, and daily market rates (817Y002) that move around it.
 *
 * The daily base rate has a row for every calendar day, weekends and holidays included, as on
 * the live service; its M, Q and A views derive from it. The market rates follow the "krx"
 * calendar (business_days.ts): no weekends, no Korean public holidays, substitutes, Labour Day
 * or year-end closing day. The lunar holidays (Seollal, Buddha's Birthday, Chuseok) are
 * computed from the platform's Korean lunisolar (`dangi`) calendar; election days and one-off
 * temporary holidays (e.g. 2024-04-10, 2024-10-01) are left out, so those days hold a row.
 *
 * @module
 */

import { interpolate } from "../generators.ts";
import { dayToYear, isoDay } from "../dates.ts";
import type { TableDef } from "../table.ts";

/** Base-rate decisions: the day each new level took effect (a stylised public history). */
const DECISIONS: readonly (readonly [string, number])[] = [
  ["2000-01-01", 4.75],
  ["2000-02-10", 5.00],
  ["2000-10-05", 5.25],
  ["2001-02-08", 5.00],
  ["2001-07-05", 4.75],
  ["2001-08-09", 4.50],
  ["2001-09-19", 4.00],
  ["2002-05-07", 4.25],
  ["2003-05-13", 4.00],
  ["2003-07-10", 3.75],
  ["2004-08-12", 3.50],
  ["2004-11-11", 3.25],
  ["2005-10-11", 3.50],
  ["2005-12-08", 3.75],
  ["2006-02-09", 4.00],
  ["2006-06-08", 4.25],
  ["2006-08-10", 4.50],
  ["2007-07-12", 4.75],
  ["2007-08-09", 5.00],
  ["2008-08-07", 5.25],
  ["2008-10-09", 5.00],
  ["2008-10-27", 4.25],
  ["2008-11-07", 4.00],
  ["2008-12-11", 3.00],
  ["2009-01-09", 2.50],
  ["2009-02-12", 2.00],
  ["2010-07-09", 2.25],
  ["2010-11-16", 2.50],
  ["2011-01-13", 2.75],
  ["2011-03-10", 3.00],
  ["2011-06-10", 3.25],
  ["2012-07-12", 3.00],
  ["2012-10-11", 2.75],
  ["2013-05-09", 2.50],
  ["2014-08-14", 2.25],
  ["2014-10-15", 2.00],
  ["2015-03-12", 1.75],
  ["2015-06-11", 1.50],
  ["2016-06-09", 1.25],
  ["2017-11-30", 1.50],
  ["2018-11-30", 1.75],
  ["2019-07-18", 1.50],
  ["2019-10-16", 1.25],
  ["2020-03-17", 0.75],
  ["2020-05-28", 0.50],
  ["2021-08-26", 0.75],
  ["2021-11-25", 1.00],
  ["2022-01-14", 1.25],
  ["2022-04-14", 1.50],
  ["2022-05-26", 1.75],
  ["2022-07-13", 2.25],
  ["2022-08-25", 2.50],
  ["2022-10-12", 3.00],
  ["2022-11-24", 3.25],
  ["2023-01-13", 3.50],
  ["2024-10-11", 3.25],
  ["2024-11-28", 3.00],
  ["2025-02-25", 2.75],
  ["2025-05-29", 2.50],
  ["2026-02-26", 2.25],
];

const DECISION_DAYS = DECISIONS.map(([iso, rate]) => [isoDay(iso), rate] as const);

/**
 * The base rate in effect on a day (days since 1970-01-01).
 *
 * @param day The day.
 * @returns The rate in percent a year.
 */
function baseRateOn(day: number): number {
  let rate = DECISION_DAYS[0]![1];
  for (const [from, r] of DECISION_DAYS) {
    if (from > day) break;
    rate = r;
  }
  return rate;
}

/** 722Y001: the base rate and the standing facilities' rates, daily with M, Q, A views. */
export const BASE_RATE: TableDef = {
  code: "722Y001",
  name: {
    kr: "한국은행 기준금리 및 여수신금리",
    en: "Bank of Korea Base Rate and Lending/Deposit Rates",
  },
  parent: "0000000012",
  org: { kr: "한국은행", en: "Bank of Korea" },
  unit: { kr: "연%", en: "% p.a." },
  decimals: 2,
  dims: [{
    name: { kr: "계정항목", en: "Account" },
    items: [
      { code: "0101000", name: { kr: "한국은행 기준금리", en: "Bank of Korea Base Rate" } },
      {
        code: "0102000",
        name: { kr: "자금조정 예금금리", en: "Liquidity Adjustment Deposit Rate" },
      },
      { code: "0103000", name: { kr: "자금조정 대출금리", en: "Liquidity Adjustment Loan Rate" } },
    ],
  }],
  cycles: [
    { cycle: "D", first: "20000101", last: "20260930" },
    { cycle: "M", first: "200001", last: "202609", derive: "last" },
    { cycle: "Q", first: "2000Q1", last: "2026Q3", derive: "last" },
    { cycle: "A", first: "2000", last: "2025", derive: "last" },
  ],
  generate({ count, ordinalAt, key }) {
    const out = new Float64Array(count);
    for (let k = 0; k < count; k++) {
      const base = baseRateOn(ordinalAt(k));
      out[k] = key === "0101000" ? base : key === "0102000" ? Math.max(0, base - 1) : base + 1;
    }
    return out;
  },
};

/** The spread of each market rate over the base rate: level and daily volatility. */
const SPREADS: Record<string, { mean: number; vol: number; speed: number }> = {
  "010101000": { mean: 0.02, vol: 0.01, speed: 0.3 },
  "010502000": { mean: 0.3, vol: 0.015, speed: 0.03 },
  "010200000": { mean: 0.35, vol: 0.03, speed: 0.01 },
  "010200001": { mean: 0.55, vol: 0.03, speed: 0.01 },
  "010210000": { mean: 0.8, vol: 0.03, speed: 0.008 },
  "010300000": { mean: 1.1, vol: 0.025, speed: 0.01 },
};

/** Stress periods widen credit spreads and front-run rate moves: 2008-09, 2022. */
const STRESS: readonly (readonly [number, number])[] = [
  [2008.5, 0],
  [2008.9, 1.2],
  [2009.6, 0.1],
  [2021.5, 0],
  [2022.8, 0.5],
  [2023.5, 0],
];

/** 817Y002: daily market rates on Korean business days, around the base rate. */
export const MARKET_RATES: TableDef = {
  code: "817Y002",
  name: { kr: "시장금리(일별)", en: "Market Interest Rates (Daily)" },
  parent: "0000000012",
  org: { kr: "한국은행", en: "Bank of Korea" },
  unit: { kr: "연%", en: "% p.a." },
  decimals: 3,
  dims: [{
    name: { kr: "계정항목", en: "Account" },
    items: [
      { code: "010101000", name: { kr: "콜금리(1일, 전체거래)", en: "Call Rate (1 day)" } },
      { code: "010502000", name: { kr: "CD(91일)", en: "CD (91 days)" } },
      { code: "010200000", name: { kr: "국고채(3년)", en: "Treasury Bonds (3 years)" } },
      { code: "010200001", name: { kr: "국고채(5년)", en: "Treasury Bonds (5 years)" } },
      { code: "010210000", name: { kr: "국고채(10년)", en: "Treasury Bonds (10 years)" } },
      {
        code: "010300000",
        name: { kr: "회사채(3년, AA-)", en: "Corporate Bonds (3 years, AA-)" },
      },
    ],
  }],
  cycles: [{ cycle: "D", first: "20000103", last: "20260930", calendar: "krx" }],
  generate({ count, ordinalAt, key, rng }) {
    const spread = SPREADS[key] ?? { mean: 0.5, vol: 0.02, speed: 0.02 };
    const r = rng();
    const credit = key === "010300000" ? 1 : key === "010502000" ? 0.4 : 0.15;
    // Long rates anticipate decisions: anchor on the base rate a few months ahead.
    const lead = key === "010101000" ? 0 : key === "010502000" ? 45 : 120;
    const out = new Float64Array(count);
    let gap = spread.mean;
    for (let k = 0; k < count; k++) {
      const day = ordinalAt(k);
      const target = spread.mean + credit * interpolate(STRESS, dayToYear(day));
      if (k > 0) gap += spread.speed * (target - gap) + spread.vol * r.normal();
      const anchor = baseRateOn(day + lead);
      out[k] = Math.max(0.3, anchor + gap);
    }
    return out;
  },
};
