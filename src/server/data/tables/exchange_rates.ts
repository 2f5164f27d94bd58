/**
 * 731Y001: daily exchange rates of the won on weekdays, wandering around yearly anchors that
 * follow the won's broad story since 2010 (the 2015 and 2022 slides, the 2024-25 weakness).
 *
 * @module
 */

import { anchoredWalk, interpolate } from "../generators.ts";
import { dayToYear } from "../dates.ts";
import type { TableDef } from "../table.ts";

type Anchors = readonly (readonly [number, number])[];

const yearly = (start: number, levels: number[]): Anchors =>
  levels.map((level, i) => [start + i + 0.5, level] as const);

/** Mid-year levels, 2010 to 2026, and each currency's daily volatility (share of level). */
const CURRENCIES: Record<string, { anchors: Anchors; vol: number }> = {
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
    vol: 0.0045,
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
    vol: 0.0055,
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
    vol: 0.005,
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
    vol: 0.0045,
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
  cycles: [{ cycle: "D", first: "20100104", last: "20260930", calendar: "weekdays" }],
  generate({ count, ordinalAt, key, rng }) {
    const spec = CURRENCIES[key];
    if (!spec) return new Float64Array(count);
    const anchor = (k: number) => interpolate(spec.anchors, dayToYear(ordinalAt(k)));
    const level = anchor(0);
    // Walk in logs so volatility scales with the level.
    const logs = anchoredWalk(rng(), count, (k) => Math.log(anchor(k)), {
      vol: spec.vol,
      speed: 0.015,
      start: Math.log(level),
    });
    return logs.map(Math.exp);
  },
};
