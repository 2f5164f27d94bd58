/**
 * Finding what to ask for, against the bundled server: tables by name, items by name or code,
 * named series, and several queries at once.
 */

import assert from "node:assert/strict";
import { EcosClient, frameInfo, namedSeries, pl, type SeriesName } from "../../mod.ts";
import { parsePeriod, periodEnd } from "../../src/periods.ts";
import { NAMED_SERIES } from "../../src/discovery/mod.ts";
import { clientFor, rejects, serve } from "../testdata/e2e.ts";
import { childEnv } from "../testdata/child_env.ts";

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

Deno.test("every named series exists on the bundled server as documented, and is served", async (t) => {
  await using server = await serve();
  const client = clientFor(server.url, { language: "kr" });
  for (const [name, s] of Object.entries(NAMED_SERIES)) {
    await t.step(name, async () => {
      const list = await client.statisticItemList(s.statCode);
      // Each code at its level, in every cycle the entry names.
      s.items.forEach((code, level) => {
        const rows = list.filter(
          pl.col("ITEM_CODE").eq(pl.lit(code)).and(
            pl.col("GRP_CODE").eq(pl.lit(`Group${level + 1}`)),
          ),
        );
        assert.ok(rows.height > 0, `${s.statCode} has ${code} at level ${level + 1}`);
        const offered = rows.getColumn("CYCLE").toArray() as string[];
        for (const cycle of s.cycles) assert.ok(offered.includes(cycle), `${name} in ${cycle}`);
      });
      const first = list.filter(pl.col("ITEM_CODE").eq(pl.lit(s.items[0]!)));
      assert.deepEqual(first.getColumn("UNIT_NAME").unique().toArray(), [s.unit]);
      // One series, ending on the last period the list gives, in the unit.
      const cycle = s.cycles[0]!;
      const end = first.filter(pl.col("CYCLE").eq(pl.lit(cycle))).getColumn("END_TIME").get(0);
      const df = await client.series(name as SeriesName, { start: end, end, cycle });
      assert.equal(df.height, 1, `${name} is one series`);
      assert.equal(typeof df.getColumn("DATA_VALUE").get(0), "number");
      assert.deepEqual(df.getColumn("UNIT_NAME").toArray(), [s.unit]);
      assert.equal(frameInfo(df)?.language, "kr");
    });
  }
});

Deno.test("namedSeries() lists the named series as a frame to browse", () => {
  const all = namedSeries();
  assert.deepEqual(all.columns, [
    "NAME",
    "DESCRIPTION",
    "STAT_CODE",
    "ITEMS",
    "CYCLES",
    "UNIT",
    "SOURCE",
  ]);
  assert.equal(all.height, 33);
  const names = all.getColumn("NAME").toArray() as string[];
  assert.equal(new Set(names).size, names.length);
  for (
    const wanted of [
      "base_rate",
      "cd_91d",
      "ktb_3y",
      "corp_aa_3y",
      "usd_krw",
      "jpy_krw",
      "eur_krw",
      "cny_krw",
      "cpi",
      "core_cpi",
      "ppi",
      "gdp_growth",
      "gdp_real",
      "gni",
      "current_account",
      "exports",
      "imports",
      "m1",
      "m2",
      "lf",
      "household_credit",
      "employed",
      "unemployment_rate",
      "industrial_production",
      "house_prices",
      "bsi",
      "csi",
      "esi",
    ]
  ) assert.ok(names.includes(wanted), wanted);
  const row = (name: string) =>
    all.filter(pl.col("NAME").eq(pl.lit(name))).toRecords()[0] as Record<string, unknown>;
  assert.deepEqual(
    { ...row("unemployment_rate"), SOURCE: undefined },
    {
      NAME: "unemployment_rate",
      DESCRIPTION: "Unemployment rate, seasonally adjusted",
      STAT_CODE: "901Y027",
      ITEMS: "I61BC/I28B",
      CYCLES: "M",
      UNIT: "%",
      SOURCE: undefined,
    },
  );
  assert.equal(row("csi").UNIT, null);
  assert.match(String(row("ppi").SOURCE), /choo121600\/ecos-reader/);
  assert.equal(all.getColumn("SOURCE").nullCount(), 0);
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
  assert.match(e.message, /^Use a known series name: got "gdp"; known: base_rate, call_rate, /);
  assert.match(e.message, /, unemployment_rate, /);
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
    env: childEnv(),
    clearEnv: true,
    stdout: "piped",
    stderr: "piped",
  }).output();
  assert.equal(out.code, 0, new TextDecoder().decode(out.stderr));
  const stderr = new TextDecoder().decode(out.stderr);
  assert.equal(stderr.match(/sample key/g)?.length, 1, stderr);
  assert.match(stderr, /allows 10 rows a request/);
  assert.match(stderr, /set ECOS_API_KEY/);
});

Deno.test("searchTables() with a cycle keeps the tables that offer it, asking item lists only where needed", async () => {
  await using server = await serve();
  const client = clientFor(server.url);
  const codes = (df: { getColumn(c: string): { toArray(): unknown[] } }) =>
    df.getColumn("STAT_CODE").toArray();
  // Listed as daily: no item list is needed to keep it.
  assert.deepEqual(codes(await client.searchTables("base rate", { cycle: "D" })), ["722Y001"]);
  assert.equal(server.stats.byService["StatisticItemList"] ?? 0, 0);
  // Monthly is in its item list, half-yearly is not.
  assert.deepEqual(codes(await client.searchTables("base rate", { cycle: "M" })), ["722Y001"]);
  assert.deepEqual(codes(await client.searchTables("base rate", { cycle: "S" })), []);
  assert.equal(server.stats.byService["StatisticItemList"], 1, "one list, kept");
  const prices = codes(await client.searchTables("price", { cycle: "A" }));
  assert.deepEqual(prices, ["901Y009"]);
  const e = await rejects(client.searchTables("base rate", { cycle: "MM" as "M" }));
  assert.equal(e.code, "INVALID_ARGUMENT");
  assert.match(e.message, /^Use one of the cycles A, S, Q, M, SM, D: got "MM"$/);
});

Deno.test("findItems() marks the items with data in a range", async () => {
  await using server = await serve();
  const client = clientFor(server.url, { language: "en" });
  const marked = (df: { getColumn(c: string): { toArray(): unknown[] } }) =>
    df.getColumn("CYCLE").toArray().map((c, i) => `${c}:${df.getColumn("HAS_DATA").toArray()[i]}`);
  // The base rate from 2000 (D, M, Q) with A to 2025; the range's edges are its first and
  // last days, in any cycle's shape.
  const rate = await client.findItems("722Y001", "0101000", { start: "2026", end: "2026" });
  assert.deepEqual(marked(rate), ["D:true", "M:true", "Q:true", "A:false"]);
  const before = await client.findItems("722Y001", "0101000", { end: new Date("1999-12-31") });
  assert.deepEqual(marked(before), ["D:false", "M:false", "Q:false", "A:false"]);
  const edge = await client.findItems("722Y001", "0101000", { start: "20251231", end: "2025Q4" });
  assert.deepEqual(marked(edge), ["D:true", "M:true", "Q:true", "A:true"]);
  // The half-monthly table ended in 2018.
  const old = await client.findItems("814Y002", "", { start: "201901" });
  assert.equal(old.height, 6);
  assert.ok(old.getColumn("HAS_DATA").toArray().every((has) => has === false));
  const then = await client.findItems("814Y002", "", { start: "2018", end: "2018" });
  assert.ok(then.getColumn("HAS_DATA").toArray().every((has) => has === true));
  // Without a range, no HAS_DATA.
  assert.equal((await client.findItems("814Y002")).columns.includes("HAS_DATA"), false);
  const requests = server.stats.total;
  for (
    const [range, message] of [
      [{ start: "2024-01" }, /^Write start as a period label .*: got "2024-01"$/],
      [{ end: new Date("x") }, /^Pass end as a valid Date/],
      [{ start: "2025", end: "2024" }, /^Put start before end/],
    ] as const
  ) {
    const e = await rejects(client.findItems("722Y001", "", range));
    assert.equal(e.code, "INVALID_ARGUMENT");
    assert.match(e.message, message);
  }
  assert.equal(server.stats.total, requests, "nothing sent");
  // periodEnd agrees on the last day a label names.
  assert.equal(periodEnd("2025Q4").toISOString().slice(0, 10), "2025-12-31");
});

Deno.test("statisticSearchMany() carries each query's label in a LABEL column", async () => {
  await using server = await serve();
  const client = clientFor(server.url, { language: "en" });
  const df = await client.statisticSearchMany([
    {
      statCode: "722Y001",
      cycle: "M",
      start: "202401",
      end: "202403",
      items: ["0101000"],
      label: "Base rate",
    },
    { statCode: "901Y009", cycle: "M", start: "202401", end: "202402", items: ["0"] },
  ]);
  assert.deepEqual(df.columns.at(-1), "LABEL");
  assert.deepEqual(df.getColumn("LABEL").toArray(), [
    "Base rate",
    "Base rate",
    "Base rate",
    null,
    null,
  ]);
  assert.equal(df.getColumn("LABEL").dtype.variant, "String");
  const empty = await client.statisticSearchMany([]);
  assert.equal(empty.height, 0);
  assert.ok(empty.columns.includes("LABEL"));
  const info = frameInfo(df)!;
  assert.equal(info.language, "en");
  assert.equal(info.sources?.length, 2);
  assert.ok(info.sources!.every((s) => s.source === "bundled" && s.language === "en"));
  const requests = server.stats.total;
  const query = { statCode: "722Y001", cycle: "M" as const, start: "202401", end: "202412" };
  for (
    const [label, message] of [
      ["", /Pass a label with some text in it, or none/],
      ["   ", /Pass a label with some text in it, or none/],
      ["x".repeat(201), /Shorten label to at most 200 characters/],
      [42, /Pass label as a string/],
    ] as const
  ) {
    const e = await rejects(client.statisticSearchMany([{ ...query, label: label as string }]));
    assert.equal(e.code, "INVALID_ARGUMENT");
    assert.match(e.message, message);
  }
  assert.equal(server.stats.total, requests, "nothing sent");
});

Deno.test("findItems() and searchTables() read the names of the text's script, whatever the client's language", async (t) => {
  await using server = await serve();
  await t.step("English words, a Korean client: the English names", async () => {
    const client = clientFor(server.url); // the default language, Korean
    assert.equal(client.language, "kr");
    const items = await client.findItems("901Y009", "all items");
    assert.deepEqual(items.getColumn("ITEM_NAME").toArray(), ["All items", "All items"]);
    assert.equal(server.stats.requests.at(-1)?.language, "en");
  });
  await t.step("Korean words, an English client: the Korean names", async () => {
    const client = clientFor(server.url, { language: "en" });
    const items = await client.findItems("901Y009", "총지수");
    assert.deepEqual(items.getColumn("ITEM_CODE").toArray(), ["0", "0"]);
    const tables = await client.searchTables("소비자물가");
    assert.ok(tables.getColumn("STAT_CODE").toArray().includes("901Y009"));
  });
  await t.step("a code or nothing: the client's language", async () => {
    const client = clientFor(server.url);
    const byCode = await client.findItems("901Y009", "0");
    assert.deepEqual(byCode.getColumn("ITEM_NAME").toArray(), ["총지수", "총지수"]);
    assert.equal(server.stats.requests.at(-1)?.language, "kr");
    await clientFor(server.url, { language: "en" }).searchTables("");
    assert.deepEqual(server.stats.requests.at(-1)?.service, "StatisticTableList");
    assert.equal(server.stats.requests.at(-1)?.language, "en");
  });
  await t.step("a language asked for wins over the script", async () => {
    const client = clientFor(server.url);
    assert.equal((await client.findItems("901Y009", "all items", { language: "kr" })).height, 0);
    assert.equal((await client.searchTables("base rate", { language: "kr" })).height, 0);
    const kr = await client.searchTables("기준금리", { language: "kr" });
    assert.ok(kr.getColumn("STAT_CODE").toArray().includes("722Y001"));
  });
});
