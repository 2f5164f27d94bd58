/**
 * Where a mirror keeps what. Every `.parquet` file under the directory is current data, at
 * the same depth, in hive partitions, so that `read_parquet('DIR/**\/*.parquet',
 * hive_partitioning = true)` reads the data alone; everything else (history, catalogue, state,
 * lock, files being written) is named otherwise.
 *
 * ```
 * DIR/STAT_CODE=722Y001/CYCLE=M/data.parquet            a table and cycle: every item, current values
 * DIR/STAT_CODE=731Y001/CYCLE=D/item-0000001.parquet    a partition too large for one pull: one file an item
 * DIR/_history/STAT_CODE=722Y001/CYCLE=M/history.pq     superseded values (Parquet, named .pq)
 * DIR/_catalogue/items.pq, DIR/_catalogue/tables.pq     item lists, and a summary per table and cycle
 * DIR/_manifest.json                                    what is stored (no key); DIR/_journal.ndjson since
 * DIR/.lock/                                            held by the run in progress
 * DIR/STAT_CODE=722Y001/CYCLE=M/.data.parquet.tmp-<uuid>  being written
 * ```
 *
 * Spark skips names that start with "_" or ".", so `spark.read.parquet(DIR)` sees the data
 * files only too.
 *
 * @module
 */

import type { Cycle } from "../wire/period.ts";

/** The manifest's name inside the mirror's directory: the state as of the last compaction. */
export const MANIFEST_FILE = "_manifest.json";
/** The journal: one line a unit stored since the manifest was written. */
export const JOURNAL_FILE = "_journal.ndjson";
/** The lock, a folder that one run at a time creates. */
export const LOCK_DIR = ".lock";
/** The catalogue's folder inside the mirror's directory. */
export const CATALOGUE_DIR = "_catalogue";
/** The catalogue's item lists. */
export const ITEMS_FILE = "items.pq";
/** The catalogue's tables. */
export const TABLES_FILE = "tables.pq";
/** The history's folder: superseded values, partitioned as the data. */
export const HISTORY_DIR = "_history";
/** A partition's history file. */
export const HISTORY_FILE = "history.pq";
/** The file of a table and cycle stored whole. */
export const DATA_FILE = "data.parquet";
/** The glob of every data file, relative to the mirror's directory. */
export const DATA_GLOB = "STAT_CODE=*/CYCLE=*/*.parquet";
/** The glob of every history file, relative to the mirror's directory. */
export const HISTORY_GLOB = `${HISTORY_DIR}/STAT_CODE=*/CYCLE=*/${HISTORY_FILE}`;

/**
 * A path inside the mirror's directory, with "/" (Deno accepts it on every platform).
 *
 * @param dir The mirror's directory.
 * @param relative A path relative to it.
 * @returns The joined path.
 */
export function joinPath(dir: string, relative: string): string {
  return `${dir.replace(/[\\/]+$/, "")}/${relative}`;
}

/**
 * An item code as a file name's part: letters, digits and "-" as they are, every other byte
 * as "_" and two upper-case hex digits ("_" itself too), so that different codes never share a
 * name.
 *
 * @param code An item code, e.g. "0101000" or "A.1".
 * @returns The code for a file name, e.g. "0101000" or "A_2E1".
 */
export function sanitizeCode(code: string): string {
  let out = "";
  for (const byte of new TextEncoder().encode(code)) {
    const c = String.fromCharCode(byte);
    out += /[A-Za-z0-9-]/.test(c) ? c : `_${byte.toString(16).toUpperCase().padStart(2, "0")}`;
  }
  return out;
}

/**
 * The partition folder of a table and cycle, relative to the mirror's directory.
 *
 * @param statCode The table code.
 * @param cycle The cycle.
 * @returns E.g. "STAT_CODE=722Y001/CYCLE=M".
 */
export function partitionPath(statCode: string, cycle: Cycle): string {
  return `STAT_CODE=${statCode}/CYCLE=${cycle}`;
}

/**
 * The data file of a unit, relative to the mirror's directory: `data.parquet` for a table and
 * cycle, `item-<code>.parquet` for one item of a partition fetched item by item.
 *
 * @param statCode The table code.
 * @param cycle The cycle.
 * @param item The level-1 item code, or `null` for the whole table and cycle.
 * @returns E.g. "STAT_CODE=722Y001/CYCLE=M/data.parquet".
 */
export function unitFile(statCode: string, cycle: Cycle, item: string | null): string {
  const name = item === null ? DATA_FILE : `item-${sanitizeCode(item)}.parquet`;
  return `${partitionPath(statCode, cycle)}/${name}`;
}

/**
 * The history file of a table and cycle, relative to the mirror's directory.
 *
 * @param statCode The table code.
 * @param cycle The cycle.
 * @returns E.g. "_history/STAT_CODE=722Y001/CYCLE=M/history.pq".
 */
export function historyFile(statCode: string, cycle: Cycle): string {
  return `${HISTORY_DIR}/${partitionPath(statCode, cycle)}/${HISTORY_FILE}`;
}

/**
 * A fresh temporary name beside a file: hidden (a leading "."), and ending in neither
 * ".parquet" nor ".json", so that no reader's glob takes a half-written file.
 *
 * @param path The file the temporary one will replace.
 * @returns E.g. "DIR/STAT_CODE=722Y001/CYCLE=M/.data.parquet.tmp-<uuid>".
 */
export function tempPath(path: string): string {
  const slash = path.lastIndexOf("/");
  return `${path.slice(0, slash + 1)}.${path.slice(slash + 1)}${TEMP_MARK}${crypto.randomUUID()}`;
}

const TEMP_MARK = ".tmp-";

/**
 * Whether a file name is one of {@linkcode tempPath}'s.
 *
 * @param name A file name without folders.
 * @returns `true` for a temporary file a write left behind.
 */
export function isTempName(name: string): boolean {
  return name.startsWith(".") && name.includes(TEMP_MARK);
}
