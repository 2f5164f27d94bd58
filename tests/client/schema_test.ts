import assert from "node:assert/strict";
import { closest } from "../../src/util/closest.ts";

const OPTIONS = ["apiKey", "baseUrl", "format", "language", "pageSize", "rateLimit", "timeoutMs"];

Deno.test("closest() names the known name a misspelt one was meant to be", async (t) => {
  const cases: [string, string, string | undefined][] = [
    ["a difference of case only", "PAGESIZE", "pageSize"],
    ["one letter missing", "formt", "format"],
    ["one letter wrong", "languagr", "language"],
    ["two letters swapped in a long name", "timeuotMs", "timeoutMs"],
    ["nothing close", "xyzzy", undefined],
    ["a short name far from every known one", "ab", undefined],
  ];
  for (const [name, misspelt, expected] of cases) {
    await t.step(name, () => assert.equal(closest(misspelt, OPTIONS), expected));
  }
  assert.equal(closest("anything", []), undefined, "no known names, no suggestion");
});

Deno.test("closest() allows more edits the longer the name", () => {
  // Three letters wrong: close enough in an 11-letter name, not in an 8-letter one.
  assert.equal(closest("coXcurXenXy", ["concurrency"]), "concurrency");
  assert.equal(closest("lanXXXge", ["language"]), undefined);
  // Two edits are always close enough, even in a five-letter name.
  assert.equal(closest("frmXt", ["format"]), "format");
});
