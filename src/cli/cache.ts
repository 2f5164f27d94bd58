/**
 * `ecos cache info|clear`: what the response cache holds, and emptying it. The directory is
 * ECOS_CACHE_DIR, else the platform's cache directory.
 *
 * @module
 */

import { defaultCacheDir, ResponseCache } from "../cache/mod.ts";
import { parseHelpArgs } from "./args.ts";
import { EXIT_OK, UsageError } from "./errors.ts";
import type { CliIO } from "./io.ts";

/** The help of `ecos cache`. */
export const CACHE_USAGE = `Usage: ecos cache info|clear

The response cache keeps answers (never errors) on disk, so that a query asked again within
12 hours sends no request. It is on for a service on another machine, off for one on this
machine unless --cache says otherwise; --no-cache turns it off.

  info    where the cache is, how many entries it holds, their size and age
  clear   remove every entry

The directory is ECOS_CACHE_DIR, else the platform's cache directory (e.g. ~/.cache/ecos).

Options:
  -h, --help          show this help

Example:
  ECOS_CACHE_DIR=/tmp/ecos-cache ecos cache info`;

/** A size for people: "0 B", "512 B", "12.3 KiB", "4.0 MiB". */
function size(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ["KiB", "MiB", "GiB", "TiB"];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(1)} ${units[unit]}`;
}

/** A moment as ISO text to the second, in UTC. */
const when = (d: Date) => `${d.toISOString().slice(0, 19).replace("T", " ")} UTC`;

/**
 * Runs `ecos cache info` (the directory, entries, size and ages on stdout) or `ecos cache
 * clear` (removes every entry and says how many).
 *
 * @param args The arguments after `cache`.
 * @param io Where output goes, and the environment (ECOS_CACHE_DIR).
 * @returns The exit status: 0.
 * @throws {UsageError} Without `info` or `clear`, or with a flag.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { runCache } from "./cache.ts";
 * import { resolveIO } from "./io.ts";
 *
 * const dir = await Deno.makeTempDir();
 * let out = "";
 * const io = resolveIO({ stdout: (t) => (out += t), env: { ECOS_CACHE_DIR: dir } });
 * assert.equal(await runCache(["info"], io), 0);
 * assert.equal(out, `Cache directory: ${dir}\nEntries: 0\nSize: 0 B\n`);
 * await Deno.remove(dir, { recursive: true });
 * ```
 */
export async function runCache(args: string[], io: CliIO): Promise<number> {
  const { help, positionals } = parseHelpArgs("cache", args, CACHE_USAGE);
  if (help) {
    io.stdout(`${CACHE_USAGE}\n`);
    return EXIT_OK;
  }
  const [action, extra] = positionals;
  if (action !== "info" && action !== "clear") {
    throw new UsageError(
      `Give cache info or cache clear: got ${
        action === undefined ? "neither" : JSON.stringify(action)
      }`,
      CACHE_USAGE,
    );
  }
  if (extra !== undefined) {
    throw new UsageError(`Remove the extra argument: got ${JSON.stringify(extra)}`, CACHE_USAGE);
  }
  const cache = new ResponseCache({
    dir: defaultCacheDir(io.env),
    warn: (m) => io.stderr(`${m}\n`),
  });
  if (action === "clear") {
    const removed = await cache.clear();
    io.stdout(`Removed ${removed} ${removed === 1 ? "entry" : "entries"} from ${cache.dir}\n`);
    return EXIT_OK;
  }
  const info = await cache.info();
  const lines = [`Cache directory: ${info.dir}`];
  const flawed = info.expired + info.corrupt;
  lines.push(
    `Entries: ${info.entries}` +
      (flawed > 0 ? ` (${info.expired} expired, ${info.corrupt} corrupt)` : ""),
    `Size: ${size(info.bytes)}`,
  );
  if (info.oldest !== undefined) lines.push(`Oldest: ${when(info.oldest)}`);
  if (info.newest !== undefined) lines.push(`Newest: ${when(info.newest)}`);
  io.stdout(`${lines.join("\n")}\n`);
  return EXIT_OK;
}
