/**
 * The live check: a fixed, small set of requests (at most 30, paced one a second) sent to the
 * live ECOS service with a key of the user's own, and every wire fact the module relies on
 * held against what comes back: envelopes, result codes and their Korean messages, which code
 * wins when two things are wrong, the half-monthly spelling, TIME shapes per cycle,
 * KeyStatisticList's count and CYCLE shapes, the largest page, end periods past the data, and
 * the client reading the very bodies that came back. `ecos doctor` (and `deno task
 * live-check`) prints the table; `--record DIR` keeps every body, key removed, as fixtures
 * that {@linkcode checkFacts} replays.
 *
 * @module
 */

export {
  checkBaseUrl,
  checkFacts,
  LIVE_FACTS,
  type LiveCheckOptions,
  type LiveCheckResult,
  runLiveCheck,
  skipReason,
} from "./check.ts";
export { type LiveExchange, sendRequests, type SendRequestsOptions } from "./exchange.ts";
export type { FactCheck, FactResult, Verdict } from "./fact.ts";
export { readRecording, recordExchanges } from "./record.ts";
export { displayWidth, exitStatus, formatReport } from "./report.ts";
export { buildLiveUrl, LIVE_REQUESTS, type LiveRequest, MAX_LIVE_REQUESTS } from "./requests.ts";
