/**
 * The range `ecos series` pulls when it is given no start or end: the latest periods of the
 * series' cycle, up to today.
 *
 * @module
 */

import { type Cycle, dateToIndex, formatPeriod, tryParseLabel } from "../wire/period.ts";

/**
 * How many periods of each cycle make a recent range: ten years, ten half-years, twelve
 * quarters, twenty-four months or half-months, ninety days.
 */
export const RECENT_PERIODS: Readonly<Record<Cycle, number>> = {
  A: 10,
  S: 10,
  Q: 12,
  M: 24,
  SM: 24,
  D: 90,
};

/** A range of labels. */
export interface LabelRange {
  /** The first period's label. */
  start: string;
  /** The last period's label. */
  end: string;
}

/**
 * The range of a series given none, or only its start: the {@linkcode RECENT_PERIODS} of the
 * cycle that end with the period holding `now`; with a start, from it to the period of its own
 * cycle (read from its shape) holding `now`.
 *
 * @param cycle The series' cycle, used when `start` does not tell one.
 * @param now Today.
 * @param start The first period, when given.
 * @returns The labels, half-monthly ones in the live service's spelling (`202401S2`).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { recentRange } from "./recent.ts";
 *
 * const now = new Date("2026-11-23T08:00:00Z");
 * assert.deepEqual(recentRange("M", now), { start: "202412", end: "202611" });
 * assert.deepEqual(recentRange("Q", now), { start: "2024Q1", end: "2026Q4" });
 * assert.deepEqual(recentRange("D", now), { start: "20260826", end: "20261123" });
 * assert.deepEqual(recentRange("M", now, "2020"), { start: "2020", end: "2026" });
 * ```
 */
export function recentRange(cycle: Cycle, now: Date, start?: string): LabelRange {
  const given = start === undefined ? undefined : tryParseLabel(start);
  const c = given?.cycle ?? cycle;
  const last = dateToIndex(now, c);
  return {
    start: start ?? formatPeriod(c, last - RECENT_PERIODS[c] + 1, "live"),
    end: formatPeriod(c, last, "live"),
  };
}
