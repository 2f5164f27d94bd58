/**
 * statisticSearchPages(): frames page by page.
 *
 * @module
 */

import assert from "node:assert/strict";
import { type DataFrame, pl } from "../../mod.ts";
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
