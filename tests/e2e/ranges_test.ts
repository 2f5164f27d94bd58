/**
 * The search routine end to end: ERROR-400 range splitting and the half-monthly spelling.
 *
 * @module
 */

import assert from "node:assert/strict";
import { type DataFrame, pl, type StatisticSearchQuery } from "../../mod.ts";
import type { Fault, FaultContext } from "../../src/server/mod.ts";
import { clientFor, rejects, searchRequests, serve } from "../testdata/e2e.ts";

Deno.test("statisticSearch() splits the range on ERROR-400 and keeps the unsplit order", async (t) => {
  const query: StatisticSearchQuery = {
    statCode: "999Y001",
    cycle: "D",
    start: "20240101",
    end: "20240331",
    items: ["01"],
  };
  await using plain = await serve();
  const reference = await clientFor(plain.url).statisticSearch(query);
  assert.ok(reference.height > 200);
  for (const format of ["json", "xml"] as const) {
    await t.step(format, async () => {
      await using server = await serve({ workLimit: 60 });
      const df = await clientFor(server.url, { format, pageSize: 25 }).statisticSearch(query);
      assert.ok(df.frameEqual(reference, true));
      assert.ok((server.stats.byOutcome["ERROR-400"] ?? 0) > 2);
    });
  }
  await t.step("down to one period, then a clear error", async () => {
    await using server = await serve({ workLimit: 2 });
    const e = await rejects(clientFor(server.url).statisticSearch(query));
    assert.equal(e.code, "ERROR-400");
    // 2024-01-01 is a market holiday with no rows: the first single period too large is the 2nd.
    assert.match(e.message, /even the single period 20240102 is too large/);
    assert.equal(e.url?.includes("/20240102/20240102/"), true);
  });
  await t.step("page by page", async () => {
    await using server = await serve({ workLimit: 60 });
    const pages: DataFrame[] = [];
    for await (const page of clientFor(server.url).statisticSearchPages(query)) pages.push(page);
    assert.ok(pages.length > 2);
    const all = pl.concat(pages);
    assert.equal(all.height, reference.height);
    const key = ["ITEM_CODE2", "TIME"];
    assert.ok(all.sort(key).frameEqual(reference.sort(key), true));
  });
});

const halfMonthly: StatisticSearchQuery = {
  statCode: "814Y002",
  cycle: "SM",
  start: "201001SM1",
  end: "201002SM2",
  items: ["1"],
};

/** A fault that refuses half-monthly labels of one spelling with ERROR-101, and counts them. */
function refuse(spelling: RegExp) {
  const refused: string[] = [];
  const fault = (ctx: FaultContext): Fault | undefined => {
    if (ctx.service !== "StatisticSearch" || !ctx.args.some((a) => spelling.test(a))) return;
    refused.push(ctx.args[2] ?? "");
    return { kind: "code", code: "ERROR-101" };
  };
  return { fault, refused };
}

Deno.test("statisticSearch() sends the live half-monthly spelling first: no extra round trip", async () => {
  // Like the live service: YYYYMMSn answered, the specification's YYYYMMSMn refused.
  const { fault, refused } = refuse(/SM\d$/);
  await using server = await serve({ dialect: "live", fault });
  const df = await clientFor(server.url).statisticSearch(halfMonthly);
  assert.deepEqual(df.getColumn("PERIOD").toArray(), [
    "201001S1",
    "201001S2",
    "201002S1",
    "201002S2",
  ]);
  const times = df.getColumn("TIME").toArray() as unknown as Date[];
  assert.equal(times[1]?.toISOString().slice(0, 10), "2010-01-16");
  assert.deepEqual(searchRequests(server).map((r) => r.args[2]), ["201001S1"]);
  assert.deepEqual(refused, []);
});

Deno.test("statisticSearch() falls back once to the specification's spelling and keeps it", async () => {
  // A server of the specification's dialect that refuses the live spelling.
  const { fault, refused } = refuse(/\dS\d$/);
  await using server = await serve({ dialect: "spec", fault });
  const client = clientFor(server.url);
  const first = await client.statisticSearch(halfMonthly);
  assert.equal(first.height, 4);
  assert.equal(first.getColumn("PERIOD").get(0), "201001SM1");
  assert.deepEqual(searchRequests(server).map((r) => r.args[2]), ["201001S1", "201001SM1"]);
  server.stats.reset();
  const pages = [];
  for await (const page of client.statisticSearchPages(halfMonthly)) pages.push(page);
  assert.ok(pl.concat(pages).frameEqual(first, true));
  assert.deepEqual(searchRequests(server).map((r) => r.args[2]), ["201001SM1"]);
  assert.equal(refused.length, 1);
});

Deno.test("statisticSearch() learns the half-monthly spelling once for concurrent queries", async () => {
  const { fault, refused } = refuse(/\dS\d$/);
  await using server = await serve({ dialect: "spec", fault, latencyMs: 10 });
  const client = clientFor(server.url, { pageSize: 2 });
  const queries = [["1"], ["2"], ["1"]].map((items) =>
    client.statisticSearch({ ...halfMonthly, items })
  );
  const frames = await Promise.all(queries);
  assert.deepEqual(frames.map((f) => f.height), [4, 4, 4]);
  assert.ok(frames[0]!.frameEqual(frames[2]!, true));
  assert.equal(refused.length, 1, "one probe, shared by the three queries");
  const pages = client.statisticSearchPages({ ...halfMonthly, items: ["2"] });
  let rows = 0;
  for await (const page of pages) rows += page.height;
  assert.equal(rows, 4);
  assert.equal(refused.length, 1);
});

Deno.test("statisticSearch() reports ERROR-101 when neither half-monthly spelling is taken", async () => {
  const { fault, refused } = refuse(/S\d$|SM\d$/);
  await using server = await serve({ fault });
  const e = await rejects(clientFor(server.url).statisticSearch(halfMonthly));
  assert.equal(e.code, "ERROR-101");
  assert.deepEqual(refused, ["201001S1", "201001SM1"]);
});
