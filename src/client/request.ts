/**
 * The request core: one page of one service. It builds the URL (the API key is a path segment,
 * so every URL we keep or show is redacted), waits for the rate limiter and a slot, bounds each
 * attempt in time, decodes the body, and retries what can be retried with exponential backoff
 * and full jitter. Every service goes through {@linkcode requestPage}.
 *
 * @module
 */

import { ECOS_CODES, isEcosResultCode } from "../wire/codes.ts";
import { EcosError, isEcosError } from "./errors.ts";
import { badResponse, type Decoded, type RawRow, snippet } from "./envelope.ts";
import { decodeJson } from "./decode_json.ts";
import { decodeXml } from "./decode_xml.ts";
import { delay, type RateLimiter, type Semaphore } from "../util/limiter.ts";

/** The body format asked of the service. */
export type Format = "json" | "xml";
/** The language of names and messages. */
export type Language = "kr" | "en";

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
  /** The fetch to use. */
  fetch: typeof fetch;
  /** The time limit of one attempt, in milliseconds. */
  timeoutMs: number;
  /** Retry settings. */
  retry: RetrySettings;
  /** The client-side rate limiter, if any. */
  limiter: RateLimiter | undefined;
  /** Bounds requests in flight across the client. */
  semaphore: Semaphore;
  /** Random numbers for jitter (a seam for tests). */
  random?: () => number;
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
}

/** One page's rows. */
export interface PageResult {
  /** `list_total_count`: 0 when no data matched. */
  total: number;
  /** The page's rows. */
  rows: RawRow[];
  /** Whether the service answered INFO-200 (no data). */
  noData: boolean;
  /** The page's URL, key redacted. */
  url: string;
}

const REDACTED = "***";

/**
 * Builds a request URL twice: once to send, once to show, with the key segment as `***`.
 * Every segment is percent-encoded, so no argument can add a segment or a query string.
 *
 * @returns The URL to fetch and the URL to show.
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
    redacted: `${base}/${service}/${REDACTED}/${tail}`,
  };
}

/**
 * Replaces the key, raw and percent-encoded, wherever it occurs in a text.
 *
 * @param text Any text, such as an error message that quotes a URL.
 * @param apiKey The key to hide.
 * @returns The text without the key.
 */
export function redact(text: string, apiKey: string): string {
  if (apiKey === "") return text;
  let out = text.replaceAll(apiKey, REDACTED);
  const encoded = encodeURIComponent(apiKey);
  if (encoded !== apiKey) out = out.replaceAll(encoded, REDACTED);
  return out;
}

/**
 * A copy of an error (and its causes) with the key redacted from messages. The original is
 * dropped: Deno's fetch errors quote the URL, key included, in message and stack.
 */
export function redactedError(error: unknown, apiKey: string, depth = 0): Error {
  if (!(error instanceof Error)) return new Error(redact(String(error), apiKey));
  const cause = error.cause !== undefined && depth < 4
    ? { cause: redactedError(error.cause, apiKey, depth + 1) }
    : undefined;
  const copy = new Error(redact(error.message, apiKey), cause);
  copy.name = error.name;
  return copy;
}

/**
 * Decodes a body of either format, recognised by its first character: a service can answer an
 * error in another format than the one asked, and a maintenance page is HTML whatever was asked.
 *
 * @param text The body.
 * @param service The service that was called.
 * @returns Rows with their total, or the result code.
 * @throws {EcosError} BAD_RESPONSE for HTML, garbage, or a body cut short.
 */
export function decodeBody(text: string, service: string): Decoded {
  const start = text.trimStart();
  if (start === "") throw badResponse("the body is empty");
  if (/^<(?:!doctype\s+html|html[\s>]|head[\s>]|body[\s>])/i.test(start)) {
    throw badResponse(`an HTML page: ${snippet(start)}`);
  }
  if (start.startsWith("{")) return decodeJson(start, service);
  if (start.startsWith("<")) return decodeXml(start, service);
  throw badResponse(`neither JSON nor XML: ${snippet(start)}`);
}

/**
 * {@linkcode decodeBody}, with the key redacted from what a failure quotes of the body: a
 * maintenance page or a proxy's answer may echo the request URL.
 */
function decodeOrRedact(text: string, service: string, apiKey: string): Decoded {
  try {
    return decodeBody(text, service);
  } catch (e) {
    if (!isEcosError(e)) throw e;
    throw new EcosError(
      e.code,
      redact(e.message, apiKey),
      e.cause === undefined ? {} : { cause: redactedError(e.cause, apiKey) },
    );
  }
}

/** Errors that must not be retried although their code usually is (a 404, say). */
const final = new WeakSet<EcosError>();

/** What the retry loop does after a failed attempt. */
function retryKind(error: EcosError): "never" | "backoff" | "throttle" {
  if (final.has(error)) return "never";
  switch (error.code) {
    case "TRANSPORT":
    case "TIMEOUT":
    case "BAD_RESPONSE":
      return "backoff";
    default: {
      if (!isEcosResultCode(error.code)) return "never";
      const policy = ECOS_CODES[error.code].retry;
      return policy === "split" ? "never" : policy;
    }
  }
}

/**
 * The wait before the next attempt: a ceiling that doubles from `baseMs` up to `capMs`
 * (four times higher for ERROR-602, which asks us to back off), and with jitter a uniform
 * random time below it.
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

function abortedError(req: PageRequest, url: string, attempts: number): EcosError {
  return new EcosError(
    "ABORTED",
    `The request was cancelled by the caller's signal; start it again to retry: ${req.service}`,
    { cause: req.signal?.reason, service: req.service, url, attempts },
  );
}

/**
 * One attempt: rate limiter, a slot, fetch and read under the attempt's time limit.
 *
 * @returns The body text.
 */
async function attempt(t: Transport, req: PageRequest, url: string, shown: string) {
  const facts = { service: req.service, url: shown };
  await t.limiter?.acquire(req.signal);
  const release = await t.semaphore.acquire(req.signal);
  const timeout = new AbortController();
  const timer = setTimeout(
    () => timeout.abort(new DOMException("The attempt timed out", "TimeoutError")),
    t.timeoutMs,
  );
  const signal = req.signal ? AbortSignal.any([req.signal, timeout.signal]) : timeout.signal;
  const transportFailure = (e: unknown, what: string) => {
    if (req.signal?.aborted) return req.signal.reason;
    if (timeout.signal.aborted) {
      return new EcosError(
        "TIMEOUT",
        `The service did not answer within timeoutMs (${t.timeoutMs} ms); raise timeoutMs or ` +
          `narrow the query: ${req.service}`,
        { ...facts, cause: redactedError(e, t.apiKey) },
      );
    }
    const cause = redactedError(e, t.apiKey);
    return new EcosError(
      "TRANSPORT",
      `Could not reach the service; check the network and baseUrl: ${what} (${cause.message})`,
      { ...facts, cause },
    );
  };
  try {
    let res: Response;
    try {
      res = await t.fetch(url, { signal, headers: { accept: "application/json, text/xml" } });
    } catch (e) {
      throw transportFailure(e, "the connection failed");
    }
    if (res.status !== 200) {
      // Gateways' error pages often quote the request URL, and so the key.
      const body = redact(await res.text().catch(() => ""), t.apiKey);
      const e = badResponse(`HTTP status ${res.status}: ${snippet(body)}`);
      // 408, 429 and 5xx come from proxies under load; other statuses will not change.
      if (res.status < 500 && res.status !== 408 && res.status !== 429) final.add(e);
      throw e;
    }
    try {
      return await res.text();
    } catch (e) {
      throw transportFailure(e, "the body was cut short");
    }
  } finally {
    clearTimeout(timer);
    release();
  }
}

/** The error for a RESULT code, with advice first and the service's words after. */
function resultError(
  code: string,
  message: string,
  req: PageRequest,
  url: string,
  attempts: number,
): EcosError {
  const known = isEcosResultCode(code) ? code : undefined;
  const advice = known ? ECOS_CODES[known].advice : "The service answered an unknown code";
  const tries = attempts > 1 ? ` after ${attempts} attempts` : "";
  const error = new EcosError(
    known ?? "BAD_RESPONSE",
    `${advice}: ${req.service} answered ${code}${message ? ` (${message.trim()})` : ""}${tries}`,
    { service: req.service, url, serviceMessage: message, attempts },
  );
  // A code we do not know is an answer, not a glitch: asking again will not change it.
  if (!known) final.add(error);
  return error;
}

/**
 * Requests one page, with retries.
 *
 * @param t The client's shared transport.
 * @param req The page.
 * @returns The page's rows and total; INFO-200 gives no rows and `noData`.
 * @throws {EcosError} The service's code (ERROR-400 and ERROR-101 at once, so that the caller
 * can split or respell), or TRANSPORT / TIMEOUT / BAD_RESPONSE after the last attempt, or
 * ABORTED as soon as the caller's signal fires.
 */
export async function requestPage(t: Transport, req: PageRequest): Promise<PageResult> {
  const { url, redacted } = buildUrl(t.baseUrl, t.apiKey, req);
  const { attempts } = t.retry;
  for (let n = 1;; n++) {
    let failure: EcosError;
    try {
      if (req.signal?.aborted) throw req.signal.reason;
      const decoded = decodeOrRedact(await attempt(t, req, url, redacted), req.service, t.apiKey);
      if (decoded.kind === "rows") {
        return { total: decoded.total, rows: decoded.rows, noData: false, url: redacted };
      }
      if (decoded.code === "INFO-200") return { total: 0, rows: [], noData: true, url: redacted };
      failure = resultError(decoded.code, decoded.message, req, redacted, n);
    } catch (e) {
      if (req.signal?.aborted) throw abortedError(req, redacted, n);
      if (!isEcosError(e)) throw e; // a bug of ours: let it show as it is
      failure = e;
    }
    const kind = retryKind(failure);
    if (kind === "never") throw withFacts(failure, req, redacted, n);
    if (n >= attempts) throw exhausted(failure, req, redacted, n);
    try {
      await delay(backoffMs(t.retry, n, kind, t.random), req.signal);
    } catch {
      throw abortedError(req, redacted, n);
    }
  }
}

function withFacts(e: EcosError, req: PageRequest, url: string, attempts: number): EcosError {
  return new EcosError(e.code, e.message, {
    cause: e.cause,
    service: req.service,
    url,
    ...(e.serviceMessage === undefined ? {} : { serviceMessage: e.serviceMessage }),
    attempts,
  });
}

/** The last failure, restated with the number of attempts. */
function exhausted(e: EcosError, req: PageRequest, url: string, attempts: number): EcosError {
  if (e.serviceMessage !== undefined) {
    return resultError(e.code, e.serviceMessage, req, url, attempts);
  }
  return withFacts(
    new EcosError(e.code, `${e.message}; gave up after ${attempts} attempts`, { cause: e.cause }),
    req,
    url,
    attempts,
  );
}
