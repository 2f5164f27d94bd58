/**
 * `ecos mcp` when its input closes with calls still in flight: a client that pipes its
 * requests and closes stdin at once gets every answer, then the process exits 0.
 */

import assert from "node:assert/strict";
import { childEnv, INITIALIZE_REQUEST, REPO_DIR } from "./_mcp.ts";

/** Runs `ecos mcp` with these lines on its input, closed at once; its answers and exit code. */
async function pipeLines(lines: unknown[]) {
  const home = await Deno.makeTempDir({ prefix: "ecos_mcp_home_" });
  try {
    const child = new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", "src/cli.ts", "mcp"],
      cwd: REPO_DIR,
      clearEnv: true,
      env: childEnv(home),
      stdin: "piped",
      stdout: "piped",
      stderr: "piped",
      signal: AbortSignal.timeout(60_000), // bounded: a server that never exits is killed
    }).spawn();
    const writer = child.stdin.getWriter();
    await writer.write(
      new TextEncoder().encode(lines.map((l) => JSON.stringify(l) + "\n").join("")),
    );
    await writer.close();
    const { code, stdout, stderr } = await child.output();
    const answers = new TextDecoder().decode(stdout).split("\n").filter((l) => l !== "")
      .map((l) => JSON.parse(l) as { id?: number; result?: { isError?: boolean } });
    return { code, answers, stderr: new TextDecoder().decode(stderr) };
  } finally {
    await Deno.remove(home, { recursive: true });
  }
}

const HANDSHAKE = [
  INITIALIZE_REQUEST,
  { jsonrpc: "2.0", method: "notifications/initialized" },
];

/** A tools/call request. */
const toolCall = (id: number, name: string, args: Record<string, unknown>) => ({
  jsonrpc: "2.0",
  id,
  method: "tools/call",
  params: { name, arguments: args },
});

Deno.test("ecos mcp exits 0 when its input closes after a call it was asked to cancel", async () => {
  const { code, answers, stderr } = await pipeLines([
    ...HANDSHAKE,
    toolCall(2, "get_series", {
      stat_code: "999Y001",
      cycle: "D",
      start: "20200101",
      end: "20241231",
    }),
    { jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: 2 } },
  ]);
  assert.equal(code, 0, stderr);
  assert.equal(answers[0]?.id, 1);
});

Deno.test("ecos mcp answers the calls in flight when its input closes, then exits 0", async () => {
  const { code, answers, stderr } = await pipeLines([
    ...HANDSHAKE,
    toolCall(2, "get_named_series", { name: "cpi", start: "202401", end: "202403" }),
    toolCall(3, "search_tables", { query: "base rate" }),
  ]);
  assert.deepEqual(answers.map((a) => a.id).sort(), [1, 2, 3], stderr);
  assert.ok(answers.every((a) => a.result !== undefined && a.result.isError !== true));
  assert.equal(code, 0);
});
