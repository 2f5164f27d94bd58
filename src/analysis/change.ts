/**
 * Percentage change of each series against an earlier period: the same period a year before
 * (yoy), or the previous period (pop, and its cycle-specific spellings mom and qoq).
 *
 * @module
 */

import { pl } from "../deps.ts";
import type { DataFrame } from "../deps.ts";
import { invalidArgument } from "../errors.ts";
import { type Cycle, DAY_MS } from "../wire/period.ts";
import {
  distinctLabels,
  int32Series,
  labelPeriod,
  requireColumns,
  SERIES_KEY,
  textSeries,
} from "./_common.ts";

/**
 * What a change compares a period with:
 * - `"yoy"`: the same period a year before (12 months, 4 quarters, 2 half-years, 24
 *   half-months, 1 year; for daily data the same calendar day a year before);
 * - `"pop"`: the previous period (for daily data, the series' previous day with a value);
 * - `"mom"`: the previous month, for monthly (M) frames only;
 * - `"qoq"`: the previous quarter, for quarterly (Q) frames only.
 *
 * @example Half-years: yoy goes 2 periods back, pop 1
 * ```ts
 * import assert from "node:assert/strict";
 * import { pl } from "../deps.ts";
 * import { type ChangeKind, withChange } from "./change.ts";
 *
 * const none = pl.Series("none", [null, null, null], pl.String);
 * const df = pl.DataFrame({
 *   STAT_CODE: ["105Y001", "105Y001", "105Y001"],
 *   ITEM_CODE1: ["A", "A", "A"],
 *   ITEM_CODE2: none.alias("ITEM_CODE2"),
 *   ITEM_CODE3: none.alias("ITEM_CODE3"),
 *   ITEM_CODE4: none.alias("ITEM_CODE4"),
 *   PERIOD: ["2023S1", "2023S2", "2024S1"],
 *   DATA_VALUE: [40, 50, 50],
 * });
 * const kinds: ChangeKind[] = ["yoy", "pop"];
 * const [yoy, pop] = kinds.map((k) => withChange(df, k).getColumn(`CHANGE_${k.toUpperCase()}`));
 * assert.deepEqual(yoy!.toArray(), [null, null, 25]);
 * assert.deepEqual(pop!.toArray(), [null, 25, 0]);
 * ```
 */
export type ChangeKind = "yoy" | "pop" | "mom" | "qoq";

/**
 * The column {@linkcode withChange} adds for each kind of change: `CHANGE_YOY`, `CHANGE_POP`,
 * `CHANGE_MOM`, `CHANGE_QOQ`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { CHANGE_COLUMNS } from "./change.ts";
 *
 * assert.equal(CHANGE_COLUMNS.yoy, "CHANGE_YOY");
 * assert.equal(CHANGE_COLUMNS.qoq, "CHANGE_QOQ");
 * ```
 */
export const CHANGE_COLUMNS: Readonly<Record<ChangeKind, string>> = {
  yoy: "CHANGE_YOY",
  pop: "CHANGE_POP",
  mom: "CHANGE_MOM",
  qoq: "CHANGE_QOQ",
};

/** Periods in a year, for yoy; daily data goes by the calendar instead. */
const PER_YEAR: Readonly<Record<Exclude<Cycle, "D">, number>> = {
  A: 1,
  S: 2,
  Q: 4,
  M: 12,
  SM: 24,
};

/** The one cycle mom and qoq accept. */
const ONLY: Readonly<Partial<Record<ChangeKind, { cycle: Cycle; what: string }>>> = {
  mom: { cycle: "M", what: "monthly (M)" },
  qoq: { cycle: "Q", what: "quarterly (Q)" },
};

const NEEDED = [...SERIES_KEY, "PERIOD", "DATA_VALUE"];

/** The ordinal of the same period a year before; for a day, the same calendar day or null. */
function yearBefore(cycle: Cycle, index: number): number | null {
  if (cycle !== "D") return index - PER_YEAR[cycle];
  const d = new Date(index * DAY_MS);
  const t = Date.UTC(d.getUTCFullYear() - 1, d.getUTCMonth(), d.getUTCDate());
  // 29 February has no match in the year before.
  return new Date(t).getUTCDate() === d.getUTCDate() ? Math.round(t / DAY_MS) : null;
}

/** Refuses mom on a frame that is not monthly and qoq on one that is not quarterly. */
function checkCycles(kind: ChangeKind, cycles: ReadonlySet<Cycle>): void {
  const only = ONLY[kind];
  if (only === undefined) return;
  const other = [...cycles].find((c) => c !== only.cycle);
  if (other === undefined) return;
  const instead = other === "M"
    ? `use "mom" for monthly data, or `
    : other === "Q"
    ? `use "qoq" for quarterly data, or `
    : "use ";
  throw invalidArgument(
    `Cannot compute "${kind}" on ${other} data: "${kind}" is for ${only.what} frames only; ` +
      `${instead}"pop" for the previous period of any cycle, or "yoy" for a year before`,
  );
}

/**
 * Adds the percentage change of each series against an earlier period, as a Float64 column
 * named by {@linkcode CHANGE_COLUMNS}: `CHANGE_YOY`, `CHANGE_POP`, `CHANGE_MOM` or
 * `CHANGE_QOQ` (replacing a column of that name). The change is
 * `(DATA_VALUE - base) / base * 100`.
 *
 * A series is a distinct STAT_CODE and ITEM_CODE1..4; each row's cycle is read from its PERIOD
 * label. The base is found by period, not by row position: a missing period, a null value, a
 * zero base or an unreadable label gives null, never a comparison with the wrong row.
 * - `"yoy"`: the same period a year before: 12 months (M), 4 quarters (Q), 2 half-years (S),
 *   24 half-months (SM), 1 year (A), and for daily (D) data the same calendar day a year
 *   before (null when that day has no value, such as a holiday, and on 29 February).
 * - `"pop"`: the previous period; for daily data the series' latest earlier day with a value.
 * - `"mom"` / `"qoq"`: `"pop"` for monthly / quarterly frames, refused on other cycles.
 *
 * Rows keep their order; an empty frame gets an empty column.
 *
 * @param df A frame of the StatisticSearch shape (STAT_CODE, ITEM_CODE1..4, PERIOD and
 * DATA_VALUE are used).
 * @param kind What to compare with.
 * @returns The frame with the change column added.
 * @throws {EcosError} INVALID_ARGUMENT for an unknown kind, a frame without the columns
 * (naming them), or "mom" / "qoq" on a frame with another cycle (saying what to use instead).
 *
 * @example Year-on-year change of a monthly series
 * ```ts
 * import assert from "node:assert/strict";
 * import { pl } from "../deps.ts";
 * import { withChange } from "./change.ts";
 *
 * const n = 3;
 * const cpi = pl.DataFrame({
 *   STAT_CODE: Array(n).fill("901Y009"),
 *   ITEM_CODE1: Array(n).fill("0"),
 *   ITEM_CODE2: pl.Series("ITEM_CODE2", Array(n).fill(null), pl.String),
 *   ITEM_CODE3: pl.Series("ITEM_CODE3", Array(n).fill(null), pl.String),
 *   ITEM_CODE4: pl.Series("ITEM_CODE4", Array(n).fill(null), pl.String),
 *   PERIOD: ["202301", "202302", "202401"],
 *   DATA_VALUE: [100, 101, 103],
 * });
 * const out = withChange(cpi, "yoy");
 * // 202401 against 202301; nothing a year before the others.
 * assert.deepEqual(out.getColumn("CHANGE_YOY").toArray(), [null, null, 3]);
 * ```
 *
 * @example "mom" only applies to monthly frames
 * ```ts
 * import assert from "node:assert/strict";
 * import { pl } from "../deps.ts";
 * import { withChange } from "./change.ts";
 *
 * const gdp = pl.DataFrame({
 *   STAT_CODE: ["200Y102"],
 *   ITEM_CODE1: ["10111"],
 *   ITEM_CODE2: pl.Series("ITEM_CODE2", [null], pl.String),
 *   ITEM_CODE3: pl.Series("ITEM_CODE3", [null], pl.String),
 *   ITEM_CODE4: pl.Series("ITEM_CODE4", [null], pl.String),
 *   PERIOD: ["2023Q1"],
 *   DATA_VALUE: [0.6],
 * });
 * assert.throws(() => withChange(gdp, "mom"), { code: "INVALID_ARGUMENT", message: /"qoq"/ });
 * ```
 */
export function withChange(df: DataFrame, kind: ChangeKind): DataFrame {
  if (!Object.hasOwn(CHANGE_COLUMNS, kind)) {
    throw invalidArgument(`Pass kind as "yoy", "pop", "mom" or "qoq": got ${JSON.stringify(kind)}`);
  }
  requireColumns(df, NEEDED, "withChange()");
  const name = CHANGE_COLUMNS[kind];

  // Each distinct label once: its cycle, ordinal, and the ordinal of its base period.
  const labels = distinctLabels(df);
  const cycles: (Cycle | null)[] = [];
  const ords: (number | null)[] = [];
  const bases: (number | null)[] = [];
  const seen = new Set<Cycle>();
  for (const label of labels) {
    const ref = labelPeriod(label);
    if (ref) seen.add(ref.cycle);
    cycles.push(ref?.cycle ?? null);
    ords.push(ref?.index ?? null);
    bases.push(
      ref === undefined
        ? null
        : kind === "yoy"
        ? yearBefore(ref.cycle, ref.index)
        : ref.cycle === "D"
        ? null // the previous observation, found by a window below
        : ref.index - 1,
    );
  }
  checkCycles(kind, seen);
  const lookup = pl.DataFrame([
    textSeries("_label", labels),
    textSeries("_cycle", cycles),
    int32Series("_ord", ords),
    int32Series("_base", bases),
  ]);

  const key = [...SERIES_KEY, "_cycle"];
  const work = df
    .select(
      ...SERIES_KEY.map((c) => pl.col(c).cast(pl.String)),
      pl.col("PERIOD").cast(pl.String).alias("_label"),
      pl.col("DATA_VALUE").cast(pl.Float64).alias("_v"),
    )
    .withRowIndex("_row")
    .join(lookup, { on: "_label", how: "left" });

  // The value of each (series, cycle, period), once: what a base period is looked up in.
  const values = work
    .filter(pl.col("_ord").isNotNull())
    .select(...key.map((c) => pl.col(c)), pl.col("_ord").alias("_base"), pl.col("_v").alias("_bv"))
    .unique({ subset: [...key, "_base"], keep: "first", maintainOrder: false });

  const on: string[] = [...key, "_base"];
  let joined = work.join(values, { on, how: "left", nullsEqual: true });
  if (kind === "pop" && seen.has("D")) {
    // Daily: the series' latest earlier day with a value (weekends and holidays have none).
    joined = joined
      .sort([...key, "_ord"], false, true)
      .withColumns(
        pl.when(pl.col("_cycle").eq(pl.lit("D")))
          .then(pl.col("_v").shift(1).forwardFill().over(key[0]!, ...key.slice(1)))
          .otherwise(pl.col("_bv"))
          .alias("_bv"),
      );
  }
  const change = joined
    .sort("_row")
    .select(
      pl.when(pl.col("_bv").neq(pl.lit(0)))
        .then(pl.col("_v").minus(pl.col("_bv")).div(pl.col("_bv")).mul(pl.lit(100)))
        .otherwise(pl.lit(null))
        .cast(pl.Float64)
        .alias(name),
    )
    .getColumn(name);
  return df.withColumns(change);
}
