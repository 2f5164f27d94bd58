/**
 * The server's resources, which a client may read without calling a tool: the named series
 * (what get_named_series knows), the period formats of each cycle, and the table catalogue.
 *
 * @module
 */

import type { EcosClient } from "../client/mod.ts";
import type { DataFrame } from "../deps.ts";
import { NAMED_SERIES } from "../discovery/mod.ts";
import { findTable } from "../server/data/catalogue.ts";

/** A resource: its address, what it is, and how to read it. */
export interface ResourceSpec {
  /** Its short name. */
  readonly name: string;
  /** Its URI. */
  readonly uri: string;
  /** A title for people. */
  readonly title: string;
  /** What it holds, for a model choosing one. */
  readonly description: string;
  /** Its MIME type. */
  readonly mimeType: string;
  /**
   * Its text.
   *
   * @param client The server's client.
   * @param signal The read's signal.
   */
  read(client: EcosClient, signal: AbortSignal): Promise<string>;
}

/** The period formats, by cycle: the shapes every tool takes and answers. */
export const PERIOD_FORMATS_TEXT: string = [
  "# ECOS period formats",
  "",
  "Periods are labels in the shape of their cycle; get_series takes them as start and end, " +
  "and every row carries its period label beside TIME (the first day of the period, ISO).",
  "",
  "| cycle | meaning | label | example | TIME of the example |",
  "|---|---|---|---|---|",
  "| A | annual | YYYY | 2024 | 2024-01-01 |",
  "| S | semi-annual | YYYYS1, YYYYS2 | 2024S2 | 2024-07-01 |",
  "| Q | quarterly | YYYYQ1 to YYYYQ4 | 2024Q4 | 2024-10-01 |",
  "| M | monthly | YYYYMM | 202410 | 2024-10-01 |",
  "| SM | half-monthly | YYYYMMS1, YYYYMMS2 | 202410S2 | 2024-10-16 |",
  "| D | daily | YYYYMMDD | 20241031 | 2024-10-31 |",
  "",
  "Cycles may be written in either case (m is M). get_named_series reads the cycle from the " +
  "shape of start.",
  "",
].join("\n");

/**
 * The resources, in the order a client lists them.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { RESOURCES } from "./resources.ts";
 *
 * assert.deepEqual(RESOURCES.map((r) => r.uri), [
 *   "ecos://named-series",
 *   "ecos://period-formats",
 *   "ecos://catalogue",
 * ]);
 * ```
 */
export const RESOURCES: readonly ResourceSpec[] = [
  {
    name: "named_series",
    uri: "ecos://named-series",
    title: "Named series",
    description: "The well-known indicators get_named_series knows by name, each with its " +
      "table code, item codes, cycles and unit (JSON).",
    mimeType: "application/json",
    read: () =>
      Promise.resolve(JSON.stringify(
        Object.entries(NAMED_SERIES).map(([name, s]) => ({
          name,
          title: s.title,
          stat_code: s.statCode,
          items: s.items,
          cycles: s.cycles,
          unit: s.unit,
        })),
        null,
        1,
      )),
  },
  {
    name: "period_formats",
    uri: "ecos://period-formats",
    title: "Period formats",
    description: "How periods are written in each cycle (A, S, Q, M, SM, D), as the tools " +
      "take and answer them (Markdown).",
    mimeType: "text/markdown",
    read: () => Promise.resolve(PERIOD_FORMATS_TEXT),
  },
  {
    name: "catalogue",
    uri: "ecos://catalogue",
    title: "Table catalogue",
    description: "Every table and group of the ECOS table tree (StatisticTableList), each " +
      "with its parent, cycle and whether the bundled server has sample data for it (JSON).",
    mimeType: "application/json",
    read: async (client, signal) =>
      catalogueJson(await client.statisticTableList(undefined, { signal })),
  },
];

/** The table list as the catalogue resource holds it. */
function catalogueJson(df: DataFrame): string {
  const col = (name: string) =>
    df.columns.includes(name)
      ? df.getColumn(name).toArray() as (string | null)[]
      : Array<null>(df.height).fill(null);
  const [parent, code, name, cycle, searchable] = [
    "P_STAT_CODE",
    "STAT_CODE",
    "STAT_NAME",
    "CYCLE",
    "SRCH_YN",
  ].map(col);
  return JSON.stringify(
    code!.map((c, i) => ({
      stat_code: c,
      name: name![i],
      parent: parent![i],
      kind: searchable![i] === "Y" ? "table" : "group",
      cycle: cycle![i],
      sample_data: c !== null && searchable![i] === "Y" && findTable(c) !== undefined,
    })),
    null,
    1,
  );
}
