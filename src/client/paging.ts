/**
 * Pulling a whole query: the first page learns `list_total_count`, the other pages go out
 * concurrently (a bounded window) and come back in order, each checked against the total.
 * A total that moves means the data changed under us: the pull starts again once, then fails
 * with TOTAL_CHANGED. ERROR-400 (range too large) splits the date range in halves.
 *
 * @module
 */

import { type DataFrame } from "../deps.ts";
import { ECOS_CODES } from "../wire/codes.ts";
import { EcosError, isEcosError } from "./errors.ts";
import type { RawRow } from "./envelope.ts";
import { type ColumnSpec, FrameBuilder } from "./frame.ts";
import type { PageResult } from "./request.ts";

/** Rows `startNo` to `endNo`, 1-based and inclusive. */
export interface PageSpan {
  /** The first row. */
  startNo: number;
  /** The last row. */
  endNo: number;
}

/**
 * The pages that cover rows 1 to `total`, in order.
 *
 * @param total The query's row count.
 * @param pageSize Rows a page.
 * @returns The spans; none for no rows.
 */
export function planPages(total: number, pageSize: number): PageSpan[] {
  const spans: PageSpan[] = [];
  for (let startNo = 1; startNo <= total; startNo += pageSize) {
    spans.push({ startNo, endNo: Math.min(total, startNo + pageSize - 1) });
  }
  return spans;
}

/** Fetches one page; the signal also fires when a sibling page failed. */
export type FetchPage = (span: PageSpan, signal: AbortSignal) => Promise<PageResult>;

/** Raised inside a pull when the answers disagree about the data; never leaves this module. */
export class TotalChanged extends Error {
  /**
   * @param detail What disagreed.
   * @param url The page's URL, key redacted.
   */
  constructor(detail: string, readonly url: string) {
    super(detail);
    this.name = "TotalChanged";
  }
}

/** How a pull goes. */
export interface PullSettings {
  /** Rows a page. */
  pageSize: number;
  /** Pages in flight at once, beyond the first. */
  concurrency: number;
  /** The caller's signal. */
  signal?: AbortSignal | undefined;
}

/**
 * Yields each page's rows in order. The first page goes alone (it tells the total); then up to
 * `concurrency` pages are in flight, and each finished head page makes room for the next.
 *
 * @param fetchPage Fetches one page.
 * @param settings Page size, concurrency, signal.
 * @returns An async iterable of row arrays; nothing when the service answered INFO-200.
 * @throws {TotalChanged} When a page disagrees with the first about the total or its size.
 */
export async function* pullPages(
  fetchPage: FetchPage,
  settings: PullSettings,
): AsyncGenerator<RawRow[], void, undefined> {
  const { pageSize, concurrency, signal } = settings;
  // Aborts the pages still in flight when one fails or the consumer stops early.
  const siblings = new AbortController();
  const combined = signal ? AbortSignal.any([signal, siblings.signal]) : siblings.signal;
  const first = await fetchPage({ startNo: 1, endNo: pageSize }, combined);
  if (first.noData) return;
  const total = first.total;
  const check = (span: PageSpan, page: PageResult) => {
    const expected = Math.max(0, Math.min(span.endNo, total) - span.startNo + 1);
    if (page.noData) {
      throw new TotalChanged(`rows ${span.startNo}-${span.endNo} answered INFO-200`, page.url);
    }
    if (page.total !== total) {
      throw new TotalChanged(`list_total_count went from ${total} to ${page.total}`, page.url);
    }
    if (page.rows.length !== expected) {
      throw new TotalChanged(
        `rows ${span.startNo}-${span.endNo} held ${page.rows.length} rows, not ${expected}`,
        page.url,
      );
    }
  };
  check({ startNo: 1, endNo: pageSize }, first);
  yield first.rows;

  const rest = planPages(total, pageSize).slice(1);
  const inFlight: { span: PageSpan; page: Promise<PageResult> }[] = [];
  let next = 0;
  const launch = () => {
    const span = rest[next++] as PageSpan;
    const page = fetchPage(span, combined);
    page.catch(() => {}); // awaited in order below; a sibling's failure must not go unhandled
    inFlight.push({ span, page });
  };
  try {
    while (inFlight.length < concurrency && next < rest.length) launch();
    while (inFlight.length > 0) {
      const head = inFlight.shift()!;
      const page = await head.page;
      check(head.span, page);
      if (next < rest.length) launch();
      yield page.rows;
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
 * @param service The service, for messages.
 * @returns The frame: exactly `list_total_count` rows, in order.
 * @throws {EcosError} TOTAL_CHANGED, or whatever a page raised.
 */
export async function pullFrame(
  fetchPage: FetchPage,
  settings: PullSettings,
  schema: readonly ColumnSpec[],
  service: string,
): Promise<DataFrame> {
  for (let pull = 1;; pull++) {
    const builder = new FrameBuilder(schema);
    try {
      for await (const rows of pullPages(fetchPage, settings)) builder.add(rows);
      return builder.finish();
    } catch (e) {
      if (!(e instanceof TotalChanged)) throw e;
      if (pull >= 2) throw totalChangedError(e, service);
    }
  }
}

/**
 * The error for a total that kept moving.
 *
 * @param e What disagreed.
 * @param service The service.
 * @returns An EcosError with code TOTAL_CHANGED.
 */
export function totalChangedError(e: TotalChanged, service: string): EcosError {
  return new EcosError(
    "TOTAL_CHANGED",
    `The data changed while it was being pulled, twice; try again in a few minutes: ${service} ${e.message}`,
    { cause: e, service, url: e.url, attempts: 2 },
  );
}

/**
 * Pulls an ordinal range, splitting it in halves on ERROR-400 (the service found it too large),
 * down to single periods. Halves go one after the other: the service is already struggling.
 *
 * @param lo The first period's ordinal.
 * @param hi The last period's ordinal.
 * @param pull Pulls one range whole.
 * @param merge Joins the results of consecutive ranges into the order of one pull.
 * @param describe Names a single period, for the final message.
 * @returns The range's result.
 * @throws {EcosError} ERROR-400 when even a single period is too large.
 */
export async function pullSplitting<T>(
  lo: number,
  hi: number,
  pull: (lo: number, hi: number) => Promise<T>,
  merge: (parts: T[]) => T,
  describe: (index: number) => string,
): Promise<T> {
  try {
    return await pull(lo, hi);
  } catch (e) {
    if (!isEcosError(e) || e.code !== "ERROR-400") throw e;
    if (lo >= hi) throw tooLargeError(e, describe(lo));
    const mid = Math.floor((lo + hi) / 2);
    const left = await pullSplitting(lo, mid, pull, merge, describe);
    const right = await pullSplitting(mid + 1, hi, pull, merge, describe);
    return merge([left, right]);
  }
}

/**
 * The error for a single period the service still finds too large.
 *
 * @param e The service's ERROR-400.
 * @param period The period's label.
 * @returns An EcosError with code ERROR-400 that says what to do.
 */
export function tooLargeError(e: EcosError, period: string): EcosError {
  return new EcosError(
    "ERROR-400",
    `${ECOS_CODES["ERROR-400"].advice}: even the single period ${period} is too large for the ` +
      `service; ask for fewer items (item codes) at a time`,
    {
      cause: e,
      ...(e.service === undefined ? {} : { service: e.service }),
      ...(e.url === undefined ? {} : { url: e.url }),
      ...(e.serviceMessage === undefined ? {} : { serviceMessage: e.serviceMessage }),
      ...(e.attempts === undefined ? {} : { attempts: e.attempts }),
    },
  );
}
