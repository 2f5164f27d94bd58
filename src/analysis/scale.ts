/**
 * Units you can compute with (`@ecos/ecos/units`): {@linkcode parseUnit} reads a UNIT_NAME,
 * {@linkcode inBaseUnits} multiplies each row's value by its unit's power of ten (십억원 to KRW,
 * 천불 to USD), and {@linkcode rescale} rewrites money to another power of ten of the same
 * currency (십억원 to 조원).
 *
 * @module
 */

import { type DataFrame, pl } from "../deps.ts";
import { invalidArgument } from "../errors.ts";
import { withInfoOf } from "../frame_info.ts";
import { requireColumns } from "./_common.ts";
import { withColumnUnits } from "./column_units.ts";
import { baseUnit, koreanScale, parseUnit, scaleWords, type UnitInfo } from "./units.ts";

export { parseUnit, type UnitInfo, type UnitKind } from "./units.ts";
export type { DataFrame } from "../deps.ts";

/** A Polars expression. */
type Expr = ReturnType<typeof pl.col>;

/** The distinct UNIT_NAME texts of a frame, null included when some row has none. */
function unitTexts(df: DataFrame): (string | null)[] {
  return df.select(pl.col("UNIT_NAME").cast(pl.String)).unique({ maintainOrder: true })
    .getColumn("UNIT_NAME").toArray() as (string | null)[];
}

/** An expression that gives each row the value `pick` gives its UNIT_NAME. */
function perUnit<T extends string | number | null>(
  texts: readonly (string | null)[],
  pick: (text: string | null) => T,
  dtype: typeof pl.Float64 | typeof pl.String,
): Expr {
  const unit = pl.col("UNIT_NAME").cast(pl.String);
  let out: Expr = pl.lit(null).cast(dtype);
  for (const text of texts) {
    const value = pick(text);
    const when = text === null ? unit.isNull() : unit.eq(pl.lit(text));
    out = pl.when(when).then(value === null ? pl.lit(null).cast(dtype) : pl.lit(value).cast(dtype))
      .otherwise(out);
  }
  return out;
}

/**
 * Adds each row's value in base units: `VALUE`, DATA_VALUE times its unit's scale (Float64:
 * 1,234.5 십억원 is 1.2345e12), and `UNIT`, the base unit: the currency code for money ("KRW",
 * "USD"), "%" ("% p.a." for a rate per year), "%p", "index 2020=100" (the base normalised, as
 * {@linkcode parseUnit} writes it), what a count counts ("persons" for 천명), "times", an
 * exchange rate's quote ("KRW per 100 JPY"). A unit {@linkcode parseUnit} cannot read keeps
 * its value and its own text (trimmed) as UNIT: nothing is guessed; a row without a unit gets
 * UNIT null. Rows keep their order and the frame keeps its record of where its rows came from.
 *
 * @param df A frame with UNIT_NAME and DATA_VALUE.
 * @returns The frame with VALUE and UNIT added (replacing columns of those names).
 * @throws {EcosError} INVALID_ARGUMENT for a frame without UNIT_NAME or DATA_VALUE.
 *
 * @example GDP in 십억원 beside the current account in 백만달러, both in plain currency units
 * ```ts
 * import assert from "node:assert/strict";
 * import { pl } from "../deps.ts";
 * import { inBaseUnits } from "./scale.ts";
 *
 * const df = pl.DataFrame({
 *   UNIT_NAME: ["십억원", "백만달러", "연%"],
 *   DATA_VALUE: [2_401_189.4, 9_820.5, 3.5],
 * });
 * const base = inBaseUnits(df);
 * assert.deepEqual(base.getColumn("UNIT").toArray(), ["KRW", "USD", "% p.a."]);
 * assert.deepEqual(base.getColumn("VALUE").toArray(), [2_401_189.4e9, 9_820.5e6, 3.5]);
 * ```
 */
export function inBaseUnits(df: DataFrame): DataFrame {
  requireColumns(df, ["UNIT_NAME", "DATA_VALUE"], "inBaseUnits()");
  const texts = unitTexts(df);
  const scale = perUnit(texts, (t) => parseUnit(t).scale, pl.Float64);
  const unit = perUnit(texts, (t) => baseUnit(parseUnit(t)), pl.String);
  const out = df.withColumns(
    pl.col("DATA_VALUE").cast(pl.Float64).mul(scale).alias("VALUE"),
    unit.alias("UNIT"),
  );
  return withInfoOf(withColumnUnits(out, [], df), df);
}

/** Whether a number is a whole power of ten from 1 to 1e15. */
const isPowerOfTen = (n: number) =>
  Number.isFinite(n) && n >= 1 && n <= 1e15 && 10 ** Math.round(Math.log10(n)) === n;

/** The currency word a Korean money unit ends with ("원", "달러", "불"), or undefined. */
function koreanCurrencyWord(text: string): string | undefined {
  return /(미달러|달러|원|불|엔|유로|위안|파운드)$/.exec(text)?.[1];
}

/** A money unit at another scale, in the language it was written in. */
function unitAt(unit: UnitInfo, scale: number): string {
  const text = unit.text.trim();
  const word = koreanCurrencyWord(text);
  if (word !== undefined) return `${koreanScale(scale)}${word}`;
  return [unit.currency!, scaleWords(scale)].filter(Boolean).join(" ");
}

/**
 * Rewrites money to another power of ten of the same currency: DATA_VALUE is multiplied by the
 * old scale over the new, and UNIT_NAME is rewritten in the language it was in ("십억원" at 1e12
 * is "조원", "KRW billion" is "KRW trillion", "천불" at 1e6 is "백만불"). Rows in several
 * scales of one currency (십억원 and 억원) come out in one. Rows keep their order and the frame
 * keeps its record of where its rows came from.
 *
 * @param df A frame with UNIT_NAME and DATA_VALUE, all its rows money in one currency.
 * @param scale The new scale, a power of ten: 1e12 for 조원 (trillion), 1e8 for 억원, 1 for
 * plain units.
 * @returns The frame in the new scale.
 * @throws {EcosError} INVALID_ARGUMENT for a scale that is not a power of ten from 1 to 1e15,
 * a frame without the columns, a row whose unit is not money (a percent, an index, a count or
 * a unit not read: use inBaseUnits() for those), none, or money in more than one currency.
 *
 * @example GDP from 십억원 to 조원
 * ```ts
 * import assert from "node:assert/strict";
 * import { pl } from "../deps.ts";
 * import { rescale } from "./scale.ts";
 *
 * const gdp = pl.DataFrame({ UNIT_NAME: ["십억원", "십억원"], DATA_VALUE: [2_401_000, 2_549_100] });
 * const trillions = rescale(gdp, 1e12);
 * assert.deepEqual(trillions.getColumn("UNIT_NAME").toArray(), ["조원", "조원"]);
 * assert.deepEqual(trillions.getColumn("DATA_VALUE").toArray(), [2_401, 2_549.1]);
 * assert.throws(() => rescale(pl.DataFrame({ UNIT_NAME: ["%"], DATA_VALUE: [1] }), 1e3), {
 *   code: "INVALID_ARGUMENT",
 * });
 * ```
 */
export function rescale(df: DataFrame, scale: number): DataFrame {
  if (typeof scale !== "number" || !isPowerOfTen(scale)) {
    throw invalidArgument(
      `Pass rescale() a power of ten from 1 to 1e15 (1e12 for 조원, 1e9 for 십억원): got ${
        JSON.stringify(scale)
      }`,
    );
  }
  requireColumns(df, ["UNIT_NAME", "DATA_VALUE"], "rescale()");
  const texts = unitTexts(df);
  const units = new Map(texts.map((t) => [t, parseUnit(t)] as const));
  for (const [text, unit] of units) {
    if (unit.kind !== "money") {
      throw invalidArgument(
        `Cannot rescale rows in ${text === null ? "no unit" : JSON.stringify(text)}: rescale() ` +
          `changes the scale of money only (this is ${
            unit.kind === "other" ? "a unit it cannot read" : `a ${unit.kind.replace("_", " ")}`
          }); use inBaseUnits() to read every unit's value in its base unit`,
      );
    }
  }
  const currencies = [...new Set([...units.values()].map((u) => u.currency))];
  if (currencies.length > 1) {
    throw invalidArgument(
      `Cannot rescale money in more than one currency to one unit: the frame has ${
        currencies.join(" and ")
      }; filter it to one currency first, or use inBaseUnits()`,
    );
  }
  // An exact factor each way: 1e9 / 1e12 as a division by 1,000, not a product by 0.001.
  const value = pl.col("DATA_VALUE").cast(pl.Float64);
  let rescaled: Expr = value;
  for (const [text, unit] of units) {
    const converted = unit.scale >= scale
      ? value.mul(pl.lit(unit.scale / scale))
      : value.div(pl.lit(scale / unit.scale));
    rescaled = pl.when(pl.col("UNIT_NAME").cast(pl.String).eq(pl.lit(text))).then(converted)
      .otherwise(rescaled);
  }
  const name = perUnit(texts, (t) => unitAt(units.get(t)!, scale), pl.String);
  const out = df.withColumns(rescaled.alias("DATA_VALUE"), name.alias("UNIT_NAME"));
  return withInfoOf(withColumnUnits(out, [], df), df);
}
