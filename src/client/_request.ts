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
import { BodyError, type Decoded, type RawRow } from "./_envelope.ts";
import { decodeJson } from "./_decode_json.ts";
import { decodeXml } from "./_decode_xml.ts";
import type { Format, Language } from "../wire/format.ts";
import { delay, type RateLimiter, type Semaphore } from "../util/limiter.ts";
import { anySignal } from "../util/signal.ts";
import {
  type HalfMonthlySpelling,
  isHalfMonthlySearch,
  spellHalfMonthly,
} from "./_half_monthly.ts";
import type { CacheKey, ResponseCache } from "../cache/mod.ts";

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
  /** The service's base URL, e.g. https://ecos.bok.or.kr/api. */
  baseUrl: string;
  /** The API key: sent, never shown. */
  apiKey: string;
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
  limiter: RateLimiter | undefined;
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
  /** Ask the service even when the cache holds the page (a second pull after a change). */
  fresh?: boolean | undefined;
  /** `false`: neither read the cache nor write to it. */
  cache?: boolean | undefined;
}

/** One page's rows. */
export interface PageResult {
  /** `list_total_count`: 0 when no data matched. */
  total: number;
  /** The page's rows. */
  rows: RawRow[];
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

/** Raised by {@linkcode readText} when a body is longer than allowed. */
class TooLong extends Error {}

/**
 * Reads a body as UTF-8 text, at most `max` bytes. The stream is counted as it arrives (after
 * fetch has decompressed it), so an endless or oversized body is cut off, not read whole.
 *
 * @returns The text, and whether it was cut at `max`.
 */
async function readText(res: Response, max: number): Promise<{ text: string; cut: boolean }> {
  const declared = Number(res.headers.get("content-length") ?? NaN);
  if (declared > max && res.headers.get("content-encoding") === null) {
    await res.body?.cancel().catch(() => {});
    return { text: "", cut: true };
  }
  if (res.body === null) return { text: "", cut: false };
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  const parts: string[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > max) throw new TooLong();
      parts.push(decoder.decode(value, { stream: true }));
    }
  } catch (e) {
    if (!(e instanceof TooLong)) throw e;
    await reader.cancel().catch(() => {});
    return { text: parts.join(""), cut: true };
  }
  parts.push(decoder.decode());
  return { text: parts.join(""), cut: false };
}

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
    const res = await t.fetch(target, {
      signal,
      redirect: "manual",
      headers: { accept: "application/json, application/xml, text/xml" },
    });
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
 * @returns The body text.
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
      if (res.status === 429) {
        throw rateLimitedError(scope, retryAfterMs(res.headers.get("retry-after")), text);
      }
      // 408 and 5xx come from proxies under load; other statuses will not change.
      const retryable = res.status >= 500 || res.status === 408;
      throw badResponseError(scope, {
        detail: `HTTP status ${res.status}`,
        quote: text,
        retryable,
      });
    }
    let body: { text: string; cut: boolean };
    try {
      body = await readText(res, t.maxResponseBytes);
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
    return body.text;
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
  const page = (decoded: Decoded, fetchedAt: Date, fromCache: boolean) => {
    const facts = { scope, args: req.args, fetchedAt, fromCache };
    if (decoded.kind === "rows") {
      return { total: decoded.total, rows: decoded.rows, noData: false, ...facts };
    }
    return decoded.code === "INFO-200" ? { total: 0, rows: [], noData: true, ...facts } : undefined;
  };
  const cache = req.cache === false ? undefined : t.cache;
  if (cache !== undefined && !req.fresh) {
    const hit = await cache.get(key);
    if (hit !== undefined) {
      try {
        const cached = page(decodeBody(hit.body, req.service), hit.fetchedAt, true);
        if (cached !== undefined) return cached;
      } catch {
        // An entry that no longer decodes is as good as absent: ask the service.
      }
    }
  }
  for (let n = 1;; n++) {
    let failure: EcosError;
    try {
      if (req.signal?.aborted) throw req.signal.reason;
      const text = await attempt(t, req, url, scope);
      const decoded = decodeBody(text, req.service);
      const fetchedAt = new Date();
      const answer = page(decoded, fetchedAt, false);
      if (answer !== undefined) {
        // Rows and "no data" are answers worth keeping; errors are never cached.
        await cache?.set(key, { body: text, fetchedAt });
        return answer;
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
      // The service's own Retry-After wins over our guess, within MAX_RETRY_AFTER_MS.
      await delay(Math.max(wait, failure.retryAfterMs ?? 0), req.signal);
    } catch {
      throw abortedError(scope, req.signal?.reason, n);
    }
  }
}

/** The last failure, restated with the number of attempts. */
function exhausted(e: EcosError, scope: Scope, attempts: number): EcosError {
  if (e.serviceMessage !== undefined) {
    return resultError(scope, e.code, e.serviceMessage, attempts);
  }
  const tries = attempts === 1 ? "1 attempt" : `${attempts} attempts`;
  return restate(e, { message: `${e.message}; gave up after ${tries}`, attempts });
}
