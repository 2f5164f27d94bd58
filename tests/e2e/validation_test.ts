/**
 * Bad queries and options are refused before anything is sent.
 *
 * @module
 */

import assert from "node:assert/strict";
import { type StatisticSearchQuery } from "../../mod.ts";
import { clientFor, rate, rejects, serve } from "../testdata/e2e.ts";

Deno.test("statisticSearch() checks the query before sending anything", async (t) => {
  await using server = await serve();
  const client = clientFor(server.url);
  const cases: [string, unknown, RegExp][] = [
    [
      "five items",
      { ...rate, items: ["1", "2", "3", "4", "5"] },
      /^Cannot query more than 4 item codes: got 5$/,
    ],
    ["a slash in the code", { ...rate, statCode: "722Y001/../x" }, /statCode/],
    ["dot-dot", { ...rate, statCode: ".." }, /Remove "\.\."/],
    ["a control character", { ...rate, items: ["01\n"] }, /item code/],
    ["a long code", { ...rate, statCode: "X".repeat(100) }, /at most 32/],
    ["a cycle", { ...rate, cycle: "W" }, /Use one of the cycles/],
    ["a label of another cycle", { ...rate, start: "2019Q1" }, /Write start as YYYYMM/],
    ["an impossible date", { ...rate, cycle: "D", start: "20230231", end: "20230301" }, /start/],
    ["start after end", { ...rate, start: "202101" }, /^Put start before end/],
    ["an invalid Date", { ...rate, end: new Date("nope") }, /valid Date/],
    [
      "an unknown field",
      { ...rate, item: ["1"] },
      /^Unknown query field item: did you mean items\?$/,
    ],
    ["a misspelt field", { ...rate, statcode: "722Y001" }, /did you mean statCode\?$/],
    ["no query", undefined, /Pass the query as an object/],
  ];
  for (const [name, query, message] of cases) {
    await t.step(name, async () => {
      const e = await rejects(client.statisticSearch(query as StatisticSearchQuery));
      assert.equal(e.code, "INVALID_ARGUMENT");
      assert.match(e.message, message);
    });
  }
  await t.step("bad call options", async () => {
    const e = await rejects(client.statisticSearch(rate, { pageSize: 0 }));
    assert.equal(e.code, "INVALID_ARGUMENT");
    const misspelt = { pagesize: 5 } as unknown as { pageSize: number };
    const unknown = await rejects(client.statisticSearch(rate, misspelt));
    assert.match(unknown.message, /^Unknown option pagesize: did you mean pageSize\?$/);
    assert.throws(() => client.statisticSearchPages({ ...rate, start: "x" }), /Write start/);
  });
  await t.step("lookups", async () => {
    assert.equal((await rejects(client.statisticItemList("a/b"))).code, "INVALID_ARGUMENT");
    assert.equal((await rejects(client.statisticWord(""))).code, "INVALID_ARGUMENT");
    assert.equal((await rejects(client.statisticMeta("a\u0000"))).code, "INVALID_ARGUMENT");
  });
  assert.equal(server.stats.total, 0);
});
