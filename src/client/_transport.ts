/**
 * The request core: one page of one service. It builds the URL (the API key is a path segment,
 * so every URL we keep or show is redacted), waits for the rate limiter and a slot, bounds each
 * attempt in time and each body in size, decodes the body (`_decode.ts`), and retries what can
 * be retried with exponential backoff and full jitter. A half-monthly StatisticSearch goes out
 * in the spelling the service accepts, learnt once per client. Every service goes through
 * {@linkcode requestPage}.
 *
 * @module
 */

import { type EcosError, isEcosError, restate } from "../errors.ts";
import type { Format, Language } from "../wire/format.ts";
import { formatPeriod, type SmSpelling, tryParseLabel } from "../wire/period.ts";
import { delay, type Semaphore } from "../util/limiter.ts";
import type { RequestLimiter } from "../cache/budget.ts";
import { anySignal } from "../util/signal.ts";
import type { CacheKey, ResponseCache, StagedEntry } from "../cache/mod.ts";
import {
  abortedError,
  badResponseError,
  BodyError,
  rateLimitedError,
  type Redactor,
  resultError,
  type Scope,
  timeoutError,
  transportError,
} from "./_errors.ts";
import { decodeBytesLoading, type Decoded } from "./_decode.ts";
import type { Page, PageFields } from "./_scan.ts";

const utf8 = new TextDecoder();

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
   * The fields to keep of each row (a JSON page of them is scanned, see _scan.ts); without,
   * every key of the rows, as text.
   */
  fields?: PageFields | undefined;
}

/** One page of one request: its rows as columns, and what it is besides. */
export interface PageResult {
  /** The rows, as columns; none for INFO-200 (no data). */
  page: Page;
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
   * Writes the page beside its cache entry, to be put in place when the whole pull has passed its
   * checks (see {@linkcode StagedEntry}); absent for a page from the cache, or without one.
   */
  keep?: (() => Promise<StagedEntry | undefined>) | undefined;
  /** Removes the cache entry this page was read from: it failed a check. */
  forget?: (() => Promise<void>) | undefined;
}

/**
 * Builds a request URL twice: once to send, once to show, with the key segment as `***`.
 * Every segment is percent-encoded, so no argument can add a segment or a query string.
 *
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
const MAX_RETRY_AFTER_MS = 120_000;

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

/** One attempt: rate limiter, a slot, fetch and read under the attempt's time limit. */
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
  const page = (decoded: Decoded, fetchedAt: Date, fromCache: boolean) => {
    const facts = { scope, args: req.args, fetchedAt, fromCache };
    if (decoded.kind === "rows") return { page: decoded.page, noData: false, ...facts };
    if (decoded.code !== "INFO-200") return undefined;
    return { page: emptyPage(req.service, req.fields), noData: true, ...facts };
  };
  const cache = t.cache;
  if (cache !== undefined && !req.fresh) {
    // The call's signal bounds the read too: a cache on a stuck disk is no excuse to hang.
    const hit = await cache.get(key, { signal: req.signal, maxBodyBytes: t.maxResponseBytes });
    if (hit !== undefined) {
      let cached: PageResult | undefined;
      try {
        const bytes = new TextEncoder().encode(hit.body);
        const decoded = await decodeBytesLoading(bytes, req.service, req.fields, spanRows(req));
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
      const decoded = await decodeBytesLoading(bytes, req.service, req.fields, spanRows(req));
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

/** A page of no rows, of the fields asked. */
function emptyPage(service: string, fields: PageFields | undefined): Page {
  fields ??= { service, text: [], numbers: [], whole: [] };
  const texts = fields.text.map(() => ({ values: [null, undefined], ids: undefined, constant: 1 }));
  return { fields, total: 0, count: 0, texts, numbers: fields.numbers.map(() => undefined) };
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

// Reading a body: bounded, so that an endless or oversized body is cut off at the limit.

/** The size of the last body read through a BYOB reader: the next one's first guess. */
let lastBody = 0;

/** Raised by {@linkcode readBytes} when a body is longer than allowed. */
class TooLong extends Error {}

/** Reads a body's bytes, at most `max`. */
async function readBytes(
  res: Response,
  max: number,
): Promise<{ bytes: Uint8Array; cut: boolean }> {
  const declared = Number(res.headers.get("content-length") ?? NaN);
  const plain = res.headers.get("content-encoding") === null;
  if (declared > max && plain) {
    await res.body?.cancel().catch(() => {});
    return { bytes: new Uint8Array(0), cut: true };
  }
  if (res.body === null) return { bytes: new Uint8Array(0), cut: false };
  if (plain && Number.isSafeInteger(declared) && declared >= 0) {
    // (A stub's Response, unlike the network, may hold more than it declares.)
    const bytes = await res.bytes();
    return bytes.byteLength > max
      ? { bytes: bytes.subarray(0, max), cut: true }
      : { bytes, cut: false };
  }
  let reader: ReadableStreamBYOBReader;
  try {
    reader = res.body.getReader({ mode: "byob" });
  } catch {
    return await readChunks(res.body.getReader(), max);
  }
  // Room for max + 1 bytes at most: one byte more than allowed tells a body too long. The
  // pages of a pull are of a size: start at the last body's, so that one is read into one
  // buffer rather than into eight that double.
  const guess = Math.min(lastBody + (lastBody >> 3), 32 * 2 ** 20);
  let buffer = new Uint8Array(Math.min(max + 1, Math.max(64 * 1024, guess)));
  let size = 0;
  for (;;) {
    if (size === buffer.length) {
      const grown = new Uint8Array(Math.min(buffer.length * 2, max + 1));
      grown.set(buffer);
      buffer = grown;
    }
    const { done, value } = await reader.read(buffer.subarray(size));
    // The reader hands the buffer back (transferred) with the bytes it wrote.
    if (value !== undefined) buffer = new Uint8Array(value.buffer);
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => {});
      return { bytes: buffer.subarray(0, max), cut: true };
    }
  }
  lastBody = size;
  // Doubling leaves up to half the buffer unused: keep only the body when that is much.
  const bytes = buffer.length > size + (size >> 2)
    ? buffer.slice(0, size)
    : buffer.subarray(0, size);
  return { bytes, cut: false };
}

/** Reads a stream a chunk at a time, at most `max` bytes. */
async function readChunks(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  max: number,
): Promise<{ bytes: Uint8Array; cut: boolean }> {
  const parts: Uint8Array[] = [];
  let size = 0;
  let cut = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > max) throw new TooLong();
      parts.push(value);
    }
  } catch (e) {
    if (!(e instanceof TooLong)) throw e;
    await reader.cancel().catch(() => {});
    cut = true;
  }
  if (parts.length === 1) return { bytes: parts[0]!, cut };
  const bytes = new Uint8Array(parts.reduce((n, p) => n + p.byteLength, 0));
  let at = 0;
  for (const p of parts) {
    bytes.set(p, at);
    at += p.byteLength;
  }
  return { bytes, cut };
}

/** A body's text, at most `max` bytes of it (error pages, quoted). */
export async function readText(
  res: Response,
  max: number,
): Promise<{ text: string; cut: boolean }> {
  const { bytes, cut } = await readBytes(res, max);
  return { text: utf8.decode(bytes), cut };
}

// Half-monthly labels.

/** The half-monthly spelling a service accepts, learnt once per client. */
export class HalfMonthlySpelling {
  #known: SmSpelling | undefined;
  #probe: Promise<void> | undefined;

  /** The spelling learnt so far, if any. */
  get known(): SmSpelling | undefined {
    return this.#known;
  }

  /** Sends one request with the spelling that works. */
  async send<T>(send: (sm: SmSpelling) => Promise<T>): Promise<T> {
    for (;;) {
      if (this.#known !== undefined) return await send(this.#known);
      if (this.#probe === undefined) break;
      await this.#probe;
    }
    let settle = () => {};
    this.#probe = new Promise<void>((resolve) => (settle = resolve));
    try {
      try {
        const result = await send("live");
        this.#known = "live";
        return result;
      } catch (e) {
        if (!isDateShapeError(e)) throw e;
      }
      const result = await send("spec");
      this.#known = "spec";
      return result;
    } finally {
      this.#probe = undefined;
      settle();
    }
  }
}

const isDateShapeError = (e: unknown): e is EcosError => isEcosError(e) && e.code === "ERROR-101";

/**
 * A StatisticSearch's arguments with half-monthly labels in a spelling; other arguments as
 * they are.
 */
function spellHalfMonthly(args: readonly string[], sm: SmSpelling): string[] {
  return args.map((arg, i) => {
    if (i !== 2 && i !== 3) return arg;
    const ref = tryParseLabel(arg, "SM");
    return ref === undefined ? arg : formatPeriod("SM", ref.index, sm);
  });
}

/** Whether a request is a half-monthly StatisticSearch, whose labels need the spelling. */
function isHalfMonthlySearch(service: string, args: readonly string[]): boolean {
  return service === "StatisticSearch" && args[1] === "SM";
}
