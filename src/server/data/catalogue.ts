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
import { CARD_SPENDING } from "./tables/cards.ts";
import { MARKET_PANEL } from "./tables/market_panel.ts";

/** A group node of the table tree. */
export interface GroupDef {
  /** The group's code. */
  code: string;
  /** The parent group's code, or "*" for a root. */
  parent: string;
  /** The group's name, numbered as on the live service. */
  name: Text;
}

/** Every bundled table. */
export const TABLES: readonly TableDef[] = [
  MONEY_SUPPLY,
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
  MARKET_PANEL,
];

/** The groups of the table tree, each followed in the tree by its children. */
export const GROUPS: readonly GroupDef[] = [
  { code: "0000000010", parent: "*", name: { kr: "1. 통화/금융", en: "1. Money and Finance" } },
  { code: "0000000011", parent: "0000000010", name: { kr: "1.1. 통화", en: "1.1. Money" } },
  {
    code: "0000000012",
    parent: "0000000010",
    name: { kr: "1.2. 금리", en: "1.2. Interest Rates" },
  },
  {
    code: "0000000013",
    parent: "0000000010",
    name: { kr: "1.3. 예금/대출", en: "1.3. Deposits and Loans" },
  },
  {
    code: "0000000014",
    parent: "0000000010",
    name: { kr: "1.4. 지급결제", en: "1.4. Payments" },
  },
  {
    code: "0000000020",
    parent: "*",
    name: { kr: "2. 환율/국제수지", en: "2. Exchange Rates and Balance of Payments" },
  },
  {
    code: "0000000021",
    parent: "0000000020",
    name: { kr: "2.1. 환율", en: "2.1. Exchange Rates" },
  },
  { code: "0000000030", parent: "*", name: { kr: "3. 국민소득", en: "3. National Accounts" } },
  {
    code: "0000000031",
    parent: "0000000030",
    name: { kr: "3.1. 국민계정", en: "3.1. National Income" },
  },
  { code: "0000000040", parent: "*", name: { kr: "4. 물가", en: "4. Prices" } },
  {
    code: "0000000041",
    parent: "0000000040",
    name: { kr: "4.1. 소비자물가", en: "4.1. Consumer Prices" },
  },
  { code: "0000000050", parent: "*", name: { kr: "5. 고용", en: "5. Employment" } },
  {
    code: "0000000051",
    parent: "0000000050",
    name: { kr: "5.1. 경제활동인구", en: "5.1. Labour Force" },
  },
  { code: "0000000090", parent: "*", name: { kr: "9. 샘플 데이터", en: "9. Sample Data" } },
  {
    code: "0000000091",
    parent: "0000000090",
    name: { kr: "9.1. 생성 데이터", en: "9.1. Generated Data" },
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
