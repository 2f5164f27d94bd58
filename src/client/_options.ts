/**
 * What a caller gives, checked before anything is sent, with an INVALID_ARGUMENT naming the
 * problem (for an unknown option, the closest known name): client and call options (their
 * schemas own the defaults, written once), StatisticSearch queries, codes, texts and periods.
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
  isCycle,
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
  /** Attempts in all, the first included: 5 by default; 1 turns retries off. */
  attempts?: number;
  /** The first backoff's ceiling: 500 ms by default, doubling per failure (×4 after ERROR-602). */
  baseMs?: number;
  /** The largest backoff ceiling: 30,000 ms by default. */
  capMs?: number;
  /** `true` (the default) waits a random time up to the ceiling: clients retry out of step. */
  jitter?: boolean;
}

/** Options of {@linkcode EcosClient}. */
export interface EcosClientOptions {
  /** The API key, shown as `***` in errors: by default ECOS_API_KEY, else "sample". */
  apiKey?: string;
  /**
   * The service's base URL, up to the service name. A `user:password@` in it (for a proxy) goes
   * in an Authorization header and is written nowhere. Plain `http://` off this machine needs
   * `allowInsecureHttp`. By default ECOS_BASE_URL, else https://ecos.bok.or.kr/api.
   */
  baseUrl?: string;
  /**
   * Send the key (a path segment) over plain `http://` to another machine anyway; by default
   * only when ECOS_ALLOW_INSECURE_HTTP is "1".
   */
  allowInsecureHttp?: boolean;
  /** The body format asked of the service, "json" by default; frames are the same either way. */
  format?: Format;
  /** The language of names and of the service's messages: "kr" by default. */
  language?: Language;
  /** Rows a request: 50,000 by default, and 10 (the most it may ask) with the sample key. */
  pageSize?: number;
  /** Requests in flight at once, over all calls of this client: 4 by default. */
  concurrency?: number;
  /** The time limit of one attempt in milliseconds, body included: 60,000 by default. */
  timeoutMs?: number;
  /**
   * A time limit in milliseconds for a whole call (every page, retry and wait), past which it
   * fails with TIMEOUT; without one, a stalled service costs `retry.attempts` × `timeoutMs`.
   */
  deadlineMs?: number;
  /** The most bytes of a body (decompressed), else BAD_RESPONSE: 128 MiB by default. */
  maxResponseBytes?: number;
  /** The most rows a query may match (10 million by default): TOO_MANY_ROWS at the first page. */
  maxRows?: number;
  /**
   * Retries of failed attempts (ERROR-500/600/601/602, HTTP 429 and 5xx, HTML pages, resets,
   * time-outs). HTTP 429 waits at least its Retry-After (at most 120 s).
   */
  retry?: RetryOptions;
  /** At most `requests` start in any `windowMs`: by default 300 in 180,000 ms (3 minutes). */
  rateLimit?: RateLimit | false;
  /**
   * The response cache: answers (rows and "no data", never errors) kept on disk under a hash of
   * the query (never the key), so that asking again within `ttlMs` costs no request. By default
   * on (12 hours) for a service on another machine, off for one on this machine.
   */
  cache?: boolean | CacheOptions;
  /**
   * One request budget per key across processes (a notebook, `ecos mirror`, `ecos mcp`):
   * `rateLimit` counted over every process with the same cache directory, base URL and key (kept
   * as a hash), and after an ERROR-602 they all wait. `false` limits this client alone. By
   * default on, in the cache's directory, for a service on another machine with the cache on.
   */
  sharedBudget?: boolean | { dir?: string | undefined };
  /** `true` asks the service whatever the cache holds and replaces its entries; off by default. */
  refresh?: boolean;
  /** Told after every page of every call (the command line draws its progress line from it). */
  onProgress?: (progress: Progress) => void;
  /** The fetch to use, `globalThis.fetch` by default: a seam for proxies and tests. */
  fetch?: typeof fetch;
  /** Cancels every request of this client. */
  signal?: AbortSignal;
  /**
   * Where ECOS_API_KEY, ECOS_BASE_URL, ECOS_CACHE_DIR and the cache directory's variables (HOME,
   * XDG_CACHE_HOME, ...) are read, by default the process's: `{}` makes a client it cannot change.
   */
  env?: Readonly<Record<string, string | undefined>>;
}

/** Where the response cache lives and how long its entries stay fresh. */
export interface CacheOptions {
  /** The directory: by default ECOS_CACHE_DIR, else the platform's cache directory + "/ecos". */
  dir?: string;
  /** How long an entry stays fresh, in milliseconds: 43,200,000 (12 hours) by default. */
  ttlMs?: number;
}

/** Options of one call: each one given overrides the client's. */
export interface RequestOptions {
  /** Cancels this call (as does the client's signal); an abort is not retried. */
  signal?: AbortSignal;
  /** The body format. */
  format?: Format;
  /** The language. */
  language?: Language;
  /** Rows a request. */
  pageSize?: number;
  /** Told after every page of this call. */
  onProgress?: (progress: Progress) => void;
  /**
   * `false` asks the service even when the cache holds the answer (for pulls that must see the
   * source as it is now), and its checked answer replaces the entries.
   */
  cache?: boolean;
  /** `true` does as `cache: false`. */
  refresh?: boolean;
}

/** The longest wait setTimeout can keep: about 24.8 days. */
const MAX_TIMER_MS = 2_147_483_647;

/** A schema's message: the sentence, then the rejected value. */
const say = (text: string, show: (value: unknown) => string = String) => ({
  error: (iss: { input?: unknown }) => `${text}: got ${show(iss.input)}`,
});
const sayQuoted = (text: string) => say(text, JSON.stringify);

const positiveInt = (what: string, max = Number.MAX_SAFE_INTEGER) =>
  z.number(say(`Pass ${what} as a number`))
    .int(say(`Pass ${what} as a whole number`))
    .positive(say(`Pass ${what} as a positive whole number`))
    .max(max, say(`Pass ${what} of at most ${max}`));

const milliseconds = (what: string) =>
  z.number(say(`Pass ${what} as a number`))
    .nonnegative(say(`Pass ${what} as a number of 0 or more`))
    .max(MAX_TIMER_MS, say(`Pass ${what} of at most ${MAX_TIMER_MS}`));

const flag = (what: string) => z.boolean({ error: `Pass ${what} as true or false` });
const callback = <T>(what: string) =>
  z.custom<T>((v) => typeof v === "function", { error: `Pass ${what} as a function` });
const dir = (what: string) => z.string({ error: `Pass ${what} as a string` }).min(1).optional();

const formatSchema = z.enum(FORMATS, sayQuoted(`Use format "json" or "xml"`));
const languageSchema = z.enum(LANGUAGES, sayQuoted(`Use language "kr" or "en"`));
const signalSchema = z.instanceof(AbortSignal, { error: "Pass signal as an AbortSignal" });

/** An http(s) URL to which path segments can be appended: no query, no fragment, no spaces. */
const isBaseUrl = (text: string) =>
  /^https?:\/\/[^/\s?#]+(?:\/[^\s?#]*)?$/.test(text) && URL.canParse(text);

// The key's value never appears in a message, whatever is wrong with it.
const KEY_ERROR = { error: "Pass apiKey as a non-empty string of printable characters" };

// Schemas are built on first use: importing the module does not pay for zod.
const clientOptionsSchema = once(() =>
  z.strictObject({
    apiKey: z.string(KEY_ERROR).regex(/^[\x21-\x7e]+$/, KEY_ERROR).optional(),
    baseUrl: z.string({ error: "Pass baseUrl as a string" }).refine(
      isBaseUrl,
      sayQuoted(`Use an http(s) URL without query or fragment for baseUrl, e.g. ${LIVE_BASE_URL}`),
    ).optional(),
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
      jitter: flag("retry.jitter").default(true),
    }, { error: "Pass retry as an object" }).prefault({}),
    rateLimit: z.union([
      z.literal(false),
      z.strictObject({
        requests: positiveInt("rateLimit.requests"),
        windowMs: positiveInt("rateLimit.windowMs", MAX_TIMER_MS),
      }),
    ], { error: "Pass rateLimit as { requests, windowMs } or false" })
      .default({ requests: 300, windowMs: 180_000 }),
    fetch: callback<typeof fetch>("fetch").optional(),
    signal: signalSchema.optional(),
    onProgress: callback<(progress: Progress) => void>("onProgress").optional(),
    env: z.record(z.string(), z.string().optional(), {
      error: "Pass env as an object of variable names to strings",
    }).optional(),
    allowInsecureHttp: flag("allowInsecureHttp").optional(),
    refresh: flag("refresh").default(false),
    cache: z.union([
      z.boolean(),
      z.strictObject({
        dir: dir("cache.dir"),
        ttlMs: z.number({ error: "Pass cache.ttlMs as a number" }).nonnegative().optional(),
      }),
    ], { error: "Pass cache as true, false or { dir, ttlMs }" }).optional(),
    sharedBudget: z.union([z.boolean(), z.strictObject({ dir: dir("sharedBudget.dir") })], {
      error: "Pass sharedBudget as true, false or { dir }",
    }).optional(),
  }, { error: "Pass the options as an object" }).transform((o) => {
    const readEnv = envReader(o.env);
    const apiKey = o.apiKey ?? readEnv("ECOS_API_KEY") ?? SAMPLE_KEY;
    const given = (o.baseUrl ?? readEnv("ECOS_BASE_URL") ?? LIVE_BASE_URL).replace(/\/+$/, "");
    return {
      ...o,
      apiKey,
      ...splitCredentials(given),
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
    if (!isEcosError(e)) throw e;
    // The message quotes the rejected value: maybe the key given in the wrong place, or a base
    // URL with its password.
    const given = options as { apiKey?: unknown; baseUrl?: unknown; env?: unknown } | null;
    const env = typeof given?.env === "object" && given.env !== null ? given.env as Env : undefined;
    const readEnv = envReader(env);
    const texts = (...vs: unknown[]) => vs.filter((v): v is string => typeof v === "string");
    const secrets = texts(given?.apiKey, readEnv("ECOS_API_KEY")).concat(
      ...texts(given?.baseUrl, readEnv("ECOS_BASE_URL")).map((u) => splitCredentials(u).secrets),
    );
    const text = new Redactor("", secrets).text(e.message);
    throw text === e.message ? e : invalidArgument(text);
  }
  const url = new URL(settings.baseUrl);
  if (url.protocol === "http:" && !isLoopback(settings.baseUrl) && !settings.allowInsecureHttp) {
    throw invalidArgument(
      `Use an https:// baseUrl: over http://, the API key would cross the network in clear ` +
        `text to ${url.host}; to send it anyway, pass the client option allowInsecureHttp: ` +
        `true (or set ECOS_ALLOW_INSECURE_HTTP=1)`,
    );
  }
  return settings;
}

/** Whether a base URL points at this machine (localhost, 127.0.0.0/8, [::1]). */
export function isLoopback(baseUrl: string): boolean {
  const host = new URL(baseUrl).hostname;
  return host === "localhost" || host === "[::1]" || /^127\./.test(host);
}

/**
 * A base URL without its `user:password@`, the Authorization header that carries them instead,
 * and what to hide from every text: the password and the pair (as written and decoded), the
 * header's token, and a long enough user name.
 */
function splitCredentials(
  baseUrl: string,
): { baseUrl: string; authorization: string | undefined; secrets: string[] } {
  const m = /^(https?:\/\/)([^/]*)@/i.exec(baseUrl);
  if (m === null) return { baseUrl, authorization: undefined, secrets: [] };
  const info = m[2]!;
  const [, user = "", password = ""] = /^([^:]*):?(.*)$/s.exec(info)!;
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
  if (user.length >= 6) secrets.push(user, decode(user)); // a shorter one may be a common word
  return {
    baseUrl: m[1]! + baseUrl.slice(m[0].length),
    authorization: `Basic ${token}`,
    secrets: [...new Set(secrets)].filter((s) => s !== "" && s !== ":"),
  };
}

const callOptionsSchema = once(() =>
  z.strictObject({
    signal: signalSchema.optional(),
    onProgress: callback<(progress: Progress) => void>("onProgress").optional(),
    cache: flag("cache").optional(),
    refresh: flag("refresh").optional(),
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

// Queries, codes and texts.

/** A non-empty string of at most `max` characters. */
const nonEmpty = (what: string, max: number) =>
  z.string({ error: `Pass ${what} as a string` })
    .min(1, { error: `Pass a non-empty ${what}` })
    .max(max, { error: `Shorten ${what} to at most ${max} characters` });

// A code is one path segment: no slash, control or non-ASCII characters, and not only dots (URL
// normalisation drops "." and ".." segments, shifting every later argument). "?" is the live
// service's placeholder for an unused item level; "*" starts real item codes ("*AA").
const CODE = /^[0-9A-Za-z_.\-?*]+$/;
const DOTS = /^\.+$/;
const code = (what: string) =>
  nonEmpty(what, 32)
    .regex(CODE, sayQuoted(`Write ${what} with letters, digits and _ - . ? * only`))
    .refine((s) => !s.includes(".."), { error: `Remove ".." from ${what}` })
    .refine((s) => !DOTS.test(s), sayQuoted(`Write ${what} with a letter or digit`));

const statCodeSchema = once(() => code("statCode"));

/** The shape of a StatisticSearch query, before labels are read. */
const searchQuerySchema = once(() => {
  const period = z.union([z.string(), z.instanceof(Date)], {
    error: "Pass start and end as labels (strings) or Dates",
  });
  return z.strictObject({
    statCode: statCodeSchema(),
    cycle: z.string({ error: "Pass cycle as a string" })
      .refine(isCycle, sayQuoted(`Use one of the cycles ${CYCLES.join(", ")}`)),
    start: period,
    end: period,
    items: z.array(code("an item code"), { error: "Pass items as an array of item codes" })
      .max(4, say("Cannot query more than 4 item codes", (v) => `${(v as unknown[]).length}`))
      .optional(),
    label: z.string({ error: "Pass label as a string" })
      .max(200, { error: "Shorten label to at most 200 characters" })
      .refine((s) => s.trim() !== "", { error: "Pass a label with some text in it, or none" })
      .optional(),
  }, { error: "Pass the query as an object with statCode, cycle, start and end" });
});

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
  /** A name for the series, up to 200 characters: `statisticSearchMany`'s LABEL column. */
  label?: string;
}

/** A StatisticSearch query, checked, with its first and last periods as ordinals. */
export interface ValidSearch {
  statCode: string;
  cycle: Cycle;
  startIndex: number;
  endIndex: number;
  items: string[];
  label?: string;
}

function periodIndex(value: string | Date, cycle: Cycle, what: "start" | "end"): number {
  if (!(value instanceof Date)) {
    const ref = tryParseLabel(value, cycle);
    if (ref) return ref.index;
    throw invalidArgument(
      `Write ${what} as ${CYCLE_SHAPES[cycle]} for cycle ${cycle}: got ${JSON.stringify(value)}`,
    );
  }
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

/** Checks a StatisticSearch query and reads its range. */
export function validateSearchQuery(query: unknown): ValidSearch {
  const q = parseWith(searchQuerySchema(), query, "query field");
  const cycle = q.cycle as Cycle;
  const startIndex = periodIndex(q.start, cycle, "start");
  const endIndex = periodIndex(q.end, cycle, "end");
  if (startIndex > endIndex) {
    const [s, e] = [q.start, q.end].map((v) => v instanceof Date ? v.toJSON().slice(0, 10) : v);
    throw invalidArgument(`Put start before end: got start ${s} after end ${e}`);
  }
  const { statCode, items = [], label } = q;
  const valid: ValidSearch = { statCode, cycle, startIndex, endIndex, items };
  return label === undefined ? valid : { ...valid, label };
}

/** Checks a table code. */
export function validateStatCode(value: unknown): string {
  return parseWith(statCodeSchema(), value, "statCode");
}

// Free text (a word, a data name) may be Korean and hold spaces, but is still one path segment.
// deno-lint-ignore no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

/** Checks a free-text argument (StatisticWord's word, StatisticMeta's data name). */
export function validateText(value: unknown, what: string): string {
  const schema = nonEmpty(what, 200)
    .refine((s) => !CONTROL.test(s), { error: `Remove control characters from ${what}` })
    .refine((s) => !s.includes("/"), { error: `Remove "/" from ${what}` })
    .refine((s) => s.trim() !== "" && !DOTS.test(s.trim()), {
      error: `Pass ${what} with some text in it`,
    });
  return parseWith(schema, value, what).normalize("NFC");
}

/** A service name: one path segment of letters and digits, as ECOS names its services. */
const SERVICE = /^[A-Za-z][A-Za-z0-9]{0,63}$/;

/** Checks a service name and its path segments for {@linkcode EcosClient.prototype.request}. */
export function validateRequest(
  service: unknown,
  segments: unknown,
): { service: string; segments: string[] } {
  if (typeof service !== "string" || !SERVICE.test(service)) {
    const got = JSON.stringify(service)?.slice(0, 80);
    throw invalidArgument(
      `Write the service as a name of letters and digits, e.g. StatisticTableList: got ${got}`,
    );
  }
  if (!Array.isArray(segments)) throw invalidArgument("Pass segments as an array of strings");
  return { service, segments: segments.map((s, i) => validateText(s, `segments[${i}]`)) };
}
