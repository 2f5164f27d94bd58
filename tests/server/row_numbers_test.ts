/**
 * Row numbers are read exactly, at any length: leading zeros change nothing, and numbers
 * past 2^53 still compare as numbers (for start > end and the sample key's 10 rows), while a
 * number beyond the data is clipped to it, as an end past the total is on the live service.
 *
 * @module
 */

import assert from "node:assert/strict";
import { startEcosServer } from "../../src/server/mod.ts";
import {
  addToRowNumber,
  compareRowNumbers,
  parseRoute,
  wholeRowNumber,
} from "../../src/server/route.ts";
import { KEY, page, requestJson } from "../testdata/server/http.ts";

const BASE_RATE = ["722Y001", "A", "2020", "2024", "0101000"];

Deno.test("row numbers with leading zeros are the numbers they spell, however long", async () => {
  await using server = await startEcosServer({ keys: [KEY] });
  const cases: [start: string, end: string, times: string[]][] = [
    ["0000000000000001", "0000000000000003", ["2020", "2021", "2022"]],
    ["0".repeat(40) + "2", "0".repeat(500) + "4", ["2021", "2022", "2023"]],
    ["0001", "0".repeat(2000) + "5", ["2020", "2021", "2022", "2023", "2024"]],
  ];
  for (const [start, end, times] of cases) {
    const got = await page(server, { start, end, args: BASE_RATE });
    assert.equal(got.total, 5);
    assert.deepEqual(got.rows.map((r) => r.TIME), times, `${start.length}/${end.length}`);
  }
  const records = server.stats.requests.map((r) => [r.startNo, r.endNo]);
  assert.deepEqual(records, [[1, 3], [2, 4], [1, 5]]);
});

Deno.test("long row numbers compare exactly: start > end and the sample key's limit", async () => {
  await using server = await startEcosServer({ keys: [KEY] });
  const code = async (key: string, start: string, end: string) =>
    (await requestJson(server, { key, start, end, args: BASE_RATE })).RESULT?.CODE;
  // Past the data: nothing to answer.
  assert.equal(await code(KEY, "100000000000000000000", "100000000000000000005"), "INFO-200");
  // Start after end, both past 2^53.
  assert.equal(await code(KEY, "100000000000000000001", "100000000000000000000"), "ERROR-301");
  assert.equal(await code(KEY, "9".repeat(400) + "1", "9".repeat(400) + "0"), "ERROR-301");
  // The sample key: 10 rows far out are still 10 rows; 11 are too many.
  assert.equal(await code("sample", "100000000000000000000", "100000000000000000009"), "INFO-200");
  assert.equal(await code("sample", "100000000000000000000", "100000000000000000010"), "ERROR-301");
  assert.equal(await code("sample", "99999999999999999995", "100000000000000000004"), "INFO-200");
  assert.equal(await code("sample", "99999999999999999995", "100000000000000000005"), "ERROR-301");
  // Zero is a row number like any other (rows 0 to 5 are answered live), however it is spelt.
  assert.equal(await code(KEY, "0".repeat(20), "0".repeat(19)), undefined);
  // An end far past the data is clipped to it.
  const clipped = await page(server, { start: "1", end: "9".repeat(300), args: BASE_RATE });
  assert.equal(clipped.rows.length, 5);
});

Deno.test("parseRoute() reads row numbers as digits, decoded and without leading zeros", () => {
  const route = parseRoute("/api/StatisticSearch/k/json/kr/%30%30%31/0000000000000000000012");
  assert.deepEqual(route?.startNo, { digits: "1" });
  assert.deepEqual(route?.endNo, { digits: "12" });
  assert.deepEqual(parseRoute("/api/S/k/json/kr/000/")?.startNo, { digits: "0" });
  assert.equal(parseRoute("/api/S/k/json/kr/1e3/5")?.startNo, "invalid");
  assert.equal(parseRoute("/api/S/k/json/kr")?.startNo, "missing");
});

Deno.test("compareRowNumbers(), addToRowNumber() and wholeRowNumber() are exact", () => {
  const n = (digits: string) => ({ digits });
  assert.ok(compareRowNumbers(n("10"), n("9")) > 0);
  assert.ok(compareRowNumbers(n("123"), n("124")) < 0);
  assert.equal(compareRowNumbers(n("9".repeat(30)), n("9".repeat(30))), 0);
  assert.deepEqual(addToRowNumber(n("999"), 10), n("1009"));
  assert.deepEqual(addToRowNumber(n("0"), 10), n("10"));
  assert.deepEqual(addToRowNumber(n("99999999999999999995"), 10), n("100000000000000000005"));
  assert.equal(wholeRowNumber(n("9007199254740991")), 9007199254740991);
  assert.equal(wholeRowNumber(n("9007199254740992")), undefined);
  assert.equal(wholeRowNumber("invalid"), undefined);
});
