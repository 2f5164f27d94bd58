import assert from "node:assert/strict";
import {
  type EcosServerListenInfo,
  type EcosServerOptions,
  SAMPLE_KEY,
  startEcosServer,
} from "../../src/server/mod.ts";
import {
  get,
  KEY,
  page,
  type Query,
  request,
  requestJson,
  resultCode,
  send,
} from "../testdata/server/http.ts";

/** One key statistic, asked for with the sample key. */
const ONE_KEY_STAT: Query = { service: "KeyStatisticList", key: SAMPLE_KEY, end: 1 };
/** Every key statistic. */
const ALL_KEY_STATS: Query = { service: "KeyStatisticList", end: 1000 };

Deno.test("rateLimit answers ERROR-602 beyond the window's requests", async () => {
  await using server = await startEcosServer({ rateLimit: { requests: 3, windowMs: 60_000 } });
  const codes = [];
  for (let i = 0; i < 5; i++) {
    const got = await request(server, { ...ONE_KEY_STAT, format: "xml", language: "en" });
    codes.push(resultCode(got.text) ?? "ok");
  }
  assert.deepEqual(codes, ["ok", "ok", "ok", "ERROR-602", "ERROR-602"]);
  assert.equal(server.stats.byOutcome["ERROR-602"], 2);
  const json = await requestJson(server, ONE_KEY_STAT);
  assert.deepEqual(json, {
    RESULT: {
      CODE: "ERROR-602",
      MESSAGE: "과도한 OpenAPI호출로 이용이 제한되었습니다. 잠시후 이용해주시기 바랍니다.",
    },
  });
});

Deno.test("rateLimit admits again once the window has passed", async () => {
  await using server = await startEcosServer({ rateLimit: { requests: 1, windowMs: 30 } });
  assert.ok((await requestJson(server, ONE_KEY_STAT)).KeyStatisticList);
  assert.equal((await requestJson(server, ONE_KEY_STAT)).RESULT.CODE, "ERROR-602");
  // Poll (not sleep) until the window frees a slot; refused calls do not count.
  let body;
  for (let i = 0; i < 1000 && !body?.KeyStatisticList; i++) {
    body = await requestJson(server, ONE_KEY_STAT);
  }
  assert.ok(body.KeyStatisticList);
});

Deno.test("workLimit answers ERROR-400 for every page of a query matching too many rows", async () => {
  await using server = await startEcosServer({ keys: [KEY], workLimit: 1000 });
  const big = ["722Y001", "D", "20200101", "20241231", "0101000"];
  for (const [start, end] of [[1, 10], [500, 600], [1, 1]] as const) {
    const body = await requestJson(server, { language: "en", start, end, args: big });
    assert.equal(body.RESULT.CODE, "ERROR-400");
    assert.equal(body.RESULT.MESSAGE, "The search range is too large to answer within 60 seconds.");
  }
  // Split the range: each half fits.
  const first = await page(server, {
    end: 1000,
    args: ["722Y001", "D", "20200101", "20220630", "0101000"],
  });
  const second = await page(server, {
    end: 1000,
    args: ["722Y001", "D", "20220701", "20241231", "0101000"],
  });
  assert.equal(first.total + second.total, 1827);
  assert.ok(first.total <= 1000 && second.total <= 1000);
  // Exactly at the limit passes; an item filter narrows the match too.
  const exact = await page(server, {
    end: 1,
    args: ["722Y001", "D", "20200101", "20220926", "0101000"],
  });
  assert.equal(exact.total, 1000);
  const all = await requestJson(server, { end: 1, args: ["722Y001", "D", "20200101", "20201231"] });
  assert.equal(all.RESULT.CODE, "ERROR-400");
});

Deno.test("latencyMs delays every answer", async () => {
  await using server = await startEcosServer({ latencyMs: 60 });
  const t0 = performance.now();
  await request(server, ONE_KEY_STAT);
  assert.ok(performance.now() - t0 >= 55);
});

Deno.test("latencyMs ends early when the server closes, and the log says closed", async () => {
  const slow = await startEcosServer({ latencyMs: 60_000 });
  const pending = send(slow, ONE_KEY_STAT)
    .then((r) => r.text())
    .then(() => "answered", () => "failed");
  // Wait until the request has arrived, without sleeping.
  while (slow.stats.maxInFlight === 0) await new Promise((r) => setTimeout(r, 1));
  const t0 = performance.now();
  await slow.close();
  assert.ok(performance.now() - t0 < 5000);
  assert.equal(await pending, "failed");
  assert.equal(slow.stats.requests[0]?.outcome, "closed");
});

Deno.test("dialect spec: SM labels as YYYYMMSMn, 100 key statistics, CYCLE always YYYYMM", async () => {
  await using server = await startEcosServer({ keys: [KEY], dialect: "spec" });
  const sm = await page(server, { end: 2, args: ["814Y002", "SM", "201801S1", "201801S2", "1"] });
  assert.deepEqual(sm.rows.map((r) => r.TIME), ["201801SM1", "201801SM2"]);
  const keys = await requestJson(server, ALL_KEY_STATS);
  assert.equal(keys.KeyStatisticList.list_total_count, 100);
  assert.equal(keys.KeyStatisticList.row_count, 100);
  for (const row of keys.KeyStatisticList.row) assert.match(row.CYCLE, /^\d{6}$/);
});

Deno.test("dialect live: SM labels as YYYYMMSn, 101 key statistics in mixed CYCLE shapes", async () => {
  await using server = await startEcosServer({ keys: [KEY], dialect: "live" });
  const sm = await page(server, { end: 2, args: ["814Y002", "SM", "201801SM1", "201801SM2", "1"] });
  assert.deepEqual(sm.rows.map((r) => r.TIME), ["201801S1", "201801S2"]);
  const keys = await requestJson(server, ALL_KEY_STATS);
  assert.equal(keys.KeyStatisticList.list_total_count, 101);
  const shapes = new Set<string>();
  for (const row of keys.KeyStatisticList.row) {
    const cycle: string = row.CYCLE;
    if (/^\d{6}$/.test(cycle)) shapes.add("YYYYMM");
    else if (/^\d{8}$/.test(cycle)) shapes.add("YYYYMMDD");
    else if (/^\d{4}Q[1-4]$/.test(cycle)) shapes.add("YYYYQn");
    else assert.fail(`Unexpected CYCLE ${cycle}`);
  }
  assert.deepEqual([...shapes].sort(), ["YYYYMM", "YYYYMMDD", "YYYYQn"]);
  const items = await requestJson(server, { service: "StatisticItemList", args: ["814Y002"] });
  assert.equal(items.StatisticItemList.row[0].START_TIME, "200301S1");
});

Deno.test("the live dialect is the default", async () => {
  await using server = await startEcosServer({ keys: [KEY] });
  const sm = await page(server, { end: 2, args: ["814Y002", "SM", "201801SM1", "201801SM2", "1"] });
  assert.deepEqual(sm.rows.map((r) => r.TIME), ["201801S1", "201801S2"]);
  const keys = await requestJson(server, ALL_KEY_STATS);
  assert.equal(keys.KeyStatisticList.list_total_count, 101);
});

Deno.test("xmlStyle guide (the default): declaration, number and array attributes", async () => {
  await using server = await startEcosServer({ keys: [KEY] });
  const one = await request(server, {
    format: "xml",
    args: ["200Y101", "A", "2020", "2020", "10101"],
  });
  assert.match(
    one.text,
    /^<\?xml version="1\.0" encoding="UTF-8"\?>\n<StatisticSearch><list_total_count number="true">1<\/list_total_count><row array="true"><STAT_CODE>200Y101</,
  );
  const two = await request(server, {
    format: "xml",
    args: ["200Y101", "A", "2020", "2021", "10101"],
  });
  assert.equal(two.text.match(/<row>/g)?.length, 2);
  assert.ok(!two.text.includes("array="));
  const error = await request(server, { format: "xml", args: ["000Y000", "A", "2020", "2021"] });
  assert.match(error.text, /^<\?xml version="1\.0" encoding="UTF-8"\?>\n<RESULT><CODE>INFO-200</);
});

Deno.test("xmlStyle bare: no declaration and no attributes, the same values", async () => {
  await using guide = await startEcosServer({ keys: [KEY] });
  await using bare = await startEcosServer({ keys: [KEY], xmlStyle: "bare" });
  const queries: Query[] = [
    { format: "xml", args: ["200Y101", "A", "2020", "2020", "10101"] },
    { service: "KeyStatisticList", format: "xml", end: 3 },
    { service: "StatisticItemList", format: "xml", end: 2, args: ["601Y002"] },
    { format: "xml", args: ["000Y000", "A", "2020", "2021"] },
  ];
  for (const query of queries) {
    const plain = (await request(bare, query)).text;
    assert.match(plain, /^<[A-Za-z]+>/);
    assert.ok(!/ (number|array)="true"/.test(plain), plain);
    const fancy = (await request(guide, query)).text;
    const stripped = fancy
      .replace('<?xml version="1.0" encoding="UTF-8"?>\n', "")
      .replaceAll(/ (number|array)="true"/g, "");
    assert.equal(stripped, plain);
  }
});

Deno.test("requestLogLimit keeps only the latest requests; the counters keep counting", async () => {
  await using server = await startEcosServer({ requestLogLimit: 3 });
  for (let i = 1; i <= 5; i++) await request(server, { ...ONE_KEY_STAT, start: i, end: i });
  const s = server.stats;
  assert.equal(s.total, 5);
  assert.equal(s.byOutcome.ok, 5);
  assert.deepEqual(s.requests.map((r) => [r.n, r.startNo]), [[3, 3], [4, 4], [5, 5]]);
  await using silent = await startEcosServer({ requestLogLimit: 0 });
  await request(silent, ONE_KEY_STAT);
  assert.equal(silent.stats.total, 1);
  assert.deepEqual(silent.stats.requests, []);
});

Deno.test("the request log keeps the latest 1000 requests by default", async () => {
  await using server = await startEcosServer();
  const ask = (i: number) =>
    request(server, { ...ONE_KEY_STAT, start: 1 + (i % 5), end: 1 + (i % 5) });
  // 1010 requests, 10 at a time.
  for (let i = 0; i < 1010; i += 10) {
    await Promise.all(Array.from({ length: 10 }, (_, j) => ask(i + j)));
  }
  assert.equal(server.stats.total, 1010);
  assert.equal(server.stats.requests.length, 1000);
  assert.equal(server.stats.requests[0]?.n, 11);
  assert.equal(server.stats.requests.at(-1)?.n, 1010);
});

Deno.test("options are checked before listening", async () => {
  const bad: EcosServerOptions[] = [
    { port: -1 },
    { port: 70_000 },
    { port: 1.5 },
    { latencyMs: -5 },
    { latencyMs: NaN },
    { rateLimit: { requests: 0, windowMs: 10 } },
    { rateLimit: { requests: 5, windowMs: 0 } },
    { workLimit: -1 },
    { dialect: "old" as "spec" },
    { xmlStyle: "pretty" as "guide" },
    { headerTimeoutMs: 0 },
    { headerTimeoutMs: 1.5 },
    { idleTimeoutMs: -1 },
    { idleTimeoutMs: Infinity },
    { requestLogLimit: -1 },
    { requestLogLimit: 2.5 },
    { keys: [""] },
  ];
  for (const options of bad) {
    await assert.rejects(
      startEcosServer(options),
      (e: Error) => e instanceof RangeError || e instanceof TypeError,
    );
  }
});

Deno.test("onListen reports the address, and url ends in /api", async () => {
  let info: EcosServerListenInfo | undefined;
  await using server = await startEcosServer({ onListen: (i) => (info = i) });
  assert.ok(info);
  assert.equal(info.url, server.url);
  assert.equal(info.hostname, "127.0.0.1");
  assert.equal(server.url, `http://127.0.0.1:${info.port}/api`);
});

Deno.test("close() is safe twice, and a closed server refuses requests", async () => {
  const server = await startEcosServer();
  await server.close();
  await server.close();
  await server[Symbol.asyncDispose]();
  await assert.rejects(get(server.url));
});

Deno.test("stats count requests by service and outcome, never holding the key", async () => {
  const secret = "SECRET-KEY-123";
  await using server = await startEcosServer({ keys: [secret] });
  const keyStats: Query = { service: "KeyStatisticList", key: secret, end: 2 };
  const queries: Query[] = [
    { key: secret, end: 5, args: ["722Y001", "M", "202401", "202403", "0101000"] },
    {
      key: secret,
      format: "xml",
      language: "en",
      end: 5,
      args: ["000Y000", "M", "202401", "202403"],
    },
    keyStats,
    { ...keyStats, key: "nope" },
    { ...keyStats, service: "Nope" },
  ];
  for (const query of queries) await request(server, query);
  const s = server.stats;
  assert.equal(s.total, 5);
  assert.deepEqual(s.byService, { StatisticSearch: 2, KeyStatisticList: 2, "(other)": 1 });
  assert.deepEqual(s.byOutcome, { ok: 2, "INFO-200": 1, "INFO-100": 1, "ERROR-500": 1 });
  assert.ok(s.maxInFlight >= 1);
  assert.deepEqual(s.requests[0], {
    n: 1,
    service: "StatisticSearch",
    format: "json",
    language: "kr",
    startNo: 1,
    endNo: 5,
    args: ["722Y001", "M", "202401", "202403", "0101000"],
    outcome: "ok",
    rows: 3,
  });
  assert.deepEqual(s.requests.map((r) => r.n), [1, 2, 3, 4, 5]);
  assert.ok(!JSON.stringify(s).includes(secret));
  assert.ok(!JSON.stringify(s).includes("nope"));
});

Deno.test("stats.reset() clears the counters and the log; request numbers go on", async () => {
  await using server = await startEcosServer();
  for (let i = 0; i < 5; i++) await request(server, ONE_KEY_STAT);
  const s = server.stats;
  s.reset();
  assert.equal(s.total, 0);
  assert.equal(s.requests.length, 0);
  await request(server, ONE_KEY_STAT);
  assert.equal(s.requests[0]?.n, 6);
});

Deno.test("maxInFlight counts requests answered at once", async () => {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  let arrived = 0;
  await using server = await startEcosServer({
    fault: async () => {
      if (++arrived === 4) release();
      await gate;
      return undefined;
    },
  });
  const texts = await Promise.all(
    [1, 2, 3, 4].map((i) => request(server, { ...ONE_KEY_STAT, start: i, end: i })),
  );
  assert.ok(texts.every((t) => t.status === 200));
  assert.equal(server.stats.maxInFlight, 4);
});

Deno.test("the request log keeps arrival order while answers finish out of order", async () => {
  await using server = await startEcosServer({
    fault: (ctx) => (ctx.n === 1 ? { kind: "stall", ms: 60 } : undefined),
  });
  const slow = request(server, ONE_KEY_STAT);
  while (server.stats.total === 0) await new Promise((r) => setTimeout(r, 1));
  assert.equal(server.stats.requests[0]?.outcome, "pending");
  await request(server, ONE_KEY_STAT);
  await slow;
  assert.deepEqual(server.stats.requests.map((r) => [r.n, r.outcome]), [
    [1, "fault:stall"],
    [2, "ok"],
  ]);
  assert.deepEqual(server.stats.byOutcome, { "fault:stall": 1, ok: 1 });
});

Deno.test("startEcosServer() rejects when its port is taken", async () => {
  await using first = await startEcosServer();
  const port = Number(new URL(first.url).port);
  await assert.rejects(startEcosServer({ port }));
  // The first server is unaffected.
  assert.equal((await request(first, ONE_KEY_STAT)).status, 200);
});
