/**
 * Money and credit as the live service's current tables give them: M1, M2 and Lf at the end of
 * each month, not seasonally adjusted (161Y004, 161Y008, 171Y002), and household credit by
 * quarter (151Y001). Codes and units as the live item lists give them (see
 * src/discovery/named_series.ts for the evidence); the values are generated.
 *
 * @module
 */

import { compound, seasonal } from "../generators.ts";
import type { ItemDef, TableDef } from "../table.ts";

/** One money table: a month-end aggregate and its components, billions of won. */
function moneyTable(
  code: string,
  name: { kr: string; en: string },
  items: ItemDef[],
  levels: Record<string, { start: number; growth: number }>,
): TableDef {
  return {
    code,
    name,
    parent: "0000000011",
    org: { kr: "한국은행", en: "Bank of Korea" },
    unit: { kr: "십억원", en: "KRW billion" },
    decimals: 1,
    dims: [{ name: { kr: "계정항목", en: "Account" }, items }],
    cycles: [{ cycle: "M", first: "200101", last: "202607" }],
    generate({ count, key, rng, ordinalAt }) {
      const spec = levels[key] ?? { start: 50_000, growth: 0.006 };
      const path = compound(rng(), count, spec.start, () => spec.growth, 0.004);
      // Balances swell at the year's end and dip after the spring tax payments.
      return path.map((v, k) => v * (1 + 0.004 * seasonal(ordinalAt(k) % 12, 11)));
    },
  };
}

/** 161Y004: M1 by component, end of month, not seasonally adjusted. */
export const M1_END: TableDef = moneyTable(
  "161Y004",
  { kr: "M1 상품별 구성내역(말잔, 원계열)", en: "M1 by Component (end of period, n.s.a.)" },
  [
    { code: "BBKA00", name: { kr: "M1(협의통화)", en: "M1 (narrow money)" } },
    { code: "BBKA01", name: { kr: "현금통화", en: "Currency in circulation" }, parent: "BBKA00" },
    { code: "BBKA02", name: { kr: "요구불예금", en: "Demand deposits" }, parent: "BBKA00" },
    {
      code: "BBKA03",
      name: { kr: "수시입출식저축성예금", en: "Transferable savings deposits" },
      parent: "BBKA00",
    },
  ],
  {
    BBKA00: { start: 190_000, growth: 0.0085 },
    BBKA01: { start: 18_000, growth: 0.009 },
    BBKA02: { start: 45_000, growth: 0.007 },
    BBKA03: { start: 127_000, growth: 0.0088 },
  },
);

/** 161Y008: M2, end of month, not seasonally adjusted. */
export const M2_END: TableDef = moneyTable(
  "161Y008",
  { kr: "M2 상품별 구성내역(말잔, 원계열)", en: "M2 by Component (end of period, n.s.a.)" },
  [{ code: "BBGA00", name: { kr: "M2(광의통화)", en: "M2 (broad money)" } }],
  { BBGA00: { start: 700_000, growth: 0.0068 } },
);

/** 171Y002: Lf, end of month, not seasonally adjusted. */
export const LF_END: TableDef = moneyTable(
  "171Y002",
  { kr: "Lf 상품별 구성내역(말잔, 원계열)", en: "Lf by Component (end of period, n.s.a.)" },
  [{
    code: "LE00000",
    name: { kr: "Lf(금융기관유동성)", en: "Lf (liquidity of financial institutions)" },
  }],
  { LE00000: { start: 900_000, growth: 0.007 } },
);

/** 151Y001: household credit by lender, quarterly, billions of won. */
export const HOUSEHOLD_CREDIT: TableDef = {
  code: "151Y001",
  name: { kr: "가계신용(업권별, 분기)", en: "Household Credit (by lender, quarterly)" },
  parent: "0000000013",
  org: { kr: "한국은행", en: "Bank of Korea" },
  unit: { kr: "십억원", en: "KRW billion" },
  decimals: 1,
  dims: [{
    name: { kr: "계정항목", en: "Account" },
    items: [
      { code: "1000000", name: { kr: "가계신용", en: "Household credit" } },
      { code: "1100000", name: { kr: "가계대출", en: "Household loans" }, parent: "1000000" },
      { code: "1200000", name: { kr: "판매신용", en: "Sales credit" }, parent: "1000000" },
    ],
  }],
  cycles: [{ cycle: "Q", first: "2002Q4", last: "2026Q2" }],
  generate({ count, key, sharedRng }) {
    // Loans and sales credit are drawn once; credit is their sum.
    const loans = compound(sharedRng("loans"), count, 440_000, () => 0.019, 0.004);
    const sales = compound(sharedRng("sales"), count, 24_000, () => 0.017, 0.02);
    if (key === "1100000") return loans;
    if (key === "1200000") return sales;
    return loans.map((v, k) => v + sales[k]!);
  },
};
