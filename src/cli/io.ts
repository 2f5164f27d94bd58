/**
 * What the command line touches outside itself: its two output streams, the environment,
 * whether each stream is a terminal and how wide, the clock and the signal that stops it.
 * Tests inject every one of them and run the command line in their own process.
 *
 * @module
 */

/** The outside world of {@linkcode main}; every field has a default from `Deno`. */
export interface CliIO {
  /** Writes to standard output: tables, help, the server's address, `--out -`. */
  stdout: (text: string) => void;
  /** Writes bytes to standard output: `--out - --as parquet`. */
  stdoutBytes: (bytes: Uint8Array) => void;
  /** Writes to standard error: notices, progress, errors. */
  stderr: (text: string) => void;
  /** The environment: ECOS_API_KEY, ECOS_BASE_URL, ECOS_CACHE_DIR. */
  env: Readonly<Record<string, string | undefined>>;
  /** Whether stderr is a terminal: the progress line is drawn only then. */
  isTTY: boolean;
  /** The width of stdout when it is a terminal; tables are fitted to it. */
  columns: number | undefined;
  /** Whether stdout is a terminal: Parquet is not written to one. */
  stdoutIsTTY: boolean;
  /** The width of the terminal stderr writes to; the progress line is cut to it. */
  stderrColumns: number | undefined;
  /** The clock: "now" for the default range of `series`. */
  now: () => Date;
  /** Stops a pull (and `serve`) when it fires: Ctrl-C in the real entry. */
  signal: AbortSignal | undefined;
}

/** A writer of bytes to a Deno stream that stops quietly when the reader has gone (`| head`). */
function byteWriter(stream: { writeSync(p: Uint8Array): number }): (bytes: Uint8Array) => void {
  let closed = false;
  return (bytes) => {
    if (closed) return;
    try {
      while (bytes.length > 0) bytes = bytes.subarray(stream.writeSync(bytes));
    } catch (e) {
      if (!(e instanceof Deno.errors.BrokenPipe)) throw e;
      closed = true;
    }
  };
}

/** A writer of text to a Deno stream, as UTF-8. */
function streamWriter(stream: { writeSync(p: Uint8Array): number }): (text: string) => void {
  const encoder = new TextEncoder();
  const write = byteWriter(stream);
  return (text) => write(encoder.encode(text));
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

/** The terminal's width (Deno asks stdout, then stderr, then stdin). */
function consoleColumns(): number | undefined {
  try {
    return Deno.consoleSize().columns || undefined;
  } catch {
    return undefined;
  }
}

function terminalColumns(): number | undefined {
  return isTerminal(Deno.stdout) ? consoleColumns() : undefined;
}

/** A terminal of unknown width is taken to be this wide: the narrowest in common use. */
const FALLBACK_COLUMNS = 80;

/**
 * The command line's IO: the fields given, and the process's for the rest. When `stdout` is
 * given and `columns` is not, tables are not fitted to any terminal; when `stdout` is given,
 * it is no terminal and `stdoutBytes` (unless given) writes through it as UTF-8 text. When
 * `stderr` is given and `stderrColumns` is not, the progress line is not cut.
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
 * assert.equal(io.stdoutIsTTY, false);
 * assert.equal(io.env.ECOS_API_KEY, undefined);
 * ```
 */
export function resolveIO(io: Partial<CliIO> = {}): CliIO {
  const stdout = io.stdout ?? streamWriter(Deno.stdout);
  // A byte-order mark (--excel) is text the caller asked for: kept.
  const decoder = new TextDecoder("utf-8", { ignoreBOM: true });
  const isTTY = io.isTTY ?? isTerminal(Deno.stderr);
  return {
    stdout,
    stdoutBytes: io.stdoutBytes ??
      (io.stdout === undefined ? byteWriter(Deno.stdout) : (b) => stdout(decoder.decode(b))),
    stderr: io.stderr ?? streamWriter(Deno.stderr),
    env: io.env ?? processEnv(),
    isTTY,
    columns: "columns" in io ? io.columns : io.stdout === undefined ? terminalColumns() : undefined,
    stdoutIsTTY: io.stdoutIsTTY ?? (io.stdout === undefined && isTerminal(Deno.stdout)),
    stderrColumns: "stderrColumns" in io
      ? io.stderrColumns
      : io.stderr === undefined && isTTY
      ? consoleColumns() ?? FALLBACK_COLUMNS
      : undefined,
    now: io.now ?? (() => new Date()),
    signal: io.signal,
  };
}
