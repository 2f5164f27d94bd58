/**
 * The call machinery: what every call of a client shares (the transport, the defaults), and one
 * call's settings resolved against them, with its deadline running. A call hands its pages to
 * paging as data ({@linkcode PageQuery}); nothing calls back into the client.
 *
 * @module
 */

import { abortedError, DeadlineExceeded, Redactor } from "./_errors.ts";
import {
  type CallOptions,
  type EcosClientOptions,
  isLoopbackHost,
  resolveClientOptions,
} from "./_options.ts";
import {
  type Fetched,
  type FetchPage,
  pageFetcher,
  type Progress,
  pullFrame,
  type PullSettings,
} from "./_paging.ts";
import type { Transport } from "./_request.ts";
import { HalfMonthlySpelling } from "./_half_monthly.ts";
import { type DataSource, type FrameInfo, noteSource, setFrameInfo, sourceOf } from "./_source.ts";
import type { DataFrame } from "../deps.ts";
import type { ColumnSpec } from "../wire/columns.ts";
import type { Format, Language } from "../wire/format.ts";
import type { EcosServiceName } from "../wire/services.ts";
import { SAMPLE_KEY, SAMPLE_MAX_ROWS } from "../wire/sample.ts";
import { defaultCacheDir, ResponseCache } from "../cache/mod.ts";
import type { Env } from "../util/env.ts";
import { type RateLimit, Semaphore } from "../util/limiter.ts";
import { clientLimiter } from "../cache/budget.ts";
import { anySignal } from "../util/signal.ts";

/** What every call of one client shares. */
export interface Core {
  /** The request core's settings and shared state. */
  transport: Transport;
  /** Where the data comes from. */
  source: DataSource;
  /** The service's base URL. */
  baseUrl: string;
  /** The default body format. */
  format: Format;
  /** The default language. */
  language: Language;
  /** The default rows a request. */
  pageSize: number;
  /** Requests in flight at once. */
  concurrency: number;
  /** The most rows a query may match. */
  maxRows: number;
  /** The client's progress callback. */
  onProgress: ((progress: Progress) => void) | undefined;
  /** The client's signal. */
  signal: AbortSignal | undefined;
  /** The time limit of a whole call. */
  deadlineMs: number | undefined;
  /** The client-side rate limit, or `false`. */
  rateLimit: RateLimit | false;
  /** Every call asks the service and replaces the cache's entries (`--refresh`). */
  refresh: boolean;
}

/**
 * Whether a base URL points at this machine (the bundled server, a local proxy).
 *
 * @param baseUrl A base URL.
 * @returns `true` for localhost, 127.0.0.0/8 and [::1].
 */
export function isLoopback(baseUrl: string): boolean {
  return isLoopbackHost(new URL(baseUrl).hostname);
}

/** The response cache a client's options ask for, if any. */
function openCache(
  option: boolean | { dir?: string | undefined; ttlMs?: number | undefined } | undefined,
  baseUrl: string,
  env: Env | undefined,
) {
  // A server on this machine answers as fast as a disk: caching it would only go stale.
  const on = option === undefined ? !isLoopback(baseUrl) : option !== false;
  if (!on) return undefined;
  const settings = typeof option === "object" ? option : {};
  return new ResponseCache({ dir: settings.dir ?? defaultCacheDir(env), ttlMs: settings.ttlMs });
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

/**
 * A client's shared state from its options.
 *
 * @param options The client's options.
 * @returns The core.
 * @throws {EcosError} INVALID_ARGUMENT for an option out of range or unknown.
 */
export function createCore(options: EcosClientOptions): Core {
  const o = resolveClientOptions(options);
  const source = sourceOf(o.baseUrl);
  noteSource(source);
  if (o.apiKey === SAMPLE_KEY && !isLoopback(o.baseUrl)) noteSampleKey();
  const cache = openCache(o.cache, o.baseUrl, o.env);
  return {
    transport: {
      baseUrl: o.baseUrl,
      apiKey: o.apiKey,
      authorization: o.authorization,
      redactor: new Redactor(o.apiKey, o.secrets),
      fetch: o.fetch,
      timeoutMs: o.timeoutMs,
      maxResponseBytes: o.maxResponseBytes,
      retry: o.retry,
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
    baseUrl: o.baseUrl,
    format: o.format,
    language: o.language,
    pageSize: o.pageSize,
    concurrency: o.concurrency,
    maxRows: o.maxRows,
    onProgress: o.onProgress,
    signal: o.signal,
    deadlineMs: o.deadlineMs,
    rateLimit: o.rateLimit,
    refresh: o.refresh,
  };
}

/** One call: its service, settings resolved against the client's, and its deadline. */
export interface Call extends Disposable {
  /** The client's shared state. */
  core: Core;
  /** The service called. */
  service: EcosServiceName;
  /** The body format. */
  format: Format;
  /** The language. */
  language: Language;
  /**
   * Whether this call asks the service whatever the response cache holds (`cache: false`,
   * `refresh: true`); its checked answers replace the entries.
   */
  fresh: boolean;
  /** How its pulls go: page size, concurrency, signal, progress, and the fetch record. */
  settings: PullSettings & { fetched: Fetched };
}

/** A timer that aborts a call when its deadline passes; none without a deadline. */
function startDeadline(ms: number | undefined): { signal?: AbortSignal; clear: () => void } {
  if (ms === undefined) return { clear: () => {} };
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new DeadlineExceeded(ms)), ms);
  // The deadline bounds work in flight, which holds the process by itself: a pull left early
  // (an iterator dropped after one page) must not keep the process alive until the deadline.
  Deno.unrefTimer(timer);
  return { signal: controller.signal, clear: () => clearTimeout(timer) };
}

/**
 * A call's settings, resolved against the client's, with its deadline running; refused at once
 * when already aborted. Dispose of it (`using`) when the call ends.
 *
 * @param core The client's shared state.
 * @param options The call's options, checked.
 * @param service The service called.
 * @returns The call.
 * @throws {EcosError} ABORTED when a signal has already fired.
 */
export function openCall(core: Core, options: CallOptions, service: EcosServiceName): Call {
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

/**
 * The pages of one request of a call.
 *
 * @param call The call.
 * @param args The service's arguments.
 * @returns What paging fetches pages with.
 */
export function fetcherOf(call: Call, args: readonly string[]): FetchPage {
  return pageFetcher(call.core.transport, {
    service: call.service,
    args,
    format: call.format,
    language: call.language,
    fresh: call.fresh,
  });
}

/**
 * Where and when a call's rows were fetched.
 *
 * @param call The call.
 * @returns The record for `frameInfo`.
 */
export function infoOf(call: Call): FrameInfo {
  return {
    source: call.core.source,
    baseUrl: call.core.baseUrl,
    fetchedAt: call.settings.fetched.at ?? new Date(),
    fromCache: call.settings.fetched.cached,
    language: call.language,
  };
}

/**
 * Pulls every page of one request into a frame (any service but StatisticSearch, which
 * splits ranges).
 *
 * @param call The call.
 * @param args The service's arguments.
 * @param schema The service's columns.
 * @returns The frame, with its provenance recorded.
 */
export async function pullCall(
  call: Call,
  args: readonly string[],
  schema: readonly ColumnSpec[],
): Promise<DataFrame> {
  const frame = await pullFrame(fetcherOf(call, args), call.settings, schema);
  return setFrameInfo(frame, infoOf(call));
}
