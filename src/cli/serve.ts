/**
 * `ecos serve`: the bundled ECOS-compatible server, with the flags of its own command line
 * (`parseServeArgs` of src/server/cli.ts reads them, and ECOS_SERVER_KEYS from the injected
 * environment, so the two never differ), running until the command line's signal fires
 * (Ctrl-C).
 *
 * @module
 */

import { parseServeArgs, SERVE_OPTIONS_USAGE } from "../server/cli.ts";
import { startEcosServer } from "../server/server.ts";
import { SERVER_DATA_NOTICE } from "../server/data/notice.ts";
import type { EcosServerOptions } from "../server/types.ts";
import { parseError } from "./args.ts";
import { EXIT_OK } from "./errors.ts";
import type { CliIO } from "./io.ts";

/** The help of `ecos serve`. */
export const SERVE_USAGE = `Usage: ecos serve [options]        (or: deno task serve [options])

Serves the ECOS Open API wire format from generated sample data, not official statistics,
until Ctrl-C. Prints its base URL; point ECOS_BASE_URL at it.

${SERVE_OPTIONS_USAGE}

Example:
  ECOS_SERVER_KEYS=mykey ecos serve --port 8080
  ECOS_API_KEY=mykey ECOS_BASE_URL=http://127.0.0.1:8080/api ecos keystats`;

/** Resolves when the signal fires; never without one (the process ends the server then). */
function untilAborted(signal: AbortSignal | undefined): Promise<void> {
  if (signal === undefined) return new Promise(() => {});
  if (signal.aborted) return Promise.resolve();
  return new Promise((resolve) =>
    signal.addEventListener("abort", () => resolve(), { once: true })
  );
}

/**
 * Runs the bundled server: prints its base URL and the data notice on stdout, serves until
 * `io.signal` fires, then closes it and prints "Stopped.".
 *
 * @param args The arguments after `serve`.
 * @param io Where output goes, and the signal that stops the server.
 * @returns The exit status: 0.
 * @throws {UsageError} For a flag the server's command line does not take, or a bad value.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { resolveIO } from "./io.ts";
 * import { runServe } from "./serve.ts";
 *
 * const stop = new AbortController();
 * let out = "";
 * const io = resolveIO({
 *   stdout: (t) => {
 *     out += t;
 *     if (t.includes("listening")) stop.abort();
 *   },
 *   env: {},
 *   signal: stop.signal,
 * });
 * assert.equal(await runServe(["--port", "0"], io), 0);
 * assert.match(out, /^ECOS sample server listening at http:\/\/127\.0\.0\.1:\d+\/api\n/);
 * assert.match(out, /Stopped\.\n$/);
 * ```
 */
export async function runServe(args: string[], io: CliIO): Promise<number> {
  let options: EcosServerOptions | "help";
  try {
    options = parseServeArgs(args, {
      env: (name) => io.env[name] || undefined,
      readTextFile: (path) => Deno.readTextFileSync(path),
    });
  } catch (e) {
    throw parseError(e, "serve", SERVE_USAGE);
  }
  if (options === "help") {
    io.stdout(`${SERVE_USAGE}\n`);
    return EXIT_OK;
  }
  const server = await startEcosServer(options);
  try {
    io.stdout(
      `ECOS sample server listening at ${server.url}\n${SERVER_DATA_NOTICE}\n` +
        `Try: ${server.url}/KeyStatisticList/sample/json/kr/1/10\n`,
    );
    await untilAborted(io.signal);
  } finally {
    await server.close();
  }
  io.stdout("Stopped.\n");
  return EXIT_OK;
}
