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

/**
 * English names of the catalogue's groups that hold sample tables, and of its roots, for the
 * table list under `en`: the project's own renderings of the Korean names (as the sample
 * tables' English names are), so that a sample table's GROUP_NAME reads in English. Other
 * groups keep their Korean names under `en`.
 */
export const GROUP_NAMES_EN: Readonly<Record<string, string>> = {
  "0000000001": "Money and Finance",
  "0000000066": "National Accounts",
  "0000000176": "Exchange Rates, Trade (customs basis) and FX Reserves",
  "0000000202": "Prices",
  "0000000230": "Business Management Analysis",
  "0000000283": "Sentiment Indices",
  "0000000313": "Payments and Settlement",
  "0000000326": "Industry, Households and Others",
  "0000000394": "International and North Korea",
  "0000000008": "M2 (Broad Money) by Component",
  "0000000622": "Composition of Reserve Base",
  "0000000064": "Reserves of Deposit Banks",
  "0000000048": "Interest Rates",
  "0000000050": "Market Interest Rates",
  "0000000042": "Other Deposit and Loan Statistics",
  "0000000425": "Credit Cards",
  "0000000178": "Daily Exchange Rates",
  "0000000911": "Main Indicators",
  "0000000211": "Consumer Price Indices (2020=100)",
  "0000000440": "Population and Labour",
  "0000000624": "M1 (Narrow Money) by Component",
  "0000000626": "M2 (Broad Money) by Component",
  "0000000630": "Lf (Liquidity of Financial Institutions) by Component",
  "0000000036": "Household Credit (quarterly)",
  "0000000158": "Balance of Payments",
  "0000000186": "Exports and Imports (customs basis)",
  "0000000914": "Expenditure on GDP",
  "0000000204": "Producer Price Indices",
  "0000000225": "Housing Price Indices (KB)",
  "0000000327": "General Economy and Business Cycle",
  "0000000436": "Consumer Survey",
  "0000000432": "Business Survey",
};

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
