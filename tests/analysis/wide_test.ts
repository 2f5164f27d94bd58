import assert from "node:assert/strict";
import fc from "npm:fast-check@4.10.2";
import { toWide } from "../../src/analysis/mod.ts";
import { assertClose, column, frame, series, throwsEcos } from "./_frame.ts";

const days = (df: ReturnType<typeof toWide>) =>
  column(df, "TIME").map((d) => (d as Date).toISOString().slice(0, 10));

Deno.test("toWide() gives one sorted row per TIME and one column per series", () => {
  const df = frame([
    ...series(["202403", "202401"], [3, 1], { codes: ["B"], names: ["Beta"] }),
    ...series(["202402", "202401"], [20, 10], { codes: ["A"], names: ["Alpha"] }),
  ]);
  const wide = toWide(df);
  assert.deepEqual(wide.columns, ["TIME", "PERIOD", "Beta", "Alpha"]);
  assert.deepEqual(days(wide), ["2024-01-01", "2024-02-01", "2024-03-01"]);
  assert.deepEqual(column(wide, "PERIOD"), ["202401", "202402", "202403"]);
  assertClose(column(wide, "Beta"), [1, null, 3]);
  assertClose(column(wide, "Alpha"), [10, 20, null]);
  assert.equal(wide.getColumn("TIME").dtype.variant, "Date");
  assert.equal(wide.getColumn("Alpha").dtype.variant, "Float64");
});

Deno.test("toWide() keeps missing values as null", () => {
  const wide = toWide(frame(series(["2023Q1", "2023Q2"], [null, 1.5])));
  assertClose(column(wide, "All items"), [null, 1.5]);
});

Deno.test("toWide() joins the item names of every level with ' / '", () => {
  const df = frame([
    { period: "2023", value: 1, codes: ["T", "M"], names: ["Total", "Men"] },
    { period: "2023", value: 2, codes: ["T", "W", "Y"], names: ["Total", "Women", "Young"] },
  ]);
  assert.deepEqual(toWide(df).columns, ["TIME", "PERIOD", "Total / Men", "Total / Women / Young"]);
});

Deno.test("toWide() disambiguates series of the same name by their codes", () => {
  const df = frame([
    { period: "202401", value: 3.5, stat: "722Y001", codes: ["0101000"], names: ["Base rate"] },
    { period: "202401", value: 3.6, stat: "722Y999", codes: ["0101000"], names: ["Base rate"] },
    { period: "202401", value: 1, stat: "722Y001", codes: ["X", "Y"], names: ["Rate"] },
    { period: "202401", value: 2, stat: "722Y001", codes: ["X", "Z"], names: ["Rate"] },
    { period: "202401", value: 9, stat: "722Y001", codes: ["Q"], names: ["Other"] },
  ]);
  assert.deepEqual(toWide(df).columns, [
    "TIME",
    "PERIOD",
    "Base rate (722Y001/0101000)",
    "Base rate (722Y999/0101000)",
    "Rate (722Y001/X/Y)",
    "Rate (722Y001/X/Z)",
    "Other",
  ]);
});

Deno.test("toWide() names a series without item names by its codes", () => {
  const df = frame(series(["2023"], [1], { codes: ["A1"], names: [] }));
  assert.deepEqual(toWide(df).columns, ["TIME", "PERIOD", "901Y009/A1"]);
});

Deno.test("toWide() does not let a series take the name TIME or PERIOD", () => {
  const df = frame(series(["2023"], [1], { codes: ["A1"], names: ["TIME"] }));
  assert.deepEqual(toWide(df).columns, ["TIME", "PERIOD", "TIME (901Y009/A1)"]);
});

Deno.test("toWide() leaves PERIOD out when the series have different cycles", () => {
  const df = frame([
    ...series(["2023"], [1], { codes: ["A"], names: ["Annual"] }),
    ...series(["202301", "202302"], [2, 3], { codes: ["M"], names: ["Monthly"] }),
  ]);
  const wide = toWide(df);
  assert.deepEqual(wide.columns, ["TIME", "Annual", "Monthly"]);
  // 2023 and January 2023 start on the same day.
  assert.deepEqual(days(wide), ["2023-01-01", "2023-02-01"]);
  assertClose(column(wide, "Annual"), [1, null]);
  assertClose(column(wide, "Monthly"), [2, 3]);
});

Deno.test("toWide() gives an empty frame with just TIME for an empty frame", () => {
  const wide = toWide(frame([]));
  assert.deepEqual(wide.columns, ["TIME"]);
  assert.equal(wide.height, 0);
  assert.equal(wide.getColumn("TIME").dtype.variant, "Date");
});

Deno.test("toWide() names the columns a frame lacks", () => {
  const e = throwsEcos(() => toWide(frame([]).drop("ITEM_NAME2")));
  assert.equal(e.code, "INVALID_ARGUMENT");
  assert.match(
    e.message,
    /^Pass toWide\(\) a frame with the StatisticSearch columns: missing ITEM_NAME2$/,
  );
});

Deno.test("toWide() holds every value once, at its series and date", () => {
  const months = ["202401", "202402", "202403", "202404", "202405"];
  const row = fc.record({
    period: fc.constantFrom(...months),
    item: fc.constantFrom("A", "B", "C"),
    value: fc.option(fc.integer({ min: -99, max: 99 })),
  });
  fc.assert(
    fc.property(fc.uniqueArray(row, { selector: (r) => `${r.period}/${r.item}` }), (rows) => {
      const df = frame(
        rows.map((r) => ({ period: r.period, value: r.value, codes: [r.item], names: [r.item] })),
      );
      const wide = toWide(df);
      const periods = [...new Set(rows.map((r) => r.period))].sort();
      const items = [...new Set(rows.map((r) => r.item))];
      assert.equal(wide.height, periods.length);
      assert.deepEqual(wide.columns, rows.length ? ["TIME", "PERIOD", ...items] : ["TIME"]);
      for (const r of rows) {
        assert.equal(column(wide, r.item)[periods.indexOf(r.period)], r.value);
      }
    }),
    { numRuns: 50 },
  );
});
