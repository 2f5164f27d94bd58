/**
 * `ecos mcp` with a key: the key appears in no message the server sends (results, errors,
 * progress) and nowhere on its stderr, whatever the tools are asked and however they fail.
 */

import assert from "node:assert/strict";
import { startEcosServer } from "../../src/server/mod.ts";
import { startMcp } from "./_mcp.ts";

const KEY = "mcp-Secret-Key-4b7e2f";

Deno.test("the API key appears in no message, result, error or log line of ecos mcp", async () => {
  // 817Y002 (treasury yields) always answers ERROR-101, which is not retried.
  await using server = await startEcosServer({
    keys: [KEY],
    fault: (c) =>
      c.service === "StatisticSearch" && c.args[0] === "817Y002"
        ? { kind: "code", code: "ERROR-101" }
        : undefined,
  });
  await using mcp = await startMcp({ ECOS_API_KEY: KEY, ECOS_BASE_URL: server.url });
  const calls: [string, Record<string, unknown>][] = [
    ["search_tables", { query: "rate" }],
    ["list_items", { stat_code: "722Y001" }],
    ["get_series", { stat_code: "722Y001", cycle: "M", start: "202301", end: "202412" }],
    ["get_named_series", { name: "usd_krw", start: "20240101", end: "20240331" }],
    ["key_statistics", {}],
    ["describe_table", { stat_code: "722Y001", language: "en" }],
    ["get_series", { stat_code: "817Y002", cycle: "D", start: "20240101", end: "20240110" }],
    ["get_series", { stat_code: "722Y00", cycle: "M", start: "202301", end: "202412" }],
    // The key given as a table code: quoted by no message either.
    ["get_series", { stat_code: KEY, cycle: "M", start: "202301", end: "202412" }],
    ["describe_table", { stat_code: KEY }],
  ];
  const errors: string[] = [];
  for (const [tool, args] of calls) {
    const r = await mcp.client.callTool({ name: tool, arguments: args }, undefined, {
      onprogress: () => {},
    });
    if (r.isError) errors.push(JSON.stringify(r));
  }
  // The failures are there, and the one the service answered names its code.
  assert.equal(errors.length, 4);
  assert.match(errors[0]!, /ERROR-101/);
  const answers = mcp.messages.filter((m) => m.includes('"result"'));
  assert.ok(
    answers.some((m) => m.includes('"kind":"custom"') && m.includes('"sample_data":false')),
  );
  assert.ok(mcp.messages.some((m) => m.includes("notifications/progress")));
  assert.ok(mcp.messages[0]!.includes('"instructions"'), "the handshake is seen too");
  await mcp.close();
  const everything = [...mcp.messages, mcp.stderr(), ...mcp.errors];
  assert.ok(everything.length > calls.length);
  for (const text of everything) assert.ok(!text.includes(KEY), `the key in: ${text}`);
});
