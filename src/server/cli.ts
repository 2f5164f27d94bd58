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

/**
 * The server's flags and environment, as both command lines' help lists them.
 *
 * @internal Shared with `ecos serve`.
 */
export const SERVE_OPTIONS_USAGE = `Options:
  --port N              port to listen on (default ${DEFAULT_CLI_PORT}; 0 = any free port)
  --hostname H          address to bind (default 127.0.0.1)
  --keys a,b            API keys accepted besides "sample" (visible in ps: prefer the next two)
  --keys-file PATH      more keys, one a line; blank lines and # comments are skipped
  --latency MS          delay added to every answer, in milliseconds
  --rate-limit N/MS     at most N requests per MS milliseconds (then ERROR-602)
  --work-limit N        most rows one StatisticSearch query may match (then ERROR-400)
  --dialect D           "live" (default) or "spec"
  --xml-style S         "guide" (default: declaration and attributes) or "bare"
  --header-timeout MS   limit on a request's line and headers (default 10000)
  --idle-timeout MS     limit on a connection with no request in progress (default 30000)
  --seed N              generation seed: other values, the same tables and rows (default 0)
  --data-end DATE       the data's last day, YYYY-MM-DD from 2024-01-01 (default 2026-09-30)
  --revision N          revision round: N > 0 revises every series' latest periods (default 0)
  -h, --help            show this help

Environment:
  ${KEYS_ENV}      more keys, comma-separated`;

const USAGE = `Usage: deno task serve [options]

Serves the ECOS Open API wire format from generated sample data.

${SERVE_OPTIONS_USAGE}`;

/** What the CLI reads besides its flags: the environment and files. */
export interface ServeArgsSources {
  /** Reads an environment variable. */
  env(name: string): string | undefined;
  /** Reads a text file. */
  readTextFile(path: string): string;
}

const SYSTEM: ServeArgsSources = { env: readEnv, readTextFile: Deno.readTextFileSync };

function wholeNumber(flag: string, text: string): number {
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

function integer(flag: string, text: string): number {
  if (!/^-?[0-9]+$/.test(text)) throw new TypeError(`Give ${flag} a whole number: got "${text}"`);
  return Number(text);
}

function isoDate(flag: string, text: string): string {
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
      port: { type: "string" },
      hostname: { type: "string" },
      keys: { type: "string" },
      "keys-file": { type: "string" },
      latency: { type: "string" },
      "rate-limit": { type: "string" },
      "work-limit": { type: "string" },
      dialect: { type: "string" },
      "xml-style": { type: "string" },
      "header-timeout": { type: "string" },
      "idle-timeout": { type: "string" },
      seed: { type: "string" },
      "data-end": { type: "string" },
      revision: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
    strict: true,
    allowPositionals: false,
  });
  if (values.help) return "help";
  const options: EcosServerOptions = {
    port: values.port === undefined ? DEFAULT_CLI_PORT : wholeNumber("--port", values.port),
  };
  if (values.hostname !== undefined) options.hostname = values.hostname;
  const keys = [
    ...keyList(values.keys ?? ""),
    ...keyList(sources.env(KEYS_ENV) ?? ""),
    ...(values["keys-file"] === undefined ? [] : readKeysFile(values["keys-file"], sources)),
  ];
  if (keys.length > 0) options.keys = [...new Set(keys)];
  if (values.latency !== undefined) options.latencyMs = wholeNumber("--latency", values.latency);
  if (values["rate-limit"] !== undefined) options.rateLimit = rateLimit(values["rate-limit"]);
  if (values["work-limit"] !== undefined) {
    options.workLimit = wholeNumber("--work-limit", values["work-limit"]);
  }
  if (values.dialect !== undefined) options.dialect = dialect(values.dialect);
  if (values["xml-style"] !== undefined) options.xmlStyle = xmlStyle(values["xml-style"]);
  if (values["header-timeout"] !== undefined) {
    options.headerTimeoutMs = wholeNumber("--header-timeout", values["header-timeout"]);
  }
  if (values["idle-timeout"] !== undefined) {
    options.idleTimeoutMs = wholeNumber("--idle-timeout", values["idle-timeout"]);
  }
  if (values.seed !== undefined) options.seed = integer("--seed", values.seed);
  if (values["data-end"] !== undefined) {
    options.dataEnd = isoDate("--data-end", values["data-end"]);
  }
  if (values.revision !== undefined) {
    options.revision = wholeNumber("--revision", values.revision);
  }
  return options;
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
    server = await startEcosServer(options);
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
