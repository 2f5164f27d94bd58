/**
 * The client's face: {@linkcode EcosClient}, one short method per service of the ECOS Open API
 * and the conveniences built on them, the module-level shortcuts, and everything other folders
 * (and the public entries) may use of `src/client/`. The files behind it start with `_` and are
 * imported only inside this folder, each only by the files after it: `_errors.ts` (errors and
 * secrets), `_options.ts` (what a caller gives, checked), `_scan.ts` (the one page shape, and
 * the JSON scanner), `_decode.ts` (bodies to pages), `_transport.ts` (one page of one request),
 * `_checks.ts` (what a page must be), `_arrow.ts` and `_frame.ts` (pages to frames), `_pull.ts`
 * (calls, paging, ranges, lookups). Every method goes one way: query -> validate -> call ->
 * plan and pull pages -> request -> decode -> check -> frame.
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

// The face: what other folders and the public entries use.
export {
  type CacheOptions,
  checkCallOptions,
  dateToLabel,
  type EcosClientOptions,
  isLoopback,
  LIVE_BASE_URL,
  parseLabel,
  parsePeriod,
  parseWith,
  periodEnd,
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
export {
  combineInfo,
  currentSource,
  type DataSource,
  type FrameInfo,
  frameInfo,
  setFrameInfo,
  sourceLine,
  sourceOf,
  withInfoOf,
} from "../frame_info.ts";
export { redact } from "./_errors.ts";

/** Failures of the service's table list after which searchTables searches the snapshot. */
const SNAPSHOT_FALLBACK: ReadonlySet<string> = new Set([
  "TRANSPORT",
  "TIMEOUT",
  "BAD_RESPONSE",
  "RATE_LIMITED",
  "ERROR-500",
  "ERROR-600",
  "ERROR-601",
  "ERROR-602",
]);

/**
 * A client of the Bank of Korea's ECOS Open API. Each method pulls every page of its query and
 * returns one typed Polars DataFrame; no data gives an empty frame with the same columns.
 * Failures are {@linkcode EcosError}s. Each method's own example runs against the bundled
 * server.
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
  readonly #core: Core;
  readonly #lookups = new Lookups();

  /**
   * Creates a client. Nothing is sent until a method is called.
   *
   * @param options The key, address, format, limits and seams; every field has a default.
   * @throws {EcosError} INVALID_ARGUMENT for an option out of range or unknown.
   */
  constructor(options: EcosClientOptions = {}) {
    const core = createCore(options);
    this.#core = core;
    this.baseUrl = core.baseUrl;
    this.format = core.format;
    this.language = core.language;
    this.pageSize = core.pageSize;
    this.concurrency = core.concurrency;
    this.source = core.source;
    this.rateLimit = core.rateLimit;
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
    options: RequestOptions = {},
  ): Promise<DataFrame> {
    const q = validateSearchQuery(query);
    using call = openCall(this.#core, checkCallOptions(options), "StatisticSearch");
    return await searchFrame(call, q, this.#lookups);
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
   * Pulls several StatisticSearch queries concurrently (within the client's `concurrency` and
   * rate limit) into one long frame, query after query. Every query is checked before anything
   * is sent; when one fails, the others are stopped and the failure is raised.
   *
   * A query's `label` names its series: the frame carries it in a LABEL column (null for a
   * query without one), and `toWide` names its columns by it. `frameInfo` of the frame lists
   * each query's pull in `sources`.
   *
   * @param queries The queries.
   * @param options A signal, or a format, language or page size for these calls.
   * @returns One frame with the columns of {@linkcode EcosClient.prototype.statisticSearch},
   * then LABEL.
   * @throws {EcosError} As {@linkcode EcosClient.prototype.statisticSearch}.
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { EcosClient } from "@ecos/ecos";
   * import { startEcosServer } from "@ecos/ecos/server";
   *
   * await using server = await startEcosServer();
   * const client = new EcosClient({ baseUrl: server.url, env: {} });
   * const both = await client.statisticSearchMany([
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
   * Pulls a well-known series by name: rates (base_rate, call_rate, cd_91d, ktb_3y, ...), the
   * won's exchange rates (usd_krw, ...), prices (cpi, core_cpi, ppi), national accounts
   * (gdp_growth, gdp_real, gdp_nominal, gni), the balance of payments and trade, money, credit,
   * labour, production, house prices and sentiment: `namedSeries()` lists them all with their
   * tables, items, cycles and units. Without `cycle`, the cycle is read from the shape of
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
   * Finds tables by name: the searchable tables whose name holds every word of `text`,
   * case-insensitive, ignoring the tree numbering ("1.3.1. "). The list searched is the
   * `language` option's when given, else the text's: Korean text is looked up in the Korean
   * table list, text in Latin letters in the English one, and anything else (digits, nothing)
   * in the client's language; each list is pulled once per client.
   *
   * Columns: STAT_CODE, STAT_NAME, CYCLE, ORG_NAME (the agency that compiles it, for the
   * attribution its terms ask; null for the Bank of Korea's own), GROUP_CODE, GROUP_NAME (the
   * group the table is filed under).
   *
   * With `cycle`, only the tables that offer that cycle: the table list names one cycle per
   * table (CYCLE), so a matching table listed with another cycle is kept when its item list
   * has that cycle (one StatisticItemList request per such table, pulled once per client).
   *
   * @param text The words to look for, e.g. "base rate" or "소비자물가".
   * @param options `cycle` (A, S, Q, M, SM or D) to keep the tables that offer it; a
   * `language` to search that list whatever the text's script; a signal, or a format or page
   * size for the lists' pulls.
   * @returns The tables; no rows when nothing matches.
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
   * assert.equal((await client.searchTables("no such thing at all")).height, 0);
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
      // The service's list failed after its retries: search the snapshot that ships with the
      // module, and say so; a refused key, a bad argument or the caller's stop still fail.
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
    const kept = only === undefined ? found : await tablesOffering(
      found,
      only,
      (code) => this.#lookups.items(code, call),
      this.concurrency,
    );
    return withInfoOf(kept, tables);
  }

  /**
   * Finds a table's items by name or code: the items whose name or code holds every word of
   * `pattern` (all of them without one), one row per item and cycle, with the first and last
   * periods as labels and Dates: ready to pass to statisticSearch. The names searched, and
   * returned, follow searchTables' rule: the `language` option's when given, else the
   * pattern's script (Korean for Hangul, English for Latin letters), else the client's
   * language. The item list is pulled once per client, table and language.
   *
   * Columns: STAT_CODE, STAT_NAME, LEVEL (1 for items of ITEM_CODE1, 2 for ITEM_CODE2, ...),
   * ITEM_CODE, ITEM_NAME, CYCLE, START_TIME, END_TIME, START_DATE, END_DATE, DATA_CNT,
   * UNIT_NAME; with `start` or `end`, also HAS_DATA: whether the item has data in that cycle
   * within the range (it has rows, and its periods from START_TIME to END_TIME overlap the
   * range). Rows are marked, not dropped.
   *
   * @param statCode The table code.
   * @param pattern Words of the name or code to look for.
   * @param options `start` and `end` (period labels of any cycle, or Dates; either may be left
   * out) to mark the items with data in that range; a `language` to search that list whatever
   * the pattern's script; a signal, or a format or page size for the list's pull.
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
   * assert.equal(items.getColumn("ITEM_CODE").get(0), "0");
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
    using call = openCall(
      this.#core,
      checkCallOptions({ ...request, language }),
      "StatisticItemList",
    );
    const items = await this.#lookups.items(code, call);
    return withInfoOf(findItemsIn(items, pattern, range), items);
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
  async keyStatisticList(options: RequestOptions = {}): Promise<DataFrame> {
    using call = openCall(this.#core, checkCallOptions(options), "KeyStatisticList");
    return await pullCall(call, [], KEY_STATISTIC_LIST_SCHEMA);
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
   * Pulls any service of the ECOS Open API, also one this module does not model yet, through
   * the same paging, retries, rate limit, response cache, time limits and redaction as the
   * methods above: a way out for what they do not cover. The rows come back as a frame of
   * strings: a column a field, in the order the rows first show them; values trimmed, "" and
   * absent fields null. Rows of a service this module knows are checked as its own method checks
   * them; others are taken as they come, a page's count against its total.
   *
   * @param service The service, as it appears in the path, e.g. "StatisticTableList".
   * @param segments Its own path segments after the rows (the path's `/json/kr/1/1000/` is the
   * client's), e.g. `["722Y001"]`.
   * @param options A signal, or a format, language or page size for this call.
   * @returns The rows as strings; no columns and no rows when the service has no data.
   * @throws {EcosError} INVALID_ARGUMENT for a service that is not a name or a segment that is not
   * one path segment; otherwise as statisticSearch (the service's own codes included).
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

  /**
   * Empties this client's response cache.
   *
   * @returns How many entries were removed; 0 when the cache is off.
   */
  async clearCache(): Promise<number> {
    return await this.#core.transport.cache?.clear() ?? 0;
  }

  /**
   * What this client's response cache holds.
   *
   * @returns Its directory, entries and size; `undefined` when the cache is off.
   */
  async cacheInfo(): Promise<CacheInfo | undefined> {
    return await this.#core.transport.cache?.info();
  }
}

// The module-level shortcuts.

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
  options: RequestOptions = {},
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
  options: RequestOptions = {},
): Promise<DataFrame> {
  return await getDefaultClient().keyStatisticList(options);
}
