/**
 * Sending the check's requests: one at a time, paced ahead of time (never retried into the rate
 * limit), each body read up to a bound and kept as text with the user's key removed. What comes
 * back, body and all, is an {@linkcode LiveExchange}: the facts read those, and `--record`
 * writes them as fixtures.
 *
 * @module
 */

import { redact } from "../client/mod.ts";
import { delay } from "../util/limiter.ts";
import { anySignal } from "../util/signal.ts";
import { buildLiveUrl, type LiveRequest } from "./requests.ts";

/** One request and what came back, with the user's key removed from every text. */
export interface LiveExchange {
  /** The request's name, e.g. "keystats-json". */
  name: string;
  /** The path after the base URL, the user's key as `***`. */
  path: string;
  /** The HTTP status; 0 when no answer came. */
  status: number;
  /** The Content-Type header, "" when absent. */
  contentType: string;
  /** The body as text ("" when none). */
  body: string;
  /** Why no answer came (a network failure or a time-out), when none came. */
  error?: string;
  /** `true` for a request the run's deadline left unsent. */
  unsent?: boolean;
}

/** Options of {@linkcode sendRequests}. */
export interface SendRequestsOptions {
  /** The service's base URL, ending before the service name. */
  baseUrl: string;
  /** The user's key: sent as a path segment, removed from everything kept. */
  apiKey: string;
  /**
   * The fetch to send with.
   *
   * @default {globalThis.fetch}
   */
  fetch?: typeof fetch;
  /**
   * The least time between the starts of two requests, in milliseconds.
   *
   * @default {1000}
   */
  paceMs?: number;
  /**
   * How long one request may take, in milliseconds (the service's own limit is 60 s).
   *
   * @default {60_000}
   */
  timeoutMs?: number;
  /**
   * How long the whole run may take, in milliseconds: a request in flight then is cut off, and
   * the requests not yet sent are kept unsent, so that what was seen so far can be reported.
   *
   * @default {no limit}
   */
  deadlineMs?: number;
  /**
   * The most bytes of a body read; the rest is cut off (and the facts then see a cut body).
   *
   * @default {33_554_432} (32 MiB)
   */
  maxBytes?: number;
  /** Stops the run. */
  signal?: AbortSignal;
  /**
   * Waits between requests (tests count the waits instead of waiting).
   *
   * @default {an abortable timer}
   */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /**
   * The clock the pace is kept by, in milliseconds.
   *
   * @default {performance.now}
   */
  now?: () => number;
  /** Told before each request is sent: its position from 1, the count, and its name. */
  onRequest?: (index: number, count: number, name: string) => void;
}

/** The default pace: one request a second, under the 300 calls in 3 minutes clients assume. */
export const DEFAULT_PACE_MS = 1000;

/**
 * Sends each request in turn and keeps what came back. A request that fails on the network is
 * kept too, with its error (key removed); only the signal stops the run.
 *
 * @param requests The requests, in order.
 * @param options The service, the key, the fetch and the pace.
 * @returns One exchange a request, in order.
 * @throws The signal's reason, when it fires.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { startEcosServer } from "../server/mod.ts";
 * import { LIVE_REQUESTS } from "./requests.ts";
 * import { sendRequests } from "./exchange.ts";
 *
 * await using server = await startEcosServer({ keys: ["my-key"] });
 * const [first] = await sendRequests(LIVE_REQUESTS.slice(0, 1), {
 *   baseUrl: server.url,
 *   apiKey: "my-key",
 *   paceMs: 0,
 * });
 * assert.equal(first?.path, "KeyStatisticList/***\/json/kr/1/200");
 * assert.equal(first?.status, 200);
 * assert.match(first?.body ?? "", /^\{"KeyStatisticList":/);
 * ```
 */
export async function sendRequests(
  requests: readonly LiveRequest[],
  options: SendRequestsOptions,
): Promise<LiveExchange[]> {
  const {
    baseUrl,
    apiKey,
    fetch: send = globalThis.fetch,
    paceMs = DEFAULT_PACE_MS,
    timeoutMs = 60_000,
    deadlineMs,
    maxBytes = 32 * 1024 * 1024,
    signal,
    sleep = delay,
    now = () => performance.now(),
    onRequest,
  } = options;
  const hide = (text: string) => redact(text, [apiKey]);
  const out: LiveExchange[] = [];
  let lastStart: number | undefined;
  const deadline = deadlineMs === undefined ? undefined : AbortSignal.timeout(deadlineMs);
  for (const [i, request] of requests.entries()) {
    signal?.throwIfAborted();
    const { url, path } = buildLiveUrl(baseUrl, apiKey, request);
    const wait = lastStart === undefined ? 0 : paceMs - (now() - lastStart);
    if (wait > 0 && !deadline?.aborted) {
      await sleep(wait, anySignal(signal, deadline)).catch((e) => {
        if (!deadline?.aborted) throw e; // the caller's signal: the run stops
      });
    }
    if (deadline?.aborted) {
      const why = `not sent: the run's deadline (${deadlineMs} ms) had passed`;
      out.push({ ...unanswered(request.name, path, why), unsent: true });
      continue;
    }
    lastStart = now();
    onRequest?.(i + 1, requests.length, request.name);
    const timeout = AbortSignal.timeout(timeoutMs);
    const both = anySignal(signal, timeout, deadline)!;
    try {
      // Redirects are not followed: the key is in the path, and goes to no other address.
      const res = await send(url, { signal: both, redirect: "manual" });
      const body = await readText(res, maxBytes);
      out.push({
        name: request.name,
        path,
        status: res.status,
        contentType: res.headers.get("content-type") ?? "",
        body: hide(body),
      });
    } catch (e) {
      signal?.throwIfAborted();
      const why = timeout.aborted
        ? `no answer within ${timeoutMs} ms`
        : deadline?.aborted
        ? `no answer before the run's deadline (${deadlineMs} ms)`
        : e instanceof Error
        ? `${e.name}: ${e.message}`
        : String(e);
      out.push(unanswered(request.name, path, hide(why)));
    }
  }
  return out;
}

/** The exchange of a request that got no answer, and why. */
function unanswered(name: string, path: string, error: string): LiveExchange {
  return { name, path, status: 0, contentType: "", body: "", error };
}

/** A body's text, read up to `maxBytes` (the rest is dropped and the stream cancelled). */
async function readText(res: Response, maxBytes: number): Promise<string> {
  if (res.body === null) return "";
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let text = "";
  let bytes = 0;
  try {
    while (true) {
      const { done, value } = await reader.read();
      if (done) break;
      const room = maxBytes - bytes;
      bytes += value.byteLength;
      text += decoder.decode(value.subarray(0, Math.max(0, room)), { stream: true });
      if (bytes >= maxBytes) {
        await reader.cancel();
        break;
      }
    }
  } finally {
    reader.releaseLock();
  }
  return text + decoder.decode();
}
