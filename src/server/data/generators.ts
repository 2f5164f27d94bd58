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
