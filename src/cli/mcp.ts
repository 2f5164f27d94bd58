/**
 * `ecos mcp`: ECOS for AI assistants. Serves the Model Context Protocol over stdio, or over
 * Streamable HTTP with `--http`, its tools on the client every command uses (the same rule for
 * where the data comes from, the response cache, the rate limit). Over stdio, stdout is the
 * protocol's: the bundled server's notice and every other line go to stderr.
 *
 * @module
 */

import { untilAborted } from "../util/signal.ts";
import { createEcosMcpServer, serveStdio, TOOLS } from "../mcp/mod.ts";
import { DEFAULT_MCP_PORT, serveHttp } from "../mcp/http.ts";
import { type Command, defineCommand } from "./command.ts";
import { EXIT_OK } from "./errors.ts";
import { wholeNumber } from "./flag.ts";
import { SERVICE_FLAGS } from "./flag_groups.ts";
import { openSession } from "./session.ts";

/** An address to bind: an empty one would bind every interface without a word. */
function address(text: string, flag: string): string {
  if (text.trim() === "") {
    throw new TypeError(`Give ${flag} an address, e.g. 127.0.0.1 (this machine only): got ""`);
  }
  return text.trim();
}

/** The flags of `ecos mcp`: the service's, and where to listen with `--http`. */
export const MCP_FLAGS = {
  ...SERVICE_FLAGS,
  http: {
    type: "boolean",
    name: "http",
    help: "serve Streamable HTTP at http://127.0.0.1:PORT/mcp rather than stdio",
  },
  port: {
    type: "string",
    name: "port",
    value: "N",
    help: `with --http: the port (default ${DEFAULT_MCP_PORT}; 0 = any free port)`,
    check: wholeNumber(0),
  },
  hostname: {
    type: "string",
    name: "hostname",
    value: "H",
    help: "with --http: the address to bind (default 127.0.0.1; another is reachable\n" +
      "from other machines, and the server has no authentication)",
    check: address,
  },
} as const;

/**
 * `ecos mcp`: an MCP server on stdio until its input ends (the assistant closed it) or Ctrl-C.
 * Without ECOS_API_KEY it serves the bundled server's generated sample data, and every answer
 * says so.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { runCommand } from "./command.ts";
 * import { resolveIO } from "./io.ts";
 * import { mcp } from "./mcp.ts";
 *
 * let out = "";
 * const io = resolveIO({ stdout: (t) => (out += t), env: {} });
 * assert.equal(await runCommand(mcp, ["--help"], io), 0);
 * assert.match(out, /^Usage: ecos mcp \[options\]\n/);
 * assert.match(out, /\n  get_series /);
 * ```
 */
export const mcp: Command<typeof MCP_FLAGS> = defineCommand({
  name: "mcp",
  synopsis: "",
  summary: "serve ECOS to AI assistants (MCP over stdio or HTTP)",
  description:
    "Serves the Model Context Protocol over stdin and stdout, for AI assistants (Claude\n" +
    "Desktop, VS Code, ...) that start it as a tool server. Its tools search tables, list\n" +
    "items and pull series through the same client as every other command: response cache,\n" +
    "rate limit, retries. It runs until its input ends or Ctrl-C; it logs to stderr only.\n" +
    "With --http it serves Streamable HTTP on this machine instead, for clients that connect\n" +
    "by URL; it prints the URL and runs until Ctrl-C.",
  args: [],
  arity: { min: 0, max: 0 },
  flags: MCP_FLAGS,
  sections: [
    {
      title: "Tools",
      rows: TOOLS.map((t) => [t.name, t.title]),
    },
    {
      title: "Environment",
      rows: [
        [
          "ECOS_API_KEY",
          "the key of the live service; unset: the bundled server's generated\n" +
          "sample data, and every answer says so",
        ],
        ["ECOS_BASE_URL", "another ECOS-compatible server"],
        ["ECOS_CACHE_DIR", "the response cache's directory"],
      ],
    },
  ],
  examples: [
    "ecos mcp --lang en",
    "ecos mcp --http --port 8765",
    "deno run -A jsr:@ecos/ecos@0.1.0/cli mcp",
  ],
  async run({ values }, io) {
    const { http, port, hostname, ...service } = values;
    const session = await openSession(
      io.env,
      { ...service, ...(io.signal === undefined ? {} : { signal: io.signal }) },
      (line) => io.stderr(`${line}\n`),
    );
    try {
      const create = () =>
        createEcosMcpServer({ client: session.client, secrets: [io.env.ECOS_API_KEY ?? ""] });
      if (http === true) {
        await using server = await serveHttp(create, {
          ...(port === undefined ? {} : { port }),
          ...(hostname === undefined ? {} : { hostname }),
          signal: io.signal,
        });
        if (hostname !== undefined && !/^(127\.\d+\.\d+\.\d+|localhost|::1)$/.test(hostname)) {
          io.stderr(
            `ecos mcp: listening on ${hostname}: other machines may reach it, and it has no ` +
              "authentication\n",
          );
        }
        io.stderr(
          `ecos mcp: ${TOOLS.length} tools over Streamable HTTP (data: ${session.source}); ` +
            "Ctrl-C stops it\n",
        );
        io.stdout(`${server.url}\n`);
        await Promise.race([untilAborted(io.signal), server.finished]);
        return EXIT_OK;
      }
      const server = await create();
      io.stderr(
        `ecos mcp: ${TOOLS.length} tools on stdio (data: ${session.source}); it stops when ` +
          "its input ends\n",
      );
      await serveStdio(server, { write: io.stdout, signal: io.signal });
    } finally {
      await session.close();
    }
    return EXIT_OK;
  },
});
