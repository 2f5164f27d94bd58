/**
 * What the analysis transforms share: the StatisticSearch column names, the check that a frame
 * has the columns a transform needs, and per-label lookup tables (labels repeat, so each
 * distinct PERIOD label is read once in JS and joined back inside Polars).
 *
 * @module
 */

import { type DataFrame, pl, type Series } from "../deps.ts";
import { invalidArgument } from "../errors.ts";
import { type PeriodRef, tryParseLabel } from "../wire/period.ts";

/** The columns that identify a series: the table and its item codes. */
export const SERIES_KEY: readonly string[] = [
  "STAT_CODE",
  "ITEM_CODE1",
  "ITEM_CODE2",
  "ITEM_CODE3",
  "ITEM_CODE4",
];

/** The column `statisticSearchMany` names its queries' series in. */
export const LABEL = "LABEL";

/**
 * The columns that identify a series of a frame: LABEL first when the frame has it (the same
 * table and items pulled under two labels are two series), then {@linkcode SERIES_KEY}.
 *
 * @param df The frame.
 * @returns The key columns.
 */
export function seriesKeyOf(df: DataFrame): string[] {
  return df.columns.includes(LABEL) ? [LABEL, ...SERIES_KEY] : [...SERIES_KEY];
}

/** The item names, outermost level first. */
export const ITEM_NAMES: readonly string[] = [
  "ITEM_NAME1",
  "ITEM_NAME2",
  "ITEM_NAME3",
  "ITEM_NAME4",
];

/**
 * Throws INVALID_ARGUMENT naming the columns a frame lacks.
 *
 * @param df The frame.
 * @param names The columns the transform needs.
 * @param fn The transform, for the message, e.g. "toWide()".
 */
export function requireColumns(df: DataFrame, names: readonly string[], fn: string): void {
  const have = new Set(df.columns);
  const missing = names.filter((n) => !have.has(n));
  if (missing.length > 0) {
    throw invalidArgument(
      `Pass ${fn} a frame with the StatisticSearch columns: missing ${missing.join(", ")}`,
    );
  }
}

/**
 * The distinct non-null PERIOD labels of a frame.
 *
 * @param df A frame with a PERIOD column.
 * @returns Each label once.
 */
export function distinctLabels(df: DataFrame): string[] {
  const labels = df.select(pl.col("PERIOD").cast(pl.String)).unique().getColumn("PERIOD")
    .toArray() as (string | null)[];
  return labels.filter((l): l is string => l !== null);
}

/** A label's period, or undefined when it has none of the label shapes (spaces ignored). */
export function labelPeriod(label: string): PeriodRef | undefined {
  return tryParseLabel(label.trim());
}

/**
 * A column of whole numbers that may be null, as Int32. (nodejs-polars turns null into 0 when
 * it builds Int32 directly, hence the detour through Float64.)
 *
 * @param name The column's name.
 * @param values The values.
 * @returns The series.
 */
export function int32Series(name: string, values: readonly (number | null)[]): Series {
  return pl.Series(name, values as (number | null)[], pl.Float64).cast(pl.Int32);
}

/**
 * A column of text that may be null.
 *
 * @param name The column's name.
 * @param values The values.
 * @returns The series.
 */
export function textSeries(name: string, values: readonly (string | null)[]): Series {
  return pl.Series(name, values as (string | null)[], pl.String);
}
