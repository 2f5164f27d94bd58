/**
 * Revision rounds: as a source revises its recent data, revision round `n > 0` changes the
 * values of the most recent periods of every generated series and leaves every older value
 * alone. Round 0 is the original release.
 *
 * The window is {@linkcode REVISION_WINDOW} (3 for M, 20 for D, ...), counted in rows back
 * from a series' last row, which follows the data's end: rows of the series' calendar, so
 * business days for a market table. Only a table's first cycle is revised; its other cycles
 * derive from it, so they change exactly where their periods take in a revised row (722Y001's
 * month of September 2026, say, but not its year 2025). Tables no longer compiled
 * (`discontinued`, e.g. 814Y002) are never revised.
 *
 * A revised value is the original times `1 + 0.002 z`, with `z` a normal number drawn for the
 * table, the period and the round: every series of a table moves by the same factor in a
 * period, so relations such as high >= close >= low in 999Y001 hold. When that change would
 * vanish in the table's rounding, the value moves by one unit of its last decimal instead, so
 * every revised value reads differently. The draw depends on the period and the round only,
 * not on the data's end: a period keeps its revised value while it stays in the window.
 * Missing values stay missing.
 *
 * @module
 */

import type { Cycle } from "../../wire/period.ts";
import { REVISION_WINDOW } from "../../wire/revision.ts";
import type { Rng } from "./prng.ts";

// How many of a series' last rows a revision round changes: the wire's revision window.
export { REVISION_WINDOW };

/** The relative size of a revision, per standard normal draw. */
const REVISION_SCALE = 0.002;

/**
 * One value as a revision round reads it.
 *
 * @param value The original value; NaN stays NaN.
 * @param decimals The decimal places the value is written with.
 * @param rng The round's random source for the value's period.
 * @returns A value that, written with `decimals` places, differs from the original.
 */
export function reviseValue(value: number, decimals: number, rng: Rng): number {
  if (!Number.isFinite(value)) return value;
  const z = rng.normal();
  const revised = value * (1 + REVISION_SCALE * z);
  const written = (x: number) => Number(x.toFixed(decimals));
  if (written(revised) !== written(value)) return revised;
  const unit = 10 ** -decimals;
  // The step follows the draw's sign, except that a value in [0, unit) never turns negative.
  return z < 0 && (value < 0 || value >= unit) ? value - unit : value + unit;
}

/**
 * Revises the last rows of a series in place.
 *
 * @param values The series' values.
 * @param ordinals Each row's period ordinal.
 * @param cycle The series' cycle, which sets the window.
 * @param decimals The decimal places the values are written with.
 * @param rngFor The round's random source for a period ordinal.
 */
export function reviseSeries(
  values: Float64Array,
  ordinals: ArrayLike<number>,
  cycle: Cycle,
  decimals: number,
  rngFor: (ordinal: number) => Rng,
): void {
  const from = Math.max(0, values.length - REVISION_WINDOW[cycle]);
  for (let k = from; k < values.length; k++) {
    values[k] = reviseValue(values[k]!, decimals, rngFor(ordinals[k]!));
  }
}
