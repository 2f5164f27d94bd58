/**
 * EcosClient: options, and one method per service of the ECOS Open API. Every method goes
 * query -> validate -> plan pages -> request -> decode -> frame, through the same request core.
 *
 * @module
 */

import { EcosError, isEcosError } from "./errors.ts";
import { readEnv } from "../util/env.ts";
import {
  type ColumnSpec,
  type DataFrame,
  FrameBuilder,
  KEY_STATISTIC_LIST_SCHEMA,
  mergeRangeParts,
  STATISTIC_ITEM_LIST_SCHEMA,
  STATISTIC_META_SCHEMA,
  STATISTIC_SEARCH_SCHEMA,
  STATISTIC_TABLE_LIST_SCHEMA,
  STATISTIC_WORD_SCHEMA,
} from "./frame.ts";
import { RateLimiter, Semaphore } from "../util/limiter.ts";
import {
  type FetchPage,
  pullFrame,
  pullPages,
  type PullSettings,
  pullSplitting,
  tooLargeError,
  TotalChanged,
  totalChangedError,
} from "./paging.ts";
import { type Cycle, formatPeriod, type SmSpelling } from "../wire/period.ts";
import { type Format, type Language, requestPage, type Transport } from "./request.ts";
import {
  validateCallOptions,
  validateClientOptions,
  validateSearchQuery,
  validateStatCode,
  validateText,
  type ValidSearch,
} from "./validate.ts";

export type { Format, Language } from "./request.ts";
export type { RateLimit } from "../util/limiter.ts";
import type { RateLimit } from "../util/limiter.ts";

/** The live service's address. */
export const LIVE_BASE_URL = "https://ecos.bok.or.kr/api";

/** How failed attempts are retried. */
export interface RetryOptions {
  /**
   * Attempts in all, the first included; 1 turns retries off.
   *
   * @default {5}
   */
  attempts?: number;
  /**
   * The first backoff's ceiling in milliseconds; it doubles with each failure (ERROR-602, which
   * asks clients to slow down, starts four times higher).
   *
   * @default {500}
   */
  baseMs?: number;
  /**
   * The largest backoff ceiling in milliseconds.
   *
   * @default {30000}
   */
  capMs?: number;
  /**
   * Full jitter: wait a random time up to the ceiling, so that many clients do not retry in
   * step. `false` waits the ceiling itself.
   *
   * @default {true}
   */
  jitter?: boolean;
}

/** Options of {@linkcode EcosClient}. */
export interface EcosClientOptions {
  /**
   * The API key. It is sent as a path segment and shown nowhere: URLs in errors carry `***`.
   *
   * @default {Deno.env.get("ECOS_API_KEY") ?? "sample"}
   */
  apiKey?: string;
  /**
   * The service's base URL, ending before the service name.
   *
   * @default {Deno.env.get("ECOS_BASE_URL") ?? "https://ecos.bok.or.kr/api"}
   */
  baseUrl?: string;
  /**
   * The body format asked of the service. Frames are the same either way.
   *
   * @default {"json"}
   */
  format?: Format;
  /**
   * The language of names (STAT_NAME, ITEM_NAME1, ...) and of the service's messages.
   *
   * @default {"kr"}
   */
  language?: Language;
  /**
   * Rows a request. The sample key may ask for 10 at most.
   *
   * @default {10000, or 10 with the sample key}
   */
  pageSize?: number;
  /**
   * Requests in flight at once, over all calls of this client.
   *
   * @default {4}
   */
  concurrency?: number;
  /**
   * The time limit of one attempt in milliseconds, body included.
   *
   * @default {60000}
   */
  timeoutMs?: number;
  /**
   * Retries of failed attempts (ERROR-500/600/601/602, HTML pages, 5xx, resets, time-outs).
   *
   * @default {{ attempts: 5, baseMs: 500, capMs: 30000, jitter: true }}
   */
  retry?: RetryOptions;
  /**
   * The client-side rate limit: at most `requests` requests start within any `windowMs`.
   * `false` turns it off.
   *
   * @default {{ requests: 300, windowMs: 180000 }}
   */
  rateLimit?: RateLimit | false;
  /**
   * The fetch to use: a seam for proxies and tests.
   *
   * @default {globalThis.fetch}
   */
  fetch?: typeof fetch;
  /**
   * Cancels every request of this client.
   *
   * @default {undefined}
   */
  signal?: AbortSignal;
}

/** Options of one call; they override the client's. */
export interface RequestOptions {
  /**
   * Cancels this call. Combined with the client's signal; an abort is not retried.
   *
   * @default {undefined}
   */
  signal?: AbortSignal;
  /**
   * The body format for this call.
   *
   * @default {the client's format}
   */
  format?: Format;
  /**
   * The language for this call.
   *
   * @default {the client's language}
   */
  language?: Language;
  /**
   * Rows a request for this call.
   *
   * @default {the client's pageSize}
   */
  pageSize?: number;
}

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
interface Call {
  format: Format;
  language: Language;
  settings: PullSettings;
}

/**
 * A client of the Bank of Korea's ECOS Open API. Each method pulls every page of its query and
 * returns one typed Polars DataFrame; no data gives an empty frame with the same columns.
 * Failures are {@linkcode EcosError}s.
 *
 * @example A pull from the bundled server
 * ```ts
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
 * console.assert(rate.height === 6);
 * ```
 *
 * @example The live service, with a key from ECOS_API_KEY
 * ```ts ignore
 * import { EcosClient } from "@ecos/ecos";
 *
 * const client = new EcosClient();
 * const cpi = await client.statisticSearch({
 *   statCode: "901Y009",
 *   cycle: "M",
 *   start: new Date("2020-01-01"),
 *   end: new Date(),
 *   items: ["0"],
 * });
 * console.log(cpi.select("TIME", "DATA_VALUE").tail(12));
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
  readonly #transport: Transport;
  readonly #signal: AbortSignal | undefined;
  /** The half-monthly spelling that works with this service; learnt on ERROR-101. */
  #sm: SmSpelling = "spec";

  /**
   * Creates a client. Nothing is sent until a method is called.
   *
   * @param options The key, address, format, limits and seams; every field has a default.
   * @throws {EcosError} INVALID_ARGUMENT for an option out of range.
   */
  constructor(options: EcosClientOptions = {}) {
    validateClientOptions(options);
    const {
      apiKey = readEnv("ECOS_API_KEY") ?? "sample",
      baseUrl = readEnv("ECOS_BASE_URL") ?? LIVE_BASE_URL,
      format = "json",
      language = "kr",
      concurrency = 4,
      timeoutMs = 60_000,
      retry = {},
      rateLimit = { requests: 300, windowMs: 180_000 },
      fetch: fetchImpl = globalThis.fetch,
      signal,
    } = options;
    this.baseUrl = baseUrl.replace(/\/+$/, "");
    this.format = format;
    this.language = language;
    this.pageSize = options.pageSize ?? (apiKey === "sample" ? 10 : 10_000);
    this.concurrency = concurrency;
    this.#signal = signal;
    this.#transport = {
      baseUrl: this.baseUrl,
      apiKey,
      fetch: fetchImpl,
      timeoutMs,
      retry: {
        attempts: retry.attempts ?? 5,
        baseMs: retry.baseMs ?? 500,
        capMs: retry.capMs ?? 30_000,
        jitter: retry.jitter ?? true,
      },
      limiter: rateLimit === false ? undefined : new RateLimiter(rateLimit),
      semaphore: new Semaphore(concurrency),
    };
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
   * console.assert(gdp.columns.includes("DATA_VALUE") && gdp.height === 4);
   * ```
   */
  async statisticSearch(
    query: StatisticSearchQuery,
    options: StatisticSearchOptions = {},
  ): Promise<DataFrame> {
    const q = validateSearchQuery(query);
    const call = this.#call(options);
    this.#checkAborted(call, "StatisticSearch");
    return await this.#withSmFallback(q, async () =>
      await pullSplitting(
        q.startIndex,
        q.endIndex,
        (lo, hi) =>
          pullFrame(
            this.#fetcher("StatisticSearch", this.#searchArgs(q, lo, hi), call),
            call.settings,
            STATISTIC_SEARCH_SCHEMA,
            "StatisticSearch",
          ),
        mergeRangeParts,
        (i) => formatPeriod(q.cycle, i, this.#sm),
      ));
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
   * console.assert(rows === 12);
   * ```
   */
  statisticSearchPages(
    query: StatisticSearchQuery,
    options: StatisticSearchPagesOptions = {},
  ): AsyncIterable<DataFrame> {
    const q = validateSearchQuery(query);
    const call = this.#call(options);
    return this.#searchPages(q, call);
  }

  async *#searchPages(q: ValidSearch, call: Call): AsyncGenerator<DataFrame, void, undefined> {
    this.#checkAborted(call, "StatisticSearch");
    // deno-lint-ignore no-this-alias
    const self = this; // the recursive generator below needs the client's private members
    async function* range(lo: number, hi: number): AsyncGenerator<DataFrame, void, undefined> {
      let yielded = false;
      try {
        const fetchPage = self.#fetcher("StatisticSearch", self.#searchArgs(q, lo, hi), call);
        for await (const rows of pullPages(fetchPage, call.settings)) {
          yielded = true;
          yield new FrameBuilder(STATISTIC_SEARCH_SCHEMA).add(rows).finish();
        }
      } catch (e) {
        if (e instanceof TotalChanged) throw totalChangedError(e, "StatisticSearch");
        if (yielded || !isEcosError(e) || e.code !== "ERROR-400") throw e;
        if (lo >= hi) throw tooLargeError(e, formatPeriod(q.cycle, lo, self.#sm));
        const mid = Math.floor((lo + hi) / 2);
        yield* range(lo, mid);
        yield* range(mid + 1, hi);
      }
    }
    let started = false;
    try {
      for await (const frame of range(q.startIndex, q.endIndex)) {
        started = true;
        yield frame;
      }
    } catch (e) {
      if (started || !this.#respell(q, e)) throw e;
      const before = this.#sm;
      this.#sm = before === "spec" ? "live" : "spec";
      try {
        yield* range(q.startIndex, q.endIndex);
      } catch (e2) {
        this.#sm = before;
        throw e2;
      }
    }
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
   * import { EcosClient } from "@ecos/ecos";
   * import { startEcosServer } from "@ecos/ecos/server";
   *
   * await using server = await startEcosServer();
   * const client = new EcosClient({ baseUrl: server.url, apiKey: "sample" });
   * const key = await client.keyStatisticList();
   * console.assert(key.height >= 100);
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
   * ```ts ignore
   * import { EcosClient } from "@ecos/ecos";
   *
   * const tables = await new EcosClient().statisticTableList();
   * console.log(tables.filter(tables.getColumn("SRCH_YN").eq("Y")).height);
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
   * P_ITEM_NAME, CYCLE, START_TIME, END_TIME, DATA_CNT (Int64), UNIT_NAME, WEIGHT (Float64).
   *
   * @param statCode The table code.
   * @param options A signal, or a format, language or page size for this call.
   * @returns The frame.
   * @throws {EcosError} INVALID_ARGUMENT for a bad code; otherwise as statisticSearch.
   *
   * @example
   * ```ts ignore
   * import { EcosClient } from "@ecos/ecos";
   *
   * const items = await new EcosClient().statisticItemList("722Y001");
   * console.log(items.select("ITEM_CODE", "ITEM_NAME", "CYCLE", "START_TIME"));
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
   * ```ts ignore
   * import { EcosClient } from "@ecos/ecos";
   *
   * const entry = await new EcosClient().statisticWord("소비자물가지수");
   * console.log(entry.getColumn("CONTENT").get(0));
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
   * ```ts ignore
   * import { EcosClient } from "@ecos/ecos";
   *
   * const meta = await new EcosClient().statisticMeta("경제심리지수");
   * console.log(meta.select("CONT_NAME", "META_DATA"));
   * ```
   */
  async statisticMeta(dataName: string, options: StatisticMetaOptions = {}): Promise<DataFrame> {
    const args = [validateText(dataName, "dataName")];
    return await this.#lookup("StatisticMeta", args, STATISTIC_META_SCHEMA, options);
  }

  async #lookup(
    service: string,
    args: string[],
    schema: readonly ColumnSpec[],
    options: RequestOptions,
  ): Promise<DataFrame> {
    const call = this.#call(options);
    this.#checkAborted(call, service);
    return await pullFrame(this.#fetcher(service, args, call), call.settings, schema, service);
  }

  #call(options: RequestOptions): Call {
    validateCallOptions(options);
    return {
      format: options.format ?? this.format,
      language: options.language ?? this.language,
      settings: {
        pageSize: options.pageSize ?? this.pageSize,
        concurrency: this.concurrency,
        signal: combine(this.#signal, options.signal),
      },
    };
  }

  #checkAborted(call: Call, service: string): void {
    const signal = call.settings.signal;
    if (signal?.aborted) {
      throw new EcosError(
        "ABORTED",
        `The request was cancelled by the caller's signal before it started: ${service}`,
        { cause: signal.reason, service, attempts: 0 },
      );
    }
  }

  #fetcher(service: string, args: readonly string[], call: Call): FetchPage {
    return (span, signal) =>
      requestPage(this.#transport, {
        service,
        format: call.format,
        language: call.language,
        startNo: span.startNo,
        endNo: span.endNo,
        args,
        signal,
      });
  }

  #searchArgs(q: ValidSearch, lo: number, hi: number): string[] {
    return [
      q.statCode,
      q.cycle,
      formatPeriod(q.cycle, lo, this.#sm),
      formatPeriod(q.cycle, hi, this.#sm),
      ...q.items,
    ];
  }

  /** Whether an error calls for the other half-monthly spelling. */
  #respell(q: ValidSearch, e: unknown): boolean {
    return q.cycle === "SM" && isEcosError(e) && e.code === "ERROR-101";
  }

  /**
   * Runs a half-monthly query, and on ERROR-101 once more with the other spelling
   * (specification 202305SM2, live 202305S2), keeping the spelling that worked.
   */
  async #withSmFallback<T>(q: ValidSearch, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (e) {
      if (!this.#respell(q, e)) throw e;
      const before = this.#sm;
      this.#sm = before === "spec" ? "live" : "spec";
      try {
        return await run();
      } catch (e2) {
        // Neither spelling worked: the label was not the problem; keep what we had.
        this.#sm = before;
        throw e2;
      }
    }
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
 * import { statisticSearch } from "@ecos/ecos";
 *
 * const usd = await statisticSearch({
 *   statCode: "731Y001",
 *   cycle: "D",
 *   start: "20240101",
 *   end: "20241231",
 *   items: ["0000001"],
 * });
 * console.log(usd.tail());
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
 * import { keyStatisticList } from "@ecos/ecos";
 *
 * console.log(await keyStatisticList());
 * ```
 */
export async function keyStatisticList(
  options: KeyStatisticListOptions = {},
): Promise<DataFrame> {
  return await getDefaultClient().keyStatisticList(options);
}
