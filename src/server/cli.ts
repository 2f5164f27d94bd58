/**
 * The command line of the bundled server: `deno task serve [--port 8080] [--keys a,b] ...`.
 * Prints the base URL and the data notice, and stops cleanly on Ctrl-C.
 *
 * @module
 */

import { parseArgs } from "node:util";
import { type Dialect, isDialect } from "../wire/dialect.ts";
import { SERVER_DATA_NOTICE } from "./data/notice.ts";
import { startEcosServer } from "./server.ts";
import type { EcosServerOptions } from "./types.ts";

/**
 * The port the CLI listens on unless told otherwise.
 *
 * @internal Exported for the CLI's tests.
 */
export const DEFAULT_CLI_PORT = 8080;

const USAGE = `Usage: deno task serve [options]

Serves the ECOS Open API wire format from generated sample data.

Options:
  --port N            port to listen on (default ${DEFAULT_CLI_PORT}; 0 = any free port)
  --hostname H        address to bind (default 127.0.0.1)
  --keys a,b          API keys accepted besides "sample"
  --latency MS        delay added to every answer, in milliseconds
  --rate-limit N/MS   at most N requests per MS milliseconds (then ERROR-602)
  --work-limit N      most rows one StatisticSearch query may match (then ERROR-400)
  --dialect D         "spec" (default) or "live"
  -h, --help          show this help`;

function wholeNumber(flag: string, text: string): number {
  if (!/^[0-9]+$/.test(text)) throw new TypeError(`Give ${flag} a whole number: got "${text}"`);
  return Number(text);
}

function keyList(text: string): string[] {
  return text.split(",").map((k) => k.trim()).filter((k) => k !== "");
}

function rateLimit(text: string): { requests: number; windowMs: number } {
  const m = /^([0-9]+)\/([0-9]+)$/.exec(text);
  if (!m) throw new TypeError(`Give --rate-limit as REQUESTS/MS, e.g. 300/180000: got "${text}"`);
  return { requests: Number(m[1]), windowMs: Number(m[2]) };
}

function dialect(text: string): Dialect {
  if (!isDialect(text)) throw new TypeError(`Give --dialect spec or live: got "${text}"`);
  return text;
}

/**
 * Reads the CLI's flags into server options.
 *
 * @param args The command-line arguments.
 * @returns The options, or "help" when help was asked for.
 * @throws {TypeError} When a flag is unknown or its value malformed.
 * @internal Exported for the CLI's tests.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseServeArgs } from "./cli.ts";
 *
 * const options = parseServeArgs(["--keys", "a,b", "--rate-limit", "300/180000"]);
 * assert.deepEqual(options, {
 *   port: 8080,
 *   keys: ["a", "b"],
 *   rateLimit: { requests: 300, windowMs: 180_000 },
 * });
 * ```
 */
export function parseServeArgs(args: string[]): EcosServerOptions | "help" {
  const { values } = parseArgs({
    args,
    options: {
      port: { type: "string" },
      hostname: { type: "string" },
      keys: { type: "string" },
      latency: { type: "string" },
      "rate-limit": { type: "string" },
      "work-limit": { type: "string" },
      dialect: { type: "string" },
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
  if (values.keys !== undefined) options.keys = keyList(values.keys);
  if (values.latency !== undefined) options.latencyMs = wholeNumber("--latency", values.latency);
  if (values["rate-limit"] !== undefined) options.rateLimit = rateLimit(values["rate-limit"]);
  if (values["work-limit"] !== undefined) {
    options.workLimit = wholeNumber("--work-limit", values["work-limit"]);
  }
  if (values.dialect !== undefined) options.dialect = dialect(values.dialect);
  return options;
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
  const server = await startEcosServer(options);
  console.log(`ECOS sample server listening at ${server.url}`);
  console.log(SERVER_DATA_NOTICE);
  console.log(`Try: ${server.url}/KeyStatisticList/sample/json/kr/1/10`);
  const stop = async () => {
    Deno.removeSignalListener("SIGINT", stop);
    await server.close();
    console.log("Stopped.");
  };
  Deno.addSignalListener("SIGINT", stop);
}

if (import.meta.main) await main();
