/**
 * What a mirror run reports while it goes, and the one-line text of a report.
 *
 * @module
 */

import type { Cycle } from "../wire/period.ts";
import { type MirrorPlan, timeAtRateLimit, type UnitMode, unitName } from "./plan.ts";
import type { Tally } from "./tally.ts";
import { count, shortDuration } from "../util/human.ts";

/** One unit as progress reports name it. */
export interface MirrorProgressUnit {
  /** The table code. */
  statCode: string;
  /** The cycle. */
  cycle: Cycle;
  /** The level-1 item code of a split partition's unit; `null` for a whole table and cycle. */
  item: string | null;
  /** The item's name. */
  itemName: string | null;
  /** The data file, relative to the mirror's directory. */
  file: string;
  /** Fetched whole, or from its revision window on. */
  mode: Exclude<UnitMode, "done">;
  /** The first period asked for, as a label. */
  from: string;
}

/**
 * How far a mirror run has come: given to the `onProgress` option when a unit starts, after
 * each page of it, and when its file and the manifest are written.
 */
export interface MirrorProgress {
  /** "unit-start" before the unit's first request, "page" after each page, "unit-done" once stored. */
  event: "unit-start" | "page" | "unit-done";
  /** The unit. */
  unit: MirrorProgressUnit;
  /**
   * The unit's rows: received so far ("page"), or stored in its file ("unit-done": kept rows
   * and new ones).
   */
  rows: number;
  /** The unit's pages received so far. */
  pages: number;
  /** The unit's pages in all, as the service's first answer tells (0 before it). */
  totalPages: number;
  /** Units finished in this run (a resumed run counts those done before it). */
  unitsDone: number;
  /** Units in scope. */
  units: number;
  /** Requests made by this call so far, the item lists' included. */
  requests: number;
  /** Requests the plan expects, the item lists' included. */
  plannedRequests: number;
  /** Milliseconds since the call started. */
  elapsedMs: number;
  /**
   * Milliseconds left, from the pace so far and the rate limit (whichever is slower); 0 when
   * the requests planned are made.
   */
  etaMs: number;
}

/** What a unit reports: the fields of a report that are the unit's own. */
export type UnitStep = Pick<MirrorProgress, "event" | "unit" | "rows" | "pages" | "totalPages">;

/**
 * A progress report: the unit's step, and the run's counts against its plan. The time left is
 * the slower of the pace so far and the rate limit.
 *
 * @param plan The run's plan.
 * @param tally The run's counters.
 * @param step What the unit reports.
 * @returns The report for `onProgress`.
 */
export function progressOf(plan: MirrorPlan, tally: Tally, step: UnitStep): MirrorProgress {
  const plannedRequests = plan.catalogueRequests + plan.requests;
  const { requests } = tally;
  const elapsedMs = performance.now() - tally.t0;
  const left = Math.max(0, plannedRequests - requests);
  const pace = requests > 0 ? (elapsedMs / requests) * left : 0;
  const limit = timeAtRateLimit(requests + left, plan.rateLimit) - elapsedMs;
  return {
    event: step.event,
    unit: step.unit,
    rows: step.rows,
    pages: step.pages,
    totalPages: step.totalPages,
    unitsDone: tally.unitsDone,
    units: plan.units,
    requests,
    plannedRequests,
    elapsedMs,
    etaMs: left === 0 ? 0 : Math.max(0, pace, limit),
  };
}

/**
 * The text of a mirror's progress line: the unit, what is done of it, units and requests done
 * of the plan, and the time left.
 *
 * @param p What the run reported.
 * @returns E.g. "722Y001 D (update from 20260911): 212 rows, 14/52 units, 15/57 requests,
 * 2m05s left" (a split partition's unit names its item after the cycle).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { formatMirrorProgress } from "@ecos/ecos/mirror";
 *
 * const line = formatMirrorProgress({
 *   event: "page",
 *   unit: {
 *     statCode: "722Y001",
 *     cycle: "D",
 *     item: null,
 *     itemName: null,
 *     file: "STAT_CODE=722Y001/CYCLE=D/data.parquet",
 *     mode: "incremental",
 *     from: "20260911",
 *   },
 *   rows: 20,
 *   pages: 1,
 *   totalPages: 1,
 *   unitsDone: 13,
 *   units: 52,
 *   requests: 15,
 *   plannedRequests: 57,
 *   elapsedMs: 4_000,
 *   etaMs: 125_000,
 * });
 * assert.equal(
 *   line,
 *   "722Y001 D (update from 20260911): 20 rows, 13/52 units, 15/57 requests, 2m05s left",
 * );
 * ```
 */
export function formatMirrorProgress(p: MirrorProgress): string {
  const u = p.unit;
  const how = u.mode === "incremental" ? `update from ${u.from}` : `from ${u.from}`;
  const pages = p.totalPages > 1 ? ` (page ${p.pages}/${p.totalPages})` : "";
  const left = p.etaMs <= 0 ? "done" : `${shortDuration(p.etaMs)} left`;
  return `${unitName(u)} (${how}): ${count(p.rows)} rows${pages}, ` +
    `${p.unitsDone}/${p.units} units, ${count(p.requests)}/${count(p.plannedRequests)} ` +
    `requests, ${left}`;
}
