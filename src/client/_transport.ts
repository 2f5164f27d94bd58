/**
 * The request core, {@linkcode requestPage}: one page of one service, its URL redacted (the API
 * key is a path segment), each attempt bounded in time and each body in size, with retries.
 *
 * @module
 */

import { type EcosError, isEcosError, restate } from "../errors.ts";
import type { Format, Language } from "../wire/format.ts";
import { formatPeriod, type SmSpelling, tryParseLabel } from "../wire/period.ts";
import { delay, type Semaphore } from "../util/limiter.ts";
import type { RequestLimiter } from "../cache/budget.ts";
import { anySignal } from "../util/signal.ts";
import { free } from "../util/free.ts";
import type { CacheKey, ResponseCache, StagedEntry } from "../cache/mod.ts";
import {
  abortedError,
  badResponseError,
  BodyError,
  rateLimitedError,
  type Redactor,
  resultError,
  retryAfterNote,
  type Scope,
  timeoutError,
  transportError,
} from "./_errors.ts";
import { decodeBytesLoading, type Decoded } from "./_decode.ts";
import { type Page, type PageFields, releasePage } from "./_page.ts";

const utf8 = new TextDecoder();

/** Retry settings, resolved: the backoff ceiling starts at `baseMs` and doubles up to `capMs`. */
export interface RetrySettings {
  /** Attempts in all, the first included. */
  attempts: number;
  baseMs: number;
  capMs: number;
  /** Full jitter: wait a random time up to the ceiling, so clients do not retry in step. */
  jitter: boolean;
}

/** What every request of a client shares. */
export interface Transport {
  /** Never with credentials: those go in `authorization`, kept out of every URL shown. */
  baseUrl: string;
  apiKey: string;
  authorization?: string | undefined;
  redactor: Redactor;
  fetch: typeof fetch;
  /** The time limit of one attempt. */
  timeoutMs: number;
  /** Counted after decompression. */
  maxResponseBytes: number;
  retry: RetrySettings;
  limiter: RequestLimiter | undefined;
  /** Bounds requests in flight across the client. */
  semaphore: Semaphore;
  /** Random numbers for jitter (a seam for tests). */
  random?: () => number;
  cache: ResponseCache | undefined;
  halfMonthly: HalfMonthlySpelling;
}

/** One page of one service. */
export interface PageRequest {
  service: string;
  format: Format;
  language: Language;
  /** The first row, 1-based, and the last, inclusive. */
  startNo: number;
  endNo: number;
  /** The service's own path segments, unencoded. */
  args: readonly string[];
  /** The caller's signal: aborts without retry. */
  signal?: AbortSignal | undefined;
  /** Ask the service even when the cache holds the page; the answer, once kept, replaces it. */
  fresh?: boolean | undefined;
  /** The fields to keep of each row (see _scan.ts); without, every key of the rows, as text. */
  fields?: PageFields | undefined;
}

/** One page of one request: its rows as columns, and what it is besides. */
export interface PageResult {
  /** No rows for INFO-200 (`noData`). */
  page: Page;
  noData: boolean;
  scope: Scope;
  args: readonly string[];
  fetchedAt: Date;
  fromCache: boolean;
  /** Stages the page beside its cache entry, put in place once the whole pull passes its checks. */
  keep?: (() => Promise<StagedEntry | undefined>) | undefined;
  /** Removes the cache entry this page was read from: it failed a check. */
  forget?: (() => Promise<void>) | undefined;
  /**
   * Frees the body (unless the cache is to keep it) and the page's columns now, once a frame has
   * taken the rows; else they wait for V8's next collection.
   */
  release?: (() => void) | undefined;
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
 * The wait before the next attempt: a ceiling that doubles from `baseMs` up to `capMs` (from four
 * times `baseMs` for ERROR-602, which asks us to back off), with jitter a random time below it.
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

const MAX_REDIRECTS = 5;
const ERROR_PAGE_BYTES = 64 * 1024;
const MAX_RETRY_AFTER_MS = 120_000;

/**
 * Retry-After (seconds or an HTTP date) in milliseconds, at most two minutes; else `undefined`.
 *
 * @internal
 */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  const text = header?.trim() ?? "";
  const ms = /^\d{1,10}$/.test(text) ? Number(text) * 1000 : Date.parse(text) - now;
  return Number.isFinite(ms) ? Math.min(Math.max(0, ms), MAX_RETRY_AFTER_MS) : undefined;
}

/** An answer that asking again will not change. */
const refused = (scope: Scope, detail: string) =>
  badResponseError(scope, { detail, retryable: false });

/**
 * Fetches a URL, following redirects only within the base URL's origin: the key is a path
 * segment, so a redirect elsewhere would hand it to another host.
 */
async function fetchSameOrigin(t: Transport, url: string, signal: AbortSignal, scope: Scope) {
  const origin = new URL(t.baseUrl).origin;
  const headers: Record<string, string> = { accept: "application/json, application/xml, text/xml" };
  if (t.authorization !== undefined) headers.authorization = t.authorization;
  for (let hops = 0;; hops++) {
    const res = await t.fetch(url, { signal, redirect: "manual", headers });
    const location = res.headers.get("location");
    if (res.status < 300 || res.status >= 400 || location === null) return res;
    await res.body?.cancel().catch(() => {});
    const next = URL.parse(location, url);
    if (next === null) throw refused(scope, "a redirect to an unreadable address");
    if (next.origin !== origin) {
      throw refused(
        scope,
        `HTTP status ${res.status}, a redirect to another origin (${next.origin}); the key is ` +
          `sent only to ${origin}: set baseUrl to the address the service moved to`,
      );
    }
    if (hops >= MAX_REDIRECTS) throw refused(scope, `more than ${MAX_REDIRECTS} redirects`);
    url = next.href;
  }
}

/** One attempt: rate limiter, a slot, fetch and read under the attempt's time limit. */
async function attempt(t: Transport, req: PageRequest, url: string, scope: Scope) {
  await t.limiter?.acquire(req.signal);
  const release = await t.semaphore.acquire(req.signal);
  const timeout = new AbortController();
  const timedOut = new DOMException("The attempt timed out", "TimeoutError");
  const timer = setTimeout(() => timeout.abort(timedOut), t.timeoutMs);
  const signal = anySignal(req.signal, timeout.signal)!;
  const failed = (e: unknown, what: string) => {
    if (req.signal?.aborted) return req.signal.reason;
    if (timeout.signal.aborted) return timeoutError(scope, t.timeoutMs, e);
    return isEcosError(e) ? e : transportError(scope, what, e);
  };
  try {
    const res = await fetchSameOrigin(t, url, signal, scope).catch((e) => {
      throw failed(e, "the connection failed");
    });
    if (res.status !== 200) {
      const text = await readBytes(res, ERROR_PAGE_BYTES).then(
        (b) => utf8.decode(b.bytes),
        () => "",
      );
      const after = retryAfterMs(res.headers.get("retry-after"));
      if (res.status === 429) throw rateLimitedError(scope, text, after);
      // 408 and 5xx come from proxies under load; other statuses will not change. One that says
      // when to come back is asked again no sooner, as a 429 is.
      const retryable = res.status >= 500 || res.status === 408;
      const wait = retryable ? after : undefined;
      throw badResponseError(scope, {
        detail: `HTTP status ${res.status}${retryAfterNote(wait)}`,
        quote: text,
        retryable,
        retryAfterMs: wait,
      });
    }
    const body = await readBytes(res, t.maxResponseBytes).catch((e) => {
      throw failed(e, "the body was cut short");
    });
    if (body.cut) {
      throw refused(
        scope,
        `the body is larger than maxResponseBytes (${t.maxResponseBytes} bytes); ask for ` +
          `smaller pages (pageSize) or raise maxResponseBytes`,
      );
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
  if (req.service !== "StatisticSearch" || req.args[1] !== "SM") return await requestOnce(t, req);
  return await t.halfMonthly.send((sm) =>
    requestOnce(t, { ...req, args: spellHalfMonthly(req.args, sm) })
  );
}

/** One page, as its arguments are spelt, with retries. */
async function requestOnce(t: Transport, req: PageRequest): Promise<PageResult> {
  const { service, format, language, startNo, endNo, args, fields, signal } = req;
  const { url, redacted } = buildUrl(t.baseUrl, t.apiKey, req);
  const scope: Scope = { service, url: redacted, redactor: t.redactor };
  // The cache's key is the request without the API key.
  const key: CacheKey = { baseUrl: t.baseUrl, service, format, language, startNo, endNo, args };
  // The rows asked size the scan.
  const decode = (bytes: Uint8Array) =>
    decodeBytesLoading(bytes, service, fields, Math.max(0, endNo - startNo + 1));
  /** Rows or "no data" as a page; a RESULT with another code is not a page. */
  const page = (decoded: Decoded, fetchedAt: Date, fromCache: boolean, body: Uint8Array) => {
    // A page holds its own strings and arrays: its body, unless the cache keeps it, can go as
    // soon as the page has (dead bodies waiting for V8 were 100-300 MiB of a 1M pull's peak).
    const release = (p: Page) => () => {
      if (cache === undefined || fromCache) free(body);
      releasePage(p);
    };
    const facts = { scope, args, fetchedAt, fromCache };
    if (decoded.kind === "rows") {
      return { page: decoded.page, noData: false, ...facts, release: release(decoded.page) };
    }
    if (decoded.code !== "INFO-200") return undefined;
    return { page: emptyPage(service, fields), noData: true, ...facts };
  };
  const cache = t.cache;
  if (cache !== undefined && !req.fresh) {
    // The call's signal bounds the read too: a cache on a stuck disk is no excuse to hang.
    const hit = await cache.get(key, { signal, maxBodyBytes: t.maxResponseBytes });
    if (hit !== undefined) {
      // An entry that no longer decodes to a page is as good as absent: ask the service.
      const body = new TextEncoder().encode(hit.body);
      const cached = await decode(body)
        .then((decoded) => page(decoded, hit.fetchedAt, true, body), () => undefined);
      if (cached !== undefined) return { ...cached, forget: () => cache.delete(key) };
      await cache.delete(key);
    }
  }
  for (let n = 1;; n++) {
    let failure: EcosError;
    try {
      if (signal?.aborted) throw signal.reason;
      const bytes = await attempt(t, req, url, scope);
      const decoded = await decode(bytes);
      const fetchedAt = new Date();
      const answer = page(decoded, fetchedAt, false, bytes);
      if (answer !== undefined) {
        // Pages are kept once paging has checked them (as text, made only here); errors never.
        return cache === undefined
          ? answer
          : { ...answer, keep: () => cache.stage(key, { body: utf8.decode(bytes), fetchedAt }) };
      }
      const { code, message } = decoded as Extract<Decoded, { kind: "result" }>;
      failure = resultError(scope, code, message, n);
    } catch (e) {
      if (signal?.aborted) throw abortedError(scope, signal.reason, n);
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
      await delay(Math.max(wait, failure.retryAfterMs ?? 0), signal);
    } catch {
      throw abortedError(scope, signal?.reason, n);
    }
  }
}

/** A page of no rows, of the fields asked. */
function emptyPage(service: string, fields: PageFields | undefined): Page {
  fields ??= { service, text: [], numbers: [], whole: [] };
  const texts = fields.text.map(() => ({ values: [null, undefined], ids: undefined, constant: 1 }));
  return { fields, total: 0, count: 0, texts, numbers: fields.numbers.map(() => undefined) };
}

/** The last failure, restated with the number of attempts. */
function exhausted(e: EcosError, scope: Scope, attempts: number): EcosError {
  if (e.serviceMessage !== undefined) return resultError(scope, e.code, e.serviceMessage, attempts);
  const tries = attempts === 1 ? "1 attempt" : `${attempts} attempts`;
  return restate(e, { message: `${e.message}; gave up after ${tries}`, attempts });
}

/** The size of the last body read through a reader: the next one's first guess. */
let lastBody = 0;

/** Reads a body's bytes, at most `max`: an endless or oversized body is cut off (`cut`). */
async function readBytes(res: Response, max: number): Promise<{ bytes: Uint8Array; cut: boolean }> {
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
  // A byte stream reads straight into our buffer; any other stream hands us chunks to copy.
  let byob: ReadableStreamBYOBReader | undefined;
  try {
    byob = res.body.getReader({ mode: "byob" });
  } catch { /* not a byte stream */ }
  const chunks = byob === undefined ? res.body.getReader() : undefined;
  // Room for max + 1 bytes at most: one byte more than allowed tells a body too long. The
  // pages of a pull are of a size: start at the last body's, so that one is read into one
  // buffer rather than into eight that double.
  const guess = Math.min(lastBody + (lastBody >> 3), 32 * 2 ** 20);
  let buffer = new Uint8Array(Math.min(max + 1, Math.max(64 * 1024, guess)));
  let size = 0;
  const grow = (least: number) => {
    const grown = new Uint8Array(Math.min(Math.max(least, buffer.length * 2), max + 1));
    grown.set(buffer.subarray(0, size));
    free(buffer);
    buffer = grown;
  };
  for (;;) {
    if (size === buffer.length) grow(size + 1);
    const { done, value } = await (byob?.read(buffer.subarray(size)) ?? chunks!.read());
    // A BYOB reader hands the buffer back (transferred) with the bytes it wrote.
    if (byob !== undefined && value !== undefined) buffer = new Uint8Array(value.buffer);
    if (done) break;
    if (chunks !== undefined) {
      if (size + value.byteLength > buffer.length) grow(size + value.byteLength);
      buffer.set(value.subarray(0, buffer.length - size), size);
    }
    size += value.byteLength;
    if (size > max) {
      await (byob ?? chunks!).cancel().catch(() => {});
      return { bytes: buffer.subarray(0, max), cut: true };
    }
  }
  lastBody = size;
  // Doubling leaves up to half the buffer unused: keep only the body when that is much.
  if (buffer.length <= size + (size >> 2)) return { bytes: buffer.subarray(0, size), cut: false };
  const bytes = buffer.slice(0, size);
  free(buffer);
  return { bytes, cut: false };
}

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
    while (this.#known === undefined && this.#probe !== undefined) await this.#probe;
    if (this.#known !== undefined) return await send(this.#known);
    let settle = () => {};
    this.#probe = new Promise<void>((resolve) => (settle = resolve));
    try {
      let sm: SmSpelling = "live";
      // A service that refuses the live spelling's dates (ERROR-101) takes the spec's.
      const result = await send(sm).catch((e) => {
        if (!isEcosError(e) || e.code !== "ERROR-101") throw e;
        sm = "spec";
        return send(sm);
      });
      this.#known = sm;
      return result;
    } finally {
      this.#probe = undefined;
      settle();
    }
  }
}

/** A StatisticSearch's arguments with half-monthly labels (its third and fourth) spelt `sm`. */
function spellHalfMonthly(args: readonly string[], sm: SmSpelling): string[] {
  return args.map((arg, i) => {
    if (i !== 2 && i !== 3) return arg;
    const ref = tryParseLabel(arg, "SM");
    return ref === undefined ? arg : formatPeriod("SM", ref.index, sm);
  });
}
