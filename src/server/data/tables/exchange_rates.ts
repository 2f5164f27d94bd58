/**
 * 731Y001: daily exchange rates of the won on the Seoul market's business days, wandering
 * around yearly anchors that follow the won's broad story since 2010 (the 2015 and 2022
 * slides, the 2024-25 weakness).
 *
 * Rows follow the "krx" calendar (business_days.ts): no weekends, no Korean public holidays,
 * substitutes, Labour Day or year-end closing day. The lunar holidays (Seollal, Buddha's
 * Birthday, Chuseok) are computed from the platform's Korean lunisolar (`dangi`) calendar, so
 * every year has them without a table of dates. Election days and one-off temporary holidays
 * (e.g. 2024-04-10, 2024-10-01, 2025-01-27) are left out: those days hold a row here, where the
 * live service has none.
 *
 * Daily log returns come from a GARCH(1,1) process (volatility.ts), one seed and one set of
 * parameters per currency, so large moves cluster in bursts (the lag-1 autocorrelation of
 * |returns| is clearly positive) while the returns themselves are uncorrelated. The level is
 * then pulled towards the yearly anchors within a soft band ({@linkcode anchoredStepWalk}),
 * so it stays plausible: KRW/USD from about 1,010 to 1,450 over 2010-2026 with the default
 * seed, within roughly 1,000-1,550 under others.
 *
 * @module
 */

import { anchoredStepWalk, interpolate } from "../generators.ts";
import { dayToYear } from "../dates.ts";
import type { TableDef } from "../table.ts";
import { type GarchOptions, garchReturns, KRW_USD_GARCH } from "../volatility.ts";

type Anchors = readonly (readonly [number, number])[];

const yearly = (start: number, levels: number[]): Anchors =>
  levels.map((level, i) => [start + i + 0.5, level] as const);

/** The pull towards the anchor: the share of the gap in logs closed each business day. */
const PULL = 0.02;

/**
 * The soft band of the pull, in logs: 5% off the anchor the pull doubles, 10% off it is five
 * times as strong, so that a burst cannot carry the won far off its story.
 */
const BAND = 0.05;

/** Mid-year levels, 2010 to 2026, and each currency's GARCH(1,1) returns. */
const CURRENCIES: Record<string, { anchors: Anchors; garch: GarchOptions }> = {
  "0000001": {
    anchors: yearly(2010, [
      1156,
      1108,
      1127,
      1095,
      1053,
      1132,
      1160,
      1131,
      1100,
      1166,
      1180,
      1144,
      1292,
      1306,
      1364,
      1415,
      1395,
    ]),
    garch: KRW_USD_GARCH,
  },
  "0000002": {
    anchors: yearly(2010, [
      1320,
      1391,
      1413,
      1123,
      997,
      935,
      1070,
      1008,
      997,
      1070,
      1106,
      1041,
      984,
      929,
      900,
      950,
      930,
    ]),
    // The yen swings more, in shorter bursts.
    garch: { annualVol: 0.087, alpha: 0.08, beta: 0.9 },
  },
  "0000003": {
    anchors: yearly(2010, [
      1532,
      1541,
      1448,
      1453,
      1398,
      1256,
      1284,
      1276,
      1299,
      1305,
      1346,
      1353,
      1358,
      1412,
      1475,
      1600,
      1620,
    ]),
    garch: { annualVol: 0.079, alpha: 0.07, beta: 0.91 },
  },
  "0000053": {
    anchors: yearly(2010, [
      170.8,
      171.5,
      178.6,
      178.2,
      171.0,
      180.0,
      174.6,
      167.5,
      166.4,
      168.7,
      170.9,
      177.4,
      191.7,
      184.5,
      189.5,
      196.0,
      195.0,
    ]),
    // The yuan is managed: calmer, with bursts that fade sooner.
    garch: { annualVol: 0.07, alpha: 0.1, beta: 0.87 },
  },
};

/** 731Y001: won per unit of foreign currency, trading basis. */
export const EXCHANGE_RATES: TableDef = {
  code: "731Y001",
  name: {
    kr: "주요국 통화의 대원화환율",
    en: "Exchange Rates of Major Currencies against the Won",
  },
  parent: "0000000021",
  org: { kr: "한국은행", en: "Bank of Korea" },
  unit: { kr: "원", en: "KRW" },
  decimals: 2,
  dims: [{
    name: { kr: "계정항목", en: "Currency" },
    items: [
      { code: "0000001", name: { kr: "원/미국달러(매매기준율)", en: "KRW/USD (Basic Rate)" } },
      {
        code: "0000002",
        name: { kr: "원/일본엔(100엔)", en: "KRW/JPY (100 Yen)" },
      },
      { code: "0000003", name: { kr: "원/유로", en: "KRW/EUR" } },
      { code: "0000053", name: { kr: "원/위안(매매기준율)", en: "KRW/CNY (Basic Rate)" } },
    ],
  }],
  cycles: [{ cycle: "D", first: "20100104", last: "20260930", calendar: "krx" }],
  generate({ count, ordinalAt, key, rng }) {
    const spec = CURRENCIES[key];
    if (!spec) return new Float64Array(count);
    const anchor = (k: number) => interpolate(spec.anchors, dayToYear(ordinalAt(k)));
    // Walk in logs so volatility scales with the level; each currency has its own seed.
    const returns = garchReturns(rng("returns"), count, spec.garch);
    const logs = anchoredStepWalk(returns, (k) => Math.log(anchor(k)), {
      speed: PULL,
      band: BAND,
      start: Math.log(anchor(0)),
    });
    return logs.map(Math.exp);
  },
};
