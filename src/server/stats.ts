/**
 * The server's counters and its log of recent requests. The counters are numbers, keyed by
 * what the server knows (services, outcomes), never by what a client sends; the log keeps
 * only the latest records (each up to about 24 KB: 12 arguments of 1000 characters), so memory
 * stays flat however long the server runs.
 *
 * @module
 */

import type { Reply } from "./fault.ts";
import { type Route, wholeRowNumber } from "./route.ts";
import { SERVICES } from "./services/mod.ts";
import type { Fault, RequestRecord, ServerStats } from "./types.ts";

/**
 * The key of {@linkcode ServerStats.byService} that counts requests naming no service the
 * server knows (its parentheses keep it apart from any service name).
 */
export const OTHER_SERVICE = "(other)";

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

/**
 * Creates empty counters and an empty log.
 *
 * @param logLimit How many recent requests the log keeps (0: none).
 */
export function createStats(logLimit: number): StatsKeeper {
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
      // Only the services are keys: any other name sent ("constructor", "__proto__", random
      // text) counts under one bucket, so the object neither grows nor touches its prototype.
      const name = SERVICES.has(entry.service) ? entry.service : OTHER_SERVICE;
      stats.byService[name] = (Object.hasOwn(stats.byService, name) ? stats.byService[name]! : 0) +
        1;
      if (logLimit === 0) return;
      // Dropping the oldest one at a time keeps the array's identity and order for readers.
      if (stats.requests.length >= logLimit) stats.requests.shift();
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

/**
 * A request's entry in the log, without the key; its outcome is "pending" until answered.
 *
 * @param n The request's number since the server started.
 * @param route The request's segments.
 */
export function requestRecord(n: number, route: Route): RequestRecord {
  const startNo = wholeRowNumber(route.startNo);
  const endNo = wholeRowNumber(route.endNo);
  return {
    n,
    service: route.service,
    format: route.format,
    language: route.language,
    ...(startNo === undefined ? {} : { startNo }),
    ...(endNo === undefined ? {} : { endNo }),
    args: [...route.args],
    outcome: "pending",
    rows: 0,
  };
}

/**
 * Notes what a request was answered: "fault:<kind>" for an injected fault, else "ok" or the
 * answer's result code; and the rows of the body, when it had rows.
 *
 * @param record The request's entry.
 * @param reply What was sent.
 * @param fault The injected fault, if any.
 */
export function noteReply(record: RequestRecord, reply: Reply, fault: Fault | undefined): void {
  const answer = "answer" in reply ? reply.answer : undefined;
  const code = answer && "code" in answer ? answer.code : undefined;
  const page = answer && !("code" in answer) ? answer : undefined;
  record.outcome = fault ? `fault:${fault.kind}` : code ?? "ok";
  record.rows = page?.rows.length ?? 0;
}

/**
 * Notes that the server closed while the request waited out the added latency.
 *
 * @param record The request's entry.
 */
export function noteClosed(record: RequestRecord): void {
  record.outcome = "closed";
  record.rows = 0;
}
