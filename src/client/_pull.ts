/**
 * Pulling: a call's settings and deadline ({@linkcode openCall}); every page of a request
 * ({@linkcode pullPages}: the first learns the total, the rest go in a bounded window, each checked,
 * a bad page asked once more, a moving total one fresh pull then TOTAL_CHANGED; pages enter the
 * cache only when the pull has passed); ranges split where the service finds them too large
 * ({@linkcode searchFrame}); lists pulled once ({@linkcode Lookups}).
 *
 * @module
 */

import { type DataFrame, pl } from "../deps.ts";
import { type EcosError, isEcosError } from "../errors.ts";
import {
  type ColumnSpec,
  STATISTIC_ITEM_LIST_SCHEMA,
  STATISTIC_SEARCH_SCHEMA,
  STATISTIC_TABLE_LIST_SCHEMA,
} from "../wire/columns.ts";
import type { Format, Language } from "../wire/format.ts";
import { formatPeriod } from "../wire/period.ts";
import { bundledTables } from "../wire/bundled.ts";
import { SAMPLE_KEY, SAMPLE_MAX_ROWS } from "../wire/sample.ts";
import { defaultCacheDir, ResponseCache, type StagedEntry } from "../cache/mod.ts";
import { Semaphore } from "../util/limiter.ts";
import { clientLimiter } from "../cache/budget.ts";
import { anySignal } from "../util/signal.ts";
import {
  abortedError,
  badResponseError,
  BodyError,
  DeadlineExceeded,
  explainEmpty,
  Redactor,
  type Scope,
  tooLargeError,
  tooManyRowsError,
  totalChangedError,
  unknownCodeError,
} from "./_errors.ts";
import {
  type CallOptions,
  type ClientSettings,
  type EcosClientOptions,
  isLoopback,
  type Progress,
  resolveClientOptions,
  type ValidSearch,
} from "./_options.ts";
import type { Page } from "./_page.ts";
import { HalfMonthlySpelling, type PageResult, requestPage, type Transport } from "./_transport.ts";
import { PullChecks } from "./_checks.ts";
import {
  concatFrames,
  FrameBuilder,
  mergeRangeParts,
  refuseNonValues,
  scanFieldsOf,
} from "./_frame.ts";
import {
  type DataSource,
  type FrameInfo,
  noteSource,
  setFrameInfo,
  sourceOf,
  withInfoOf,
} from "../frame_info.ts";

/** What every call of one client shares: its settings, the request core's state, the source. */
export type Core = ClientSettings & { transport: Transport; source: DataSource };

/** The response cache a client's options ask for, if any. */
function openCache({ cache, baseUrl, env }: ClientSettings) {
  // A server on this machine answers as fast as a disk: caching it would only go stale.
  if (cache === undefined ? isLoopback(baseUrl) : cache === false) return undefined;
  const { dir, ttlMs } = typeof cache === "object" ? cache : {};
  return new ResponseCache({ dir: dir ?? defaultCacheDir(env), ttlMs });
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

/** A client's shared state from its options. */
export function createCore(options: EcosClientOptions): Core {
  const o = resolveClientOptions(options);
  const source = sourceOf(o.baseUrl);
  noteSource(source);
  if (o.apiKey === SAMPLE_KEY && !isLoopback(o.baseUrl)) noteSampleKey();
  const cache = openCache(o);
  return {
    ...o,
    transport: {
      ...o,
      redactor: new Redactor(o.apiKey, o.secrets),
      limiter: clientLimiter({
        ...o,
        cacheDir: cache?.dir,
        remote: !isLoopback(o.baseUrl),
        defaultDir: () => defaultCacheDir(o.env),
      }),
      semaphore: new Semaphore(o.concurrency),
      cache,
      halfMonthly: new HalfMonthlySpelling(),
    },
    source,
  };
}

/** One call: its service, settings resolved against the client's, and its deadline. */
export interface Call extends Disposable {
  core: Core;
  service: string;
  format: Format;
  language: Language;
  /** Ask the service whatever the cache holds (`cache: false`, `refresh`). */
  fresh: boolean;
  settings: PullSettings & { fetched: Fetched };
}

/** A timer that aborts a call when its deadline passes; none without a deadline. */
function startDeadline(ms: number | undefined): { signal?: AbortSignal; clear: () => void } {
  if (ms === undefined) return { clear: () => {} };
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new DeadlineExceeded(ms)), ms);
  // Work in flight holds the process by itself: a pull left early must not wait for this.
  Deno.unrefTimer(timer);
  return { signal: controller.signal, clear: () => clearTimeout(timer) };
}

/** A call's settings resolved against the client's, its deadline running; refused if aborted. */
export function openCall(core: Core, options: CallOptions, service: string): Call {
  const deadline = startDeadline(core.deadlineMs);
  const signal = anySignal(core.signal, options.signal, deadline.signal);
  if (signal?.aborted) {
    deadline.clear();
    throw abortedError({ service, redactor: core.transport.redactor }, signal.reason, 0);
  }
  return {
    core,
    service,
    format: options.format ?? core.format,
    language: options.language ?? core.language,
    fresh: options.cache === false || (options.refresh ?? core.refresh),
    settings: {
      pageSize: options.pageSize ?? core.pageSize,
      concurrency: core.concurrency,
      maxRows: core.maxRows,
      onProgress: options.onProgress ?? core.onProgress,
      signal,
      fetched: { at: undefined, cached: false },
    },
    [Symbol.dispose]: deadline.clear,
  };
}

/** The pages of one request of a call; `fresh` (a second pull) passes the cache by. */
function fetcherOf(call: Call, args: readonly string[], schema?: readonly ColumnSpec[]): FetchPage {
  const { service, format, language } = call;
  const fields = schema === undefined ? undefined : scanFieldsOf(schema, service);
  const page = { service, args, format, language, fields };
  return (span, signal, fresh) =>
    requestPage(call.core.transport, { ...page, ...span, signal, fresh: call.fresh || fresh });
}

/** Where and when a call's rows were fetched. */
function infoOf(call: Call): FrameInfo {
  return {
    source: call.core.source,
    baseUrl: call.core.baseUrl,
    fetchedAt: call.settings.fetched.at ?? new Date(),
    fromCache: call.settings.fetched.cached,
    language: call.language,
  };
}

/** Every page of one request as a frame (StatisticSearch splits ranges: searchFrame). */
export async function pullCall(
  call: Call,
  args: readonly string[],
  schema?: readonly ColumnSpec[],
): Promise<DataFrame> {
  const frame = await pullFrame(fetcherOf(call, args, schema), call.settings, schema);
  return setFrameInfo(frame, infoOf(call));
}

/** Rows `startNo` to `endNo`, 1-based and inclusive. */
export interface PageSpan {
  startNo: number;
  endNo: number;
}

/** The pages of rows `from` to `total`, made as asked for: a hostile total costs nothing. */
export function* planPages(total: number, pageSize: number, from = 1): Generator<PageSpan> {
  for (let startNo = from; startNo <= total; startNo += pageSize) {
    yield { startNo, endNo: Math.min(total, startNo + pageSize - 1) };
  }
}

/** Fetches one page; the signal also fires when a sibling page failed. */
export type FetchPage = (
  span: PageSpan,
  signal: AbortSignal,
  fresh: boolean,
) => Promise<PageResult>;

/** When a call's oldest page was fetched, and whether any came from the cache. */
export interface Fetched {
  at: Date | undefined;
  cached: boolean;
}

/** Notes a page's fetch time and origin. */
function noteFetched(fetched: Fetched | undefined, page: PageResult): void {
  if (fetched === undefined) return;
  if (fetched.at === undefined || page.fetchedAt < fetched.at) fetched.at = page.fetchedAt;
  fetched.cached ||= page.fromCache;
}

/** Raised inside a pull when the answers disagree about the data; never leaves this module. */
export class TotalChanged extends Error {
  constructor(detail: string, readonly scope: Scope) {
    super(detail);
    this.name = "TotalChanged";
  }
}

/** How a pull goes: `concurrency` pages in flight beyond the first. */
export interface PullSettings {
  pageSize: number;
  concurrency: number;
  maxRows: number;
  onProgress?: ((progress: Progress) => void) | undefined;
  signal?: AbortSignal | undefined;
  fetched?: Fetched | undefined;
}

/** The BAD_RESPONSE errors of pages that failed their checks twice. */
const rejected = new WeakSet<EcosError>();

function rejectedPage(page: PageResult, e: BodyError): EcosError {
  const error = badResponseError(page.scope, { detail: e.detail, retryable: false });
  rejected.add(error);
  return error;
}

/** Yields each page, in order, as `accept` makes it. */
export async function* pullPages<T = PageResult>(
  fetchPage: FetchPage,
  settings: PullSettings,
  fresh = false,
  accept: (page: PageResult, span: PageSpan) => T = (page) => page as T,
): AsyncGenerator<T, void, undefined> {
  const { pageSize, concurrency, signal, maxRows } = settings;
  // Aborts the pages still in flight when one fails or the consumer stops early.
  const siblings = new AbortController();
  const combined = anySignal(signal, siblings.signal)!;
  const started = performance.now();
  const staged: (StagedEntry | undefined)[] = [];
  let checks: PullChecks | undefined;
  let total = -1;
  let rowsDone = 0;
  let pagesDone = 0;
  const progress = (page: PageResult) => {
    rowsDone += page.page.count;
    pagesDone++;
    if (settings.onProgress === undefined) return;
    const elapsedMs = performance.now() - started;
    const rowsPerSecond = elapsedMs > 0 ? (rowsDone * 1000) / elapsedMs : 0;
    settings.onProgress({
      service: page.scope.service,
      args: page.args,
      rows: rowsDone,
      totalRows: total,
      pages: pagesDone,
      totalPages: Math.ceil(total / pageSize),
      elapsedMs,
      rowsPerSecond,
      etaMs: rowsPerSecond > 0 ? ((total - rowsDone) * 1000) / rowsPerSecond : 0,
    });
  };
  /** Everything a page must pass; a BodyError is a bad page, anything else ends the pull. */
  const verify = (span: PageSpan, page: PageResult): T => {
    if (page.noData) {
      throw new TotalChanged(`rows ${span.startNo}-${span.endNo} answered INFO-200`, page.scope);
    }
    if (page.page.total !== total) {
      throw new TotalChanged(
        `list_total_count went from ${total} to ${page.page.total}`,
        page.scope,
      );
    }
    // The same total and another number of rows is not new data: the answer is wrong.
    const expected = Math.max(0, Math.min(span.endNo, total) - span.startNo + 1);
    const count = page.page.count;
    if (count !== expected) {
      throw new BodyError(
        `rows ${span.startNo}-${span.endNo} of ${total} held ${count} rows, ` +
          `not ${expected}`,
      );
    }
    checks ??= new PullChecks(page.scope.service, page.args);
    const undo = checks.page(page.page, span.startNo, page.scope.redactor);
    try {
      return accept(page, span);
    } catch (e) {
      undo(); // the page may be asked again: its rows are not seen yet
      throw e;
    }
  };
  /** A page fetched and checked (asked once more, afresh, when it fails), then staged. */
  const land = async (span: PageSpan, first: boolean): Promise<T | undefined> => {
    for (let attempt = 1;; attempt++) {
      const page = await fetchPage(span, combined, fresh || attempt > 1);
      if (first) {
        if (page.noData) {
          staged.push(await page.keep?.());
          noteFetched(settings.fetched, page);
          return undefined;
        }
        total = page.page.total;
        if (total > maxRows) throw tooManyRowsError(page.scope, total, maxRows);
      }
      let value: T;
      try {
        value = verify(span, page);
      } catch (e) {
        if (!(e instanceof BodyError)) throw e;
        // A bad page may be a glitch: ask once more, afresh. One from the cache goes from it.
        await page.forget?.();
        if (attempt >= 2) throw rejectedPage(page, e);
        continue;
      }
      noteFetched(settings.fetched, page);
      progress(page);
      staged.push(await page.keep?.());
      return value;
    }
  };
  const inFlight: { page: Promise<T | undefined> }[] = [];
  let finished = false;
  try {
    const firstValue = await land({ startNo: 1, endNo: pageSize }, true);
    if (firstValue === undefined && total < 0) {
      finished = true;
      return;
    }
    yield firstValue as T;
    const rest = planPages(total, pageSize, pageSize + 1);
    const launch = (): boolean => {
      const next = rest.next();
      if (next.done) return false;
      const page = land(next.value, false);
      page.catch(() => {}); // awaited in order below; a sibling's failure must not go unhandled
      inFlight.push({ page });
      return true;
    };
    while (inFlight.length < concurrency && launch());
    while (inFlight.length > 0) {
      const head = inFlight.shift()!;
      const value = await head.page;
      launch();
      yield value as T;
    }
    finished = true;
  } finally {
    if (inFlight.length > 0) {
      siblings.abort(new Error("A sibling page failed"));
      // Wait for them: nothing may outlive the pull (and test sanitizers check it).
      await Promise.allSettled(inFlight.map((f) => f.page));
    }
    // Every page passed: the service's pages take their places in the cache. Otherwise none.
    await Promise.all(staged.map((s) => finished ? s?.commit() : s?.discard()));
  }
}

/** Pulls every page into one frame. */
export async function pullFrame(
  fetchPage: FetchPage,
  settings: PullSettings,
  schema?: readonly ColumnSpec[],
): Promise<DataFrame> {
  for (let pull = 1;; pull++) {
    const builder = schema === undefined ? undefined : new FrameBuilder(schema);
    const pages: { page: Page; at: number }[] = [];
    let cached = false;
    try {
      // A second pull asks the service afresh: cached pages may be what disagreed.
      // Rows go into the frame as their page arrives, at their place in the total.
      const pulled = pullPages(fetchPage, settings, pull > 1, (result, span) => {
        const { page } = result;
        cached ||= result.fromCache;
        if (builder !== undefined) {
          builder.reserve(page.total).add(page, span.startNo - 1);
          result.release?.();
        } else {
          refuseNonValues(page, span.startNo);
          pages.push({ page, at: span.startNo - 1 });
        }
      });
      for await (const _ of pulled) { /* the rows are in the builder already */ }
      return builder?.finish() ?? stringFrame(pages);
    } catch (e) {
      if (e instanceof TotalChanged) {
        if (pull >= 2) throw totalChangedError(e.scope, e.message);
        continue;
      }
      if (pull === 1 && cached && rejected.has(e as EcosError)) continue;
      throw e;
    }
  }
}

/** Pages of any fields as one frame of strings, a column a field in first-seen order. */
function stringFrame(pages: readonly { page: Page; at: number }[]): DataFrame {
  const names = [...new Set(pages.flatMap(({ page }) => page.fields.text))];
  if (names.length === 0) return pl.DataFrame({});
  const builder = new FrameBuilder(names.map((name) => ({ name, kind: "text" as const })));
  builder.reserve(pages.reduce((n, { page }) => n + page.count, 0));
  for (const { page, at } of pages) builder.add(page, at);
  return builder.finish();
}

/** One page as a frame of its own (statisticSearchPages). */
function pageFrame(page: Page, schema: readonly ColumnSpec[], firstRow = 1): DataFrame {
  // Expressions make a column of one value a literal: half the memory of Arrow-built frames (1.3
  // against 2.4 MiB for 10k rows of 999Y001), native memory that returns only when V8 collects.
  return new FrameBuilder(schema).add(page, 0, firstRow).finish("expressions");
}

/** Periods `lo` to `hi`: the whole range when the service takes it, else each half in turn. */
export async function* splitRange<T>(
  lo: number,
  hi: number,
  pull: (lo: number, hi: number) => AsyncIterable<T>,
  describe: (index: number) => string,
): AsyncGenerator<T, void, undefined> {
  let yielded = false;
  try {
    for await (const value of pull(lo, hi)) {
      yielded = true;
      yield value;
    }
  } catch (e) {
    if (yielded || !isEcosError(e) || e.code !== "ERROR-400") throw e;
    if (lo >= hi) throw tooLargeError(e, describe(lo));
    const mid = Math.floor((lo + hi) / 2);
    yield* splitRange(lo, mid, pull, describe);
    yield* splitRange(mid + 1, hi, pull, describe);
  }
}

/** The pages of one part of a search: periods `lo` to `hi`. */
function partFetcher(call: Call, q: ValidSearch, lo: number, hi: number): FetchPage {
  const [start, end] = [lo, hi].map((i) => formatPeriod(q.cycle, i, "live"));
  const args = [q.statCode, q.cycle, start!, end!, ...q.items];
  return fetcherOf(call, args, STATISTIC_SEARCH_SCHEMA);
}

/** A period's label for the error that says it is too large. */
const describer = (call: Call, q: ValidSearch) => (index: number) =>
  formatPeriod(q.cycle, index, call.core.transport.halfMonthly.known ?? "live");

/** A whole search as one frame. */
export async function searchFrame(
  call: Call,
  q: ValidSearch,
  lookups: Lookups,
): Promise<DataFrame> {
  const parts: DataFrame[] = [];
  const pull = async function* (lo: number, hi: number) {
    yield await pullFrame(partFetcher(call, q, lo, hi), call.settings, STATISTIC_SEARCH_SCHEMA);
  };
  for await (const part of splitRange(q.startIndex, q.endIndex, pull, describer(call, q))) {
    parts.push(part);
  }
  const frame = mergeRangeParts(parts);
  if (frame.height === 0) await checkCodes(call, q, lookups);
  return setFrameInfo(frame, infoOf(call));
}

/** A search page by page, in order, part after part. */
export async function* searchPages(
  call: Call,
  q: ValidSearch,
  lookups: Lookups,
): AsyncGenerator<DataFrame, void, undefined> {
  using _ = call;
  const pull = async function* (lo: number, hi: number) {
    try {
      // Each page becomes its frame as it arrives: a field the frame refuses fails the page.
      // Pages are not released: their memory, which V8 counts, paces the collections that also
      // free the frames the caller dropped, whose native memory it does not (5M rows peaked at
      // 446 MiB with them released, 250 MiB without).
      const frames = pullPages(
        partFetcher(call, q, lo, hi),
        call.settings,
        false,
        (page, span) => pageFrame(page.page, STATISTIC_SEARCH_SCHEMA, span.startNo),
      );
      for await (const frame of frames) yield frame;
    } catch (e) {
      if (e instanceof TotalChanged) throw totalChangedError(e.scope, e.message);
      throw e;
    }
  };
  let rows = 0;
  for await (const frame of splitRange(q.startIndex, q.endIndex, pull, describer(call, q))) {
    rows += frame.height;
    yield setFrameInfo(frame, infoOf(call));
  }
  if (rows === 0) await checkCodes(call, q, lookups);
}

/** Several searches at once into one frame, query after query, with each one's LABEL. */
export async function searchMany(
  queries: readonly ValidSearch[],
  signal: AbortSignal | undefined,
  search: (q: ValidSearch, signal: AbortSignal) => Promise<DataFrame>,
): Promise<DataFrame> {
  const stop = new AbortController();
  const combined = anySignal(signal, stop.signal)!;
  let failure: { error: unknown } | undefined;
  const frames = await Promise.all(queries.map((q) =>
    search(q, combined).catch((error) => {
      failure ??= { error };
      stop.abort(error);
      return undefined;
    })
  ));
  if (failure !== undefined) throw failure.error;
  const parts = frames as DataFrame[];
  const labels = parts.flatMap((f, i) =>
    Array<string | null>(f.height).fill(queries[i]!.label ?? null)
  );
  const frame = concatFrames(parts, STATISTIC_SEARCH_SCHEMA)
    .withColumns(pl.Series("LABEL", labels, pl.String));
  return withInfoOf(frame, ...parts);
}

/** UNKNOWN_CODE when an empty answer comes from a code that does not exist. */
async function checkCodes(call: Call, q: ValidSearch, lookups: Lookups): Promise<void> {
  let message: string | undefined;
  try {
    message = await explainEmpty(q, {
      items: (statCode) => lookups.items(statCode, call),
      tables: () => lookups.tables(call),
      sampled: bundledTables(call.core.baseUrl),
    });
  } catch (e) {
    if (call.settings.signal?.aborted) throw e;
    return; // the lookups failed: the empty frame stands
  }
  if (message !== undefined) {
    throw unknownCodeError(
      { service: "StatisticSearch", redactor: call.core.transport.redactor },
      message,
    );
  }
}

/** StatisticTableList by language and StatisticItemList by language and table, pulled once. */
export class Lookups {
  readonly #lists = new Map<string, Promise<DataFrame>>();

  tables(call: Call): Promise<DataFrame> {
    return this.#list(call, "StatisticTableList", STATISTIC_TABLE_LIST_SCHEMA, []);
  }

  items(statCode: string, call: Call): Promise<DataFrame> {
    return this.#list(call, "StatisticItemList", STATISTIC_ITEM_LIST_SCHEMA, [statCode]);
  }

  #list(call: Call, service: string, schema: readonly ColumnSpec[], args: string[]) {
    const key = [service, call.language, ...args].join("/");
    let frame = this.#lists.get(key);
    if (frame === undefined) {
      // The call may be another service's (an empty search asks the item list): ask as this one.
      frame = pullFrame(fetcherOf({ ...call, service }, args, schema), call.settings, schema);
      this.#lists.set(key, frame);
      frame.catch(() => this.#lists.delete(key));
    }
    return frame;
  }
}
