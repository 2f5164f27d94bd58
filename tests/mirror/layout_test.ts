import assert from "node:assert/strict";
import {
  isTempName,
  joinPath,
  partitionPath,
  sanitizeCode,
  tempPath,
  unitFile,
} from "../../src/mirror/layout.ts";

Deno.test("sanitizeCode() keeps letters, digits and dashes, and encodes every other byte", async (t) => {
  const cases: [string, string][] = [
    ["0101000", "0101000"],
    ["A-1", "A-1"],
    ["A.1", "A_2E1"],
    ["A_1", "A_5F1"],
    ["*AA", "_2AAA"],
    ["a/b", "a_2Fb"],
    ["..", "_2E_2E"],
    ["가", "_EA_B0_80"],
  ];
  for (const [code, name] of cases) {
    await t.step(code, () => assert.equal(sanitizeCode(code), name));
  }
  // Different codes never share a name.
  const codes = ["A_2E", "A.", "A_", "A_5F", "a", "A"];
  assert.equal(new Set(codes.map(sanitizeCode)).size, codes.length);
});

Deno.test("unitFile() names a unit's file inside its hive partition", () => {
  assert.equal(partitionPath("722Y001", "M"), "STAT_CODE=722Y001/CYCLE=M");
  assert.equal(unitFile("722Y001", "M", null), "STAT_CODE=722Y001/CYCLE=M/data.parquet");
  assert.equal(
    unitFile("722Y001", "M", "0101000"),
    "STAT_CODE=722Y001/CYCLE=M/item-0101000.parquet",
  );
  assert.equal(unitFile("901Y009", "A", "A.1"), "STAT_CODE=901Y009/CYCLE=A/item-A_2E1.parquet");
  assert.equal(joinPath("data/", "x/y"), "data/x/y");
});

Deno.test("tempPath() names a hidden file that no *.parquet or *.json glob takes", () => {
  const glob = /^[^.][^/]*\.(parquet|json)$/; // what readers of DIR/*/*/*.parquet take
  const a = tempPath("dir/STAT_CODE=X/CYCLE=M/item-1.parquet");
  const b = tempPath("dir/STAT_CODE=X/CYCLE=M/item-1.parquet");
  assert.notEqual(a, b);
  assert.match(a, /^dir\/STAT_CODE=X\/CYCLE=M\/\.item-1\.parquet\.tmp-[0-9a-f-]{36}$/);
  const name = a.split("/").at(-1)!;
  assert.ok(!glob.test(name) && !name.endsWith(".parquet"));
  assert.ok(isTempName(name));
  assert.ok(isTempName(tempPath("dir/_manifest.json").split("/").at(-1)!));
  assert.ok(!isTempName("item-1.parquet"));
  assert.ok(!isTempName(".hidden"));
});
