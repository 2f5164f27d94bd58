/**
 * `ecos mcp` as an assistant calls it, through the SDK's client over stdio: names in the
 * language asked for, unknown arguments refused, period labels and the units of transformed
 * values, forgiving spellings of items and cycles, the code of a cycle a table lacks, a row cap
 * that drops no series, and each transform named once.
 */

import assert from "node:assert/strict";
import { startMcp } from "./_mcp.ts";

type Block = {
  item_codes: string[];
  item_names: string[];
  unit: string | null;
  transformed_unit?: string | null;
  rows: { time: string; period: string; value: number | null; transformed?: number | null }[];
};
const blocks = (data: Record<string, unknown> | undefined) => (data?.series ?? []) as Block[];

Deno.test("get_series and get_named_series answer names in the language asked for", async () => {
  await using mcp = await startMcp();
  const en = await mcp.call("get_named_series", {
    name: "cpi",
    start: "202401",
    end: "202402",
    language: "en",
  });
  assert.equal(en.isError, false, en.texts.join("\n"));
  assert.deepEqual(blocks(en.data)[0]!.item_names, ["All items"]);
  const kr = await mcp.call("get_named_series", { name: "cpi", start: "202401", end: "202402" });
  assert.deepEqual(blocks(kr.data)[0]!.item_names, ["총지수"]);
  const series = await mcp.call("get_series", {
    stat_code: "901Y009",
    cycle: "M",
    start: "202401",
    end: "202402",
    items: ["0"],
    language: "en",
  });
  assert.deepEqual(blocks(series.data)[0]!.item_names, ["All items"]);
});

Deno.test("an unknown argument is refused, with the names the tool knows", async () => {
  await using mcp = await startMcp();
  const r = await mcp.call("get_named_series", {
    name: "cpi",
    start: "202401",
    end: "202402",
    langauge: "en",
  });
  assert.equal(r.isError, true);
  assert.match(
    r.texts[0]!,
    /Unknown argument "langauge": get_named_series takes name, start, end, language$/,
  );
  const keys = await mcp.call("key_statistics", { lang: "en", x: 1 });
  assert.equal(keys.isError, true);
  assert.match(keys.texts[0]!, /Unknown arguments "lang", "x": key_statistics takes language$/);
  const { tools } = await mcp.client.listTools();
  for (const tool of tools) {
    assert.equal(tool.inputSchema.additionalProperties, false, `${tool.name} lists it too`);
  }
});

Deno.test("each row carries its period label, and a transform its unit", async () => {
  await using mcp = await startMcp();
  const q = await mcp.call("get_named_series", {
    name: "gdp_growth",
    start: "2024Q3",
    end: "2024Q4",
  });
  assert.deepEqual(
    blocks(q.data)[0]!.rows.map((r) => [r.time, r.period]),
    [["2024-07-01", "2024Q3"], ["2024-10-01", "2024Q4"]],
  );
  const yoy = await mcp.call("get_series", {
    stat_code: "901Y009",
    cycle: "M",
    start: "202401",
    end: "202402",
    items: ["0"],
    transform: "yoy",
  });
  const [cpi] = blocks(yoy.data);
  assert.deepEqual([cpi!.unit, cpi!.transformed_unit], ["2020=100", "%"]);
  assert.match(yoy.texts[0]!, /Summary of yoy \(unit: %\)/);
  const chg = await mcp.call("get_series", {
    stat_code: "722Y001",
    cycle: "M",
    start: "202401",
    end: "202402",
    items: ["0101000"],
    transform: "chg",
  });
  const [rate] = blocks(chg.data);
  assert.deepEqual([rate!.unit, rate!.transformed_unit], ["연%", "%p"]);
});

Deno.test("one item code as a string and a cycle in lower case are accepted", async () => {
  await using mcp = await startMcp();
  const r = await mcp.call("get_series", {
    stat_code: "722Y001",
    cycle: "m",
    start: "202401",
    end: "202403",
    items: "0101000",
  });
  assert.equal(r.isError, false, r.texts.join("\n"));
  assert.equal(r.data?.cycle, "M");
  assert.deepEqual(blocks(r.data).map((b) => b.item_codes), [["0101000"]]);
  assert.deepEqual(blocks(r.data)[0]!.rows.map((row) => row.period), [
    "202401",
    "202402",
    "202403",
  ]);
  const bad = await mcp.call("get_series", {
    stat_code: "722Y001",
    cycle: "M",
    start: "202401",
    end: "202403",
    items: 101000,
  });
  assert.equal(bad.isError, true);
  assert.match(
    bad.texts[0]!,
    /Pass items as an item code or an array of item codes: got 101000 at items$/,
    "one message, not a spurious second",
  );
});

Deno.test("a cycle the table lacks is an invalid argument, and a missing cycle says what to pass", async () => {
  await using mcp = await startMcp();
  const lacks = await mcp.call("get_series", {
    stat_code: "901Y009",
    cycle: "Q",
    start: "2023Q1",
    end: "2023Q2",
  });
  assert.equal(lacks.isError, true);
  assert.match(
    lacks.texts[0]!,
    /^INVALID_ARGUMENT: 901Y009 has cycles M, A; not Q: pass one of its cycles \(list_items/,
  );
  const missing = await mcp.call("get_series", {
    stat_code: "901Y009",
    start: "202301",
    end: "202302",
  });
  assert.equal(missing.isError, true);
  assert.match(missing.texts[0]!, /Pass cycle: A, S, Q, M, SM or D .* at cycle$/);
  assert.doesNotMatch(missing.texts[0]!, /UNKNOWN_CODE/);
});

Deno.test("a row cap below the number of series still shows every series its latest row", async () => {
  await using mcp = await startMcp();
  const r = await mcp.call("get_series", {
    stat_code: "200Y102",
    cycle: "Q",
    start: "2024Q1",
    end: "2024Q4",
    max_rows: 2,
  });
  assert.equal(r.isError, false, r.texts.join("\n"));
  const series = blocks(r.data);
  assert.equal(series.length, 5);
  assert.deepEqual(series.map((s) => s.rows.map((row) => row.period)), [
    ["2024Q4"],
    ["2024Q4"],
    ["2024Q4"],
    ["2024Q4"],
    ["2024Q4"],
  ]);
  assert.equal(r.data?.shown_rows, 5);
  assert.match(
    r.data?.omitted_note as string,
    /^Showing the latest 5 of 20 rows \(more than max_rows 2: every series shows at least its latest row\)/,
  );
});

Deno.test("each transform is described once, its other names beside it", async () => {
  await using mcp = await startMcp();
  const { tools } = await mcp.client.listTools();
  const series = tools.find((t) => t.name === "get_series")!;
  const text = (series.inputSchema.properties as Record<string, { description: string }>)
    .transform!.description;
  assert.match(text, /yoy \(% change on the same period a year before; also called pc1\)/);
  assert.match(text, /pop \(% change on the previous period; also called pch\)/);
  for (const kind of ["yoy", "pc1", "pop", "pch", "mom", "qoq", "chg", "log"]) {
    const listed = text.split(new RegExp(`(?:: |, |also called )${kind}\\b`)).length - 1;
    assert.equal(listed, 1, `${kind} once`);
  }
});
