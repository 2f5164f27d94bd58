/**
 * The catalogue snapshot as a StatisticTableList frame: what search runs on without the
 * service (no key, the service down) and what benchmarks measure.
 *
 * @module
 */

import { type DataFrame, pl } from "../deps.ts";
import { CATALOGUE_ROWS, CATALOGUE_SOURCE } from "./catalogue_data.ts";

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
  const text = (name: keyof (typeof CATALOGUE_ROWS)[number]) =>
    pl.Series(name, CATALOGUE_ROWS.map((r) => r[name]), pl.String);
  return frame = pl.DataFrame([
    text("P_STAT_CODE"),
    text("STAT_CODE"),
    text("STAT_NAME"),
    text("CYCLE"),
    text("SRCH_YN"),
    text("ORG_NAME"),
  ]);
}
