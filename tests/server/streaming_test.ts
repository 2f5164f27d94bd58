/**
 * Large answers are made and written a chunk at a time: the renderer's chunks are bounded and
 * join to the whole body; a whole-table answer leaves the server answering others and holding
 * a bounded part of it while its client reads nothing; a client that reads it as fast as it can
 * does not keep a later request waiting until its end (an ordering); and a client that reads
 * nothing makes the server make a bounded number of chunks. Nothing here is timed: the bounds
 * are counts, bytes and orders.
 *
 * @module
 */

import assert from "node:assert/strict";
import { startEcosServer } from "../../src/server/mod.ts";
import { CHUNK_CHARS, renderAnswer } from "../../src/server/render.ts";
import type { RowSource } from "../../src/server/services/service.ts";
import { listenHttp } from "../../src/server/transport.ts";
import { address, KEY, page, request } from "../testdata/server/http.ts";
import { openRaw, untilClosed } from "../testdata/server/raw.ts";
import { childServer } from "./_child.ts";
import { exposeGc, settledMemory } from "./_memory.ts";

const JSON_STYLE = { format: "json", language: "kr", xml: "guide" } as const;
const XML_STYLE = { format: "xml", language: "kr", xml: "guide" } as const;

/** A row source of `count` rows that records how many rows were made. */
function countingRows(count: number) {
  const made = { rows: 0 };
  const rows: RowSource = {
    length: count,
    slice(start, end) {
      const out = [];
      for (let i = start; i < Math.min(end, count); i++) {
        made.rows++;
        out.push({ STAT_CODE: "999Y001", TIME: String(20000000 + i), DATA_VALUE: "가".repeat(40) });
      }
      return out;
    },
  };
  return { rows, made };
}

Deno.test("renderAnswer() writes a small page as the wire does", () => {
  const rows = [{ TIME: "2020", DATA_VALUE: "1.5", WGT: null }, {
    TIME: "2021",
    DATA_VALUE: "",
    WGT: null,
  }];
  const page = { service: "StatisticSearch", rowCount: false, total: 7, rows } as const;
  assert.deepEqual([...renderAnswer(page, JSON_STYLE)], [
    '{"StatisticSearch":{"list_total_count":7,"row":[{"TIME":"2020","DATA_VALUE":"1.5",' +
    '"WGT":null},{"TIME":"2021","DATA_VALUE":"","WGT":null}]}}',
  ]);
  assert.deepEqual([...renderAnswer(page, XML_STYLE)], [
    '<?xml version="1.0" encoding="UTF-8"?>\n<StatisticSearch>' +
    '<list_total_count number="true">7</list_total_count>' +
    "<row><TIME>2020</TIME><DATA_VALUE>1.5</DATA_VALUE><WGT/></row>" +
    "<row><TIME>2021</TIME><DATA_VALUE/><WGT/></row></StatisticSearch>",
  ]);
  const keys = { service: "KeyStatisticList", rowCount: true, total: 101, rows: [] } as const;
  assert.deepEqual([...renderAnswer(keys, JSON_STYLE)], [
    '{"KeyStatisticList":{"list_total_count":101,"row_count":0,"row":[]}}',
  ]);
});

Deno.test("renderAnswer() makes a large page in bounded chunks, rows made as they are pulled", () => {
  const { rows, made } = countingRows(20_000);
  const page = { service: "StatisticSearch", rowCount: false, total: 20_000, rows } as const;
  const chunks = renderAnswer(page, JSON_STYLE);
  const first = chunks.next();
  assert.ok(!first.done);
  // The first chunk needs the first few hundred rows, not the page.
  assert.ok(made.rows <= 512, `made ${made.rows} rows for the first chunk`);
  const all = [first.value, ...chunks];
  assert.equal(made.rows, 20_000);
  assert.ok(all.length > 10, `${all.length} chunks`);
  const longestRow = 100;
  for (const chunk of all) assert.ok(chunk.length <= CHUNK_CHARS + longestRow, `${chunk.length}`);
  // Joined, the chunks are what JSON.stringify makes of the whole page.
  const whole = JSON.stringify({
    StatisticSearch: { list_total_count: 20_000, row: countingRows(20_000).rows.slice(0, 20_000) },
  });
  assert.equal(all.join(""), whole);
});

/** The heap and the memory outside it (buffers) in use once garbage is collected. */
async function settledBytes(gc: () => void): Promise<number> {
  const { heapUsed, external } = await settledMemory(gc);
  return heapUsed + external;
}

Deno.test("a whole-table XML answer streams: others are answered while its client reads nothing, and it is held in part only", async () => {
  const gc = exposeGc();
  await using server = await startEcosServer({ keys: [KEY] });
  const args = ["999Y001", "D", "20100101", "20261231"];
  const { total } = await page(server, { end: 1, args });
  assert.ok(total > 250_000, `${total} rows`);
  const before = await settledBytes(gc);
  const res = await fetch(address(server, { format: "xml", end: 300_000, args }));
  const reader = res.body!.getReader();
  try {
    const first = await reader.read();
    assert.ok(!first.done);
    // Another client is answered while the big body waits on its reader.
    const small = await request(server, { service: "KeyStatisticList", end: 1 });
    assert.equal(JSON.parse(small.text).KeyStatisticList.row_count, 1);
    // The body is about 96 MB; the server holds a few chunks of it (measured: under 2 MiB;
    // written whole, as before, it held the body: 95 MiB).
    const held = await settledBytes(gc) - before;
    assert.ok(held < 16 * 2 ** 20, `held ${(held / 2 ** 20).toFixed(1)} MiB`);
    // Its length was not known when it started: it is sent as it is made.
    assert.equal(res.headers.get("transfer-encoding"), "chunked");
    // Then the whole body arrives: every row, and the end of the document.
    const decoder = new TextDecoder();
    let text = decoder.decode(first.value, { stream: true });
    let rowsSeen = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
      let end = 0;
      for (let at = text.indexOf("</row>"); at !== -1; at = text.indexOf("</row>", end)) {
        rowsSeen++;
        end = at + "</row>".length;
      }
      text = text.slice(end);
    }
    assert.equal(rowsSeen, total);
    assert.equal(text, "</StatisticSearch>");
  } finally {
    await reader.cancel();
  }
});

Deno.test("a client reading a whole-table answer as fast as it can keeps no one waiting", async () => {
  // The server in a process of its own: its event loop is not shared with the readers, which
  // would lend it turns that it must take itself.
  const server = await childServer({ keys: [KEY] });
  const args = ["999Y001", "D", "20100101", "20261231"];
  const res = await fetch(address(server, { format: "json", end: 300_000, args }));
  const reader = res.body!.getReader();
  const order: string[] = [];
  let started!: () => void;
  const firstBytes = new Promise<void>((resolve) => (started = resolve));
  const big = (async () => {
    for (let r = await reader.read(); !r.done; r = await reader.read()) started();
    order.push("big");
  })();
  await firstBytes;
  // Sent once the big answer is flowing: answered between two of its chunks, not after it.
  const small = request(server, { service: "KeyStatisticList", end: 1 }).then((got) => {
    order.push("small");
    return got;
  });
  assert.equal(JSON.parse((await small).text).KeyStatisticList.row_count, 1);
  await big;
  assert.deepEqual(order, ["small", "big"]);
  assert.equal(await server.stop(), 0);
});

Deno.test("a client that reads nothing makes the server make a bounded number of chunks", async () => {
  const chunk = new Uint8Array(64 * 1024).fill(0x78);
  let made = 0;
  let abandoned!: () => void;
  const ended = new Promise<void>((resolve) => (abandoned = resolve));
  function* endless() {
    try {
      // 640 MB in all: far more than any socket buffers.
      while (made < 10_000) {
        made++;
        yield chunk;
      }
    } finally {
      abandoned();
    }
  }
  const transport = await listenHttp({
    port: 0,
    hostname: "127.0.0.1",
    headerTimeoutMs: 10_000,
    idleTimeoutMs: 10_000,
    writeTimeoutMs: 200,
    shutdownTimeoutMs: 10_000,
    maxConnections: 10,
    pipelineLimit: 4,
    backlog: 16,
    listenerCheckMs: 60_000,
    onWarning: () => {},
  }, () => ({ status: 200, contentType: "text/plain", body: endless() }));
  try {
    using raw = await openRaw({ url: `http://127.0.0.1:${transport.port}/api` });
    await raw.send("GET /x HTTP/1.1\r\nHost: x\r\n\r\n");
    // The write limit ends the answer; the server stops making chunks then.
    await ended;
    assert.ok(made < 1000, `made ${made} chunks of 64 KiB for a client that read nothing`);
    const closed = await untilClosed(raw, 20_000);
    assert.match(closed.text, /^HTTP\/1\.1 200 /);
    // No more than was made arrived (each chunk framed in a few bytes, after the head).
    assert.ok(closed.text.length <= made * (chunk.length + 16) + 1024, `${closed.text.length}`);
  } finally {
    await transport.close();
  }
});
