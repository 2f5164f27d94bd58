/**
 * What a caller gives, checked before anything is sent: the options of {@linkcode EcosClient}
 * and of its calls (their schemas own the defaults and return the resolved settings, so that no
 * default is written twice), StatisticSearch queries, codes and texts, and period labels. A bad
 * value costs nothing on the wire and gets an INVALID_ARGUMENT that names the problem; an
 * unknown option is refused with the closest known name.
 *
 * @module
 */

import { z } from "../deps.ts";
import { once } from "../util/once.ts";
import { closest } from "../util/closest.ts";
import { type Env, envReader } from "../util/env.ts";
import type { RateLimit } from "../util/limiter.ts";
import { invalidArgument, isEcosError } from "../errors.ts";
import { type Format, FORMATS, type Language, LANGUAGES } from "../wire/format.ts";
import { SAMPLE_KEY, SAMPLE_MAX_ROWS } from "../wire/sample.ts";
import {
  type Cycle,
  CYCLE_SHAPES,
  CYCLES,
  dateToIndex,
  daysToDate,
  formatPeriod,
  isCycle,
  periodEndDays,
  type PeriodRef,
  periodStartDays,
  tryParseLabel,
} from "../wire/period.ts";
import { Redactor } from "./_errors.ts";

/** The fields an object schema at `path` knows, for suggestions. */
function knownFields(schema: z.ZodType, path: readonly PropertyKey[]): string[] {
  let at: unknown = schema;
  for (const key of [...path, undefined]) {
    // Look through wrappers (optional, default, union with false) to the object's shape.
    for (let i = 0; i < 8 && at !== undefined; i++) {
      const def = (at as { def?: Record<string, unknown> }).def;
      if (def?.shape !== undefined) break;
      at = def?.innerType ?? (def?.options as unknown[] | undefined)?.find((o) =>
        (o as { def?: { shape?: unknown } }).def?.shape !== undefined
      ) ?? def?.in;
    }
    const shape = (at as { def?: { shape?: Record<string, unknown> } } | undefined)?.def?.shape;
    if (shape === undefined) return [];
    if (key === undefined) return Object.keys(shape);
    at = shape[String(key)];
  }
  return [];
}

/** Parses a value, or throws the first problem as an INVALID_ARGUMENT. */
export function parseWith<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
  const r = schema.safeParse(value);
  if (r.success) return r.data;
  // An unknown field is the likeliest cause of the other problems (a misspelt required
  // field is also missing): name it first.
  const issue = r.error.issues.find((i) => i.code === "unrecognized_keys") ?? r.error.issues[0];
  if (issue === undefined) throw invalidArgument(`Fix the ${what}s`);
  const prefix = issue.path.length > 0 ? `${issue.path.join(".")}.` : "";
  if (issue.code === "unrecognized_keys") {
    const known = knownFields(schema, issue.path);
    const key = issue.keys[0] ?? "";
    const near = closest(key, known);
    const hint = near === undefined
      ? `; known ${what}s are ${known.map((k) => prefix + k).join(", ")}`
      : `: did you mean ${prefix}${near}?`;
    throw invalidArgument(`Unknown ${what} ${prefix}${key}${hint}`);
  }
  const message = issue.message;
  // Our own messages are sentences; zod's defaults get the field named in front.
  if (/^[A-Z]/.test(message) && !message.startsWith("Invalid")) throw invalidArgument(message);
  throw invalidArgument(`Fix ${what} ${prefix.slice(0, -1) || "value"}: ${message}`);
}

// The options.

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
const positiveInt = (what: string, max = Number.MAX_SAFE_INTEGER) =>
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

/** Checks client options and applies their defaults (from the environment where they say so). */
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

/** Whether a host name is this machine's: localhost, 127.0.0.0/8, [::1]. */
function isLoopbackHost(hostname: string): boolean {
  return hostname === "localhost" || hostname === "[::1]" || /^127\./.test(hostname);
}

/** A user name shorter than this is not hidden on its own: it would hide common words. */
const MIN_HIDDEN_USER = 6;

/**
 * A base URL without its `user:password@`, the Authorization header that carries them instead, and
 * what of them to hide from every text: the password and the pair, as written and decoded, and the
 * header's token; the user name when it is long enough not to be a word.
 */
function splitCredentials(
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

/** Checks per-call options. */
export function checkCallOptions(options: unknown): CallOptions {
  return parseWith(callOptionsSchema(), options ?? {}, "option") as CallOptions;
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

/** Whether a base URL points at this machine (the bundled server, a local proxy). */
export function isLoopback(baseUrl: string): boolean {
  return isLoopbackHost(new URL(baseUrl).hostname);
}

// Queries, codes and texts.

// A code is one path segment and nothing else: no slash, no control or non-ASCII characters,
// and not only dots (URL normalisation drops "." and ".." segments, shifting every later
// argument). "?" is the live service's placeholder for an unused item level; "*" starts real
// item codes (the producer price index's all-items "*AA").
const CODE = /^[0-9A-Za-z_.\-?*]+$/;
const DOTS = /^\.+$/;
const sane = (what: string, max: number) =>
  z.string({ error: `Pass ${what} as a string` })
    .min(1, { error: `Pass a non-empty ${what}` })
    .max(max, { error: `Shorten ${what} to at most ${max} characters` })
    .regex(CODE, {
      error: (iss) =>
        `Write ${what} with letters, digits and _ - . ? * only: got ${JSON.stringify(iss.input)}`,
    })
    .refine((s) => !s.includes(".."), { error: `Remove ".." from ${what}` })
    .refine((s) => !DOTS.test(s), {
      error: (iss) => `Write ${what} with a letter or digit: got ${JSON.stringify(iss.input)}`,
    });

// Built on first use: importing the module does not pay for zod's schemas.
/** A table code such as "722Y001". */
const statCodeSchema = once(() => sane("statCode", 32));
/** An item code such as "0101000". */
const itemCodeSchema = once(() => sane("an item code", 32));

const periodInput = once(() =>
  z.union([z.string(), z.instanceof(Date)], {
    error: "Pass start and end as labels (strings) or Dates",
  })
);

/** The shape of a StatisticSearch query, before labels are read. */
const searchQuerySchema = once(() =>
  z.strictObject({
    statCode: statCodeSchema(),
    cycle: z.string({ error: "Pass cycle as a string" }).refine(isCycle, {
      error: (iss) =>
        `Use one of the cycles ${CYCLES.join(", ")}: got ${JSON.stringify(iss.input)}`,
    }),
    start: periodInput(),
    end: periodInput(),
    items: z.array(itemCodeSchema(), { error: "Pass items as an array of item codes" })
      .max(4, {
        error: (iss) =>
          `Cannot query more than 4 item codes: got ${(iss.input as unknown[]).length}`,
      })
      .optional(),
    label: z.string({ error: "Pass label as a string" })
      .max(200, { error: "Shorten label to at most 200 characters" })
      .refine((s) => s.trim() !== "", { error: "Pass a label with some text in it, or none" })
      .optional(),
  }, { error: "Pass the query as an object with statCode, cycle, start and end" })
);

/** A StatisticSearch query. */
export interface StatisticSearchQuery {
  /** The table code, e.g. "722Y001" (the base rate). */
  statCode: string;
  /** The cycle: A, S, Q, M, SM or D. */
  cycle: Cycle;
  /**
   * The first period: a label in the cycle's shape ("2020", "2020S1", "2020Q1", "202001",
   * "202001SM1" or "202001S1", "20200101"), or a Date (the period that contains it, in UTC).
   */
  start: string | Date;
  /** The last period, included; as `start`. */
  end: string | Date;
  /** 0 to 4 item codes, one per item level; none returns every item of the table. */
  items?: readonly string[];
  /**
   * A name for the query's series (up to 200 characters), for `statisticSearchMany`: its
   * frame carries it in a LABEL column, and `toWide` names columns by it. The other methods
   * do not use it.
   */
  label?: string;
}

/** A StatisticSearch query, checked and with its range as period ordinals. */
export interface ValidSearch {
  /** The table code. */
  statCode: string;
  /** The cycle. */
  cycle: Cycle;
  /** The first period's ordinal. */
  startIndex: number;
  /** The last period's ordinal. */
  endIndex: number;
  /** 0 to 4 item codes. */
  items: string[];
  /** The query's label, when given. */
  label?: string;
}

function periodIndex(value: string | Date, cycle: Cycle, what: "start" | "end"): number {
  if (value instanceof Date) {
    if (!Number.isFinite(value.getTime())) {
      throw invalidArgument(`Pass ${what} as a valid Date: got an Invalid Date`);
    }
    // Labels have four-digit years; another year would be written as a label of another shape.
    const year = value.getUTCFullYear();
    if (year < 1000 || year > 9999) {
      throw invalidArgument(`Pass ${what} as a Date in the years 1000 to 9999: got year ${year}`);
    }
    return dateToIndex(value, cycle);
  }
  const ref: PeriodRef | undefined = tryParseLabel(value, cycle);
  if (!ref) {
    throw invalidArgument(
      `Write ${what} as ${CYCLE_SHAPES[cycle]} for cycle ${cycle}: got ${JSON.stringify(value)}`,
    );
  }
  return ref.index;
}

/** Checks a StatisticSearch query and reads its range. */
export function validateSearchQuery(query: unknown): ValidSearch {
  const q = parseWith(searchQuerySchema(), query, "query field");
  const cycle = q.cycle as Cycle;
  const startIndex = periodIndex(q.start, cycle, "start");
  const endIndex = periodIndex(q.end, cycle, "end");
  if (startIndex > endIndex) {
    throw invalidArgument(
      `Put start before end: got start ${label(q.start)} after end ${label(q.end)}`,
    );
  }
  const valid: ValidSearch = {
    statCode: q.statCode,
    cycle,
    startIndex,
    endIndex,
    items: q.items ?? [],
  };
  if (q.label !== undefined) valid.label = q.label;
  return valid;
}

const label = (v: string | Date) => v instanceof Date ? v.toISOString().slice(0, 10) : v;

/** Checks a table code. */
export function validateStatCode(value: unknown): string {
  return parseWith(statCodeSchema(), value, "statCode");
}

// Free text (a word, a data name) may be Korean and hold spaces, but is still one path segment.
// deno-lint-ignore no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;
const textArgSchema = (what: string) =>
  z.string({ error: `Pass ${what} as a string` })
    .min(1, { error: `Pass a non-empty ${what}` })
    .max(200, { error: `Shorten ${what} to at most 200 characters` })
    .refine((s) => !CONTROL.test(s), { error: `Remove control characters from ${what}` })
    .refine((s) => !s.includes("/"), { error: `Remove "/" from ${what}` })
    .refine((s) => s.trim() !== "" && !DOTS.test(s.trim()), {
      error: `Pass ${what} with some text in it`,
    });

/** Checks a free-text argument (StatisticWord's word, StatisticMeta's data name). */
export function validateText(value: unknown, what: string): string {
  return parseWith(textArgSchema(what), value, what).normalize("NFC");
}

/** A service name: one path segment of letters and digits, as ECOS names its services. */
const SERVICE = /^[A-Za-z][A-Za-z0-9]{0,63}$/;

/** Checks a service name and its path segments for {@linkcode EcosClient.prototype.request}. */
export function validateRequest(
  service: unknown,
  segments: unknown,
): { service: string; segments: string[] } {
  if (typeof service !== "string" || !SERVICE.test(service)) {
    throw invalidArgument(
      `Write the service as a name of letters and digits, e.g. StatisticTableList: got ${
        JSON.stringify(service)?.slice(0, 80)
      }`,
    );
  }
  if (!Array.isArray(segments)) throw invalidArgument("Pass segments as an array of strings");
  return { service, segments: segments.map((s, i) => validateText(s, `segments[${i}]`)) };
}

// Periods, for people and for other folders: labels to dates and dates to labels.

/**
 * Like {@linkcode tryParseLabel}, but throws an EcosError (INVALID_ARGUMENT) that names the
 * expected shape.
 */
export function parseLabel(label: string, cycle?: Cycle): PeriodRef {
  const ref = typeof label === "string" ? tryParseLabel(label, cycle) : undefined;
  if (ref) return ref;
  const shape = cycle === undefined
    ? "one of YYYY, YYYYSn, YYYYQn, YYYYMM, YYYYMMSn, YYYYMMSMn, YYYYMMDD"
    : `${CYCLE_SHAPES[cycle]} for cycle ${cycle}`;
  throw invalidArgument(`Write the period as ${shape}: got ${JSON.stringify(label)}`);
}

/**
 * The first day of the period a label names, at UTC midnight. The label's cycle is found from
 * its shape; both half-monthly spellings are understood.
 *
 * @param label A TIME label such as "2023Q3", "202305S2", "202305SM2" or "20230517".
 * @param cycle When given, the label must be of this cycle.
 * @returns The first day of the period.
 * @throws {EcosError} INVALID_ARGUMENT when the label has no known shape.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parsePeriod } from "@ecos/ecos";
 *
 * assert.equal(parsePeriod("2023Q3").toISOString(), "2023-07-01T00:00:00.000Z");
 * assert.equal(parsePeriod("202305S2", "SM").toISOString(), "2023-05-16T00:00:00.000Z");
 * ```
 */
export function parsePeriod(label: string, cycle?: Cycle): Date {
  const ref = parseLabel(label, cycle);
  return daysToDate(periodStartDays(ref.cycle, ref.index));
}

/**
 * The last day of the period a label names, at UTC midnight.
 *
 * @param label A TIME label.
 * @param cycle When given, the label must be of this cycle.
 * @returns The last day of the period.
 * @throws {EcosError} INVALID_ARGUMENT when the label has no known shape.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { periodEnd } from "@ecos/ecos";
 *
 * assert.equal(periodEnd("2024Q1").toISOString(), "2024-03-31T00:00:00.000Z");
 * assert.equal(periodEnd("202402SM2").toISOString(), "2024-02-29T00:00:00.000Z");
 * ```
 */
export function periodEnd(label: string, cycle?: Cycle): Date {
  const ref = parseLabel(label, cycle);
  return daysToDate(periodEndDays(ref.cycle, ref.index));
}

/**
 * The label of the period of `cycle` that contains a date (read in UTC).
 *
 * @param date Any valid date.
 * @param cycle The cycle.
 * @param sm How to spell half-monthly labels: "live" `202305S2`, "spec" `202305SM2`.
 * @returns The label.
 * @throws {EcosError} INVALID_ARGUMENT for an Invalid Date.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { dateToLabel } from "@ecos/ecos";
 *
 * assert.equal(dateToLabel(new Date("2024-05-20"), "Q"), "2024Q2");
 * assert.equal(dateToLabel(new Date("2024-05-20"), "SM"), "202405S2");
 * ```
 */
export function dateToLabel(date: Date, cycle: Cycle, sm: "live" | "spec" = "live"): string {
  if (!(date instanceof Date) || !Number.isFinite(date.getTime())) {
    throw invalidArgument("Pass a valid Date: got an Invalid Date");
  }
  return formatPeriod(cycle, dateToIndex(date, cycle), sm);
}
