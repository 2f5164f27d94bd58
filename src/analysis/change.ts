/**
 * Changes of each series against an earlier period, with FRED's units (chg, ch1, pch, pc1,
 * pca, cch, cca, log, as fredr's `units` names them) and this module's own kinds (yoy, pop,
 * mom, qoq), matched by period and aware of the cycle.
 *
 * @module
 */

import { pl } from "../deps.ts";
import type { DataFrame } from "../deps.ts";
import { invalidArgument } from "../errors.ts";
import { withInfoOf } from "../frame_info.ts";
import type { Cycle } from "../wire/period.ts";
import { requireColumns, SERIES_KEY, seriesKeyOf } from "./_common.ts";
import { type BaseMode, baseValues, perYear, workOf } from "./_bases.ts";
import { withColumnUnits } from "./column_units.ts";

/**
 * The units of {@linkcode withChange}: FRED's, with fredr's names, and this module's own.
 * `b` is the base observation, `x` the row's, `n` the observations a year (1 for annual, 2
 * half-yearly, 4 quarterly, 12 monthly, 24 half-monthly; for daily data the series' own count,
 * see {@linkcode withChange}). The previous period ("prev") and a year before ("year") are
 * found by period.
 *
 * | unit | FRED's name | base | formula |
 * |---|---|---|---|
 * | `"chg"` | Change | prev | `x - b` |
 * | `"ch1"` | Change from Year Ago | year | `x - b` |
 * | `"pch"` | Percent Change | prev | `(x / b - 1) * 100` |
 * | `"pc1"` | Percent Change from Year Ago | year | `(x / b - 1) * 100` |
 * | `"pca"` | Compounded Annual Rate of Change | prev | `((x / b) ^ n - 1) * 100` |
 * | `"cch"` | Continuously Compounded Rate of Change | prev | `(ln x - ln b) * 100` |
 * | `"cca"` | Continuously Compounded Annual Rate of Change | prev | `(ln x - ln b) * 100 * n` |
 * | `"log"` | Natural Log | none | `ln x` |
 * | `"yoy"` | (pc1) | year | `(x - b) / b * 100` |
 * | `"pop"` | (pch) | prev | `(x - b) / b * 100` |
 * | `"mom"` | (pch, monthly frames only) | prev | `(x - b) / b * 100` |
 * | `"qoq"` | (pch, quarterly frames only) | prev | `(x - b) / b * 100` |
 *
 * FRED's "lin" (levels) is DATA_VALUE itself.
 *
 * @example Half-years: yoy goes 2 periods back, pop 1, chg is a difference
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
 * const kinds: ChangeKind[] = ["yoy", "pop", "chg"];
 * const [yoy, pop, chg] = kinds.map((k) => withChange(df, k).getColumn(`CHANGE_${k.toUpperCase()}`));
 * assert.deepEqual(yoy!.toArray(), [null, null, 25]);
 * assert.deepEqual(pop!.toArray(), [null, 25, 0]);
 * assert.deepEqual(chg!.toArray(), [null, 10, 0]);
 * ```
 */
export type ChangeKind =
  | "chg"
  | "ch1"
  | "pch"
  | "pc1"
  | "pca"
  | "cch"
  | "cca"
  | "log"
  | "yoy"
  | "pop"
  | "mom"
  | "qoq";

/**
 * The column {@linkcode withChange} adds for each unit: `CHANGE_` and the unit in capitals
 * (`CHANGE_PC1`, `CHANGE_LOG`, `CHANGE_YOY`, ...).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { CHANGE_COLUMNS } from "./change.ts";
 *
 * assert.equal(CHANGE_COLUMNS.yoy, "CHANGE_YOY");
 * assert.equal(CHANGE_COLUMNS.pc1, "CHANGE_PC1");
 * assert.equal(CHANGE_COLUMNS.log, "CHANGE_LOG");
 * ```
 */
export const CHANGE_COLUMNS: Readonly<Record<ChangeKind, string>> = {
  chg: "CHANGE_CHG",
  ch1: "CHANGE_CH1",
  pch: "CHANGE_PCH",
  pc1: "CHANGE_PC1",
  pca: "CHANGE_PCA",
  cch: "CHANGE_CCH",
  cca: "CHANGE_CCA",
  log: "CHANGE_LOG",
  yoy: "CHANGE_YOY",
  pop: "CHANGE_POP",
  mom: "CHANGE_MOM",
  qoq: "CHANGE_QOQ",
};

/**
 * The unit of a change column, from the unit of the series it was computed from: a difference
 * (`chg`, `ch1`) keeps the series' unit, and a difference of percentages is in percentage
 * points (`%p`, as ECOS writes them); every rate of change is a percent; `log` is the natural
 * log of the unit.
 *
 * @param kind The change.
 * @param unitName The series' UNIT_NAME, e.g. "2020=100", "연%", "십억원".
 * @returns The change's unit.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { changeUnit } from "./change.ts";
 *
 * assert.equal(changeUnit("yoy", "2020=100"), "%");
 * assert.equal(changeUnit("chg", "십억원"), "십억원");
 * assert.equal(changeUnit("chg", "연%"), "%p");
 * assert.equal(changeUnit("log", "십억원"), "ln(십억원)");
 * ```
 */
export function changeUnit(kind: ChangeKind, unitName: string): string {
  switch (kind) {
    case "chg":
    case "ch1":
      return unitName.includes("%") ? "%p" : unitName;
    case "log":
      return `ln(${unitName})`;
    default:
      return "%";
  }
}

/**
 * The change column's unit when it is one for the whole frame: a rate of change is "%" whatever
 * the series; a difference or a log takes its series' unit, so series in different units give
 * none (each row's is `changeUnit(kind, UNIT_NAME)`).
 */
function unitOfChange(df: DataFrame, kind: ChangeKind): [string, string][] {
  const names = df.columns.includes("UNIT_NAME")
    ? (df.select(pl.col("UNIT_NAME").cast(pl.String)).unique().getColumn("UNIT_NAME")
      .toArray() as (string | null)[])
      .filter((u): u is string => u !== null && u.trim() !== "").map((u) => u.trim())
    : [];
  const units = new Set(names.map((u) => changeUnit(kind, u)));
  // A rate of change needs no unit to be a percent.
  const rate = changeUnit(kind, "") === "%";
  if (rate) return [[CHANGE_COLUMNS[kind], "%"]];
  return units.size === 1 ? [[CHANGE_COLUMNS[kind], [...units][0]!]] : [];
}

/** A Polars expression. */
type Expr = ReturnType<typeof pl.col>;

/** How each unit's value is made from `_v` (x), `_bv` (b) and `_n` (observations a year). */
type Formula = "diff" | "pct" | "annual" | "logdiff" | "logdiffAnnual" | "log";

const UNITS: Readonly<Record<ChangeKind, { base: BaseMode; formula: Formula }>> = {
  chg: { base: "prev", formula: "diff" },
  ch1: { base: "year", formula: "diff" },
  pch: { base: "prev", formula: "pct" },
  pc1: { base: "year", formula: "pct" },
  pca: { base: "prev", formula: "annual" },
  cch: { base: "prev", formula: "logdiff" },
  cca: { base: "prev", formula: "logdiffAnnual" },
  log: { base: "none", formula: "log" },
  yoy: { base: "year", formula: "pct" },
  pop: { base: "prev", formula: "pct" },
  mom: { base: "prev", formula: "pct" },
  qoq: { base: "prev", formula: "pct" },
};

/** The one cycle mom and qoq accept. */
const ONLY: Readonly<Partial<Record<ChangeKind, { cycle: Cycle; what: string }>>> = {
  mom: { cycle: "M", what: "monthly (M)" },
  qoq: { cycle: "Q", what: "quarterly (Q)" },
};

const NEEDED = [...SERIES_KEY, "PERIOD", "DATA_VALUE"];

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

/** A unit's value; null where the formula has none (a zero or non-positive base, ...). */
function formula(kind: Formula): Expr {
  const x = pl.col("_v");
  const b = pl.col("_bv");
  const n = pl.col("_n");
  const ln = (e: Expr) => e.log(Math.E);
  const positive = x.gt(pl.lit(0)).and(b.gt(pl.lit(0)));
  switch (kind) {
    case "diff":
      return x.minus(b);
    case "pct":
      return pl.when(b.neq(pl.lit(0))).then(x.minus(b).div(b).mul(pl.lit(100)))
        .otherwise(pl.lit(null));
    case "annual":
      // (x / b) ^ n for a ratio of 0 or more, as exp(n ln(x / b)): n differs by series.
      return pl.when(b.neq(pl.lit(0)).and(x.div(b).gtEq(pl.lit(0))))
        .then(n.mul(ln(x.div(b))).exp().minus(pl.lit(1)).mul(pl.lit(100)))
        .otherwise(pl.lit(null));
    case "logdiff":
      return pl.when(positive).then(ln(x).minus(ln(b)).mul(pl.lit(100))).otherwise(pl.lit(null));
    case "logdiffAnnual":
      return pl.when(positive).then(ln(x).minus(ln(b)).mul(pl.lit(100)).mul(n))
        .otherwise(pl.lit(null));
    case "log":
      return pl.when(x.gt(pl.lit(0))).then(ln(x)).otherwise(pl.lit(null));
  }
}

/**
 * Adds the change of each series against an earlier period, in one of FRED's units or this
 * module's own (see {@linkcode ChangeKind} for each unit's formula), as a Float64 column named
 * by {@linkcode CHANGE_COLUMNS} (`CHANGE_PC1`, `CHANGE_LOG`, `CHANGE_YOY`, ...; replacing a
 * column of that name).
 *
 * A series is a distinct LABEL (when the frame has one), STAT_CODE and ITEM_CODE1..4; each
 * row's cycle is read from its PERIOD label. The base is found by period, not by row position:
 * a missing period, a null value or an unreadable label gives null, never a comparison with
 * the wrong row; so does a base the formula cannot use (zero for the percentages, not
 * positive for the logarithms, a negative ratio for pca).
 * - A year before: 12 months (M), 4 quarters (Q), 2 half-years (S), 24 half-months (SM),
 *   1 year (A). For daily (D) data, the latest observation with a value dated on or before
 *   the same calendar date a year before (28 February for 29 February) and at most 7 days
 *   earlier: a weekend or holiday a year before takes the last business day before it, and
 *   nothing within the week gives null.
 * - The previous period: the period before; for daily data the series' latest earlier day
 *   with a value.
 * - Observations a year (`n`, for pca and cca): 1 (A), 2 (S), 4 (Q), 12 (M), 24 (SM); for a
 *   daily series, the number of its observations with a value in the 365 days ending on its
 *   last observation with a value (about 248 for Korean business days, 365 for a
 *   calendar-day table); a series that spans fewer days has its count scaled to 365 days and
 *   rounded.
 * - `"mom"` / `"qoq"`: `"pop"` for monthly / quarterly frames, refused on other cycles.
 *
 * Rows keep their order; an empty frame gets an empty column; the frame's record of where its
 * rows came from (`frameInfo`) is kept. The change column's unit is recorded beside the frame
 * (`columnUnits`, as toWide records its columns'): "%" for every rate of change (CHANGE_YOY of a
 * price index is a percent, not an index), and for a difference or a log the one its series
 * give (see {@linkcode changeUnit}; none when the series are in different units).
 *
 * @param df A frame of the StatisticSearch shape (STAT_CODE, ITEM_CODE1..4, PERIOD and
 * DATA_VALUE are used, and LABEL when present).
 * @param kind The unit.
 * @returns The frame with the change column added.
 * @throws {EcosError} INVALID_ARGUMENT for an unknown unit, a frame without the columns
 * (naming them), or "mom" / "qoq" on a frame with another cycle (saying what to use instead).
 *
 * @example Year-on-year change of a monthly series, as a percentage and as a difference
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
 * // 202401 against 202301; nothing a year before the others.
 * assert.deepEqual(withChange(cpi, "pc1").getColumn("CHANGE_PC1").toArray(), [null, null, 3]);
 * assert.deepEqual(withChange(cpi, "ch1").getColumn("CHANGE_CH1").toArray(), [null, null, 3]);
 * // Monthly: 1% a month compounds to about 12.68% a year.
 * const pca = withChange(cpi, "pca").getColumn("CHANGE_PCA").toArray();
 * assert.equal(pca[0], null);
 * assert.equal((pca[1] as number).toFixed(2), "12.68");
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
  if (typeof kind !== "string" || !Object.hasOwn(CHANGE_COLUMNS, kind)) {
    throw invalidArgument(
      `Pass the unit as one of ${Object.keys(CHANGE_COLUMNS).map((k) => `"${k}"`).join(", ")}: ` +
        `got ${JSON.stringify(kind)}`,
    );
  }
  requireColumns(df, NEEDED, "withChange()");
  const name = CHANGE_COLUMNS[kind];
  const unit = UNITS[kind];
  const work = workOf(df, seriesKeyOf(df), unit.base);
  checkCycles(kind, work.cycles);
  const needsN = unit.formula === "annual" || unit.formula === "logdiffAnnual";
  const inputs = pl.DataFrame([
    work.frame.getColumn("_v"),
    baseValues(work, unit.base),
    ...(needsN ? [perYear(work)] : []),
  ]);
  const change = inputs
    .select(formula(unit.formula).cast(pl.Float64).alias(name))
    .getColumn(name);
  const out = withColumnUnits(df.withColumns(change), unitOfChange(df, kind), df);
  return withInfoOf(out, df);
}
