/**
 * The Bank of Korea's ECOS Open API as Polars DataFrames.
 *
 * {@linkcode EcosClient} pulls every page of a query (concurrently, in order), retries what can
 * be retried, splits date ranges the service finds too large, and returns typed frames: TIME
 * as a Date, values as Float64, missing values as null. Every failure is an
 * {@linkcode EcosError} with a `code`, and the API key appears in no message.
 *
 * Importing this module changes nothing outside it, with one exception made for notebooks:
 * inside Deno's Jupyter kernel it gives Polars frames a readable HTML display. The other
 * entries: `@ecos/ecos/jupyter` (that display, installed anywhere, and its options),
 * `@ecos/ecos/mirror` (whole tables as a Parquet dataset), `@ecos/ecos/server` (the bundled
 * server) and `@ecos/ecos/cli` (the command line).
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

// The client, and where its data comes from.
export {
  type CacheInfo,
  type CacheOptions,
  EcosClient,
  type EcosClientOptions,
  keyStatisticList,
  type Progress,
  type RequestOptions,
  type RetryOptions,
  statisticSearch,
  type StatisticSearchQuery,
} from "./src/client/mod.ts";
export { type FrameInfo, frameInfo, sourceLine } from "./src/frame_info.ts";
export type { DataFrame } from "./src/client/mod.ts";
export type { DataSource } from "./src/frame_info.ts";
export type { Format, Language } from "./src/wire/format.ts";
export type { RateLimit } from "./src/util/limiter.ts";
export {
  type BundledServer,
  connect,
  type ConnectOptions,
  type EcosSession,
} from "./src/connect.ts";

// Errors.
export { EcosError, type EcosErrorCode, type EcosErrorOptions, isEcosError } from "./src/errors.ts";
export type { EcosResultCode } from "./src/wire/codes.ts";

// Named series (period labels: `@ecos/ecos/periods`).
export type { Cycle } from "./src/wire/period.ts";
export {
  type NamedSeries,
  namedSeries,
  type SeriesName,
  type SeriesRange,
} from "./src/discovery/mod.ts";

// What an analyst does with a frame: transforms and charts (units: `@ecos/ecos/units`).
export {
  type Aggregation,
  type ChangeKind,
  type CoarseCycle,
  toCycle,
  toWide,
  withChange,
} from "./src/analysis/mod.ts";
export {
  barChart,
  type BarChartOptions,
  Chart,
  type ChartOptions,
  lineChart,
  type LineChartOptions,
  type VegaLiteSpec,
} from "./src/jupyter/plot.ts";
export type { MimeBundle } from "./src/jupyter/display.ts";

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
import { inJupyterKernel, installFrameDisplay } from "./src/jupyter/display.ts";
if (inJupyterKernel()) installFrameDisplay();
