/**
 * What the command line touches outside itself: its two output streams, the environment,
 * whether stderr is a terminal, the width of stdout, the clock and the signal that stops it.
 * Tests inject every one of them and run the command line in their own process.
 *
 * @module
 */

/** The outside world of {@linkcode main}; every field has a default from `Deno`. */
export interface CliIO {
  /** Writes to standard output: tables, help, the server's address. */
  stdout: (text: string) => void;
  /** Writes to standard error: notices, progress, errors. */
  stderr: (text: string) => void;
  /** The environment: ECOS_API_KEY, ECOS_BASE_URL, ECOS_CACHE_DIR. */
  env: Readonly<Record<string, string | undefined>>;
  /** Whether stderr is a terminal: the progress line is drawn only then. */
  isTTY: boolean;
  /** The width of stdout when it is a terminal; tables are fitted to it. */
  columns: number | undefined;
  /** The clock: "now" for the default range of `series`. */
  now: () => Date;
  /** Stops a pull (and `serve`) when it fires: Ctrl-C in the real entry. */
  signal: AbortSignal | undefined;
}

/** A writer of text to a Deno stream that stops quietly when the reader has gone (`| head`). */
function streamWriter(stream: { writeSync(p: Uint8Array): number }): (text: string) => void {
  const encoder = new TextEncoder();
  let closed = false;
  return (text) => {
    if (closed) return;
    let bytes = encoder.encode(text);
    try {
      while (bytes.length > 0) bytes = bytes.subarray(stream.writeSync(bytes));
    } catch (e) {
      if (!(e instanceof Deno.errors.BrokenPipe)) throw e;
      closed = true;
    }
  };
}

function processEnv(): Record<string, string> {
  try {
    return Deno.env.toObject();
  } catch {
    return {}; // no --allow-env: every variable unset
  }
}

function isTerminal(stream: { isTerminal(): boolean }): boolean {
  try {
    return stream.isTerminal();
  } catch {
    return false;
  }
}

function terminalColumns(): number | undefined {
  if (!isTerminal(Deno.stdout)) return undefined;
  try {
    return Deno.consoleSize().columns;
  } catch {
    return undefined;
  }
}

/**
 * The command line's IO: the fields given, and the process's for the rest. When `stdout` is
 * given and `columns` is not, tables are not fitted to any terminal.
 *
 * @param io The fields to use instead of the process's.
 * @returns Every field.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { resolveIO } from "./io.ts";
 *
 * let out = "";
 * const io = resolveIO({ stdout: (t) => (out += t), env: {}, isTTY: false });
 * io.stdout("hello\n");
 * assert.equal(out, "hello\n");
 * assert.equal(io.columns, undefined);
 * assert.equal(io.env.ECOS_API_KEY, undefined);
 * ```
 */
export function resolveIO(io: Partial<CliIO> = {}): CliIO {
  return {
    stdout: io.stdout ?? streamWriter(Deno.stdout),
    stderr: io.stderr ?? streamWriter(Deno.stderr),
    env: io.env ?? processEnv(),
    isTTY: io.isTTY ?? isTerminal(Deno.stderr),
    columns: "columns" in io ? io.columns : io.stdout === undefined ? terminalColumns() : undefined,
    now: io.now ?? (() => new Date()),
    signal: io.signal,
  };
}
