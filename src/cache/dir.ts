/**
 * Where the response cache lives by default.
 *
 * @module
 */

import { isAbsolute, join } from "node:path";
import { type Env, envReader } from "../util/env.ts";
import { userId } from "./trust.ts";

/**
 * The cache directory to use when none is given.
 *
 * - `ECOS_CACHE_DIR`, when set, as it is.
 * - Linux and the BSDs: `$XDG_CACHE_HOME/ecos` when XDG_CACHE_HOME is an absolute path (the XDG
 *   spec says to ignore a relative one), else `~/.cache/ecos`.
 * - macOS: `~/Library/Caches/ecos`.
 * - Windows: `%LOCALAPPDATA%\ecos\cache`, else `%USERPROFILE%\AppData\Local\ecos\cache`.
 *
 * When no home directory can be found (no HOME / LOCALAPPDATA / USERPROFILE, or no `--allow-env`),
 * the answer is `ecos-cache-<uid>` (or `ecos-cache` when the uid is unknown) under the OS temporary
 * directory (TMPDIR, TEMP or TMP, else `/tmp` or `%SystemRoot%\Temp`). That directory may be
 * shared by every user of the machine and emptied at reboot: the cache uses a directory only when
 * it is the user's own, not a link, and writable by no one else (see `ResponseCache`), and goes
 * on without one otherwise; set `ECOS_CACHE_DIR` to a private directory when that matters.
 *
 * Needs no permission: without `--allow-env` every variable reads as unset.
 *
 * @param env The environment to read; the process's by default.
 * @returns The directory's path; it may not exist yet.
 *
 * @example The variable ECOS_CACHE_DIR wins
 * ```ts
 * import assert from "node:assert/strict";
 * import { defaultCacheDir } from "./dir.ts";
 *
 * assert.equal(defaultCacheDir({ ECOS_CACHE_DIR: "/data/ecos" }), "/data/ecos");
 * if (Deno.build.os === "linux") {
 *   assert.equal(defaultCacheDir({ HOME: "/home/me" }), "/home/me/.cache/ecos");
 * }
 * ```
 */
export function defaultCacheDir(env?: Env): string {
  const readEnv = envReader(env);
  const explicit = readEnv("ECOS_CACHE_DIR");
  if (explicit !== undefined) return explicit;
  switch (Deno.build.os) {
    case "windows": {
      const local = readEnv("LOCALAPPDATA");
      if (local !== undefined) return join(local, "ecos", "cache");
      const profile = readEnv("USERPROFILE");
      if (profile !== undefined) return join(profile, "AppData", "Local", "ecos", "cache");
      break;
    }
    case "darwin": {
      const home = readEnv("HOME");
      if (home !== undefined) return join(home, "Library", "Caches", "ecos");
      break;
    }
    default: {
      const xdg = readEnv("XDG_CACHE_HOME");
      if (xdg !== undefined && isAbsolute(xdg)) return join(xdg, "ecos");
      const home = readEnv("HOME");
      if (home !== undefined) return join(home, ".cache", "ecos");
    }
  }
  const uid = userId();
  return join(tempDir(readEnv), uid === undefined ? "ecos-cache" : `ecos-cache-${uid}`);
}

/** The OS temporary directory, read without permissions. */
function tempDir(readEnv: (name: string) => string | undefined): string {
  if (Deno.build.os === "windows") {
    return readEnv("TEMP") ?? readEnv("TMP") ??
      join(readEnv("SystemRoot") ?? "C:\\Windows", "Temp");
  }
  return readEnv("TMPDIR") ?? "/tmp";
}
