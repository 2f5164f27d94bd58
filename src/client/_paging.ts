/**
 * Pulling a whole query: the first page learns `list_total_count`, the other pages go out
 * concurrently (a bounded window) and come back in order, each checked against the total and
 * against the query (`_checks.ts`). A page that fails a check is asked again once, afresh; a
 * total that moves means the data changed under us: the pull starts again once, then fails
 * with TOTAL_CHANGED. Pages enter the response cache only when the whole pull has passed:
 * nothing unchecked, and nothing of a pull that failed, is kept.
 *
 * @module
 */

import { type DataFrame } from "../deps.ts";
import type { EcosError } from "../errors.ts";
import { badResponseError, type Scope, tooManyRowsError, totalChangedError } from "./_errors.ts";
import { type ColumnSpec, STATISTIC_SEARCH_SCHEMA } from "../wire/columns.ts";
import { FrameBuilder, scanFieldsOf } from "./_frame.ts";
import { loadArrow } from "./_arrow.ts";
import { type PageResult, requestPage, type Transport } from "./_request.ts";
import type { Format, Language } from "../wire/format.ts";
import { anySignal } from "../util/signal.ts";
import { BodyError } from "./_envelope.ts";
import { PullChecks } from "./_checks.ts";
import { rowsOf } from "./_scan_columns.ts";
import type { StagedEntry } from "../cache/mod.ts";

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
 * even when the response cache holds the page (the answer, once checked, replaces the entry).
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
  /**
   * Ask the service for every page even when the response cache holds it (`refresh: true`,
   * `cache: false`); what it answers, once checked, replaces the entries.
   */
  fresh: boolean;
}

/**
 * The pages of one query, fetched through the request core.
 *
 * @param t The client's transport.
 * @param query The request without its rows.
 * @returns A {@linkcode FetchPage} for {@linkcode pullPages} and {@linkcode pullFrame}.
 */
export function pageFetcher(t: Transport, query: PageQuery): FetchPage {
  const { fresh: always, ...rest } = query;
  // Search pages, the large ones, are scanned into columns (see _scan_json.ts); the lookups'
  // pages are small and take the reference path.
  const scan = query.service === "StatisticSearch"
    ? scanFieldsOf(STATISTIC_SEARCH_SCHEMA, query.service)
    : undefined;
  if (scan === undefined) {
    return (span, signal, fresh) =>
      requestPage(t, { ...rest, ...span, signal, fresh: always || fresh });
  }
  return async (span, signal, fresh) => {
    // Frames of scanned pages are written as Arrow: load it while the page is on its way (if it
    // cannot be loaded, frames are built the other way, the same frame). Both are awaited at
    // once, so that a page that fails while Arrow loads is handled, and its failure wins.
    const [page] = await Promise.all([
      requestPage(t, { ...rest, ...span, signal, fresh: always || fresh, scan }),
      loadArrow().catch(() => {}),
    ]);
    return page;
  };
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

/** BAD_RESPONSE errors of pages that failed their checks (twice), as raised by a pull. */
const rejected = new WeakSet<EcosError>();

/** A page that failed its checks twice, as BAD_RESPONSE naming what was wrong. */
function rejectedPage(page: PageResult, e: BodyError): EcosError {
  const error = badResponseError(page.scope, { detail: e.detail, retryable: false });
  rejected.add(error);
  return error;
}

/**
 * Yields each page, in order, as `accept` makes it. The first page goes alone (it tells the
 * total); then up to `concurrency` pages are in flight, and each finished head page makes room
 * for the next.
 *
 * Each page is checked as it arrives, in any order: its total against the first's, its number
 * of rows against its span, its rows against the query (`PullChecks`: table, items, periods,
 * values, no row twice in the pull), then `accept` reads it (the frame refuses a field that
 * holds an object). A page that fails is asked again once, afresh (a page from the cache is
 * removed from it); a second failure is BAD_RESPONSE naming the row and the field. When the
 * last page has been yielded, the pages the service sent enter the response cache; when the
 * pull fails or is left early, none does.
 *
 * @param fetchPage Fetches one page.
 * @param settings Page size, concurrency, signal.
 * @param fresh Ask the service for every page, whatever the response cache holds.
 * @param accept Takes each page as it arrives (a frame's rows, say) and returns what to yield;
 * a {@linkcode BodyError} from it fails the page. By default the page itself.
 * @returns An async iterable of what `accept` returned, page by page in order; nothing when the
 * service answered INFO-200.
 * @throws {TotalChanged} When a page disagrees with the first about the total, or finds no
 * data.
 * @throws {EcosError} TOO_MANY_ROWS beyond `maxRows`; BAD_RESPONSE for a page that failed a
 * check twice; whatever a page raised.
 */
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
    rowsDone += rowCount(page);
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
    if (page.total !== total) {
      throw new TotalChanged(`list_total_count went from ${total} to ${page.total}`, page.scope);
    }
    // The same total and another number of rows is not new data: the answer is wrong.
    const expected = Math.max(0, Math.min(span.endNo, total) - span.startNo + 1);
    const count = rowCount(page);
    if (count !== expected) {
      throw new BodyError(
        `rows ${span.startNo}-${span.endNo} of ${total} held ${count} rows, ` +
          `not ${expected}`,
      );
    }
    checks ??= new PullChecks(page.scope.service, page.args);
    // A scanned page is checked in its columns: no object a row.
    const undo = page.scanned === undefined
      ? checks.page(page.rows, span.startNo, page.scope.redactor)
      : checks.scanned(page.scanned, span.startNo, page.scope.redactor);
    try {
      return accept(page, span);
    } catch (e) {
      undo(); // the page may be asked again: its rows are not seen yet
      throw e;
    }
  };
  /**
   * Fetches a page and checks it, asking once more, afresh, when it fails; then writes it
   * beside its cache entry. `undefined` for a first page that found no data.
   */
  const land = async (span: PageSpan, first: boolean): Promise<T | undefined> => {
    for (let attempt = 1;; attempt++) {
      const page = await fetchPage(span, combined, fresh || attempt > 1);
      if (first) {
        if (page.noData) {
          staged.push(await page.keep?.());
          noteFetched(settings.fetched, page);
          return undefined;
        }
        total = page.total;
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

/**
 * Pulls every page into one frame. A total that moves gets one fresh pull, then
 * TOTAL_CHANGED; so does a page that fails its checks twice in a pull that used the response
 * cache (a page kept from an earlier pull may be what disagrees with the service's now).
 *
 * @param fetchPage Fetches one page.
 * @param settings Page size, concurrency, signal.
 * @param schema The service's columns.
 * @returns The frame: exactly `list_total_count` rows, in order.
 * @throws {EcosError} TOTAL_CHANGED, BAD_RESPONSE, or whatever a page raised.
 */
export async function pullFrame(
  fetchPage: FetchPage,
  settings: PullSettings,
  schema: readonly ColumnSpec[],
): Promise<DataFrame> {
  for (let pull = 1;; pull++) {
    const builder = new FrameBuilder(schema);
    let cached = false;
    try {
      // A second pull asks the service afresh: cached pages may be what disagreed.
      // Rows go into the frame as their page arrives, at their place in the total.
      const pages = pullPages(fetchPage, settings, pull > 1, (page, span) => {
        cached ||= page.fromCache;
        addPage(builder.reserve(page.total), page, schema, span.startNo - 1);
      });
      for await (const _ of pages) { /* the rows are in the builder already */ }
      return builder.finish();
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

/**
 * One page as a frame of its own (statisticSearchPages).
 *
 * @param page The page.
 * @param schema The service's columns.
 * @param firstRow The page's first row's number in the pull (its `startNo`), for messages.
 * @returns The frame.
 * @throws {BodyError} For a field that holds an object, a list or a boolean (as `accept` of
 * {@linkcode pullPages}, a bad page).
 */
export function pageFrame(
  page: PageResult,
  schema: readonly ColumnSpec[],
  firstRow = 1,
): DataFrame {
  const builder = new FrameBuilder(schema);
  addPage(builder, page, schema, 0, firstRow);
  // Built with expressions: a column that holds one value is then a literal, not a row of
  // data each, and such frames hold about half the memory of Arrow-built ones (1.3 against
  // 2.4 MiB for 10k rows of 999Y001). A consumer of pages drops them as it goes, but their
  // memory is native and returns only when V8 collects, so the smaller the better.
  return builder.finish("expressions");
}

/** The rows in a page, as decoded or as scanned. */
function rowCount(page: PageResult): number {
  return page.scanned === undefined ? page.rows.length : page.scanned.count;
}

/**
 * Adds a page to a frame: its columns when the scanner read it for this schema, else its rows
 * (numbered from `firstRow` in messages).
 */
function addPage(
  builder: FrameBuilder,
  page: PageResult,
  schema: readonly ColumnSpec[],
  at: number,
  firstRow = at + 1,
): void {
  const scanned = page.scanned;
  if (scanned === undefined) builder.add(page.rows, at, firstRow);
  else if (scanned.fields === scanFieldsOf(schema, page.scope.service)) {
    builder.addScanned(scanned, at);
  } else builder.add(rowsOf(scanned), at, firstRow);
}
