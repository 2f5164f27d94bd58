/**
 * How far back the source revises published values, by cycle: the last 20 daily rows, 4
 * half-months, 3 months, 2 quarters, 1 half-year or year. The bundled server's revision rounds
 * change that many of a series' latest periods, and a mirror fetches that many again on each
 * update, so that the two agree by construction.
 *
 * @module
 */

import type { Cycle } from "./period.ts";

/** The latest periods of a series that revisions touch, by cycle. */
export const REVISION_WINDOW: Readonly<Record<Cycle, number>> = Object.freeze({
  A: 1,
  S: 1,
  Q: 2,
  M: 3,
  SM: 4,
  D: 20,
});
