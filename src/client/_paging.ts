/**
 * Pulling a whole query: the first page learns `list_total_count`, the other pages go out
 * concurrently (a bounded window) and come back in order, each checked against the total.
 * A total that moves means the data changed under us: the pull starts again once, then fails
 * with TOTAL_CHANGED.
 *
 * @module
 */

import { type DataFrame } from "../deps.ts";
import { badResponseError, type Scope, tooManyRowsError, totalChangedError } from "./_errors.ts";
import { type ColumnSpec } from "../wire/columns.ts";
import { FrameBuilder } from "./_frame.ts";
import { type PageResult, requestPage, type Transport } from "./_request.ts";
import type { Format, Language } from "../wire/format.ts";
import { anySignal } from "../util/signal.ts";
import { BodyError } from "./_envelope.ts";

/** Rows `startNo` to `endNo`, 1-based and inclusive. */
export interface PageSpan {
  /** The first row. */
  startNo: number;
  /** The last row. */
  endNo: number;
}

/**
 * The pages that cover rows 1 to `total`, in order, one at a time: a hostile total costs
 * nothing until its pages are asked for.
 *
 * @param total The query's row count.
 * @param pageSize Rows a page.
 * @param from The first row of the first page.
 * @returns The spans; none for no rows.
 */
export function* planPages(total: number, pageSize: number, from = 1): Generator<PageSpan> {
  for (let startNo = from; startNo <= total; startNo += pageSize) {
    yield { startNo, endNo: Math.min(total, startNo + pageSize - 1) };
  }
}

/**
 * Fetches one page; the signal also fires when a sibling page failed. `fresh` asks the service
 * even when the response cache holds the page.
 */
export type FetchPage = (
  span: PageSpan,
  signal: AbortSignal,
  fresh: boolean,
) => Promise<PageResult>;

/** The request a pull repeats page by page: everything but the rows. */
export interface PageQuery {
  /** The service, e.g. "StatisticSearch". */
  service: string;
  /** The service's own path segments, unencoded. */
  args: readonly string[];
  /** The body format. */
  format: Format;
  /** The language. */
  language: Language;
  /** `false`: neither read the response cache nor write to it. */
  cache: boolean;
}

/**
 * The pages of one query, fetched through the request core.
 *
 * @param t The client's transport.
 * @param query The request without its rows.
 * @returns A {@linkcode FetchPage} for {@linkcode pullPages} and {@linkcode pullFrame}.
 */
export function pageFetcher(t: Transport, query: PageQuery): FetchPage {
  return (span, signal, fresh) => requestPage(t, { ...query, ...span, signal, fresh });
}

/** When a call's pages were fetched: the oldest, and whether any came from the cache. */
export interface Fetched {
  /** When the oldest page was fetched; `undefined` before any page. */
  at: Date | undefined;
  /** Whether any page came from the response cache. */
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
  /**
   * @param detail What disagreed.
   * @param scope The page's request.
   */
  constructor(detail: string, readonly scope: Scope) {
    super(detail);
    this.name = "TotalChanged";
  }
}

/** How far a pull has come: passed to the `onProgress` option after every page. */
export interface Progress {
  /** The service, e.g. "StatisticSearch". */
  service: string;
  /** The query's arguments after the row numbers, e.g. ["722Y001", "D", "20200101", ...]. */
  args: readonly string[];
  /** Rows received so far. */
  rows: number;
  /** Rows of the whole query (`list_total_count`). */
  totalRows: number;
  /** Pages received so far. */
  pages: number;
  /** Pages of the whole query. */
  totalPages: number;
  /** Milliseconds since the first page was asked for. */
  elapsedMs: number;
  /** Rows a second so far. */
  rowsPerSecond: number;
  /** Milliseconds left at that rate; 0 when done. */
  etaMs: number;
}

/** How a pull goes. */
export interface PullSettings {
  /** Rows a page. */
  pageSize: number;
  /** Pages in flight at once, beyond the first. */
  concurrency: number;
  /** The most rows a query may match. */
  maxRows: number;
  /** Told after each page. */
  onProgress?: ((progress: Progress) => void) | undefined;
  /** The caller's signal. */
  signal?: AbortSignal | undefined;
  /** Where to note when the pages were fetched, and whether from the cache. */
  fetched?: Fetched | undefined;
}

/**
 * Yields each page's rows in order. The first page goes alone (it tells the total); then up to
 * `concurrency` pages are in flight, and each finished head page makes room for the next.
 *
 * @param fetchPage Fetches one page.
 * @param settings Page size, concurrency, signal.
 * @param fresh Bypass the response cache.
 * @param onArrival Takes each page's rows as the page arrives (then yielded without them).
 * @returns An async iterable of pages (rows, the total, the request); nothing when the service
 * answered INFO-200.
 * @throws {TotalChanged} When a page disagrees with the first about the total, or finds no
 * data.
 * @throws {EcosError} TOO_MANY_ROWS beyond `maxRows`; BAD_RESPONSE for a page with more or
 * fewer rows than it must hold; whatever a page raised.
 */
export async function* pullPages(
  fetchPage: FetchPage,
  settings: PullSettings,
  fresh = false,
  onArrival?: (page: PageResult, span: PageSpan) => void,
): AsyncGenerator<PageResult, void, undefined> {
  const { pageSize, concurrency, signal, maxRows } = settings;
  // Aborts the pages still in flight when one fails or the consumer stops early.
  const siblings = new AbortController();
  const combined = anySignal(signal, siblings.signal)!;
  const started = performance.now();
  const first = await fetchPage({ startNo: 1, endNo: pageSize }, combined, fresh);
  noteFetched(settings.fetched, first);
  if (first.noData) return;
  const total = first.total;
  let rowsDone = 0;
  let pagesDone = 0;
  const progress = (page: PageResult) => {
    rowsDone += page.rows.length;
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
  if (total > maxRows) throw tooManyRowsError(first.scope, total, maxRows);
  const check = (span: PageSpan, page: PageResult) => {
    if (page.noData) {
      throw new TotalChanged(`rows ${span.startNo}-${span.endNo} answered INFO-200`, page.scope);
    }
    if (page.total !== total) {
      throw new TotalChanged(`list_total_count went from ${total} to ${page.total}`, page.scope);
    }
    // The same total and another number of rows is not new data: the answer is wrong.
    const expected = Math.max(0, Math.min(span.endNo, total) - span.startNo + 1);
    if (page.rows.length !== expected) {
      throw badResponseError(page.scope, {
        detail: `rows ${span.startNo}-${span.endNo} of ${total} held ${page.rows.length} rows, ` +
          `not ${expected}`,
        retryable: false,
      });
    }
  };
  // Each page is checked, reported and (with onArrival) handed over as it arrives, in any
  // order, so that its rows are done with while the others are still on the way; the pages
  // are then yielded in order.
  const arrive = (span: PageSpan, page: PageResult): PageResult => {
    check(span, page);
    progress(page);
    if (onArrival === undefined) return page;
    try {
      onArrival(page, span);
    } catch (e) {
      throw badField(page, e);
    }
    return { ...page, rows: [] };
  };
  yield arrive({ startNo: 1, endNo: pageSize }, first);

  const rest = planPages(total, pageSize, pageSize + 1);
  const inFlight: { span: PageSpan; page: Promise<PageResult> }[] = [];
  const launch = (): boolean => {
    const next = rest.next();
    if (next.done) return false;
    const span = next.value;
    const page = fetchPage(span, combined, fresh).then((p) => {
      noteFetched(settings.fetched, p);
      return arrive(span, p);
    });
    page.catch(() => {}); // awaited in order below; a sibling's failure must not go unhandled
    inFlight.push({ span, page });
    return true;
  };
  try {
    while (inFlight.length < concurrency && launch());
    while (inFlight.length > 0) {
      const head = inFlight.shift()!;
      const page = await head.page;
      launch();
      yield page;
    }
  } finally {
    if (inFlight.length > 0) {
      siblings.abort(new Error("A sibling page failed"));
      // Wait for them: nothing may outlive the pull (and test sanitizers check it).
      await Promise.allSettled(inFlight.map((f) => f.page));
    }
  }
}

/**
 * Pulls every page into one frame. A total that moves gets one fresh pull, then
 * TOTAL_CHANGED.
 *
 * @param fetchPage Fetches one page.
 * @param settings Page size, concurrency, signal.
 * @param schema The service's columns.
 * @returns The frame: exactly `list_total_count` rows, in order.
 * @throws {EcosError} TOTAL_CHANGED, or whatever a page raised.
 */
export async function pullFrame(
  fetchPage: FetchPage,
  settings: PullSettings,
  schema: readonly ColumnSpec[],
): Promise<DataFrame> {
  for (let pull = 1;; pull++) {
    const builder = new FrameBuilder(schema);
    try {
      // A second pull asks the service afresh: cached pages may be what disagreed.
      // Rows go into the frame as their page arrives, at their place in the total.
      const pages = pullPages(fetchPage, settings, pull > 1, (page, span) => {
        builder.reserve(page.total).add(page.rows, span.startNo - 1);
      });
      for await (const _ of pages) { /* the rows are in the builder already */ }
      return builder.finish();
    } catch (e) {
      if (!(e instanceof TotalChanged)) throw e;
      if (pull >= 2) throw totalChangedError(e.scope, e.message);
    }
  }
}

/** A field the frame refused (BodyError) as BAD_RESPONSE of its page; anything else as it is. */
function badField(page: PageResult, e: unknown): unknown {
  if (!(e instanceof BodyError)) return e;
  return badResponseError(page.scope, { detail: e.detail, retryable: false });
}

/**
 * One page as a frame of its own (statisticSearchPages).
 *
 * @param page The page.
 * @param schema The service's columns.
 * @returns The frame.
 * @throws {EcosError} BAD_RESPONSE for a field that holds an object, a list or a boolean.
 */
export function pageFrame(page: PageResult, schema: readonly ColumnSpec[]): DataFrame {
  try {
    return new FrameBuilder(schema).add(page.rows).finish();
  } catch (e) {
    throw badField(page, e);
  }
}
