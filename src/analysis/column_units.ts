/**
 * The unit of each computed column of a frame, kept beside the frame (Polars frames carry no
 * metadata of their own): toWide records the unit of each series column, withChange the unit
 * of its change column. A long frame's DATA_VALUE has its unit in each row's UNIT_NAME; this
 * record is for the columns that have no such column.
 *
 * @module
 */

import type { DataFrame } from "../deps.ts";

const units = new WeakMap<DataFrame, ReadonlyMap<string, string>>();

/**
 * The units of a frame's computed columns: each series column of a wide frame
 * (`toWide`), each change column (`withChange`) whose unit is one for the
 * whole frame.
 *
 * @param df A frame.
 * @returns Column name to unit (as the service writes units: "%", "십억원"), or `undefined`
 * for a frame none of the transforms made.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { pl } from "../deps.ts";
 * import { columnUnits, withColumnUnits } from "./column_units.ts";
 *
 * const df = pl.DataFrame({ GDP: [1.5] });
 * assert.equal(columnUnits(df), undefined);
 * assert.equal(columnUnits(withColumnUnits(df, [["GDP", "십억원"]]))?.get("GDP"), "십억원");
 * ```
 */
export function columnUnits(df: DataFrame): ReadonlyMap<string, string> | undefined {
  return units.get(df);
}

/**
 * Records the units of a frame's columns: those the frames it was made from recorded (for the
 * columns it still has), then `entries`, which win.
 *
 * @param df The frame.
 * @param entries Column name and unit pairs.
 * @param from The frames `df` was made from.
 * @returns `df`, with its units recorded.
 */
export function withColumnUnits(
  df: DataFrame,
  entries: Iterable<readonly [string, string]>,
  ...from: readonly DataFrame[]
): DataFrame {
  const have = new Set(df.columns);
  const merged = new Map<string, string>();
  for (const f of from) {
    for (const [column, unit] of units.get(f) ?? []) if (have.has(column)) merged.set(column, unit);
  }
  for (const [column, unit] of entries) merged.set(column, unit);
  if (merged.size > 0 || units.has(df) || from.some((f) => units.has(f))) units.set(df, merged);
  return df;
}
