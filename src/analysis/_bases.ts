/**
 * What a change compares each row with, found by period rather than by row position: the
 * previous period, or the same period a year before (for daily data, the latest observation
 * on or before the same date a year before, within {@linkcode DAILY_TOLERANCE_DAYS}), and the
 * number of observations a year of each series (for annualised units). Each distinct PERIOD
 * label is read once in JS; the rest is Polars.
 *
 * @module
 */

import { type DataFrame, pl, type Series } from "../deps.ts";
import { type Cycle, DAY_MS } from "../wire/period.ts";
import { distinctLabels, int32Series, labelPeriod, textSeries } from "./_common.ts";

/** Periods in a year of each cycle but daily (whose count is measured per series). */
export const PER_YEAR: Readonly<Record<Exclude<Cycle, "D">, number>> = {
  A: 1,
  S: 2,
  Q: 4,
  M: 12,
  SM: 24,
};

/**
 * How far before the same date a year earlier a daily series' year-ago observation may be:
 * 7 days, a week of holidays (the longest Korean market closures are 4 to 5 business days).
 */
export const DAILY_TOLERANCE_DAYS = 7;

/** The window a daily series' observations a year are counted in. */
const YEAR_DAYS = 365;

/** What a row is compared with: the previous period, a year before, or nothing. */
export type BaseMode = "prev" | "year" | "none";

/** The rows of a frame with their series, period and value, ready to find bases. */
export interface Work {
  /** `_row`, `_sid` (the series), `_cycle`, `_ord` (period ordinal; days for D), `_v`. */
  frame: DataFrame;
  /** The cycles the frame's labels have. */
  cycles: ReadonlySet<Cycle>;
}

/** The same calendar date a year before (28 February for 29 February), as days. */
function yearBeforeDay(day: number): number {
  const d = new Date(day * DAY_MS);
  const y = d.getUTCFullYear() - 1;
  const m = d.getUTCMonth();
  const lastOfMonth = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return Date.UTC(y, m, Math.min(d.getUTCDate(), lastOfMonth)) / DAY_MS;
}

/**
 * The rows of `df` as a {@linkcode Work} frame: each row's series (by `key`, and by cycle, as
 * a frame may mix cycles), cycle, ordinal and value, with the ordinal of its base period for
 * cycles other than daily (`_base`) and the target day of its year-ago base for daily rows
 * (`_target`).
 *
 * @param df The frame.
 * @param key The columns that identify a series.
 * @param mode What the rows are compared with.
 * @returns The work frame, in row order.
 */
export function workOf(df: DataFrame, key: readonly string[], mode: BaseMode): Work {
  const labels = distinctLabels(df);
  const cycles: (Cycle | null)[] = [];
  const ords: (number | null)[] = [];
  const bases: (number | null)[] = [];
  const targets: (number | null)[] = [];
  const seen = new Set<Cycle>();
  for (const label of labels) {
    const ref = labelPeriod(label);
    if (ref) seen.add(ref.cycle);
    cycles.push(ref?.cycle ?? null);
    ords.push(ref?.index ?? null);
    const daily = ref?.cycle === "D";
    bases.push(
      ref === undefined || daily || mode === "none"
        ? null
        : mode === "year"
        ? ref.index - PER_YEAR[ref.cycle as Exclude<Cycle, "D">]
        : ref.index - 1,
    );
    targets.push(ref !== undefined && daily && mode === "year" ? yearBeforeDay(ref.index) : null);
  }
  const lookup = pl.DataFrame([
    textSeries("_label", labels),
    textSeries("_cycle", cycles),
    int32Series("_ord", ords),
    int32Series("_base", bases),
    int32Series("_target", targets),
  ]);
  const frame = df
    .select(
      ...key.map((c) => pl.col(c).cast(pl.String)),
      pl.col("PERIOD").cast(pl.String).alias("_label"),
      pl.col("DATA_VALUE").cast(pl.Float64).alias("_v"),
    )
    .withRowIndex("_row")
    .join(lookup, { on: "_label", how: "left" })
    // One number per series and cycle: joins on it need no null-aware keys.
    .withColumns(
      pl.col("_row").min().over(key[0] ?? "_cycle", ...key.slice(1), "_cycle").alias("_sid"),
    )
    .select("_row", "_sid", "_cycle", "_ord", "_base", "_target", "_v");
  return { frame, cycles: seen };
}

/**
 * Each row's base value (`_bv`), in row order: the value of the series' base period (null
 * when that period has no row or a null value), and for daily rows the previous observation
 * with a value ("prev") or the latest observation with a value dated on or before the same
 * date a year before and at most {@linkcode DAILY_TOLERANCE_DAYS} days earlier ("year").
 *
 * @param work The work frame.
 * @param mode What to compare with.
 * @returns A Float64 series `_bv`, one value per row.
 */
export function baseValues(work: Work, mode: BaseMode): Series {
  const w = work.frame;
  if (mode === "none") return pl.Series("_bv", Array(w.height).fill(null), pl.Float64);
  // Other cycles: the value at the base period, matched by period.
  const values = w
    .filter(pl.col("_ord").isNotNull().and(pl.col("_cycle").neq(pl.lit("D"))))
    .select("_sid", pl.col("_ord").alias("_base"), pl.col("_v").alias("_bv"))
    .unique({ subset: ["_sid", "_base"], keep: "first", maintainOrder: false });
  let out: DataFrame = w.join(values, { on: ["_sid", "_base"], how: "left" }).select("_row", "_bv");
  if (work.cycles.has("D")) {
    const daily = mode === "prev" ? previousObservation(w) : yearAgoObservation(w);
    out = out
      .join(daily, { on: "_row", how: "left", suffix: "_d" })
      .select("_row", pl.col("_bv").fillNull(pl.col("_bv_d")).alias("_bv"));
  }
  return out.sort("_row").getColumn("_bv").cast(pl.Float64).alias("_bv");
}

/** Daily rows' previous observation with a value: `_row`, `_bv_d`. */
function previousObservation(w: DataFrame): DataFrame {
  return w
    .filter(pl.col("_cycle").eq(pl.lit("D")))
    .sort(["_sid", "_ord"])
    .select(
      "_row",
      pl.col("_v").shift(1).forwardFill().over("_sid").alias("_bv_d"),
    );
}

/** Daily rows' year-ago observation: `_row`, `_bv_d`. */
function yearAgoObservation(w: DataFrame): DataFrame {
  const left = w
    .filter(pl.col("_target").isNotNull())
    .select("_row", "_sid", "_target")
    .sort("_target");
  const right = w
    .filter(pl.col("_cycle").eq(pl.lit("D")).and(pl.col("_v").isNotNull()))
    .select("_sid", pl.col("_ord").alias("_day"), pl.col("_v").alias("_bv_d"))
    .sort("_day");
  if (left.height === 0 || right.height === 0) {
    return pl.DataFrame([int32Series("_row", []), pl.Series("_bv_d", [], pl.Float64)]);
  }
  return left
    .joinAsof(right, {
      leftOn: "_target",
      rightOn: "_day",
      by: "_sid",
      strategy: "backward",
      tolerance: DAILY_TOLERANCE_DAYS,
      // Both sides are sorted on the day above; Polars cannot check it within groups and
      // would say so on stderr.
      checkSortedness: false,
    })
    .select(pl.col("_row").cast(pl.UInt32), "_bv_d");
}

/**
 * Each row's observations a year (`_n`), in row order: 1, 2, 4, 12 or 24 by its cycle; for a
 * daily series, the number of its observations with a value in the 365 days that end on its
 * last observation with a value (a series that spans fewer days has its count scaled to 365
 * days and rounded); null for a label of no known shape or a daily series with no value.
 *
 * @param work The work frame.
 * @returns A Float64 series `_n`, one value per row.
 */
export function perYear(work: Work): Series {
  const w = work.frame;
  const fixed = w.select(
    "_row",
    "_sid",
    pl.when(pl.col("_cycle").eq(pl.lit("A"))).then(pl.lit(PER_YEAR.A))
      .when(pl.col("_cycle").eq(pl.lit("S"))).then(pl.lit(PER_YEAR.S))
      .when(pl.col("_cycle").eq(pl.lit("Q"))).then(pl.lit(PER_YEAR.Q))
      .when(pl.col("_cycle").eq(pl.lit("M"))).then(pl.lit(PER_YEAR.M))
      .when(pl.col("_cycle").eq(pl.lit("SM"))).then(pl.lit(PER_YEAR.SM))
      .otherwise(pl.lit(null))
      .cast(pl.Float64)
      .alias("_n"),
  );
  if (!work.cycles.has("D")) return fixed.getColumn("_n");
  const spans = w
    .filter(pl.col("_cycle").eq(pl.lit("D")).and(pl.col("_v").isNotNull()))
    .withColumns(pl.col("_ord").max().over("_sid").alias("_last"))
    .groupBy("_sid")
    .agg(
      pl.col("_ord").min().alias("_first"),
      pl.col("_last").first(),
      pl.col("_ord").gt(pl.col("_last").minus(pl.lit(YEAR_DAYS))).sum().alias("_count"),
    );
  const sids = spans.getColumn("_sid").toArray() as number[];
  const firsts = spans.getColumn("_first").toArray() as number[];
  const lasts = spans.getColumn("_last").toArray() as number[];
  const counts = spans.getColumn("_count").toArray() as number[];
  const perSeries = sids.map((_, i) => {
    const span = lasts[i]! - firsts[i]! + 1;
    const count = Number(counts[i]);
    return span >= YEAR_DAYS ? count : Math.round((count * YEAR_DAYS) / span);
  });
  const daily = pl.DataFrame([
    pl.Series("_sid", sids, pl.UInt32),
    pl.Series("_n_d", perSeries, pl.Float64),
  ]);
  return fixed
    .join(daily, { on: "_sid", how: "left" })
    .sort("_row")
    .select(pl.col("_n").fillNull(pl.col("_n_d")).alias("_n"))
    .getColumn("_n");
}
