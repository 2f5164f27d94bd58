/**
 * To a coarser cycle: monthly to quarterly, daily to monthly, and so on, per series.
 *
 * @module
 */

import { pl } from "../deps.ts";
import type { DataFrame } from "../deps.ts";
import { invalidArgument } from "../errors.ts";
import { withInfoOf } from "../frame_info.ts";
import { STATISTIC_SEARCH_SCHEMA } from "../wire/columns.ts";
import {
  type Cycle,
  CYCLES,
  dateToIndex,
  daysToDate,
  formatPeriod,
  periodStartDays,
} from "../wire/period.ts";
import {
  distinctLabels,
  int32Series,
  LABEL,
  labelPeriod,
  requireColumns,
  SERIES_KEY,
  seriesKeyOf,
  textSeries,
} from "./_common.ts";

/** A Polars expression. */
type Expr = ReturnType<typeof pl.col>;

/**
 * The cycles {@linkcode toCycle} converts to: annual, quarterly, monthly.
 *
 * @example Daily values by month and by year
 * ```ts
 * import assert from "node:assert/strict";
 * import { pl } from "../deps.ts";
 * import { type Aggregation, type CoarseCycle, toCycle } from "./cycle.ts";
 *
 * const days = ["20240130", "20240131", "20240201"];
 * const text = (name: string, v: string | null) => pl.Series(name, [v, v, v], pl.String);
 * const rate = pl.DataFrame([
 *   text("STAT_CODE", "722Y001"),
 *   text("STAT_NAME", "Base Rate"),
 *   text("ITEM_CODE1", "0101000"),
 *   text("ITEM_NAME1", "Base rate"),
 *   ...["ITEM_CODE2", "ITEM_NAME2", "ITEM_CODE3", "ITEM_NAME3", "ITEM_CODE4", "ITEM_NAME4"]
 *     .map((name) => text(name, null)),
 *   text("UNIT_NAME", "% p.a."),
 *   pl.Series("WGT", [null, null, null], pl.Float64),
 *   pl.Series("TIME", days.map((d) => new Date(`${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6)}`)))
 *     .cast(pl.Date),
 *   pl.Series("PERIOD", days, pl.String),
 *   pl.Series("DATA_VALUE", [3.5, null, 3.25], pl.Float64),
 * ]);
 * const periods = (cycle: CoarseCycle) => toCycle(rate, cycle, "last").getColumn("PERIOD");
 * assert.deepEqual(periods("M").toArray(), ["202401", "202402"]);
 * assert.deepEqual(periods("A").toArray(), ["2024"]);
 * ```
 */
export type CoarseCycle = "Q" | "A" | "M";

/**
 * How {@linkcode toCycle} turns the values of a period into one; each ignores nulls, and a
 * period whose values are all null gives null.
 * - `"mean"`: the average;
 * - `"sum"`: the total;
 * - `"last"`: the latest value by TIME (the end-of-period value);
 * - `"first"`: the earliest value by TIME.
 *
 * @example January's values, one null among them
 * ```ts
 * import assert from "node:assert/strict";
 * import { pl } from "../deps.ts";
 * import { type Aggregation, type CoarseCycle, toCycle } from "./cycle.ts";
 *
 * const days = ["20240130", "20240131", "20240201"];
 * const text = (name: string, v: string | null) => pl.Series(name, [v, v, v], pl.String);
 * const rate = pl.DataFrame([
 *   text("STAT_CODE", "722Y001"),
 *   text("STAT_NAME", "Base Rate"),
 *   text("ITEM_CODE1", "0101000"),
 *   text("ITEM_NAME1", "Base rate"),
 *   ...["ITEM_CODE2", "ITEM_NAME2", "ITEM_CODE3", "ITEM_NAME3", "ITEM_CODE4", "ITEM_NAME4"]
 *     .map((name) => text(name, null)),
 *   text("UNIT_NAME", "% p.a."),
 *   pl.Series("WGT", [null, null, null], pl.Float64),
 *   pl.Series("TIME", days.map((d) => new Date(`${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6)}`)))
 *     .cast(pl.Date),
 *   pl.Series("PERIOD", days, pl.String),
 *   pl.Series("DATA_VALUE", [3.5, null, 3.25], pl.Float64),
 * ]);
 * const january = (how: Aggregation) =>
 *   toCycle(rate, "M", how).getColumn("DATA_VALUE").get(0);
 * assert.equal(january("mean"), 3.5);
 * assert.equal(january("sum"), 3.5);
 * assert.equal(january("last"), 3.5); // 31 January is null: the last value is 30 January's
 * assert.equal(january("first"), 3.5);
 * ```
 */
export type Aggregation = "mean" | "sum" | "last" | "first";

const TARGETS: readonly CoarseCycle[] = ["A", "Q", "M"];
const HOWS: readonly Aggregation[] = ["mean", "sum", "last", "first"];
const COLUMNS = STATISTIC_SEARCH_SCHEMA.map((c) => c.name);
/** Columns carried from a series' first row in the period. */
const CARRIED = COLUMNS.filter(
  (c) => !SERIES_KEY.includes(c) && !["TIME", "PERIOD", "DATA_VALUE"].includes(c),
);

/** The cycles that go into `target`: every finer one (CYCLES runs longest first). */
function sourcesOf(target: CoarseCycle): Cycle[] {
  return CYCLES.slice(CYCLES.indexOf(target) + 1);
}

/** "M, SM or D". */
function orList(items: readonly string[]): string {
  return items.length < 2
    ? items.join("")
    : `${items.slice(0, -1).join(", ")} or ${items[items.length - 1]}`;
}

/** The aggregation of DATA_VALUE (as `_v`) in a group, ordered by `_day`. */
function aggregate(how: Aggregation): Expr {
  const v = pl.col("_v");
  switch (how) {
    case "mean":
      return v.mean();
    case "sum":
      // Polars sums an all-null group to 0.
      return pl.when(v.isNotNull().sum().gt(pl.lit(0))).then(v.sum()).otherwise(pl.lit(null));
    case "first":
      return v.sortBy("_day").dropNulls().first();
    case "last":
      return v.sortBy("_day").dropNulls().last();
  }
}

/**
 * Aggregates each series to a coarser cycle: A from S, Q, M, SM or D; Q from M, SM or D; M
 * from SM or D. A series is a distinct LABEL (when the frame has one), STAT_CODE and
 * ITEM_CODE1..4, and each row's cycle is read from its PERIOD label.
 *
 * The output has the StatisticSearch columns in the same order and types (then LABEL, when
 * the frame has it) and keeps the frame's record of where its rows came from
 * (`frameInfo`), one row per series
 * and output period, series in the order they first appear and each in time order: TIME is the
 * first day of the output period, PERIOD its label in the target cycle's shape ("2023", "2023Q1",
 * "202301"), DATA_VALUE the aggregate (see {@linkcode Aggregation}: nulls are ignored, and a
 * period whose values are all null gives null), and the other columns (STAT_NAME, the item
 * names, UNIT_NAME, WGT) come from the series' first row in the period. Periods are those the
 * data touches: a partial quarter is aggregated as it is. An empty frame gives an empty frame.
 *
 * @param df A frame of the StatisticSearch shape.
 * @param cycle The target cycle.
 * @param how How the values of a period become one.
 * @returns The frame in the target cycle.
 * @throws {EcosError} INVALID_ARGUMENT for an unknown cycle or `how`, a frame without the
 * StatisticSearch columns (naming them), a PERIOD label that is missing or of no known shape,
 * or rows whose cycle is the target or coarser (e.g. S to Q).
 *
 * @example Monthly to quarterly averages
 * ```ts
 * import assert from "node:assert/strict";
 * import { pl } from "../deps.ts";
 * import { toCycle } from "./cycle.ts";
 *
 * const periods = ["202301", "202302", "202303", "202304"];
 * const n = periods.length;
 * const text = (name: string, v: string | null) => pl.Series(name, Array(n).fill(v), pl.String);
 * const cpi = pl.DataFrame([
 *   text("STAT_CODE", "901Y009"),
 *   text("STAT_NAME", "Consumer Price Indices"),
 *   text("ITEM_CODE1", "0"),
 *   text("ITEM_NAME1", "All items"),
 *   text("ITEM_CODE2", null),
 *   text("ITEM_NAME2", null),
 *   text("ITEM_CODE3", null),
 *   text("ITEM_NAME3", null),
 *   text("ITEM_CODE4", null),
 *   text("ITEM_NAME4", null),
 *   text("UNIT_NAME", "2020=100"),
 *   pl.Series("WGT", Array(n).fill(1000), pl.Float64),
 *   pl.Series("TIME", periods.map((p) => new Date(`${p.slice(0, 4)}-${p.slice(4)}-01`)))
 *     .cast(pl.Date),
 *   pl.Series("PERIOD", periods, pl.String),
 *   pl.Series("DATA_VALUE", [110, 111, null, 112], pl.Float64),
 * ]);
 * const quarterly = toCycle(cpi, "Q", "mean");
 * assert.deepEqual(quarterly.columns, cpi.columns);
 * assert.deepEqual(quarterly.getColumn("PERIOD").toArray(), ["2023Q1", "2023Q2"]);
 * assert.deepEqual(quarterly.getColumn("DATA_VALUE").toArray(), [110.5, 112]);
 * assert.deepEqual(toCycle(cpi, "A", "last").getColumn("DATA_VALUE").toArray(), [112]);
 * ```
 */
export function toCycle(df: DataFrame, cycle: CoarseCycle, how: Aggregation): DataFrame {
  if (!TARGETS.includes(cycle)) {
    throw invalidArgument(`Pass cycle as "A", "Q" or "M": got ${JSON.stringify(cycle)}`);
  }
  if (!HOWS.includes(how)) {
    throw invalidArgument(
      `Pass how as "mean", "sum", "last" or "first": got ${JSON.stringify(how)}`,
    );
  }
  requireColumns(df, COLUMNS, "toCycle()");

  // Each distinct label once: the first day of its own period (for ordering), and the label
  // and first day of the target period that holds it.
  const labels: string[] = [];
  const days: number[] = [];
  const targetLabels: string[] = [];
  const targetDays: number[] = [];
  const unreadable: string[] = [];
  const coarse = new Set<Cycle>();
  const sources = sourcesOf(cycle);
  for (const label of distinctLabels(df)) {
    const ref = labelPeriod(label);
    if (ref === undefined) {
      unreadable.push(label);
      continue;
    }
    labels.push(label);
    if (!sources.includes(ref.cycle)) coarse.add(ref.cycle);
    const day = periodStartDays(ref.cycle, ref.index);
    const target = dateToIndex(daysToDate(day), cycle);
    days.push(day);
    targetLabels.push(formatPeriod(cycle, target, "spec"));
    targetDays.push(periodStartDays(cycle, target));
  }
  const nullLabels = df.getColumn("PERIOD").nullCount();
  if (unreadable.length > 0 || nullLabels > 0) {
    const shown = unreadable.slice(0, 3).map((l) => JSON.stringify(l));
    if (unreadable.length > 3) shown.push(`and ${unreadable.length - 3} more`);
    if (nullLabels > 0) shown.push(`${nullLabels} null`);
    throw invalidArgument(
      `Pass toCycle() rows whose PERIOD is a label of a known cycle (e.g. 2023Q3, 202305, ` +
        `20230517): got ${shown.join(", ")}`,
    );
  }
  if (coarse.size > 0) {
    const got = CYCLES.filter((c) => coarse.has(c));
    throw invalidArgument(
      `Cannot aggregate ${got.join(" and ")} data to ${cycle}: toCycle() goes to a coarser ` +
        `cycle only, and ${cycle} is made from ${orList(sources)} data`,
    );
  }
  const lookup = pl.DataFrame([
    textSeries("_label", labels),
    int32Series("_day", days),
    textSeries("_tlabel", targetLabels),
    int32Series("_tday", targetDays),
  ]);

  const key = seriesKeyOf(df);
  const columns = key.includes(LABEL) ? [...COLUMNS, LABEL] : COLUMNS;
  const grouped = df
    .select(...columns)
    .withColumns(
      pl.col("PERIOD").cast(pl.String).alias("_label"),
      pl.col("DATA_VALUE").cast(pl.Float64).alias("_v"),
    )
    .withRowIndex("_row")
    .join(lookup, { on: "_label", how: "left" })
    // Series in the order they first appear.
    .withColumns(pl.col("_row").min().over(key[0]!, ...key.slice(1)).alias("_rank"))
    .lazy()
    .groupBy(["_rank", ...key, "_tlabel", "_tday"])
    .agg(...CARRIED.map((c) => pl.col(c).sortBy("_day").first()), aggregate(how).alias("_agg"))
    .sort(["_rank", "_tday"])
    .collectSync();
  const dtypes = new Map(df.getColumns().map((s) => [s.name, s.dtype]));
  const out = grouped.select(
    ...columns.map((c) => {
      switch (c) {
        case "TIME":
          return pl.col("_tday").cast(pl.Int32).cast(pl.Date).alias(c);
        case "PERIOD":
          return pl.col("_tlabel").cast(pl.String).alias(c);
        case "DATA_VALUE":
          return pl.col("_agg").cast(pl.Float64).alias(c);
        case "WGT":
          return pl.col(c).cast(pl.Float64);
        default:
          return pl.col(c).cast(dtypes.get(c)!);
      }
    }),
  );
  return withInfoOf(out, df);
}
