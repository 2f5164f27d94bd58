/**
 * The one place the errors of a request are built. Each factory takes the {@linkcode Scope} of
 * the failing request, whose {@linkcode Redactor} removes the API key from every string the
 * error carries (message, URL, the service's message, the causes' messages and stacks) before
 * any of it is cut short for display. The error type itself is in `src/errors.ts`.
 *
 * @module
 */

import { ECOS_CODES, isEcosResultCode } from "../wire/codes.ts";
import { EcosError, type EcosErrorCode, type EcosErrorOptions, restate } from "../errors.ts";
import { findSpelled } from "./_spellings.ts";

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

  /**
   * @param apiKey The key to hide; "" hides nothing.
   * @param others Other secrets to hide (a base URL's password, say); "" entries are ignored.
   */
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
   *
   * @param text Any text.
   * @returns The text without the secrets.
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

  /**
   * Whether a text holds a secret in any of its spellings.
   *
   * @param text Any text.
   * @returns `true` when a secret occurs in it.
   */
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
   * The error itself when nothing it shows holds a secret, else a copy of it and its causes
   * with the secrets removed from names, messages and stacks. (Deno's fetch errors quote the
   * URL, key included.)
   *
   * @param error Any thrown value.
   * @returns The value, or a plain Error (its name kept) without the secrets.
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

/**
 * The start of a text, whitespace folded, for a message. The key is removed first, so that a
 * cut can never leave part of it behind.
 */
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

/**
 * The caller's signal fired, or the call's deadline passed (TIMEOUT, naming deadlineMs).
 *
 * @param scope The request.
 * @param reason The signal's reason.
 * @param attempts Attempts made (0 when nothing was sent).
 * @returns An EcosError with code ABORTED, or TIMEOUT for a deadline.
 */
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

/**
 * An attempt ran past its time limit.
 *
 * @param scope The request.
 * @param timeoutMs The limit.
 * @param cause The abort's error.
 * @returns An EcosError with code TIMEOUT, retryable.
 */
export function timeoutError(scope: Scope, timeoutMs: number, cause: unknown): EcosError {
  return build(
    "TIMEOUT",
    `The service did not answer within timeoutMs (${timeoutMs} ms); raise timeoutMs or narrow ` +
      `the query: ${scope.service}`,
    scope,
    { cause, retryable: true },
  );
}

/**
 * The connection failed, or the body was cut short.
 *
 * @param scope The request.
 * @param what What failed, e.g. "the connection failed".
 * @param cause The network error.
 * @returns An EcosError with code TRANSPORT, retryable.
 */
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
 *
 * @param scope The request.
 * @param body What was wrong, and the text to quote.
 * @returns An EcosError with code BAD_RESPONSE.
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

/**
 * A RESULT body with an error or information code, advice first and the service's words after.
 *
 * @param scope The request.
 * @param code The code as sent.
 * @param message The service's message.
 * @param attempts Attempts made so far.
 * @returns An EcosError with the service's code (BAD_RESPONSE for a code it does not
 * document), retryable as {@linkcode ECOS_CODES} says.
 */
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

/**
 * The data changed while it was being pulled, twice.
 *
 * @param scope The request whose answer disagreed.
 * @param detail What disagreed.
 * @returns An EcosError with code TOTAL_CHANGED.
 */
export function totalChangedError(scope: Scope, detail: string): EcosError {
  return build(
    "TOTAL_CHANGED",
    `The data changed while it was being pulled, twice; try again in a few minutes: ` +
      `${scope.service} ${detail}`,
    scope,
    { attempts: 2 },
  );
}

/**
 * HTTP 429 from the service or a proxy: retried after the wait it asks for.
 *
 * @param scope The request.
 * @param retryAfterMs The wait the Retry-After header asked for, if any.
 * @param body The body, to quote.
 * @returns An EcosError with code RATE_LIMITED, retryable.
 */
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

/**
 * A query that matches more rows than the client accepts.
 *
 * @param scope The first page's request.
 * @param total The rows the service counts.
 * @param maxRows The limit.
 * @returns An EcosError with code TOO_MANY_ROWS.
 */
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
 *
 * @param scope The request that found no data.
 * @param message What does not exist, and what does.
 * @returns An EcosError with code UNKNOWN_CODE.
 */
export function unknownCodeError(scope: Scope, message: string): EcosError {
  return build("UNKNOWN_CODE", message, scope, {});
}

/**
 * A single period the service still finds too large (ERROR-400).
 *
 * @param e The service's ERROR-400.
 * @param period The period's label.
 * @returns An EcosError with code ERROR-400 that says what to do.
 */
export function tooLargeError(e: EcosError, period: string): EcosError {
  return restate(e, {
    message: `${ECOS_CODES["ERROR-400"].advice}: even the single period ${period} is too large ` +
      `for the service; ask for fewer items (item codes) at a time`,
    cause: e,
  });
}

/**
 * A text with every secret removed, in every spelling the redactor knows.
 *
 * @param text Any text, e.g. an error line about to be printed.
 * @param secrets The secrets to hide; "" hides nothing.
 * @returns The text with each secret as `***`.
 */
export function redact(text: string, secrets: readonly string[]): string {
  return secrets.reduce((out, secret) => new Redactor(secret).text(out), text);
}
