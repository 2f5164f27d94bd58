/**
 * The catalogue snapshot as a StatisticTableList frame: what search runs on without the
 * service (no key, the service down) and what benchmarks measure.
 *
 * @module
 */

import { type DataFrame, pl } from "../deps.ts";
import { CATALOGUE_ROWS, CATALOGUE_SOURCE, type CatalogueRow } from "./catalogue_data.ts";
import { STATISTIC_TABLE_LIST_SCHEMA } from "../wire/columns.ts";

const TABLE_CODES = new Set(
  CATALOGUE_ROWS.filter((r) => r.SRCH_YN === "Y").map((r) => r.STAT_CODE),
);

export { CATALOGUE_SOURCE };

let frame: DataFrame | undefined;

/**
 * The snapshot's 834 rows (Korean names) as a StatisticTableList frame, with its columns:
 * P_STAT_CODE, STAT_CODE, STAT_NAME, CYCLE, SRCH_YN, ORG_NAME. Built once; the same frame
 * each call, so that search folds its names once.
 *
 * @returns The frame.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { catalogueFrame } from "./catalogue.ts";
 *
 * const tables = catalogueFrame();
 * assert.equal(tables.height, 834);
 * assert.equal(tables.columns.join(), "P_STAT_CODE,STAT_CODE,STAT_NAME,CYCLE,SRCH_YN,ORG_NAME");
 * ```
 */
export function catalogueFrame(): DataFrame {
  if (frame) return frame;
  // The service's own columns, every one text.
  return frame = pl.DataFrame(
    STATISTIC_TABLE_LIST_SCHEMA.map(({ name }) =>
      pl.Series(name, CATALOGUE_ROWS.map((r) => r[name as keyof CatalogueRow]), pl.String)
    ),
  );
}

/**
 * What to say when the bundled server answers a table of the catalogue with no rows because it
 * has no sample data for it (it answers INFO-200, as the live service answers a query that
 * matches nothing): that the table exists, and needs a key.
 *
 * @param statCode The table code asked for.
 * @param sampled The codes of the tables the bundled server has sample data for.
 * @returns The sentence, or undefined for a table with sample data or not in the catalogue.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { sampleDataNote } from "./catalogue.ts";
 *
 * assert.equal(
 *   sampleDataNote("102Y001", ["722Y001", "901Y009"]),
 *   "102Y001 is an ECOS table, but the bundled server has sample data for 2 tables only: " +
 *     "set ECOS_API_KEY to a key of your own to query it",
 * );
 * assert.equal(sampleDataNote("722Y001", ["722Y001"]), undefined);
 * assert.equal(sampleDataNote("ABC", ["722Y001"]), undefined);
 * ```
 */
export function sampleDataNote(statCode: string, sampled: readonly string[]): string | undefined {
  if (!TABLE_CODES.has(statCode) || sampled.includes(statCode)) return undefined;
  return `${statCode} is an ECOS table, but the bundled server has sample data for ` +
    `${sampled.length} tables only: set ECOS_API_KEY to a key of your own to query it`;
}
