/**
 * EcosClient.statisticSearch() against the bundled server: every cycle, Dates, both formats and languages, paging and concurrency, empty results, the module-level functions and a large table.
 *
 * @module
 */

import assert from "node:assert/strict";
import {
  type Cycle,
  keyStatisticList,
  parsePeriod,
  pl,
  statisticSearch,
  type StatisticSearchQuery,
} from "../../mod.ts";
import { startEcosServer } from "../../src/server/mod.ts";
import { emptyFrame } from "../../src/client/_frame.ts";
import { STATISTIC_SEARCH_SCHEMA } from "../../src/wire/columns.ts";
import { clientFor, KEY, rate, searchRequests, serve } from "../testdata/e2e.ts";

Deno.test("statisticSearch() answers every cycle with TIME the first day of PERIOD", async (t) => {
  await using server = await serve();
  const client = clientFor(server.url);
  const cases: [Cycle, string, string, string, string[], number][] = [
    ["A", "722Y001", "2015", "2020", ["0101000"], 6],
    ["S", "105Y001", "2020S1", "2021S2", ["1000", "BA"], 4],
    ["Q", "200Y102", "2023Q1", "2024Q2", ["10111"], 6],
    ["M", "901Y009", "202301", "202312", ["0"], 12],
    ["SM", "814Y002", "201001SM1", "201003SM2", ["1"], 6],
    ["D", "722Y001", "20240101", "20240131", ["0101000"], 31],
  ];
  for (const [cycle, statCode, start, end, items, rows] of cases) {
    await t.step(cycle, async () => {
      const df = await client.statisticSearch({ statCode, cycle, start, end, items });
      assert.equal(df.height, rows);
      assert.deepEqual(df.columns, STATISTIC_SEARCH_SCHEMA.map((c) => c.name));
      assert.ok(df.getColumn("TIME").dtype.equals(pl.Date));
      const periods = df.getColumn("PERIOD").toArray() as string[];
      const times = df.getColumn("TIME").toArray() as unknown as Date[];
      periods.forEach((p, i) => assert.equal(times[i]?.getTime(), parsePeriod(p).getTime()));
      assert.equal(parsePeriod(periods[0] ?? "").getTime(), parsePeriod(start, cycle).getTime());
    });
  }
});

Deno.test("statisticSearch() accepts Dates for start and end", async () => {
  await using server = await serve();
  const client = clientFor(server.url);
  const df = await client.statisticSearch({
    ...rate,
    start: new Date("2019-01-15"),
    end: new Date("2020-12-31T23:00:00Z"),
  });
  assert.equal(df.height, 24);
  assert.equal(searchRequests(server)[0]?.args.join("/"), "722Y001/M/201901/202012/0101000");
});

Deno.test("statisticSearch() gives the same frame in JSON and XML, at any page size", async () => {
  await using server = await serve();
  const query: StatisticSearchQuery = {
    statCode: "601Y002",
    cycle: "M",
    start: "202001",
    end: "202006",
  };
  const reference = await clientFor(server.url).statisticSearch(query);
  assert.ok(reference.height > 100);
  // "" and "-" arrive in this table: both must be null, whatever the format.
  assert.ok(reference.getColumn("DATA_VALUE").nullCount() > 0);
  for (const format of ["json", "xml"] as const) {
    for (const pageSize of [7, 50, 10_000]) {
      const df = await clientFor(server.url, { format, pageSize }).statisticSearch(query);
      assert.ok(df.frameEqual(reference, true), `${format} at ${pageSize}`);
    }
  }
});

Deno.test("statisticSearch() speaks both languages with the same values", async () => {
  await using server = await serve();
  const kr = await clientFor(server.url, { language: "kr" }).statisticSearch(rate);
  const en = await clientFor(server.url).statisticSearch(rate, { language: "en", format: "xml" });
  assert.notEqual(kr.getColumn("STAT_NAME").get(0), en.getColumn("STAT_NAME").get(0));
  assert.ok(kr.select("TIME", "DATA_VALUE").frameEqual(en.select("TIME", "DATA_VALUE"), true));
  assert.deepEqual(server.stats.requests.map((r) => r.language), ["kr", "en"]);
});

Deno.test("statisticSearch() pulls exactly list_total_count rows over many pages", async () => {
  await using server = await serve();
  const query = { ...rate, cycle: "D" as const, start: "20240101", end: "20240410" };
  const df = await clientFor(server.url, { pageSize: 9 }).statisticSearch(query);
  assert.equal(df.height, 101);
  const requests = searchRequests(server);
  assert.equal(requests.length, 12);
  assert.deepEqual(
    requests.map((r) => [r.startNo, r.endNo]).sort((a, b) => a[0]! - b[0]!),
    Array.from({ length: 12 }, (_, i) => [i * 9 + 1, Math.min(101, i * 9 + 9)]),
  );
  const days = (df.getColumn("TIME").toArray() as unknown as Date[]).map((d) => d.getTime());
  assert.deepEqual(days, [...days].sort((a, b) => a - b));
  assert.equal(new Set(days).size, 101);
});

Deno.test("statisticSearch() keeps at most `concurrency` requests in flight", async (t) => {
  const query = { ...rate, cycle: "D" as const, start: "20240101", end: "20240229" };
  for (const concurrency of [1, 3]) {
    await t.step(`concurrency ${concurrency}`, async () => {
      await using server = await serve({ latencyMs: 15 });
      const client = clientFor(server.url, { pageSize: 5, concurrency });
      const df = await client.statisticSearch(query);
      assert.equal(df.height, 60);
      assert.ok(server.stats.maxInFlight <= concurrency);
      if (concurrency > 1) assert.ok(server.stats.maxInFlight > 1, "pages went out one by one");
    });
  }
  await t.step("two pulls share the bound", async () => {
    await using server = await serve({ latencyMs: 15 });
    const client = clientFor(server.url, { pageSize: 5, concurrency: 2 });
    await Promise.all([client.statisticSearch(query), client.statisticSearch(query)]);
    assert.ok(server.stats.maxInFlight <= 2);
  });
});

Deno.test("statisticSearch() gives a typed empty frame for a range that holds no data", async (t) => {
  await using server = await serve();
  for (const format of ["json", "xml"] as const) {
    await t.step(format, async () => {
      // The base rate's monthly series starts in 1999: a range before it holds nothing.
      const df = await clientFor(server.url, { format }).statisticSearch({
        ...rate,
        start: "190001",
        end: "190012",
      });
      assert.equal(df.height, 0);
      assert.deepEqual(df.schema, emptyFrame(STATISTIC_SEARCH_SCHEMA).schema);
      const pages = [];
      for await (
        const page of clientFor(server.url, { format }).statisticSearchPages({
          ...rate,
          start: "190001",
          end: "190012",
        })
      ) pages.push(page);
      assert.equal(pages.length, 0);
    });
  }
});

Deno.test("the module-level functions use a client built from the environment", async () => {
  await using server = await startEcosServer({ keys: [KEY] });
  Deno.env.set("ECOS_BASE_URL", server.url);
  Deno.env.set("ECOS_API_KEY", KEY);
  try {
    const df = await statisticSearch(rate);
    assert.equal(df.height, 24);
    const key = await keyStatisticList({ pageSize: 50 });
    assert.equal(key.height, 101);
    assert.equal(server.stats.total, 4);
  } finally {
    Deno.env.delete("ECOS_BASE_URL");
    Deno.env.delete("ECOS_API_KEY");
  }
});

Deno.test("statisticSearch() pulls the 265k-row daily panel in order", async () => {
  await using server = await serve();
  const client = clientFor(server.url);
  const started = performance.now();
  const df = await client.statisticSearch({
    statCode: "999Y001",
    cycle: "D",
    start: "20100101",
    end: "20261231",
  });
  const ms = performance.now() - started;
  // 64 series of 4,142 Korean business days.
  assert.equal(df.height, 265_088);
  assert.equal(df.getColumn("TIME").nullCount(), 0);
  assert.equal(df.select(pl.col("ITEM_CODE1"), pl.col("ITEM_CODE2")).unique().height, 64);
  console.log(`  999Y001: ${df.height} rows in ${ms.toFixed(0)} ms (json, bundled server)`);
});
