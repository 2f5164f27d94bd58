/**
 * The command line of the bundled server: `deno task serve [--port 8080] [--keys-file PATH]
 * ...`. Prints the base URL and the data notice, and stops cleanly on Ctrl-C.
 *
 * Keys come from three places, all accepted together: `--keys a,b` (visible to anyone who can
 * list processes), the environment variable `ECOS_SERVER_KEYS` (comma-separated) and
 * `--keys-file PATH` (one key per line; blank lines and lines starting with `#` are skipped).
 * Prefer the last two for keys that matter.
 *
 * @module
 */

import { parseArgs } from "node:util";
import { type Dialect, isDialect } from "../wire/dialect.ts";
import { readEnv } from "../util/env.ts";
import { SERVER_DATA_NOTICE } from "./data/notice.ts";
import { startEcosServer } from "./server.ts";
import type { EcosServerOptions, XmlStyle } from "./types.ts";

/**
 * The port the CLI listens on unless told otherwise.
 *
 * @internal Exported for the CLI's tests.
 */
export const DEFAULT_CLI_PORT = 8080;

/**
 * The environment variable the CLI reads extra keys from, comma-separated.
 *
 * @internal Exported for the CLI's tests.
 */
export const KEYS_ENV = "ECOS_SERVER_KEYS";

/** What the CLI reads besides its flags: the environment and files. */
export interface ServeArgsSources {
  /** Reads an environment variable. */
  env(name: string): string | undefined;
  /** Reads a keys file's text (the system's: {@linkcode readKeysFileText}). */
  readTextFile(path: string): string;
}

/**
 * The most bytes a keys file may hold: 1 MiB, some 30,000 keys.
 *
 * @internal Exported for the CLI's tests.
 */
export const MAX_KEYS_FILE_BYTES = 1024 * 1024;

/**
 * Reads a keys file: a regular file (a link to one is followed) of at most
 * {@linkcode MAX_KEYS_FILE_BYTES}. Anything else is refused before it is opened or read:
 * opening a FIFO blocks until someone writes to it, and a device such as /dev/zero never ends.
 *
 * @param path The file.
 * @returns Its text (invalid UTF-8 becomes U+FFFD).
 * @throws {TypeError} When it is not a regular file, or too large; the message says what it is.
 * @throws {Deno.errors.NotFound} When it does not exist (and the other errors of `Deno.stat`).
 * @internal Shared with `ecos serve`.
 */
export function readKeysFileText(path: string): string {
  checkKeysFile(Deno.statSync(path));
  using file = Deno.openSync(path);
  // Checked again on what was opened: the path may have been replaced in between.
  const info = file.statSync();
  checkKeysFile(info);
  const bytes = new Uint8Array(Math.min(info.size, MAX_KEYS_FILE_BYTES) + 1);
  let read = 0;
  while (read < bytes.length) {
    const n = file.readSync(bytes.subarray(read));
    if (n === null) break;
    read += n;
  }
  if (read > MAX_KEYS_FILE_BYTES) checkKeysFile({ ...info, size: read });
  return new TextDecoder().decode(bytes.subarray(0, read));
}

function checkKeysFile(info: Deno.FileInfo): void {
  if (!info.isFile) {
    const what = info.isFifo
      ? "a FIFO (named pipe)"
      : info.isCharDevice
      ? "a character device"
      : info.isBlockDevice
      ? "a block device"
      : info.isSocket
      ? "a socket"
      : info.isDirectory
      ? "a directory"
      : "not a file";
    throw new TypeError(`it is ${what}, not a regular file: give a file of keys, one a line`);
  }
  if (info.size > MAX_KEYS_FILE_BYTES) {
    throw new TypeError(
      `it holds ${info.size} bytes, more than a keys file may (${MAX_KEYS_FILE_BYTES}): ` +
        "give a file of keys, one a line",
    );
  }
}

const SYSTEM: ServeArgsSources = { env: readEnv, readTextFile: readKeysFileText };

function wholeNumber(text: string, flag: string): number {
  if (!/^[0-9]+$/.test(text)) throw new TypeError(`Give ${flag} a whole number: got "${text}"`);
  return Number(text);
}

function keyList(text: string): string[] {
  return text.split(",").map((k) => k.trim()).filter((k) => k !== "");
}

/** The keys of a keys file: one a line, trimmed; blank lines and `#` comments skipped. */
function keyLines(text: string): string[] {
  return text.split(/\r?\n/).map((line) => line.trim()).filter((line) =>
    line !== "" && !line.startsWith("#")
  );
}

function readKeysFile(path: string, sources: ServeArgsSources): string[] {
  try {
    return keyLines(sources.readTextFile(path));
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new TypeError(`Cannot read --keys-file ${path}: ${reason}`, { cause: error });
  }
}

/** An address to bind: an empty one would bind every interface without a word. */
function hostname(text: string, flag: string): string {
  if (text.trim() === "") {
    throw new TypeError(
      `Give ${flag} an address, e.g. 127.0.0.1 (this machine only) or 0.0.0.0 (every ` +
        `interface): got "${text}"`,
    );
  }
  return text;
}

function integer(text: string, flag: string): number {
  if (!/^-?[0-9]+$/.test(text)) throw new TypeError(`Give ${flag} a whole number: got "${text}"`);
  return Number(text);
}

function isoDate(text: string, flag: string): string {
  if (!/^[0-9]{4}-[0-9]{2}-[0-9]{2}$/.test(text)) {
    throw new TypeError(`Give ${flag} a date as YYYY-MM-DD, e.g. 2026-12-31: got "${text}"`);
  }
  return text;
}

function rateLimit(text: string): { requests: number; windowMs: number } {
  const m = /^([0-9]+)\/([0-9]+)$/.exec(text);
  if (!m) throw new TypeError(`Give --rate-limit as REQUESTS/MS, e.g. 300/180000: got "${text}"`);
  return { requests: Number(m[1]), windowMs: Number(m[2]) };
}

function dialect(text: string): Dialect {
  if (!isDialect(text)) throw new TypeError(`Give --dialect live or spec: got "${text}"`);
  return text;
}

function xmlStyle(text: string): XmlStyle {
  if (text !== "guide" && text !== "bare") {
    throw new TypeError(`Give --xml-style guide or bare: got "${text}"`);
  }
  return text;
}

/**
 * The server's flags, declared once: this entry and `ecos serve` (src/cli/serve.ts) read them,
 * list them in their help and check their values with them. Each is keyed by the server option
 * it sets (`keys` and `keysFile` are merged with the environment's keys by
 * {@linkcode serveOptions}); `check` reads a value or throws a TypeError that says what to give.
 *
 * @internal Shared with `ecos serve`.
 */
export const SERVE_FLAGS = {
  port: {
    type: "string",
    name: "port",
    value: "N",
    help: `port to listen on (default ${DEFAULT_CLI_PORT}; 0 = any free port)`,
    check: wholeNumber,
  },
  hostname: {
    type: "string",
    name: "hostname",
    value: "H",
    help: "address to bind (default 127.0.0.1; others are reachable from other machines)",
    check: hostname,
  },
  keys: {
    type: "string",
    name: "keys",
    value: "a,b",
    help: 'API keys accepted besides "sample" (visible in ps: prefer the next two)',
    check: keyList,
  },
  keysFile: {
    type: "string",
    name: "keys-file",
    value: "PATH",
    help: "more keys, one a line; blank lines and # comments are skipped",
    check: (text: string) => text,
  },
  latencyMs: {
    type: "string",
    name: "latency",
    value: "MS",
    help: "delay added to every answer, in milliseconds",
    check: wholeNumber,
  },
  rateLimit: {
    type: "string",
    name: "rate-limit",
    value: "N/MS",
    help: "at most N requests per MS milliseconds (then ERROR-602)",
    check: rateLimit,
  },
  workLimit: {
    type: "string",
    name: "work-limit",
    value: "N",
    help: "most rows one StatisticSearch query may match (then ERROR-400)",
    check: wholeNumber,
  },
  dialect: {
    type: "string",
    name: "dialect",
    value: "D",
    help: '"live" (default) or "spec"',
    check: dialect,
  },
  xmlStyle: {
    type: "string",
    name: "xml-style",
    value: "S",
    help: '"guide" (default: declaration and attributes) or "bare"',
    check: xmlStyle,
  },
  headerTimeoutMs: {
    type: "string",
    name: "header-timeout",
    value: "MS",
    help: "limit on a request's line and headers (default 10000)",
    check: wholeNumber,
  },
  idleTimeoutMs: {
    type: "string",
    name: "idle-timeout",
    value: "MS",
    help: "limit on a connection with no request in progress (default 30000)",
    check: wholeNumber,
  },
  writeTimeoutMs: {
    type: "string",
    name: "write-timeout",
    value: "MS",
    help: "limit on an answer's bytes waiting for a client that reads none (default 30000)",
    check: wholeNumber,
  },
  seed: {
    type: "string",
    name: "seed",
    value: "N",
    help: "generation seed: other values, the same tables and rows (default 0)",
    check: integer,
  },
  dataEnd: {
    type: "string",
    name: "data-end",
    value: "DATE",
    help: "the data's last day, YYYY-MM-DD from 2024-01-01 (default 2026-09-30)",
    check: isoDate,
  },
  revision: {
    type: "string",
    name: "revision",
    value: "N",
    help: "revision round: N > 0 revises every series' latest periods (default 0)",
    check: wholeNumber,
  },
} as const;

/**
 * The server's flags, read: the value of each flag given, as its check returns it.
 *
 * @internal Shared with `ecos serve`.
 */
export type ServeValues = {
  -readonly [K in keyof typeof SERVE_FLAGS]?: ReturnType<(typeof SERVE_FLAGS)[K]["check"]>;
};

/**
 * The environment the server reads, as both command lines' help lists it.
 *
 * @internal Shared with `ecos serve`.
 */
export const SERVE_ENVIRONMENT: readonly (readonly [string, string])[] = [
  [KEYS_ENV, "more keys, comma-separated"],
];

const row = (term: string, text: string) => `  ${term.padEnd(22)}${text}`;

const USAGE = `Usage: deno task serve [options]

Serves the ECOS Open API wire format from generated sample data.

Options:
${Object.values(SERVE_FLAGS).map((f) => row(`--${f.name} ${f.value}`, f.help)).join("\n")}
${row("-h, --help", "show this help")}

Environment:
${SERVE_ENVIRONMENT.map(([name, text]) => row(name, text)).join("\n")}`;

/**
 * The server's options from its flags, the environment and any keys file: the port defaults
 * to {@linkcode DEFAULT_CLI_PORT}, and the keys of `--keys`, {@linkcode KEYS_ENV} and
 * `--keys-file` are merged, each kept once.
 *
 * @param values The flags, read.
 * @param sources Where the environment and files are read (the system's by default).
 * @returns The server's options.
 * @throws {TypeError} When the keys file cannot be read, is not a regular file or is too large.
 * @internal Shared with `ecos serve`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { serveOptions } from "./cli.ts";
 *
 * const sources = { env: () => "b, c", readTextFile: () => "# keys\nd\n" };
 * assert.deepEqual(serveOptions({ keys: ["a", "b"], keysFile: "/keys", seed: 7 }, sources), {
 *   port: 8080,
 *   seed: 7,
 *   keys: ["a", "b", "c", "d"],
 * });
 * ```
 */
export function serveOptions(
  values: ServeValues,
  sources: ServeArgsSources = SYSTEM,
): EcosServerOptions {
  const { port = DEFAULT_CLI_PORT, keys = [], keysFile, ...rest } = values;
  const all = [
    ...keys,
    ...keyList(sources.env(KEYS_ENV) ?? ""),
    ...(keysFile === undefined ? [] : readKeysFile(keysFile, sources)),
  ];
  return { port, ...rest, ...(all.length > 0 ? { keys: [...new Set(all)] } : {}) };
}

/**
 * Reads the CLI's flags, the environment and any keys file into server options.
 *
 * @param args The command-line arguments.
 * @param sources Where the environment and files are read (the system's by default).
 * @returns The options, or "help" when help was asked for.
 * @throws {TypeError} When a flag is unknown, its value malformed, or the keys file unreadable.
 * @internal Exported for the CLI's tests.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseServeArgs } from "./cli.ts";
 *
 * const options = parseServeArgs(["--keys", "a,b", "--rate-limit", "300/180000"], {
 *   env: (name) => (name === "ECOS_SERVER_KEYS" ? "c" : undefined),
 *   readTextFile: () => "",
 * });
 * assert.deepEqual(options, {
 *   port: 8080,
 *   keys: ["a", "b", "c"],
 *   rateLimit: { requests: 300, windowMs: 180_000 },
 * });
 * ```
 */
export function parseServeArgs(
  args: string[],
  sources: ServeArgsSources = SYSTEM,
): EcosServerOptions | "help" {
  const { values } = parseArgs({
    args,
    options: {
      ...Object.fromEntries(Object.values(SERVE_FLAGS).map((f) => [f.name, { type: f.type }])),
      help: { type: "boolean", short: "h" },
    },
    strict: true,
    allowPositionals: false,
  });
  if (values.help) return "help";
  const read: Record<string, unknown> = {};
  for (const [key, flag] of Object.entries(SERVE_FLAGS)) {
    const text = (values as Record<string, unknown>)[flag.name];
    if (typeof text === "string") read[key] = flag.check(text, `--${flag.name}`);
  }
  return serveOptions(read as ServeValues, sources);
}

/** A line naming the data options that differ from the defaults, if any. */
function dataLine(options: EcosServerOptions): string | undefined {
  const parts = [
    options.seed === undefined ? undefined : `seed ${options.seed}`,
    options.dataEnd === undefined ? undefined : `ending ${options.dataEnd}`,
    options.revision === undefined ? undefined : `revision ${options.revision}`,
  ].filter((p) => p !== undefined);
  return parts.length === 0 ? undefined : `Data: ${parts.join(", ")}`;
}

async function main(): Promise<void> {
  let options: EcosServerOptions | "help";
  try {
    options = parseServeArgs(Deno.args);
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : error}\n\n${USAGE}`);
    Deno.exit(2);
  }
  if (options === "help") {
    console.log(USAGE);
    return;
  }
  let server;
  try {
    server = await startEcosServer({ ...options, onWarning: (line) => console.error(line) });
  } catch (error) {
    // Options out of range (e.g. --data-end 2020-01-01) are usage errors too.
    if (!(error instanceof TypeError || error instanceof RangeError)) throw error;
    console.error(`${error.message}\n\n${USAGE}`);
    Deno.exit(2);
  }
  console.log(`ECOS sample server listening at ${server.url}`);
  console.log(SERVER_DATA_NOTICE);
  const data = dataLine(options);
  if (data !== undefined) console.log(data);
  console.log(`Try: ${server.url}/KeyStatisticList/sample/json/kr/1/10`);
  const stop = async () => {
    Deno.removeSignalListener("SIGINT", stop);
    await server.close();
    console.log("Stopped.");
  };
  Deno.addSignalListener("SIGINT", stop);
}

if (import.meta.main) await main();
