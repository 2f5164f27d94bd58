/**
 * Building blocks for plausible series: anchored random walks, interpolation between yearly
 * anchors, seasonality. Every function draws only from the Rng it is given.
 *
 * @module
 */

import type { Rng } from "./prng.ts";

/**
 * Linear interpolation through `[x, y]` points sorted by x; flat beyond the ends.
 *
 * @param points The anchors.
 * @param x Where to read.
 */
export function interpolate(points: readonly (readonly [number, number])[], x: number): number {
  const head = points[0];
  if (!head) return 0;
  if (x <= head[0]) return head[1];
  for (let i = 1; i < points.length; i++) {
    const [x1, y1] = points[i]!;
    if (x <= x1) {
      const [x0, y0] = points[i - 1]!;
      return y0 + ((y1 - y0) * (x - x0)) / (x1 - x0);
    }
  }
  return points[points.length - 1]![1];
}

/** Options of {@linkcode anchoredWalk}. */
export interface AnchoredWalkOptions {
  /** Standard deviation of one step, in the series' units. */
  vol: number;
  /** The share of the gap to the anchor closed each step (0..1). */
  speed: number;
  /** Where the walk starts. @default the first anchor */
  start?: number;
  /** A floor the walk never goes below. */
  min?: number;
}

/**
 * A random walk pulled towards a moving anchor (an Ornstein-Uhlenbeck path): wanders like a
 * market price, yet follows the anchor's story.
 *
 * @param rng The random source.
 * @param count How many values.
 * @param anchor The anchor at step k.
 * @param options Volatility and pull.
 */
export function anchoredWalk(
  rng: Rng,
  count: number,
  anchor: (k: number) => number,
  options: AnchoredWalkOptions,
): Float64Array {
  const { vol, speed, min = -Infinity } = options;
  const out = new Float64Array(count);
  let x = options.start ?? anchor(0);
  for (let k = 0; k < count; k++) {
    if (k > 0) x += speed * (anchor(k) - x) + vol * rng.normal();
    if (x < min) x = min + (min - x) * 0.5;
    out[k] = x;
  }
  return out;
}

/** Options of {@linkcode anchoredStepWalk}. */
export interface AnchoredStepWalkOptions {
  /** The share of the gap to the anchor closed each step (0..1). */
  speed: number;
  /** Where the walk starts. @default the first anchor */
  start?: number;
  /**
   * A soft band around the anchor: the pull grows with the square of the gap in band widths
   * (`speed * (1 + (gap / band)^2)`), so a burst of large steps cannot carry the walk far off
   * its story while ordinary days feel only `speed`. @default no band
   */
  band?: number;
}

/**
 * {@linkcode anchoredWalk} with steps drawn elsewhere: each step adds `steps[k]` (for instance
 * GARCH log returns from volatility.ts, whose size comes in clusters) and closes `speed` of the
 * gap to the anchor. The pull is small next to the steps, so the steps' character (calm
 * spells, bursts) survives while the level follows the anchor's story.
 *
 * @param steps The steps; `steps[0]` is not used (the walk starts at `start`).
 * @param anchor The anchor at step k.
 * @param options The pull and the start.
 * @returns One value per step.
 *
 * @example A walk in logs around a flat anchor
 * ```ts
 * import assert from "node:assert/strict";
 * import { anchoredStepWalk } from "./generators.ts";
 *
 * const steps = Float64Array.from({ length: 200 }, (_, k) => (k % 2 === 0 ? 0.01 : -0.01));
 * const path = anchoredStepWalk(steps, () => 0, { speed: 0.1, start: 0.5 });
 * assert.equal(path[0], 0.5);
 * // The pull brings the walk back near its anchor; the steps keep it moving.
 * assert.ok(Math.abs(path[199]!) < 0.02);
 * ```
 */
export function anchoredStepWalk(
  steps: ArrayLike<number>,
  anchor: (k: number) => number,
  options: AnchoredStepWalkOptions,
): Float64Array {
  const { speed, band = Infinity } = options;
  const out = new Float64Array(steps.length);
  let x = options.start ?? anchor(0);
  for (let k = 0; k < steps.length; k++) {
    if (k > 0) {
      const gap = anchor(k) - x;
      x += speed * (1 + (gap / band) ** 2) * gap + steps[k]!;
    }
    out[k] = x;
  }
  return out;
}

/**
 * A level that compounds by a growth rate each step, with noise on the rate.
 *
 * @param rng The random source.
 * @param count How many values.
 * @param start The first value.
 * @param growth The growth rate at step k (0.01 = 1%).
 * @param noise Standard deviation of the rate's noise.
 */
export function compound(
  rng: Rng,
  count: number,
  start: number,
  growth: (k: number) => number,
  noise: number,
): Float64Array {
  const out = new Float64Array(count);
  let x = start;
  for (let k = 0; k < count; k++) {
    if (k > 0) x *= 1 + growth(k) + noise * rng.normal();
    out[k] = x;
  }
  return out;
}

/**
 * Scales a series so that the mean of rows `from..to` equals `target` (e.g. 2020 = 100).
 *
 * @param values The series, scaled in place.
 * @param from The first row of the base period.
 * @param to The last row of the base period.
 * @param target The base period's mean after scaling.
 */
export function rebase(values: Float64Array, from: number, to: number, target: number): void {
  let sum = 0;
  let n = 0;
  for (let k = Math.max(0, from); k <= Math.min(values.length - 1, to); k++) {
    sum += values[k]!;
    n++;
  }
  if (n === 0 || sum === 0) return;
  const factor = (target * n) / sum;
  for (let k = 0; k < values.length; k++) values[k] = values[k]! * factor;
}

/** A smooth yearly cycle: +1 at `peakMonth` (0-11), -1 six months later. */
export function seasonal(monthOfYear: number, peakMonth: number): number {
  return Math.cos((2 * Math.PI * (monthOfYear - peakMonth)) / 12);
}
