/**
 * Whole ECOS tables as a local, hive-partitioned Parquet dataset, kept up to date.
 *
 * {@linkcode mirror} stores every cycle and item of each table under one directory, one file
 * per unit (a table, a cycle and a level-1 item); an interrupted run resumes where it stopped,
 * and a later run fetches only each unit's revision window and what follows. It takes the
 * client as its first argument: import it from `@ecos/ecos/mirror`, the client from
 * `@ecos/ecos`.
 * {@linkcode scanMirror} reads the dataset back as a Polars LazyFrame. DuckDB
 * (`read_parquet` over the three-level glob of `*.parquet` files with `hive_partitioning =
 * true`) and Spark (`spark.read.parquet(DIR)`) read it as it is: the manifest, the catalogue
 * and files being written are outside the glob, and their names start with "_" or ".", which
 * Spark skips.
 *
 * ```
 * DIR/_manifest.json                                  what is stored (no key)
 * DIR/_catalogue/items.parquet                        StatisticItemList rows, LISTED_AT
 * DIR/_catalogue/tables.parquet                       per table and cycle: ITEMS, ROWS, ...
 * DIR/STAT_CODE=722Y001/CYCLE=M/item-0101000.parquet  StatisticSearch's columns, less STAT_CODE
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
export { type LazyFrame, MIRROR_COLUMNS, scanMirror } from "./scan.ts";
export {
  DEFAULT_MIRROR_RATE_LIMIT,
  DEFAULT_REVISION_WINDOW,
  type MirrorOptions,
} from "./options.ts";
export { formatMirrorProgress, type MirrorProgress, type MirrorProgressUnit } from "./progress.ts";
export { formatMirrorPlan, type MirrorPlan, type MirrorPlanTable, type UnitMode } from "./plan.ts";
export { type Manifest, readManifest as readMirrorManifest, type UnitRecord } from "./manifest.ts";

// Types that the mirror's API refers to, the client's among them: this entry's documentation
// stands on its own, without the root's.
export type {
  CacheInfo,
  DataFrame,
  DataSource,
  EcosClient,
  Progress,
  RequestOptions,
  StatisticSearchQuery,
} from "../client/mod.ts";
export type { SeriesName, SeriesRange } from "../discovery/mod.ts";
export type { RateLimit } from "../util/limiter.ts";
export type { Cycle } from "../wire/period.ts";
export type { Format, Language } from "../wire/format.ts";
