/**
 * Whole ECOS tables as a local, hive-partitioned Parquet dataset, kept up to date, with every
 * value a revision replaced.
 *
 * {@linkcode mirror} stores every cycle and item of each table under one directory, one file
 * per table and cycle (one StatisticSearch without item codes fetches it); an interrupted run
 * resumes where it stopped, and a later run fetches only each partition's revision window and
 * what follows, about one request a table and cycle. Values a fetch changes are kept in the
 * history. It takes the client as its first argument: import it from `@ecos/ecos/mirror`, the
 * client from `@ecos/ecos`.
 * {@linkcode scanMirror} reads the dataset back as a Polars LazyFrame, as it is now or as the
 * mirror knew it at a given time (`asOf`); {@linkcode mirrorRevisions} lists the revisions.
 * DuckDB (`read_parquet('DIR/**\/*.parquet', hive_partitioning = true)`) and Spark
 * (`spark.read.parquet(DIR)`) read the data as it is: every `.parquet` file is data; the
 * history and the catalogue are Parquet files named `.pq`, under folders starting with "_",
 * which Spark skips. Each data file says what its numbers are in its footer's key-value
 * metadata: `ecos.stat_code`, `ecos.cycle`, `ecos.source`, `ecos.base_url`,
 * `ecos.retrieved_at` (when it was written) and `ecos.units`, a JSON array of each series'
 * UNIT_NAME read into words, kind, scale and base unit (DuckDB: `parquet_kv_metadata(file)`).
 *
 * ```
 * DIR/STAT_CODE=722Y001/CYCLE=M/data.parquet          StatisticSearch's columns less STAT_CODE, FIRST_SEEN
 * DIR/_history/STAT_CODE=722Y001/CYCLE=M/history.pq   superseded rows: FIRST_SEEN, LAST_SEEN, REPLACED_AT
 * DIR/_catalogue/items.pq, tables.pq                  StatisticItemList rows; a summary per table and cycle
 * DIR/_manifest.json, DIR/_journal.ndjson             what is stored (no key)
 * DIR/.lock/                                          held by the run in progress
 * ```
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { EcosClient } from "@ecos/ecos";
 * import { startEcosServer } from "@ecos/ecos/server";
 * import { mirror, scanMirror } from "@ecos/ecos/mirror";
 *
 * await using server = await startEcosServer({ keys: ["test-key"] });
 * const client = new EcosClient({ baseUrl: server.url, apiKey: "test-key" });
 * const dir = await Deno.makeTempDir();
 * try {
 *   await mirror(client, ["200Y102"], { dir });
 *   const gdp = scanMirror(dir).collectSync();
 *   assert.equal(gdp.height, 5 * 106); // five items, 2000Q1 to 2026Q2
 * } finally {
 *   await Deno.remove(dir, { recursive: true });
 * }
 * ```
 *
 * @module
 */

export { mirror, type MirrorResult } from "./mirror.ts";
export { type LazyFrame, MIRROR_COLUMNS, scanMirror, type ScanMirrorOptions } from "./scan.ts";
export { mirrorRevisions, type MirrorRevisionsOptions } from "./revisions.ts";
export {
  DEFAULT_MIRROR_RATE_LIMIT,
  DEFAULT_REVISION_WINDOW,
  type MirrorOptions,
} from "./options.ts";
export { formatMirrorProgress, type MirrorProgress, type MirrorProgressUnit } from "./progress.ts";
export { type MirrorPlan, type MirrorPlanTable, type UnitMode } from "./plan.ts";
export { formatMirrorPlan } from "./plan_text.ts";
export type { MirrorFailure } from "./tally.ts";
export { type Manifest, readManifest as readMirrorManifest, type UnitRecord } from "./manifest.ts";

// Types that the mirror's API refers to, the client's among them: this entry's documentation
// stands on its own, without the root's.
export type {
  CacheInfo,
  DataFrame,
  EcosClient,
  Progress,
  RequestOptions,
  StatisticSearchQuery,
} from "../client/mod.ts";
export type { DataSource } from "../frame_info.ts";
export type { SeriesName, SeriesRange } from "../discovery/mod.ts";
export type { RateLimit } from "../util/limiter.ts";
export type { Cycle } from "../wire/period.ts";
export type { Format, Language } from "../wire/format.ts";
