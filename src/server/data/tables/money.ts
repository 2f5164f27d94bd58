/**
 * Money and deposits: monetary aggregates (101Y003, monthly), deposit accounts by size (105Y001,
 * the semi-annual table, two item levels) and an old half-monthly deposits table (814Y002).
 *
 * @module
 */

import { compound, seasonal } from "../generators.ts";
import type { TableDef } from "../table.ts";

const AGGREGATES: Record<string, { start: number; growth: number }> = {
  BBHS00: { start: 98_000, growth: 0.0085 },
  BBGS00: { start: 690_000, growth: 0.0066 },
  BBLS00: { start: 880_000, growth: 0.0068 },
};

/** 101Y003: monetary aggregates, monthly averages, billions of won. */
export const MONEY_SUPPLY: TableDef = {
  code: "101Y003",
  name: { kr: "통화 및 유동성 지표(평잔, 원계열)", en: "Money and Liquidity (average, n.s.a.)" },
  parent: "0000000011",
  org: { kr: "한국은행", en: "Bank of Korea" },
  unit: { kr: "십억원", en: "KRW billion" },
  decimals: 1,
  dims: [{
    name: { kr: "계정항목", en: "Account" },
    items: [
      { code: "BBHS00", name: { kr: "M1(협의통화, 평잔)", en: "M1 (narrow money, average)" } },
      { code: "BBGS00", name: { kr: "M2(광의통화, 평잔)", en: "M2 (broad money, average)" } },
      {
        code: "BBLS00",
        name: { kr: "Lf(금융기관유동성, 평잔)", en: "Lf (liquidity of financial institutions)" },
      },
    ],
  }],
  cycles: [
    { cycle: "M", first: "200001", last: "202607" },
    { cycle: "A", first: "2000", last: "2025", derive: "mean" },
  ],
  generate({ count, key, rng }) {
    const spec = AGGREGATES[key] ?? { start: 100_000, growth: 0.006 };
    return compound(rng(), count, spec.start, () => spec.growth, 0.004);
  },
};

const SIZES = [
  { code: "BA", name: { kr: "1천만원 이하", en: "10 million won or less" } },
  { code: "BB", name: { kr: "1천만원 초과 1억원 이하", en: "Over 10 million to 100 million" } },
  { code: "BC", name: { kr: "1억원 초과 5억원 이하", en: "Over 100 million to 500 million" } },
  { code: "BD", name: { kr: "5억원 초과", en: "Over 500 million won" } },
];

/** 105Y001: deposit accounts and balances by account size, semi-annual. */
export const DEPOSITS_BY_SIZE: TableDef = {
  code: "105Y001",
  name: {
    kr: "예금은행 규모별 예금 계좌 및 금액",
    en: "Deposit Accounts and Balances of Deposit Banks by Size",
  },
  parent: "0000000013",
  org: { kr: "한국은행", en: "Bank of Korea" },
  unit: { kr: "십억원", en: "KRW billion" },
  decimals: 1,
  dims: [
    {
      name: { kr: "구분", en: "Measure" },
      items: [
        {
          code: "1000",
          name: { kr: "계좌수", en: "Accounts" },
          unit: { kr: "천좌", en: "thousand" },
        },
        { code: "2000", name: { kr: "금액", en: "Balance" } },
      ],
    },
    { name: { kr: "규모별", en: "By size" }, items: SIZES },
  ],
  cycles: [{ cycle: "S", first: "2000S1", last: "2026S1" }],
  generate({ count, items, rng }) {
    const size = SIZES.findIndex((s) => s.code === items[1]?.code);
    const accounts = items[0]?.code === "1000";
    const start = accounts
      ? [180_000, 22_000, 2_400, 300][size] ?? 1000
      : [95_000, 160_000, 120_000, 140_000][size] ?? 1000;
    const growth = accounts ? 0.01 + 0.004 * size : 0.03 + 0.006 * size;
    return compound(rng(), count, start, () => growth, 0.015);
  },
  missing({ key, k }) {
    // Large accounts were not reported separately at first.
    return key.endsWith("/BD") && k < 4 ? "-" : undefined;
  },
};

/** 814Y002: deposits at financial institutions, half-monthly (a discontinued table). */
export const HALF_MONTHLY_DEPOSITS: TableDef = {
  code: "814Y002",
  name: {
    kr: "금융기관 수신(반월)",
    en: "Deposits at Financial Institutions (Half-monthly)",
  },
  parent: "0000000011",
  org: { kr: "한국은행", en: "Bank of Korea" },
  unit: { kr: "십억원", en: "KRW billion" },
  decimals: 1,
  dims: [{
    name: { kr: "계정항목", en: "Account" },
    items: [
      { code: "1", name: { kr: "예금은행", en: "Deposit banks" } },
      { code: "2", name: { kr: "자산운용회사", en: "Asset management companies" } },
      { code: "3", name: { kr: "종합금융회사", en: "Merchant banks" } },
    ],
  }],
  cycles: [
    { cycle: "SM", first: "200301SM1", last: "201812SM2" },
    { cycle: "M", first: "200301", last: "201812", derive: "last" },
  ],
  discontinued: true,
  generate({ count, key, rng, ordinalAt }) {
    const start = key === "1" ? 420_000 : key === "2" ? 150_000 : 18_000;
    const growth = key === "3" ? -0.0008 : 0.003;
    const path = compound(rng(), count, start, () => growth, 0.006);
    // Balances dip in the second half of each month as payments go out.
    return path.map((v, k) =>
      v *
      (1 + (ordinalAt(k) % 2 === 1 ? -0.004 : 0.002) +
        0.002 * seasonal(Math.floor(ordinalAt(k) / 2) % 12, 11))
    );
  },
};
