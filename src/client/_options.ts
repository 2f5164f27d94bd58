/**
 * The options of {@linkcode EcosClient} and of its calls. Their schemas check them, own their
 * defaults and return the resolved settings, so that no default is written twice; an unknown
 * option is refused with the closest known name.
 *
 * @module
 */

import { z } from "../deps.ts";
import { once } from "../util/once.ts";
import { type Format, FORMATS, type Language, LANGUAGES } from "../wire/format.ts";
import { SAMPLE_KEY, SAMPLE_MAX_ROWS } from "../wire/sample.ts";
import type { RateLimit } from "../util/limiter.ts";
import { type Env, envReader } from "../util/env.ts";
import { parseWith } from "./_schema.ts";
import { invalidArgument, isEcosError } from "../errors.ts";
import { Redactor } from "./_errors.ts";
import type { Progress } from "./_paging.ts";

/** The live service's address. */
export const LIVE_BASE_URL = "https://ecos.bok.or.kr/api";

/** How failed attempts are retried. */
export interface RetryOptions {
  /**
   * Attempts in all, the first included; 1 turns retries off.
   *
   * @default {5}
   */
  attempts?: number;
  /**
   * The first backoff's ceiling in milliseconds; it doubles with each failure (ERROR-602, which
   * asks clients to slow down, starts four times higher).
   *
   * @default {500}
   */
  baseMs?: number;
  /**
   * The largest backoff ceiling in milliseconds.
   *
   * @default {30000}
   */
  capMs?: number;
  /**
   * Full jitter: wait a random time up to the ceiling, so that many clients do not retry in
   * step. `false` waits the ceiling itself.
   *
   * @default {true}
   */
  jitter?: boolean;
}

/** Options of {@linkcode EcosClient}. */
export interface EcosClientOptions {
  /**
   * The API key. It is sent as a path segment and shown nowhere: URLs in errors carry `***`.
   *
   * @default {Deno.env.get("ECOS_API_KEY") ?? "sample"}
   */
  apiKey?: string;
  /**
   * The service's base URL, ending before the service name. A `user:password@` in it (for a
   * proxy, say) is sent as an Authorization header and written nowhere: the client's
   * `baseUrl`, frames' `frameInfo`, cache files and error URLs carry the address without it,
   * and the password is removed from every error like the key. A plain `http://` address is
   * refused unless it is on this machine or `allowInsecureHttp` is set: the key would cross
   * the network in clear text.
   *
   * @default {Deno.env.get("ECOS_BASE_URL") ?? "https://ecos.bok.or.kr/api"}
   */
  baseUrl?: string;
  /**
   * Allow a plain `http://` base URL to a host that is not this machine. The key is a path
   * segment: over http, anyone on the way can read it. (The live service answers on http too;
   * the default address is https.)
   *
   * @default {Deno.env.get("ECOS_ALLOW_INSECURE_HTTP") === "1"}
   */
  allowInsecureHttp?: boolean;
  /**
   * The body format asked of the service. Frames are the same either way.
   *
   * @default {"json"}
   */
  format?: Format;
  /**
   * The language of names (STAT_NAME, ITEM_NAME1, ...) and of the service's messages.
   *
   * @default {"kr"}
   */
  language?: Language;
  /**
   * Rows a request. The sample key may ask for 10 at most.
   *
   * @default {50000, or 10 with the sample key}
   */
  pageSize?: number;
  /**
   * Requests in flight at once, over all calls of this client.
   *
   * @default {4}
   */
  concurrency?: number;
  /**
   * The time limit of one attempt in milliseconds, body included.
   *
   * @default {60000}
   */
  timeoutMs?: number;
  /**
   * A time limit for a whole call (every page, retry and wait of one `statisticSearch`, say),
   * in milliseconds; when it passes the call fails with TIMEOUT naming deadlineMs. Without
   * one, a service that stalls costs up to `retry.attempts` attempts of `timeoutMs` each
   * (with the defaults, five attempts of 60 s, plus the waits between them) per request.
   *
   * @default {undefined} no deadline
   */
  deadlineMs?: number;
  /**
   * The most bytes of one response body, counted after decompression. A longer body is not
   * read further and the call fails with BAD_RESPONSE naming this option.
   *
   * @default {134217728} (128 MiB; a page of 10,000 rows is about 4 MB of JSON)
   */
  maxResponseBytes?: number;
  /**
   * The most rows a query may match (its `list_total_count`). A larger query fails at its
   * first page with TOO_MANY_ROWS, before any other page is asked for.
   *
   * @default {10000000}
   */
  maxRows?: number;
  /**
   * Retries of failed attempts (ERROR-500/600/601/602, HTTP 429 and 5xx, HTML pages, resets,
   * time-outs). HTTP 429 waits at least what its Retry-After asks (at most 120 s).
   *
   * @default {{ attempts: 5, baseMs: 500, capMs: 30000, jitter: true }}
   */
  retry?: RetryOptions;
  /**
   * The client-side rate limit: at most `requests` requests start within any `windowMs`.
   * `false` turns it off.
   *
   * @default {{ requests: 300, windowMs: 180000 }}
   */
  rateLimit?: RateLimit | false;
  /**
   * The response cache: answers (rows and "no data", never errors) kept on disk, so that a
   * query asked again within `ttlMs` costs no request. `true` or an object turns it on, with
   * the directory (default: ECOS_CACHE_DIR, else the platform's cache directory, e.g.
   * ~/.cache/ecos) and the time entries stay fresh; `false` turns it off. Entries are named by
   * a hash of the base URL, service, format, language, arguments and rows: never by the key,
   * which no entry holds. Frames say when their rows were fetched and whether from the cache
   * (`frameInfo`).
   *
   * @default {on (12 hours) for a service on another machine; off for one on this machine,
   * such as the bundled server}
   */
  cache?: boolean | CacheOptions;
  /**
   * One request budget per key across processes: `rateLimit` counted over every process that
   * uses the same cache directory, base URL and key (a notebook, `ecos mirror`, `ecos mcp`),
   * kept in the directory's `budget` folder under a hash (never the key), and after an
   * ERROR-602 every one of them waits. `true` or `{ dir }` turns it on; `false` limits this
   * client alone.
   *
   * @default {on, in the cache's directory, for a service on another machine with the response
   * cache on; off for one on this machine, such as the bundled server}
   */
  sharedBudget?: boolean | { dir?: string | undefined };
  /**
   * Every call asks the service, whatever the response cache holds, and what it answers
   * (checked) replaces the entries: the `--refresh` flag.
   *
   * @default {false}
   */
  refresh?: boolean;
  /**
   * Told after every page of every call: rows and pages done of the total, the rate and the
   * time left. The command line draws its progress line from it; a notebook can too.
   *
   * @default {undefined}
   */
  onProgress?: (progress: Progress) => void;
  /**
   * The fetch to use: a seam for proxies and tests.
   *
   * @default {globalThis.fetch}
   */
  fetch?: typeof fetch;
  /**
   * Cancels every request of this client.
   *
   * @default {undefined}
   */
  signal?: AbortSignal;
  /**
   * The environment that ECOS_API_KEY, ECOS_BASE_URL, ECOS_CACHE_DIR and the platform's cache
   * directory variables (HOME, XDG_CACHE_HOME, ...) are read from: pass `{}` for a client that
   * the environment cannot change.
   *
   * @default {the process's environment}
   */
  env?: Readonly<Record<string, string | undefined>>;
}

/** Where the response cache lives and how long its entries stay fresh. */
export interface CacheOptions {
  /**
   * The cache directory.
   *
   * @default {Deno.env.get("ECOS_CACHE_DIR") ?? the platform's cache directory + "/ecos"}
   */
  dir?: string;
  /**
   * How long an entry stays fresh, in milliseconds.
   *
   * @default {43200000} (12 hours)
   */
  ttlMs?: number;
}

/** Options of one call; they override the client's. */
export interface RequestOptions {
  /**
   * Cancels this call. Combined with the client's signal; an abort is not retried.
   *
   * @default {undefined}
   */
  signal?: AbortSignal;
  /**
   * The body format for this call.
   *
   * @default {the client's format}
   */
  format?: Format;
  /**
   * The language for this call.
   *
   * @default {the client's language}
   */
  language?: Language;
  /**
   * Rows a request for this call.
   *
   * @default {the client's pageSize}
   */
  pageSize?: number;
  /**
   * Told after every page of this call.
   *
   * @default {the client's onProgress}
   */
  onProgress?: (progress: Progress) => void;
  /**
   * `false` asks the service for this call even when the response cache holds the answer:
   * for pulls that must see the source as it is now. What it answers, once every check passed,
   * replaces the entries, so that an entry is never left behind by a call that did not trust
   * it. (A client made with `cache: false` has no cache to read or write.)
   *
   * @default {true: the client's cache, when it has one}
   */
  cache?: boolean;
  /**
   * `true` does as `cache: false`: asks the service, and replaces the entries with its
   * (checked) answer.
   *
   * @default {the client's refresh, false}
   */
  refresh?: boolean;
}

/** The rejected value, for the end of a message. */
const got = (iss: { input?: unknown }) => `: got ${String(iss.input)}`;

/** The longest wait setTimeout can keep: about 24.8 days. */
const MAX_TIMER_MS = 2_147_483_647;

/** A whole number of at least 1. */
export const positiveInt = (what: string, max = Number.MAX_SAFE_INTEGER) =>
  z.number({ error: (iss) => `Pass ${what} as a number${got(iss)}` })
    .int({ error: (iss) => `Pass ${what} as a whole number${got(iss)}` })
    .positive({ error: (iss) => `Pass ${what} as a positive whole number${got(iss)}` })
    .max(max, { error: (iss) => `Pass ${what} of at most ${max}${got(iss)}` });

const milliseconds = (what: string) =>
  z.number({ error: (iss) => `Pass ${what} as a number${got(iss)}` })
    .nonnegative({ error: (iss) => `Pass ${what} as a number of 0 or more${got(iss)}` })
    .max(MAX_TIMER_MS, { error: (iss) => `Pass ${what} of at most ${MAX_TIMER_MS}${got(iss)}` });

const formatSchema = z.enum(FORMATS, {
  error: (iss) => `Use format "json" or "xml": got ${JSON.stringify(iss.input)}`,
});
const languageSchema = z.enum(LANGUAGES, {
  error: (iss) => `Use language "kr" or "en": got ${JSON.stringify(iss.input)}`,
});
const signalSchema = z.instanceof(AbortSignal, { error: "Pass signal as an AbortSignal" });
const progressSchema = z.custom<(progress: Progress) => void>((v) => typeof v === "function", {
  error: "Pass onProgress as a function",
});

/** An http(s) URL to which path segments can be appended: no query, no fragment, no spaces. */
function isBaseUrl(text: string): boolean {
  if (!/^https?:\/\/[^/\s?#]+(?:\/[^\s?#]*)?$/.test(text)) return false;
  try {
    new URL(text);
    return true;
  } catch {
    return false;
  }
}

// The key's value never appears in a message, whatever is wrong with it.
const KEY_MESSAGE = "Pass apiKey as a non-empty string of printable characters";

// Built on first use: importing the module does not pay for it.
const clientOptionsSchema = once(() =>
  z.strictObject({
    apiKey: z.string({ error: KEY_MESSAGE }).regex(/^[\x21-\x7e]+$/, { error: KEY_MESSAGE })
      .optional(),
    baseUrl: z.string({ error: "Pass baseUrl as a string" })
      .refine(isBaseUrl, {
        error: (iss) =>
          `Use an http(s) URL without query or fragment for baseUrl, e.g. ${LIVE_BASE_URL}: got ${
            JSON.stringify(iss.input)
          }`,
      })
      .optional(),
    format: formatSchema.default("json"),
    language: languageSchema.default("kr"),
    pageSize: positiveInt("pageSize").optional(),
    concurrency: positiveInt("concurrency").default(4),
    timeoutMs: positiveInt("timeoutMs", MAX_TIMER_MS).default(60_000),
    deadlineMs: positiveInt("deadlineMs", MAX_TIMER_MS).optional(),
    maxResponseBytes: positiveInt("maxResponseBytes").default(128 * 1024 * 1024),
    maxRows: positiveInt("maxRows").default(10_000_000),
    retry: z.strictObject({
      attempts: positiveInt("retry.attempts").default(5),
      baseMs: milliseconds("retry.baseMs").default(500),
      capMs: milliseconds("retry.capMs").default(30_000),
      jitter: z.boolean({ error: "Pass retry.jitter as true or false" }).default(true),
    }, { error: "Pass retry as an object" }).prefault({}),
    rateLimit: z.union([
      z.literal(false),
      z.strictObject({
        requests: positiveInt("rateLimit.requests"),
        windowMs: positiveInt("rateLimit.windowMs", MAX_TIMER_MS),
      }),
    ], { error: "Pass rateLimit as { requests, windowMs } or false" })
      .default({ requests: 300, windowMs: 180_000 }),
    fetch: z.custom<typeof fetch>((v) => typeof v === "function", {
      error: "Pass fetch as a function",
    }).optional(),
    signal: signalSchema.optional(),
    onProgress: progressSchema.optional(),
    env: z.record(z.string(), z.string().optional(), {
      error: "Pass env as an object of variable names to strings",
    }).optional(),
    allowInsecureHttp: z.boolean({ error: "Pass allowInsecureHttp as true or false" }).optional(),
    refresh: z.boolean({ error: "Pass refresh as true or false" }).default(false),
    cache: z.union([
      z.boolean(),
      z.strictObject({
        dir: z.string({ error: "Pass cache.dir as a string" }).min(1).optional(),
        ttlMs: z.number({ error: "Pass cache.ttlMs as a number" }).nonnegative().optional(),
      }),
    ], { error: "Pass cache as true, false or { dir, ttlMs }" }).optional(),
    sharedBudget: z.union([
      z.boolean(),
      z.strictObject({
        dir: z.string({ error: "Pass sharedBudget.dir as a string" }).min(1).optional(),
      }),
    ], { error: "Pass sharedBudget as true, false or { dir }" }).optional(),
  }, { error: "Pass the options as an object" }).transform((o) => {
    const readEnv = envReader(o.env);
    const apiKey = o.apiKey ?? readEnv("ECOS_API_KEY") ?? SAMPLE_KEY;
    const given = (o.baseUrl ?? readEnv("ECOS_BASE_URL") ?? LIVE_BASE_URL).replace(/\/+$/, "");
    const { baseUrl, authorization, secrets } = splitCredentials(given);
    return {
      ...o,
      apiKey,
      baseUrl,
      authorization,
      secrets,
      allowInsecureHttp: o.allowInsecureHttp ?? readEnv("ECOS_ALLOW_INSECURE_HTTP") === "1",
      // Measured against the bundled server at 50 and 150 ms latency (README, "Performance").
      pageSize: o.pageSize ?? (apiKey === SAMPLE_KEY ? SAMPLE_MAX_ROWS : 50_000),
      fetch: o.fetch ?? globalThis.fetch,
    };
  })
);

/** A client's options with every default applied. */
export type ClientSettings = z.output<ReturnType<typeof clientOptionsSchema>>;

/**
 * Checks client options and applies their defaults (from the environment where they say so).
 *
 * @param options The caller's options.
 * @returns The resolved settings.
 * @throws {EcosError} INVALID_ARGUMENT naming the problem; the API key's value never appears.
 */
export function resolveClientOptions(options: unknown): ClientSettings {
  let settings: ClientSettings;
  try {
    settings = parseWith(clientOptionsSchema(), options ?? {}, "option");
  } catch (e) {
    // A message quotes the rejected value, which may be the key given in the wrong place, or a
    // base URL with its password.
    const given = options as { apiKey?: unknown; baseUrl?: unknown; env?: unknown } | null;
    const env = typeof given?.env === "object" && given.env !== null ? given.env as Env : undefined;
    const readEnv = envReader(env);
    const keys = [given?.apiKey, readEnv("ECOS_API_KEY")]
      .filter((k): k is string => typeof k === "string" && k !== "");
    for (const url of [given?.baseUrl, readEnv("ECOS_BASE_URL")]) {
      if (typeof url === "string") keys.push(...splitCredentials(url).secrets);
    }
    if (!isEcosError(e) || keys.length === 0) throw e;
    const text = new Redactor("", keys).text(e.message);
    throw text === e.message ? e : invalidArgument(text);
  }
  const url = new URL(settings.baseUrl);
  if (url.protocol === "http:" && !isLoopbackHost(url.hostname) && !settings.allowInsecureHttp) {
    throw invalidArgument(
      `Use an https:// baseUrl: over http://, the API key would cross the network in clear ` +
        `text to ${url.host}; to send it anyway, pass the client option allowInsecureHttp: ` +
        `true (or set ECOS_ALLOW_INSECURE_HTTP=1)`,
    );
  }
  return settings;
}

/**
 * Whether a host name is this machine's: localhost, 127.0.0.0/8, [::1].
 *
 * @param hostname A URL's hostname.
 * @returns `true` for a loopback host.
 */
export function isLoopbackHost(hostname: string): boolean {
  return hostname === "localhost" || hostname === "[::1]" || /^127\./.test(hostname);
}

/** A user name shorter than this is not hidden on its own: it would hide common words. */
const MIN_HIDDEN_USER = 6;

/**
 * A base URL without its `user:password@`, the Authorization header that carries them
 * instead, and what of them to hide from every text: the password and the pair, as written
 * and decoded, and the header's token; the user name when it is long enough not to be a word.
 *
 * @param baseUrl A base URL as given.
 * @returns The URL without credentials, the header (if any), the secrets (none without).
 */
export function splitCredentials(
  baseUrl: string,
): { baseUrl: string; authorization: string | undefined; secrets: string[] } {
  const m = /^(https?:\/\/)([^/]*)@/i.exec(baseUrl);
  if (m === null) return { baseUrl, authorization: undefined, secrets: [] };
  const info = m[2]!;
  const colon = info.indexOf(":");
  const user = colon < 0 ? info : info.slice(0, colon);
  const password = colon < 0 ? "" : info.slice(colon + 1);
  const decode = (s: string) => {
    try {
      return decodeURIComponent(s);
    } catch {
      return s;
    }
  };
  const pair = `${decode(user)}:${decode(password)}`;
  const bytes = new TextEncoder().encode(pair);
  const token = btoa(Array.from(bytes, (b) => String.fromCharCode(b)).join(""));
  const secrets = [password, decode(password), info, pair, token];
  if (user.length >= MIN_HIDDEN_USER) secrets.push(user, decode(user));
  return {
    baseUrl: m[1]! + baseUrl.slice(m[0].length),
    authorization: `Basic ${token}`,
    secrets: [...new Set(secrets)].filter((s) => s !== "" && s !== ":"),
  };
}

const callOptionsSchema = once(() =>
  z.strictObject({
    signal: signalSchema.optional(),
    onProgress: progressSchema.optional(),
    cache: z.boolean({ error: "Pass cache as true or false" }).optional(),
    refresh: z.boolean({ error: "Pass refresh as true or false" }).optional(),
    format: formatSchema.optional(),
    language: languageSchema.optional(),
    pageSize: positiveInt("pageSize").optional(),
  }, { error: "Pass the options as an object" })
);

/** One call's options as given (the client fills in what is missing). */
export type CallOptions = Omit<z.output<ReturnType<typeof callOptionsSchema>>, "signal"> & {
  signal?: AbortSignal | undefined;
};

/**
 * Checks per-call options.
 *
 * @param options The caller's options.
 * @returns The options.
 * @throws {EcosError} INVALID_ARGUMENT naming the problem.
 */
export function checkCallOptions(options: unknown): CallOptions {
  return parseWith(callOptionsSchema(), options ?? {}, "option") as CallOptions;
}
