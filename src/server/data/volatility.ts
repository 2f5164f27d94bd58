/**
 * Daily log returns whose volatility comes in clusters, as in real markets: calm months, then
 * a burst of large moves that fades slowly. The process is GARCH(1,1):
 *
 * ```text
 * r_t       = sigma_t * z_t,                      z_t ~ N(0, 1) from the seeded Rng
 * sigma_t^2 = omega + alpha * r_{t-1}^2 + beta * sigma_{t-1}^2
 * ```
 *
 * with `omega` set so that the long-run variance `omega / (1 - alpha - beta)` matches the
 * requested annualised volatility. The defaults suit the won against the dollar: about 7.5% a
 * year (0.47% a day), in line with the 0.45% daily step the exchange-rate table used before,
 * and a persistence `alpha + beta` of 0.98, typical of GARCH fits to daily exchange rates.
 * The returns carry no drift, and a level built from them alone wanders: over 17 years a path
 * from 1,300 won can end anywhere from 900 to 2,600. Pulling it towards the won's yearly
 * anchors (as `anchoredWalk` in generators.ts does) is the caller's job.
 *
 * @module
 */

import type { Rng } from "./prng.ts";

/** Options of {@linkcode garchReturns}. */
export interface GarchOptions {
  /**
   * The long-run annualised volatility, as a share (0.075 = 7.5%).
   *
   * @default {0.075}
   */
  annualVol?: number;
  /**
   * How much yesterday's squared return feeds today's variance: the size of a burst.
   *
   * @default {0.1}
   */
  alpha?: number;
  /**
   * How much yesterday's variance carries over: how slowly a burst fades. `alpha + beta` must
   * stay below 1 for the variance to return to its long-run level.
   *
   * @default {0.88}
   */
  beta?: number;
  /**
   * Trading days in a year, to turn `annualVol` into a daily variance.
   *
   * @default {252}
   */
  daysPerYear?: number;
}

/**
 * Parameters for a plausible KRW/USD path over 2010–2026: 7.5% a year, bursts that fade over
 * a couple of months (a half-life of ln 0.5 / ln 0.98, about 34 trading days).
 */
export const KRW_USD_GARCH: Readonly<Required<GarchOptions>> = Object.freeze({
  annualVol: 0.075,
  alpha: 0.1,
  beta: 0.88,
  daysPerYear: 252,
});

/**
 * `n` daily log returns of a GARCH(1,1) process, drawing one normal number a day from `rng`:
 * the same seed always gives the same returns.
 *
 * The first day starts at the long-run variance, so there is no burn-in to discard.
 *
 * @param rng The random source, e.g. `createRng(seed)` from prng.ts.
 * @param n How many days.
 * @param options The volatility and its clustering; defaults to {@linkcode KRW_USD_GARCH}.
 * @returns The returns: `Math.exp` of their running sum is the level relative to day 0's.
 * @throws {RangeError} When `n` is not a whole number >= 0, `annualVol` or `daysPerYear` is not
 *   positive, `alpha` or `beta` is negative, or `alpha + beta >= 1`.
 *
 * @example A year of the won, from a seed
 * ```ts
 * import assert from "node:assert/strict";
 * import { garchReturns } from "./volatility.ts";
 * import { createRng } from "./prng.ts";
 *
 * const returns = garchReturns(createRng("krw-usd"), 250);
 * assert.equal(returns.length, 250);
 * // The same seed gives the same path.
 * assert.deepEqual(garchReturns(createRng("krw-usd"), 250), returns);
 * // A level from 1,300 won: exp of the running sum of the returns.
 * let level = 1300;
 * for (const r of returns) level *= Math.exp(r);
 * assert.ok(level > 1000 && level < 1700);
 * ```
 *
 * @example A calmer currency with shorter bursts
 * ```ts
 * import assert from "node:assert/strict";
 * import { garchReturns } from "./volatility.ts";
 * import { createRng } from "./prng.ts";
 *
 * const returns = garchReturns(createRng("cny"), 100, { annualVol: 0.04, beta: 0.85 });
 * assert.ok(returns.every((r) => Math.abs(r) < 0.05));
 * assert.throws(() => garchReturns(createRng("cny"), 10, { alpha: 0.2, beta: 0.8 }), RangeError);
 * ```
 */
export function garchReturns(rng: Rng, n: number, options: GarchOptions = {}): Float64Array {
  const {
    annualVol = KRW_USD_GARCH.annualVol,
    alpha = KRW_USD_GARCH.alpha,
    beta = KRW_USD_GARCH.beta,
    daysPerYear = KRW_USD_GARCH.daysPerYear,
  } = options;
  if (!Number.isSafeInteger(n) || n < 0) {
    throw new RangeError(`Cannot generate a number of days that is not a whole number >= 0: ${n}`);
  }
  if (!(annualVol > 0) || !(daysPerYear > 0) || !Number.isFinite(annualVol * daysPerYear)) {
    throw new RangeError(
      `Cannot scale returns without a positive annualVol and daysPerYear: got ${annualVol}, ${daysPerYear}`,
    );
  }
  if (!(alpha >= 0) || !(beta >= 0) || !(alpha + beta < 1)) {
    // At alpha + beta >= 1 the variance has no long-run level to return to.
    throw new RangeError(
      `Cannot generate a stationary GARCH(1,1) unless alpha, beta >= 0 and alpha + beta < 1: got ${alpha}, ${beta}`,
    );
  }
  const longRun = (annualVol * annualVol) / daysPerYear;
  const omega = longRun * (1 - alpha - beta);
  const out = new Float64Array(n);
  let variance = longRun;
  let previous = 0;
  for (let t = 0; t < n; t++) {
    if (t > 0) variance = omega + alpha * previous * previous + beta * variance;
    previous = Math.sqrt(variance) * rng.normal();
    out[t] = previous;
  }
  return out;
}
