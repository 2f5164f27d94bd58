/**
 * How the command line fails: the two errors of its own ({@linkcode UsageError} for bad
 * arguments, {@linkcode OutputError} for a file it could not write), the exit status of any
 * failure, and the one line on stderr that says what went wrong and what to do.
 *
 * @module
 */

import { isEcosError } from "../errors.ts";
import { redact } from "../client/mod.ts";
import { escapeControls } from "./escape.ts";

/** Exit status: done. */
export const EXIT_OK = 0;
/** Exit status: an ECOS answer, a network failure, or a file that could not be written. */
export const EXIT_FAILURE = 1;
/** Exit status: bad arguments; nothing was sent. */
export const EXIT_USAGE = 2;
/** Exit status: stopped by Ctrl-C (128 + SIGINT), as shells expect. */
export const EXIT_INTERRUPTED = 130;

/**
 * Bad arguments: an unknown flag, a missing or extra argument, a malformed value. Nothing was
 * sent. The command line prints the message and a one-line hint at the command's help
 * ({@linkcode usageHint}), and exits 2.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { exitCode, UsageError } from "./errors.ts";
 *
 * const e = new UsageError("Give the table code", "Usage: ecos items <stat> [pattern...]");
 * assert.equal(exitCode(e), 2);
 * assert.equal(e.usage, "Usage: ecos items <stat> [pattern...]");
 * ```
 */
export class UsageError extends Error {
  /** The usage text of the command whose arguments were wrong (`--help` prints it). */
  readonly usage: string;

  /**
   * Creates a usage error.
   *
   * @param message What is wrong and what to do.
   * @param usage The command's usage text.
   * @param options The error that said what was wrong, if any.
   */
  constructor(message: string, usage: string, options?: ErrorOptions) {
    super(message, options);
    this.name = "UsageError";
    this.usage = usage;
  }
}

/**
 * A result that could not be written to the file `--out` names.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { errorLine, OutputError } from "./errors.ts";
 *
 * const e = new OutputError("Could not write out.csv; check the path: permission denied");
 * assert.equal(errorLine(e), "ecos: OUTPUT: Could not write out.csv; check the path: permission denied");
 * ```
 */
export class OutputError extends Error {
  /**
   * Creates an output error.
   *
   * @param message What failed and what to do.
   * @param options The underlying error.
   */
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = "OutputError";
  }
}

/**
 * The exit status of a failure: 2 for bad arguments (a {@linkcode UsageError}, or an EcosError
 * INVALID_ARGUMENT, which the client raises before sending anything), 130 when the user pressed
 * Ctrl-C (`interrupted`), otherwise 1.
 *
 * @param error Any caught value.
 * @param interrupted Whether the command line was interrupted (its signal fired).
 * @returns 1, 2 or 130.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { EcosError } from "../errors.ts";
 * import { exitCode } from "./errors.ts";
 *
 * assert.equal(exitCode(new EcosError("INVALID_ARGUMENT", "Write start as YYYYMM")), 2);
 * assert.equal(exitCode(new EcosError("INFO-100", "Check the API key")), 1);
 * assert.equal(exitCode(new EcosError("ABORTED", "Cancelled"), true), 130);
 * ```
 */
export function exitCode(error: unknown, interrupted = false): number {
  if (error instanceof UsageError) return EXIT_USAGE;
  if (isEcosError(error) && error.code === "INVALID_ARGUMENT") return EXIT_USAGE;
  if (interrupted) return EXIT_INTERRUPTED;
  return EXIT_FAILURE;
}

/**
 * The line that follows a usage error: where to read the command's arguments, rather than the
 * whole help, which would scroll the error away.
 *
 * @param usage The usage text of the command whose arguments were wrong (the top-level one for
 * a missing or unknown command).
 * @returns E.g. `Run "ecos search --help" for its arguments and an example`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { usageHint } from "./errors.ts";
 *
 * assert.equal(
 *   usageHint("Usage: ecos search <stat> <cycle> <start> <end> [items...] [options]\n..."),
 *   'Run "ecos search --help" for its arguments and an example',
 * );
 * assert.equal(
 *   usageHint("Usage: ecos <command> [arguments] [options]\n..."),
 *   'Run "ecos --help" for the list of commands',
 * );
 * ```
 */
export function usageHint(usage: string): string {
  const name = /^Usage: ecos ([a-z][a-z-]*)/.exec(usage)?.[1];
  return name === undefined
    ? 'Run "ecos --help" for the list of commands'
    : `Run "ecos ${name} --help" for its arguments and an example`;
}

/** The code shown before a failure's message. */
function codeOf(error: unknown): string | undefined {
  if (isEcosError(error)) return error.code;
  if (error instanceof OutputError) return "OUTPUT";
  if (error instanceof UsageError) return undefined;
  if (error instanceof Error) return error.name || "Error";
  return "Error";
}

/**
 * The one line a failure prints on stderr: `ecos: CODE: message`, the code being the EcosError's
 * (`INFO-100`, `TRANSPORT`, ...), `OUTPUT` for a file not written, or the error's name; usage
 * errors have none. Whitespace is folded so that it stays one line, and control characters (a
 * service's message may hold an ESC or a bidi override) are written as escapes (`\x1b`); no
 * stack is ever shown, and the secrets given (the API key) are replaced by `***`, although the
 * client's messages never hold them.
 *
 * @param error Any caught value.
 * @param secrets Texts that must not appear, e.g. the API key.
 * @returns The line, without a line break.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { EcosError } from "../errors.ts";
 * import { errorLine } from "./errors.ts";
 *
 * const e = new EcosError("INFO-100", "Check the API key (ECOS_API_KEY):\n  key s3cret refused");
 * assert.equal(
 *   errorLine(e, ["s3cret"]),
 *   "ecos: INFO-100: Check the API key (ECOS_API_KEY): key *** refused",
 * );
 * const hostile = new EcosError("ERROR-100", "인증키\x1b]0;pwned\x07 오류");
 * assert.equal(errorLine(hostile), "ecos: ERROR-100: 인증키\\x1b]0;pwned\\x07 오류");
 * ```
 */
export function errorLine(error: unknown, secrets: readonly string[] = []): string {
  const message = error instanceof Error ? error.message : String(error);
  const code = codeOf(error);
  const line = `ecos: ${code === undefined ? "" : `${code}: `}${message}`.replace(/\s+/g, " ")
    .trim();
  return escapeControls(redact(line, secrets));
}
