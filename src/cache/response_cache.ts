/**
 * The on-disk response cache: one file per page of one query, named by a hash of the query's
 * URL segments without the API key, sharded by the hash's first two hex digits:
 *
 * ```text
 * <dir>/3f/3fa9…e1.entry
 * ```
 *
 * Writes are atomic (a temporary file in the same directory, then a rename over the entry), so
 * readers and concurrent writers, in this process or others, see an entry whole or not at all.
 * Failing disks and missing permissions never fail a query: the cache warns once and steps aside.
 *
 * @module
 */

import { join } from "node:path";
import { defaultCacheDir } from "./dir.ts";
import { type CacheKey, canonicalKey, keyHash } from "./key.ts";
import { type CachedPage, decodeEntry, encodeEntry } from "./entry.ts";

/** Twelve hours, in milliseconds. */
export const DEFAULT_TTL_MS: number = 12 * 60 * 60 * 1000;

/** Options of {@linkcode ResponseCache}. */
export interface ResponseCacheOptions {
  /**
   * The cache directory; created on the first write.
   *
   * @default {defaultCacheDir()}
   */
  dir?: string | undefined;
  /**
   * How long an entry stays fresh, in milliseconds; `Infinity` for ever.
   *
   * @default {43_200_000} (12 hours)
   */
  ttlMs?: number | undefined;
  /**
   * The clock, in milliseconds since the epoch (a seam for tests).
   *
   * @default {Date.now}
   */
  now?: (() => number) | undefined;
  /**
   * Where the one warning goes when the cache cannot be used.
   *
   * @default {console.warn}
   */
  warn?: ((message: string) => void) | undefined;
}

/** What {@linkcode ResponseCache.info} reports. */
export interface CacheInfo {
  /** The cache directory. */
  dir: string;
  /** Valid entries, fresh or expired. */
  entries: number;
  /** The size of all entry files, valid or not, in bytes. */
  bytes: number;
  /** When the oldest entry was fetched; absent with no entries. */
  oldest?: Date;
  /** When the newest entry was fetched; absent with no entries. */
  newest?: Date;
  /** Entries past their time to live: `get` ignores them, `set` and `clear` replace them. */
  expired: number;
  /** Entry files that are cut short, altered, or of another format: `get` ignores them. */
  corrupt: number;
}

const SHARD = /^[0-9a-f]{2}$/;
const ENTRY = /^([0-9a-f]{64})\.entry$/;
const TEMP = /^\.[0-9a-f]{64}\.entry\.[0-9a-f-]{36}\.tmp$/;

/** One of this cache's files, as the cache walks its directory. */
interface Found {
  shard: string;
  path: string;
  /** The hash in an entry's name; `undefined` for a temporary file. */
  hash: string | undefined;
}

/**
 * A directory of cached response bodies, one per page of one query.
 *
 * The cache stores what it is given: the caller decides what is worth keeping (never an error
 * answer). Keys never hold the API key (see {@linkcode CacheKey}).
 *
 * {@linkcode ResponseCache.get} and {@linkcode ResponseCache.set} never throw. When the directory
 * cannot be read or written (permissions, a read-only or missing disk, no `--allow-read` or
 * `--allow-write`), the first failure is reported once through `warn`, naming the directory and how
 * to turn the cache off, and from then on this instance neither reads nor writes.
 *
 * @example Round trip
 * ```ts
 * import assert from "node:assert/strict";
 * import { ResponseCache } from "./response_cache.ts";
 *
 * const dir = await Deno.makeTempDir();
 * const cache = new ResponseCache({ dir, ttlMs: 60_000 });
 * const key = {
 *   baseUrl: "https://ecos.bok.or.kr/api",
 *   service: "StatisticSearch",
 *   format: "json",
 *   language: "en",
 *   startNo: 1,
 *   endNo: 100,
 *   args: ["722Y001", "M", "202401", "202412", "0101000"],
 * } as const;
 *
 * assert.equal(await cache.get(key), undefined);
 * await cache.set(key, { body: '{"StatisticSearch":{}}', fetchedAt: new Date() });
 * assert.equal((await cache.get(key))?.body, '{"StatisticSearch":{}}');
 * assert.equal(await cache.get({ ...key, endNo: 200 }), undefined);
 *
 * await Deno.remove(dir, { recursive: true });
 * ```
 */
export class ResponseCache {
  /** The cache directory. */
  readonly dir: string;
  /** How long an entry stays fresh, in milliseconds. */
  readonly ttlMs: number;
  #now: () => number;
  #warn: (message: string) => void;
  #enabled = true;

  /**
   * Makes a cache; touches no file.
   *
   * @param options The directory, time to live, clock and warning sink.
   * @throws {RangeError} When `ttlMs` is negative or not a number.
   */
  constructor(options: ResponseCacheOptions = {}) {
    const {
      dir = defaultCacheDir(),
      ttlMs = DEFAULT_TTL_MS,
      now = Date.now,
      warn = (message: string) => console.warn(message),
    } = options;
    if (typeof ttlMs !== "number" || !(ttlMs >= 0)) {
      throw new RangeError(`ttlMs must be a number of milliseconds, 0 or more: got ${ttlMs}`);
    }
    this.dir = dir;
    this.ttlMs = ttlMs;
    this.#now = now;
    this.#warn = warn;
  }

  /**
   * Whether this instance still reads and writes: `false` after it has warned that it cannot.
   */
  get enabled(): boolean {
    return this.#enabled;
  }

  /**
   * The path of a key's entry file, whether or not it exists.
   *
   * @param key The page.
   * @returns `<dir>/<first two hex digits>/<SHA-256 of the key>.entry`.
   */
  async entryPath(key: CacheKey): Promise<string> {
    return (await this.#locate(key)).path;
  }

  /**
   * Reads a page.
   *
   * An entry older than `ttlMs`, or dated more than `ttlMs` ahead (a clock set wrong), is
   * expired. Reading changes no file.
   *
   * @param key The page.
   * @returns The page, or `undefined` when it is absent, expired, corrupt, cut short, written for
   * another key, or unreadable, or when the cache is off.
   */
  async get(key: CacheKey): Promise<CachedPage | undefined> {
    if (!this.#enabled) return undefined;
    try {
      const { path } = await this.#locate(key);
      let bytes: Uint8Array<ArrayBuffer>;
      try {
        bytes = await Deno.readFile(path);
      } catch (e) {
        if (e instanceof Deno.errors.PermissionDenied || e instanceof Deno.errors.NotCapable) {
          this.#disable("read", e);
        }
        return undefined;
      }
      const entry = await decodeEntry(bytes);
      if (entry === undefined) return undefined;
      if (canonicalKey(entry.key) !== canonicalKey(key)) return undefined;
      if (!this.#fresh(entry.page.fetchedAt)) return undefined;
      return entry.page;
    } catch {
      return undefined;
    }
  }

  /**
   * Stores a page, replacing any entry of the same key. The write is atomic: a temporary file in
   * the entry's directory, then a rename over the entry; among concurrent writers of one key, in
   * any process, the last rename wins.
   *
   * Never throws. A failure to write turns this instance off with one warning; a page with an
   * invalid `fetchedAt` is not stored, with a warning.
   *
   * @param key The page. Pass the base URL, never the request URL, which holds the API key.
   * @param page The body and when it was fetched. Only answers worth keeping: never errors.
   */
  async set(key: CacheKey, page: CachedPage): Promise<void> {
    if (!this.#enabled) return;
    try {
      let data: Uint8Array<ArrayBuffer>;
      try {
        data = await encodeEntry(key, page);
      } catch (e) {
        this.#say(e instanceof Error ? e.message : String(e));
        return;
      }
      const { shard, path, hash } = await this.#locate(key);
      // A concurrent clear() may remove the shard or our temporary file: then try once more.
      for (let tries = 1;; tries++) {
        const temp = join(shard, `.${hash}.entry.${crypto.randomUUID()}.tmp`);
        try {
          await Deno.mkdir(shard, { recursive: true, mode: 0o700 });
          await Deno.writeFile(temp, data, { createNew: true, mode: 0o600 });
        } catch (e) {
          await removeQuietly(temp);
          if (e instanceof Deno.errors.NotFound && tries < 2) continue;
          return this.#disable("write", e);
        }
        try {
          await Deno.rename(temp, path);
          return;
        } catch (e) {
          await removeQuietly(temp);
          if (e instanceof Deno.errors.NotFound && tries < 2) continue;
          // Windows refuses to replace a file another process holds open: that entry stands.
          if (e instanceof Deno.errors.PermissionDenied || e instanceof Deno.errors.Busy) return;
          return this.#disable("write", e);
        }
      }
    } catch (e) {
      this.#disable("write", e);
    }
  }

  /**
   * Removes this cache's entries, leftover temporary files, and shard directories left empty.
   * Other files and directories in `dir` are left alone, and so is `dir` itself.
   *
   * @returns The number of entry files removed, valid or not.
   * @throws {Deno.errors.PermissionDenied} Or any other file system error but a missing
   * directory, which has no entries.
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { ResponseCache } from "./response_cache.ts";
   *
   * const dir = await Deno.makeTempDir();
   * const cache = new ResponseCache({ dir });
   * const key = {
   *   baseUrl: "https://ecos.bok.or.kr/api",
   *   service: "KeyStatisticList",
   *   format: "xml",
   *   language: "kr",
   *   startNo: 1,
   *   endNo: 10,
   *   args: [],
   * } as const;
   * await cache.set(key, { body: "<KeyStatisticList/>", fetchedAt: new Date() });
   * await Deno.writeTextFile(`${dir}/notes.txt`, "mine");
   *
   * assert.equal(await cache.clear(), 1);
   * assert.equal(await cache.get(key), undefined);
   * assert.equal(await Deno.readTextFile(`${dir}/notes.txt`), "mine");
   *
   * await Deno.remove(dir, { recursive: true });
   * ```
   */
  async clear(): Promise<number> {
    const byShard = new Map<string, Found[]>();
    for await (const found of this.#files()) {
      const list = byShard.get(found.shard) ?? [];
      list.push(found);
      byShard.set(found.shard, list);
    }
    let removed = 0;
    for (const [shard, list] of byShard) {
      for (const { path, hash } of list) {
        try {
          await Deno.remove(path);
          if (hash !== undefined) removed++;
        } catch (e) {
          if (!(e instanceof Deno.errors.NotFound)) throw e;
        }
      }
      await Deno.remove(shard).catch(() => {}); // only when empty
    }
    return removed;
  }

  /**
   * Counts this cache's entries and their size.
   *
   * @returns The directory, the valid entries (and how many expired), their dates, the bytes of
   * all entry files, and the corrupt ones.
   * @throws {Deno.errors.PermissionDenied} Or any other file system error but a missing
   * directory, which has no entries.
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { ResponseCache } from "./response_cache.ts";
   *
   * const dir = await Deno.makeTempDir();
   * let now = Date.parse("2025-01-01T00:00:00Z");
   * const cache = new ResponseCache({ dir, ttlMs: 1000, now: () => now });
   * const key = {
   *   baseUrl: "https://ecos.bok.or.kr/api",
   *   service: "StatisticTableList",
   *   format: "json",
   *   language: "en",
   *   startNo: 1,
   *   endNo: 10,
   *   args: [],
   * } as const;
   * await cache.set(key, { body: "{}", fetchedAt: new Date(now) });
   * now += 5000;
   *
   * const info = await cache.info();
   * assert.equal(info.entries, 1);
   * assert.equal(info.expired, 1);
   * assert.deepEqual(info.oldest, new Date("2025-01-01T00:00:00Z"));
   *
   * await Deno.remove(dir, { recursive: true });
   * ```
   */
  async info(): Promise<CacheInfo> {
    const info: CacheInfo = { dir: this.dir, entries: 0, bytes: 0, expired: 0, corrupt: 0 };
    for await (const { path, hash } of this.#files()) {
      if (hash === undefined) continue;
      let bytes: Uint8Array<ArrayBuffer>;
      try {
        bytes = await Deno.readFile(path);
      } catch (e) {
        if (e instanceof Deno.errors.NotFound) continue; // removed meanwhile
        throw e;
      }
      info.bytes += bytes.byteLength;
      const entry = await decodeEntry(bytes);
      // An entry in another's file (or another's format) is as good as corrupt.
      if (entry === undefined || await keyHash(entry.key) !== hash) {
        info.corrupt++;
        continue;
      }
      info.entries++;
      const at = entry.page.fetchedAt;
      if (!this.#fresh(at)) info.expired++;
      if (info.oldest === undefined || at < info.oldest) info.oldest = at;
      if (info.newest === undefined || at > info.newest) info.newest = at;
    }
    return info;
  }

  async #locate(key: CacheKey): Promise<{ shard: string; path: string; hash: string }> {
    const hash = await keyHash(key);
    const shard = join(this.dir, hash.slice(0, 2));
    return { shard, path: join(shard, `${hash}.entry`), hash };
  }

  #fresh(fetchedAt: Date): boolean {
    return Math.abs(this.#now() - fetchedAt.getTime()) <= this.ttlMs;
  }

  /** This cache's files: entries and temporary files in shard directories, nothing else. */
  async *#files(): AsyncGenerator<Found> {
    let shards: string[];
    try {
      shards = await names(this.dir, (e) => e.isDirectory && SHARD.test(e.name));
    } catch (e) {
      if (e instanceof Deno.errors.NotFound) return;
      throw e;
    }
    for (const name of shards) {
      const shard = join(this.dir, name);
      let files: string[];
      try {
        files = await names(shard, (e) => e.isFile);
      } catch (e) {
        if (e instanceof Deno.errors.NotFound) continue;
        throw e;
      }
      for (const file of files) {
        const hash = ENTRY.exec(file)?.[1];
        if (hash !== undefined && hash.startsWith(name)) {
          yield { shard, path: join(shard, file), hash };
        } else if (TEMP.test(file) && file.startsWith(`.${name}`)) {
          yield { shard, path: join(shard, file), hash: undefined };
        }
      }
    }
  }

  /** Turns this instance off, with the one warning. */
  #disable(action: "read" | "write", error: unknown): void {
    if (!this.#enabled) return;
    this.#enabled = false;
    const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    this.#say(
      `Cannot ${action} the response cache in ${this.dir}, so queries go on without it. ` +
        `Set ECOS_CACHE_DIR to a directory you can write, or turn the cache off with the ` +
        `client option \`cache: false\` or the \`--no-cache\` flag: ${reason}`,
    );
  }

  #say(message: string): void {
    try {
      this.#warn(message);
    } catch {
      // A warning sink that throws must not fail a query.
    }
  }
}

/** The names of a directory's entries that pass a test, read before anyone acts on them. */
async function names(dir: string, keep: (entry: Deno.DirEntry) => boolean): Promise<string[]> {
  const out: string[] = [];
  for await (const entry of Deno.readDir(dir)) if (keep(entry)) out.push(entry.name);
  return out;
}

async function removeQuietly(path: string): Promise<void> {
  try {
    await Deno.remove(path);
  } catch {
    // Already gone, or never made.
  }
}
