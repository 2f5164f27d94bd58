/**
 * `ecos cache info|clear`: what the response cache holds, and emptying it. The directory is
 * ECOS_CACHE_DIR, else the platform's cache directory.
 *
 * @module
 */

import { defaultCacheDir, ResponseCache } from "../cache/mod.ts";
import { type Command, defineCommand } from "./command.ts";
import { EXIT_OK, UsageError } from "./errors.ts";

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
 * `ecos cache info` (the directory, entries, size and ages on stdout) and `ecos cache clear`
 * (removes every entry and says how many).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { cache } from "./cache.ts";
 * import { runCommand } from "./command.ts";
 * import { resolveIO } from "./io.ts";
 *
 * const dir = await Deno.makeTempDir();
 * let out = "";
 * const io = resolveIO({ stdout: (t) => (out += t), env: { ECOS_CACHE_DIR: dir } });
 * assert.equal(await runCommand(cache, ["info"], io), 0);
 * assert.equal(out, `Cache directory: ${dir}\nEntries: 0\nSize: 0 B\n`);
 * await Deno.remove(dir, { recursive: true });
 * ```
 */
export const cache: Command<Record<never, never>> = defineCommand({
  name: "cache",
  synopsis: "info|clear",
  summary: "what the response cache holds; empty it",
  description:
    "The response cache keeps answers (never errors) on disk, so that a query asked again within\n" +
    "12 hours sends no request. It is on for a service on another machine, off for one on this\n" +
    "machine unless --cache says otherwise; --no-cache turns it off.\n\n" +
    "The directory is ECOS_CACHE_DIR, else the platform's cache directory (e.g. ~/.cache/ecos).",
  args: [
    ["info", "where the cache is, how many entries it holds, their size and age"],
    ["clear", "remove every entry"],
  ],
  arity: { min: 1, max: 1 },
  flags: {},
  examples: ["ECOS_CACHE_DIR=/tmp/ecos-cache ecos cache info"],
  async run({ positionals: [action] }, io) {
    if (action !== "info" && action !== "clear") {
      throw new UsageError(
        `Give cache info or cache clear: got ${JSON.stringify(action)}`,
        cache.usage,
      );
    }
    const responses = new ResponseCache({
      dir: defaultCacheDir(io.env),
      warn: (m) => io.stderr(`${m}\n`),
    });
    if (action === "clear") {
      const removed = await responses.clear();
      io.stdout(
        `Removed ${removed} ${removed === 1 ? "entry" : "entries"} from ${responses.dir}\n`,
      );
      return EXIT_OK;
    }
    const info = await responses.info();
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
  },
});
