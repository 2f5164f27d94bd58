/**
 * Finding what to ask for, against the bundled server: tables by name, items by name or code,
 * named series, and several queries at once.
 */

import assert from "node:assert/strict";
import { EcosClient, NAMED_SERIES, parsePeriod, pl, type SeriesName } from "../../mod.ts";
import { clientFor, rejects, serve } from "../testdata/e2e.ts";

Deno.test("searchTables() finds tables by Korean or English words, numbering ignored", async () => {
  await using server = await serve();
  const client = clientFor(server.url);
  const en = await client.searchTables("BASE rate");
  assert.ok(en.getColumn("STAT_CODE").toArray().includes("722Y001"));
  assert.deepEqual(en.columns, [
    "STAT_CODE",
    "STAT_NAME",
    "CYCLE",
    "ORG_NAME",
    "GROUP_CODE",
    "GROUP_NAME",
  ]);
  for (const name of en.getColumn("STAT_NAME").toArray() as string[]) {
    assert.doesNotMatch(name, /^\d+\./, "numbering removed");
    assert.match(name.toLowerCase(), /base rate/);
  }
  assert.ok(en.getColumn("GROUP_NAME").nullCount() === 0, "every table names its group");
  const kr = await client.searchTables("기준금리");
  assert.ok(kr.getColumn("STAT_CODE").toArray().includes("722Y001"));
  // "1." alone must not match every numbered name.
  assert.equal((await client.searchTables("1.")).height, 0);
  assert.equal((await client.searchTables("zzz nothing like this")).height, 0);
  assert.deepEqual((await client.searchTables("zzz")).columns, en.columns);
});

Deno.test("searchTables() pulls each language's table list once per client", async () => {
  await using server = await serve();
  const client = clientFor(server.url);
  await client.searchTables("rate");
  await client.searchTables("price");
  await client.searchTables("금리");
  assert.equal(server.stats.byService["StatisticTableList"], 2);
});

Deno.test("findItems() finds a table's items by name or code, with dates", async () => {
  await using server = await serve();
  const client = clientFor(server.url, { language: "en" });
  const all = await client.findItems("722Y001");
  assert.ok(all.height >= 3, "one row per item and cycle");
  const byCode = await client.findItems("722Y001", "0101000");
  assert.deepEqual(byCode.getColumn("ITEM_CODE").unique().toArray(), ["0101000"]);
  assert.deepEqual(
    (byCode.getColumn("CYCLE").toArray() as string[]).sort(),
    ["A", "D", "M", "Q"].filter((c) => (all.getColumn("CYCLE").toArray() as string[]).includes(c)),
  );
  assert.ok(byCode.getColumn("START_DATE").dtype.equals(pl.Date));
  const labels = byCode.getColumn("START_TIME").toArray() as string[];
  const dates = byCode.getColumn("START_DATE").toArray() as unknown as Date[];
  labels.forEach((l, i) => assert.equal(dates[i]?.getTime(), parsePeriod(l).getTime()));
  assert.equal(byCode.getColumn("LEVEL").get(0), 1);
  assert.equal((await client.findItems("722Y001", "no such item")).height, 0);
  assert.equal((await client.findItems("NOPE001")).height, 0);
  assert.equal(server.stats.byService["StatisticItemList"], 2, "one pull per table");
});

Deno.test("statisticItemList() gives START_DATE and END_DATE read in each item's cycle", async () => {
  await using server = await serve();
  const items = await clientFor(server.url).statisticItemList("814Y002");
  const cycles = items.getColumn("CYCLE").toArray() as string[];
  const ends = items.getColumn("END_TIME").toArray() as string[];
  const endDates = items.getColumn("END_DATE").toArray() as unknown as Date[];
  assert.ok(cycles.includes("SM"));
  ends.forEach((l, i) => assert.equal(endDates[i]?.getTime(), parsePeriod(l).getTime()));
  assert.equal(items.getColumn("END_DATE").nullCount(), 0);
});

Deno.test("every named series exists on the bundled server as documented", async (t) => {
  await using server = await serve();
  const client = clientFor(server.url, { language: "kr" });
  for (const [name, s] of Object.entries(NAMED_SERIES)) {
    await t.step(name, async () => {
      const items = (await client.statisticItemList(s.statCode))
        .filter(pl.col("ITEM_CODE").eq(pl.lit(s.item)));
      assert.ok(items.height > 0, `${s.statCode} has item ${s.item}`);
      const offered = items.getColumn("CYCLE").toArray() as string[];
      for (const cycle of s.cycles) assert.ok(offered.includes(cycle), `${name} in ${cycle}`);
      assert.deepEqual(items.getColumn("UNIT_NAME").unique().toArray(), [s.unit]);
    });
  }
});

Deno.test("series() reads the cycle from the shape of start, or uses the usual one for Dates", async (t) => {
  await using server = await serve();
  const client = clientFor(server.url);
  const cases: [SeriesName, string | Date, string | Date, string, number][] = [
    ["base_rate", "202001", "202012", "M", 12],
    ["base_rate", "2015", "2020", "A", 6],
    ["base_rate", "20240101", "20240110", "D", 10],
    ["gdp_growth", "2020Q1", "2020Q4", "Q", 4],
    ["cpi", new Date("2023-01-15"), new Date("2023-06-30"), "M", 6],
  ];
  for (const [name, start, end, cycle, rows] of cases) {
    await t.step(`${name} ${String(start)}`, async () => {
      const df = await client.series(name, { start, end });
      assert.equal(df.height, rows);
      const period = String(df.getColumn("PERIOD").get(0));
      const first = (df.getColumn("TIME").toArray() as unknown as Date[])[0];
      assert.equal(parsePeriod(period, cycle as "M").getTime(), first?.getTime());
    });
  }
  const quarterly = await client.series("base_rate", {
    start: new Date("2020-01-01"),
    end: new Date("2020-12-31"),
    cycle: "A",
  });
  assert.equal(quarterly.height, 1);
});

Deno.test("series() refuses an unknown name, listing the known ones, and a cycle not offered", async () => {
  await using server = await serve();
  const client = clientFor(server.url);
  const e = await rejects(client.series("gdp" as SeriesName, { start: "2020", end: "2021" }));
  assert.equal(e.code, "INVALID_ARGUMENT");
  assert.match(e.message, /known: base_rate, usd_krw, cpi, gdp_nominal, gdp_growth, ktb_3y$/);
  const q = await rejects(client.series("usd_krw", { start: "2020Q1", end: "2020Q2" }));
  assert.match(q.message, /usd_krw is published in \(D\): got Q/);
  assert.equal(server.stats.total, 0);
});

Deno.test("statisticSearchMany() pulls several queries into one long frame, within the bounds", async () => {
  await using server = await serve({ latencyMs: 10 });
  const client = clientFor(server.url, { concurrency: 2, pageSize: 5 });
  const df = await client.statisticSearchMany([
    { statCode: "722Y001", cycle: "M", start: "202401", end: "202412", items: ["0101000"] },
    { statCode: "901Y009", cycle: "M", start: "202401", end: "202412", items: ["0"] },
    { statCode: "200Y102", cycle: "Q", start: "2023Q1", end: "2024Q4", items: ["10111"] },
  ]);
  assert.equal(df.height, 32);
  assert.deepEqual(df.getColumn("STAT_CODE").unique({ maintainOrder: true }).toArray(), [
    "722Y001",
    "901Y009",
    "200Y102",
  ]);
  assert.ok(server.stats.maxInFlight <= 2);
  assert.ok(server.stats.maxInFlight > 1, "the queries went out together");
  assert.equal((await client.statisticSearchMany([])).height, 0);
});

Deno.test("statisticSearchMany() checks every query first, and raises the first failure", async () => {
  await using server = await serve();
  const client = clientFor(server.url);
  const good = { statCode: "722Y001", cycle: "M" as const, start: "202401", end: "202412" };
  const bad = await rejects(client.statisticSearchMany([good, { ...good, start: "2024" }]));
  assert.equal(bad.code, "INVALID_ARGUMENT");
  assert.equal(server.stats.total, 0);
  const e = await rejects(
    new EcosClient({ baseUrl: server.url, apiKey: "wrong", rateLimit: false })
      .statisticSearchMany([good, good]),
  );
  assert.equal(e.code, "INFO-100");
});

Deno.test("a client with the sample key on the live service says once what it costs", async () => {
  const script = `
    import { EcosClient } from ${JSON.stringify(new URL("../../mod.ts", import.meta.url).href)};
    new EcosClient();
    new EcosClient({ apiKey: "sample" });
    new EcosClient({ apiKey: "sample", baseUrl: "http://127.0.0.1:9/api" });
  `;
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["eval", script],
    env: { ECOS_API_KEY: "", ECOS_BASE_URL: "", NO_COLOR: "1" },
    stdout: "piped",
    stderr: "piped",
  }).output();
  assert.equal(out.code, 0, new TextDecoder().decode(out.stderr));
  const stderr = new TextDecoder().decode(out.stderr);
  assert.equal(stderr.match(/sample key/g)?.length, 1, stderr);
  assert.match(stderr, /allows 10 rows a request/);
  assert.match(stderr, /set ECOS_API_KEY/);
});
