/**
 * statisticSearchPages(): frames page by page.
 *
 * @module
 */

import assert from "node:assert/strict";
import { type DataFrame, pl, type Progress } from "../../mod.ts";
import { clientFor, rate, serve } from "../testdata/e2e.ts";

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

Deno.test("onProgress is told rows and pages done of the total after every page", async () => {
  await using server = await serve();
  const seen: Progress[] = [];
  const client = clientFor(server.url, { pageSize: 7, onProgress: (p) => seen.push(p) });
  await client.statisticSearch(rate);
  assert.deepEqual(seen.map((p) => [p.rows, p.pages]), [[7, 1], [14, 2], [21, 3], [24, 4]]);
  for (const p of seen) {
    assert.equal(p.totalRows, 24);
    assert.equal(p.totalPages, 4);
    assert.equal(p.service, "StatisticSearch");
    assert.deepEqual(p.args, ["722Y001", "M", "201901", "202012", "0101000"]);
    assert.ok(p.elapsedMs >= 0 && p.rowsPerSecond >= 0);
  }
  assert.equal(seen.at(-1)?.etaMs, 0);
  const perCall: number[] = [];
  await client.statisticSearch(rate, { onProgress: (p) => perCall.push(p.rows) });
  assert.deepEqual(perCall, [7, 14, 21, 24]);
  assert.equal(seen.length, 4, "the call's own callback replaces the client's");
});
