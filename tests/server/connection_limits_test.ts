/**
 * The limits on connections: how many are held (`maxConnections`), and what happens when the
 * process runs short of file descriptors. The file-limit tests run a server in a child process
 * under `ulimit -n 128` (tests/server/_child.ts). Every wait is for an event (a
 * connection closed, a line printed), each bounded.
 *
 * @module
 */

import assert from "node:assert/strict";
import { startEcosServer } from "../../src/server/mod.ts";
import { connectionDefaults } from "../../src/server/limits.ts";
import { openRaw, readResponse, untilClosed } from "../testdata/server/raw.ts";
import { childServer } from "./_child.ts";

const REQUEST = "GET /api/KeyStatisticList/sample/json/kr/1/1 HTTP/1.1\r\nHost: x\r\n\r\n";
const CLOSING = "GET /api/KeyStatisticList/sample/json/kr/1/1 HTTP/1.1\r\nHost: x\r\n" +
  "Connection: close\r\n\r\n";
/** The most a step may take on a loaded machine before the test fails. */
const BOUND_MS = 30_000;

/** Tries a request on fresh connections until one is answered (each try ends on an event). */
async function answeredOnce(url: string, tries: number): Promise<number> {
  for (let i = 1; i <= tries; i++) {
    using raw = await openRaw({ url });
    await raw.send(CLOSING);
    const closed = await untilClosed(raw, BOUND_MS);
    if (closed.text.startsWith("HTTP/1.1 200 ")) return i;
  }
  throw new Error(`No answer in ${tries} tries`);
}

Deno.test("maxConnections: a connection over the limit is closed at once; the others are served", async () => {
  await using server = await startEcosServer({ maxConnections: 2, idleTimeoutMs: 60_000 });
  using a = await openRaw(server);
  using b = await openRaw(server);
  for (const raw of [a, b]) {
    await raw.send(REQUEST);
    assert.equal((await readResponse(raw)).status, 200);
  }
  using c = await openRaw(server);
  const refused = await untilClosed(c, BOUND_MS);
  // Closed without a word (not a 408 after the header limit).
  assert.equal(refused.text, "");
  for (const raw of [a, b]) {
    await raw.send(REQUEST);
    assert.equal((await readResponse(raw)).status, 200);
  }
});

Deno.test("maxConnections: once a connection ends, a new one is served", async () => {
  await using server = await startEcosServer({ maxConnections: 1, idleTimeoutMs: 60_000 });
  {
    using a = await openRaw(server);
    await a.send(CLOSING);
    assert.match((await untilClosed(a, BOUND_MS)).text, /^HTTP\/1\.1 200 /);
  }
  // The server may see the first connection's end a moment after the client does.
  assert.ok(await answeredOnce(server.url, 50) >= 1);
});

Deno.test("connectionDefaults() keeps connections and the backlog under the file limit", () => {
  assert.deepEqual(connectionDefaults(1_048_576), { backlog: 511, maxConnections: 1024 });
  assert.deepEqual(connectionDefaults(4096), { backlog: 511, maxConnections: 1024 });
  assert.deepEqual(connectionDefaults(1024), { backlog: 128, maxConnections: 832 });
  assert.deepEqual(connectionDefaults(128), { backlog: 16, maxConnections: 48 });
  assert.deepEqual(connectionDefaults(50), { backlog: 16, maxConnections: 1 });
  assert.deepEqual(connectionDefaults(undefined), { backlog: 128, maxConnections: 832 });
});

Deno.test("under a low file limit, a flood of connections leaves the listener accepting", async () => {
  const server = await childServer({}, { fileLimit: 128 });
  let code;
  try {
    // 300 connections at once, each asking and then waiting for the server to close it: more
    // than the process has descriptors. Every one is answered or closed by the server; none
    // is left waiting on a listener that stopped.
    const flood = await Promise.all(Array.from({ length: 300 }, async () => {
      using raw = await openRaw(server);
      await raw.send(CLOSING).catch(() => {});
      return (await untilClosed(raw, BOUND_MS)).text.startsWith("HTTP/1.1 200 ");
    }));
    assert.ok(flood.some((answered) => answered), "some of the flood is answered");
    assert.ok(await answeredOnce(server.url, 50) >= 1);
  } finally {
    code = await server.stop();
  }
  assert.equal(code, 0);
});

Deno.test("a listener that stopped accepting for want of descriptors is opened again, and says so", async () => {
  const server = await childServer({ listenerCheckMs: 100 }, { fileLimit: 128 });
  let code;
  try {
    // The process runs out of descriptors; a connection arrives: its accept fails, which
    // stops the listener for good (Deno 2.9.6) unless the server opens it again.
    await server.command("hog");
    await server.until("hogged");
    const stranded = await openRaw(server);
    try {
      await stranded.send(REQUEST).catch(() => {});
      assert.match(
        await server.until("warning: "),
        /^warning: The server stopped accepting connections at 127\.0\.0\.1:\d+ \(out of file descriptors\?\): listening again$/,
      );
      await server.command("free");
      await server.until("freed");
      assert.match(
        await server.until("warning: "),
        /^warning: The server accepts connections again at 127\.0\.0\.1:\d+$/,
      );
    } finally {
      stranded.conn.close();
    }
    assert.ok(await answeredOnce(server.url, 50) >= 1);
  } finally {
    code = await server.stop();
  }
  assert.equal(code, 0);
});
