/**
 * The errors of a request, each string cleared of the API key in any spelling a server may echo
 * it ({@linkcode Redactor}) before it is cut for display; the decoders' {@linkcode BodyError};
 * why an empty search found nothing ({@linkcode explainEmpty}). EcosError is in `src/errors.ts`.
 *
 * @module
 */

import { type DataFrame, pl } from "../deps.ts";
import { closest } from "../util/closest.ts";
import { sampleDataNote } from "../discovery/catalogue.ts";
import { ECOS_CODES, isEcosResultCode } from "../wire/codes.ts";
import { EcosError, type EcosErrorCode, type EcosErrorOptions, restate } from "../errors.ts";

/** HTML's named character references of ASCII (and nbsp): each the name, then its character. */
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
type Token = { cp: number; end: number };

/** The byte escaped at `i` (a `%`) under `layers` more "%25": "%2F" with 0, "%252F" with 1. */
function percentByte(text: string, i: number, layers: number): Token | undefined {
  const j = i + 1 + 2 * layers;
  const hex = text.slice(j, j + 2);
  const ok = text.startsWith("25".repeat(layers), i + 1) && /^[0-9a-fA-F]{2}$/.test(hex);
  return ok ? { cp: parseInt(hex, 16), end: j + 2 } : undefined;
}

/** A percent-encoded character at `i`: one byte, or the bytes of one UTF-8 sequence. */
function percentChar(text: string, i: number, layers: number): Token | undefined {
  const first = percentByte(text, i, layers);
  if (first === undefined || first.cp < 0x80) return first;
  const more = first.cp >= 0xf0 ? 3 : first.cp >= 0xe0 ? 2 : first.cp >= 0xc0 ? 1 : -1;
  if (more < 0) return undefined;
  let cp = first.cp & (0x3f >> more);
  let end = first.end;
  for (let k = 0; k < more; k++) {
    const next = text.charCodeAt(end) === 37 ? percentByte(text, end, layers) : undefined;
    if (next === undefined || (next.cp & 0xc0) !== 0x80) return undefined;
    cp = (cp << 6) | (next.cp & 0x3f);
    end = next.end;
  }
  return cp > 0x10ffff ? undefined : { cp, end };
}

/** A character reference at `i` (an `&`): hex, decimal or named. */
function referenceChar(text: string, i: number): Token | undefined {
  REFERENCE.lastIndex = i;
  const m = REFERENCE.exec(text);
  if (m === null) return undefined;
  const [, hex, dec, name] = m;
  const cp = name ? NAMED[name] : hex ? parseInt(hex, 16) : Number(dec);
  return cp !== undefined && cp <= 0x10ffff ? { cp, end: REFERENCE.lastIndex } : undefined;
}

/** A backslash escape at `i`: a pair of \u escapes of one character beyond the BMP included. */
function escapeChar(text: string, i: number): Token | undefined {
  ESCAPE.lastIndex = i;
  const m = ESCAPE.exec(text);
  if (m === null) return undefined;
  const end = ESCAPE.lastIndex;
  if (m[4] !== undefined) return { cp: m[4].charCodeAt(0), end };
  const cp = parseInt(m[1] ?? m[2] ?? m[3]!, 16);
  if (cp > 0x10ffff) return undefined;
  if (m[2] !== undefined && cp >= 0xd800 && cp <= 0xdbff) {
    const low = ESCAPE.exec(text); // from `end`: a low surrogate's escape right after
    const unit = low?.[2] === undefined ? -1 : parseInt(low[2], 16);
    if (unit >= 0xdc00 && unit <= 0xdfff) {
      return { cp: 0x10000 + ((cp - 0xd800) << 10) + (unit - 0xdc00), end: ESCAPE.lastIndex };
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
  else if (c === 37) { // %, and "%25" layers of it: "%252F" is "%2F" read once, "/" read twice
    for (let layers = 0; layers <= 8 && percentByte(text, i, layers) !== undefined; layers++) {
      const t = percentChar(text, i, layers);
      if (t !== undefined) out.push(t);
    }
  } else {
    const t = c === 38 ? referenceChar(text, i) : c === 92 ? escapeChar(text, i) : undefined;
    if (t !== undefined) out.push(t);
  }
  return out;
}

/**
 * Where a secret occurs in a text, in any spelling, as [start, end) spans in order, none
 * overlapping (each the longest reading from its start); with `first`, only the first.
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
  if (!/[%&\\+]/.test(text)) { // most texts hold no spelling but the raw one
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
  for (let found = starts.exec(text); found !== null; found = starts.exec(text)) {
    const i = found.index;
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
    starts.lastIndex = end;
  }
  return spans;
}

/**
 * Removes secrets from texts and errors: the API key, and any other (a password in the base URL),
 * in every spelling a server or proxy may echo them (see {@linkcode Redactor.text}).
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

  constructor(apiKey: string, others: readonly string[] = []) {
    const forms = new Set<string>();
    for (const secret of [apiKey, ...others].filter((s) => s !== "")) {
      forms.add(secret);
      if (secret.includes(" ")) forms.add(secret.replaceAll(" ", "+"));
      // A server that decodes the path and then reads it as a form shows a "+" as a space.
      if (secret.includes("+")) forms.add(secret.replaceAll("+", " "));
    }
    // Longest first, so that no secret leaves a piece of a longer one behind.
    this.#forms = [...forms].sort((a, b) => b.length - a.length);
  }

  /**
   * The text with every occurrence of a secret replaced by `***`: raw, percent-encoded (any case
   * of hex, once or more), `+` for a space, HTML and XML character references (decimal, hex or
   * named), JSON and JavaScript escapes (`\/`, `\u002F`, `\x2F`, `\u{2F}`), mixed per character.
   */
  text(text: string): string {
    let out = "";
    let at = 0;
    for (const [start, end] of this.#find(text, false)) {
      out += `${text.slice(at, start)}***`;
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

  /** The error itself when nothing it shows holds a secret, else a redacted copy, causes too. */
  error(error: unknown): unknown {
    const clean = this.#forms.length === 0 || !this.holdsKey(Deno.inspect(error, { depth: 8 }));
    return clean ? error : this.#copy(error, 0);
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

/** What a failing request knows: the service, its URL (key redacted) and the key to hide. */
export interface Scope {
  service: string;
  /** With the key as `***`, when a request was built. */
  url?: string | undefined;
  redactor: Redactor;
}

/** The facts of an error besides its code and message (`service` and `url` come from its scope). */
type Facts = { [K in keyof EcosErrorOptions]?: EcosErrorOptions[K] | undefined };

/** The one constructor call of the library: every string the error carries is redacted. */
function build(code: EcosErrorCode, message: string, scope: Scope, facts: Facts) {
  const r = scope.redactor;
  const options: EcosErrorOptions = { service: scope.service, retryable: facts.retryable ?? false };
  if (facts.cause !== undefined) options.cause = r.error(facts.cause);
  if (scope.url !== undefined) options.url = r.text(scope.url);
  if (facts.serviceMessage !== undefined) options.serviceMessage = r.text(facts.serviceMessage);
  if (facts.attempts !== undefined) options.attempts = facts.attempts;
  if (facts.retryAfterMs !== undefined) options.retryAfterMs = facts.retryAfterMs;
  return new EcosError(code, r.text(message), options);
}

/** A text for a message: redacted, whitespace folded, then cut to its first (or last) 80. */
function quote(text: string, r: Redactor, end = false): string {
  const s = r.text(text).replace(/\s+/g, " ").trim();
  if (s.length <= 80) return JSON.stringify(s);
  return JSON.stringify(end ? `...${s.slice(-80)}` : `${s.slice(0, 80)}...`);
}

/** The wait an answer asked for, for a message; nothing when it asked none. */
export const retryAfterNote = (ms: number | undefined): string =>
  ms === undefined ? "" : ` (Retry-After: ${Math.ceil(ms / 1000)} s)`;

/** The reason a call's deadline gives its signal: the whole pull took longer than allowed. */
export class DeadlineExceeded extends Error {
  constructor(readonly ms: number) {
    super(`The deadline of ${ms} ms passed`);
    this.name = "DeadlineExceeded";
  }
}

/** The caller's signal fired, or the call's deadline passed (TIMEOUT, naming deadlineMs). */
export function abortedError(scope: Scope, reason: unknown, attempts: number): EcosError {
  const facts = { cause: reason, attempts };
  if (reason instanceof DeadlineExceeded) {
    const message = `The pull did not finish within deadlineMs (${reason.ms} ms); raise ` +
      `deadlineMs or narrow the query: ${scope.service}`;
    return build("TIMEOUT", message, scope, facts);
  }
  const when = attempts === 0 ? " before it started" : "; start it again to retry";
  const message = `The request was cancelled by the caller's signal${when}: ${scope.service}`;
  return build("ABORTED", message, scope, facts);
}

/** An attempt ran past its time limit. */
export function timeoutError(scope: Scope, timeoutMs: number, cause: unknown): EcosError {
  const message = `The service did not answer within timeoutMs (${timeoutMs} ms); raise ` +
    `timeoutMs or narrow the query: ${scope.service}`;
  return build("TIMEOUT", message, scope, { cause, retryable: true });
}

/** The connection failed, or the body was cut short. */
export function transportError(scope: Scope, what: string, cause: unknown): EcosError {
  const detail = cause instanceof Error ? ` (${cause.message})` : "";
  const message = `Could not reach the service; check the network and baseUrl: ${what}${detail}`;
  return build("TRANSPORT", message, scope, { cause, retryable: true });
}

/** What a body that is not an ECOS answer looked like. */
export interface BadBody {
  /** What is wrong, e.g. "an HTML page". */
  detail: string;
  /** Text of the body to quote (redacted, then cut), from its end for a body cut short. */
  quote?: string | undefined;
  quoteEnd?: boolean | undefined;
  cause?: unknown;
  /** Whether asking again may help: pages of proxies and maintenance are transient. */
  retryable: boolean;
  retryAfterMs?: number | undefined;
}

/**
 * An answer that is not an ECOS body: HTML, garbage, a body cut short, a wrong shape, an HTTP
 * status other than 200, or a code the service does not document.
 */
export function badResponseError(scope: Scope, body: BadBody): EcosError {
  const { detail, quoteEnd, cause, retryable, retryAfterMs } = body;
  const shown = body.quote === undefined ? "" : `: ${quote(body.quote, scope.redactor, quoteEnd)}`;
  const message = `The service sent something other than an ECOS answer` +
    `${retryable ? "; try again later" : ""}: ${detail}${shown}`;
  return build("BAD_RESPONSE", message, scope, { cause, retryable, retryAfterMs });
}

/** A RESULT body with an error or information code, advice first and the service's words after. */
export function resultError(scope: Scope, code: string, said: string, attempts: number): EcosError {
  const tries = attempts > 1 ? ` after ${attempts} attempts` : "";
  // Redacted, then cut: a hostile message is neither kept whole nor cut through the key.
  const words = scope.redactor.text(said).trim();
  const cut = words.length > 300 ? `${words.slice(0, 300)}...` : words;
  const answered = `${scope.service} answered ${code}${words === "" ? "" : ` (${cut})`}${tries}`;
  const facts = { serviceMessage: said, attempts };
  if (!isEcosResultCode(code)) {
    // An unknown code is an answer, not a glitch: asking again will not change it.
    return build("BAD_RESPONSE", `The service answered an unknown code: ${answered}`, scope, facts);
  }
  const { advice, retry } = ECOS_CODES[code];
  const retryable = retry === "backoff" || retry === "throttle";
  return build(code, `${advice}: ${answered}`, scope, { ...facts, retryable });
}

/** The data changed while it was being pulled, twice. */
export function totalChangedError(scope: Scope, detail: string): EcosError {
  const message = `The data changed while it was being pulled, twice; try again in a few ` +
    `minutes: ${scope.service} ${detail}`;
  return build("TOTAL_CHANGED", message, scope, { attempts: 2 });
}

/** HTTP 429 from the service or a proxy: retried after the wait it asks for. */
export function rateLimitedError(scope: Scope, body: string, waitMs?: number): EcosError {
  const shown = body.trim() ? `: ${quote(body, scope.redactor)}` : "";
  const message = `The service refused the request as one too many (HTTP 429)` +
    `${retryAfterNote(waitMs)}; lower concurrency or rateLimit and try again later: ` +
    `${scope.service}${shown}`;
  return build("RATE_LIMITED", message, scope, { retryable: true, retryAfterMs: waitMs });
}

/** A query that matches more rows than the client accepts. */
export function tooManyRowsError(scope: Scope, total: number, maxRows: number): EcosError {
  const message = `The query matches ${total} rows, more than maxRows (${maxRows}); narrow the ` +
    `date range or the items, or raise maxRows: ${scope.service}`;
  return build("TOO_MANY_ROWS", message, scope, {});
}

/** No data because a code does not exist (INFO-200 says so of a table, item or cycle alike). */
export function unknownCodeError(scope: Scope, message: string): EcosError {
  return build("UNKNOWN_CODE", message, scope, {});
}

/** A single period the service still finds too large (ERROR-400). */
export function tooLargeError(e: EcosError, period: string): EcosError {
  const message = `${ECOS_CODES["ERROR-400"].advice}: even the single period ${period} is too ` +
    `large for the service; ask for fewer items (item codes) at a time`;
  return restate(e, { message, cause: e });
}

/** A text with every secret removed, in every spelling the redactor knows. */
export function redact(text: string, secrets: readonly string[]): string {
  return secrets.reduce((out, secret) => new Redactor(secret).text(out), text);
}

/** Raised by the decoders for a body that is not an ECOS answer. */
export class BodyError extends Error implements BadBody {
  readonly quote: string | undefined;
  readonly quoteEnd: boolean;
  /** Such bodies come from proxies and maintenance: asking again may help. */
  readonly retryable = true;

  constructor(
    readonly detail: string,
    options: { quote?: string; quoteEnd?: boolean; cause?: unknown } = {},
  ) {
    super(detail, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = "BodyError";
    this.quote = options.quote;
    this.quoteEnd = options.quoteEnd ?? false;
  }
}

/** A field name for a message, unless too long: from the body, it is redacted only once quoted. */
export const fieldName = (name: string): string =>
  name.length <= 40 ? JSON.stringify(name) : "with a long name";

/** The lookups an explanation may need, cached by the client. */
export interface ListLookups {
  /** StatisticItemList of a table: one row per item and cycle; empty for an unknown table. */
  items(statCode: string): Promise<DataFrame>;
  tables(): Promise<DataFrame>;
  /** The tables a bundled server of this process has sample data for; none elsewhere. */
  sampled?: readonly string[] | undefined;
}

const LISTED = 8;

/** Codes with their names (when they have one), the first {@linkcode LISTED} of them. */
function listCodes(names: ReadonlyMap<string, string>): string {
  const shown = [...names].slice(0, LISTED).map(([c, name]) => (name ? `${c} (${name})` : c));
  const more = names.size > LISTED ? `, and ${names.size - LISTED} more` : "";
  return shown.join(", ") + more;
}

const column = (df: DataFrame, name: string): (string | null)[] =>
  df.columns.includes(name) ? df.getColumn(name).toArray() as (string | null)[] : [];

/**
 * The message of an empty search whose codes do not exist, or `undefined` when they all exist
 * (then the range holds no data and the empty frame is the answer).
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
    const searchable = (await lookups.tables()).filter(pl.col("SRCH_YN").eq(pl.lit("Y")));
    const near = closest(q.statCode, column(searchable, "STAT_CODE").filter((c) => c !== null));
    const hint = near === undefined
      ? "find tables with statisticTableList()"
      : `did you mean ${near}?`;
    return `${q.statCode} is not a table code; ${hint}`;
  }
  const itemCycles = column(items, "CYCLE");
  const cycles = [...new Set(itemCycles.filter((c) => c !== null))];
  if (!cycles.includes(q.cycle)) {
    return `${q.statCode} has cycles ${cycles.join(", ")}; not ${q.cycle}`;
  }
  const groups = column(items, "GRP_CODE");
  const codes = column(items, "ITEM_CODE");
  const names = column(items, "ITEM_NAME");
  for (const [level, code] of q.items.entries()) {
    if (code === "?") continue;
    const group = `Group${level + 1}`;
    // Items of this level; a service that names groups otherwise: every item.
    const atLevel = groups.includes(group) ? (i: number) => groups[i] === group : () => true;
    const known = new Map<string, string>();
    codes.forEach((c, i) => {
      if (c !== null && atLevel(i)) known.set(c, names[i] ?? "");
    });
    const which = level === 0 ? "item" : `item of level ${level + 1}`;
    if (!known.has(code)) {
      return `${q.statCode} has no ${which} ${code}; its items are ${listCodes(known)}`;
    }
    if (!codes.some((c, i) => c === code && atLevel(i) && itemCycles[i] === q.cycle)) {
      const offered = [...new Set(codes.flatMap((c, i) => c === code ? [itemCycles[i]] : []))];
      return `${q.statCode} has ${which} ${code} in cycles ${offered.join(", ")}; not ${q.cycle}`;
    }
  }
  return undefined;
}
