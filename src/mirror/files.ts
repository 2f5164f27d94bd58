/**
 * Writing files so that a reader never sees half of one: a temporary file beside the target,
 * flushed to disk, then renamed over it (atomic on one file system). A write that fails
 * removes its temporary file; a process that was killed leaves one, which the next run sweeps.
 *
 * @module
 */

import { Buffer } from "node:buffer";
import { type DataFrame, pl } from "../deps.ts";
import { CATALOGUE_DIR, HISTORY_DIR, isTempName, joinPath, tempPath } from "./layout.ts";

/**
 * Writes a file atomically: `write` fills a temporary file, which then replaces `path`.
 *
 * @param path The file to write.
 * @param write Writes the content to the path it is given.
 */
export async function writeAtomic(
  path: string,
  write: (tmp: string) => Promise<void> | void,
): Promise<void> {
  const tmp = tempPath(path);
  try {
    await write(tmp);
    using file = await Deno.open(tmp, { read: true, write: true });
    await file.sync();
    await Deno.rename(tmp, path);
  } catch (e) {
    await Deno.remove(tmp).catch(() => {});
    throw e;
  }
}

/**
 * Writes a text file atomically.
 *
 * @param path The file to write.
 * @param text Its content.
 */
export async function writeTextAtomic(path: string, text: string): Promise<void> {
  await writeAtomic(path, (tmp) => Deno.writeTextFile(tmp, text));
}

/**
 * Writes a frame as a Parquet file (zstd) atomically.
 *
 * @param path The file to write.
 * @param frame The rows.
 */
export async function writeParquetAtomic(path: string, frame: DataFrame): Promise<void> {
  await writeAtomic(path, (tmp) => frame.writeParquet(tmp, { compression: "zstd" }));
}

/**
 * Reads a Parquet file whatever its name: nodejs-polars takes a path that does not end in
 * ".parquet" (the history's and the catalogue's `.pq`) for the file's content itself.
 *
 * @param path The file.
 * @returns Its rows.
 * @throws {Error} When the file is missing or not Parquet.
 */
export async function readParquetFile(path: string): Promise<DataFrame> {
  return pl.readParquet(Buffer.from(await Deno.readFile(path)));
}

/** Whether a path exists (as anything). */
export async function exists(path: string): Promise<boolean> {
  try {
    await Deno.lstat(path);
    return true;
  } catch (e) {
    if (e instanceof Deno.errors.NotFound) return false;
    throw e;
  }
}

/** The entries of a folder; none when it does not exist. */
export async function entries(dir: string): Promise<Deno.DirEntry[]> {
  const out: Deno.DirEntry[] = [];
  try {
    for await (const entry of Deno.readDir(dir)) out.push(entry);
  } catch (e) {
    if (e instanceof Deno.errors.NotFound) return [];
    throw e;
  }
  return out;
}

/**
 * The partition folders under a root (`STAT_CODE=*\/CYCLE=*`), relative to the mirror.
 *
 * @param dir The mirror's directory.
 * @param root "" for the data, or the history's folder.
 * @returns E.g. ["STAT_CODE=722Y001/CYCLE=M", ...].
 */
export async function partitionFolders(dir: string, root = ""): Promise<string[]> {
  const base = root === "" ? dir : joinPath(dir, root);
  const out: string[] = [];
  for (const table of await entries(base)) {
    if (!table.isDirectory || !table.name.startsWith("STAT_CODE=")) continue;
    for (const cycle of await entries(joinPath(base, table.name))) {
      if (cycle.isDirectory && cycle.name.startsWith("CYCLE=")) {
        out.push(`${root === "" ? "" : `${root}/`}${table.name}/${cycle.name}`);
      }
    }
  }
  return out;
}

/**
 * Removes the temporary files that killed writes left in a mirror: beside the manifest, in the
 * catalogue, and in every partition of the data and of the history.
 *
 * @param dir The mirror's directory.
 * @returns How many were removed.
 */
export async function sweepTempFiles(dir: string): Promise<number> {
  const folders = [
    dir,
    joinPath(dir, CATALOGUE_DIR),
    ...(await partitionFolders(dir)).map((p) => joinPath(dir, p)),
    ...(await partitionFolders(dir, HISTORY_DIR)).map((p) => joinPath(dir, p)),
  ];
  let removed = 0;
  for (const folder of folders) {
    for (const entry of await entries(folder)) {
      if (!entry.isFile || !isTempName(entry.name)) continue;
      await Deno.remove(joinPath(folder, entry.name)).catch(() => {});
      removed++;
    }
  }
  return removed;
}
