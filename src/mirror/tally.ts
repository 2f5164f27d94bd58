/**
 * What a mirror run has done so far: one small object that the item lists, each unit and the
 * progress reports count into, so that no counter hides in a closure.
 *
 * @module
 */

import type { Progress } from "../client/mod.ts";
import { isEcosError } from "../errors.ts";
import type { Cycle } from "../wire/period.ts";

/** A table, or a unit of it, that a run could not mirror. */
export interface MirrorFailure {
  /** The table code. */
  statCode: string;
  /** The cycle, when the failure was a unit's. */
  cycle?: Cycle;
  /** The level-1 item, when the failure was a split partition's unit. */
  item?: string;
  /** The error's code, e.g. "UNKNOWN_CODE" or "ERROR-500". */
  code: string;
  /** What went wrong and what to do. */
  message: string;
}

/**
 * A failure as the result lists it: where, the error's code (`fallback` for an error that is
 * not an EcosError) and its message.
 *
 * @param where The table, and the unit's cycle and item when the failure was a unit's.
 * @param e What was thrown.
 * @param fallback The code of an error that carries none.
 * @returns The failure.
 */
export function failureOf(
  where: Pick<MirrorFailure, "statCode" | "cycle" | "item">,
  e: unknown,
  fallback = "ERROR",
): MirrorFailure {
  return {
    ...where,
    code: isEcosError(e) ? e.code : fallback,
    message: e instanceof Error ? e.message : String(e),
  };
}

/** A run's counters, shared by the run and each unit it fetches. */
export interface Tally {
  /** When the call started (`performance.now()`). */
  readonly t0: number;
  /** Requests made (pages answered), the item lists' included. */
  requests: number;
  /** Units finished in this run; a resumed run counts those done before it. */
  unitsDone: number;
  /** Units fetched and stored by this call. */
  unitsFetched: number;
  /** Units whose file this call rewrote (their rows changed). */
  filesWritten: number;
  /** Rows in the files this call wrote (kept rows and new ones). */
  rowsWritten: number;
  /** Values this call found revised, and kept in the history. */
  revised: number;
  /** Tables or units skipped after a failure (`keepGoing`). */
  failures: MirrorFailure[];
  /** Warnings, in order. */
  warnings: string[];
}

/**
 * A tally with nothing done, started now.
 *
 * @returns The tally.
 */
export function startTally(): Tally {
  return {
    t0: performance.now(),
    requests: 0,
    unitsDone: 0,
    unitsFetched: 0,
    filesWritten: 0,
    rowsWritten: 0,
    revised: 0,
    failures: [],
    warnings: [],
  };
}

/**
 * Runs a client call and counts its requests: one a page, and one for an answer with no rows
 * (which reports no page).
 *
 * @param tally The tally counted into.
 * @param call The call, given the `onProgress` option to pass on to the client.
 * @param onPage Told the client's progress after each page.
 * @returns What the call returns.
 */
export async function countRequests<T>(
  tally: Tally,
  call: (onProgress: (p: Progress) => void) => Promise<T>,
  onPage?: (p: Progress) => void,
): Promise<T> {
  let pages = 0;
  try {
    return await call((p) => {
      pages++;
      tally.requests++;
      onPage?.(p);
    });
  } finally {
    if (pages === 0) tally.requests++;
  }
}
