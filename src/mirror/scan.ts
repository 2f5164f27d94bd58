/**
 * scanMirror(): a mirror's data as one Polars LazyFrame.
 *
 * @module
 */

import { pl } from "../deps.ts";
import { invalidArgument } from "../errors.ts";
import { type DataFrame, emptyFrame } from "../client/mod.ts";
import { STATISTIC_SEARCH_SCHEMA } from "../wire/columns.ts";
import { DATA_GLOB, joinPath } from "./layout.ts";

/** A Polars LazyFrame (the type nodejs-polars gives `DataFrame.lazy()`). */
export type LazyFrame = ReturnType<DataFrame["lazy"]>;

/** The columns of {@linkcode scanMirror}: StatisticSearch's, then CYCLE. */
export const MIRROR_COLUMNS: readonly string[] = [
  ...STATISTIC_SEARCH_SCHEMA.map((c) => c.name),
  "CYCLE",
];

/** Whether a mirror holds at least one data file (names a glob on `*.parquet` would take). */
function hasDataFiles(dir: string): boolean {
  const list = (path: string) => {
    try {
      return [...Deno.readDirSync(path)];
    } catch (e) {
      if (e instanceof Deno.errors.NotFound || e instanceof Deno.errors.NotADirectory) return [];
      throw e;
    }
  };
  for (const table of list(dir)) {
    if (!table.isDirectory || !table.name.startsWith("STAT_CODE=")) continue;
    for (const cycle of list(joinPath(dir, table.name))) {
      if (!cycle.isDirectory || !cycle.name.startsWith("CYCLE=")) continue;
      const files = list(joinPath(dir, `${table.name}/${cycle.name}`));
      if (files.some((f) => f.isFile && !f.name.startsWith(".") && f.name.endsWith(".parquet"))) {
        return true;
      }
    }
  }
  return false;
}

/**
 * Reads a mirror made by {@linkcode mirror} as one LazyFrame: StatisticSearch's columns
 * (STAT_CODE from the partition, TIME a Date, DATA_VALUE a Float64), then CYCLE from the
 * partition. Filters on STAT_CODE and CYCLE skip the other partitions' files. Temporary files
 * of writes in progress, the manifest and the catalogue are not read. A mirror with no data
 * yet gives no rows, with the same columns.
 *
 * @param dir The mirror's directory.
 * @returns The lazy frame; `collect()` it, or filter first.
 * @throws {EcosError} INVALID_ARGUMENT when `dir` does not exist.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { EcosClient, pl } from "@ecos/ecos";
 * import { startEcosServer } from "@ecos/ecos/server";
 * import { mirror, scanMirror } from "@ecos/ecos/mirror";
 *
 * await using server = await startEcosServer({ keys: ["test-key"] });
 * const client = new EcosClient({ baseUrl: server.url, apiKey: "test-key" });
 * const dir = await Deno.makeTempDir();
 * try {
 *   assert.equal(scanMirror(dir).collectSync().height, 0);
 *   await mirror(client, ["722Y001"], { dir, cycles: ["A", "Q"] });
 *   const annual = scanMirror(dir)
 *     .filter(pl.col("CYCLE").eq(pl.lit("A")))
 *     .collectSync();
 *   assert.equal(annual.height, 3 * 26); // three items, 2000 to 2025
 *   assert.equal(annual.columns[0], "STAT_CODE");
 *   assert.equal(annual.columns.at(-1), "CYCLE");
 * } finally {
 *   await Deno.remove(dir, { recursive: true });
 * }
 * ```
 */
export function scanMirror(dir: string): LazyFrame {
  if (typeof dir !== "string" || dir === "") {
    throw invalidArgument("Pass the mirror's directory as a non-empty string");
  }
  try {
    if (!Deno.statSync(dir).isDirectory) {
      throw invalidArgument(`Pass a directory to scanMirror(): ${dir} is a file`);
    }
  } catch (e) {
    if (!(e instanceof Deno.errors.NotFound)) throw e;
    throw invalidArgument(`Mirror something into ${dir} first: no such directory`);
  }
  if (!hasDataFiles(dir)) {
    return emptyFrame(STATISTIC_SEARCH_SCHEMA)
      .withColumns(pl.lit(null).cast(pl.String).alias("CYCLE"))
      .lazy();
  }
  return pl.scanParquet(joinPath(dir, DATA_GLOB), {
    hivePartitioning: true,
    hiveSchema: { STAT_CODE: pl.String, CYCLE: pl.String },
    hiddenFilePrefix: [".", "_"],
  }).select(...MIRROR_COLUMNS);
}
