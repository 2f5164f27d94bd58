/**
 * `ecos serve`: the bundled ECOS-compatible server, with the flags the server's own entry
 * declares (`SERVE_FLAGS` of src/server/cli.ts, so the two never differ) and ECOS_SERVER_KEYS
 * from the injected environment, running until the command line's signal fires (Ctrl-C).
 *
 * @module
 */

import { untilAborted } from "../util/signal.ts";
import { startEcosServer } from "../server/server.ts";
import { SERVER_DATA_NOTICE } from "../server/data/notice.ts";
import { type Command, defineCommand } from "./command.ts";
import { EXIT_OK, UsageError } from "./errors.ts";
import { readKeysFileText, SERVE_ENVIRONMENT, SERVE_FLAGS, serveOptions } from "../server/cli.ts";

/**
 * `ecos serve`: prints the server's base URL and the data notice on stdout, serves until
 * `io.signal` fires, then closes it (within its shutdown limit, however stuck its clients) and
 * prints "Stopped.". Warnings (an address other machines can reach, a listener restarted) go
 * to stderr.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { runCommand } from "./command.ts";
 * import { resolveIO } from "./io.ts";
 * import { serve } from "./serve.ts";
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
 * assert.equal(await runCommand(serve, ["--port", "0"], io), 0);
 * assert.match(out, /^ECOS sample server listening at http:\/\/127\.0\.0\.1:\d+\/api\n/);
 * assert.match(out, /Stopped\.\n$/);
 * ```
 */
export const serve: Command<typeof SERVE_FLAGS> = defineCommand({
  name: "serve",
  synopsis: "",
  summary: "run the bundled server (sample data)",
  description:
    "Serves the ECOS Open API wire format from generated sample data, not official statistics,\n" +
    "until Ctrl-C. Prints its base URL; point ECOS_BASE_URL at it. deno task serve runs it too.",
  args: [],
  arity: { min: 0, max: 0 },
  flags: SERVE_FLAGS,
  sections: [{ title: "Environment", rows: SERVE_ENVIRONMENT }],
  examples: [
    "ECOS_SERVER_KEYS=mykey ecos serve --port 8080",
    "ECOS_API_KEY=mykey ECOS_BASE_URL=http://127.0.0.1:8080/api ecos keystats",
  ],
  async run({ values }, io) {
    let server;
    try {
      const options = serveOptions(values, {
        env: (name) => io.env[name] || undefined,
        readTextFile: readKeysFileText,
      });
      // What the server would keep quiet about (an address others can reach, a listener
      // restarted) goes to stderr.
      server = await startEcosServer({ ...options, onWarning: (line) => io.stderr(`${line}\n`) });
    } catch (e) {
      // An unreadable --keys-file, or a value the server refuses (--data-end 2020-01-01), is
      // a bad argument, as in the server's own entry: nothing has started.
      if (!(e instanceof TypeError || e instanceof RangeError)) throw e;
      throw new UsageError(e.message, serve.usage, { cause: e });
    }
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
  },
});
