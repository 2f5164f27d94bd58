/**
 * The client's front door: everything other folders (and the public entries) may use of
 * `src/client/`. The files behind it start with `_` and are imported only inside this folder.
 *
 * @module
 */

// The client, its module-level shortcuts, and their options.
export { EcosClient } from "./client.ts";
export { keyStatisticList, statisticSearch } from "./default_client.ts";
export {
  type CacheOptions,
  checkCallOptions,
  type EcosClientOptions,
  LIVE_BASE_URL,
  type RequestOptions,
  type RetryOptions,
} from "./_options.ts";
export { isLoopback } from "./_call.ts";
export type { CacheInfo } from "../cache/mod.ts";
export type { Progress } from "./_paging.ts";
export {
  type StatisticSearchQuery,
  validateSearchQuery,
  validateStatCode,
  validateText,
  type ValidSearch,
} from "./_validate.ts";
export { parseWith } from "./_schema.ts";
export { XML_PARSER_OPTIONS } from "./_decode_xml.ts";

// Periods, for people and for other folders.
export { dateToLabel, parseLabel, parsePeriod, periodEnd } from "./_periods.ts";

// Frames: building them by the wire's columns, and where their rows came from.
export { concatFrames, type DataFrame, emptyFrame, mergeRangeParts } from "./_frame.ts";
export {
  combineInfo,
  currentSource,
  type DataSource,
  type FrameInfo,
  frameInfo,
  setFrameInfo,
  sourceLine,
  sourceOf,
  withInfoOf,
} from "./_source.ts";

// The key, hidden from any text that might show it.
export { redact } from "./_errors.ts";
