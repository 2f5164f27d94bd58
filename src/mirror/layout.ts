/**
 * Where a mirror keeps what: the hive partitions, one file per unit, the manifest, the
 * catalogue, and temporary names that no reader's glob matches.
 *
 * ```
 * DIR/_manifest.json                                  what is stored, unit by unit
 * DIR/_catalogue/items.parquet                        the item lists of the mirrored tables
 * DIR/_catalogue/tables.parquet                       one row per table and cycle
 * DIR/STAT_CODE=722Y001/CYCLE=M/item-0101000.parquet  one unit: a table, a cycle, an item
 * DIR/STAT_CODE=722Y001/CYCLE=M/.item-0101000.parquet.tmp-<uuid>   being written
 * ```
 *
 * Readers glob the `*.parquet` files two folders down ({@linkcode DATA_GLOB}); Spark skips
 * names that start with "_" or ".", so `spark.read.parquet(DIR)` sees the data files only.
 *
 * @module
 */

import type { Cycle } from "../wire/period.ts";

/** The manifest's name inside the mirror's directory. */
export const MANIFEST_FILE = "_manifest.json";
/** The catalogue's folder inside the mirror's directory. */
export const CATALOGUE_DIR = "_catalogue";
/** The catalogue's item lists. */
export const ITEMS_FILE = "items.parquet";
/** The catalogue's tables. */
export const TABLES_FILE = "tables.parquet";
/** The glob of every data file, relative to the mirror's directory. */
export const DATA_GLOB = "STAT_CODE=*/CYCLE=*/*.parquet";

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
 * The data file of a unit, relative to the mirror's directory.
 *
 * @param statCode The table code.
 * @param cycle The cycle.
 * @param item The level-1 item code.
 * @returns E.g. "STAT_CODE=722Y001/CYCLE=M/item-0101000.parquet".
 */
export function unitFile(statCode: string, cycle: Cycle, item: string): string {
  return `${partitionPath(statCode, cycle)}/item-${sanitizeCode(item)}.parquet`;
}

/**
 * A fresh temporary name beside a file: hidden (a leading "."), and ending in neither
 * ".parquet" nor ".json", so that no reader's glob takes a half-written file.
 *
 * @param path The file the temporary one will replace.
 * @returns E.g. "DIR/STAT_CODE=722Y001/CYCLE=M/.item-0101000.parquet.tmp-<uuid>".
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
