/**
 * The Arrow IPC writer, read back by Polars: every column kind with an index, a constant and
 * missing values; text inline (up to 12 bytes) and in the long values' buffer; no rows.
 */

import assert from "node:assert/strict";
import { type ArrowColumn, ipcFrame } from "../../src/util/arrow_ipc.ts";

const long = "소비자물가지수 (2020=100)"; // 31 bytes of UTF-8: past the 12 inline bytes

Deno.test("arrow_ipc: text, dates and floats with indexes, constants and nulls", () => {
  const columns: ArrowColumn[] = [
    { name: "CODE", kind: "text", values: [null, "722Y001"], index: undefined, constant: 1 },
    { name: "NONE", kind: "text", values: [null], index: undefined, constant: 0 },
    {
      name: "NAME",
      kind: "text",
      values: [null, "abc", long, "exactly12byt"],
      index: Uint32Array.of(1, 2, 0, 3),
      constant: 0,
    },
    {
      name: "DAY",
      kind: "date",
      values: [null, 0, 19723],
      index: Uint32Array.of(2, 1, 0, 2),
      constant: 0,
    },
    { name: "SAME_DAY", kind: "date", values: [null, 19723], index: undefined, constant: 1 },
    { name: "VALUE", kind: "float", values: Float64Array.of(1.5, NaN, -0.25, 1e300) },
    { name: "WGT", kind: "float", values: undefined },
  ];
  const df = ipcFrame(columns, 4);
  assert.deepEqual(df.columns, ["CODE", "NONE", "NAME", "DAY", "SAME_DAY", "VALUE", "WGT"]);
  assert.equal(df.height, 4);
  assert.deepEqual(df.getColumn("CODE").toArray(), Array(4).fill("722Y001"));
  assert.deepEqual(df.getColumn("NONE").toArray(), [null, null, null, null]);
  assert.deepEqual(df.getColumn("NAME").toArray(), ["abc", long, null, "exactly12byt"]);
  assert.deepEqual(
    df.getColumn("DAY").toArray().map((
      d,
    ) => (d === null ? null : (d as unknown as Date).toISOString())),
    ["2024-01-01T00:00:00.000Z", "1970-01-01T00:00:00.000Z", null, "2024-01-01T00:00:00.000Z"],
  );
  assert.equal(df.getColumn("SAME_DAY").nullCount(), 0);
  assert.deepEqual(df.getColumn("VALUE").toArray(), [1.5, null, -0.25, 1e300]);
  assert.deepEqual(df.getColumn("WGT").toArray(), [null, null, null, null]);
  assert.deepEqual(df.dtypes.map(String), [
    "DataType(String)",
    "DataType(String)",
    "DataType(String)",
    "DataType(Date)",
    "DataType(Date)",
    "DataType(Float64)",
    "DataType(Float64)",
  ]);
});

Deno.test("arrow_ipc: no rows keeps the columns and their types", () => {
  const df = ipcFrame([
    { name: "T", kind: "text", values: [null], index: undefined, constant: 0 },
    { name: "D", kind: "date", values: [null], index: undefined, constant: 0 },
    { name: "F", kind: "float", values: undefined },
  ], 0);
  assert.equal(df.height, 0);
  assert.deepEqual(df.dtypes.map(String), [
    "DataType(String)",
    "DataType(Date)",
    "DataType(Float64)",
  ]);
});

Deno.test("arrow_ipc: many rows, a value a row", () => {
  const n = 5000;
  const values = [null, ...Array.from({ length: n }, (_, i) => `value number ${i}`)];
  const index = Uint32Array.from({ length: n }, (_, i) => i + 1);
  const df = ipcFrame([{ name: "V", kind: "text", values, index, constant: 0 }], n);
  assert.equal(df.getColumn("V").get(0), "value number 0");
  assert.equal(df.getColumn("V").get(n - 1), `value number ${n - 1}`);
  assert.equal(df.getColumn("V").nUnique(), n);
});

Deno.test("arrow_ipc: a constant past its values is missing, not a loop", () => {
  const df = ipcFrame([
    { name: "DAY", kind: "date", values: [], index: undefined, constant: 0 },
    { name: "CODE", kind: "text", values: [], index: undefined, constant: 0 },
  ], 3);
  assert.deepEqual(df.getColumn("DAY").toArray(), [null, null, null]);
  assert.deepEqual(df.getColumn("CODE").toArray(), [null, null, null]);
});
