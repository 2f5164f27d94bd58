/**
 * The bundled catalogue: every table with sample data, and the groups of the sample tables the
 * live catalogue lacks (the rest of StatisticTableList is the snapshot in src/discovery/).
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
 * The groups of the sample tables the live catalogue does not have (999Y001, 999Y002), each
 * followed in the tree by its children. Every other table takes its place in the live tree from
 * the catalogue snapshot (src/discovery/catalogue_data.ts), whatever its `parent` says. Group
 * codes have ten digits, as on the live service, and are not codes of the snapshot.
 */
export const GROUPS: readonly GroupDef[] = [
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
