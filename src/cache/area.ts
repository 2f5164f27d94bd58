/**
 * The cache directory's entry area: shard directories named by two hex digits, holding entry
 * files named by their key's hash and the temporary files of writes in progress. Walking it,
 * clearing it and removing one thing in it never follow a link: whatever sits in an entry's
 * place (a file, a link, a FIFO, a directory) is itself what is found and removed.
 *
 * @module
 */

import { join } from "node:path";

const SHARD = /^[0-9a-f]{2}$/;
const ENTRY = /^([0-9a-f]{64})\.entry$/;
const TEMP = /^\.[0-9a-f]{64}\.entry\.[0-9a-f-]{36}\.tmp$/;

/** One thing in the entry area. */
export interface Found {
  /** The shard directory it is in (the cache directory for a thing in a shard's place). */
  shard: string;
  /** Its path. */
  path: string;
  /** The hash in an entry's name; `undefined` for a temporary file or a shard's stand-in. */
  hash: string | undefined;
  /** Whether it is a regular file (not a link, a FIFO, a directory...). */
  regular: boolean;
  /** Whether it is a directory (not a link to one). */
  directory: boolean;
}

/**
 * What is in the entry area of `dir`: things named as entries or temporary files in shard
 * directories (an entry only in its own shard), and anything but a directory in a shard's
 * place. Other names are not this cache's and are not yielded.
 *
 * @param dir The cache directory.
 * @returns The things found; none when `dir` does not exist.
 * @throws {Deno.errors.PermissionDenied} Or any other error of the file system but a missing
 * directory.
 */
export async function* walkEntryArea(dir: string): AsyncGenerator<Found> {
  let shards: Deno.DirEntry[];
  try {
    shards = await entries(dir, (e) => SHARD.test(e.name));
  } catch (e) {
    if (e instanceof Deno.errors.NotFound) return;
    throw e;
  }
  for (const s of shards) {
    const shard = join(dir, s.name);
    if (!s.isDirectory) {
      yield { shard: dir, path: shard, hash: undefined, regular: false, directory: false };
      continue;
    }
    let found: Deno.DirEntry[];
    try {
      found = await entries(shard, () => true);
    } catch (e) {
      if (e instanceof Deno.errors.NotFound) continue;
      throw e;
    }
    for (const f of found) {
      const path = join(shard, f.name);
      const kind = { regular: f.isFile, directory: f.isDirectory };
      const hash = ENTRY.exec(f.name)?.[1];
      if (hash !== undefined && hash.startsWith(s.name)) {
        yield { shard, path, hash, ...kind };
      } else if (TEMP.test(f.name) && f.name.startsWith(`.${s.name}`)) {
        yield { shard, path, hash: undefined, ...kind };
      }
    }
  }
}

/**
 * Removes whatever is in the entry area of `dir`, and shard directories left empty.
 *
 * @param dir The cache directory.
 * @returns The number of things removed in entries' places.
 * @throws {Deno.errors.PermissionDenied} Or any other error of the file system but a missing
 * directory or a thing removed meanwhile.
 */
export async function clearEntryArea(dir: string): Promise<number> {
  const byShard = new Map<string, Found[]>();
  for await (const found of walkEntryArea(dir)) {
    const list = byShard.get(found.shard) ?? [];
    list.push(found);
    byShard.set(found.shard, list);
  }
  let removed = 0;
  for (const [shard, list] of byShard) {
    for (const { path, hash, directory } of list) {
      try {
        await Deno.remove(path, { recursive: directory });
        if (hash !== undefined) removed++;
      } catch (e) {
        if (!(e instanceof Deno.errors.NotFound)) throw e;
      }
    }
    if (shard !== dir) await Deno.remove(shard).catch(() => {}); // only when empty
  }
  return removed;
}

/**
 * Whether a shard is a real directory; anything else in its place (a link, a file) is removed,
 * never followed.
 *
 * @param shard The shard's path.
 * @returns `true` for a directory; `false` when there was none (or something else, now gone).
 * @throws {Deno.errors.PermissionDenied} Or any other error of lstat but a missing shard.
 */
export async function isRealShard(shard: string): Promise<boolean> {
  let info: Deno.FileInfo;
  try {
    info = await Deno.lstat(shard);
  } catch (e) {
    if (e instanceof Deno.errors.NotFound) return false;
    throw e;
  }
  if (info.isDirectory && !info.isSymlink) return true;
  await removeAnything(shard);
  return false;
}

/**
 * Removes a file, link, FIFO or directory (a link is removed, not followed). Never throws.
 *
 * @param path The thing to remove.
 */
export async function removeAnything(path: string): Promise<void> {
  try {
    const info = await Deno.lstat(path);
    await Deno.remove(path, { recursive: info.isDirectory && !info.isSymlink });
  } catch {
    // Already gone, or not ours to remove.
  }
}

/** A directory's entries that pass a test, read before anyone acts on them. */
async function entries(
  dir: string,
  keep: (entry: Deno.DirEntry) => boolean,
): Promise<Deno.DirEntry[]> {
  const out: Deno.DirEntry[] = [];
  for await (const entry of Deno.readDir(dir)) if (keep(entry)) out.push(entry);
  return out;
}
