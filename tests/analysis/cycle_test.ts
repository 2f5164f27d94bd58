import assert from "node:assert/strict";
import fc from "npm:fast-check@4.10.2";
import { pl } from "../../src/deps.ts";
import { type Aggregation, toCycle } from "../../src/analysis/mod.ts";
import { assertClose, column, frame, series, throwsEcos } from "./_frame.ts";

const days = (df: ReturnType<typeof toCycle>) =>
  column(df, "TIME").map((d) => (d as Date).toISOString().slice(0, 10));

// Rows out of time order: "first" and "last" go by TIME, not by row.
const MONTHLY = frame(
  series(
    ["202303", "202301", "202302", "202304", "202305", "202306", "202309", "202308", "202307"],
    [20, 10, null, null, null, null, null, 5, null],
  ),
);

Deno.test("toCycle() aggregates months to quarters each way, ignoring nulls", async (t) => {
  const cases: [Aggregation, (number | null)[]][] = [
    ["mean", [15, null, 5]],
    ["sum", [30, null, 5]],
    ["last", [20, null, 5]],
    ["first", [10, null, 5]],
  ];
  for (const [how, expected] of cases) {
    await t.step(how, () => {
      const q = toCycle(MONTHLY, "Q", how);
      assert.deepEqual(column(q, "PERIOD"), ["2023Q1", "2023Q2", "2023Q3"]);
      assert.deepEqual(days(q), ["2023-01-01", "2023-04-01", "2023-07-01"]);
      // 2023Q2 has only nulls.
      assertClose(column(q, "DATA_VALUE"), expected);
    });
  }
});

Deno.test("toCycle() keeps the StatisticSearch columns, their order and types", () => {
  const df = frame(series(["202301", "202302"], [1, 2], { unit: "%", wgt: 12.5 }));
  const q = toCycle(df, "Q", "mean");
  assert.deepEqual(q.columns, df.columns);
  assert.deepEqual(
    q.getColumns().map((s) => s.dtype.variant),
    df.getColumns().map((s) => s.dtype.variant),
  );
  assert.deepEqual(column(q, "UNIT_NAME"), ["%"]);
  assert.deepEqual(column(q, "WGT"), [12.5]);
  assert.deepEqual(column(q, "ITEM_NAME1"), ["All items"]);
  assert.deepEqual(column(q, "ITEM_CODE2"), [null]);
});

Deno.test("toCycle() takes days to months, quarters and years", () => {
  const df = frame(series(["20240130", "20240131", "20240201", "20240402"], [1, 2, 3, 4]));
  const m = toCycle(df, "M", "last");
  assert.deepEqual(column(m, "PERIOD"), ["202401", "202402", "202404"]);
  assert.deepEqual(days(m), ["2024-01-01", "2024-02-01", "2024-04-01"]);
  assertClose(column(m, "DATA_VALUE"), [2, 3, 4]);
  const q = toCycle(df, "Q", "mean");
  assert.deepEqual(column(q, "PERIOD"), ["2024Q1", "2024Q2"]);
  assertClose(column(q, "DATA_VALUE"), [2, 4]);
  const a = toCycle(df, "A", "first");
  assert.deepEqual(column(a, "PERIOD"), ["2024"]);
  assert.deepEqual(days(a), ["2024-01-01"]);
  assertClose(column(a, "DATA_VALUE"), [1]);
});

Deno.test("toCycle() takes half-months to months", () => {
  const df = frame(series(["202401S1", "202401S2", "202402SM1"], [1, 2, 4]));
  const m = toCycle(df, "M", "sum");
  assert.deepEqual(column(m, "PERIOD"), ["202401", "202402"]);
  assertClose(column(m, "DATA_VALUE"), [3, 4]);
});

Deno.test("toCycle() takes half-years and quarters to years", () => {
  const s = frame(series(["2023S1", "2023S2", "2024S1"], [1, 3, 5]));
  assert.deepEqual(column(toCycle(s, "A", "mean"), "PERIOD"), ["2023", "2024"]);
  assertClose(column(toCycle(s, "A", "mean"), "DATA_VALUE"), [2, 5]);
  const q = frame(series(["2023Q1", "2023Q2", "2023Q3", "2023Q4"], [1, 2, 3, null]));
  assertClose(column(toCycle(q, "A", "last"), "DATA_VALUE"), [3]);
});

Deno.test("toCycle() keeps series apart, in the order they first appear", () => {
  const df = frame([
    ...series(["202402", "202401"], [4, 3], { codes: ["B"] }),
    ...series(["202401", "202404"], [1, 2], { codes: ["A"] }),
    ...series(["202403"], [5], { codes: ["B"] }),
  ]);
  const q = toCycle(df, "Q", "sum");
  assert.deepEqual(column(q, "ITEM_CODE1"), ["B", "A", "A"]);
  assert.deepEqual(column(q, "PERIOD"), ["2024Q1", "2024Q1", "2024Q2"]);
  assertClose(column(q, "DATA_VALUE"), [12, 1, 2]);
});

Deno.test("toCycle() refuses the same or a finer cycle", async (t) => {
  const cases: [string, string, "A" | "Q" | "M", RegExp][] = [
    ["Q to Q", "2023Q1", "Q", /^Cannot aggregate Q data to Q: .*from M, SM or D data$/],
    ["A to Q", "2023", "Q", /^Cannot aggregate A data to Q/],
    ["S to Q", "2023S1", "Q", /^Cannot aggregate S data to Q/],
    ["M to M", "202301", "M", /^Cannot aggregate M data to M/],
    ["A to A", "2023", "A", /^Cannot aggregate A data to A/],
  ];
  for (const [name, label, target, message] of cases) {
    await t.step(name, () => {
      const e = throwsEcos(() => toCycle(frame(series([label], [1])), target, "mean"));
      assert.equal(e.code, "INVALID_ARGUMENT");
      assert.match(e.message, message);
    });
  }
});

Deno.test("toCycle() refuses an unknown cycle or aggregation", () => {
  const bad = throwsEcos(() => toCycle(frame([]), "W" as unknown as "Q", "mean"));
  assert.equal(bad.code, "INVALID_ARGUMENT");
  assert.match(bad.message, /"W"/);
  const how = throwsEcos(() => toCycle(frame([]), "Q", "median" as unknown as "mean"));
  assert.equal(how.code, "INVALID_ARGUMENT");
  assert.match(how.message, /"median"/);
});

Deno.test("toCycle() refuses PERIOD labels of no known shape", () => {
  const df = frame(series(["202301"], [1])).withColumns(pl.Series("PERIOD", ["January"]));
  const e = throwsEcos(() => toCycle(df, "Q", "mean"));
  assert.equal(e.code, "INVALID_ARGUMENT");
  assert.match(e.message, /"January"$/);
});

Deno.test("toCycle() names the columns a frame lacks", () => {
  const e = throwsEcos(() => toCycle(frame([]).drop("WGT", "UNIT_NAME"), "A", "sum"));
  assert.equal(e.code, "INVALID_ARGUMENT");
  assert.match(e.message, /missing UNIT_NAME, WGT$/);
});

Deno.test("toCycle() passes an empty frame through with the same columns and types", () => {
  const empty = frame([]);
  for (const how of ["mean", "sum", "last", "first"] as const) {
    const out = toCycle(empty, "A", how);
    assert.equal(out.height, 0);
    assert.deepEqual(out.columns, empty.columns);
    assert.deepEqual(
      out.getColumns().map((s) => s.dtype.variant),
      empty.getColumns().map((s) => s.dtype.variant),
    );
  }
});

Deno.test("toCycle() sums each year's months, null only for a year without values", () => {
  const months = Array.from(
    { length: 36 },
    (_, i) => `${2021 + Math.floor(i / 12)}${String((i % 12) + 1).padStart(2, "0")}`,
  );
  fc.assert(
    fc.property(
      fc.shuffledSubarray(months, { minLength: 1 }),
      fc.array(fc.option(fc.integer({ min: -99, max: 99 }), { freq: 2 }), {
        minLength: 36,
        maxLength: 36,
      }),
      (periods, values) => {
        const a = toCycle(frame(series(periods, values)), "A", "sum");
        const years = [...new Set(periods.map((p) => p.slice(0, 4)))].sort();
        assert.deepEqual(column(a, "PERIOD"), years);
        const expected = years.map((y) => {
          const vs = periods.flatMap((p, i) => (p.startsWith(y) ? [values[i] ?? null] : []))
            .filter((v): v is number => v !== null);
          return vs.length ? vs.reduce((s, v) => s + v, 0) : null;
        });
        assertClose(column(a, "DATA_VALUE"), expected);
      },
    ),
    { numRuns: 50 },
  );
});

Deno.test("toCycle() keeps LABEL after the StatisticSearch columns, and series apart by it", () => {
  const rows = series(["202301", "202302", "202303"], [1, 2, 6]);
  const df = frame([...rows, ...rows]).withColumns(
    pl.Series("LABEL", ["a", "a", "a", "b", "b", null], pl.String),
  );
  const out = toCycle(df, "Q", "mean");
  assert.deepEqual(out.columns, [...frame([]).columns, "LABEL"]);
  assert.deepEqual(column(out, "LABEL"), ["a", "b", null]);
  assertClose(column(out, "DATA_VALUE"), [3, 1.5, 6]);
});
