/**
 * The external accounts: the balance of payments (301Y013, monthly, USD million; the current
 * account is the sum of its four balances) and customs-basis exports and imports (901Y118,
 * monthly, USD thousand). Codes and units as the live item lists give them (see
 * src/discovery/named_series.ts for the evidence); the values are generated.
 *
 * @module
 */

import { anchoredWalk, compound, interpolate, seasonal } from "../generators.ts";
import type { TableDef } from "../table.ts";

/** Monthly goods balance anchors, USD million, by year: the 1997 deficit, the 2022 dip. */
const GOODS: readonly (readonly [number, number])[] = [
  [1980, -400],
  [1996, -1_300],
  [1998, 3_400],
  [2008, 500],
  [2015, 10_000],
  [2021, 6_300],
  [2022, 1_300],
  [2023, 2_900],
  [2025, 8_500],
  [2026, 9_000],
];

/** Each balance: its share of the goods anchor's scale and its own level. */
const BALANCES: Record<string, { anchor: (year: number) => number; vol: number }> = {
  "100000": { anchor: (y) => interpolate(GOODS, y), vol: 1_400 },
  "200000": {
    anchor: (y) => interpolate([[1980, -50], [2010, -1_000], [2026, -2_300]], y),
    vol: 500,
  },
  "300000": { anchor: (y) => interpolate([[1980, -200], [2010, 0], [2026, 2_400]], y), vol: 700 },
  "400000": { anchor: (y) => interpolate([[1980, 50], [2000, -100], [2026, -250]], y), vol: 120 },
};

/** 301Y013: the balance of payments, monthly. */
export const BALANCE_OF_PAYMENTS: TableDef = {
  code: "301Y013",
  name: { kr: "국제수지", en: "Balance of Payments" },
  parent: "0000000022",
  org: { kr: "한국은행", en: "Bank of Korea" },
  unit: { kr: "백만달러", en: "USD million" },
  decimals: 1,
  dims: [{
    name: { kr: "계정항목", en: "Account" },
    items: [
      { code: "000000", name: { kr: "경상수지", en: "Current account" } },
      { code: "100000", name: { kr: "상품수지", en: "Goods" }, parent: "000000" },
      { code: "200000", name: { kr: "서비스수지", en: "Services" }, parent: "000000" },
      { code: "300000", name: { kr: "본원소득수지", en: "Primary income" }, parent: "000000" },
      { code: "400000", name: { kr: "이전소득수지", en: "Secondary income" }, parent: "000000" },
    ],
  }],
  cycles: [{ cycle: "M", first: "198001", last: "202607" }],
  generate({ count, key, sharedRng, ordinalAt }) {
    const balance = (code: string) => {
      const spec = BALANCES[code]!;
      // Shared by name, so the current account sums the very same balances.
      const walk = anchoredWalk(sharedRng(`balance ${code}`), count, () => 0, {
        vol: spec.vol,
        speed: 0.3,
      });
      return walk.map((v, k) => spec.anchor(ordinalAt(k) / 12) + v);
    };
    if (key !== "000000") return balance(key);
    const parts = Object.keys(BALANCES).map(balance);
    return new Float64Array(count).map((_, k) => parts.reduce((sum, p) => sum + p[k]!, 0));
  },
};

/** 901Y118: customs-basis exports and imports, monthly. */
export const TRADE: TableDef = {
  code: "901Y118",
  name: { kr: "수출입 총괄", en: "Exports and Imports (total)" },
  parent: "0000000023",
  org: { kr: "한국은행", en: "Bank of Korea" },
  unit: { kr: "천불", en: "USD thousand" },
  decimals: 0,
  dims: [{
    name: { kr: "계정항목", en: "Account" },
    items: [
      { code: "T002", name: { kr: "수출금액", en: "Exports" } },
      { code: "T004", name: { kr: "수입금액", en: "Imports" } },
    ],
  }],
  cycles: [{ cycle: "M", first: "199401", last: "202608" }],
  generate({ count, key, sharedRng, rng, ordinalAt }) {
    // One world-trade cycle drives both; imports track exports with their own noise.
    const trade = compound(sharedRng("trade"), count, 7_000_000, () => 0.0055, 0.03);
    const own = rng();
    const share = key === "T004" ? 0.92 : 1;
    return trade.map((v, k) =>
      v * share * (1 + 0.03 * own.normal()) * (1 + 0.04 * seasonal(ordinalAt(k) % 12, 11))
    );
  },
};
