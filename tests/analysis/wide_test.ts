import assert from "node:assert/strict";
import fc from "npm:fast-check@4.10.2";
import { pl } from "../../src/deps.ts";
import { toWide } from "../../src/analysis/mod.ts";
import { wideUnits } from "../../src/analysis/wide.ts";
import { setFrameInfo } from "../../src/frame_info.ts";
import { assertClose, column, frame, type Row, series, throwsEcos } from "./_frame.ts";

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

/** A frame of rows with a LABEL column (null where `labels` has null). */
const labelled = (rows: Row[], labels: (string | null)[]) =>
  frame(rows).withColumns(pl.Series("LABEL", labels, pl.String));

Deno.test("toWide() names columns by label, adding item names where a label covers several series", () => {
  const df = labelled([
    { period: "202401", value: 1, codes: ["A"], names: ["Alpha"] },
    { period: "202401", value: 2, codes: ["B"], names: ["Beta"] },
    { period: "202401", value: 3, codes: ["C"], names: ["Gamma"] },
    { period: "202401", value: 4, codes: ["D"], names: ["Delta"] },
    { period: "202401", value: 5, codes: ["E"], names: ["Epsilon"] },
  ], ["Rates", "Rates", "CPI", null, "  "]);
  assert.deepEqual(toWide(df).columns, [
    "TIME",
    "PERIOD",
    "Rates / Alpha",
    "Rates / Beta",
    "CPI",
    "Delta",
    "Epsilon",
  ]);
});

Deno.test("toWide() makes the same series under two labels two columns", () => {
  const rows = series(["202401", "202402"], [1, 2], { codes: ["A"], names: ["Alpha"] });
  const wide = toWide(labelled([...rows, ...rows], ["first", "first", "second", "second"]));
  assert.deepEqual(wide.columns, ["TIME", "PERIOD", "first", "second"]);
  assertClose(column(wide, "second"), [1, 2]);
});

Deno.test("toWide() never names a column of an English frame in Korean", () => {
  // STAT_NAME "Table": an English frame, one of whose items came back with a Korean name.
  const df = frame([
    { period: "202401", value: 1, codes: ["A"], names: ["All items"] },
    {
      period: "202401",
      value: 2,
      stat: "901Y010",
      codes: ["QB"],
      names: ["농산물및석유류제외지수"],
    },
    { period: "202401", value: 3, codes: ["T", "W"], names: ["Total", "여자"] },
  ]);
  assert.deepEqual(toWide(df).columns, [
    "TIME",
    "PERIOD",
    "All items",
    "901Y010/QB",
    "901Y009/T/W",
  ]);
  // Asked for Korean, the Korean names stay.
  assert.deepEqual(toWide(df, { language: "kr" }).columns.slice(3), [
    "농산물및석유류제외지수",
    "Total / 여자",
  ]);
  // A Korean frame (its table names are Korean) keeps them too.
  const kr = df.withColumns(pl.Series("STAT_NAME", ["소비자물가지수", "소비자물가지수", "표"]));
  assert.deepEqual(toWide(kr).columns.slice(3), ["농산물및석유류제외지수", "Total / 여자"]);
  // The language the client recorded wins over the names.
  const info = {
    source: "live" as const,
    baseUrl: "https://ecos.bok.or.kr/api",
    fetchedAt: new Date("2026-01-01T00:00:00Z"),
    fromCache: false,
    language: "en" as const,
  };
  assert.deepEqual(toWide(setFrameInfo(kr, info)).columns.slice(3), ["901Y010/QB", "901Y009/T/W"]);
  assert.throws(() => toWide(df, { language: "jp" as "en" }), { code: "INVALID_ARGUMENT" });
});

Deno.test("toWide() never gives a column an empty name", () => {
  const df = frame([
    { period: "2023", value: 1, stat: "", codes: [], names: [] },
    { period: "2023", value: 2, codes: ["A"], names: ["  "] },
  ]).withColumns(pl.Series("LABEL", ["", null], pl.String));
  const names = toWide(df).columns;
  assert.deepEqual(names, ["TIME", "PERIOD", "series 1", "901Y009/A"]);
});

Deno.test("toWide() joins several frames on TIME, with and without labels", () => {
  const a = frame(series(["202401", "202402"], [1, 2], { codes: ["A"], names: ["Alpha"] }));
  const b = labelled(
    series(["202402", "202403"], [20, 30], { stat: "722Y001", codes: ["B"], names: ["Beta"] }),
    ["rate", "rate"],
  );
  const wide = toWide([a, b]);
  assert.deepEqual(wide.columns, ["TIME", "PERIOD", "Alpha", "rate"]);
  assert.deepEqual(column(wide, "PERIOD"), ["202401", "202402", "202403"]);
  assertClose(column(wide, "Alpha"), [1, 2, null]);
  assertClose(column(wide, "rate"), [null, 20, 30]);
  assert.throws(() => toWide([]), { code: "INVALID_ARGUMENT" });
});

Deno.test("toWide() records each column's unit", () => {
  const df = frame([
    ...series(["202401"], [1], { codes: ["A"], names: ["Alpha"], unit: "%" }),
    ...series(["202401"], [2], { codes: ["B"], names: ["Beta"], unit: "십억원" }),
  ]);
  const units = wideUnits(toWide(df));
  assert.deepEqual([...units!.entries()], [["Alpha", "%"], ["Beta", "십억원"]]);
  assert.equal(wideUnits(df), undefined);
});

Deno.test("toWide() refuses to put one series in two units into one column", () => {
  // The same GDP series pulled twice, once in 십억원 and once rescaled to 조원.
  const billions = frame(
    series(["2023"], [2_401_189.4], {
      stat: "200Y101",
      codes: ["10101"],
      names: ["GDP"],
      unit: "십억원",
    }),
  );
  const trillions = frame(
    series(["2024"], [2_549.1], {
      stat: "200Y101",
      codes: ["10101"],
      names: ["GDP"],
      unit: "조원",
    }),
  );
  const e = throwsEcos(() => toWide([billions, trillions]));
  assert.equal(e.code, "INVALID_ARGUMENT");
  assert.match(e.message, /"GDP" has rows in "십억원" and "조원"; .*rescale\(\)/);
  // One unit spelt in two languages is one unit.
  const english = frame(
    series(["2024"], [2_549_100], {
      stat: "200Y101",
      codes: ["10101"],
      names: ["GDP"],
      unit: "KRW billion",
    }),
  );
  assert.deepEqual(toWide([billions, english]).columns, ["TIME", "PERIOD", "GDP"]);
  // Two series in two units are two columns, each with its unit.
  const rate = frame(
    series(["2024"], [3.5], {
      stat: "722Y001",
      codes: ["0101000"],
      names: ["Base rate"],
      unit: "연%",
    }),
  );
  const wide = toWide([billions, rate]);
  assert.deepEqual([...wideUnits(wide)!.entries()], [["GDP", "십억원"], ["Base rate", "연%"]]);
});
