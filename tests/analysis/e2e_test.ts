/**
 * The analysis transforms on frames pulled from the bundled server.
 *
 * @module
 */

import assert from "node:assert/strict";
import { EcosClient, frameInfo, pl, type StatisticSearchQuery } from "../../mod.ts";
import { startEcosServer } from "../../src/server/mod.ts";
import { toCycle, toWide, withChange } from "../../src/analysis/mod.ts";
import { assertClose, column, throwsEcos } from "./_frame.ts";

const KEY = "analysis-Key-3b7e";

/** Pulls each query from a fresh bundled server. */
async function pull(...queries: StatisticSearchQuery[]) {
  await using server = await startEcosServer({ keys: [KEY] });
  const client = new EcosClient({ baseUrl: server.url, apiKey: KEY, rateLimit: false });
  const frames = [];
  for (const q of queries) frames.push(await client.statisticSearch(q));
  return frames;
}

/** The percentage change, or null, as the transforms define it. */
const change = (v: number | null | undefined, b: number | null | undefined) =>
  v == null || b == null || b === 0 ? null : (v - b) / b * 100;

Deno.test("withChange() on the daily base rate compares each day with a year before", async () => {
  const [rate] = await pull({
    statCode: "722Y001",
    cycle: "D",
    start: "20230101",
    end: "20250331",
    items: ["0101000"],
  });
  const out = withChange(withChange(rate!, "yoy"), "pop");
  const periods = column(out, "PERIOD") as string[];
  const values = column(out, "DATA_VALUE") as (number | null)[];
  const byLabel = new Map(periods.map((p, i) => [p, values[i]]));
  // A row for every calendar day: the same date a year before, 28 February for 29 February.
  const expected = periods.map((p) =>
    change(
      byLabel.get(p),
      byLabel.get(`${Number(p.slice(0, 4)) - 1}${p.endsWith("0229") ? "0228" : p.slice(4)}`),
    )
  );
  assert.ok(periods.includes("20240229"));
  assertClose(column(out, "CHANGE_YOY"), expected);
  // 2025-02-25: the rate went from 3.00 to 2.75; a year before it was 3.50.
  assertClose([byLabel.get("20250225") ?? null], [2.75]);
  const at = periods.indexOf("20250225");
  assertClose([column(out, "CHANGE_POP")[at] as number], [(2.75 - 3) / 3 * 100]);
  assertClose([column(out, "CHANGE_YOY")[at] as number], [(2.75 - 3.5) / 3.5 * 100]);
});

Deno.test("withChange() yoy of the daily won-dollar rate has a value on every business day of 2024", async () => {
  const [usd] = await pull({
    statCode: "731Y001",
    cycle: "D",
    start: "20230101",
    end: "20241231",
    items: ["0000001"],
  });
  const out = withChange(usd!, "yoy").filter(pl.col("PERIOD").str.startsWith("2024"));
  // 246 Korean business days in 2024; before, 95 of them had no same date a year earlier.
  assert.equal(out.height, 246);
  assert.equal(out.getColumn("CHANGE_YOY").nullCount(), 0);
  const periods = column(usd!, "PERIOD") as string[];
  const values = column(usd!, "DATA_VALUE") as number[];
  const at = (label: string) => values[periods.indexOf(label)]!;
  const yoy = (label: string) =>
    column(out, "CHANGE_YOY")[(column(out, "PERIOD") as string[]).indexOf(label)];
  // Monday 8 January 2024: 8 January 2023 was a Sunday, Friday 6 January stands in.
  assert.equal(periods.includes("20230108"), false);
  assertClose([yoy("20240108") as number], [change(at("20240108"), at("20230106"))!]);
  // Tuesday 13 February 2024, after Seollal: Monday 13 February 2023 has a row of its own.
  assert.equal(periods.includes("20240212"), false);
  assertClose([yoy("20240213") as number], [change(at("20240213"), at("20230213"))!]);
});

Deno.test("the transforms keep where the rows came from", async () => {
  await using server = await startEcosServer({ keys: [KEY] });
  const client = new EcosClient({ baseUrl: server.url, apiKey: KEY, rateLimit: false });
  const many = await client.statisticSearchMany([
    { statCode: "901Y009", cycle: "M", start: "202301", end: "202412", items: ["0"], label: "CPI" },
    { statCode: "722Y001", cycle: "M", start: "202301", end: "202412", items: ["0101000"] },
  ]);
  const info = frameInfo(many)!;
  assert.equal(info.source, "bundled");
  assert.equal(info.sources?.length, 2);
  for (const derived of [toWide(many), withChange(many, "pc1"), toCycle(many, "Q", "mean")]) {
    assert.deepEqual(frameInfo(derived), info);
  }
  // Two frames pulled apart, joined: both pulls are kept.
  const cpi = await client.statisticSearch({
    statCode: "901Y009",
    cycle: "M",
    start: "202401",
    end: "202412",
    items: ["0"],
  });
  const rate = await client.statisticSearch({
    statCode: "722Y001",
    cycle: "M",
    start: "202401",
    end: "202412",
    items: ["0101000"],
  });
  const joined = frameInfo(toWide([cpi, rate]))!;
  assert.deepEqual(joined.sources, [frameInfo(cpi), frameInfo(rate)]);
  const oldest = Math.min(
    frameInfo(cpi)!.fetchedAt.getTime(),
    frameInfo(rate)!.fetchedAt.getTime(),
  );
  assert.equal(joined.fetchedAt.getTime(), oldest);
  // A frame of one pull joined with one of two: three pulls, in order.
  assert.deepEqual(frameInfo(toWide([cpi, many]))?.sources, [frameInfo(cpi), ...info.sources!]);
});

Deno.test("withChange() qoq on quarterly GDP growth is pop, and mom is refused", async () => {
  const [gdp] = await pull({
    statCode: "200Y102",
    cycle: "Q",
    start: "2021Q1",
    end: "2023Q4",
    items: ["10111"],
  });
  const qoq = column(withChange(gdp!, "qoq"), "CHANGE_QOQ");
  const values = column(gdp!, "DATA_VALUE") as number[];
  assert.equal(values.length, 12);
  assertClose(qoq, values.map((v, i) => (i === 0 ? null : change(v, values[i - 1]))));
  assertClose(column(withChange(gdp!, "pop"), "CHANGE_POP"), qoq as number[]);
  assert.match(throwsEcos(() => withChange(gdp!, "mom")).message, /use "qoq"/);
});

Deno.test("toCycle() of the daily base rate matches the server's own months and quarters", async () => {
  const range = { statCode: "722Y001", items: ["0101000"] };
  const [daily, monthly, quarterly] = await pull(
    { ...range, cycle: "D", start: "20220101", end: "20241231" },
    { ...range, cycle: "M", start: "202201", end: "202412" },
    { ...range, cycle: "Q", start: "2022Q1", end: "2024Q4" },
  );
  for (const [target, expected] of [["M", monthly!], ["Q", quarterly!]] as const) {
    const got = toCycle(daily!, target, "last");
    assert.deepEqual(got.columns, expected.columns);
    for (const name of ["STAT_CODE", "ITEM_CODE1", "ITEM_NAME1", "UNIT_NAME", "PERIOD"]) {
      assert.deepEqual(column(got, name), column(expected, name), name);
    }
    assert.deepEqual(
      column(got, "TIME").map((d) => (d as Date).getTime()),
      column(expected, "TIME").map((d) => (d as Date).getTime()),
    );
    assertClose(column(got, "DATA_VALUE"), column(expected, "DATA_VALUE") as number[]);
  }
});

Deno.test("toCycle() of monthly CPI averages to the server's annual CPI", async () => {
  const [monthly, annual] = await pull(
    { statCode: "901Y009", cycle: "M", start: "202001", end: "202312", items: ["0"] },
    { statCode: "901Y009", cycle: "A", start: "2020", end: "2023", items: ["0"] },
  );
  const got = toCycle(monthly!, "A", "mean");
  assert.deepEqual(column(got, "PERIOD"), ["2020", "2021", "2022", "2023"]);
  assert.deepEqual(column(got, "PERIOD"), column(annual!, "PERIOD"));
  const means = column(got, "DATA_VALUE") as number[];
  const served = column(annual!, "DATA_VALUE") as number[];
  // The server rounds to two decimals before and after averaging.
  means.forEach((m, i) => assert.ok(Math.abs(m - served[i]!) <= 0.01, `${m} vs ${served[i]}`));
});

Deno.test("toWide() puts the daily market rates side by side", async () => {
  const [rates] = await pull({
    statCode: "817Y002",
    cycle: "D",
    start: "20240101",
    end: "20240331",
  });
  const wide = toWide(rates!);
  const items = [...new Set(column(rates!, "ITEM_NAME1") as string[])];
  assert.equal(items.length, 6);
  assert.deepEqual(wide.columns, ["TIME", "PERIOD", ...items]);
  const periods = [...new Set(column(rates!, "PERIOD") as string[])].sort();
  assert.deepEqual(column(wide, "PERIOD"), periods);
  // Korean business days only: 2024-01-01 to 2024-03-31 has 65 weekdays, less New Year's Day,
  // Seollal (9 February), its substitute (12 February) and Independence Movement Day: 61.
  assert.equal(wide.height, 61);
  const labels = column(rates!, "PERIOD") as string[];
  const names = column(rates!, "ITEM_NAME1") as string[];
  const values = column(rates!, "DATA_VALUE") as number[];
  for (let i = 0; i < labels.length; i += 17) {
    assert.equal(column(wide, names[i]!)[periods.indexOf(labels[i]!)], values[i]);
  }
});
