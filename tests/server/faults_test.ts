import assert from "node:assert/strict";
import {
  type Fault,
  type FaultContext,
  SAMPLE_KEY,
  startEcosServer,
} from "../../src/server/mod.ts";
import {
  get,
  type Query,
  request,
  requestJson,
  resultCode,
  send,
} from "../testdata/server/http.ts";

/** Twelve monthly rows of the base rate, five a page. */
const SEARCH: Query = {
  key: SAMPLE_KEY,
  end: 5,
  args: ["722Y001", "M", "202401", "202412", "0101000"],
};
const SEARCH_XML: Query = { ...SEARCH, format: "xml", language: "en" };

/** Reads a body chunk by chunk; returns what arrived and whether the read failed. */
async function readAll(res: Response): Promise<{ bytes: number; text: string; failed: boolean }> {
  const reader = res.body!.getReader();
  const chunks: Uint8Array[] = [];
  let failed = false;
  try {
    while (true) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
    }
  } catch {
    failed = true;
  }
  const all = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) {
    all.set(c, at);
    at += c.length;
  }
  return { bytes: all.length, text: new TextDecoder().decode(all), failed };
}

Deno.test("fault code: an ECOS error body in the request's format and language", async () => {
  const codes = [
    "ERROR-400",
    "ERROR-500",
    "ERROR-600",
    "ERROR-601",
    "ERROR-602",
    "ERROR-101",
  ] as const;
  let i = 0;
  await using server = await startEcosServer({
    fault: () => ({ kind: "code", code: codes[Math.floor(i++ / 2)]! }),
  });
  for (const code of codes) {
    const json = await request(server, SEARCH);
    assert.equal(json.status, 200);
    assert.equal(JSON.parse(json.text).RESULT.CODE, code);
    const xml = await request(server, SEARCH_XML);
    assert.equal(xml.status, 200);
    assert.equal(resultCode(xml.text), code);
  }
  assert.equal(server.stats.byOutcome["fault:code"], 12);
});

Deno.test("fault status: a proxy-like HTML answer with that status", async () => {
  const statuses = [502, 503, 504, 42];
  let i = 0;
  await using server = await startEcosServer({
    fault: () => ({ kind: "status", status: statuses[i++]! }),
  });
  for (const status of statuses) {
    const got = await request(server, SEARCH);
    // A status outside 200-599 cannot be sent; it becomes 502.
    assert.equal(got.status, status === 42 ? 502 : status);
    assert.equal(got.type, "text/html; charset=utf-8");
    assert.match(got.text, /^<html>/);
  }
  assert.equal(server.stats.byOutcome["fault:status"], 4);
});

Deno.test("fault html: a maintenance page with status 200", async () => {
  await using server = await startEcosServer({ fault: () => ({ kind: "html" }) });
  const got = await request(server, SEARCH);
  assert.equal(got.status, 200);
  assert.equal(got.type, "text/html; charset=utf-8");
  assert.match(got.text, /^<!DOCTYPE html>/);
  assert.throws(() => JSON.parse(got.text));
});

Deno.test("fault drop: the connection fails before any usable byte", async () => {
  await using server = await startEcosServer({ fault: () => ({ kind: "drop" }) });
  const res = await send(server, SEARCH);
  const read = await readAll(res);
  assert.ok(read.failed);
  assert.equal(read.bytes, 0);
  assert.equal(server.stats.requests[0]?.outcome, "fault:drop");
});

Deno.test("fault truncate: the real body, cut off in the middle", async () => {
  let faulty = false;
  await using server = await startEcosServer({
    fault: () => (faulty ? { kind: "truncate" } : undefined),
  });
  const full = (await request(server, SEARCH)).text;
  faulty = true;
  const res = await send(server, SEARCH);
  assert.equal(res.status, 200);
  const read = await readAll(res);
  assert.ok(read.failed);
  assert.ok(read.bytes > 0 && read.bytes < new TextEncoder().encode(full).length);
  assert.ok(full.startsWith(read.text.replace(/\uFFFD$/, "")));
  await assert.rejects(send(server, SEARCH).then((r) => r.json()));
});

Deno.test("fault stall with ms: the real answer arrives after the delay", async () => {
  await using server = await startEcosServer({ fault: () => ({ kind: "stall", ms: 80 }) });
  const t0 = performance.now();
  const body = await requestJson(server, SEARCH);
  assert.ok(performance.now() - t0 >= 75);
  assert.equal(body.StatisticSearch.list_total_count, 12);
  assert.equal(server.stats.requests[0]?.outcome, "fault:stall");
  assert.equal(server.stats.requests[0]?.rows, 5);
});

Deno.test("fault stall without ms: the client's own time limit ends it", async () => {
  await using server = await startEcosServer({ fault: () => ({ kind: "stall" }) });
  await assert.rejects(
    send(server, SEARCH, { signal: AbortSignal.timeout(50) }),
    (e: Error) => e.name === "TimeoutError",
  );
});

Deno.test("fault stall: closing the server ends stalled requests at once", async () => {
  const server = await startEcosServer({ fault: () => ({ kind: "stall", ms: 600_000 }) });
  const pending = Promise.all(
    [1, 2, 3].map(() =>
      send(server, SEARCH).then((r) => r.text()).then(() => "answered", () => "failed")
    ),
  );
  while (server.stats.maxInFlight < 3) await new Promise((r) => setTimeout(r, 1));
  const t0 = performance.now();
  await server.close();
  assert.ok(performance.now() - t0 < 5000);
  assert.deepEqual(await pending, ["failed", "failed", "failed"]);
  assert.equal(server.stats.byOutcome["fault:stall"], 3);
});

Deno.test("fault total: the real rows with list_total_count replaced", async () => {
  let faulty = false;
  await using server = await startEcosServer({
    fault: () => (faulty ? { kind: "total", listTotalCount: 999 } : undefined),
  });
  const real = await requestJson(server, SEARCH);
  const realXml = (await request(server, SEARCH_XML)).text;
  faulty = true;
  const json = await requestJson(server, SEARCH);
  assert.equal(json.StatisticSearch.list_total_count, 999);
  assert.deepEqual(json.StatisticSearch.row, real.StatisticSearch.row);
  const xml = (await request(server, SEARCH_XML)).text;
  assert.equal(
    xml,
    realXml.replace(
      '<list_total_count number="true">12<',
      '<list_total_count number="true">999<',
    ),
  );
  const keys = await requestJson(server, { service: "KeyStatisticList", key: SAMPLE_KEY, end: 3 });
  assert.equal(keys.KeyStatisticList.list_total_count, 999);
  assert.equal(keys.KeyStatisticList.row_count, 3);
  // An answer without rows stays as it is.
  const none = await requestJson(server, { ...SEARCH, args: ["000Y000", "M", "202401", "202412"] });
  assert.equal(none.RESULT.CODE, "INFO-200");
});

Deno.test("fault functions see the request (decoded, without the key) and may be async", async () => {
  const seen: FaultContext[] = [];
  await using server = await startEcosServer({
    keys: ["my-key"],
    fault: async (ctx) => {
      seen.push(ctx);
      await Promise.resolve();
      return undefined;
    },
  });
  await request(server, {
    service: "StatisticWord",
    key: "my-key",
    format: "xml",
    language: "en",
    start: 3,
    end: 7,
    args: ["물가"],
  });
  await get(`${server.url}/Whatever`);
  assert.deepEqual(seen[0], {
    n: 1,
    service: "StatisticWord",
    format: "xml",
    language: "en",
    startNo: 3,
    endNo: 7,
    args: ["물가"],
  });
  assert.deepEqual(seen[1], {
    n: 2,
    service: "Whatever",
    format: "",
    language: "",
    startNo: undefined,
    endNo: undefined,
    args: [],
  });
  assert.ok(!JSON.stringify(seen).includes("my-key"));
});

Deno.test("faults can fail the first attempts of a query, then let it through", async () => {
  const attempts = new Map<string, number>();
  const fault = (ctx: FaultContext): Fault | undefined => {
    const key = ctx.args.join("/");
    const n = (attempts.get(key) ?? 0) + 1;
    attempts.set(key, n);
    return n <= 2 ? { kind: "code", code: "ERROR-600" } : undefined;
  };
  await using server = await startEcosServer({ fault });
  const outcomes = [];
  for (let i = 0; i < 3; i++) {
    const body = await requestJson(server, SEARCH);
    outcomes.push(body.RESULT?.CODE ?? "ok");
  }
  assert.deepEqual(outcomes, ["ERROR-600", "ERROR-600", "ok"]);
});

Deno.test("a fault function that throws answers ERROR-500 and the server goes on", async () => {
  let n = 0;
  await using server = await startEcosServer({
    fault: () => {
      if (++n === 1) throw new Error("test bug");
      return undefined;
    },
  });
  assert.equal((await requestJson(server, SEARCH)).RESULT.CODE, "ERROR-500");
  assert.ok((await requestJson(server, SEARCH)).StatisticSearch);
});
