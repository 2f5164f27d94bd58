/**
 * The on-disk response cache: one file per page of one query, named by a hash of the query's
 * URL segments without the API key, sharded by the hash's first two hex digits:
 *
 * ```text
 * <dir>/3f/3fa9…e1.entry
 * ```
 *
 * Writes are atomic (a temporary file in the same directory, then a rename over the entry), so
 * readers and concurrent writers, in this process or others, see an entry whole or not at all;
 * {@linkcode ResponseCache.stage} lets the caller write first and decide later (after checking
 * the page) whether the entry takes its place. Failing disks and missing permissions never fail
 * a query: the cache warns once and steps aside.
 *
 * The cache trusts nothing it finds on disk: it uses a directory only when it is the user's own
 * ({@linkcode distrust}), reads only regular files of bounded size, never through a link and
 * never blocking on a FIFO, and removes an entry that fails its checksum.
 *
 * @module
 */

import { join } from "node:path";
import { defaultCacheDir } from "./dir.ts";
import { type CacheKey, canonicalKey, keyHash } from "./key.ts";
import { type CachedPage, decodeEntry, encodeEntry } from "./entry.ts";
import { distrust, userId } from "./trust.ts";
import { clearEntryArea, isRealShard, removeAnything, walkEntryArea } from "./area.ts";
import { writeBeside } from "../util/atomic_write.ts";
import { FileTooLarge, NotRegularFile, readRegularFile } from "../util/safe_read.ts";

/** Twelve hours, in milliseconds. */
export const DEFAULT_TTL_MS: number = 12 * 60 * 60 * 1000;

/** The largest body read back when the caller sets no bound: the client's default. */
const DEFAULT_MAX_BODY_BYTES = 128 * 1024 * 1024;
/** Room for an entry's header line beside its body. */
const HEADER_BYTES = 64 * 1024;

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
  /**
   * The user's id, whom the directory must belong to (a seam for tests).
   *
   * @default {Deno.uid() where `--allow-sys` grants it; else learnt from a file made in the
   * directory}
   */
  uid?: number | undefined;
}

/** Options of {@linkcode ResponseCache.get}. */
export interface CacheGetOptions {
  /** Stops the read: the call's signal and deadline. */
  signal?: AbortSignal | undefined;
  /**
   * The largest body to read back: an entry beyond it is a miss, unread.
   *
   * @default {134217728} (128 MiB, the client's `maxResponseBytes`)
   */
  maxBodyBytes?: number | undefined;
}

/** A page written beside its entry, not yet in its place: see {@linkcode ResponseCache.stage}. */
export interface StagedEntry {
  /** Puts the page in its entry's place, replacing what was there. Never throws. */
  commit(): Promise<void>;
  /** Removes the written page; the entry stays as it was. Never throws. */
  discard(): Promise<void>;
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

/** A missing permission: the cache steps aside rather than fail the query. */
const isDenied = (e: unknown) =>
  e instanceof Deno.errors.PermissionDenied || e instanceof Deno.errors.NotCapable;

/**
 * A directory of cached response bodies, one per page of one query.
 *
 * The cache stores what it is given: the caller decides what is worth keeping (never an error
 * answer, and only a page it has checked). Keys never hold the API key (see
 * {@linkcode CacheKey}).
 *
 * The directory is used only when it is the user's own: a real directory (not a symbolic link),
 * owned by the user, writable by no group or other user; it is created with mode 0700. Another
 * directory turns the cache off, with the one warning. Entry files are read only when they are
 * regular files, at most the body bound, never through a link and never blocking (a FIFO in an
 * entry's place is no entry); an entry that fails its checksum, or is anything but a regular
 * file, is removed.
 *
 * {@linkcode ResponseCache.get} and {@linkcode ResponseCache.set} never throw. When the directory
 * cannot be read or written (permissions, a read-only or missing disk, no `--allow-read` or
 * `--allow-write`), or is not the user's own, the first failure is reported once through `warn`,
 * naming the directory and how to turn the cache off, and from then on this instance neither
 * reads nor writes.
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
  #uid: number | undefined;
  #enabled = true;
  #trusted = false;

  /**
   * Makes a cache; touches no file.
   *
   * @param options The directory, time to live, clock, warning sink and user id.
   * @throws {RangeError} When `ttlMs` is negative or not a number.
   */
  constructor(options: ResponseCacheOptions = {}) {
    const {
      dir = defaultCacheDir(),
      ttlMs = DEFAULT_TTL_MS,
      now = Date.now,
      warn = (message: string) => console.warn(message),
      uid = userId(),
    } = options;
    if (typeof ttlMs !== "number" || !(ttlMs >= 0)) {
      throw new RangeError(`ttlMs must be a number of milliseconds, 0 or more: got ${ttlMs}`);
    }
    this.dir = dir;
    this.ttlMs = ttlMs;
    this.#now = now;
    this.#warn = warn;
    this.#uid = uid;
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
   * expired. An entry that is cut short, altered (its checksum fails), written for another key,
   * or is not a regular file (a link, a FIFO, a directory) is removed.
   *
   * @param key The page.
   * @param options The call's signal, and the largest body to read back.
   * @returns The page, or `undefined` when it is absent, expired, corrupt, cut short, written for
   * another key, larger than the bound, or unreadable, when the signal fired, or when the cache
   * is off.
   */
  async get(key: CacheKey, options: CacheGetOptions = {}): Promise<CachedPage | undefined> {
    if (!this.#enabled) return undefined;
    const { signal, maxBodyBytes = DEFAULT_MAX_BODY_BYTES } = options;
    try {
      if (!await this.#trust(false)) return undefined;
      const { shard, path } = await this.#locate(key);
      if (!await isRealShard(shard)) return undefined;
      let bytes: Uint8Array<ArrayBuffer>;
      try {
        bytes = await readRegularFile(path, { maxBytes: maxBodyBytes + HEADER_BYTES, signal });
      } catch (e) {
        if (isDenied(e)) this.#disable("read", e);
        else if (e instanceof NotRegularFile) await removeAnything(path);
        return undefined;
      }
      const entry = await decodeEntry(bytes);
      if (entry === undefined || canonicalKey(entry.key) !== canonicalKey(key)) {
        await removeAnything(path);
        return undefined;
      }
      if (!this.#fresh(entry.page.fetchedAt)) return undefined;
      return entry.page;
    } catch (e) {
      if (isDenied(e)) this.#disable("read", e);
      return undefined;
    }
  }

  /**
   * Writes a page beside its entry, to be put in place by {@linkcode StagedEntry.commit} once
   * the caller has checked it (or dropped by {@linkcode StagedEntry.discard}): until then, the
   * entry stays as it was.
   *
   * Never throws. A failure to write turns this instance off with one warning; a page with an
   * invalid `fetchedAt` is not written, with a warning.
   *
   * @param key The page. Pass the base URL, never the request URL, which holds the API key.
   * @param page The body and when it was fetched. Only answers worth keeping: never errors.
   * @returns The staged entry, or `undefined` when nothing was written.
   *
   * @example Nothing is kept until it is committed
   * ```ts
   * import assert from "node:assert/strict";
   * import { ResponseCache } from "./response_cache.ts";
   *
   * const dir = await Deno.makeTempDir();
   * const cache = new ResponseCache({ dir });
   * const key = {
   *   baseUrl: "https://ecos.bok.or.kr/api",
   *   service: "StatisticWord",
   *   format: "json",
   *   language: "kr",
   *   startNo: 1,
   *   endNo: 10,
   *   args: ["물가"],
   * } as const;
   * const staged = await cache.stage(key, { body: "{}", fetchedAt: new Date() });
   * assert.equal(await cache.get(key), undefined);
   * await staged?.commit();
   * assert.equal((await cache.get(key))?.body, "{}");
   *
   * await Deno.remove(dir, { recursive: true });
   * ```
   */
  async stage(key: CacheKey, page: CachedPage): Promise<StagedEntry | undefined> {
    if (!this.#enabled) return undefined;
    try {
      let data: Uint8Array<ArrayBuffer>;
      try {
        data = await encodeEntry(key, page);
      } catch (e) {
        this.#say(e instanceof Error ? e.message : String(e));
        return undefined;
      }
      if (!await this.#trust(true)) return undefined;
      const { shard, path } = await this.#locate(key);
      // A concurrent clear() may remove the shard meanwhile: then try once more.
      for (let tries = 1;; tries++) {
        try {
          if (!await isRealShard(shard)) {
            await Deno.mkdir(shard, { recursive: true, mode: 0o700 });
          }
          const pending = await writeBeside(path, data, { mode: 0o600, sync: false });
          return {
            commit: async () => {
              try {
                await pending.commit();
              } catch (e) {
                // Windows refuses to replace a file another process holds open: that entry
                // stands.
                if (e instanceof Deno.errors.PermissionDenied || e instanceof Deno.errors.Busy) {
                  return;
                }
                this.#disable("write", e);
              }
            },
            discard: () => pending.discard(),
          };
        } catch (e) {
          if (e instanceof Deno.errors.NotFound && tries < 2) continue;
          this.#disable("write", e);
          return undefined;
        }
      }
    } catch (e) {
      this.#disable("write", e);
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
    await (await this.stage(key, page))?.commit();
  }

  /**
   * Removes a key's entry, whatever is in its place (a file, a link, a FIFO). Never throws.
   *
   * @param key The page.
   */
  async delete(key: CacheKey): Promise<void> {
    await removeAnything((await this.#locate(key)).path);
  }

  /**
   * Removes whatever is in this cache's entry area: entries and leftover temporary files
   * (regular files, links, FIFOs, directories in their place), shard directories left empty,
   * and links in a shard's place. A link is removed, never followed. Other files and
   * directories in `dir` are left alone, and so is `dir` itself.
   *
   * @returns The number of entries removed, valid or not.
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
    return await clearEntryArea(this.dir);
  }

  /**
   * Counts this cache's entries and their size.
   *
   * @returns The directory, the valid entries (and how many expired), their dates, the bytes of
   * all entry files, and the corrupt ones (anything in an entry's place that is not a valid
   * entry, a link or a FIFO included: read without following or blocking).
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
    for await (const { path, hash, regular } of walkEntryArea(this.dir)) {
      if (hash === undefined) continue;
      if (!regular) {
        info.corrupt++;
        continue;
      }
      let bytes: Uint8Array<ArrayBuffer>;
      try {
        bytes = await readRegularFile(path, { maxBytes: DEFAULT_MAX_BODY_BYTES + HEADER_BYTES });
      } catch (e) {
        if (e instanceof Deno.errors.NotFound) continue; // removed meanwhile
        if (e instanceof NotRegularFile || e instanceof FileTooLarge) {
          info.corrupt++;
          continue;
        }
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

  /**
   * Whether the directory may be used; `create` makes it (mode 0700) when it is missing. A
   * directory that is not the user's own turns this instance off with the one warning.
   */
  async #trust(create: boolean): Promise<boolean> {
    if (this.#trusted) return true;
    try {
      await Deno.lstat(this.dir);
    } catch (e) {
      if (!(e instanceof Deno.errors.NotFound)) throw e;
      if (!create) return false; // nothing to read yet
      await Deno.mkdir(this.dir, { recursive: true, mode: 0o700 });
    }
    let reason: string | undefined;
    try {
      reason = await distrust(this.dir, this.#uid);
    } catch (e) {
      // Without the user's id, ownership is learnt by writing a probe: this failed.
      this.#disable("write", e);
      return false;
    }
    if (reason !== undefined) {
      this.#enabled = false;
      this.#say(
        `The response cache directory ${this.dir} ${reason}, so queries go on without it: ` +
          `another user could plant answers there. Set ECOS_CACHE_DIR to a directory of your ` +
          `own that only you can write, or turn the cache off with the client option ` +
          `\`cache: false\` or the \`--no-cache\` flag`,
      );
      return false;
    }
    this.#trusted = true;
    return true;
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
