/**
 * `ecos mcp` and bad input: every mistake is a tool error that says what to do (the client's
 * own messages, suggestions for unknown codes), never a stack, and the server keeps serving.
 */

import assert from "node:assert/strict";
import { startMcp } from "./_mcp.ts";

Deno.test("bad arguments get tool errors that say what to do, and the server keeps serving", async (t) => {
  await using mcp = await startMcp();
  const cases: [string, string, Record<string, unknown>, RegExp][] = [
    [
      "a cycle that does not exist",
      "get_series",
      { stat_code: "722Y001", cycle: "MM", start: "202301", end: "202312" },
      /Use cycle A, S, Q, M, SM or D: got "MM"/,
    ],
    [
      "a start of another cycle's shape",
      "get_series",
      { stat_code: "722Y001", cycle: "M", start: "2023", end: "202312" },
      /^INVALID_ARGUMENT: Write start as YYYYMM \(e\.g\. 202305\) for cycle M: got "2023"/,
    ],
    [
      "start after end",
      "get_series",
      { stat_code: "722Y001", cycle: "A", start: "2024", end: "2020" },
      /^INVALID_ARGUMENT: Put start before end: got start 2024 after end 2020/,
    ],
    [
      "five item codes",
      "get_series",
      {
        stat_code: "722Y001",
        cycle: "M",
        start: "202301",
        end: "202312",
        items: ["a", "b", "c", "d", "e"],
      },
      /Cannot query more than 4 item codes: got 5/,
    ],
    [
      "a transform withChange does not know",
      "get_series",
      { stat_code: "722Y001", cycle: "M", start: "202301", end: "202312", transform: "wow" },
      /^MCP error -32602: .*Use transform (\w+, )*yoy, (\w+, )*\w+: got "wow" at transform$/,
    ],
    [
      "mom on quarterly data",
      "get_series",
      { stat_code: "200Y102", cycle: "Q", start: "2023Q1", end: "2023Q4", transform: "mom" },
      /^INVALID_ARGUMENT: Cannot compute "mom" on Q data: .*use "qoq" for quarterly data/,
    ],
    [
      "max_rows beyond the limit",
      "get_series",
      { stat_code: "722Y001", cycle: "M", start: "202301", end: "202312", max_rows: 50000 },
      /Pass max_rows of at most 5000: got 50000; split the range for more/,
    ],
    [
      "a series name that does not exist",
      "get_named_series",
      { name: "inflation", start: "202301", end: "202312" },
      /Use a known series name: base_rate, (\w+, )*cpi, (\w+, )*\w+: got "inflation" at name$/,
    ],
    [
      "a table code with a slash",
      "list_items",
      { stat_code: "722Y001/x" },
      /^INVALID_ARGUMENT: Write stat_code with letters, digits and .+ only: got "722Y001\/x"/,
    ],
    [
      "a missing argument",
      "describe_table",
      {},
      /Pass stat_code as a string: got nothing/,
    ],
    [
      "a language that does not exist",
      "key_statistics",
      { language: "jp" },
      /Use language "kr" or "en": got "jp"/,
    ],
  ];
  for (const [what, tool, args, message] of cases) {
    await t.step(what, async () => {
      const r = await mcp.call(tool, args);
      assert.equal(r.isError, true);
      assert.match(r.texts.join("\n"), message);
      assert.doesNotMatch(r.texts.join("\n"), /\n\s+at /, "no stack");
      assert.equal(r.data, undefined);
    });
  }
  // Still serving, after all of them.
  const after = await mcp.call("get_named_series", {
    name: "gdp_growth",
    start: "2023Q1",
    end: "2023Q4",
  });
  assert.equal(after.isError, false);
  assert.equal(after.data?.total_rows, 4);
  assert.deepEqual(mcp.errors, []);
});

Deno.test("an unknown table code gets UNKNOWN_CODE with the code it was probably meant to be", async (t) => {
  await using mcp = await startMcp();
  const calls: [string, Record<string, unknown>][] = [
    ["get_series", { stat_code: "722Y00", cycle: "M", start: "202301", end: "202312" }],
    ["list_items", { stat_code: "722Y00" }],
    ["describe_table", { stat_code: "722Y00" }],
  ];
  for (const [tool, args] of calls) {
    await t.step(tool, async () => {
      const r = await mcp.call(tool, args);
      assert.equal(r.isError, true);
      assert.match(
        r.texts[0]!,
        /^UNKNOWN_CODE: 722Y00 is not a table code; did you mean 722Y001\? \(search_tables finds table codes/,
      );
      assert.match(r.texts[0]!, /generated sample data/i, "the error says where it comes from too");
    });
  }
  await t.step("an item the table does not have", async () => {
    const r = await mcp.call("get_series", {
      stat_code: "722Y001",
      cycle: "M",
      start: "202301",
      end: "202312",
      items: ["9999999"],
    });
    assert.equal(r.isError, true);
    assert.match(r.texts[0]!, /^UNKNOWN_CODE: 722Y001 has no item 9999999; its items are 0101000 /);
  });
});
