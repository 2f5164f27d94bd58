/**
 * The request core: one page of one service. It builds the URL (the API key is a path segment,
 * so every URL we keep or show is redacted), waits for the rate limiter and a slot, bounds each
 * attempt in time, decodes the body, and retries what can be retried with exponential backoff
 * and full jitter. Every service goes through {@linkcode requestPage}.
 *
 * @module
 */

import { EcosError, isEcosError } from "../errors.ts";
import {
  abortedError,
  badResponseError,
  rateLimitedError,
  type Redactor,
  resultError,
  type Scope,
  timeoutError,
  transportError,
} from "./_errors.ts";
import { restate } from "../errors.ts";
import { BodyError, type Decoded, type RawRow, type ScannedDecoded } from "./_envelope.ts";
import type { ScannedPage } from "./_scan_columns.ts";
import { readBytes, readText } from "./_read_body.ts";
import { decodeJson } from "./_decode_json.ts";
import { decodeXml, loadXmlParser, XmlParserNotLoaded } from "./_decode_xml.ts";
import { scanPage } from "./_scan_json.ts";
import type { ScanFields } from "./_scan_columns.ts";
import type { Format, Language } from "../wire/format.ts";
import { delay, type Semaphore } from "../util/limiter.ts";
import type { RequestLimiter } from "../cache/budget.ts";
import { anySignal } from "../util/signal.ts";
import {
  type HalfMonthlySpelling,
  isHalfMonthlySearch,
  spellHalfMonthly,
} from "./_half_monthly.ts";
import type { CacheKey, ResponseCache, StagedEntry } from "../cache/mod.ts";

/** Retry settings, resolved. */
export interface RetrySettings {
  /** Attempts in all, the first included. */
  attempts: number;
  /** The first backoff's ceiling in milliseconds; it doubles each attempt. */
  baseMs: number;
  /** The largest backoff ceiling in milliseconds. */
  capMs: number;
  /** Full jitter: wait a random time up to the ceiling, so clients do not retry in step. */
  jitter: boolean;
}

/** What every request of a client shares. */
export interface Transport {
  /** The service's base URL, e.g. https://ecos.bok.or.kr/api; never with credentials. */
  baseUrl: string;
  /** The API key: sent, never shown. */
  apiKey: string;
  /**
   * The Authorization header for a base URL that came with `user:password@`: the credentials
   * are sent this way, and kept out of every URL the client stores or shows.
   */
  authorization?: string | undefined;
  /** Removes the key from whatever an error carries. */
  redactor: Redactor;
  /** The fetch to use. */
  fetch: typeof fetch;
  /** The time limit of one attempt, in milliseconds. */
  timeoutMs: number;
  /** The most bytes of one body, after decompression. */
  maxResponseBytes: number;
  /** Retry settings. */
  retry: RetrySettings;
  /** The client-side rate limiter, if any. */
  limiter: RequestLimiter | undefined;
  /** Bounds requests in flight across the client. */
  semaphore: Semaphore;
  /** Random numbers for jitter (a seam for tests). */
  random?: () => number;
  /** The response cache, when on. */
  cache: ResponseCache | undefined;
  /** The half-monthly spelling this service accepts, learnt on the first SM query. */
  halfMonthly: HalfMonthlySpelling;
}

/** One page of one service. */
export interface PageRequest {
  /** The service, e.g. "StatisticSearch". */
  service: string;
  /** The body format. */
  format: Format;
  /** The language. */
  language: Language;
  /** The first row, 1-based. */
  startNo: number;
  /** The last row, inclusive. */
  endNo: number;
  /** The service's own path segments, unencoded. */
  args: readonly string[];
  /** The caller's signal: aborts without retry. */
  signal?: AbortSignal | undefined;
  /**
   * Ask the service even when the cache holds the page (`refresh`, `cache: false`, a second
   * pull after a change): the answer, once checked and kept, replaces the entry.
   */
  fresh?: boolean | undefined;
  /**
   * Read a JSON page of rows with the scanner, into columns of these fields (see
   * _scan_json.ts); a body it does not take is decoded the reference way.
   */
  scan?: ScanFields | undefined;
}

/** One page's rows: as decoded, or as the scanner's columns. */
export type PageResult =
  & PageFacts
  & (
    | { rows: RawRow[]; scanned?: undefined }
    | { rows?: undefined; scanned: ScannedPage }
  );

/** What a page is besides its rows. */
export interface PageFacts {
  /** `list_total_count`: 0 when no data matched. */
  total: number;
  /** Whether the service answered INFO-200 (no data). */
  noData: boolean;
  /** The page's request, for errors about it. */
  scope: Scope;
  /** The service's arguments of the request. */
  args: readonly string[];
  /** When the service sent it. */
  fetchedAt: Date;
  /** Whether it came from the response cache. */
  fromCache: boolean;
  /**
   * Writes the page beside its cache entry, to be put in place when the whole pull has passed
   * its checks (see {@linkcode StagedEntry}); absent for a page from the cache, or without one.
   * Call it only after every check of the page passed: nothing unchecked is ever kept.
   */
  keep?: (() => Promise<StagedEntry | undefined>) | undefined;
  /** Removes the cache entry this page was read from: it failed a check. */
  forget?: (() => Promise<void>) | undefined;
}

/**
 * Builds a request URL twice: once to send, once to show, with the key segment as `***`.
 * Every segment is percent-encoded, so no argument can add a segment or a query string.
 *
 * @returns The URL to fetch and the URL to show.
 * @internal
 */
export function buildUrl(
  baseUrl: string,
  apiKey: string,
  req: Omit<PageRequest, "signal">,
): { url: string; redacted: string } {
  const base = baseUrl.replace(/\/+$/, "");
  const tail = [req.format, req.language, String(req.startNo), String(req.endNo), ...req.args]
    .map(encodeURIComponent).join("/");
  const service = encodeURIComponent(req.service);
  return {
    url: `${base}/${service}/${encodeURIComponent(apiKey)}/${tail}`,
    redacted: `${base}/${service}/***/${tail}`,
  };
}

/**
 * Decodes a body of either format, recognised by its first character: a service can answer an
 * error in another format than the one asked, and a maintenance page is HTML whatever was asked.
 *
 * @param text The body.
 * @param service The service that was called.
 * @returns Rows with their total, or the result code.
 * @throws {BodyError} For HTML, garbage, or a body cut short.
 * @internal
 */
export function decodeBody(text: string, service: string): Decoded {
  const start = text.trimStart();
  if (start === "") throw new BodyError("the body is empty");
  if (/^<(?:!doctype\s+html|html[\s>]|head[\s>]|body[\s>])/i.test(start)) {
    throw new BodyError("an HTML page", { quote: start });
  }
  if (start.startsWith("{")) return decodeJson(start, service);
  if (start.startsWith("<")) return decodeXml(start, service);
  throw new BodyError("neither JSON nor XML", { quote: start });
}

const utf8 = new TextDecoder();

/**
 * `scan: false` sends every body the reference way: the benchmarks compare the two paths on
 * whole pulls (bench/pull_memory.ts).
 *
 * @internal
 */
export const _decoding: { scan: boolean } = { scan: true };

/**
 * Decodes a body from its bytes: with `scan`, a JSON page of rows goes through the scanner
 * (no text, no JSON.parse); anything it does not take, and every other body, is turned into
 * text and decoded by {@linkcode decodeBody}, the reference path, which words every error.
 *
 * @param bytes The body as received.
 * @param service The service that was called.
 * @param scan The fields to scan, for pages that become frames.
 * @param expectedRows Rows the page should hold (sizes the scanner's arrays).
 * @returns Rows with their total (and columns, when scanned), or the result code.
 * @throws {BodyError} As {@linkcode decodeBody}.
 * @internal
 */
export function decodeBytes(
  bytes: Uint8Array,
  service: string,
  scan?: ScanFields,
  expectedRows?: number,
): Decoded | ScannedDecoded {
  if (scan !== undefined && _decoding.scan) {
    const page = scanPage(bytes, scan, expectedRows);
    if (page !== undefined) return scannedRows(page);
  }
  return decodeBody(utf8.decode(bytes), service);
}

/**
 * {@linkcode decodeBytes}, loading fast-xml-parser first when the body needs it.
 *
 * @internal
 */
export async function decodeBytesLoading(
  bytes: Uint8Array,
  service: string,
  scan?: ScanFields,
  expectedRows?: number,
): Promise<Decoded | ScannedDecoded> {
  try {
    return decodeBytes(bytes, service, scan, expectedRows);
  } catch (e) {
    if (!(e instanceof XmlParserNotLoaded)) throw e;
    await loadXmlParser();
    return decodeBytes(bytes, service, scan, expectedRows);
  }
}

/** A scanned page as decoded: its columns. */
function scannedRows(page: ScannedPage): ScannedDecoded {
  return { kind: "rows", total: page.total, scanned: page };
}

/**
 * The wait before the next attempt: a ceiling that doubles from `baseMs` up to `capMs`
 * (four times higher for ERROR-602, which asks us to back off), and with jitter a uniform
 * random time below it.
 *
 * @internal
 */
export function backoffMs(
  retry: RetrySettings,
  failures: number,
  kind: "backoff" | "throttle",
  random: () => number = Math.random,
): number {
  const base = kind === "throttle" ? retry.baseMs * 4 : retry.baseMs;
  const ceiling = Math.min(retry.capMs, base * 2 ** (failures - 1));
  return retry.jitter ? random() * ceiling : ceiling;
}

/** The most redirects followed, all within the base URL's origin. */
const MAX_REDIRECTS = 5;
/** The most of an error page read, to quote it. */
const ERROR_PAGE_BYTES = 64 * 1024;
/** The longest Retry-After honoured, in milliseconds. */
export const MAX_RETRY_AFTER_MS = 120_000;

/**
 * Retry-After as milliseconds (seconds or an HTTP date), bounded; `undefined` when absent or
 * unreadable.
 *
 * @internal
 */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (header === null) return undefined;
  const text = header.trim();
  const ms = /^\d{1,10}$/.test(text) ? Number(text) * 1000 : Date.parse(text) - now;
  if (!Number.isFinite(ms)) return undefined;
  return Math.min(Math.max(0, ms), MAX_RETRY_AFTER_MS);
}

/**
 * Fetches a URL, following redirects only within the base URL's origin: the key is a path
 * segment, so a redirect elsewhere would hand it to another host.
 */
async function fetchSameOrigin(
  t: Transport,
  url: string,
  signal: AbortSignal,
  scope: Scope,
): Promise<Response> {
  const origin = new URL(t.baseUrl).origin;
  let target = url;
  for (let hops = 0;; hops++) {
    const headers: Record<string, string> = {
      accept: "application/json, application/xml, text/xml",
    };
    if (t.authorization !== undefined) headers.authorization = t.authorization;
    const res = await t.fetch(target, { signal, redirect: "manual", headers });
    const location = res.headers.get("location");
    if (res.status < 300 || res.status >= 400 || location === null) return res;
    await res.body?.cancel().catch(() => {});
    let next: URL;
    try {
      next = new URL(location, target);
    } catch {
      throw badResponseError(scope, {
        detail: "a redirect to an unreadable address",
        retryable: false,
      });
    }
    if (next.origin !== origin) {
      throw badResponseError(scope, {
        detail: `HTTP status ${res.status}, a redirect to another origin (${next.origin}); the ` +
          `key is sent only to ${origin}: set baseUrl to the address the service moved to`,
        retryable: false,
      });
    }
    if (hops >= MAX_REDIRECTS) {
      throw badResponseError(scope, {
        detail: `more than ${MAX_REDIRECTS} redirects`,
        retryable: false,
      });
    }
    target = next.href;
  }
}

/**
 * One attempt: rate limiter, a slot, fetch and read under the attempt's time limit.
 *
 * @returns The body's bytes.
 */
async function attempt(t: Transport, req: PageRequest, url: string, scope: Scope) {
  await t.limiter?.acquire(req.signal);
  const release = await t.semaphore.acquire(req.signal);
  const timeout = new AbortController();
  const timer = setTimeout(
    () => timeout.abort(new DOMException("The attempt timed out", "TimeoutError")),
    t.timeoutMs,
  );
  const signal = anySignal(req.signal, timeout.signal)!;
  const failed = (e: unknown, what: string) => {
    if (req.signal?.aborted) return req.signal.reason;
    if (timeout.signal.aborted) return timeoutError(scope, t.timeoutMs, e);
    if (isEcosError(e)) return e;
    return transportError(scope, what, e);
  };
  try {
    let res: Response;
    try {
      res = await fetchSameOrigin(t, url, signal, scope);
    } catch (e) {
      throw failed(e, "the connection failed");
    }
    if (res.status !== 200) {
      const { text } = await readText(res, ERROR_PAGE_BYTES).catch(() => ({ text: "" }));
      const after = retryAfterMs(res.headers.get("retry-after"));
      if (res.status === 429) throw rateLimitedError(scope, after, text);
      // 408 and 5xx come from proxies under load; other statuses will not change. A 503 (or any
      // of these) that says when to come back is asked again no sooner, as a 429 is.
      const retryable = res.status >= 500 || res.status === 408;
      throw badResponseError(scope, {
        detail: `HTTP status ${res.status}${
          retryable && after !== undefined ? ` (Retry-After: ${Math.ceil(after / 1000)} s)` : ""
        }`,
        quote: text,
        retryable,
        retryAfterMs: retryable ? after : undefined,
      });
    }
    let body: { bytes: Uint8Array; cut: boolean };
    try {
      body = await readBytes(res, t.maxResponseBytes);
    } catch (e) {
      throw failed(e, "the body was cut short");
    }
    if (body.cut) {
      throw badResponseError(scope, {
        detail: `the body is larger than maxResponseBytes (${t.maxResponseBytes} bytes); ask ` +
          `for smaller pages (pageSize) or raise maxResponseBytes`,
        retryable: false,
      });
    }
    return body.bytes;
  } finally {
    clearTimeout(timer);
    release();
  }
}

/**
 * Requests one page, with retries; a half-monthly StatisticSearch goes out in the spelling this
 * service accepts (learnt once per transport, see {@linkcode HalfMonthlySpelling}).
 *
 * @param t The client's shared transport.
 * @param req The page; half-monthly labels in either spelling.
 * @returns The page's rows and total; INFO-200 gives no rows and `noData`.
 * @throws {EcosError} The service's code (ERROR-400 at once, so that the caller can split the
 * range), or TRANSPORT / TIMEOUT / BAD_RESPONSE after the last attempt, or ABORTED as soon as
 * the caller's signal fires.
 */
export async function requestPage(t: Transport, req: PageRequest): Promise<PageResult> {
  if (!isHalfMonthlySearch(req.service, req.args)) return await requestOnce(t, req);
  return await t.halfMonthly.send((sm) =>
    requestOnce(t, { ...req, args: spellHalfMonthly(req.args, sm) })
  );
}

/** One page, as its arguments are spelt, with retries. */
async function requestOnce(t: Transport, req: PageRequest): Promise<PageResult> {
  const { url, redacted } = buildUrl(t.baseUrl, t.apiKey, req);
  const scope: Scope = { service: req.service, url: redacted, redactor: t.redactor };
  // The cache's key is the request without the API key: base URL, service and segments.
  const key: CacheKey = {
    baseUrl: t.baseUrl,
    service: req.service,
    format: req.format,
    language: req.language,
    startNo: req.startNo,
    endNo: req.endNo,
    args: req.args,
  };
  /** Rows or "no data" as a page; a RESULT with another code is not a page. */
  const page = (decoded: Decoded | ScannedDecoded, fetchedAt: Date, fromCache: boolean) => {
    const facts = { scope, args: req.args, fetchedAt, fromCache };
    if (decoded.kind === "rows") {
      const rows = decoded.scanned === undefined
        ? { rows: decoded.rows }
        : { scanned: decoded.scanned };
      return { total: decoded.total, ...rows, noData: false, ...facts };
    }
    return decoded.code === "INFO-200" ? { total: 0, rows: [], noData: true, ...facts } : undefined;
  };
  const cache = t.cache;
  if (cache !== undefined && !req.fresh) {
    // The call's signal bounds the read too: a cache on a stuck disk is no excuse to hang.
    const hit = await cache.get(key, { signal: req.signal, maxBodyBytes: t.maxResponseBytes });
    if (hit !== undefined) {
      let cached: PageResult | undefined;
      try {
        const bytes = new TextEncoder().encode(hit.body);
        const decoded = await decodeBytesLoading(bytes, req.service, req.scan, spanRows(req));
        cached = page(decoded, hit.fetchedAt, true);
      } catch {
        // An entry that no longer decodes is as good as absent: ask the service.
      }
      if (cached !== undefined) return { ...cached, forget: () => cache.delete(key) };
      await cache.delete(key);
    }
  }
  for (let n = 1;; n++) {
    let failure: EcosError;
    try {
      if (req.signal?.aborted) throw req.signal.reason;
      const bytes = await attempt(t, req, url, scope);
      const decoded = await decodeBytesLoading(bytes, req.service, req.scan, spanRows(req));
      const fetchedAt = new Date();
      const answer = page(decoded, fetchedAt, false);
      if (answer !== undefined) {
        // Rows and "no data" are answers worth keeping, once paging has checked them; errors
        // are never cached. The cache keeps text: made only here.
        if (cache === undefined) return answer;
        return {
          ...answer,
          keep: () => cache.stage(key, { body: utf8.decode(bytes), fetchedAt }),
        };
      }
      const result = decoded as Extract<Decoded, { kind: "result" }>;
      failure = resultError(scope, result.code, result.message, n);
    } catch (e) {
      if (req.signal?.aborted) throw abortedError(scope, req.signal.reason, n);
      if (e instanceof BodyError) failure = badResponseError(scope, e);
      else if (isEcosError(e)) failure = e;
      else throw e; // a bug of ours: let it show as it is
    }
    if (!failure.retryable) throw restate(failure, { attempts: n });
    if (n >= t.retry.attempts) throw exhausted(failure, scope, n);
    try {
      const kind = failure.code === "ERROR-602" ? "throttle" : "backoff";
      const wait = backoffMs(t.retry, n, kind, t.random);
      // Every process sharing the key's budget holds back, not only this request.
      if (kind === "throttle") await t.limiter?.refused?.(wait);
      // The service's own Retry-After wins over our guess, within MAX_RETRY_AFTER_MS.
      await delay(Math.max(wait, failure.retryAfterMs ?? 0), req.signal);
    } catch {
      throw abortedError(scope, req.signal?.reason, n);
    }
  }
}

/** Rows a page asks for: sizes the scanner's arrays. */
const spanRows = (req: PageRequest) => Math.max(0, req.endNo - req.startNo + 1);

/** The last failure, restated with the number of attempts. */
function exhausted(e: EcosError, scope: Scope, attempts: number): EcosError {
  if (e.serviceMessage !== undefined) {
    return resultError(scope, e.code, e.serviceMessage, attempts);
  }
  const tries = attempts === 1 ? "1 attempt" : `${attempts} attempts`;
  return restate(e, { message: `${e.message}; gave up after ${tries}`, attempts });
}
