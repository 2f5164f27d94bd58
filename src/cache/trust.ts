/**
 * Whether a directory can hold cached answers: whatever is in it is served as the service's
 * answer, so it must be the user's own. An entry's checksum catches damage, not forgery: a
 * directory another user can write (a shared `/tmp/ecos-cache-<uid>` made by someone else, a
 * group-writable one, a link to theirs) could hand us their rows.
 *
 * @module
 */

import { join } from "node:path";

/**
 * The user's id where there is one and `--allow-sys` grants it, asked without a prompt.
 *
 * @returns The uid, or `undefined` on Windows or without the permission.
 */
export function userId(): number | undefined {
  try {
    if (Deno.permissions.querySync({ name: "sys", kind: "uid" }).state !== "granted") {
      return undefined;
    }
    return Deno.uid() ?? undefined;
  } catch {
    return undefined;
  }
}

/**
 * Why a directory cannot be trusted with cached answers; `undefined` when it can: it is a real
 * directory (not a symbolic link), owned by the user, that no group or other user can write.
 * On Windows, where files carry no such modes, only the first holds.
 *
 * Without the user's id (no `--allow-sys`), ownership is learnt from a file made in the
 * directory and removed at once: what we create is ours.
 *
 * @param dir The directory; it must exist.
 * @param uid The user's id, if known.
 * @returns The reason, e.g. "belongs to another user (uid 1001)".
 * @throws {Deno.errors.NotFound} Or any other error of the file system (a probe that cannot be
 * written, say).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { distrust } from "./trust.ts";
 *
 * const dir = await Deno.makeTempDir(); // mode 0700, ours
 * assert.equal(await distrust(dir, undefined), undefined);
 * if (Deno.build.os !== "windows") {
 *   await Deno.chmod(dir, 0o777);
 *   assert.match((await distrust(dir, undefined)) ?? "", /can be written by other users/);
 * }
 * await Deno.remove(dir);
 * ```
 */
export async function distrust(dir: string, uid: number | undefined): Promise<string | undefined> {
  const info = await Deno.lstat(dir);
  if (info.isSymlink) return "is a symbolic link";
  if (!info.isDirectory) return "is not a directory";
  if (Deno.build.os === "windows" || info.mode === null || info.uid === null) return undefined;
  if ((info.mode & 0o022) !== 0) {
    const mode = (info.mode & 0o777).toString(8).padStart(3, "0");
    return `can be written by other users (mode ${mode}; chmod 700 it)`;
  }
  const owner = uid ?? await probeOwner(dir);
  if (info.uid !== owner) return `belongs to another user (uid ${info.uid})`;
  return undefined;
}

/** Our uid, as the owner of a file we make in `dir` (removed at once). */
async function probeOwner(dir: string): Promise<number | null> {
  const probe = join(dir, `.owner-probe-${crypto.randomUUID()}.tmp`);
  await Deno.writeFile(probe, new Uint8Array(), { createNew: true, mode: 0o600 });
  try {
    return (await Deno.lstat(probe)).uid;
  } finally {
    await Deno.remove(probe).catch(() => {});
  }
}
