/**
 * HTTP pipelining: requests sent before their answers are read. Answers come in order; a
 * client that leaves without reading leaves nothing owed behind (close() finishes); a client
 * that sends more than `pipelineLimit` ahead is closed rather than answered into memory.
 *
 * @module
 */

import assert from "node:assert/strict";
import { startEcosServer } from "../../src/server/mod.ts";
import { KEY } from "../testdata/server/http.ts";
import { openRaw, readResponse, untilClosed } from "../testdata/server/raw.ts";
import { bounded } from "./_bounded.ts";

const BOUND_MS = 30_000;

/** A request for KeyStatisticList rows 1 to `end`. */
const keyStats = (end: number) =>
  `GET /api/KeyStatisticList/sample/json/kr/1/${end} HTTP/1.1\r\nHost: x\r\n\r\n`;

Deno.test("pipelined requests are answered in order", async () => {
  await using server = await startEcosServer();
  using raw = await openRaw(server);
  await raw.send(keyStats(3) + keyStats(1) + keyStats(2));
  const counts = [];
  for (let i = 0; i < 3; i++) {
    const res = await readResponse(raw);
    assert.equal(res.status, 200);
    counts.push(JSON.parse(res.body).KeyStatisticList.row_count);
  }
  assert.deepEqual(counts, [3, 1, 2]);
});

Deno.test("a client that pipelines large requests and leaves without reading leaves nothing owed", async () => {
  const server = await startEcosServer({ keys: [KEY] });
  const big = `GET /api/StatisticSearch/${KEY}/json/kr/1/20000/999Y001/D/20100101/20261231 ` +
    "HTTP/1.1\r\nHost: x\r\n\r\n";
  {
    using raw = await openRaw(server);
    await raw.send(big.repeat(8));
    // The first answer has started: every request has arrived.
    const n = await raw.conn.read(new Uint8Array(1024));
    assert.ok(n !== null && n > 0);
    assert.equal(server.stats.total, 8);
  }
  // The connection is gone with seven answers unwritten: none of them holds close() up.
  await bounded(server.close(), BOUND_MS, "close() after a pipelining client left");
});

Deno.test("pipelineLimit: a connection that sends more requests ahead is closed", async () => {
  await using server = await startEcosServer({ pipelineLimit: 4 });
  using raw = await openRaw(server);
  await raw.send(keyStats(1).repeat(20));
  const closed = await untilClosed(raw, BOUND_MS);
  // At most the four in progress were answered; the sixteen beyond never reached the service.
  assert.ok((closed.text.match(/HTTP\/1\.1 200 /g) ?? []).length <= 4, closed.text);
  assert.equal(server.stats.total, 4);
});
