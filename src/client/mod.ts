/**
 * The client's face: {@linkcode EcosClient}, the module-level shortcuts, and all that other
 * folders may use of `src/client/`; the `_` files behind it are private to the folder, each
 * importing only those before it (tests/layout_test.ts lists the order). Every method goes one
 * way: validate -> call -> plan and pull pages -> request -> decode -> check -> frame.
 *
 * @module
 */

import type { DataFrame } from "../deps.ts";
import { invalidArgument, isEcosError } from "../errors.ts";
import type { Format, Language } from "../wire/format.ts";
import {
  KEY_STATISTIC_LIST_SCHEMA,
  STATISTIC_ITEM_LIST_SCHEMA,
  STATISTIC_META_SCHEMA,
  STATISTIC_TABLE_LIST_SCHEMA,
  STATISTIC_WORD_SCHEMA,
} from "../wire/columns.ts";
import type { Cycle } from "../wire/period.ts";
import type { RateLimit } from "../util/limiter.ts";
import type { CacheInfo } from "../cache/mod.ts";
import {
  CATALOGUE_SOURCE,
  catalogueFrame,
  checkCycle,
  checkItemRange,
  findItemsIn,
  searchLanguage,
  searchTablesIn,
  type SeriesName,
  seriesQuery,
  type SeriesRange,
  tablesOffering,
} from "../discovery/mod.ts";
import {
  checkCallOptions,
  type EcosClientOptions,
  type RequestOptions,
  type StatisticSearchQuery,
  validateRequest,
  validateSearchQuery,
  validateStatCode,
  validateText,
} from "./_options.ts";
import { type DataSource, withInfoOf } from "../frame_info.ts";
import {
  type Core,
  createCore,
  Lookups,
  openCall,
  pullCall,
  searchFrame,
  searchMany,
  searchPages,
} from "./_pull.ts";

export {
  type CacheOptions,
  checkCallOptions,
  type EcosClientOptions,
  isLoopback,
  LIVE_BASE_URL,
  parseWith,
  type Progress,
  type RequestOptions,
  type RetryOptions,
  type StatisticSearchQuery,
  validateSearchQuery,
  validateStatCode,
  validateText,
  type ValidSearch,
} from "./_options.ts";
export type { CacheInfo } from "../cache/mod.ts";
export { XML_PARSER_OPTIONS } from "./_decode.ts";
export { concatFrames, type DataFrame, emptyFrame, mergeRangeParts } from "./_frame.ts";
export { redact } from "./_errors.ts";

/** Failures of the service's table list after which searchTables searches the snapshot. */
const SNAPSHOT_FALLBACK: ReadonlySet<string> = new Set(
  "TRANSPORT TIMEOUT BAD_RESPONSE RATE_LIMITED ERROR-500 ERROR-600 ERROR-601 ERROR-602".split(" "),
);

/**
 * A client of the Bank of Korea's ECOS Open API. Each method pulls every page of its query into
 * one typed Polars DataFrame (no data: an empty frame with the same columns); failures are
 * {@linkcode EcosError}s.
 *
 * @example The live service, with a key from ECOS_API_KEY
 * ```ts ignore
 * import assert from "node:assert/strict";
 * import { EcosClient } from "@ecos/ecos";
 *
 * const cpi = await new EcosClient().series("cpi", { start: "202001", end: "202012" });
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
  readonly #core: Core;
  readonly #lookups = new Lookups();

  /**
   * Creates a client; nothing is sent until a method is called.
   *
   * @throws {EcosError} INVALID_ARGUMENT for an option out of range or unknown.
   */
  constructor(options: EcosClientOptions = {}) {
    const core = this.#core = createCore(options);
    this.baseUrl = core.baseUrl;
    this.format = core.format;
    this.language = core.language;
    this.pageSize = core.pageSize;
    this.concurrency = core.concurrency;
    this.source = core.source;
    this.rateLimit = core.rateLimit;
  }

  /**
   * Pulls a table's values over a date range (StatisticSearch). Columns: STAT_CODE, STAT_NAME,
   * ITEM_CODE1, ITEM_NAME1, ... ITEM_CODE4, ITEM_NAME4, UNIT_NAME, WGT (Float64), TIME (Date: the
   * period's first day), PERIOD (the label as sent), DATA_VALUE (Float64; "" and "-" are null).
   * Rows come item by item, each in time order. A range the service finds too large (ERROR-400)
   * is split in halves and put back together.
   *
   * @throws {EcosError} INVALID_ARGUMENT (nothing sent); the service's code (INFO-100: bad key,
   * ERROR-101: rejected label); ERROR-400 when even one period is too large; TRANSPORT, TIMEOUT,
   * BAD_RESPONSE or ERROR-5xx/6xx after the last retry; ABORTED; TOTAL_CHANGED.
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { EcosClient } from "@ecos/ecos";
   * import { startEcosServer } from "@ecos/ecos/server";
   *
   * await using server = await startEcosServer();
   * const client = new EcosClient({ baseUrl: server.url, apiKey: "sample" });
   * const query = { statCode: "200Y102", cycle: "Q", start: "2023Q1", end: "2023Q4" } as const;
   * const gdp = await client.statisticSearch({ ...query, items: ["10111"] });
   * assert.equal(gdp.height, 4);
   * assert.equal(gdp.getColumn("PERIOD").get(0), "2023Q1");
   * ```
   */
  async statisticSearch(
    query: StatisticSearchQuery,
    options: RequestOptions = {},
  ): Promise<DataFrame> {
    const q = validateSearchQuery(query);
    using call = openCall(this.#core, checkCallOptions(options), "StatisticSearch");
    return await searchFrame(call, q, this.#lookups);
  }

  /**
   * {@linkcode EcosClient.prototype.statisticSearch} page by page, a frame per page, for data
   * too big to hold at once or to show progress; pages are requested `concurrency` at a time
   * ahead of the consumer. After an ERROR-400 split, pages come sub-range by sub-range, earliest
   * first. No data yields no frames.
   *
   * @throws {EcosError} INVALID_ARGUMENT at once; the rest while iterating, as statisticSearch
   * (TOTAL_CHANGED without a second pull: pages already went out).
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { EcosClient } from "@ecos/ecos";
   * import { startEcosServer } from "@ecos/ecos/server";
   *
   * await using server = await startEcosServer();
   * const client = new EcosClient({ baseUrl: server.url, apiKey: "sample" });
   * const query = { statCode: "722Y001", cycle: "M", start: "202001", end: "202012" } as const;
   * let rows = 0;
   * const pages = client.statisticSearchPages({ ...query, items: ["0101000"] });
   * for await (const page of pages) rows += page.height;
   * assert.equal(rows, 12);
   * ```
   */
  statisticSearchPages(
    query: StatisticSearchQuery,
    options: RequestOptions = {},
  ): AsyncIterable<DataFrame> {
    const q = validateSearchQuery(query);
    const o = checkCallOptions(options);
    // The call (and its deadline) starts with the first page asked for, not before.
    const [core, lookups] = [this.#core, this.#lookups];
    return (async function* () {
      yield* searchPages(openCall(core, o, "StatisticSearch"), q, lookups);
    })();
  }

  /**
   * Pulls several StatisticSearch queries concurrently (within `concurrency` and the rate limit)
   * into one long frame, query after query; all are checked before anything is sent, and one's
   * failure stops the others. A query's `label` goes in a LABEL column after statisticSearch's
   * (null without one), and `toWide` names columns by it; `frameInfo` lists each query's pull in
   * `sources`.
   *
   * @throws {EcosError} As statisticSearch.
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { EcosClient } from "@ecos/ecos";
   * import { startEcosServer } from "@ecos/ecos/server";
   *
   * await using server = await startEcosServer();
   * const both = await new EcosClient({ baseUrl: server.url, env: {} }).statisticSearchMany([
   *   { statCode: "722Y001", cycle: "M", start: "202401", end: "202412", items: ["0101000"] },
   *   { statCode: "901Y009", cycle: "M", start: "202401", end: "202412", items: ["0"], label: "CPI" },
   * ]);
   * assert.equal(both.height, 24);
   * assert.deepEqual(both.getColumn("LABEL").unique({ maintainOrder: true }).toArray(), [null, "CPI"]);
   * ```
   */
  async statisticSearchMany(
    queries: readonly StatisticSearchQuery[],
    options: RequestOptions = {},
  ): Promise<DataFrame> {
    if (!Array.isArray(queries)) throw invalidArgument("Pass the queries as an array");
    const valid = queries.map((q) => validateSearchQuery(q));
    const o = checkCallOptions(options);
    return await searchMany(valid, o.signal, async (q, signal) => {
      using call = openCall(this.#core, { ...o, signal }, "StatisticSearch");
      return await searchFrame(call, q, this.#lookups);
    });
  }

  /**
   * {@linkcode EcosClient.prototype.statisticSearch} of a well-known series by name (base_rate,
   * usd_krw, cpi, gdp_growth, ...: `namedSeries()` lists them). Without `cycle`, the cycle is
   * read from the shape of `start` (202001 is M, 2020Q1 Q, 2020 A, 20200101 D), or for Dates is
   * the series' most used one.
   *
   * @throws {EcosError} INVALID_ARGUMENT for an unknown name (the message lists the known ones)
   * or a cycle the series is not published in; otherwise as statisticSearch.
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { EcosClient } from "@ecos/ecos";
   * import { startEcosServer } from "@ecos/ecos/server";
   *
   * await using server = await startEcosServer();
   * const client = new EcosClient({ baseUrl: server.url, env: {} });
   * const cpi = await client.series("cpi", { start: "202301", end: "202312" });
   * assert.equal(cpi.height, 12);
   * assert.equal(cpi.getColumn("STAT_CODE").get(0), "901Y009");
   * ```
   */
  async series(
    name: SeriesName,
    range: SeriesRange,
    options: RequestOptions = {},
  ): Promise<DataFrame> {
    return await this.statisticSearch(seriesQuery(name, range).query, options);
  }

  /**
   * Finds searchable tables whose name holds every word of `text` (case-insensitive, ignoring
   * the tree numbering "1.3.1. ") in the `language` option's list, else the Korean one for Korean
   * text, the English one for Latin letters, else the client's (each pulled once per client).
   * With `cycle`, only tables offering it, looked up in the item list of any listed with another
   * cycle. Columns: STAT_CODE, STAT_NAME, CYCLE, ORG_NAME (the compiling agency, for the
   * attribution its terms ask; null for the Bank of Korea's own), GROUP_CODE, GROUP_NAME.
   *
   * @throws {EcosError} INVALID_ARGUMENT for a text that is not a string or an unknown cycle;
   * otherwise as statisticSearch.
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { EcosClient } from "@ecos/ecos";
   * import { startEcosServer } from "@ecos/ecos/server";
   *
   * await using server = await startEcosServer();
   * const client = new EcosClient({ baseUrl: server.url, env: {} });
   * const found = await client.searchTables("base rate");
   * assert.ok(found.getColumn("STAT_CODE").toArray().includes("722Y001"));
   * // The base rate's table is listed as daily, and offers monthly data too.
   * const monthly = await client.searchTables("base rate", { cycle: "M" });
   * assert.ok(monthly.getColumn("STAT_CODE").toArray().includes("722Y001"));
   * assert.equal((await client.searchTables("base rate", { cycle: "S" })).height, 0);
   * ```
   */
  async searchTables(
    text: string,
    options: RequestOptions & { cycle?: Cycle } = {},
  ): Promise<DataFrame> {
    if (typeof text !== "string") throw invalidArgument("Pass the search text as a string");
    text = text.normalize("NFC"); // decomposed Korean (NFD) matches names as written
    const { cycle, language: asked, ...request } = options ?? {};
    const only = cycle === undefined ? undefined : checkCycle(cycle);
    const language = searchLanguage(text, asked, this.language);
    const o = checkCallOptions({ ...request, language });
    using call = openCall(this.#core, o, "StatisticTableList");
    let snapshot = false;
    const tables = await this.#lookups.tables(call).catch((e) => {
      // After the service's retries, search the snapshot shipped with the module, and say so; a
      // refused key, a bad argument or the caller's stop still fail.
      if (!isEcosError(e) || !SNAPSHOT_FALLBACK.has(e.code)) throw e;
      console.warn(
        `searchTables: the service's table list failed (${e.code}); searching the catalogue ` +
          `snapshot of ${CATALOGUE_SOURCE.date} instead`,
      );
      snapshot = true;
      return catalogueFrame();
    });
    // The snapshot's names are Korean: the words of the asked language map onto them.
    const found = searchTablesIn(tables, text, snapshot ? { language } : {});
    if (only === undefined) return withInfoOf(found, tables);
    const items = (code: string) => this.#lookups.items(code, call);
    return withInfoOf(await tablesOffering(found, only, items, this.concurrency), tables);
  }

  /**
   * Finds a table's items whose name or code holds every word of `pattern` (all without one),
   * one row per item and cycle, with the first and last periods ready for statisticSearch. The
   * names searched and returned follow searchTables' language rule; each item list is pulled
   * once per client, table and language. Columns: STAT_CODE, STAT_NAME, LEVEL (1 for items of
   * ITEM_CODE1, ...), ITEM_CODE, ITEM_NAME, CYCLE, START_TIME, END_TIME, START_DATE, END_DATE,
   * DATA_CNT, UNIT_NAME; with `start` or `end` (labels of any cycle, or Dates), also HAS_DATA:
   * whether the item has rows in that cycle within the range (rows are marked, not dropped).
   *
   * @returns The items; no rows when nothing matches or the table does not exist.
   * @throws {EcosError} INVALID_ARGUMENT for a bad code, pattern or range; otherwise as
   * statisticSearch.
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { EcosClient } from "@ecos/ecos";
   * import { startEcosServer } from "@ecos/ecos/server";
   *
   * await using server = await startEcosServer();
   * const client = new EcosClient({ baseUrl: server.url, env: {} }); // names in Korean
   * const items = await client.findItems("901Y009", "all items"); // English words: English names
   * assert.equal(items.getColumn("ITEM_NAME").get(0), "All items");
   * assert.equal((await client.findItems("901Y009", "총지수")).getColumn("ITEM_CODE").get(0), "0");
   * // Which of the deposit tables' half-monthly items have data in 2020? None: it ended in 2018.
   * const old = await client.findItems("814Y002", "", { start: "2020", end: "2020" });
   * assert.ok(old.getColumn("HAS_DATA").toArray().every((has) => has === false));
   * ```
   */
  async findItems(
    statCode: string,
    pattern = "",
    options: RequestOptions & { start?: string | Date; end?: string | Date } = {},
  ): Promise<DataFrame> {
    const code = validateStatCode(statCode);
    if (typeof pattern !== "string") throw invalidArgument("Pass the pattern as a string");
    pattern = pattern.normalize("NFC"); // decomposed Korean (NFD) matches names as written
    const { start, end, language: asked, ...request } = options ?? {};
    const range = start === undefined && end === undefined ? undefined : {
      ...(start === undefined ? {} : { start }),
      ...(end === undefined ? {} : { end }),
    };
    if (range !== undefined) checkItemRange(range);
    const language = searchLanguage(pattern, asked, this.language);
    const o = checkCallOptions({ ...request, language });
    using call = openCall(this.#core, o, "StatisticItemList");
    const items = await this.#lookups.items(code, call);
    return withInfoOf(findItemsIn(items, pattern, range), items);
  }

  /**
   * Pulls the key statistics (KeyStatisticList): the headline indicators and their latest
   * values, as many as the service says (100 in the specification, 101 seen live). Columns:
   * CLASS_NAME, KEYSTAT_NAME, DATA_VALUE (Float64), CYCLE (the latest period's label, in the
   * indicator's own shape), TIME (Date: that period's first day), UNIT_NAME.
   *
   * @throws {EcosError} As statisticSearch, without ERROR-400 splitting.
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { EcosClient } from "@ecos/ecos";
   * import { startEcosServer } from "@ecos/ecos/server";
   *
   * await using server = await startEcosServer();
   * const key = await new EcosClient({ baseUrl: server.url, apiKey: "sample" }).keyStatisticList();
   * assert.ok(key.height >= 100);
   * ```
   */
  async keyStatisticList(options: RequestOptions = {}): Promise<DataFrame> {
    using call = openCall(this.#core, checkCallOptions(options), "KeyStatisticList");
    return await pullCall(call, [], KEY_STATISTIC_LIST_SCHEMA);
  }

  /**
   * Lists statistical tables (StatisticTableList): every one, or the table or group `statCode`.
   * Columns: P_STAT_CODE, STAT_CODE, STAT_NAME, CYCLE (null for groups), SRCH_YN ("Y"
   * searchable, "N" a group), ORG_NAME.
   *
   * @throws {EcosError} INVALID_ARGUMENT for a bad code; otherwise as statisticSearch.
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { EcosClient, pl } from "@ecos/ecos";
   * import { startEcosServer } from "@ecos/ecos/server";
   *
   * await using server = await startEcosServer();
   * const tables = await new EcosClient({ baseUrl: server.url, env: {} }).statisticTableList();
   * const base = tables.filter(pl.col("STAT_CODE").eq(pl.lit("722Y001")));
   * assert.equal(base.getColumn("SRCH_YN").get(0), "Y");
   * ```
   */
  async statisticTableList(statCode?: string, options: RequestOptions = {}): Promise<DataFrame> {
    const args = statCode === undefined ? [] : [validateStatCode(statCode)];
    using call = openCall(this.#core, checkCallOptions(options), "StatisticTableList");
    return await pullCall(call, args, STATISTIC_TABLE_LIST_SCHEMA);
  }

  /**
   * Lists a table's items (StatisticItemList): one row per item and cycle. Columns: STAT_CODE,
   * STAT_NAME, GRP_CODE, GRP_NAME, ITEM_CODE, ITEM_NAME, P_ITEM_CODE, P_ITEM_NAME, CYCLE,
   * START_TIME, END_TIME (labels), START_DATE, END_DATE (Date: those periods' first days),
   * DATA_CNT (Int64), UNIT_NAME, WEIGHT (Float64).
   *
   * @throws {EcosError} INVALID_ARGUMENT for a bad code; otherwise as statisticSearch.
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { EcosClient } from "@ecos/ecos";
   * import { startEcosServer } from "@ecos/ecos/server";
   *
   * await using server = await startEcosServer();
   * const items = await new EcosClient({ baseUrl: server.url, env: {} }).statisticItemList("722Y001");
   * assert.ok(items.getColumn("ITEM_CODE").toArray().includes("0101000"));
   * ```
   */
  async statisticItemList(statCode: string, options: RequestOptions = {}): Promise<DataFrame> {
    const args = [validateStatCode(statCode)];
    using call = openCall(this.#core, checkCallOptions(options), "StatisticItemList");
    return await pullCall(call, args, STATISTIC_ITEM_LIST_SCHEMA);
  }

  /**
   * Looks a term up in the statistical glossary (StatisticWord). Columns: WORD, CONTENT.
   *
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
   * const entry = await new EcosClient({ baseUrl: server.url, env: {} }).statisticWord("소비자물가지수");
   * assert.ok(entry.height >= 1);
   * assert.deepEqual(entry.columns, ["WORD", "CONTENT"]);
   * ```
   */
  async statisticWord(word: string, options: RequestOptions = {}): Promise<DataFrame> {
    const args = [validateText(word, "word")];
    using call = openCall(this.#core, checkCallOptions(options), "StatisticWord");
    return await pullCall(call, args, STATISTIC_WORD_SCHEMA);
  }

  /**
   * Reads a data set's metadata (StatisticMeta). Columns: LVL, P_CONT_CODE, CONT_CODE,
   * CONT_NAME, META_DATA.
   *
   * @throws {EcosError} As statisticWord.
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { EcosClient } from "@ecos/ecos";
   * import { startEcosServer } from "@ecos/ecos/server";
   *
   * await using server = await startEcosServer();
   * const meta = await new EcosClient({ baseUrl: server.url, env: {} }).statisticMeta("경제심리지수");
   * assert.ok(meta.height >= 1);
   * ```
   */
  async statisticMeta(dataName: string, options: RequestOptions = {}): Promise<DataFrame> {
    const args = [validateText(dataName, "dataName")];
    using call = openCall(this.#core, checkCallOptions(options), "StatisticMeta");
    return await pullCall(call, args, STATISTIC_META_SCHEMA);
  }

  /**
   * Pulls any `service` of the ECOS Open API, also one this module does not model, with the
   * paging, retries, rate limit, cache, time limits and redaction of the methods above. The rows
   * come as strings: a column a field, in the order the rows first show them; values trimmed, ""
   * and absent fields null. A known service's rows are checked as its own method checks them;
   * others only by each page's count against its total.
   *
   * @param segments Its own path segments after the rows (the path's `/json/kr/1/1000/` is the
   * client's), e.g. `["722Y001"]`.
   * @returns The rows; no columns and no rows when the service has no data.
   * @throws {EcosError} INVALID_ARGUMENT for a service that is not a name or a segment that is not
   * one path segment; otherwise as statisticSearch.
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { EcosClient } from "@ecos/ecos";
   * import { startEcosServer } from "@ecos/ecos/server";
   *
   * await using server = await startEcosServer();
   * const client = new EcosClient({ baseUrl: server.url, env: {} });
   * const node = await client.request("StatisticTableList", ["722Y001"]);
   * assert.equal(node.getColumn("STAT_CODE").get(0), "722Y001");
   * assert.equal(node.getColumn("SRCH_YN").get(0), "Y"); // as the service wrote it: a string
   * ```
   */
  async request(
    service: string,
    segments: readonly string[] = [],
    options: RequestOptions = {},
  ): Promise<DataFrame> {
    const asked = validateRequest(service, segments);
    using call = openCall(this.#core, checkCallOptions(options), asked.service);
    return await pullCall(call, asked.segments);
  }

  /** Empties this client's response cache; returns how many entries went (0 with no cache). */
  async clearCache(): Promise<number> {
    return await this.#core.transport.cache?.clear() ?? 0;
  }

  /** What this client's response cache holds: its directory, entries and size, if it has one. */
  async cacheInfo(): Promise<CacheInfo | undefined> {
    return await this.#core.transport.cache?.info();
  }
}

// The module-level shortcuts share one client, built from the environment on first use.

let defaultClient: EcosClient | undefined;

/**
 * {@linkcode EcosClient.prototype.statisticSearch} on a client built from the environment.
 *
 * @example
 * ```ts ignore
 * import assert from "node:assert/strict";
 * import { statisticSearch } from "@ecos/ecos";
 *
 * const query = { statCode: "731Y001", cycle: "D", start: "20240101", end: "20241231" } as const;
 * const usd = await statisticSearch({ ...query, items: ["0000001"] });
 * assert.ok(usd.height > 200); // one row per business day
 * ```
 */
export async function statisticSearch(
  query: StatisticSearchQuery,
  options: RequestOptions = {},
): Promise<DataFrame> {
  return await (defaultClient ??= new EcosClient()).statisticSearch(query, options);
}

/**
 * {@linkcode EcosClient.prototype.keyStatisticList} on a client built from the environment.
 *
 * @example
 * ```ts ignore
 * import assert from "node:assert/strict";
 * import { keyStatisticList } from "@ecos/ecos";
 *
 * assert.ok((await keyStatisticList()).height >= 100);
 * ```
 */
export async function keyStatisticList(options: RequestOptions = {}): Promise<DataFrame> {
  return await (defaultClient ??= new EcosClient()).keyStatisticList(options);
}
