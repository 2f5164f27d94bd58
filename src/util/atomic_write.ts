/**
 * Files written beside their target and renamed over it, so that a reader (in this process or
 * another) sees the old file or the new one, whole, and never a part: a full disk or a kill
 * during the write leaves the old file as it was. {@linkcode writeBeside} splits the two steps,
 * for a writer that decides only later whether the new file should take the old one's place.
 *
 * @module
 */

import { basename, dirname, join } from "node:path";

/** Options of {@linkcode writeBeside} and {@linkcode writeFileAtomic}. */
export interface AtomicWriteOptions {
  /**
   * The new file's permissions (before the umask; ignored on Windows).
   *
   * @default {0o666}
   */
  mode?: number;
  /**
   * Flush the data to the disk before the rename, so that a power cut cannot leave the target
   * empty. Costs a disk round trip; a cache whose entries carry a checksum can skip it.
   *
   * @default {true}
   */
  sync?: boolean;
}

/** A file written beside its target, not yet in its place. */
export interface PendingFile {
  /** The target. */
  readonly path: string;
  /** The temporary file beside it: `.<name>.<uuid>.tmp` in the same directory. */
  readonly temp: string;
  /**
   * Renames the temporary file over the target.
   *
   * @returns `false` when the temporary file has gone meanwhile (another process removed it),
   * so that nothing was put in place.
   * @throws {Deno.errors.PermissionDenied} Or any other error of the rename; the temporary file
   * is removed first.
   */
  commit(): Promise<boolean>;
  /** Removes the temporary file; the target stays as it was. Never throws. */
  discard(): Promise<void>;
}

/** The temporary name beside a target: hidden, unique, and recognisable as ours. */
export function tempPathFor(path: string): string {
  return join(dirname(path), `.${basename(path)}.${crypto.randomUUID()}.tmp`);
}

/**
 * Writes `data` to a new temporary file beside `path`, to be renamed over it by
 * {@linkcode PendingFile.commit} (or removed by {@linkcode PendingFile.discard}). The directory
 * must exist.
 *
 * @param path The target.
 * @param data The new content.
 * @param options Permissions, and whether to flush before the rename.
 * @returns The pending file.
 * @throws {Deno.errors.NotFound} Or any other error of the write; nothing is left behind.
 *
 * @example Write, then decide
 * ```ts
 * import assert from "node:assert/strict";
 * import { writeBeside } from "./atomic_write.ts";
 *
 * const dir = await Deno.makeTempDir();
 * await Deno.writeTextFile(`${dir}/data.txt`, "old");
 * const pending = await writeBeside(`${dir}/data.txt`, new TextEncoder().encode("new"));
 * assert.equal(await Deno.readTextFile(`${dir}/data.txt`), "old");
 * assert.equal(await pending.commit(), true);
 * assert.equal(await Deno.readTextFile(`${dir}/data.txt`), "new");
 * await Deno.remove(dir, { recursive: true });
 * ```
 */
export async function writeBeside(
  path: string,
  data: Uint8Array,
  options: AtomicWriteOptions = {},
): Promise<PendingFile> {
  const { mode = 0o666, sync = true } = options;
  const temp = tempPathFor(path);
  try {
    using file = await Deno.open(temp, { write: true, createNew: true, mode });
    for (let at = 0; at < data.byteLength;) at += await file.write(data.subarray(at));
    if (sync) await file.syncData();
  } catch (e) {
    await removeQuietly(temp);
    throw e;
  }
  return {
    path,
    temp,
    async commit() {
      try {
        await Deno.rename(temp, path);
        return true;
      } catch (e) {
        await removeQuietly(temp);
        if (e instanceof Deno.errors.NotFound) return false;
        throw e;
      }
    },
    discard: () => removeQuietly(temp),
  };
}

/**
 * Writes a file atomically: beside it, then renamed over it.
 *
 * @param path The target; its directory must exist.
 * @param data The content.
 * @param options Permissions, and whether to flush before the rename.
 * @throws {Deno.errors.NotFound} When the directory does not exist (or the temporary file was
 * removed before the rename), or any other error of the write or the rename; the target is then
 * as it was.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { writeFileAtomic } from "./atomic_write.ts";
 *
 * const dir = await Deno.makeTempDir();
 * await writeFileAtomic(`${dir}/a.txt`, new TextEncoder().encode("whole"));
 * assert.equal(await Deno.readTextFile(`${dir}/a.txt`), "whole");
 * assert.deepEqual([...Deno.readDirSync(dir)].map((e) => e.name), ["a.txt"]);
 * await Deno.remove(dir, { recursive: true });
 * ```
 */
export async function writeFileAtomic(
  path: string,
  data: Uint8Array,
  options: AtomicWriteOptions = {},
): Promise<void> {
  const pending = await writeBeside(path, data, options);
  if (!await pending.commit()) {
    throw new Deno.errors.NotFound(`The temporary file of ${path} was removed before its rename`);
  }
}

async function removeQuietly(path: string): Promise<void> {
  try {
    await Deno.remove(path);
  } catch {
    // Already gone, or never made.
  }
}
