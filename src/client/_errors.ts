/**
 * The errors of a request, built in one place, and the secrets kept out of them. Each factory
 * takes the {@linkcode Scope} of the failing request, whose {@linkcode Redactor} removes the API
 * key (in any spelling a server may echo it) from every string the error carries before any of
 * it is cut short for display. Also the decoders' {@linkcode BodyError}, and why an empty
 * search found nothing ({@linkcode explainEmpty}). The error type itself is in `src/errors.ts`.
 *
 * @module
 */

import { type DataFrame, pl } from "../deps.ts";
import { closest } from "../util/closest.ts";
import { sampleDataNote } from "../discovery/catalogue.ts";
import { ECOS_CODES, isEcosResultCode } from "../wire/codes.ts";
import { EcosError, type EcosErrorCode, type EcosErrorOptions, restate } from "../errors.ts";

// Spellings: finding a secret in a text however a server, a proxy or a page spelt it.

/**
 * Named character references, by name, as HTML defines them (those of ASCII, and nbsp): each
 * entry is the name and then its character.
 */
const NAMED: Readonly<Record<string, number>> = Object.fromEntries([
  ...('amp& AMP& lt< LT< gt> GT> quot" QUOT" apos\' sol/ plus+ equals= num# quest? percnt% ' +
    "colon: semi; excl! dollar$ lpar( rpar) ast* midast* comma, period. commat@ lsqb[ lbrack[ " +
    "rsqb] rbrack] bsol\\ Hat^ lowbar_ UnderBar_ grave` DiacriticalGrave` lcub{ lbrace{ rcub} " +
    "rbrace} verbar| vert| VerticalLine| tilde~ hyphen- dash-").split(" ")
    .map((e) => [e.slice(0, -1), e.charCodeAt(e.length - 1)]),
  ["nbsp", 32],
]);

const REFERENCE = /&(?:#(?:[xX]0*([0-9a-fA-F]{1,6})|0*(\d{1,7}))|([A-Za-z]{2,16}));/y;
const ESCAPE =
  /\\(?:u\{0*([0-9a-fA-F]{1,6})\}|[uU]([0-9a-fA-F]{4})|[xX]([0-9a-fA-F]{2})|([/"\\'`]))/y;

/** One reading of the text at a place: a code point, and where its spelling ends. */
interface Token {
  cp: number;
  end: number;
}

const hexValue = (c: number) =>
  c >= 48 && c <= 57 ? c - 48 : c >= 65 && c <= 70 ? c - 55 : c >= 97 && c <= 102 ? c - 87 : -1;

/**
 * The percent-escaped byte at `i` (a `%`) read through `layers` extra layers of "%25": with 0,
 * "%2F" is 0x2F; with 1, "%252F" is.
 */
function percentByte(text: string, i: number, layers: number): Token | undefined {
  let j = i + 1;
  for (let k = 0; k < layers; k++, j += 2) {
    if (text.charCodeAt(j) !== 50 || text.charCodeAt(j + 1) !== 53) return undefined; // "25"
  }
  const hi = hexValue(text.charCodeAt(j));
  const lo = hexValue(text.charCodeAt(j + 1));
  return hi < 0 || lo < 0 ? undefined : { cp: hi * 16 + lo, end: j + 2 };
}

/** A percent-encoded character at `i`: one byte, or the bytes of one UTF-8 sequence. */
function percentChar(text: string, i: number, layers: number): Token | undefined {
  const first = percentByte(text, i, layers);
  if (first === undefined || first.cp < 0x80) return first;
  const lead = first.cp;
  const more = lead >= 0xf0 ? 3 : lead >= 0xe0 ? 2 : lead >= 0xc0 ? 1 : -1;
  if (more < 0) return undefined;
  let cp = lead & (0x3f >> more);
  let end = first.end;
  for (let k = 0; k < more; k++) {
    const next = text.charCodeAt(end) === 37 ? percentByte(text, end, layers) : undefined;
    if (next === undefined || (next.cp & 0xc0) !== 0x80) return undefined;
    cp = (cp << 6) | (next.cp & 0x3f);
    end = next.end;
  }
  return cp > 0x10ffff ? undefined : { cp, end };
}

/** A backslash escape at `i`: a pair of \u escapes of one character beyond the BMP included. */
function escapeChar(text: string, i: number): Token | undefined {
  ESCAPE.lastIndex = i;
  const m = ESCAPE.exec(text);
  if (m === null) return undefined;
  let end = ESCAPE.lastIndex;
  if (m[4] !== undefined) return { cp: m[4].charCodeAt(0), end };
  const cp = parseInt(m[1] ?? m[2] ?? m[3]!, 16);
  if (cp > 0x10ffff) return undefined;
  if (m[2] !== undefined && cp >= 0xd800 && cp <= 0xdbff) {
    ESCAPE.lastIndex = end;
    const low = ESCAPE.exec(text);
    const unit = low?.[2] === undefined ? -1 : parseInt(low[2], 16);
    if (unit >= 0xdc00 && unit <= 0xdfff) {
      end = ESCAPE.lastIndex;
      return { cp: 0x10000 + ((cp - 0xd800) << 10) + (unit - 0xdc00), end };
    }
  }
  return { cp, end };
}

/** Every reading of the text at `i`: the character itself, and any escape that starts there. */
function tokensAt(text: string, i: number): Token[] {
  const raw = text.codePointAt(i)!;
  const out: Token[] = [{ cp: raw, end: i + (raw > 0xffff ? 2 : 1) }];
  const c = text.charCodeAt(i);
  if (c === 43) out.push({ cp: 32, end: i + 1 }); // "+" for a space (forms)
  if (c === 37) { // %, and "%25" layers of it: "%252F" is "%2F" read once, "/" read twice
    for (let layers = 0; layers <= 8 && percentByte(text, i, layers) !== undefined; layers++) {
      const t = percentChar(text, i, layers);
      if (t !== undefined) out.push(t);
    }
  } else if (c === 38) { // &
    REFERENCE.lastIndex = i;
    const m = REFERENCE.exec(text);
    if (m !== null) {
      const cp = m[3] !== undefined
        ? NAMED[m[3]]
        : m[1] !== undefined
        ? parseInt(m[1], 16)
        : Number(m[2]);
      if (cp !== undefined && cp <= 0x10ffff) out.push({ cp, end: REFERENCE.lastIndex });
    }
  } else if (c === 92) { // \
    const t = escapeChar(text, i);
    if (t !== undefined) out.push(t);
  }
  return out;
}

/** Whether a text may hold a spelling other than the raw one: most do not. */
const mayHoldEscapes = (text: string): boolean => /[%&\\+]/.test(text);

/**
 * Where a secret occurs in a text, in any spelling, as [start, end) spans in order, none
 * overlapping (each the longest reading from its start).
 *
 * @param text Any text.
 * @param secret The secret, as it is.
 * @param first Stop at the first occurrence.
 * @returns The spans.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { findSpelled } from "./_errors.ts";
 *
 * const text = "a%2fb c/d ab&#x2F;c a\\/b%252Fc";
 * assert.deepEqual(findSpelled(text, "a/b"), [[0, 5], [20, 24]]);
 * assert.deepEqual(findSpelled(text, "b/c"), [[11, 19], [23, 30]]);
 * ```
 */
export function findSpelled(text: string, secret: string, first = false): [number, number][] {
  const spans: [number, number][] = [];
  if (secret === "") return spans;
  if (!mayHoldEscapes(text)) {
    for (let at = text.indexOf(secret); at >= 0; at = text.indexOf(secret, at + secret.length)) {
      spans.push([at, at + secret.length]);
      if (first) break;
    }
    return spans;
  }
  const cps = Array.from(secret, (ch) => ch.codePointAt(0)!);
  // Where a spelling of the secret may start: its first character, or an escape's first.
  const lead = secret[0]!.replace(/[\\^\]-]/g, "\\$&");
  const starts = new RegExp(`[%&\\\\${cps[0] === 32 ? "+" : ""}${lead}]`, "g");
  for (let i = 0; i < text.length; i++) {
    starts.lastIndex = i;
    const found = starts.exec(text);
    if (found === null) break;
    i = found.index;
    // The places reachable after each character of the secret, read every way.
    let places = [i];
    for (const cp of cps) {
      const next: number[] = [];
      for (const at of places) {
        if (at >= text.length) continue;
        for (const t of tokensAt(text, at)) {
          if (t.cp === cp && !next.includes(t.end)) next.push(t.end);
        }
      }
      places = next;
      if (places.length === 0) break;
    }
    if (places.length === 0) continue;
    const end = Math.max(...places);
    spans.push([i, end]);
    if (first) break;
    i = end - 1;
  }
  return spans;
}

const REDACTED = "***";

/**
 * Removes secrets from texts and errors: the API key, and any other secret given (a password
 * in the base URL), in every spelling a server or proxy may echo them (see
 * {@linkcode Redactor.text}).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Redactor } from "./_errors.ts";
 *
 * const r = new Redactor("ab/Cd+e");
 * assert.equal(r.text("key ab%2fCd%2Be, ab&#x2F;Cd&plus;e, ab\\/Cd+e"), "key ***, ***, ***");
 * ```
 */
export class Redactor {
  /** The secrets, longest first; each also with "+" for its spaces and " " for its "+" (forms). */
  readonly #forms: string[];

  /** */
  constructor(apiKey: string, others: readonly string[] = []) {
    const forms = new Set<string>();
    for (const secret of [apiKey, ...others]) {
      if (secret === "") continue;
      forms.add(secret);
      if (secret.includes(" ")) forms.add(secret.replaceAll(" ", "+"));
      // A server that decodes the path and then reads it as a form shows a "+" as a space.
      if (secret.includes("+")) forms.add(secret.replaceAll("+", " "));
    }
    // Longest first, so that no secret leaves a piece of a longer one behind.
    this.#forms = [...forms].sort((a, b) => b.length - a.length);
  }

  /**
   * The text with every occurrence of a secret replaced by `***`: raw, percent-encoded (either
   * case of hex, once or more), `+` for a space, HTML and XML character references (decimal,
   * hex or named), JSON and JavaScript escapes (`\/`, `\u002F`, `\x2F`, `\u{2F}`), and any
   * mix of these, one character at a time.
   */
  text(text: string): string {
    const spans = this.#find(text, false);
    if (spans.length === 0) return text;
    let out = "";
    let at = 0;
    for (const [start, end] of spans) {
      out += `${text.slice(at, start)}${REDACTED}`;
      at = end;
    }
    return out + text.slice(at);
  }

  /** Whether a text holds a secret in any of its spellings. */
  holdsKey(text: string): boolean {
    return this.#find(text, true).length > 0;
  }

  /** Where the secrets are in a text, in any spelling, as merged [start, end) spans in order. */
  #find(text: string, first: boolean): [number, number][] {
    const spans: [number, number][] = [];
    for (const form of this.#forms) {
      spans.push(...findSpelled(text, form, first));
      if (first && spans.length > 0) return spans;
    }
    spans.sort((a, b) => a[0] - b[0]);
    const merged: [number, number][] = [];
    for (const span of spans) {
      const prev = merged.at(-1);
      if (prev !== undefined && span[0] <= prev[1]) prev[1] = Math.max(prev[1], span[1]);
      else merged.push(span);
    }
    return merged;
  }

  /**
   * The error itself when nothing it shows holds a secret, else a copy of it and its causes with
   * the secrets removed from names, messages and stacks.
   */
  error(error: unknown): unknown {
    if (this.#forms.length === 0 || !this.holdsKey(Deno.inspect(error, { depth: 8 }))) {
      return error;
    }
    return this.#copy(error, 0);
  }

  #copy(error: unknown, depth: number): Error {
    if (!(error instanceof Error)) return new Error(this.text(String(error)));
    const cause = error.cause !== undefined && depth < 4
      ? { cause: this.#copy(error.cause, depth + 1) }
      : undefined;
    const copy = new Error(this.text(error.message), cause);
    copy.name = this.text(error.name);
    if (error.stack !== undefined) copy.stack = this.text(error.stack);
    return copy;
  }
}

const NO_KEY = new Redactor("");

/** What a failing request knows: the service, its URL (key redacted) and the key to hide. */
export interface Scope {
  /** The service, e.g. "StatisticSearch". */
  service: string;
  /** The URL with the key as `***`, when a request was built. */
  url?: string | undefined;
  /** Hides the key. */
  redactor: Redactor;
}

/** The facts of an error besides its code and message. */
interface Facts {
  cause?: unknown;
  serviceMessage?: string;
  attempts?: number;
  retryable?: boolean;
  retryAfterMs?: number | undefined;
}

/** The one constructor call of the library: every string the error carries is redacted. */
function build(code: EcosErrorCode, message: string, scope: Scope | undefined, facts: Facts) {
  const r = scope?.redactor ?? NO_KEY;
  const options: EcosErrorOptions = { retryable: facts.retryable ?? false };
  if (facts.cause !== undefined) options.cause = r.error(facts.cause);
  if (scope !== undefined) options.service = scope.service;
  if (scope?.url !== undefined) options.url = r.text(scope.url);
  if (facts.serviceMessage !== undefined) options.serviceMessage = r.text(facts.serviceMessage);
  if (facts.attempts !== undefined) options.attempts = facts.attempts;
  if (facts.retryAfterMs !== undefined) options.retryAfterMs = facts.retryAfterMs;
  return new EcosError(code, r.text(message), options);
}

/** The start of a text, whitespace folded, for a message. */
function quote(text: string, r: Redactor, at: "start" | "end" = "start"): string {
  const s = r.text(text).replace(/\s+/g, " ").trim();
  if (s.length <= 80) return JSON.stringify(s);
  return JSON.stringify(at === "start" ? `${s.slice(0, 80)}...` : `...${s.slice(-80)}`);
}

/** The reason a call's deadline gives its signal: the whole pull took longer than allowed. */
export class DeadlineExceeded extends Error {
  /** @param ms The deadline, in milliseconds. */
  constructor(readonly ms: number) {
    super(`The deadline of ${ms} ms passed`);
    this.name = "DeadlineExceeded";
  }
}

/** The caller's signal fired, or the call's deadline passed (TIMEOUT, naming deadlineMs). */
export function abortedError(scope: Scope, reason: unknown, attempts: number): EcosError {
  if (reason instanceof DeadlineExceeded) {
    return build(
      "TIMEOUT",
      `The pull did not finish within deadlineMs (${reason.ms} ms); raise deadlineMs or narrow ` +
        `the query: ${scope.service}`,
      scope,
      { cause: reason, attempts },
    );
  }
  const when = attempts === 0 ? " before it started" : "; start it again to retry";
  return build(
    "ABORTED",
    `The request was cancelled by the caller's signal${when}: ${scope.service}`,
    scope,
    { cause: reason, attempts },
  );
}

/** An attempt ran past its time limit. */
export function timeoutError(scope: Scope, timeoutMs: number, cause: unknown): EcosError {
  return build(
    "TIMEOUT",
    `The service did not answer within timeoutMs (${timeoutMs} ms); raise timeoutMs or narrow ` +
      `the query: ${scope.service}`,
    scope,
    { cause, retryable: true },
  );
}

/** The connection failed, or the body was cut short. */
export function transportError(scope: Scope, what: string, cause: unknown): EcosError {
  const detail = cause instanceof Error ? ` (${cause.message})` : "";
  return build(
    "TRANSPORT",
    `Could not reach the service; check the network and baseUrl: ${what}${detail}`,
    scope,
    { cause, retryable: true },
  );
}

/** What a body that is not an ECOS answer looked like. */
export interface BadBody {
  /** What is wrong, e.g. "an HTML page". */
  detail: string;
  /** Text of the body to quote (redacted, then cut). */
  quote?: string | undefined;
  /** Quote the body's end rather than its start (for a body cut short). */
  quoteEnd?: boolean | undefined;
  /** The parser's error. */
  cause?: unknown;
  /** Whether asking again may help: pages of proxies and maintenance are transient. */
  retryable: boolean;
  /** How long the answer asked us to wait before asking again (its Retry-After). */
  retryAfterMs?: number | undefined;
}

/**
 * An answer that is not an ECOS body: HTML, garbage, a body cut short, a wrong shape, an HTTP
 * status other than 200, or a code the service does not document.
 */
export function badResponseError(scope: Scope, body: BadBody): EcosError {
  const shown = body.quote === undefined
    ? ""
    : `: ${quote(body.quote, scope.redactor, body.quoteEnd ? "end" : "start")}`;
  const advice = body.retryable ? "; try again later" : "";
  return build(
    "BAD_RESPONSE",
    `The service sent something other than an ECOS answer${advice}: ${body.detail}${shown}`,
    scope,
    { cause: body.cause, retryable: body.retryable, retryAfterMs: body.retryAfterMs },
  );
}

/** A RESULT body with an error or information code, advice first and the service's words after. */
export function resultError(
  scope: Scope,
  code: string,
  message: string,
  attempts: number,
): EcosError {
  const tries = attempts > 1 ? ` after ${attempts} attempts` : "";
  // The service's words, key removed, then cut: a hostile message is neither kept whole in the
  // text nor cut through the key.
  const words = scope.redactor.text(message).trim();
  const said = words === "" ? "" : ` (${words.length > 300 ? `${words.slice(0, 300)}...` : words})`;
  if (!isEcosResultCode(code)) {
    // An unknown code is an answer, not a glitch: asking again will not change it.
    return build(
      "BAD_RESPONSE",
      `The service answered an unknown code: ${scope.service} answered ${code}${said}${tries}`,
      scope,
      { serviceMessage: message, attempts },
    );
  }
  const info = ECOS_CODES[code];
  return build(code, `${info.advice}: ${scope.service} answered ${code}${said}${tries}`, scope, {
    serviceMessage: message,
    attempts,
    retryable: info.retry === "backoff" || info.retry === "throttle",
  });
}

/** The data changed while it was being pulled, twice. */
export function totalChangedError(scope: Scope, detail: string): EcosError {
  return build(
    "TOTAL_CHANGED",
    `The data changed while it was being pulled, twice; try again in a few minutes: ` +
      `${scope.service} ${detail}`,
    scope,
    { attempts: 2 },
  );
}

/** HTTP 429 from the service or a proxy: retried after the wait it asks for. */
export function rateLimitedError(
  scope: Scope,
  retryAfterMs: number | undefined,
  body: string,
): EcosError {
  const wait = retryAfterMs === undefined
    ? ""
    : ` (Retry-After: ${Math.ceil(retryAfterMs / 1000)} s)`;
  return build(
    "RATE_LIMITED",
    `The service refused the request as one too many (HTTP 429)${wait}; lower concurrency or ` +
      `rateLimit and try again later: ${scope.service}${
        body.trim() ? `: ${quote(body, scope.redactor)}` : ""
      }`,
    scope,
    { retryable: true, retryAfterMs },
  );
}

/** A query that matches more rows than the client accepts. */
export function tooManyRowsError(scope: Scope, total: number, maxRows: number): EcosError {
  return build(
    "TOO_MANY_ROWS",
    `The query matches ${total} rows, more than maxRows (${maxRows}); narrow the date range or ` +
      `the items, or raise maxRows: ${scope.service}`,
    scope,
    {},
  );
}

/**
 * No data because a code does not exist: the service answers INFO-200 for a mistyped table
 * code, an item the table does not have and a cycle it does not offer alike.
 */
export function unknownCodeError(scope: Scope, message: string): EcosError {
  return build("UNKNOWN_CODE", message, scope, {});
}

/** A single period the service still finds too large (ERROR-400). */
export function tooLargeError(e: EcosError, period: string): EcosError {
  return restate(e, {
    message: `${ECOS_CODES["ERROR-400"].advice}: even the single period ${period} is too large ` +
      `for the service; ask for fewer items (item codes) at a time`,
    cause: e,
  });
}

/** A text with every secret removed, in every spelling the redactor knows. */
export function redact(text: string, secrets: readonly string[]): string {
  return secrets.reduce((out, secret) => new Redactor(secret).text(out), text);
}

/** Raised by the decoders for a body that is not an ECOS answer. */
export class BodyError extends Error implements BadBody {
  /** What is wrong. */
  readonly detail: string;
  /** Text of the body to quote. */
  readonly quote: string | undefined;
  /** Quote the end of the body rather than its start. */
  readonly quoteEnd: boolean;
  /** Such bodies come from proxies and maintenance: asking again may help. */
  readonly retryable = true;

  /** */
  constructor(
    detail: string,
    options: { quote?: string; quoteEnd?: boolean; cause?: unknown } = {},
  ) {
    super(detail, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = "BodyError";
    this.detail = detail;
    this.quote = options.quote;
    this.quoteEnd = options.quoteEnd ?? false;
  }
}

/**
 * A field name for a message, or a description when it is too long to show whole: the name
 * comes from the body, which may echo the key, and is redacted only after it is quoted.
 */
export const fieldName = (name: string): string =>
  name.length <= 40 ? JSON.stringify(name) : "with a long name";

// Why a StatisticSearch found nothing.

/** The lookups an explanation may need, cached by the client. */
export interface ListLookups {
  /** StatisticItemList of a table: one row per item and cycle; empty for an unknown table. */
  items(statCode: string): Promise<DataFrame>;
  /** StatisticTableList: every table. */
  tables(): Promise<DataFrame>;
  /** The tables a bundled server of this process has sample data for; none elsewhere. */
  sampled?: readonly string[] | undefined;
}

/** How many codes a message lists before "and N more". */
const LISTED = 8;

function listCodes(codes: readonly string[], names: ReadonlyMap<string, string>): string {
  const shown = codes.slice(0, LISTED).map((c) => {
    const name = names.get(c);
    return name ? `${c} (${name})` : c;
  });
  const more = codes.length > LISTED ? `, and ${codes.length - LISTED} more` : "";
  return shown.join(", ") + more;
}

const column = (df: DataFrame, name: string): (string | null)[] =>
  df.columns.includes(name) ? df.getColumn(name).toArray() as (string | null)[] : [];

/**
 * The message of an empty search whose codes do not exist, or `undefined` when they all exist
 * (then the range holds no data and the empty frame is the answer).
 *
 * @returns What does not exist and what does, or `undefined`.
 */
export async function explainEmpty(
  q: { statCode: string; cycle: string; items: readonly string[] },
  lookups: ListLookups,
): Promise<string | undefined> {
  const items = await lookups.items(q.statCode);
  if (items.height === 0) {
    // A table of the catalogue that the bundled server has no sample data for: it needs a key.
    const note = lookups.sampled && sampleDataNote(q.statCode, lookups.sampled);
    if (note) return note;
    const tables = await lookups.tables();
    const searchable = tables.filter(pl.col("SRCH_YN").eq(pl.lit("Y")));
    const near = closest(q.statCode, column(searchable, "STAT_CODE").filter((c) => c !== null));
    const hint = near === undefined
      ? "find tables with statisticTableList()"
      : `did you mean ${near}?`;
    return `${q.statCode} is not a table code; ${hint}`;
  }
  const cycles = [...new Set(column(items, "CYCLE").filter((c) => c !== null))];
  if (!cycles.includes(q.cycle)) {
    return `${q.statCode} has cycles ${cycles.join(", ")}; not ${q.cycle}`;
  }
  const groups = column(items, "GRP_CODE");
  const codes = column(items, "ITEM_CODE");
  const names = column(items, "ITEM_NAME");
  const itemCycles = column(items, "CYCLE");
  for (const [level, code] of q.items.entries()) {
    if (code === "?") continue;
    const group = `Group${level + 1}`;
    // Items of this level; a service that names groups otherwise: every item.
    const atLevel = groups.some((g) => g === group)
      ? (i: number) => groups[i] === group
      : () => true;
    const known = new Map<string, string>();
    const inCycle = new Set<string>();
    codes.forEach((c, i) => {
      if (c === null || !atLevel(i)) return;
      known.set(c, names[i] ?? "");
      if (itemCycles[i] === q.cycle) inCycle.add(c);
    });
    const which = level === 0 ? "item" : `item of level ${level + 1}`;
    if (!known.has(code)) {
      return `${q.statCode} has no ${which} ${code}; its items are ${
        listCodes([...known.keys()], known)
      }`;
    }
    if (!inCycle.has(code)) {
      const offered = [...new Set(codes.flatMap((c, i) => c === code ? [itemCycles[i]] : []))];
      return `${q.statCode} has ${which} ${code} in cycles ${offered.join(", ")}; not ${q.cycle}`;
    }
  }
  return undefined;
}
