/**
 * `ecos mcp` over stdio, without a key: the tools it lists with their schemas, and an answer of
 * each, every one saying that the data is generated sample data.
 */

import assert from "node:assert/strict";
import { startMcp, type ToolResult } from "./_mcp.ts";

const NOTICE =
  "ECOS_API_KEY is not set: using the bundled server, whose data is generated sample data\n";
const SAMPLE = /^Generated sample data from the bundled ECOS server, not official statistics/;

/** An answer of the bundled server: not an error, and saying it is sample data, twice. */
function assertSample(r: ToolResult): Record<string, unknown> {
  assert.equal(r.isError, false, r.texts.join("\n"));
  assert.match(r.texts[0]!, SAMPLE);
  const data = r.data!;
  assert.deepEqual(
    { ...(data.source as object), note: undefined },
    { kind: "bundled", sample_data: true, note: undefined },
  );
  assert.match((data.source as { note: string }).note, SAMPLE);
  return data;
}

Deno.test("ecos mcp lists its nine tools, with snake_case arguments and output schemas", async () => {
  await using mcp = await startMcp();
  const { tools } = await mcp.client.listTools();
  const shape = Object.fromEntries(tools.map((t) => [t.name, {
    args: Object.keys(t.inputSchema.properties ?? {}),
    required: t.inputSchema.required ?? [],
    outputHasSource: Object.hasOwn(t.outputSchema?.properties ?? {}, "source"),
  }]));
  assert.deepEqual(shape, {
    search_tables: { args: ["query", "language"], required: ["query"], outputHasSource: true },
    list_items: {
      args: ["stat_code", "query", "language"],
      required: ["stat_code"],
      outputHasSource: true,
    },
    get_series: {
      args: ["stat_code", "cycle", "start", "end", "items", "transform", "max_rows", "language"],
      required: ["stat_code", "cycle", "start", "end"],
      outputHasSource: true,
    },
    get_named_series: {
      args: ["name", "start", "end", "language"],
      required: ["name", "start", "end"],
      outputHasSource: true,
    },
    key_statistics: { args: ["language"], required: [], outputHasSource: true },
    describe_table: {
      args: ["stat_code", "language"],
      required: ["stat_code"],
      outputHasSource: true,
    },
    define_term: { args: ["word", "language"], required: ["word"], outputHasSource: true },
    browse_tables: { args: ["group", "language"], required: [], outputHasSource: true },
    chart_series: {
      args: ["stat_code", "cycle", "start", "end", "items", "transform", "language"],
      required: ["stat_code", "cycle", "start", "end"],
      outputHasSource: true,
    },
  });
  const series = tools.find((t) => t.name === "get_series")!;
  const props = series.inputSchema.properties as Record<
    string,
    { enum?: string[]; default?: number }
  >;
  assert.deepEqual(props.cycle?.enum, [
    "A",
    "S",
    "Q",
    "M",
    "SM",
    "D",
    "a",
    "s",
    "q",
    "m",
    "sm",
    "d",
  ]);
  assert.ok(props.transform?.enum?.includes("yoy") && props.transform.enum.includes("pop"));
  assert.equal(props.max_rows?.default, 500);
  for (const tool of tools) {
    assert.match(tool.description ?? "", /Example: \{"/, `${tool.name} shows an example call`);
  }
  assert.match(mcp.client.getInstructions() ?? "", /generated sample data/i);
  assert.equal(mcp.client.getServerVersion()?.name, "ecos");
  assert.deepEqual(mcp.errors, []);
  await mcp.close();
  assert.equal(mcp.stderr().split("\n")[0] + "\n", NOTICE, "the notice goes to stderr");
});

Deno.test("ecos mcp answers every tool, as text and structured content, as sample data", async () => {
  await using mcp = await startMcp();

  const tables = assertSample(await mcp.call("search_tables", { query: "base rate" }));
  assert.deepEqual(
    (tables.tables as { stat_code: string }[]).map((t) => t.stat_code),
    ["722Y001"],
  );

  const korean = assertSample(await mcp.call("search_tables", { query: "기준금리" }));
  assert.equal(korean.language, "kr");
  assert.equal((korean.tables as { stat_code: string }[])[0]!.stat_code, "722Y001");
  const other = assertSample(
    await mcp.call("search_tables", { query: "base rate", language: "kr" }),
  );
  assert.deepEqual([other.total, other.tables], [0, []]);
  assert.match(other.note as string, /language "en"$/);

  const items = await mcp.call("list_items", {
    stat_code: "901Y009",
    query: "all items",
    language: "en",
  });
  assert.deepEqual(
    (assertSample(items).items as Record<string, unknown>[]).map((i) => [i.item_code, i.cycle]),
    [["0", "M"], ["0", "A"]],
  );
  assert.match(
    items.texts[0]!,
    /\n\| item_code \| item_name \| level \| cycle \| first \| last \|/,
  );

  const rate = await mcp.call("get_series", {
    stat_code: "722Y001",
    cycle: "M",
    start: "202301",
    end: "202312",
    items: ["0101000"],
  });
  const data = assertSample(rate);
  const [block] = data.series as {
    item_codes: string[];
    unit: string;
    summary: { count: number };
    rows: { time: string; value: unknown }[];
  }[];
  assert.deepEqual(block!.item_codes, ["0101000"]);
  assert.equal(block!.unit, "연%");
  assert.equal(block!.summary.count, 12);
  assert.deepEqual(block!.rows.map((r) => r.time).slice(0, 2), ["2023-01-01", "2023-02-01"]);
  assert.ok(block!.rows.every((r) => typeof r.value === "number"));
  assert.deepEqual(
    Object.keys(block!.rows[0]!),
    ["time", "period", "value"],
    "no unit or name per row",
  );
  assert.match(
    rate.texts[0]!,
    /\n\| TIME \| PERIOD \| value \|\n\|---\|---\|---\|\n\| 2023-01-01 \| 202301 \| /,
  );

  const cpi = assertSample(
    await mcp.call("get_named_series", { name: "cpi", start: "202401", end: "202406" }),
  );
  assert.equal(cpi.stat_code, "901Y009");
  assert.equal(cpi.total_rows, 6);

  const keys = assertSample(await mcp.call("key_statistics", { language: "en" }));
  assert.equal(keys.count, 101);

  const esi = assertSample(await mcp.call("describe_table", { stat_code: "513Y001" }));
  assert.equal((esi.metadata as { data_name: string }).data_name, "경제심리지수");
  assert.deepEqual(
    (esi.cycles as { cycle: string }[]).map((c) => c.cycle),
    ["M"],
  );
  assert.deepEqual(mcp.errors, []);
});

Deno.test("get_series with transform shows the change from the first period asked for", async () => {
  await using mcp = await startMcp();
  const r = await mcp.call("get_series", {
    stat_code: "901Y009",
    cycle: "M",
    start: "202401",
    end: "202403",
    items: ["0"],
    transform: "yoy",
  });
  const [block] = assertSample(r).series as {
    rows: { time: string; transformed: number | null }[];
  }[];
  // A year before 202401 was pulled as the base, and is not shown.
  assert.deepEqual(block!.rows.map((row) => row.time), ["2024-01-01", "2024-02-01", "2024-03-01"]);
  assert.ok(block!.rows.every((row) => typeof row.transformed === "number"));
  assert.match(r.texts[0]!, /\| TIME \| PERIOD \| value \| yoy \(%\) \|/);
});
