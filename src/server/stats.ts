/**
 * The server's counters and request log.
 *
 * @module
 */

import type { RequestRecord, ServerStats } from "./types.ts";

/** The stats object plus the server's hooks into it. */
export interface StatsKeeper {
  /** The public, live view. */
  stats: ServerStats;
  /** Logs a request as it arrives. */
  arrive(entry: RequestRecord): void;
  /** Counts a request's outcome once it is answered. */
  finish(entry: RequestRecord): void;
  /** Notes how many requests are being answered now. */
  inFlight(count: number): void;
}

/** Creates empty counters. */
export function createStats(): StatsKeeper {
  const stats: ServerStats = {
    total: 0,
    byService: {},
    byOutcome: {},
    maxInFlight: 0,
    requests: [],
    reset() {
      stats.total = 0;
      stats.byService = {};
      stats.byOutcome = {};
      stats.maxInFlight = 0;
      stats.requests = [];
    },
  };
  return {
    stats,
    arrive(entry) {
      stats.total++;
      stats.byService[entry.service] = (stats.byService[entry.service] ?? 0) + 1;
      stats.requests.push(entry);
    },
    finish(entry) {
      stats.byOutcome[entry.outcome] = (stats.byOutcome[entry.outcome] ?? 0) + 1;
    },
    inFlight(count) {
      if (count > stats.maxInFlight) stats.maxInFlight = count;
    },
  };
}
