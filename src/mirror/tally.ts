/**
 * What a mirror run has done so far: one small object that the item lists, each unit and the
 * progress reports count into, so that no counter hides in a closure.
 *
 * @module
 */

import type { Progress } from "../client/mod.ts";

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
  /** Rows in the files this call wrote (kept rows and new ones). */
  rowsWritten: number;
}

/**
 * A tally with nothing done, started now.
 *
 * @returns The tally.
 */
export function startTally(): Tally {
  return { t0: performance.now(), requests: 0, unitsDone: 0, unitsFetched: 0, rowsWritten: 0 };
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
  const value = await call((p) => {
    pages++;
    tally.requests++;
    onPage?.(p);
  });
  if (pages === 0) tally.requests++;
  return value;
}
