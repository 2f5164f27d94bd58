/**
 * First contact, from an AI assistant: `ecos mcp` started as an assistant starts it (`deno run`
 * of the repository's src/cli.ts from a folder of its own, no lock, nothing loaded beforehand),
 * its first `get_series` meeting a fault. The answer is a tool error naming the code, and the
 * server still answers the next call: one failed pull must not cost the assistant its tools.
 *
 * @module
 */

import assert from "node:assert/strict";
// The SDK's export map gives types to the extensionless subpaths and code to the ".js" ones.
// @ts-types="npm:@modelcontextprotocol/sdk@1.32.2/client/index"
import { Client } from "npm:@modelcontextprotocol/sdk@1.32.2/client/index.js";
// @ts-types="npm:@modelcontextprotocol/sdk@1.32.2/client/stdio"
import { StdioClientTransport } from "npm:@modelcontextprotocol/sdk@1.32.2/client/stdio.js";
import { childEnv } from "../testdata/child_env.ts";
import { tempDir } from "../testdata/temp_dir.ts";
import {
  assertCacheWarm,
  BODY_FAULTS,
  CODE,
  type FaultName,
  FAULTS,
  pool,
  REPO,
  startFaultServers,
  USER_RUN,
} from "./_first_contact.ts";

/** The base rate, monthly, over two years. */
const GET_SERIES = {
  name: "get_series",
  arguments: {
    stat_code: "722Y001",
    cycle: "M",
    start: "201901",
    end: "202012",
    items: ["0101000"],
  },
};

Deno.test("ecos mcp: a first get_series that meets a fault is a tool error, and the next call is answered", async (t) => {
  await using servers = await startFaultServers();
  await using warm = await tempDir("ecos_first_contact_");
  await assertCacheWarm(warm.path);
  const cases = FAULTS.flatMap((fault) =>
    (BODY_FAULTS.has(fault) ? ["json", "xml"] : ["json"]).map((format) => ({ fault, format }))
  );
  const task = ({ fault, format }: { fault: FaultName; format: string }) => async () => {
    const target = await servers.target(fault, "StatisticSearch");
    await t.step({
      name: `ecos mcp, ${fault}, ${format}`,
      sanitizeOps: false,
      sanitizeResources: false,
      sanitizeExit: false,
      fn: async () => {
        await using dir = await tempDir("ecos_first_contact_");
        const transport = new StdioClientTransport({
          command: Deno.execPath(),
          args: [...USER_RUN, `${REPO}src/cli.ts`, "mcp", "--format", format],
          cwd: dir.path,
          // Whole: the SDK adds HOME, LOGNAME, PATH, SHELL, TERM and USER of this process to
          // what it is given, unless given them.
          env: {
            LOGNAME: "",
            SHELL: "",
            TERM: "",
            USER: "",
            ...childEnv({
              HOME: dir.path,
              ECOS_API_KEY: target.apiKey,
              ECOS_BASE_URL: target.baseUrl,
            }),
          },
          stderr: "pipe",
        });
        let stderr = "";
        transport.stderr?.on("data", (b: Uint8Array) => (stderr += new TextDecoder().decode(b)));
        const client = new Client({ name: "first-contact", version: "1.0.0" });
        await client.connect(transport);
        try {
          if (fault === "ABORT") {
            // The assistant cancels the call while the service holds its request.
            const cancel = new AbortController();
            const call = client.callTool(GET_SERIES, undefined, { signal: cancel.signal });
            await target.held;
            cancel.abort();
            await assert.rejects(call, /abort/i);
          } else {
            const answer = await client.callTool(GET_SERIES) as {
              isError?: boolean;
              content: { type: string; text?: string }[];
            };
            assert.equal(answer.isError, true, JSON.stringify(answer));
            const text = answer.content.map((c) => c.text ?? "").join("\n");
            assert.ok(text.startsWith(`${CODE[fault]}: `), text);
          }
          // The server is still there, and answers.
          const { tools } = await client.listTools();
          assert.ok(tools.some((tool) => tool.name === "get_series"), JSON.stringify(tools));
        } finally {
          await client.close();
        }
        assert.ok(!stderr.includes("Uncaught"), stderr);
        assert.ok(!stderr.includes("    at "), stderr);
      },
    });
  };
  // Retried faults wait out the default backoff (seconds, idle).
  await pool(cases.map(task), 4);
});
