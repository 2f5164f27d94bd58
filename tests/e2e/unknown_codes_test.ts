/**
 * An empty answer from a code that does not exist is an UNKNOWN_CODE error that says what
 * exists; an empty answer from a range without data stays an empty frame.
 *
 * @module
 */

import assert from "node:assert/strict";
import { clientFor, rate, rejects, serve } from "../testdata/e2e.ts";

Deno.test("statisticSearch() names a mistyped table code and the closest real one", async () => {
  await using server = await serve();
  const e = await rejects(clientFor(server.url).statisticSearch({ ...rate, statCode: "722Y00" }));
  assert.equal(e.code, "UNKNOWN_CODE");
  assert.equal(e.message, "722Y00 is not a table code; did you mean 722Y001?");
  assert.equal(e.retryable, false);
});

Deno.test("statisticSearch() names the cycles a table offers", async () => {
  await using server = await serve();
  const e = await rejects(
    clientFor(server.url).statisticSearch({
      statCode: "731Y001",
      cycle: "M",
      start: "202001",
      end: "202012",
      items: ["0000001"],
    }),
  );
  assert.equal(e.code, "UNKNOWN_CODE");
  assert.equal(e.message, "731Y001 has cycles D; not M");
});

Deno.test("statisticSearch() names an item the table does not have, and lists its items", async () => {
  await using server = await serve();
  const e = await rejects(clientFor(server.url).statisticSearch({ ...rate, items: ["9999999"] }));
  assert.equal(e.code, "UNKNOWN_CODE");
  assert.match(e.message, /^722Y001 has no item 9999999; its items are 0101000 \(/);
});

Deno.test("statisticSearchPages() names unknown codes too, after yielding nothing", async () => {
  await using server = await serve();
  const pages = clientFor(server.url).statisticSearchPages({ ...rate, statCode: "722Y00" });
  const e = await rejects((async () => {
    for await (const _ of pages) assert.fail("no page expected");
  })());
  assert.equal(e.code, "UNKNOWN_CODE");
});

Deno.test("statisticSearch() looks a table's items up once per client", async () => {
  await using server = await serve();
  const client = clientFor(server.url);
  for (const item of ["1", "2"]) {
    await rejects(client.statisticSearch({ ...rate, items: [item] }));
  }
  assert.equal(server.stats.byService["StatisticItemList"], 1);
});

Deno.test("statisticSearch() keeps the empty frame when the lookup itself fails", async () => {
  await using server = await serve({
    fault: (ctx) =>
      ctx.service === "StatisticItemList" ? { kind: "status", status: 404 } : undefined,
  });
  const df = await clientFor(server.url).statisticSearch({ ...rate, items: ["9999999"] });
  assert.equal(df.height, 0);
});
