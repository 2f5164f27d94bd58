/**
 * The shaping of series answers, in this process against the bundled server: series grouped
 * with names and unit once, summaries over every row, the cap by max_rows, transforms with
 * their base pulled from before the range, and the server's version.
 */

import assert from "node:assert/strict";
import { connect } from "../../src/connect.ts";
import { pullSeries, shares } from "../../src/mcp/series.ts";
import { SERVER_VERSION, TOOLS } from "../../src/mcp/mod.ts";

const MORE = "ask again";

Deno.test("pullSeries() groups rows by series, with names and unit once and a summary each", async () => {
  await using session = await connect({ env: {}, quiet: true });
  const a = await pullSeries(session.client, {
    query: { statCode: "722Y001", cycle: "A", start: "2020", end: "2023" },
    maxRows: 500,
    howToGetMore: MORE,
  }, {});
  assert.deepEqual(a.series.map((s) => s.item_codes), [["0101000"], ["0102000"], ["0103000"]]);
  assert.deepEqual(a.series.map((s) => s.rows.length), [4, 4, 4]);
  assert.equal(a.total_rows, 12);
  assert.equal(a.omitted_note, null);
  const [base] = a.series;
  assert.equal(base!.unit, "연%");
  assert.deepEqual(base!.rows.map((r) => r.time), [
    "2020-01-01",
    "2021-01-01",
    "2022-01-01",
    "2023-01-01",
  ]);
  const values = base!.rows.map((r) => r.value as number);
  assert.equal(base!.summary.count, 4);
  assert.equal(base!.summary.min?.value, Math.min(...values));
  assert.equal(base!.summary.max?.value, Math.max(...values));
  assert.deepEqual(base!.summary.last, { time: "2023-01-01", value: values[3] });
});

Deno.test("pullSeries() shows the latest rows of each series within max_rows, and counts the rest", async () => {
  await using session = await connect({ env: {}, quiet: true });
  const a = await pullSeries(session.client, {
    query: { statCode: "722Y001", cycle: "A", start: "2010", end: "2023" },
    maxRows: 10,
    howToGetMore: MORE,
  }, {});
  assert.equal(a.total_rows, 42);
  assert.deepEqual(a.series.map((s) => s.rows.length), [3, 3, 4]);
  assert.deepEqual(a.series.map((s) => s.omitted?.rows), [11, 11, 10]);
  assert.deepEqual(a.series[0]!.omitted, { rows: 11, from: "2010-01-01", to: "2020-01-01" });
  assert.equal(a.series[0]!.rows[0]!.time, "2021-01-01");
  assert.equal(a.series[0]!.summary.count, 14);
  assert.equal(a.shown_rows, 10);
  assert.equal(a.omitted_rows, 32);
  assert.equal(
    a.omitted_note,
    "Showing the latest 10 of 42 rows: 32 earlier rows (2010-01-01 to 2020-01-01) are left out " +
      "of the rows, but every summary counts them. To get them: ask again",
  );
});

Deno.test("pullSeries() with a transform pulls a year before start, and shows only the range", async () => {
  await using session = await connect({ env: {}, quiet: true });
  const query = {
    statCode: "901Y009",
    cycle: "M" as const,
    start: "202401",
    end: "202406",
    items: ["0"],
  };
  const plain = await pullSeries(session.client, {
    query: { ...query, start: "202301" },
    maxRows: 500,
    howToGetMore: MORE,
  }, {});
  const yoy = await pullSeries(session.client, {
    query,
    transform: "yoy",
    maxRows: 500,
    howToGetMore: MORE,
  }, {});
  const [year] = plain.series;
  const [block] = yoy.series;
  assert.deepEqual(block!.rows.map((r) => r.time), [
    "2024-01-01",
    "2024-02-01",
    "2024-03-01",
    "2024-04-01",
    "2024-05-01",
    "2024-06-01",
  ]);
  assert.equal(yoy.total_rows, 6);
  // Each change is against the value twelve rows before, in the plain pull.
  block!.rows.forEach((r, i) => {
    const now = year!.rows[i + 12]!.value!;
    const before = year!.rows[i]!.value!;
    assert.ok(Math.abs(r.transformed! - (now - before) / before * 100) < 1e-6);
  });
  assert.equal(block!.transformed_summary?.count, 6);
  assert.equal(block!.transformed_summary?.missing, 0);
});

Deno.test("pullSeries() of a range without data answers no series", async () => {
  await using session = await connect({ env: {}, quiet: true });
  const a = await pullSeries(session.client, {
    query: { statCode: "722Y001", cycle: "A", start: "2090", end: "2091", items: ["0101000"] },
    maxRows: 500,
    howToGetMore: MORE,
  }, {});
  assert.deepEqual([a.total_rows, a.series, a.stat_name], [0, [], null]);
});

Deno.test("shares() gives every series a row, then an equal part, and passes on what short ones leave", () => {
  assert.deepEqual(shares([14, 14, 14], 10), [3, 3, 4]);
  assert.deepEqual(shares([2, 100, 100], 10), [2, 4, 4]);
  assert.deepEqual(shares([5, 5], 500), [5, 5]);
  assert.deepEqual(shares([9, 9, 9, 9], 2), [1, 1, 1, 1], "every series its latest row first");
  assert.deepEqual(shares([0, 9, 9], 1), [0, 1, 1]);
  assert.deepEqual(shares([], 10), []);
});

Deno.test("the server states the module's version, and every tool an example", async () => {
  const config = JSON.parse(
    await Deno.readTextFile(new URL("../../deno.json", import.meta.url)),
  ) as { version: string };
  assert.equal(SERVER_VERSION, config.version);
  for (const tool of TOOLS) assert.match(tool.description, /Example: \{"/);
});
