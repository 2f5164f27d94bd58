/**
 * EcosClient.statisticSearch() against the bundled server: every cycle, Dates, both formats and languages, paging and concurrency, empty results, the module-level functions and a large table.
 *
 * @module
 */

import assert from "node:assert/strict";
import { pl, type StatisticSearchQuery } from "../../mod.ts";
import { startEcosServer } from "../../src/server/mod.ts";
import { emptyFrame } from "../../src/client/_frame.ts";
import { STATISTIC_SEARCH_SCHEMA } from "../../src/wire/columns.ts";
import { clientFor, KEY, rate, searchRequests, serve } from "../testdata/e2e.ts";
import { childEnv } from "../testdata/child_env.ts";

/**
 * One query of each cycle, and the rows it must give: PERIOD, TIME (the first day of the
 * period, as an ISO date) and DATA_VALUE, written down once from the bundled server's data
 * (seed 0, deterministic), so that neither the dates nor the values come from the code under
 * test.
 */
const ORACLES: {
  query: StatisticSearchQuery;
  rows: [string, string, number][];
}[] = [
  {
    query: { statCode: "722Y001", cycle: "A", start: "2015", end: "2020", items: ["0101000"] },
    rows: [
      ["2015", "2015-01-01", 1.5],
      ["2016", "2016-01-01", 1.25],
      ["2017", "2017-01-01", 1.5],
      ["2018", "2018-01-01", 1.75],
      ["2019", "2019-01-01", 1.25],
      ["2020", "2020-01-01", 0.5],
    ],
  },
  {
    query: {
      statCode: "105Y001",
      cycle: "S",
      start: "2020S1",
      end: "2021S2",
      items: ["1000", "BA"],
    },
    rows: [
      ["2020S1", "2020-01-01", 224717.4],
      ["2020S2", "2020-07-01", 225269.3],
      ["2021S1", "2021-01-01", 228814.7],
      ["2021S2", "2021-07-01", 236691.9],
    ],
  },
  {
    query: { statCode: "200Y102", cycle: "Q", start: "2023Q1", end: "2024Q2", items: ["10111"] },
    rows: [
      ["2023Q1", "2023-01-01", 0.8],
      ["2023Q2", "2023-04-01", 0.6],
      ["2023Q3", "2023-07-01", -0.1],
      ["2023Q4", "2023-10-01", 0.7],
      ["2024Q1", "2024-01-01", 0.9],
      ["2024Q2", "2024-04-01", 0],
    ],
  },
  {
    query: { statCode: "901Y009", cycle: "M", start: "202301", end: "202306", items: ["0"] },
    rows: [
      ["202301", "2023-01-01", 108.01],
      ["202302", "2023-02-01", 108.33],
      ["202303", "2023-03-01", 108.67],
      ["202304", "2023-04-01", 109.01],
      ["202305", "2023-05-01", 109.27],
      ["202306", "2023-06-01", 109.58],
    ],
  },
  {
    // Asked in the specification's spelling; the server answers in the live one.
    query: { statCode: "814Y002", cycle: "SM", start: "201001SM1", end: "201003SM2", items: ["1"] },
    rows: [
      ["201001S1", "2010-01-01", 721348.5],
      ["201001S2", "2010-01-16", 720025.6],
      ["201002S1", "2010-02-01", 731025.5],
      ["201002S2", "2010-02-16", 723038.7],
      ["201003S1", "2010-03-01", 736223.7],
      ["201003S2", "2010-03-16", 736606.9],
    ],
  },
  {
    // Business days only: the weekend of 6 and 7 January is not there.
    query: {
      statCode: "731Y001",
      cycle: "D",
      start: "20240102",
      end: "20240112",
      items: ["0000001"],
    },
    rows: [
      ["20240102", "2024-01-02", 1335.95],
      ["20240103", "2024-01-03", 1337.98],
      ["20240104", "2024-01-04", 1340.53],
      ["20240105", "2024-01-05", 1344.81],
      ["20240108", "2024-01-08", 1349.24],
      ["20240109", "2024-01-09", 1347.85],
      ["20240110", "2024-01-10", 1345.76],
      ["20240111", "2024-01-11", 1348.96],
      ["20240112", "2024-01-12", 1349.01],
    ],
  },
];

Deno.test("statisticSearch() answers every cycle with the literal dates and values", async (t) => {
  await using server = await serve();
  for (const { query, rows } of ORACLES) {
    for (const format of ["json", "xml"] as const) {
      await t.step(`${query.cycle} ${format}`, async () => {
        const df = await clientFor(server.url, { format }).statisticSearch(query);
        assert.deepEqual(df.columns, STATISTIC_SEARCH_SCHEMA.map((c) => c.name));
        assert.ok(df.getColumn("TIME").dtype.equals(pl.Date));
        assert.ok(df.getColumn("DATA_VALUE").dtype.equals(pl.Float64));
        const got = df.select(pl.col("PERIOD"), pl.col("TIME").cast(pl.Utf8), pl.col("DATA_VALUE"))
          .rows();
        assert.deepEqual(got, rows);
      });
    }
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
  for (const format of ["json", "xml"] as const) {
    for (const pageSize of [7, 50, 10_000]) {
      const df = await clientFor(server.url, { format, pageSize }).statisticSearch(query);
      assert.ok(df.frameEqual(reference, true), `${format} at ${pageSize}`);
    }
  }
});

Deno.test('statisticSearch() reads "" and "-" as null, row by row, in both formats', async (t) => {
  await using server = await serve();
  // 601Y002 holds both markers: "" for a few Busan months, "-" for corporate debit cards before
  // 2012. Each row: the period, DATA_VALUE on the wire, DATA_VALUE in the frame.
  const cases: { items: string[]; rows: [string, string, number | null][] }[] = [
    {
      items: ["B", "C", "1", "P"],
      rows: [
        ["201010", "2005.2", 2005.2],
        ["201011", "2033.4", 2033.4],
        ["201012", "", null],
        ["201101", "1989.9", 1989.9],
        ["201102", "1915.5", 1915.5],
      ],
    },
    {
      items: ["X", "D", "1", "Q"],
      rows: [
        ["201111", "-", null],
        ["201112", "-", null],
        ["201201", "1718.3", 1718.3],
        ["201202", "1674.2", 1674.2],
      ],
    },
  ];
  for (const { items, rows } of cases) {
    const [start, end] = [rows[0]![0], rows.at(-1)![0]];
    const query = { statCode: "601Y002", cycle: "M" as const, start, end, items };
    await t.step(`${items.join("/")} on the wire`, async () => {
      const args = `601Y002/M/${start}/${end}/${items.join("/")}`;
      const res = await fetch(`${server.url}/StatisticSearch/${KEY}/json/kr/1/100/${args}`);
      const body = await res.json();
      const wire = body.StatisticSearch.row as { TIME: string; DATA_VALUE: string }[];
      assert.deepEqual(wire.map((r) => [r.TIME, r.DATA_VALUE]), rows.map(([p, w]) => [p, w]));
    });
    for (const format of ["json", "xml"] as const) {
      await t.step(`${items.join("/")} ${format}`, async () => {
        const df = await clientFor(server.url, { format }).statisticSearch(query);
        assert.deepEqual(df.select("PERIOD", "DATA_VALUE").rows(), rows.map(([p, , v]) => [p, v]));
      });
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
  // The default client reads the process's environment on first use: a child process with an
  // environment of its own, so that no test writes this one's.
  await using server = await startEcosServer({ keys: [KEY] });
  const mod = new URL("../../mod.ts", import.meta.url).href;
  const script = `
    import { keyStatisticList, statisticSearch } from ${JSON.stringify(mod)};
    const df = await statisticSearch(${JSON.stringify(rate)});
    const key = await keyStatisticList({ pageSize: 50 });
    console.log(JSON.stringify({ search: df.height, key: key.height }));
  `;
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["eval", script],
    env: childEnv({ ECOS_BASE_URL: server.url, ECOS_API_KEY: KEY }),
    clearEnv: true,
    stdout: "piped",
    stderr: "piped",
  }).output();
  assert.equal(out.code, 0, new TextDecoder().decode(out.stderr));
  assert.deepEqual(JSON.parse(new TextDecoder().decode(out.stdout)), { search: 24, key: 101 });
  // One search page, three key-statistic pages of 50: all with the key from the environment.
  assert.equal(server.stats.total, 4);
  assert.deepEqual(server.stats.requests.map((r) => r.service), [
    "StatisticSearch",
    "KeyStatisticList",
    "KeyStatisticList",
    "KeyStatisticList",
  ]);
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
