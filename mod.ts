/**
 * The Bank of Korea's ECOS Open API as Polars DataFrames.
 *
 * {@linkcode EcosClient} pulls every page of a query (concurrently, in order), retries what can
 * be retried, splits date ranges the service finds too large, and returns typed frames: TIME
 * as a Date, values as Float64, missing values as null. Every failure is an
 * {@linkcode EcosError} with a `code`, and the API key appears in no message.
 *
 * Importing this module changes nothing outside it, with one exception made for notebooks:
 * inside Deno's Jupyter kernel it gives Polars frames a readable HTML display
 * ({@linkcode installFrameDisplay}). Import `@ecos/ecos/jupyter` to install that display
 * elsewhere too.
 *
 * @example The base rate, from the bundled server
 * ```ts
 * import assert from "node:assert/strict";
 * import { EcosClient } from "@ecos/ecos";
 * import { startEcosServer } from "@ecos/ecos/server";
 *
 * await using server = await startEcosServer();
 * const client = new EcosClient({ baseUrl: server.url, apiKey: "sample" });
 * const rate = await client.statisticSearch({
 *   statCode: "722Y001",
 *   cycle: "M",
 *   start: "202301",
 *   end: "202312",
 *   items: ["0101000"],
 * });
 * assert.equal(rate.height, 12);
 * assert.equal(rate.getColumn("TIME").dtype.variant, "Date");
 * ```
 *
 * @example The live service, with ECOS_API_KEY set
 * ```ts ignore
 * import { statisticSearch } from "@ecos/ecos";
 *
 * const cpi = await statisticSearch({
 *   statCode: "901Y009",
 *   cycle: "M",
 *   start: "202001",
 *   end: "202412",
 *   items: ["0"],
 * });
 * ```
 *
 * @module
 */

export {
  type CacheInfo,
  type CacheOptions,
  EcosClient,
  type EcosClientOptions,
  type Format,
  keyStatisticList,
  type KeyStatisticListOptions,
  type Language,
  LIVE_BASE_URL,
  type Progress,
  type RateLimit,
  type RequestOptions,
  type RetryOptions,
  type StatisticItemListOptions,
  type StatisticMetaOptions,
  statisticSearch,
  type StatisticSearchOptions,
  type StatisticSearchPagesOptions,
  type StatisticSearchQuery,
  type StatisticTableListOptions,
  type StatisticWordOptions,
} from "./src/client/client.ts";
export { dateToLabel, parsePeriod, periodEnd } from "./src/client/periods.ts";
export { NAMED_SERIES, type NamedSeries, type SeriesName } from "./src/discovery/named_series.ts";
export type { SeriesRange } from "./src/discovery/discovery.ts";
export type { Cycle, SmSpelling } from "./src/wire/period.ts";
export {
  type EcosClientCode,
  EcosError,
  type EcosErrorCode,
  type EcosErrorOptions,
  isEcosError,
} from "./src/client/errors.ts";
export {
  ECOS_CODES,
  type EcosCodeInfo,
  type EcosResultCode,
  type RetryPolicy,
} from "./src/wire/codes.ts";
export type { DataFrame } from "./src/client/frame.ts";
export {
  type Aggregation,
  CHANGE_COLUMNS,
  type ChangeKind,
  type CoarseCycle,
  toCycle,
  toWide,
  withChange,
} from "./src/analysis/mod.ts";
export { type DataSource, type FrameInfo, frameInfo, sourceLine } from "./src/client/source.ts";
export {
  formatMirrorPlan,
  formatMirrorProgress,
  type LazyFrame,
  type Manifest,
  MIRROR_COLUMNS,
  type MirrorOptions,
  type MirrorPlan,
  type MirrorPlanTable,
  type MirrorProgress,
  type MirrorProgressUnit,
  type MirrorResult,
  readMirrorManifest,
  scanMirror,
  type UnitMode,
  type UnitRecord,
} from "./src/mirror/mod.ts";
export {
  type BundledServer,
  connect,
  type ConnectOptions,
  type EcosSession,
  type EcosSource,
} from "./src/connect.ts";
export {
  barChart,
  type BarChartOptions,
  Chart,
  type ChartOptions,
  lineChart,
  type LineChartOptions,
  type VegaLiteSpec,
} from "./src/jupyter/plot.ts";
export {
  type Displayable,
  displayFrame,
  type DisplayFrameOptions,
  frameToHtml,
  installFrameDisplay,
  JUPYTER_DISPLAY,
  type MimeBundle,
} from "./src/jupyter/display.ts";

import { pl as polars } from "./src/deps.ts";
/**
 * nodejs-polars, so that a notebook needs no second import: `pl.col`, `pl.DataFrame`, ...
 * (Left out of the generated documentation, which would otherwise list all of Polars.)
 *
 * @ignore
 */
// deno-lint-ignore no-unused-vars
export import pl = polars;

// Notebooks get readable frames without a step of their own; scripts are left as they were.
import { inJupyterKernel, installFrameDisplay as install } from "./src/jupyter/display.ts";
if (inJupyterKernel()) install();
