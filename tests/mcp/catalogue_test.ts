/**
 * `ecos mcp`'s glossary and table tree, its resources and its prompts, through the SDK's
 * client over stdio, against the bundled server.
 */

import assert from "node:assert/strict";
import { startMcp } from "./_mcp.ts";

Deno.test("define_term explains a term from the glossary, and says when it has none", async () => {
  await using mcp = await startMcp();
  const r = await mcp.call("define_term", { word: "기준금리" });
  assert.equal(r.isError, false, r.texts.join("\n"));
  const entries = r.data?.entries as { word: string; content: string }[];
  assert.equal(entries[0]!.word, "기준금리");
  assert.match(entries[0]!.content, /^한국은행 금융통화위원회가 결정하는 정책금리/);
  assert.match(r.texts[0]!, /\*\*기준금리\*\*: 한국은행/);
  const en = await mcp.call("define_term", { word: "기준금리", language: "en" });
  assert.equal((en.data?.entries as { word: string }[])[0]!.word, "Base rate");
  const none = await mcp.call("define_term", { word: "없는말" });
  assert.deepEqual([none.isError, none.data?.total], [false, 0]);
  assert.match(none.data?.note as string, /^The glossary has no term holding "없는말": try/);
});

Deno.test("browse_tables walks the tree from the top, with cycles and sample data", async () => {
  await using mcp = await startMcp();
  type Node = { code: string; kind: string; cycles: string[]; sample_data: boolean };
  const top = await mcp.call("browse_tables", { language: "en" });
  assert.equal(top.isError, false, top.texts.join("\n"));
  const roots = top.data?.nodes as Node[];
  assert.equal(top.data?.group, null);
  assert.ok(roots.length > 0 && roots.every((n) => n.kind === "group"));
  assert.ok(roots.some((n) => n.code === "0000000001")); // 1. 통화/금융
  const rates = await mcp.call("browse_tables", { group: "0000000048", language: "en" });
  assert.deepEqual(
    (rates.data?.path as { code: string }[]).map((p) => p.code),
    ["0000000001", "0000000048"], // 1. 통화/금융, 1.3. 금리
  );
  const base = (rates.data?.nodes as Node[]).find((n) => n.code === "722Y001");
  assert.deepEqual(
    { kind: base?.kind, sample_data: base?.sample_data },
    { kind: "table", sample_data: true },
  );
  assert.ok(base!.cycles.includes("M") && base!.cycles.includes("A"), base!.cycles.join());
  // A table's code shows it among its siblings.
  const sits = await mcp.call("browse_tables", { group: "722Y001" });
  assert.equal(sits.data?.group, "0000000048");
  const wrong = await mcp.call("browse_tables", { group: "00000000129" });
  assert.equal(wrong.isError, true);
  assert.match(wrong.texts[0]!, /^UNKNOWN_CODE: 00000000129 is not a group or table code/);
});

Deno.test("the resources hold the named series, the period formats and the catalogue", async () => {
  await using mcp = await startMcp();
  const { resources } = await mcp.client.listResources();
  assert.deepEqual(resources.map((r) => [r.uri, r.mimeType]), [
    ["ui://ecos/chart.html", "text/html;profile=mcp-app"],
    ["ecos://named-series", "application/json"],
    ["ecos://period-formats", "text/markdown"],
    ["ecos://catalogue", "application/json"],
  ]);
  const read = async (uri: string) => {
    const { contents } = await mcp.client.readResource({ uri });
    return (contents[0] as { text: string }).text;
  };
  const named = JSON.parse(await read("ecos://named-series")) as {
    name: string;
    stat_code: string;
  }[];
  assert.deepEqual(named.find((s) => s.name === "cpi")?.stat_code, "901Y009");
  assert.match(
    await read("ecos://period-formats"),
    /\| Q \| quarterly \| YYYYQ1 to YYYYQ4 \| 2024Q4 \|/,
  );
  const catalogue = JSON.parse(await read("ecos://catalogue")) as {
    stat_code: string;
    kind: string;
    sample_data: boolean;
  }[];
  assert.deepEqual(
    catalogue.find((t) => t.stat_code === "722Y001"),
    {
      stat_code: "722Y001",
      name: "1.3.1. 한국은행 기준금리 및 여수신금리",
      parent: "0000000048",
      kind: "table",
      cycle: "D",
      sample_data: true,
    },
  );
  assert.ok(catalogue.some((t) => t.kind === "group"));
});

Deno.test("the prompts brief on an indicator and compare two series", async () => {
  await using mcp = await startMcp();
  const { prompts } = await mcp.client.listPrompts();
  assert.deepEqual(prompts.map((p) => [p.name, p.arguments?.map((a) => a.name)]), [
    ["indicator_briefing", ["indicator", "language"]],
    ["compare_series", ["first", "second", "start", "end"]],
  ]);
  const brief = await mcp.client.getPrompt({
    name: "indicator_briefing",
    arguments: { indicator: "cpi", language: "en" },
  });
  const text = (brief.messages[0]!.content as { text: string }).text;
  assert.match(text, /^Give me a briefing on the Korean indicator "cpi"\./);
  assert.match(text, /Pass language "en" to every tool/);
  const compare = await mcp.client.getPrompt({
    name: "compare_series",
    arguments: { first: "cpi", second: "base_rate", start: "202001", end: "202412" },
  });
  assert.match(
    (compare.messages[0]!.content as { text: string }).text,
    /^Compare "cpi" with "base_rate" from 202001 to 202412\./,
  );
});
