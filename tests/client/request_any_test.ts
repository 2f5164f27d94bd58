/**
 * `client.request()`: any service, also one the client does not model, through the same pull as
 * the typed methods, as a frame of strings.
 */

import assert from "node:assert/strict";
import { EcosClient } from "../../src/client/mod.ts";
import { isEcosError } from "../../src/errors.ts";
import { startEcosServer } from "../../src/server/mod.ts";

const KEY = "REQUESTKEY0123456789";

/**
 * A loopback service that the client does not model: "StatisticNews", rows 1 to 5 whose fields
 * vary (a field new in a later page, a number, a null), answered page by page.
 */
function newsServer() {
  const rows = [
    { DAY: "20240101", TITLE: "first " },
    { DAY: "20240102", TITLE: "second", VIEWS: 12 },
    { DAY: "20240103", TITLE: "" },
    { DAY: "20240104", TITLE: "fourth", TAG: "rates", 분류: "금리" },
    { DAY: "20240105", TITLE: null, VIEWS: "7" },
  ];
  const paths: string[] = [];
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, (req) => {
    const path = new URL(req.url).pathname;
    paths.push(path);
    const [, , service, , , , start, end, topic] = path.split("/");
    if (service === "StatisticWide") {
      // A hostile row: more fields than any service has.
      const row = Object.fromEntries(Array.from({ length: 1001 }, (_, k) => [`F${k}`, "x"]));
      return Response.json({ StatisticWide: { list_total_count: 1, row: [row] } });
    }
    if (service !== "StatisticNews" || topic !== "rates") {
      return Response.json({ RESULT: { CODE: "INFO-200", MESSAGE: "no data" } });
    }
    const row = rows.slice(Number(start) - 1, Number(end));
    return Response.json({ StatisticNews: { list_total_count: rows.length, row } });
  });
  return {
    url: `http://127.0.0.1:${server.addr.port}/api`,
    paths,
    async [Symbol.asyncDispose]() {
      await server.shutdown();
    },
  };
}

Deno.test("request() pulls a service the client does not model, page by page, as strings", async () => {
  await using server = newsServer();
  const client = new EcosClient({ baseUrl: server.url, apiKey: KEY, pageSize: 2, env: {} });
  const df = await client.request("StatisticNews", ["rates"]);
  // Columns in the order the rows first show them, across pages; values trimmed, "" null.
  assert.deepEqual(df.columns, ["DAY", "TITLE", "VIEWS", "TAG", "분류"]);
  assert.deepEqual(df.getColumn("DAY").toArray(), [
    "20240101",
    "20240102",
    "20240103",
    "20240104",
    "20240105",
  ]);
  assert.deepEqual(df.getColumn("TITLE").toArray(), ["first", "second", null, "fourth", null]);
  assert.deepEqual(df.getColumn("VIEWS").toArray(), [null, "12", null, null, "7"]);
  assert.deepEqual(df.getColumn("TAG").toArray(), [null, null, null, "rates", null]);
  assert.deepEqual(df.getColumn("분류").toArray(), [null, null, null, "금리", null]);
  // Pages of two rows (the last of one), the client's own segments before the service's.
  assert.deepEqual(server.paths, [
    `/api/StatisticNews/${KEY}/json/kr/1/2/rates`,
    `/api/StatisticNews/${KEY}/json/kr/3/4/rates`,
    `/api/StatisticNews/${KEY}/json/kr/5/5/rates`,
  ]);
});

Deno.test("request() refuses rows of more than 1,000 fields as a bad answer", async () => {
  await using server = newsServer();
  const client = new EcosClient({
    baseUrl: server.url,
    apiKey: KEY,
    env: {},
    retry: { attempts: 1 },
  });
  await assert.rejects(
    client.request("StatisticWide"),
    (e: unknown) =>
      isEcosError(e) && e.code === "BAD_RESPONSE" &&
      /rows hold more than 1000 fields/.test(e.message),
  );
});

Deno.test("request() gives no columns and no rows for no data", async () => {
  await using server = newsServer();
  const client = new EcosClient({ baseUrl: server.url, apiKey: KEY, env: {} });
  const df = await client.request("StatisticNews", ["other"]);
  assert.deepEqual([df.height, df.columns], [0, []]);
});

Deno.test("request() pulls a known service as its method does, in strings", async () => {
  await using server = await startEcosServer();
  const client = new EcosClient({ baseUrl: server.url, env: {} });
  const typed = await client.statisticTableList();
  const plain = await client.request("StatisticTableList");
  assert.equal(plain.height, typed.height);
  assert.deepEqual(plain.columns, typed.columns);
  assert.deepEqual(plain.getColumn("STAT_CODE").toArray(), typed.getColumn("STAT_CODE").toArray());
  // A service's own error is raised as its method raises it.
  await assert.rejects(
    client.request("StatisticSearch", ["722Y001", "M", "202401", "2024"]),
    (e: unknown) => isEcosError(e) && e.code === "ERROR-101",
  );
});

Deno.test("request() checks its service and segments before sending anything", async () => {
  let sent = 0;
  const client = new EcosClient({
    apiKey: KEY,
    env: {},
    fetch: () => (sent++, Promise.resolve(new Response("{}"))),
  });
  for (
    const [service, segments, message] of [
      ["Statistic/Search", [], /Write the service as a name of letters and digits/],
      ["", [], /Write the service/],
      ["StatisticWord", ["a/b"], /Remove "\/" from segments\[0\]/],
      ["StatisticWord", [""], /Pass a non-empty segments\[0\]/],
      ["StatisticWord", "x", /Pass segments as an array of strings/],
    ] as const
  ) {
    await assert.rejects(
      client.request(service, segments as readonly string[]),
      (e: unknown) => isEcosError(e) && e.code === "INVALID_ARGUMENT" && message.test(e.message),
    );
  }
  assert.equal(sent, 0);
});
