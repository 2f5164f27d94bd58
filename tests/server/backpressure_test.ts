/**
 * Clients that stop reading: the write limit (`writeTimeoutMs`) cuts off a client that takes
 * no bytes, and the shutdown limit (`shutdownTimeoutMs`) bounds close() however stuck the
 * clients are. Each test waits for close() itself, with a generous bound as the failure.
 *
 * @module
 */

import assert from "node:assert/strict";
import { main } from "../../src/cli.ts";
import { startEcosServer } from "../../src/server/mod.ts";
import { KEY } from "../testdata/server/http.ts";
import { openRaw, type RawConnection, untilClosed } from "../testdata/server/raw.ts";
import { bounded } from "./_bounded.ts";

/** The whole 999Y001 table in XML: about 96 MB, far more than socket buffers hold. */
const WHOLE_TABLE = `GET /api/StatisticSearch/${KEY}/xml/kr/1/300000/999Y001/D/20100101/20261231 ` +
  "HTTP/1.1\r\nHost: x\r\n\r\n";
/** The longest timer: a limit that never ends anything in a test. */
const NEVER_MS = 2 ** 31 - 1;
/** The failure bound of each wait. */
const BOUND_MS = 30_000;

/** Asks for the whole table, then reads only until its first bytes arrive. */
async function startReadingNothing(raw: RawConnection): Promise<void> {
  await raw.send(WHOLE_TABLE);
  const buf = new Uint8Array(1024);
  const n = await raw.conn.read(buf);
  assert.ok(n !== null && n > 0);
  assert.match(new TextDecoder().decode(buf.subarray(0, n)), /^HTTP\/1\.1 200 /);
}

Deno.test("writeTimeoutMs: a client that reads nothing of a large answer is cut off", async () => {
  // close() would let the answer be written for 24 days: only the write limit can end it.
  const server = await startEcosServer({
    keys: [KEY],
    writeTimeoutMs: 200,
    shutdownTimeoutMs: NEVER_MS,
  });
  using raw = await openRaw(server);
  await startReadingNothing(raw);
  await bounded(server.close(), BOUND_MS, "close() with a client that reads nothing");
  // What the connection held arrives, then its end: far less than the 96 MB body.
  const rest = await untilClosed(raw, BOUND_MS);
  assert.ok(rest.text.length < 48 * 2 ** 20, `${rest.text.length} bytes`);
  assert.ok(!rest.text.endsWith("</StatisticSearch>\r\n0\r\n\r\n"));
});

Deno.test("shutdownTimeoutMs: close() finishes however stuck the clients are", async () => {
  const server = await startEcosServer({
    keys: [KEY],
    writeTimeoutMs: NEVER_MS,
    shutdownTimeoutMs: 200,
  });
  using stuck = await openRaw(server);
  await startReadingNothing(stuck);
  // And one that holds half a request, and one that sends nothing.
  using half = await openRaw(server);
  await half.send("GET /api/KeyStat");
  using silent = await openRaw(server);
  await bounded(server.close(), BOUND_MS, "close() with stuck clients");
  for (const raw of [stuck, half, silent]) await untilClosed(raw, BOUND_MS);
});

Deno.test("ecos serve --write-timeout cuts off a client that reads nothing, at its limit", async () => {
  // The default limit is 30 s, past this test's bound: only the flag can end the answer in time.
  const stop = new AbortController();
  const { promise: listening, resolve } = Promise.withResolvers<string>();
  const served = main(["serve", "--port", "0", "--keys", KEY, "--write-timeout", "200"], {
    env: {},
    isTTY: false,
    signal: stop.signal,
    stdout: (text) => {
      const url = /listening at (\S+)/.exec(text)?.[1];
      if (url !== undefined) resolve(url);
    },
    stderr: () => {},
  });
  try {
    using raw = await openRaw({ url: await bounded(listening, BOUND_MS, "ecos serve listening") });
    await startReadingNothing(raw);
    // Stopping waits for the connection, which this side no longer reads (reading would let the
    // answer go on): the write limit ends it, else only the 5 s shutdown limit would.
    stop.abort();
    assert.equal(await bounded(served, 3_000, "ecos serve stopping"), 0);
    const rest = await untilClosed(raw, BOUND_MS);
    assert.ok(!rest.text.endsWith("</StatisticSearch>\r\n0\r\n\r\n"));
  } finally {
    stop.abort();
    assert.equal(await served, 0);
  }
});
