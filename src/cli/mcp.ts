/**
 * `ecos mcp`: ECOS for AI assistants. Serves the Model Context Protocol over stdio, its tools
 * on the client every command uses (the same rule for where the data comes from, the response
 * cache, the rate limit). stdout is the protocol's: the bundled server's notice and every other
 * line go to stderr.
 *
 * @module
 */

import { createEcosMcpServer, serveStdio, TOOLS } from "../mcp/mod.ts";
import { type Command, defineCommand } from "./command.ts";
import { EXIT_OK } from "./errors.ts";
import { SERVICE_FLAGS } from "./flag_groups.ts";
import { openSession } from "./session.ts";

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
export const mcp: Command<typeof SERVICE_FLAGS> = defineCommand({
  name: "mcp",
  synopsis: "",
  summary: "serve ECOS to AI assistants (MCP over stdio)",
  description:
    "Serves the Model Context Protocol over stdin and stdout, for AI assistants (Claude\n" +
    "Desktop, VS Code, ...) that start it as a tool server. Its tools search tables, list\n" +
    "items and pull series through the same client as every other command: response cache,\n" +
    "rate limit, retries. It runs until its input ends or Ctrl-C; it logs to stderr only.",
  args: [],
  arity: { min: 0, max: 0 },
  flags: SERVICE_FLAGS,
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
  examples: ["ecos mcp --lang en", "deno run -A jsr:@ecos/ecos@0.1.0/cli mcp"],
  async run({ values }, io) {
    const session = await openSession(
      io.env,
      { ...values, ...(io.signal === undefined ? {} : { signal: io.signal }) },
      (line) => io.stderr(`${line}\n`),
    );
    try {
      const server = await createEcosMcpServer({
        client: session.client,
        secrets: [io.env.ECOS_API_KEY ?? ""],
      });
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
