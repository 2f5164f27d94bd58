/**
 * The well-known indicators by name: one place that maps a name to its table, item codes and
 * cycles, each with the evidence it was taken from (`source`). Table codes are renumbered from
 * time to time on the live service; a test checks each entry against the item list of the
 * bundled server (codes exist, cycles offered, unit), and the bundled server serves each.
 *
 * The evidence, abbreviated below:
 * - WIRE: the project's wire notes, "Well-known series (live codes)".
 * - ITEMS: github.com/choo121600/ecos-reader, tests/fixtures/ecos_item_catalog.json: item codes
 *   and units of each table, as StatisticItemList answered.
 * - TABLES: the same repository, docs/reference/ecos_code_catalog.md and
 *   ecos_implementation_status.csv: StatisticTableList (names, cycles, compilers).
 * - CONSTANTS: the same repository, src/ecos/constants.py (what each code means) and
 *   src/ecos/indicators/sentiment.py (the BSI and CSI queries).
 * - GETMF: github.com/morner75/getMFdata, README.md (722Y001 items by cycle; 200Y102 10111).
 * - ETORCH: github.com/Seungwoo321/etorch-server, src/config/ecos.ts (817Y002, 731Y001 items).
 * - EXCERPTS: code-search excerpts whose repositories the index does not name; the entry says
 *   what they show. Check such an entry against the live item list before relying on it.
 *
 * @module
 */

import { type DataFrame, pl } from "../deps.ts";
import type { Cycle } from "../wire/period.ts";

/** A named series: where it lives in ECOS, and where that was learnt. */
export interface NamedSeries {
  /** What it is, in English. */
  title: string;
  /** The table code. */
  statCode: string;
  /** ITEM_CODE1 (the first of `items`). */
  item: string;
  /** The item codes, one per item level: what picks one series of the table. */
  items: readonly string[];
  /** The cycles the table offers for it, most used first. */
  cycles: readonly Cycle[];
  /** The unit as the Korean item list writes it; null where the list gives none. */
  unit: string | null;
  /** The evidence for the codes, cycles and unit (see the module's list). */
  source: string;
}

type Entry = Omit<NamedSeries, "item">;

const ITEMS = "ITEMS (choo121600/ecos-reader tests/fixtures/ecos_item_catalog.json)";
const TABLES = "TABLES (choo121600/ecos-reader docs/reference/ecos_code_catalog.md)";
const CONSTANTS = "CONSTANTS (choo121600/ecos-reader src/ecos/constants.py)";
const ETORCH = "ETORCH (Seungwoo321/etorch-server src/config/ecos.ts)";

const rate = (title: string, item: string, source: string): Entry => ({
  title,
  statCode: "817Y002",
  items: [item],
  cycles: ["D"],
  unit: "연%",
  source: `${ITEMS}: 817Y002 ${item} in 연%; ${source}`,
});

const won = (title: string, item: string): Entry => ({
  title,
  statCode: "731Y001",
  items: [item],
  cycles: ["D"],
  unit: "원",
  source: `${ITEMS}: 731Y001 ${item} in 원; ${CONSTANTS}: EXCHANGE_RATE_ITEMS; ${ETORCH}`,
});

/** The names {@linkcode EcosClient.prototype.series} knows (see {@linkcode namedSeries}). */
export type SeriesName =
  | "base_rate"
  | "call_rate"
  | "cd_91d"
  | "ktb_3y"
  | "ktb_5y"
  | "ktb_10y"
  | "corp_aa_3y"
  | "usd_krw"
  | "jpy_krw"
  | "eur_krw"
  | "cny_krw"
  | "cpi"
  | "core_cpi"
  | "ppi"
  | "gdp_growth"
  | "gdp_real"
  | "gdp_nominal"
  | "gni"
  | "current_account"
  | "exports"
  | "imports"
  | "m1"
  | "m2"
  | "lf"
  | "household_credit"
  | "employed"
  | "unemployment_rate"
  | "industrial_production"
  | "house_prices"
  | "bsi"
  | "csi"
  | "esi"
  | "esi_cyclical";

const ENTRIES: Readonly<Record<SeriesName, Entry>> = {
  base_rate: {
    title: "Bank of Korea base rate",
    statCode: "722Y001",
    items: ["0101000"],
    cycles: ["M", "D", "Q", "A"],
    unit: "연%",
    source: `WIRE; GETMF (github.com/morner75/getMFdata README.md): 0101000 in A, D, M, Q`,
  },
  call_rate: rate(
    "Call rate, overnight (all transactions)",
    "010101000",
    "EXCERPTS: 817Y002 010101000 as 콜금리 in daily market-rate pulls",
  ),
  cd_91d: rate(
    "CD yield, 91 days",
    "010502000",
    "EXCERPTS: 817Y002 010502000 as CD91일 in daily market-rate pulls",
  ),
  ktb_3y: rate("Treasury bonds, 3-year yield", "010200000", `WIRE; ${CONSTANTS}; ${ETORCH}`),
  ktb_5y: rate("Treasury bonds, 5-year yield", "010200001", `${CONSTANTS}: TREASURY_YIELD_ITEMS`),
  ktb_10y: rate("Treasury bonds, 10-year yield", "010210000", `${CONSTANTS}; ${ETORCH}`),
  corp_aa_3y: rate(
    "Corporate bonds, 3-year AA- yield",
    "010300000",
    "EXCERPTS: 817Y002 010300000 as 회사채(3년, AA-); 010320000 is BBB-",
  ),
  usd_krw: won("KRW per USD (trading basis)", "0000001"),
  jpy_krw: won("KRW per 100 JPY", "0000002"),
  eur_krw: won("KRW per EUR", "0000003"),
  cny_krw: won("KRW per CNY (trading basis)", "0000053"),
  cpi: {
    title: "Consumer price index, all items",
    statCode: "901Y009",
    items: ["0"],
    cycles: ["M", "A"],
    unit: "2020=100",
    source: `WIRE; ${ITEMS}: 901Y009 0 in 2020=100; GETMF: 0 (총지수) in A, M, Q`,
  },
  core_cpi: {
    title: "Core consumer prices: all items less agricultural products and oils",
    statCode: "901Y010",
    items: ["QB"],
    cycles: ["M"],
    unit: "2020=100",
    source: `${ITEMS}: 901Y010 QB in 2020=100; ${CONSTANTS}: QB 농산물및석유류제외지수; ${TABLES}`,
  },
  ppi: {
    title: "Producer price index, all items",
    statCode: "404Y014",
    items: ["*AA"],
    cycles: ["M"],
    unit: "2020=100",
    source: `${ITEMS}: 404Y014 *AA in 2020=100; ${CONSTANTS}: ITEM_PPI_TOTAL; ${TABLES}`,
  },
  gdp_growth: {
    title: "Real GDP growth, q/q seasonally adjusted",
    statCode: "200Y102",
    items: ["10111"],
    cycles: ["Q"],
    unit: "%",
    source: "WIRE; GETMF: 200Y102 10111 국내총생산(GDP)(실질, 계절조정, 전기비)",
  },
  gdp_real: {
    title: "Real GDP (expenditure), seasonally adjusted, quarterly level",
    statCode: "200Y108",
    items: ["10601"],
    cycles: ["Q"],
    unit: "십억원",
    source: `${ITEMS}: 200Y108 10601 in 십억원; ${CONSTANTS}: ITEM_GDP 10601; ${TABLES}`,
  },
  gdp_nominal: {
    title: "Nominal GDP, annual",
    statCode: "200Y101",
    items: ["10101"],
    cycles: ["A"],
    unit: "십억원",
    source: "WIRE; EXCERPTS: 200Y101 10101 국내총생산(명목, 원화표시)",
  },
  gni: {
    title: "Gross national income, nominal, annual",
    statCode: "200Y101",
    items: ["10102"],
    cycles: ["A"],
    unit: "십억원",
    source: "EXCERPTS: a 200Y101 item map, 10102 국민총소득(명목, 원화표시) next to 10101 GDP",
  },
  current_account: {
    title: "Current account balance",
    statCode: "301Y013",
    items: ["000000"],
    cycles: ["M"],
    unit: "백만달러",
    source: `${ITEMS}: 301Y013 000000 in 백만달러; EXCERPTS: 301Y013/M/000000 as 경상수지`,
  },
  exports: {
    title: "Exports, customs basis",
    statCode: "901Y118",
    items: ["T002"],
    cycles: ["M"],
    unit: "천불",
    source: `${ITEMS}: 901Y118 T002 in 천불; EXCERPTS: 901Y118/M/T002 as 수출금액`,
  },
  imports: {
    title: "Imports, customs basis",
    statCode: "901Y118",
    items: ["T004"],
    cycles: ["M"],
    unit: "천불",
    source: `${ITEMS}: 901Y118 T004 in 천불; EXCERPTS: 901Y118/M/T004 as 수입금액`,
  },
  m1: {
    title: "M1 (narrow money), end of period, not seasonally adjusted",
    statCode: "161Y004",
    items: ["BBKA00"],
    cycles: ["M"],
    unit: "십억원",
    source: `${ITEMS}: 161Y004 BBKA00 in 십억원; ${CONSTANTS}: MONEY_SUPPLY_ITEMS`,
  },
  m2: {
    title: "M2 (broad money), end of period, not seasonally adjusted",
    statCode: "161Y008",
    items: ["BBGA00"],
    cycles: ["M"],
    unit: "십억원",
    source: `${ITEMS}: 161Y008 BBGA00 in 십억원; ${CONSTANTS}: MONEY_SUPPLY_ITEMS`,
  },
  lf: {
    title: "Lf (liquidity of financial institutions), end of period",
    statCode: "171Y002",
    items: ["LE00000"],
    cycles: ["M"],
    unit: "십억원",
    source: `${ITEMS}: 171Y002 LE00000 in 십억원; ${CONSTANTS}: MONEY_SUPPLY_ITEMS`,
  },
  household_credit: {
    title: "Household credit, outstanding",
    statCode: "151Y001",
    items: ["1000000"],
    cycles: ["Q"],
    unit: "십억원",
    source: `${ITEMS}: 151Y001 1000000 in 십억원; EXCERPTS: 151Y001/Q/1000000 in 십억원`,
  },
  employed: {
    title: "Employed persons, seasonally adjusted",
    statCode: "901Y027",
    items: ["I61BA", "I28B"],
    cycles: ["M"],
    unit: "천명",
    source: "EXCERPTS: 901Y027 I61BA as 취업자수; I28B as the seasonally adjusted series",
  },
  unemployment_rate: {
    title: "Unemployment rate, seasonally adjusted",
    statCode: "901Y027",
    items: ["I61BC", "I28B"],
    cycles: ["M"],
    unit: "%",
    source: "EXCERPTS: 901Y027 I61BC as 실업률 (%) in five clients; I61BC/I28B as 계절조정",
  },
  industrial_production: {
    title: "All-industry production index, seasonally adjusted",
    statCode: "901Y033",
    items: ["A00", "2"],
    cycles: ["M"],
    unit: "2020=100",
    source:
      `${ITEMS}: 901Y033 A00 in 2020=100, levels 1 and 2; EXCERPTS: 901Y033/AB00/2 as 계절조정`,
  },
  house_prices: {
    title: "KB housing sale price index, all housing, nationwide",
    statCode: "901Y062",
    items: ["P63A"],
    cycles: ["M"],
    unit: "2021.6=100",
    source: `${TABLES}: 901Y062 주택매매가격지수(KB), M; EXCERPTS: P63A as 전국 주택매매가격지수 ` +
      "in 2021.6=100 (P63AC apartments, P63ACA Seoul apartments); the unit is one client's",
  },
  bsi: {
    title: "Business survey index, all industries, business conditions outlook",
    statCode: "512Y014",
    items: ["99988", "BA"],
    cycles: ["M"],
    unit: null,
    source: `${ITEMS}: 512Y014 99988 and BA, no unit; CONSTANTS (sentiment.py): 업황전망 BA`,
  },
  csi: {
    title: "Composite consumer sentiment index",
    statCode: "511Y002",
    items: ["FME", "99988"],
    cycles: ["M"],
    unit: null,
    source: `${ITEMS}: 511Y002 FME and 99988, no unit; CONSTANTS (sentiment.py): ITEM_CSI FME`,
  },
  esi: {
    title: "Economic sentiment index, original series",
    statCode: "513Y001",
    items: ["E1000"],
    cycles: ["M"],
    unit: null,
    source: `${TABLES}: 513Y001 경제심리지수, M; EXCERPTS: E1000 원계열, E2000 순환변동치`,
  },
  esi_cyclical: {
    title: "Economic sentiment index, cyclical component",
    statCode: "513Y001",
    items: ["E2000"],
    cycles: ["M"],
    unit: null,
    source: `${TABLES}: 513Y001 경제심리지수, M; EXCERPTS: E1000 원계열, E2000 순환변동치`,
  },
};

/** Every named series, by name, in the order {@linkcode namedSeries} lists them. */
export const NAMED_SERIES: Readonly<Record<SeriesName, NamedSeries>> = Object.fromEntries(
  Object.entries(ENTRIES).map(([name, e]) => [name, { ...e, item: e.items[0]! }]),
) as Record<SeriesName, NamedSeries>;

/**
 * The named series as a frame to browse: one row per name, in a stable order. Columns: NAME,
 * DESCRIPTION, STAT_CODE, ITEMS (the item codes joined by "/"), CYCLES (most used first,
 * joined by "/"), UNIT (null where the item list gives none), SOURCE (the evidence).
 *
 * @returns The frame.
 *
 * @example Which named series are monthly, and what the rates are called
 * ```ts
 * import assert from "node:assert/strict";
 * import { pl } from "../deps.ts";
 * import { namedSeries } from "./named_series.ts";
 *
 * const all = namedSeries();
 * assert.ok(all.height >= 30);
 * const rate = all.filter(pl.col("NAME").eq(pl.lit("base_rate"))).row(0);
 * assert.deepEqual(rate.slice(2, 6), ["722Y001", "0101000", "M/D/Q/A", "연%"]);
 * ```
 */
export function namedSeries(): DataFrame {
  const rows = Object.entries(NAMED_SERIES);
  const text = (name: string, values: (string | null)[]) => pl.Series(name, values, pl.String);
  return pl.DataFrame([
    text("NAME", rows.map(([name]) => name)),
    text("DESCRIPTION", rows.map(([, s]) => s.title)),
    text("STAT_CODE", rows.map(([, s]) => s.statCode)),
    text("ITEMS", rows.map(([, s]) => s.items.join("/"))),
    text("CYCLES", rows.map(([, s]) => s.cycles.join("/"))),
    text("UNIT", rows.map(([, s]) => s.unit)),
    text("SOURCE", rows.map(([, s]) => s.source)),
  ]);
}
