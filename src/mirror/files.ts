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
import { conform } from "./merge.ts";
import { withParquetMetadata } from "../util/parquet_metadata.ts";

/**
 * Writes a file atomically: `write` fills a temporary file, which then replaces `path`. The
 * file's folder is created when missing (a new partition's, the history's, the catalogue's).
 *
 * @param path The file to write.
 * @param write Writes the content to the path it is given.
 */
export async function writeAtomic(
  path: string,
  write: (tmp: string) => Promise<void> | void,
): Promise<void> {
  await Deno.mkdir(path.slice(0, path.lastIndexOf("/")), { recursive: true });
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
 * Writes a frame as a Parquet file (zstd) atomically, with key-value metadata in its footer
 * when given (the data files' source and units: src/analysis/provenance.ts).
 *
 * @param path The file to write.
 * @param frame The rows.
 * @param metadata Keys and values for the footer's key-value metadata.
 */
export async function writeParquetAtomic(
  path: string,
  frame: DataFrame,
  metadata?: Readonly<Record<string, string>>,
): Promise<void> {
  await writeAtomic(path, async (tmp) => {
    if (metadata === undefined) return frame.writeParquet(tmp, { compression: "zstd" });
    const bytes = frame.writeParquet({ compression: "zstd" });
    await Deno.writeFile(tmp, withParquetMetadata(bytes, metadata));
  });
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

/**
 * A Parquet file's rows with the columns given, if the file is there. A file that cannot be
 * read as such is moved aside (`<name>.damaged-<time>`, which neither the data's nor the
 * history's glob takes), and `onDamaged` told where and why, to say it in a warning.
 *
 * @param path The file.
 * @param columns The columns, cast to their types ({@linkcode conform}).
 * @param onDamaged Told the name the damaged file was moved to, and the reason's first line.
 * @returns The rows; `undefined` when the file is missing or was damaged.
 */
export async function readOrSetAside(
  path: string,
  columns: readonly string[],
  onDamaged: (aside: string, reason: string) => void,
): Promise<DataFrame | undefined> {
  if (!(await exists(path))) return undefined;
  try {
    return conform(await readParquetFile(path), columns);
  } catch (e) {
    const aside = `${path}.damaged-${Date.now()}`;
    await Deno.rename(path, aside);
    onDamaged(aside, e instanceof Error ? e.message.split("\n")[0]! : String(e));
    return undefined;
  }
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
 * Whether a partition folder (`STAT_CODE=*\/CYCLE=*`) under a folder holds a file that `take`
 * takes. Synchronous, for the scans, which build their LazyFrame at once.
 *
 * @param base The mirror's directory, or its history's folder.
 * @param take Whether a file name counts.
 * @returns `true` at the first such file; `false` when there is none (or no `base`).
 */
export function hasPartitionFile(base: string, take: (name: string) => boolean): boolean {
  const list = (path: string) => {
    try {
      return [...Deno.readDirSync(path)];
    } catch (e) {
      if (e instanceof Deno.errors.NotFound || e instanceof Deno.errors.NotADirectory) return [];
      throw e;
    }
  };
  for (const table of list(base)) {
    if (!table.isDirectory || !table.name.startsWith("STAT_CODE=")) continue;
    for (const cycle of list(joinPath(base, table.name))) {
      if (!cycle.isDirectory || !cycle.name.startsWith("CYCLE=")) continue;
      const files = list(joinPath(base, `${table.name}/${cycle.name}`));
      if (files.some((f) => f.isFile && take(f.name))) return true;
    }
  }
  return false;
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
