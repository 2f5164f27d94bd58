/**
 * The time limits on slow and idle connections, seen from raw TCP connections: the server
 * closes them itself, within the limit (plus generous slack for a loaded machine), and never
 * before it. Waits are for the close itself, each bounded.
 *
 * @module
 */

import assert from "node:assert/strict";
import { startEcosServer } from "../../src/server/mod.ts";
import { request } from "../testdata/server/http.ts";
import { openRaw, readResponse, untilClosed } from "../testdata/server/raw.ts";

/** The limits the tests set: short, so the tests are quick. */
const HEADER_MS = 300;
const IDLE_MS = 300;
/** How much later than its limit a close may come on a loaded machine. */
const SLACK_MS = 5000;
/** How much earlier than its limit a close may come (timer and clock granularity). */
const EARLY_MS = 20;

const REQUEST = "GET /api/KeyStatisticList/sample/json/kr/1/1 HTTP/1.1\r\nHost: x\r\n\r\n";

Deno.test("headerTimeoutMs: half a request line is answered 408 and closed at the limit", async () => {
  await using server = await startEcosServer({ headerTimeoutMs: HEADER_MS });
  using raw = await openRaw(server);
  await raw.send("GET /api/KeyStatisticList/sam");
  const closed = await untilClosed(raw, HEADER_MS + SLACK_MS, raw.openedAt);
  assert.match(closed.text, /^HTTP\/1\.1 408 /);
  assert.ok(closed.afterMs >= HEADER_MS - EARLY_MS, `closed after ${closed.afterMs} ms`);
});

Deno.test("headerTimeoutMs: half the headers are answered 408 and closed at the limit", async () => {
  await using server = await startEcosServer({ headerTimeoutMs: HEADER_MS });
  using raw = await openRaw(server);
  await raw.send("GET /api/KeyStatisticList/sample/json/kr/1/1 HTTP/1.1\r\nHost: x\r\nAcc");
  const closed = await untilClosed(raw, HEADER_MS + SLACK_MS, raw.openedAt);
  assert.match(closed.text, /^HTTP\/1\.1 408 /);
  assert.ok(closed.afterMs >= HEADER_MS - EARLY_MS, `closed after ${closed.afterMs} ms`);
});

Deno.test("headerTimeoutMs counts from the first byte: headers dripping in still hit it", async () => {
  await using server = await startEcosServer({ headerTimeoutMs: HEADER_MS });
  using raw = await openRaw(server);
  const head = "GET /api/KeyStatisticList/sample/json/kr/1/1 HTTP/1.1\r\nHost: x\r\n" +
    "X-Slow: " + "a".repeat(200);
  // One byte every 10 ms: the connection is never quiet, yet its head takes 2 s.
  let stop = false;
  const drip = (async () => {
    for (const c of head) {
      if (stop) return;
      await raw.send(c).catch(() => (stop = true));
      await new Promise((r) => setTimeout(r, 10));
    }
  })();
  try {
    const closed = await untilClosed(raw, HEADER_MS + SLACK_MS, raw.openedAt);
    assert.match(closed.text, /^HTTP\/1\.1 408 /);
    assert.ok(closed.afterMs < head.length * 10, `closed after ${closed.afterMs} ms`);
  } finally {
    stop = true;
    await drip;
  }
});

Deno.test("headerTimeoutMs: a connection that sends nothing is closed at the limit", async () => {
  await using server = await startEcosServer({ headerTimeoutMs: HEADER_MS, idleTimeoutMs: 60_000 });
  using raw = await openRaw(server);
  const closed = await untilClosed(raw, HEADER_MS + SLACK_MS, raw.openedAt);
  assert.ok(closed.afterMs >= HEADER_MS - EARLY_MS, `closed after ${closed.afterMs} ms`);
});

Deno.test("headerTimeoutMs applies to the next request on a kept-alive connection too", async () => {
  await using server = await startEcosServer({ headerTimeoutMs: HEADER_MS, idleTimeoutMs: 60_000 });
  using raw = await openRaw(server);
  await raw.send(REQUEST);
  assert.equal((await readResponse(raw)).status, 200);
  const sent = performance.now();
  await raw.send("GET /api/KeyStatisticList/sample/json/kr/1/1 HTTP/1.1\r\nHo");
  const closed = await untilClosed(raw, HEADER_MS + SLACK_MS, sent);
  assert.match(closed.text, /^HTTP\/1\.1 408 /);
  assert.ok(closed.afterMs >= HEADER_MS - EARLY_MS, `closed after ${closed.afterMs} ms`);
});

Deno.test("idleTimeoutMs: an idle kept-alive connection is closed at the limit", async () => {
  await using server = await startEcosServer({ idleTimeoutMs: IDLE_MS, headerTimeoutMs: 60_000 });
  using raw = await openRaw(server);
  // Counted from the request: the server's idle clock starts later, once it has answered.
  const sent = performance.now();
  await raw.send(REQUEST);
  const first = await readResponse(raw);
  assert.equal(first.status, 200);
  assert.match(first.head, /\r\nconnection: keep-alive/i);
  const closed = await untilClosed(raw, IDLE_MS + SLACK_MS, sent);
  assert.equal(closed.text, "");
  assert.ok(closed.afterMs >= IDLE_MS - EARLY_MS, `closed after ${closed.afterMs} ms`);
});

Deno.test("idleTimeoutMs: a kept-alive connection used again in time serves the next request", async () => {
  await using server = await startEcosServer({ idleTimeoutMs: 60_000 });
  using raw = await openRaw(server);
  for (let i = 0; i < 3; i++) {
    await raw.send(REQUEST);
    const res = await readResponse(raw);
    assert.equal(res.status, 200);
    assert.equal(JSON.parse(res.body).KeyStatisticList.row_count, 1);
  }
});

Deno.test("the limits never cut an answer that is slow to come", async () => {
  // The answer takes several times both limits; the connection is busy, not idle or slow.
  await using server = await startEcosServer({
    headerTimeoutMs: 100,
    idleTimeoutMs: 100,
    fault: () => ({ kind: "stall", ms: 600 }),
  });
  const t0 = performance.now();
  const got = await request(server, { service: "KeyStatisticList", key: "sample", end: 1 });
  assert.equal(got.status, 200);
  assert.equal(JSON.parse(got.text).KeyStatisticList.row_count, 1);
  assert.ok(performance.now() - t0 >= 600 - EARLY_MS);
});

Deno.test("close() ends connections holding half a request, and resolves", async () => {
  const server = await startEcosServer();
  using raw = await openRaw(server);
  await raw.send("GET /api/KeyStat");
  // Make sure the server has the connection before closing.
  using other = await openRaw(server);
  await other.send(REQUEST);
  assert.equal((await readResponse(other)).status, 200);
  await server.close();
  const closed = await untilClosed(raw, SLACK_MS);
  assert.doesNotMatch(closed.text, /^HTTP\/1\.1 200/);
});
