/**
 * The module's one error type, on the ground floor: every folder raises and recognises it.
 * {@linkcode EcosError} carries a `code` (one of the service's result codes, or one of the
 * project's own), the request's facts and whether trying again can help. The errors of a
 * request are built in one place, the client's (`src/client/_errors.ts`), which removes the API
 * key from every string they carry; a bad argument, which carries no request, is built here.
 *
 * @module
 */

import type { EcosResultCode } from "./wire/codes.ts";

/**
 * Every code an {@linkcode EcosError} may carry: one of the service's result codes
 * (`INFO-100`, `ERROR-400`, ...), or one of the project's own for failures that are not answers
 * of the ECOS service.
 */
export type EcosErrorCode =
  | EcosResultCode
  /** A bad argument, caught before any request was sent. */
  | "INVALID_ARGUMENT"
  /** The connection failed, was reset, or the body was cut short. */
  | "TRANSPORT"
  /** An attempt ran past its time limit. */
  | "TIMEOUT"
  /** The caller's signal aborted the work. */
  | "ABORTED"
  /** The answer was not an ECOS body (HTML page, 5xx, broken JSON or XML, wrong shape). */
  | "BAD_RESPONSE"
  /** `list_total_count` changed while pages were being pulled, even after a second pull. */
  | "TOTAL_CHANGED"
  /** The service or a proxy kept answering HTTP 429 (too many requests). */
  | "RATE_LIMITED"
  /** The query matches more rows than `maxRows` allows. */
  | "TOO_MANY_ROWS"
  /** No data, because a table code, cycle or item code does not exist. */
  | "UNKNOWN_CODE";

/** The facts attached to an {@linkcode EcosError}. */
export interface EcosErrorOptions {
  /** The underlying error. */
  cause?: unknown;
  /** The service that was called, e.g. "StatisticSearch". */
  service?: string;
  /** The request URL with the API key replaced by `***`. */
  url?: string;
  /** The message the service sent, when it sent one. */
  serviceMessage?: string;
  /** How many attempts were made before giving up. */
  attempts?: number;
  /**
   * Whether the same request may succeed later (a glitch), as opposed to a final answer.
   *
   * @default {false}
   */
  retryable?: boolean;
  /** How long the service asked us to wait (HTTP Retry-After), in milliseconds. */
  retryAfterMs?: number;
}

/**
 * An error raised by the ECOS client.
 *
 * @example Telling an invalid key from other failures
 * ```ts
 * import assert from "node:assert/strict";
 * import { EcosError, isEcosError } from "@ecos/ecos";
 *
 * const e = new EcosError("INFO-100", "The API key was refused: check ECOS_API_KEY");
 * assert.equal(e.code, "INFO-100");
 * assert.equal(e.retryable, false);
 * assert.ok(isEcosError(e));
 * ```
 */
export class EcosError extends Error {
  /** The service's result code, or the project's own code. */
  readonly code: EcosErrorCode;
  /** The service that was called, when a request was involved. */
  readonly service: string | undefined;
  /** The request URL, with the API key redacted. */
  readonly url: string | undefined;
  /** The message the service sent, when it sent one. */
  readonly serviceMessage: string | undefined;
  /** How many attempts were made. */
  readonly attempts: number | undefined;
  /** Whether the same request may succeed later; the client retries only these. */
  readonly retryable: boolean;
  /** How long the service asked us to wait (HTTP Retry-After), in milliseconds. */
  readonly retryAfterMs: number | undefined;

  /**
   * Creates an error with a code and a message that says what to do.
   *
   * @param code The result code or project code.
   * @param message What happened and what to do.
   * @param options The cause and the request's facts.
   */
  constructor(code: EcosErrorCode, message: string, options: EcosErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = "EcosError";
    this.code = code;
    this.service = options.service;
    this.url = options.url;
    this.serviceMessage = options.serviceMessage;
    this.attempts = options.attempts;
    this.retryable = options.retryable ?? false;
    this.retryAfterMs = options.retryAfterMs;
  }
}

/**
 * Whether a value is an {@linkcode EcosError}. Also accepts an error whose `name` is
 * "EcosError", since re-importing the module in a notebook creates a new class.
 *
 * @param error Any caught value.
 * @returns `true` for an EcosError from any copy of the module.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { EcosError, isEcosError } from "@ecos/ecos";
 *
 * assert.ok(isEcosError(new EcosError("TIMEOUT", "Timed out")));
 * assert.ok(!isEcosError(new Error("other")));
 * ```
 */
export function isEcosError(error: unknown): error is EcosError {
  return error instanceof EcosError ||
    (error instanceof Error && error.name === "EcosError" &&
      typeof (error as { code?: unknown }).code === "string");
}

/**
 * A bad argument: nothing was sent.
 *
 * @param message What is wrong and what to do instead.
 * @param cause The underlying error, if any.
 * @returns An EcosError with code INVALID_ARGUMENT.
 */
export function invalidArgument(message: string, cause?: unknown): EcosError {
  return new EcosError("INVALID_ARGUMENT", message, cause === undefined ? {} : { cause });
}

/**
 * The same failure with more facts: the number of attempts, another message or cause. The
 * error's strings were redacted when it was built, so they are kept as they are.
 *
 * @param e The error.
 * @param change What to replace.
 * @returns A new EcosError.
 */
export function restate(
  e: EcosError,
  change: { code?: EcosErrorCode; message?: string; attempts?: number; cause?: unknown },
): EcosError {
  const options: EcosErrorOptions = { retryable: e.retryable };
  const cause = "cause" in change ? change.cause : e.cause;
  if (cause !== undefined) options.cause = cause;
  if (e.service !== undefined) options.service = e.service;
  if (e.url !== undefined) options.url = e.url;
  if (e.serviceMessage !== undefined) options.serviceMessage = e.serviceMessage;
  const attempts = change.attempts ?? e.attempts;
  if (attempts !== undefined) options.attempts = attempts;
  if (e.retryAfterMs !== undefined) options.retryAfterMs = e.retryAfterMs;
  return new EcosError(change.code ?? e.code, change.message ?? e.message, options);
}
