/**
 * The well-known indicators by name: one place that maps a name to its table, item and
 * cycles. Table codes are renumbered from time to time on the live service; a test checks each
 * entry against the item list of the bundled server (code exists, cycles offered, unit).
 *
 * @module
 */

import type { Cycle } from "../wire/period.ts";

/** A named series: where it lives in ECOS. */
export interface NamedSeries {
  /** What it is, in English. */
  title: string;
  /** The table code. */
  statCode: string;
  /** The item code (ITEM_CODE1). */
  item: string;
  /** The cycles the table offers for it, most used first. */
  cycles: readonly Cycle[];
  /** The unit as the Korean item list writes it. */
  unit: string;
}

/** The names {@linkcode EcosClient.prototype.series} knows. */
export type SeriesName =
  | "base_rate"
  | "usd_krw"
  | "cpi"
  | "gdp_nominal"
  | "gdp_growth"
  | "ktb_3y";

/** Every named series, as in the wire notes' table of well-known series. */
export const NAMED_SERIES: Readonly<Record<SeriesName, NamedSeries>> = {
  base_rate: {
    title: "Bank of Korea base rate",
    statCode: "722Y001",
    item: "0101000",
    cycles: ["M", "D", "A"],
    unit: "연%",
  },
  usd_krw: {
    title: "KRW per USD (trading basis)",
    statCode: "731Y001",
    item: "0000001",
    cycles: ["D"],
    unit: "원",
  },
  cpi: {
    title: "Consumer price index, all items",
    statCode: "901Y009",
    item: "0",
    cycles: ["M"],
    unit: "2020=100",
  },
  gdp_nominal: {
    title: "Nominal GDP, annual",
    statCode: "200Y101",
    item: "10101",
    cycles: ["A"],
    unit: "십억원",
  },
  gdp_growth: {
    title: "Real GDP growth, q/q seasonally adjusted",
    statCode: "200Y102",
    item: "10111",
    cycles: ["Q"],
    unit: "%",
  },
  ktb_3y: {
    title: "Treasury bonds, 3-year yield",
    statCode: "817Y002",
    item: "010200000",
    cycles: ["D"],
    unit: "연%",
  },
};
