/**
 * The error family of the module. Every error the library raises is an {@linkcode EcosError}
 * with a `code`: one of the service's result codes, or one of the project's own.
 *
 * @module
 */

import type { EcosResultCode } from "../wire/codes.ts";

/** Codes the project uses for failures that are not answers of the ECOS service. */
export type EcosClientCode =
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
  | "TOTAL_CHANGED";

/** Every code an {@linkcode EcosError} may carry. */
export type EcosErrorCode = EcosResultCode | EcosClientCode;

/** Extra facts attached to an {@linkcode EcosError}. */
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
}

/**
 * An error raised by the ECOS client.
 *
 * @example Telling an invalid key from other failures
 * ```ts
 * import { EcosError } from "./errors.ts";
 *
 * const e = new EcosError("INFO-100", "The API key was refused: check ECOS_API_KEY");
 * console.assert(e.code === "INFO-100" && e.name === "EcosError");
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
 * import { EcosError, isEcosError } from "./errors.ts";
 *
 * console.assert(isEcosError(new EcosError("TIMEOUT", "Timed out")));
 * console.assert(!isEcosError(new Error("other")));
 * ```
 */
export function isEcosError(error: unknown): error is EcosError {
  return error instanceof EcosError ||
    (error instanceof Error && error.name === "EcosError" &&
      typeof (error as { code?: unknown }).code === "string");
}

/** Shorthand for an INVALID_ARGUMENT error: nothing was sent. */
export function invalidArgument(message: string, cause?: unknown): EcosError {
  return new EcosError("INVALID_ARGUMENT", message, cause === undefined ? {} : { cause });
}
