/**
 * The bundled catalogue: every table and the groups of the table tree (StatisticTableList).
 *
 * @module
 */

import type { TableDef, Text } from "./table.ts";
import { BASE_RATE, MARKET_RATES } from "./tables/rates.ts";
import { EXCHANGE_RATES } from "./tables/exchange_rates.ts";
import { CONSUMER_PRICES } from "./tables/prices.ts";
import { NOMINAL_GDP, REAL_GROWTH } from "./tables/national_accounts.ts";
import { DEPOSITS_BY_SIZE, HALF_MONTHLY_DEPOSITS, MONEY_SUPPLY } from "./tables/money.ts";
import { LABOUR_FORCE } from "./tables/labour.ts";
import { LABOUR_PANEL } from "./tables/labour_panel.ts";
import { CARD_SPENDING } from "./tables/cards.ts";
import { MARKET_PANEL } from "./tables/market_panel.ts";
import { RESERVE_BASE } from "./tables/reserve_base.ts";
import { ECONOMIC_SENTIMENT } from "./tables/sentiment.ts";
import { CPI_SPECIAL, HOUSE_PRICES, PRODUCER_PRICES } from "./tables/price_indices.ts";
import { BALANCE_OF_PAYMENTS, TRADE } from "./tables/external.ts";
import { HOUSEHOLD_CREDIT, LF_END, M1_END, M2_END } from "./tables/aggregates.ts";
import { BUSINESS_OUTLOOK, CONSUMER_SURVEY, PRODUCTION, REAL_GDP } from "./tables/activity.ts";

/** A group node of the table tree. */
export interface GroupDef {
  /** The group's code. */
  code: string;
  /** The parent group's code, or "*" for a root. */
  parent: string;
  /** The group's name; StatisticTableList numbers it by its place in the tree. */
  name: Text;
}

/** Every bundled table. */
export const TABLES: readonly TableDef[] = [
  MONEY_SUPPLY,
  RESERVE_BASE,
  HALF_MONTHLY_DEPOSITS,
  BASE_RATE,
  MARKET_RATES,
  DEPOSITS_BY_SIZE,
  CARD_SPENDING,
  EXCHANGE_RATES,
  NOMINAL_GDP,
  REAL_GROWTH,
  CONSUMER_PRICES,
  LABOUR_FORCE,
  ECONOMIC_SENTIMENT,
  MARKET_PANEL,
  LABOUR_PANEL,
  // The tables of the named series (src/discovery/named_series.ts).
  M1_END,
  M2_END,
  LF_END,
  HOUSEHOLD_CREDIT,
  BALANCE_OF_PAYMENTS,
  TRADE,
  REAL_GDP,
  CPI_SPECIAL,
  PRODUCER_PRICES,
  HOUSE_PRICES,
  PRODUCTION,
  CONSUMER_SURVEY,
  BUSINESS_OUTLOOK,
];

/**
 * The groups of the table tree, each followed in the tree by its children. Group codes have
 * ten digits, as on the live service.
 */
export const GROUPS: readonly GroupDef[] = [
  { code: "0000000010", parent: "*", name: { kr: "통화/금융", en: "Money and Finance" } },
  { code: "0000000011", parent: "0000000010", name: { kr: "통화", en: "Money" } },
  {
    code: "0000000012",
    parent: "0000000010",
    name: { kr: "금리", en: "Interest Rates" },
  },
  {
    code: "0000000013",
    parent: "0000000010",
    name: { kr: "예금/대출", en: "Deposits and Loans" },
  },
  {
    code: "0000000014",
    parent: "0000000010",
    name: { kr: "지급결제", en: "Payments" },
  },
  {
    code: "0000000020",
    parent: "*",
    name: { kr: "환율/국제수지", en: "Exchange Rates and Balance of Payments" },
  },
  {
    code: "0000000021",
    parent: "0000000020",
    name: { kr: "환율", en: "Exchange Rates" },
  },
  {
    code: "0000000022",
    parent: "0000000020",
    name: { kr: "국제수지", en: "Balance of Payments" },
  },
  {
    code: "0000000023",
    parent: "0000000020",
    name: { kr: "통관기준 수출입", en: "Exports and Imports (customs basis)" },
  },
  { code: "0000000030", parent: "*", name: { kr: "국민소득", en: "National Accounts" } },
  {
    code: "0000000031",
    parent: "0000000030",
    name: { kr: "국민계정", en: "National Income" },
  },
  { code: "0000000040", parent: "*", name: { kr: "물가", en: "Prices" } },
  {
    code: "0000000041",
    parent: "0000000040",
    name: { kr: "소비자물가", en: "Consumer Prices" },
  },
  {
    code: "0000000042",
    parent: "0000000040",
    name: { kr: "생산자물가", en: "Producer Prices" },
  },
  {
    code: "0000000043",
    parent: "0000000040",
    name: { kr: "부동산 가격지수", en: "Real Estate Prices" },
  },
  { code: "0000000050", parent: "*", name: { kr: "고용", en: "Employment" } },
  {
    code: "0000000051",
    parent: "0000000050",
    name: { kr: "경제활동인구", en: "Labour Force" },
  },
  { code: "0000000060", parent: "*", name: { kr: "경기", en: "Business Conditions" } },
  {
    code: "0000000061",
    parent: "0000000060",
    name: { kr: "경제심리", en: "Economic Sentiment" },
  },
  {
    code: "0000000062",
    parent: "0000000060",
    name: { kr: "산업활동", en: "Industrial Activity" },
  },
  { code: "0000000090", parent: "*", name: { kr: "샘플 데이터", en: "Sample Data" } },
  {
    code: "0000000091",
    parent: "0000000090",
    name: { kr: "생성 데이터", en: "Generated Data" },
  },
];

const BY_CODE = new Map(TABLES.map((t) => [t.code, t]));

/**
 * A table by its code.
 *
 * @param code A table code such as "722Y001".
 * @returns The table, or undefined.
 */
export function findTable(code: string): TableDef | undefined {
  return BY_CODE.get(code);
}
