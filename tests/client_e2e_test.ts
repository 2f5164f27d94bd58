/**
 * EcosClient against the bundled server over real loopback HTTP: every cycle, both formats and
 * languages, paging, concurrency, result codes, faults, time-outs, aborts, range splitting,
 * half-monthly spellings, moving totals, key redaction and empty results.
 */

import assert from "node:assert/strict";
import {
  type Cycle,
  type DataFrame,
  EcosClient,
  type EcosClientOptions,
  type EcosError,
  isEcosError,
  keyStatisticList,
  parsePeriod,
  pl,
  statisticSearch,
  type StatisticSearchQuery,
} from "../mod.ts";
import {
  type EcosServer,
  type EcosServerOptions,
  type Fault,
  type RequestRecord,
  startEcosServer,
} from "../src/server/mod.ts";
import { emptyFrame, STATISTIC_SEARCH_SCHEMA } from "../src/client/frame.ts";

const KEY = "e2e-Key-7f3a9c";
const FAST_RETRY = { attempts: 3, baseMs: 1, capMs: 4 };

function clientFor(url: string, options: EcosClientOptions = {}): EcosClient {
  return new EcosClient({
    baseUrl: url,
    apiKey: KEY,
    retry: FAST_RETRY,
    rateLimit: false,
    ...options,
  });
}

function serve(options: EcosServerOptions = {}) {
  return startEcosServer({ keys: [KEY], ...options });
}

async function rejects(p: Promise<unknown>): Promise<EcosError> {
  try {
    await p;
  } catch (e) {
    assert.ok(isEcosError(e), `expected an EcosError, got ${e}`);
    return e;
  }
  assert.fail("expected a rejection");
}

const searchRequests = (server: EcosServer): RequestRecord[] =>
  server.stats.requests.filter((r) => r.service === "StatisticSearch");

const rate: StatisticSearchQuery = {
  statCode: "722Y001",
  cycle: "M",
  start: "201901",
  end: "202012",
  items: ["0101000"],
};

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

Deno.test("statisticSearch() gives a typed empty frame for INFO-200", async (t) => {
  await using server = await serve();
  for (const format of ["json", "xml"] as const) {
    await t.step(format, async () => {
      const df = await clientFor(server.url, { format }).statisticSearch({
        ...rate,
        items: ["9999999"],
      });
      assert.equal(df.height, 0);
      assert.deepEqual(df.schema, emptyFrame(STATISTIC_SEARCH_SCHEMA).schema);
    });
  }
});

Deno.test("statisticSearch() fails at once on result codes that retrying cannot fix", async (t) => {
  await t.step("INFO-100: a key the service does not know", async () => {
    await using server = await serve();
    const e = await rejects(
      clientFor(server.url, { apiKey: "not-a-key" }).statisticSearch(rate),
    );
    assert.equal(e.code, "INFO-100");
    assert.match(e.message, /^Check the API key/);
    assert.equal(e.attempts, 1);
    assert.ok(e.serviceMessage);
    assert.equal(server.stats.total, 1);
  });
  await t.step("ERROR-301: the sample key asking for more than 10 rows", async () => {
    await using server = await serve();
    const client = clientFor(server.url, { apiKey: "sample", pageSize: 20 });
    const e = await rejects(client.statisticSearch(rate));
    assert.equal(e.code, "ERROR-301");
    assert.equal(server.stats.total, 1);
  });
  await t.step("ERROR-101 outside half-monthly queries", async () => {
    await using server = await serve({ fault: () => ({ kind: "code", code: "ERROR-101" }) });
    const e = await rejects(clientFor(server.url).statisticSearch(rate));
    assert.equal(e.code, "ERROR-101");
    assert.equal(server.stats.total, 1);
  });
});

Deno.test("statisticSearch() retries each transient fault, then succeeds", async (t) => {
  const faults: Fault[] = [
    { kind: "code", code: "ERROR-500" },
    { kind: "code", code: "ERROR-600" },
    { kind: "code", code: "ERROR-601" },
    { kind: "code", code: "ERROR-602" },
    { kind: "status", status: 503 },
    { kind: "status", status: 502 },
    { kind: "html" },
    { kind: "drop" },
    { kind: "truncate" },
    { kind: "stall" },
  ];
  for (const format of ["json", "xml"] as const) {
    for (const fault of faults) {
      const name = `${format} ${fault.kind} ${"code" in fault ? fault.code : ""}${
        "status" in fault ? fault.status : ""
      }`;
      await t.step(name, async () => {
        // The second page fails twice, then answers.
        let failures = 0;
        let requests = 0;
        await using server = await serve({
          fault: (ctx) => {
            requests++;
            return ctx.startNo === 11 && failures++ < 2 ? fault : undefined;
          },
        });
        const client = clientFor(server.url, { format, pageSize: 10, timeoutMs: 200 });
        const df = await client.statisticSearch(rate);
        assert.equal(df.height, 24);
        assert.equal(failures, 3);
        assert.equal(requests, 5);
      });
    }
  }
});

Deno.test("statisticSearch() gives up after the last attempt with a clear error", async (t) => {
  const cases: [Fault, string, RegExp][] = [
    [{ kind: "code", code: "ERROR-602" }, "ERROR-602", /^Too many calls.*after 3 attempts$/],
    [{ kind: "code", code: "ERROR-500" }, "ERROR-500", /after 3 attempts$/],
    [{ kind: "status", status: 503 }, "BAD_RESPONSE", /HTTP status 503.*after 3 attempts$/],
    [{ kind: "html" }, "BAD_RESPONSE", /HTML page.*after 3 attempts$/],
    [{ kind: "drop" }, "TRANSPORT", /^Could not reach the service/],
    [{ kind: "stall" }, "TIMEOUT", /raise timeoutMs/],
  ];
  for (const [fault, code, message] of cases) {
    await t.step(code + " " + fault.kind, async () => {
      let requests = 0;
      await using server = await serve({
        fault: () => {
          requests++;
          return fault;
        },
      });
      const client = clientFor(server.url, { timeoutMs: 50 });
      const e = await rejects(client.statisticSearch(rate));
      assert.equal(e.code, code);
      assert.match(e.message, message);
      assert.doesNotMatch(e.message, /\.$/);
      assert.equal(e.attempts, 3);
      assert.equal(e.service, "StatisticSearch");
      assert.match(e.url ?? "", /\/StatisticSearch\/\*\*\*\/json\/kr\/1\/10000\/722Y001/);
      assert.equal(requests, 3);
    });
  }
  await t.step("a 404 is not retried", async () => {
    await using server = await serve({ fault: () => ({ kind: "status", status: 404 }) });
    const e = await rejects(clientFor(server.url).statisticSearch(rate));
    assert.equal(e.code, "BAD_RESPONSE");
    assert.equal(server.stats.total, 1);
  });
});

Deno.test("statisticSearch() stops at once when the caller aborts", async (t) => {
  await t.step("while a request is stalled", async () => {
    const controller = new AbortController();
    let requests = 0;
    await using server = await serve({
      fault: () => {
        requests++;
        controller.abort(new Error("user cancelled"));
        return { kind: "stall" };
      },
    });
    const e = await rejects(
      clientFor(server.url).statisticSearch(rate, { signal: controller.signal }),
    );
    assert.equal(e.code, "ABORTED");
    assert.equal((e.cause as Error).message, "user cancelled");
    assert.equal(requests, 1);
  });
  await t.step("through the client's signal, during backoff", async () => {
    const controller = new AbortController();
    await using server = await serve({
      fault: () => {
        queueMicrotask(() => controller.abort());
        return { kind: "code", code: "ERROR-500" };
      },
    });
    const client = clientFor(server.url, {
      signal: controller.signal,
      retry: { attempts: 5, baseMs: 60_000, jitter: false },
    });
    const e = await rejects(client.statisticSearch(rate));
    assert.equal(e.code, "ABORTED");
    assert.equal(server.stats.total, 1);
  });
  await t.step("before anything was sent", async () => {
    await using server = await serve();
    const e = await rejects(
      clientFor(server.url).statisticSearch(rate, { signal: AbortSignal.abort() }),
    );
    assert.equal(e.code, "ABORTED");
    assert.equal(server.stats.total, 0);
  });
});

Deno.test("statisticSearch() splits the range on ERROR-400 and keeps the unsplit order", async (t) => {
  const query: StatisticSearchQuery = {
    statCode: "999Y001",
    cycle: "D",
    start: "20240101",
    end: "20240331",
    items: ["01"],
  };
  await using plain = await serve();
  const reference = await clientFor(plain.url).statisticSearch(query);
  assert.ok(reference.height > 200);
  for (const format of ["json", "xml"] as const) {
    await t.step(format, async () => {
      await using server = await serve({ workLimit: 60 });
      const df = await clientFor(server.url, { format, pageSize: 25 }).statisticSearch(query);
      assert.ok(df.frameEqual(reference, true));
      assert.ok((server.stats.byOutcome["ERROR-400"] ?? 0) > 2);
    });
  }
  await t.step("down to one period, then a clear error", async () => {
    await using server = await serve({ workLimit: 2 });
    const e = await rejects(clientFor(server.url).statisticSearch(query));
    assert.equal(e.code, "ERROR-400");
    assert.match(e.message, /even the single period 20240101 is too large/);
    assert.equal(e.url?.includes("/20240101/20240101/"), true);
  });
  await t.step("page by page", async () => {
    await using server = await serve({ workLimit: 60 });
    const pages: DataFrame[] = [];
    for await (const page of clientFor(server.url).statisticSearchPages(query)) pages.push(page);
    assert.ok(pages.length > 2);
    const all = pl.concat(pages);
    assert.equal(all.height, reference.height);
    const key = ["ITEM_CODE2", "TIME"];
    assert.ok(all.sort(key).frameEqual(reference.sort(key), true));
  });
});

Deno.test("statisticSearch() falls back to the other half-monthly spelling and remembers it", async () => {
  // A server that, like the live one, rejects the specification's YYYYMMSMn.
  await using server = await serve({
    dialect: "live",
    fault: (ctx) =>
      ctx.service === "StatisticSearch" && ctx.args.some((a) => /SM\d$/.test(a))
        ? { kind: "code", code: "ERROR-101" }
        : undefined,
  });
  const client = clientFor(server.url);
  const query: StatisticSearchQuery = {
    statCode: "814Y002",
    cycle: "SM",
    start: "201001SM1",
    end: "201002SM2",
    items: ["1"],
  };
  const first = await client.statisticSearch(query);
  assert.equal(first.height, 4);
  assert.deepEqual(first.getColumn("PERIOD").toArray(), [
    "201001S1",
    "201001S2",
    "201002S1",
    "201002S2",
  ]);
  const times = first.getColumn("TIME").toArray() as unknown as Date[];
  assert.equal(times[1]?.toISOString().slice(0, 10), "2010-01-16");
  assert.deepEqual(searchRequests(server).map((r) => r.args[2]), ["201001SM1", "201001S1"]);
  server.stats.reset();
  const pages = [];
  for await (const page of client.statisticSearchPages(query)) pages.push(page);
  assert.ok(pl.concat(pages).frameEqual(first, true));
  assert.deepEqual(searchRequests(server).map((r) => r.args[2]), ["201001S1"]);
});

Deno.test("statisticSearch() pulls again once when the total moves, then fails clearly", async (t) => {
  await t.step("once: a fresh pull succeeds", async () => {
    let n = 0;
    await using server = await serve({
      fault: (
        ctx,
      ) => (ctx.startNo === 11 && n++ === 0 ? { kind: "total", listTotalCount: 25 } : undefined),
    });
    const df = await clientFor(server.url, { pageSize: 10 }).statisticSearch(rate);
    assert.equal(df.height, 24);
    assert.equal(searchRequests(server).length, 6);
  });
  await t.step("always: TOTAL_CHANGED", async () => {
    await using server = await serve({
      fault: (ctx) => (ctx.startNo === 11 ? { kind: "total", listTotalCount: 23 } : undefined),
    });
    const e = await rejects(clientFor(server.url, { pageSize: 10 }).statisticSearch(rate));
    assert.equal(e.code, "TOTAL_CHANGED");
    assert.match(e.message, /^The data changed while it was being pulled/);
    assert.match(e.message, /from 24 to 23/);
    assert.equal(e.attempts, 2);
  });
  await t.step("page by page: TOTAL_CHANGED at once", async () => {
    await using server = await serve({
      fault: (ctx) => (ctx.startNo === 11 ? { kind: "total", listTotalCount: 23 } : undefined),
    });
    const pages = clientFor(server.url, { pageSize: 10 }).statisticSearchPages(rate);
    const e = await rejects((async () => {
      for await (const _ of pages) { /* drain */ }
    })());
    assert.equal(e.code, "TOTAL_CHANGED");
  });
});

Deno.test("the API key appears in no error, cause, stack or property", async (t) => {
  const secret = "Zq7SECRETkey9xY";
  const scenarios: [string, EcosServerOptions, EcosClientOptions, string | RegExp][] = [
    ["INFO-100", { keys: [] }, {}, "INFO-100"],
    ["ERROR-602", { fault: () => ({ kind: "code", code: "ERROR-602" }) }, {}, "ERROR-602"],
    ["ERROR-400", { workLimit: 0 }, {}, "ERROR-400"],
    ["ERROR-101", { fault: () => ({ kind: "code", code: "ERROR-101" }) }, {}, "ERROR-101"],
    ["HTML", { fault: () => ({ kind: "html" }) }, {}, "BAD_RESPONSE"],
    ["503", { fault: () => ({ kind: "status", status: 503 }) }, {}, "BAD_RESPONSE"],
    ["drop", { fault: () => ({ kind: "drop" }) }, {}, "TRANSPORT"],
    ["truncate", { fault: () => ({ kind: "truncate" }) }, {}, /^(BAD_RESPONSE|TRANSPORT)$/],
    ["stall", { fault: () => ({ kind: "stall" }) }, { timeoutMs: 30 }, "TIMEOUT"],
    [
      "total",
      { fault: (c) => (c.startNo === 11 ? { kind: "total", listTotalCount: 3 } : undefined) },
      { pageSize: 10 },
      "TOTAL_CHANGED",
    ],
  ];
  for (const format of ["json", "xml"] as const) {
    for (const [name, serverOptions, clientOptions, code] of scenarios) {
      await t.step(`${format} ${name}`, async () => {
        await using server = await startEcosServer({ keys: [secret], ...serverOptions });
        const client = new EcosClient({
          baseUrl: server.url,
          apiKey: secret,
          format,
          retry: FAST_RETRY,
          ...clientOptions,
        });
        const e = await rejects(client.statisticSearch(rate));
        assert.match(e.code, typeof code === "string" ? new RegExp(`^${code}$`) : code);
        assertNoSecret(e, secret);
      });
    }
  }
  for (
    const [status, body] of [[200, "<html><body>점검 중: {url}</body></html>"], [404, "{url}"]]
  ) {
    await t.step(`a ${status} page that quotes the URL`, async () => {
      const fetchEcho = (input: string | URL | Request) =>
        Promise.resolve(
          new Response(String(body).replace("{url}", String(input)), { status: Number(status) }),
        );
      const client = new EcosClient({
        baseUrl: "http://127.0.0.1:9/api",
        apiKey: secret,
        fetch: fetchEcho as typeof fetch,
        retry: FAST_RETRY,
      });
      const e = await rejects(client.statisticSearch(rate));
      assert.equal(e.code, "BAD_RESPONSE");
      assert.match(e.message, /StatisticSearch\/\*\*\*\/json/, "the page is still quoted");
      assertNoSecret(e, secret);
    });
  }
  await t.step("connection refused", async () => {
    const server = await startEcosServer();
    const url = server.url;
    await server.close();
    const e = await rejects(
      new EcosClient({ baseUrl: url, apiKey: secret, retry: FAST_RETRY }).statisticSearch(rate),
    );
    assert.equal(e.code, "TRANSPORT");
    assertNoSecret(e, secret);
  });
  await t.step("abort", async () => {
    const controller = new AbortController();
    await using server = await startEcosServer({
      keys: [secret],
      fault: () => {
        controller.abort();
        return { kind: "stall" };
      },
    });
    const client = new EcosClient({ baseUrl: server.url, apiKey: secret });
    const e = await rejects(client.statisticSearch(rate, { signal: controller.signal }));
    assert.equal(e.code, "ABORTED");
    assertNoSecret(e, secret);
  });
  await t.step("the client itself", () => {
    const client = new EcosClient({ apiKey: secret });
    assert.ok(!JSON.stringify(client).includes(secret));
    assert.ok(!Deno.inspect(client, { depth: 10 }).includes(secret));
  });
});

function assertNoSecret(error: unknown, secret: string): void {
  const seen = new Set<unknown>();
  let e: unknown = error;
  for (let depth = 0; e !== undefined && e !== null && !seen.has(e) && depth < 10; depth++) {
    seen.add(e);
    const texts = [String(e), Deno.inspect(e, { depth: 10 })];
    if (e instanceof Error) {
      texts.push(e.message, e.stack ?? "");
      const own = Object.fromEntries(
        Object.getOwnPropertyNames(e).map((k) => [k, String((e as Record<string, unknown>)[k])]),
      );
      texts.push(JSON.stringify(own), JSON.stringify(e));
    }
    for (const text of texts) {
      assert.ok(!text.includes(secret), `the key leaked: ${text.slice(0, 300)}`);
      assert.ok(!text.includes(encodeURIComponent(secret)));
    }
    e = (e as { cause?: unknown }).cause;
  }
}

Deno.test("statisticSearch() checks the query before sending anything", async (t) => {
  await using server = await serve();
  const client = clientFor(server.url);
  const cases: [string, unknown, RegExp][] = [
    [
      "five items",
      { ...rate, items: ["1", "2", "3", "4", "5"] },
      /^Cannot query more than 4 item codes: got 5$/,
    ],
    ["a slash in the code", { ...rate, statCode: "722Y001/../x" }, /statCode/],
    ["dot-dot", { ...rate, statCode: ".." }, /Remove "\.\."/],
    ["a control character", { ...rate, items: ["01\n"] }, /item code/],
    ["a long code", { ...rate, statCode: "X".repeat(100) }, /at most 32/],
    ["a cycle", { ...rate, cycle: "W" }, /Use one of the cycles/],
    ["a label of another cycle", { ...rate, start: "2019Q1" }, /Write start as YYYYMM/],
    ["an impossible date", { ...rate, cycle: "D", start: "20230231", end: "20230301" }, /start/],
    ["start after end", { ...rate, start: "202101" }, /^Put start before end/],
    ["an invalid Date", { ...rate, end: new Date("nope") }, /valid Date/],
    ["an unknown field", { ...rate, item: ["1"] }, /unknown query fields: item/],
    ["no query", undefined, /Pass the query as an object/],
  ];
  for (const [name, query, message] of cases) {
    await t.step(name, async () => {
      const e = await rejects(client.statisticSearch(query as StatisticSearchQuery));
      assert.equal(e.code, "INVALID_ARGUMENT");
      assert.match(e.message, message);
    });
  }
  await t.step("bad call options", async () => {
    const e = await rejects(client.statisticSearch(rate, { pageSize: 0 }));
    assert.equal(e.code, "INVALID_ARGUMENT");
    assert.throws(() => client.statisticSearchPages({ ...rate, start: "x" }), /Write start/);
  });
  await t.step("lookups", async () => {
    assert.equal((await rejects(client.statisticItemList("a/b"))).code, "INVALID_ARGUMENT");
    assert.equal((await rejects(client.statisticWord(""))).code, "INVALID_ARGUMENT");
    assert.equal((await rejects(client.statisticMeta("a\u0000"))).code, "INVALID_ARGUMENT");
  });
  assert.equal(server.stats.total, 0);
});

Deno.test("keyStatisticList() pages at 10 rows with the sample key", async () => {
  await using server = await startEcosServer();
  const client = new EcosClient({ baseUrl: server.url, apiKey: "sample", rateLimit: false });
  assert.equal(client.pageSize, 10);
  const df = await client.keyStatisticList();
  assert.equal(df.height, 100);
  assert.deepEqual(df.columns, [
    "CLASS_NAME",
    "KEYSTAT_NAME",
    "DATA_VALUE",
    "CYCLE",
    "TIME",
    "UNIT_NAME",
  ]);
  assert.equal(server.stats.total, 10);
  assert.ok(server.stats.requests.every((r) => (r.endNo ?? 0) - (r.startNo ?? 0) === 9));
});

Deno.test("keyStatisticList() reads 101 live indicators with mixed CYCLE shapes", async (t) => {
  await using server = await serve({ dialect: "live" });
  for (const format of ["json", "xml"] as const) {
    await t.step(format, async () => {
      const df = await clientFor(server.url, { format, pageSize: 30 }).keyStatisticList();
      assert.equal(df.height, 101);
      assert.equal(df.getColumn("TIME").nullCount(), 0);
      const cycles = df.getColumn("CYCLE").toArray() as string[];
      const shapes = new Set(cycles.map((c) => c.replace(/\d/g, "9")));
      assert.ok(shapes.size >= 3, [...shapes].join());
      const times = df.getColumn("TIME").toArray() as unknown as Date[];
      cycles.forEach((c, i) => assert.equal(times[i]?.getTime(), parsePeriod(c).getTime()));
    });
  }
});

Deno.test("statisticSearchPages() yields frames page by page that add up to the pull", async () => {
  await using server = await serve();
  const client = clientFor(server.url, { pageSize: 7 });
  const heights: number[] = [];
  const pages: DataFrame[] = [];
  for await (const page of client.statisticSearchPages(rate)) {
    heights.push(page.height);
    pages.push(page);
  }
  assert.deepEqual(heights, [7, 7, 7, 3]);
  assert.ok(pl.concat(pages).frameEqual(await client.statisticSearch(rate), true));
});

Deno.test("statisticSearchPages() stops the pages in flight when the consumer leaves", async () => {
  await using server = await serve({ latencyMs: 5 });
  const client = clientFor(server.url, { pageSize: 2 });
  for await (const page of client.statisticSearchPages(rate)) {
    assert.equal(page.height, 2);
    break;
  }
  assert.ok(server.stats.total <= 1 + client.concurrency);
});

Deno.test("the module-level functions use a client built from the environment", async () => {
  await using server = await startEcosServer({ keys: [KEY] });
  Deno.env.set("ECOS_BASE_URL", server.url);
  Deno.env.set("ECOS_API_KEY", KEY);
  try {
    const df = await statisticSearch(rate);
    assert.equal(df.height, 24);
    const key = await keyStatisticList({ pageSize: 50 });
    assert.equal(key.height, 100);
    assert.equal(server.stats.total, 3);
  } finally {
    Deno.env.delete("ECOS_BASE_URL");
    Deno.env.delete("ECOS_API_KEY");
  }
});

Deno.test("statisticSearch() pulls the 280k-row daily panel in order", async () => {
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
  assert.equal(df.height, 279_552);
  assert.equal(df.getColumn("TIME").nullCount(), 0);
  assert.equal(df.select(pl.col("ITEM_CODE1"), pl.col("ITEM_CODE2")).unique().height, 64);
  console.log(`  999Y001: ${df.height} rows in ${ms.toFixed(0)} ms (json, bundled server)`);
});

Deno.test("the lookup services page like StatisticSearch, in both formats", async () => {
  await using server = await serve();
  const one = clientFor(server.url);
  const paged = clientFor(server.url, { pageSize: 5, format: "xml" });
  const tables = await one.statisticTableList();
  assert.ok(tables.height > 10);
  assert.ok((await paged.statisticTableList()).frameEqual(tables, true));
  const items = await one.statisticItemList("722Y001");
  assert.ok(items.getColumn("DATA_CNT").dtype.equals(pl.Int64));
  assert.ok(items.getColumn("DATA_CNT").nullCount() === 0);
  assert.ok((await paged.statisticItemList("722Y001")).frameEqual(items, true));
  const words = await one.statisticWord("물가");
  assert.ok(words.height > 0);
  assert.deepEqual(words.columns, ["WORD", "CONTENT"]);
  const tableName = String(
    tables.filter(pl.col("STAT_CODE").eq(pl.lit("722Y001"))).getColumn("STAT_NAME").get(0),
  );
  const meta = await one.statisticMeta(tableName.replace(/^[\d.]+\s*/, ""));
  assert.deepEqual(meta.columns, ["LVL", "P_CONT_CODE", "CONT_CODE", "CONT_NAME", "META_DATA"]);
  const none = await one.statisticWord("없는 낱말 xyz");
  assert.equal(none.height, 0);
});
