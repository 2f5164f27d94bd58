/**
 * EcosClient: options, and one method per service of the ECOS Open API. Every method goes
 * query -> validate -> plan pages -> request -> decode -> frame, through the same request core.
 *
 * @module
 */

import {
  abortedError,
  DeadlineExceeded,
  invalidArgument,
  Redactor,
  totalChangedError,
  unknownCodeError,
} from "./errors.ts";
import { explainEmpty, type Lookups } from "./explain.ts";
import {
  type DataSource,
  type FrameInfo,
  frameInfo,
  noteSource,
  setFrameInfo,
  sourceOf,
} from "./source.ts";
import {
  type ColumnSpec,
  concatFrames,
  type DataFrame,
  KEY_STATISTIC_LIST_SCHEMA,
  mergeRangeParts,
  STATISTIC_ITEM_LIST_SCHEMA,
  STATISTIC_META_SCHEMA,
  STATISTIC_SEARCH_SCHEMA,
  STATISTIC_TABLE_LIST_SCHEMA,
  STATISTIC_WORD_SCHEMA,
} from "./frame.ts";
import {
  checkCallOptions,
  type EcosClientOptions,
  type RequestOptions,
  resolveClientOptions,
} from "./options.ts";
import {
  type FetchPage,
  pageFrame,
  type Progress,
  pullFrame,
  pullPages,
  type PullSettings,
  TotalChanged,
} from "./paging.ts";
import { requestPage, type Transport } from "./request.ts";
import { HalfMonthlySpelling, periodLabel, splitRange } from "./search.ts";
import {
  validateSearchQuery,
  validateStatCode,
  validateText,
  type ValidSearch,
} from "./validate.ts";
import type { Format, Language } from "../wire/format.ts";
import { type Cycle, formatPeriod, type SmSpelling } from "../wire/period.ts";
import type { EcosServiceName } from "../wire/services.ts";
import { SAMPLE_KEY, SAMPLE_MAX_ROWS } from "../wire/sample.ts";
import { type CacheInfo, ResponseCache } from "../cache/mod.ts";
import { mirror, type MirrorOptions, type MirrorResult } from "../mirror/mod.ts";
import {
  findItemsIn,
  isKorean,
  searchTablesIn,
  seriesQuery,
  type SeriesRange,
} from "../discovery/discovery.ts";
import type { SeriesName } from "../discovery/named_series.ts";
import { type RateLimit, RateLimiter, Semaphore } from "../util/limiter.ts";

export type { CacheOptions, EcosClientOptions, RequestOptions, RetryOptions } from "./options.ts";
export type { CacheInfo } from "../cache/mod.ts";
export type { Progress } from "./paging.ts";
export { LIVE_BASE_URL } from "./options.ts";
export type { Format, Language } from "../wire/format.ts";
export type { RateLimit } from "../util/limiter.ts";

/** Options of {@linkcode EcosClient.prototype.statisticSearch}. */
export type StatisticSearchOptions = RequestOptions;
/** Options of {@linkcode EcosClient.prototype.statisticSearchPages}. */
export type StatisticSearchPagesOptions = RequestOptions;
/** Options of {@linkcode EcosClient.prototype.keyStatisticList}. */
export type KeyStatisticListOptions = RequestOptions;
/** Options of {@linkcode EcosClient.prototype.statisticTableList}. */
export type StatisticTableListOptions = RequestOptions;
/** Options of {@linkcode EcosClient.prototype.statisticItemList}. */
export type StatisticItemListOptions = RequestOptions;
/** Options of {@linkcode EcosClient.prototype.statisticWord}. */
export type StatisticWordOptions = RequestOptions;
/** Options of {@linkcode EcosClient.prototype.statisticMeta}. */
export type StatisticMetaOptions = RequestOptions;

/** A StatisticSearch query. */
export interface StatisticSearchQuery {
  /** The table code, e.g. "722Y001" (the base rate). */
  statCode: string;
  /** The cycle: A, S, Q, M, SM or D. */
  cycle: Cycle;
  /**
   * The first period: a label in the cycle's shape ("2020", "2020S1", "2020Q1", "202001",
   * "202001SM1" or "202001S1", "20200101"), or a Date (the period that contains it, in UTC).
   */
  start: string | Date;
  /** The last period, included; as `start`. */
  end: string | Date;
  /** 0 to 4 item codes, one per item level; none returns every item of the table. */
  items?: readonly string[];
}

function combine(...signals: (AbortSignal | undefined)[]): AbortSignal | undefined {
  const present = signals.filter((s): s is AbortSignal => s !== undefined);
  return present.length <= 1 ? present[0] : AbortSignal.any(present);
}

/** A call's settings, resolved against the client's. */
interface Call extends Disposable {
  format: Format;
  language: Language;
  /** Whether this call may use the response cache. */
  cache: boolean;
  settings: PullSettings;
  /** When the oldest page of the call was fetched, and whether any came from the cache. */
  fetched: { at: Date | undefined; cached: boolean };
}

/** The response cache a client's options ask for, if any. */
function openCache(
  option: boolean | { dir?: string | undefined; ttlMs?: number | undefined } | undefined,
  baseUrl: string,
) {
  // A server on this machine answers as fast as a disk: caching it would only go stale.
  const on = option === undefined ? !isLoopback(baseUrl) : option !== false;
  if (!on) return undefined;
  const settings = typeof option === "object" ? option : {};
  return new ResponseCache({ dir: settings.dir, ttlMs: settings.ttlMs });
}

/** A frame derived from a lookup keeps the lookup's record of where it came from. */
function withInfoOf(df: DataFrame, from: DataFrame): DataFrame {
  const info = frameInfo(from);
  return info === undefined ? df : setFrameInfo(df, info);
}

let sampleKeyNoted = false;

/** Tells a user without a key, once per process, what the sample key costs. */
function noteSampleKey(): void {
  if (sampleKeyNoted) return;
  sampleKeyNoted = true;
  console.warn(
    `ECOS_API_KEY is not set: using ECOS's sample key, which allows ${SAMPLE_MAX_ROWS} rows a ` +
      "request, so pulls are slow (1,000 requests for 10,000 rows). A key is free at " +
      "https://ecos.bok.or.kr/api/ ; set ECOS_API_KEY, or use connect() for the bundled server.",
  );
}

/** Whether a base URL points at this machine (the bundled server, a local proxy). */
export function isLoopback(baseUrl: string): boolean {
  const host = new URL(baseUrl).hostname;
  return host === "localhost" || host === "[::1]" || /^127\./.test(host);
}

/** A timer that aborts a call when its deadline passes; none without a deadline. */
function startDeadline(ms: number | undefined): { signal?: AbortSignal; clear: () => void } {
  if (ms === undefined) return { clear: () => {} };
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new DeadlineExceeded(ms)), ms);
  return { signal: controller.signal, clear: () => clearTimeout(timer) };
}

/**
 * A client of the Bank of Korea's ECOS Open API. Each method pulls every page of its query and
 * returns one typed Polars DataFrame; no data gives an empty frame with the same columns.
 * Failures are {@linkcode EcosError}s.
 *
 * @example A pull from the bundled server
 * ```ts
 * import assert from "node:assert/strict";
 * import { EcosClient } from "@ecos/ecos";
 * import { startEcosServer } from "@ecos/ecos/server";
 *
 * await using server = await startEcosServer();
 * const client = new EcosClient({ baseUrl: server.url, apiKey: "sample" });
 * const rate = await client.statisticSearch({
 *   statCode: "722Y001",
 *   cycle: "A",
 *   start: "2015",
 *   end: "2020",
 *   items: ["0101000"],
 * });
 * assert.equal(rate.height, 6);
 * ```
 *
 * @example The live service, with a key from ECOS_API_KEY
 * ```ts ignore
 * import assert from "node:assert/strict";
 * import { EcosClient } from "@ecos/ecos";
 *
 * const client = new EcosClient();
 * const cpi = await client.statisticSearch({
 *   statCode: "901Y009",
 *   cycle: "M",
 *   start: new Date("2020-01-01"),
 *   end: new Date("2020-12-31"),
 *   items: ["0"],
 * });
 * assert.equal(cpi.height, 12);
 * ```
 */
export class EcosClient {
  /** The service's base URL. */
  readonly baseUrl: string;
  /** The default body format. */
  readonly format: Format;
  /** The default language. */
  readonly language: Language;
  /** The default rows a request. */
  readonly pageSize: number;
  /** Requests in flight at once. */
  readonly concurrency: number;
  /** Where the data comes from: the live service, the bundled server, or another. */
  readonly source: DataSource;
  /** The client-side rate limit, or `false` for none. */
  readonly rateLimit: RateLimit | false;
  readonly #transport: Transport;
  readonly #signal: AbortSignal | undefined;
  readonly #deadlineMs: number | undefined;
  readonly #maxRows: number;
  readonly #onProgress: ((progress: Progress) => void) | undefined;
  /** The half-monthly spelling this service accepts, learnt on the first SM query. */
  readonly #sm = new HalfMonthlySpelling();
  /** StatisticItemList by table code, pulled once. */
  readonly #itemLists = new Map<string, Promise<DataFrame>>();
  /** StatisticTableList by language, pulled once. */
  readonly #tableLists = new Map<string, Promise<DataFrame>>();

  /**
   * Creates a client. Nothing is sent until a method is called.
   *
   * @param options The key, address, format, limits and seams; every field has a default.
   * @throws {EcosError} INVALID_ARGUMENT for an option out of range or unknown.
   */
  constructor(options: EcosClientOptions = {}) {
    const o = resolveClientOptions(options);
    this.baseUrl = o.baseUrl;
    this.format = o.format;
    this.language = o.language;
    this.pageSize = o.pageSize;
    this.concurrency = o.concurrency;
    this.source = sourceOf(o.baseUrl);
    this.rateLimit = o.rateLimit;
    noteSource(this.source);
    this.#signal = o.signal;
    this.#deadlineMs = o.deadlineMs;
    this.#maxRows = o.maxRows;
    this.#onProgress = o.onProgress;
    this.#transport = {
      baseUrl: o.baseUrl,
      apiKey: o.apiKey,
      redactor: new Redactor(o.apiKey),
      fetch: o.fetch,
      timeoutMs: o.timeoutMs,
      maxResponseBytes: o.maxResponseBytes,
      retry: o.retry,
      limiter: o.rateLimit === false ? undefined : new RateLimiter(o.rateLimit),
      semaphore: new Semaphore(o.concurrency),
      cache: openCache(o.cache, o.baseUrl),
    };
    if (o.apiKey === SAMPLE_KEY && !isLoopback(o.baseUrl)) noteSampleKey();
  }

  /**
   * Pulls a table's values over a date range: StatisticSearch, every page.
   *
   * Columns: STAT_CODE, STAT_NAME, ITEM_CODE1, ITEM_NAME1, ... ITEM_CODE4, ITEM_NAME4,
   * UNIT_NAME, WGT (Float64), TIME (Date: the first day of the period), PERIOD (the label as
   * sent), DATA_VALUE (Float64; "" and "-" are null). Rows come item by item, each item in
   * time order. A range the service finds too large (ERROR-400) is split in halves and put back
   * together in that order.
   *
   * @param query The table, cycle, range and item codes.
   * @param options A signal, or a format, language or page size for this call.
   * @returns The frame; empty (same columns) when nothing matches.
   * @throws {EcosError} INVALID_ARGUMENT (nothing sent), the service's code (INFO-100 for a bad
   * key, ERROR-101 for a label it rejects), ERROR-400 when even one period is too large,
   * TRANSPORT / TIMEOUT / BAD_RESPONSE / ERROR-5xx-6xx after the last retry, ABORTED,
   * TOTAL_CHANGED.
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { EcosClient } from "@ecos/ecos";
   * import { startEcosServer } from "@ecos/ecos/server";
   *
   * await using server = await startEcosServer();
   * const client = new EcosClient({ baseUrl: server.url, apiKey: "sample" });
   * const gdp = await client.statisticSearch({
   *   statCode: "200Y102",
   *   cycle: "Q",
   *   start: "2023Q1",
   *   end: "2023Q4",
   *   items: ["10111"],
   * });
   * assert.equal(gdp.height, 4);
   * assert.equal(gdp.getColumn("PERIOD").get(0), "2023Q1");
   * ```
   */
  async statisticSearch(
    query: StatisticSearchQuery,
    options: StatisticSearchOptions = {},
  ): Promise<DataFrame> {
    const q = validateSearchQuery(query);
    using call = this.#call(options, "StatisticSearch");
    const parts: DataFrame[] = [];
    const pull = async function* (fetchPage: FetchPage) {
      yield await pullFrame(fetchPage, call.settings, STATISTIC_SEARCH_SCHEMA);
    };
    for await (const part of this.#searchParts(q, call, pull)) parts.push(part);
    const frame = mergeRangeParts(parts);
    if (frame.height === 0) await this.#explainEmpty(q, call);
    return setFrameInfo(frame, this.#info(call));
  }

  /**
   * Pulls StatisticSearch page by page, one frame per page, in order, for data too big to hold
   * at once or to show progress. Pages are requested `concurrency` at a time ahead of the
   * consumer. When the service finds the range too large (ERROR-400), the range is split and
   * the pages come sub-range by sub-range (earliest first), each in item-then-time order. No
   * data yields no frames.
   *
   * @param query The table, cycle, range and item codes (checked at once).
   * @param options A signal, or a format, language or page size for this call.
   * @returns An async iterable of frames with the columns of
   * {@linkcode EcosClient.prototype.statisticSearch}.
   * @throws {EcosError} INVALID_ARGUMENT at once; the rest while iterating, as for
   * statisticSearch (TOTAL_CHANGED without a second pull: pages already went out).
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { EcosClient } from "@ecos/ecos";
   * import { startEcosServer } from "@ecos/ecos/server";
   *
   * await using server = await startEcosServer();
   * const client = new EcosClient({ baseUrl: server.url, apiKey: "sample" });
   * let rows = 0;
   * for await (
   *   const page of client.statisticSearchPages({
   *     statCode: "722Y001",
   *     cycle: "M",
   *     start: "202001",
   *     end: "202012",
   *     items: ["0101000"],
   *   })
   * ) rows += page.height;
   * assert.equal(rows, 12);
   * ```
   */
  statisticSearchPages(
    query: StatisticSearchQuery,
    options: StatisticSearchPagesOptions = {},
  ): AsyncIterable<DataFrame> {
    const q = validateSearchQuery(query);
    checkCallOptions(options);
    // The call (and its deadline) starts with the first page asked for, not before.
    const pages = async function* (this: EcosClient) {
      using call = this.#call(options, "StatisticSearch");
      const pull = async function* (fetchPage: FetchPage) {
        try {
          for await (const page of pullPages(fetchPage, call.settings)) {
            yield pageFrame(page, STATISTIC_SEARCH_SCHEMA);
          }
        } catch (e) {
          // Pages already went out: no second pull, the change is reported at once.
          if (e instanceof TotalChanged) throw totalChangedError(e.scope, e.message);
          throw e;
        }
      };
      let rows = 0;
      for await (const frame of this.#searchParts(q, call, pull)) {
        rows += frame.height;
        yield setFrameInfo(frame, this.#info(call));
      }
      if (rows === 0) await this.#explainEmpty(q, call);
    };
    return pages.call(this);
  }

  /**
   * The routine behind both searches: the range in parts, split on ERROR-400, SM labels in the
   * spelling this service accepts. `pull` turns one part's pages into what the caller wants.
   */
  #searchParts<T>(
    q: ValidSearch,
    call: Call,
    pull: (fetchPage: FetchPage) => AsyncIterable<T>,
  ): AsyncGenerator<T, void, undefined> {
    return splitRange(
      q.startIndex,
      q.endIndex,
      (lo, hi) => pull(this.#searchFetcher(q, lo, hi, call)),
      (index) => periodLabel(q.cycle, index, this.#sm),
    );
  }

  /**
   * Fails with UNKNOWN_CODE when an empty answer comes from a code that does not exist; returns
   * when the codes exist (the range holds no data) or when the lookups themselves fail.
   */
  async #explainEmpty(q: ValidSearch, call: Call): Promise<void> {
    const lookups: Lookups = {
      items: (statCode) => this.#itemList(statCode, call),
      tables: () => this.#tableList(call),
    };
    let message: string | undefined;
    try {
      message = await explainEmpty(q, lookups);
    } catch (e) {
      if (call.settings.signal?.aborted) throw e; // cancelled or out of time: say so
      return; // no explanation: the empty frame stands
    }
    if (message !== undefined) {
      throw unknownCodeError(
        { service: "StatisticSearch", redactor: this.#transport.redactor },
        message,
      );
    }
  }

  /** A lookup pulled once per client and key; a failed pull is forgotten, not cached. */
  #cached(
    cache: Map<string, Promise<DataFrame>>,
    key: string,
    pull: () => Promise<DataFrame>,
  ): Promise<DataFrame> {
    let frame = cache.get(key);
    if (frame === undefined) {
      frame = pull();
      cache.set(key, frame);
      frame.catch(() => cache.delete(key));
    }
    return frame;
  }

  /**
   * Mirrors whole tables into a hive-partitioned Parquet dataset under `options.dir`
   * (`STAT_CODE=.../CYCLE=.../*.parquet`), resumably and incrementally: every item and cycle
   * of each table; an interrupted run resumes where it stopped; a later run fetches only what
   * follows each item's last stored period, plus a revision window, replacing revised rows.
   * Read it back with `scanMirror(dir)` (polars), or DuckDB or Spark. The mirror's requests
   * bypass the response cache. See `mirror` in `src/mirror/` for the options.
   *
   * @param statCodes The tables.
   * @param options The directory, cycles, first period, revision windows, plan and progress
   * callbacks, and a signal.
   * @returns What was planned and done.
   * @throws {EcosError} INVALID_ARGUMENT for bad options or a directory mirrored from another
   * service; UNKNOWN_CODE for a table with no items; otherwise as statisticSearch (a run that
   * failed resumes when started again).
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { EcosClient, scanMirror } from "@ecos/ecos";
   * import { startEcosServer } from "@ecos/ecos/server";
   *
   * await using server = await startEcosServer();
   * const client = new EcosClient({ baseUrl: server.url });
   * const dir = await Deno.makeTempDir();
   * try {
   *   const done = await client.mirror(["722Y001"], { dir, cycles: ["A"] });
   *   assert.equal(done.unitsFetched, done.plan.units);
   *   assert.ok(scanMirror(dir).collectSync().height > 0);
   * } finally {
   *   await Deno.remove(dir, { recursive: true });
   * }
   * ```
   */
  async mirror(
    statCodes: string | readonly string[],
    options: MirrorOptions,
  ): Promise<MirrorResult> {
    return await mirror(this, statCodes, options);
  }

  /**
   * Empties this client's response cache.
   *
   * @returns How many entries were removed; 0 when the cache is off.
   */
  async clearCache(): Promise<number> {
    return await this.#transport.cache?.clear() ?? 0;
  }

  /**
   * What this client's response cache holds.
   *
   * @returns Its directory, entries and size; `undefined` when the cache is off.
   */
  async cacheInfo(): Promise<CacheInfo | undefined> {
    return await this.#transport.cache?.info();
  }

  /** Fetches pages of one part of a search; half-monthly labels go through the spelling. */
  #searchFetcher(q: ValidSearch, lo: number, hi: number, call: Call): FetchPage {
    const args = (sm: SmSpelling) => [
      q.statCode,
      q.cycle,
      formatPeriod(q.cycle, lo, sm),
      formatPeriod(q.cycle, hi, sm),
      ...q.items,
    ];
    if (q.cycle !== "SM") return this.#fetcher("StatisticSearch", args("live"), call);
    return (span, signal, fresh) =>
      this.#sm.send((sm) => this.#fetcher("StatisticSearch", args(sm), call)(span, signal, fresh));
  }

  /**
   * Pulls several StatisticSearch queries concurrently (within the client's `concurrency` and
   * rate limit) into one long frame, query after query. Every query is checked before anything
   * is sent; when one fails, the others are stopped and the failure is raised.
   *
   * @param queries The queries.
   * @param options A signal, or a format, language or page size for these calls.
   * @returns One frame with the columns of {@linkcode EcosClient.prototype.statisticSearch}.
   * @throws {EcosError} As {@linkcode EcosClient.prototype.statisticSearch}.
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { EcosClient } from "@ecos/ecos";
   * import { startEcosServer } from "@ecos/ecos/server";
   *
   * await using server = await startEcosServer();
   * const client = new EcosClient({ baseUrl: server.url });
   * const both = await client.statisticSearchMany([
   *   { statCode: "722Y001", cycle: "M", start: "202401", end: "202412", items: ["0101000"] },
   *   { statCode: "901Y009", cycle: "M", start: "202401", end: "202412", items: ["0"] },
   * ]);
   * assert.equal(both.height, 24);
   * ```
   */
  async statisticSearchMany(
    queries: readonly StatisticSearchQuery[],
    options: StatisticSearchOptions = {},
  ): Promise<DataFrame> {
    if (!Array.isArray(queries)) throw invalidArgument("Pass the queries as an array");
    queries.forEach((q) => validateSearchQuery(q));
    checkCallOptions(options);
    // One failure stops the siblings: their pages would be wasted calls. The first failure
    // is the one raised, not the siblings' ABORTED.
    const stop = new AbortController();
    const signal = combine(options.signal, stop.signal)!;
    let failure: { error: unknown } | undefined;
    const frames = await Promise.all(
      queries.map((q) =>
        this.statisticSearch(q, { ...options, signal }).catch((error) => {
          failure ??= { error };
          stop.abort(error);
          return undefined;
        })
      ),
    );
    if (failure !== undefined) throw failure.error;
    const parts = frames as DataFrame[];
    const infos = parts.map((f) => frameInfo(f)).filter((i) => i !== undefined);
    return setFrameInfo(concatFrames(parts, STATISTIC_SEARCH_SCHEMA), {
      source: this.source,
      baseUrl: this.baseUrl,
      fetchedAt: new Date(Math.min(Date.now(), ...infos.map((i) => i.fetchedAt.getTime()))),
      fromCache: infos.some((i) => i.fromCache),
    });
  }

  /**
   * Pulls a well-known series by name: base_rate, usd_krw, cpi, gdp_nominal, gdp_growth or
   * ktb_3y (see {@linkcode NAMED_SERIES}). Without `cycle`, the cycle is read from the shape of
   * `start` (202001 is M, 2020Q1 is Q, 2020 is A, 20200101 is D) and, for Dates, is the series'
   * most used one.
   *
   * @param name The series' name.
   * @param range The first and last periods, and optionally the cycle.
   * @param options A signal, or a format, language or page size for this call.
   * @returns The frame, as {@linkcode EcosClient.prototype.statisticSearch} gives it.
   * @throws {EcosError} INVALID_ARGUMENT for an unknown name (the message lists the known
   * ones) or a cycle the series is not published in; otherwise as statisticSearch.
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { EcosClient } from "@ecos/ecos";
   * import { startEcosServer } from "@ecos/ecos/server";
   *
   * await using server = await startEcosServer();
   * const client = new EcosClient({ baseUrl: server.url });
   * const cpi = await client.series("cpi", { start: "202301", end: "202312" });
   * assert.equal(cpi.height, 12);
   * assert.equal(cpi.getColumn("STAT_CODE").get(0), "901Y009");
   * ```
   */
  async series(
    name: SeriesName,
    range: SeriesRange,
    options: StatisticSearchOptions = {},
  ): Promise<DataFrame> {
    return await this.statisticSearch(seriesQuery(name, range).query, options);
  }

  /**
   * Finds tables by name: the searchable tables whose name holds every word of `text`,
   * case-insensitive, ignoring the tree numbering ("1.3.1. "). Korean text is looked up in the
   * Korean table list, other text in the English one; each list is pulled once per client.
   *
   * Columns: STAT_CODE, STAT_NAME, CYCLE, ORG_NAME (the agency that compiles it, for the
   * attribution its terms ask; null for the Bank of Korea's own), GROUP_CODE, GROUP_NAME (the
   * group the table is filed under).
   *
   * @param text The words to look for, e.g. "base rate" or "소비자물가".
   * @param options A signal, or a format or page size for the list's pull.
   * @returns The tables; no rows when nothing matches.
   * @throws {EcosError} INVALID_ARGUMENT for a text that is not a string; otherwise as
   * statisticSearch.
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { EcosClient } from "@ecos/ecos";
   * import { startEcosServer } from "@ecos/ecos/server";
   *
   * await using server = await startEcosServer();
   * const client = new EcosClient({ baseUrl: server.url });
   * const found = await client.searchTables("base rate");
   * assert.ok(found.getColumn("STAT_CODE").toArray().includes("722Y001"));
   * assert.equal((await client.searchTables("no such thing at all")).height, 0);
   * ```
   */
  async searchTables(text: string, options: RequestOptions = {}): Promise<DataFrame> {
    if (typeof text !== "string") throw invalidArgument("Pass the search text as a string");
    const language = isKorean(text) ? "kr" : "en";
    using call = this.#call({ ...options, language }, "StatisticTableList");
    const tables = await this.#tableList(call);
    return withInfoOf(searchTablesIn(tables, text), tables);
  }

  /**
   * Finds a table's items by name or code: the items whose name or code holds every word of
   * `pattern` (all of them without one), one row per item and cycle, with the first and last
   * periods as labels and Dates: ready to pass to statisticSearch. The item list is pulled once
   * per client and table.
   *
   * Columns: STAT_CODE, STAT_NAME, LEVEL (1 for items of ITEM_CODE1, 2 for ITEM_CODE2, ...),
   * ITEM_CODE, ITEM_NAME, CYCLE, START_TIME, END_TIME, START_DATE, END_DATE, DATA_CNT,
   * UNIT_NAME.
   *
   * @param statCode The table code.
   * @param pattern Words of the name or code to look for.
   * @param options A signal, or a format, language or page size for the list's pull.
   * @returns The items; no rows when nothing matches or the table does not exist.
   * @throws {EcosError} INVALID_ARGUMENT for a bad code; otherwise as statisticSearch.
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { EcosClient } from "@ecos/ecos";
   * import { startEcosServer } from "@ecos/ecos/server";
   *
   * await using server = await startEcosServer();
   * const client = new EcosClient({ baseUrl: server.url, language: "en" });
   * const items = await client.findItems("901Y009", "all items");
   * assert.equal(items.getColumn("ITEM_CODE").get(0), "0");
   * ```
   */
  async findItems(
    statCode: string,
    pattern = "",
    options: RequestOptions = {},
  ): Promise<DataFrame> {
    const code = validateStatCode(statCode);
    if (typeof pattern !== "string") throw invalidArgument("Pass the pattern as a string");
    using call = this.#call(options, "StatisticItemList");
    const items = await this.#itemList(code, call);
    return withInfoOf(findItemsIn(items, pattern), items);
  }

  /** StatisticTableList in the call's language, pulled once per client. */
  #tableList(call: Call): Promise<DataFrame> {
    return this.#cached(this.#tableLists, call.language, () =>
      pullFrame(
        this.#fetcher("StatisticTableList", [], call),
        call.settings,
        STATISTIC_TABLE_LIST_SCHEMA,
      ));
  }

  /** StatisticItemList of a table in the call's language, pulled once per client. */
  #itemList(statCode: string, call: Call): Promise<DataFrame> {
    return this.#cached(this.#itemLists, `${call.language}/${statCode}`, () =>
      pullFrame(
        this.#fetcher("StatisticItemList", [statCode], call),
        call.settings,
        STATISTIC_ITEM_LIST_SCHEMA,
      ));
  }

  /**
   * Pulls the key statistics (KeyStatisticList): the headline indicators with their latest
   * values. The count is whatever the service says (100 in the specification, 101 seen live).
   *
   * Columns: CLASS_NAME, KEYSTAT_NAME, DATA_VALUE (Float64), CYCLE (the latest period's label,
   * in the indicator's own shape), TIME (Date: that period's first day), UNIT_NAME.
   *
   * @param options A signal, or a format, language or page size for this call.
   * @returns The frame.
   * @throws {EcosError} As {@linkcode EcosClient.prototype.statisticSearch}, without ERROR-400
   * splitting.
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { EcosClient } from "@ecos/ecos";
   * import { startEcosServer } from "@ecos/ecos/server";
   *
   * await using server = await startEcosServer();
   * const client = new EcosClient({ baseUrl: server.url, apiKey: "sample" });
   * const key = await client.keyStatisticList();
   * assert.ok(key.height >= 100);
   * ```
   */
  async keyStatisticList(options: KeyStatisticListOptions = {}): Promise<DataFrame> {
    return await this.#lookup("KeyStatisticList", [], KEY_STATISTIC_LIST_SCHEMA, options);
  }

  /**
   * Lists statistical tables (StatisticTableList, live service): the table tree, or one node.
   *
   * Columns: P_STAT_CODE, STAT_CODE, STAT_NAME, CYCLE (null for groups), SRCH_YN ("Y"
   * searchable, "N" a group), ORG_NAME.
   *
   * @param statCode A table or group code; none lists every table.
   * @param options A signal, or a format, language or page size for this call.
   * @returns The frame.
   * @throws {EcosError} INVALID_ARGUMENT for a bad code; otherwise as statisticSearch.
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { EcosClient, pl } from "@ecos/ecos";
   * import { startEcosServer } from "@ecos/ecos/server";
   *
   * await using server = await startEcosServer();
   * const tables = await new EcosClient({ baseUrl: server.url }).statisticTableList();
   * const base = tables.filter(pl.col("STAT_CODE").eq(pl.lit("722Y001")));
   * assert.equal(base.getColumn("SRCH_YN").get(0), "Y");
   * ```
   */
  async statisticTableList(
    statCode?: string,
    options: StatisticTableListOptions = {},
  ): Promise<DataFrame> {
    const args = statCode === undefined ? [] : [validateStatCode(statCode)];
    return await this.#lookup("StatisticTableList", args, STATISTIC_TABLE_LIST_SCHEMA, options);
  }

  /**
   * Lists a table's items (StatisticItemList, live service): one row per item and cycle.
   *
   * Columns: STAT_CODE, STAT_NAME, GRP_CODE, GRP_NAME, ITEM_CODE, ITEM_NAME, P_ITEM_CODE,
   * P_ITEM_NAME, CYCLE, START_TIME, END_TIME (labels), START_DATE, END_DATE (Date: the first
   * day of those periods), DATA_CNT (Int64), UNIT_NAME, WEIGHT (Float64).
   *
   * @param statCode The table code.
   * @param options A signal, or a format, language or page size for this call.
   * @returns The frame.
   * @throws {EcosError} INVALID_ARGUMENT for a bad code; otherwise as statisticSearch.
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { EcosClient } from "@ecos/ecos";
   * import { startEcosServer } from "@ecos/ecos/server";
   *
   * await using server = await startEcosServer();
   * const items = await new EcosClient({ baseUrl: server.url }).statisticItemList("722Y001");
   * assert.ok(items.getColumn("ITEM_CODE").toArray().includes("0101000"));
   * ```
   */
  async statisticItemList(
    statCode: string,
    options: StatisticItemListOptions = {},
  ): Promise<DataFrame> {
    const args = [validateStatCode(statCode)];
    return await this.#lookup("StatisticItemList", args, STATISTIC_ITEM_LIST_SCHEMA, options);
  }

  /**
   * Looks a term up in the statistical glossary (StatisticWord, live service).
   *
   * Columns: WORD, CONTENT.
   *
   * @param word The term, e.g. "소비자물가지수".
   * @param options A signal, or a format, language or page size for this call.
   * @returns The frame.
   * @throws {EcosError} INVALID_ARGUMENT for an empty word or one with "/" or control
   * characters; otherwise as statisticSearch.
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { EcosClient } from "@ecos/ecos";
   * import { startEcosServer } from "@ecos/ecos/server";
   *
   * await using server = await startEcosServer();
   * const entry = await new EcosClient({ baseUrl: server.url }).statisticWord("소비자물가지수");
   * assert.ok(entry.height >= 1);
   * assert.deepEqual(entry.columns, ["WORD", "CONTENT"]);
   * ```
   */
  async statisticWord(word: string, options: StatisticWordOptions = {}): Promise<DataFrame> {
    const args = [validateText(word, "word")];
    return await this.#lookup("StatisticWord", args, STATISTIC_WORD_SCHEMA, options);
  }

  /**
   * Reads the metadata of a data set (StatisticMeta, live service).
   *
   * Columns: LVL, P_CONT_CODE, CONT_CODE, CONT_NAME, META_DATA.
   *
   * @param dataName The data set's name, e.g. "경제심리지수".
   * @param options A signal, or a format, language or page size for this call.
   * @returns The frame.
   * @throws {EcosError} INVALID_ARGUMENT for an empty name or one with "/" or control
   * characters; otherwise as statisticSearch.
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { EcosClient } from "@ecos/ecos";
   * import { startEcosServer } from "@ecos/ecos/server";
   *
   * await using server = await startEcosServer();
   * const meta = await new EcosClient({ baseUrl: server.url }).statisticMeta("경제심리지수");
   * assert.ok(meta.height >= 1);
   * ```
   */
  async statisticMeta(dataName: string, options: StatisticMetaOptions = {}): Promise<DataFrame> {
    const args = [validateText(dataName, "dataName")];
    return await this.#lookup("StatisticMeta", args, STATISTIC_META_SCHEMA, options);
  }

  async #lookup(
    service: EcosServiceName,
    args: string[],
    schema: readonly ColumnSpec[],
    options: RequestOptions,
  ): Promise<DataFrame> {
    using call = this.#call(options, service);
    const frame = await pullFrame(this.#fetcher(service, args, call), call.settings, schema);
    return setFrameInfo(frame, this.#info(call));
  }

  /** Where and when a call's rows were fetched. */
  #info(call: Call): FrameInfo {
    return {
      source: this.source,
      baseUrl: this.baseUrl,
      fetchedAt: call.fetched.at ?? new Date(),
      fromCache: call.fetched.cached,
    };
  }

  /**
   * A call's settings, resolved against the client's, with its deadline running; refused at
   * once when already aborted. Dispose of it (`using`) when the call ends.
   */
  #call(options: RequestOptions, service: EcosServiceName): Call {
    const o = checkCallOptions(options);
    const deadline = startDeadline(this.#deadlineMs);
    const signal = combine(this.#signal, o.signal, deadline.signal);
    if (signal?.aborted) {
      deadline.clear();
      throw abortedError({ service, redactor: this.#transport.redactor }, signal.reason, 0);
    }
    return {
      format: o.format ?? this.format,
      language: o.language ?? this.language,
      settings: {
        pageSize: o.pageSize ?? this.pageSize,
        concurrency: this.concurrency,
        maxRows: this.#maxRows,
        onProgress: o.onProgress ?? this.#onProgress,
        signal,
      },
      fetched: { at: undefined, cached: false },
      cache: o.cache ?? true,
      [Symbol.dispose]: deadline.clear,
    };
  }

  #fetcher(service: EcosServiceName, args: readonly string[], call: Call): FetchPage {
    return async (span, signal, fresh) => {
      const page = await requestPage(this.#transport, {
        service,
        format: call.format,
        language: call.language,
        startNo: span.startNo,
        endNo: span.endNo,
        args,
        signal,
        fresh,
        cache: call.cache,
      });
      const { fetched } = call;
      if (fetched.at === undefined || page.fetchedAt < fetched.at) fetched.at = page.fetchedAt;
      fetched.cached ||= page.fromCache;
      return page;
    };
  }
}

let defaultClient: EcosClient | undefined;

/** The module-level client, built on first use from the environment. */
function getDefaultClient(): EcosClient {
  defaultClient ??= new EcosClient();
  return defaultClient;
}

/**
 * {@linkcode EcosClient.prototype.statisticSearch} on a default client built from the
 * environment (ECOS_API_KEY, ECOS_BASE_URL) on first use.
 *
 * @param query The table, cycle, range and item codes.
 * @param options A signal, or a format, language or page size for this call.
 * @returns The frame; empty (same columns) when nothing matches.
 * @throws {EcosError} As {@linkcode EcosClient.prototype.statisticSearch}.
 *
 * @example
 * ```ts ignore
 * import assert from "node:assert/strict";
 * import { statisticSearch } from "@ecos/ecos";
 *
 * const usd = await statisticSearch({
 *   statCode: "731Y001",
 *   cycle: "D",
 *   start: "20240101",
 *   end: "20241231",
 *   items: ["0000001"],
 * });
 * assert.ok(usd.height > 200); // one row per business day
 * ```
 */
export async function statisticSearch(
  query: StatisticSearchQuery,
  options: StatisticSearchOptions = {},
): Promise<DataFrame> {
  return await getDefaultClient().statisticSearch(query, options);
}

/**
 * {@linkcode EcosClient.prototype.keyStatisticList} on a default client built from the
 * environment (ECOS_API_KEY, ECOS_BASE_URL) on first use.
 *
 * @param options A signal, or a format, language or page size for this call.
 * @returns The frame.
 * @throws {EcosError} As {@linkcode EcosClient.prototype.keyStatisticList}.
 *
 * @example
 * ```ts ignore
 * import assert from "node:assert/strict";
 * import { keyStatisticList } from "@ecos/ecos";
 *
 * const key = await keyStatisticList();
 * assert.ok(key.height >= 100);
 * ```
 */
export async function keyStatisticList(
  options: KeyStatisticListOptions = {},
): Promise<DataFrame> {
  return await getDefaultClient().keyStatisticList(options);
}
