/**
 * scanMirror(): a mirror's data as one Polars LazyFrame: the current values, or what the
 * mirror knew at a given moment (its history of superseded values put back).
 *
 * @module
 */

import { pl } from "../deps.ts";
import { invalidArgument } from "../errors.ts";
import { emptyFrame } from "../client/mod.ts";
import { STATISTIC_SEARCH_SCHEMA } from "../wire/columns.ts";
import { hasPartitionFile } from "./files.ts";
import { type LazyFrame, scanHistory } from "./history.ts";
import { DATA_GLOB, joinPath } from "./layout.ts";
import { KEY_COLUMNS } from "./merge.ts";

export type { LazyFrame };

/** The columns of {@linkcode scanMirror}: StatisticSearch's, then CYCLE. */
export const MIRROR_COLUMNS: readonly string[] = [
  ...STATISTIC_SEARCH_SCHEMA.map((c) => c.name),
  "CYCLE",
];

/** Options of {@linkcode scanMirror}. */
export interface ScanMirrorOptions {
  /**
   * The values as the mirror knew them at this moment: each row's value first seen at or
   * before it and not yet replaced then; rows first seen later are left out. A Date, or an ISO
   * 8601 date or date-time ("2026-10-01" is its midnight, UTC).
   *
   * @default {undefined} the current values
   */
  asOf?: Date | string;
}

/** Checks that `dir` is a directory. */
function checkDir(dir: unknown): asserts dir is string {
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
}

/**
 * The data files' rows: MIRROR_COLUMNS, then FIRST_SEEN.
 *
 * @param dir The mirror's directory (checked).
 * @returns The lazy frame.
 */
export function scanData(dir: string): LazyFrame {
  // No file the glob would take (a hidden one is being written): no rows, the same columns.
  if (!hasPartitionFile(dir, (name) => !name.startsWith(".") && name.endsWith(".parquet"))) {
    return emptyFrame(STATISTIC_SEARCH_SCHEMA)
      .withColumns(
        pl.lit(null).cast(pl.String).alias("CYCLE"),
        pl.lit(null).cast(pl.Datetime("ms")).alias("FIRST_SEEN"),
      )
      .lazy();
  }
  return pl.scanParquet(joinPath(dir, DATA_GLOB), {
    hivePartitioning: true,
    hiveSchema: { STAT_CODE: pl.String, CYCLE: pl.String },
    hiddenFilePrefix: [".", "_"],
  }).select(...MIRROR_COLUMNS, "FIRST_SEEN");
}

/** A moment from a Date or an ISO 8601 text. */
function moment(asOf: unknown): Date {
  const date = asOf instanceof Date
    ? asOf
    : typeof asOf === "string" && /^\d{4}-\d{2}-\d{2}/.test(asOf)
    ? new Date(asOf.length === 10 ? `${asOf}T00:00:00Z` : asOf)
    : undefined;
  if (date === undefined || Number.isNaN(date.getTime())) {
    throw invalidArgument(
      `Pass asOf as a Date or an ISO 8601 date-time, e.g. "2026-10-01T09:00:00Z": got ${
        JSON.stringify(asOf)
      }`,
    );
  }
  return date;
}

/**
 * Reads a mirror made by {@linkcode mirror} as one LazyFrame: StatisticSearch's columns
 * (STAT_CODE from the partition, TIME a Date, DATA_VALUE a Float64), then CYCLE from the
 * partition. Filters on STAT_CODE and CYCLE skip the other partitions' files. Temporary files
 * of writes in progress, the manifest, the catalogue and the history are not read. A mirror
 * with no data yet gives no rows, with the same columns.
 *
 * With `asOf`, the frame is what the mirror knew then, as FRED's ALFRED vintages give a series
 * as of a date: each value first seen by then and not yet replaced by then, from the data and
 * the history of superseded values; nothing seen later.
 *
 * @param dir The mirror's directory.
 * @param options `asOf`: a moment to look back to.
 * @returns The lazy frame; `collect()` it, or filter first.
 * @throws {EcosError} INVALID_ARGUMENT when `dir` does not exist or `asOf` is not a moment.
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
 *   // Before the first run the mirror knew nothing.
 *   assert.equal(scanMirror(dir, { asOf: "2000-01-01" }).collectSync().height, 0);
 * } finally {
 *   await Deno.remove(dir, { recursive: true });
 * }
 * ```
 */
export function scanMirror(dir: string, options: ScanMirrorOptions = {}): LazyFrame {
  checkDir(dir);
  if (options === null || typeof options !== "object") {
    throw invalidArgument("Pass scanMirror's options as an object, e.g. { asOf }");
  }
  const unknown = Object.keys(options).find((k) => k !== "asOf");
  if (unknown !== undefined) {
    throw invalidArgument(`Use the option asOf of scanMirror(): got ${JSON.stringify(unknown)}`);
  }
  if (options.asOf === undefined) return scanData(dir).select(...MIRROR_COLUMNS);
  const when = pl.lit(moment(options.asOf).getTime()).cast(pl.Datetime("ms"));
  const current = scanData(dir).filter(pl.col("FIRST_SEEN").ltEq(when));
  const earlier = scanHistory(dir)
    .filter(pl.col("FIRST_SEEN").ltEq(when).and(pl.col("REPLACED_AT").gt(when)))
    .select(...MIRROR_COLUMNS, "FIRST_SEEN");
  // A value both in the data and in the history (a run killed between writing the two) is one.
  return pl.concat([current, earlier], { how: "vertical" })
    .unique({ subset: ["STAT_CODE", "CYCLE", ...KEY_COLUMNS], keep: "first", maintainOrder: true })
    .select(...MIRROR_COLUMNS);
}
