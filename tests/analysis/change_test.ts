import { columnUnits } from "../../src/analysis/column_units.ts";
import assert from "node:assert/strict";
import fc from "npm:fast-check@4.10.2";
import { pl } from "../../src/deps.ts";
import { CHANGE_COLUMNS, type ChangeKind, withChange } from "../../src/analysis/mod.ts";
import { frameInfo, setFrameInfo } from "../../src/frame_info.ts";
import { assertClose, column, frame, series, throwsEcos } from "./_frame.ts";

const yoy = (periods: string[], values: (number | null)[]) =>
  column(withChange(frame(series(periods, values)), "yoy"), "CHANGE_YOY");
const pop = (periods: string[], values: (number | null)[]) =>
  column(withChange(frame(series(periods, values)), "pop"), "CHANGE_POP");

Deno.test("withChange() yoy compares a month with the same month 12 months before", () => {
  const periods = Array.from({ length: 14 }, (_, i) => {
    const m = 202301 + i;
    return String(i < 12 ? m : m + 88);
  });
  assert.equal(periods[12], "202401");
  const values = [100, 200, ...Array(10).fill(150), 110, 190];
  assertClose(yoy(periods, values), [...Array(12).fill(null), 10, -5]);
});

Deno.test("withChange() yoy compares a quarter with the same quarter 4 quarters before", () => {
  assertClose(
    yoy(["2022Q1", "2022Q2", "2022Q3", "2022Q4", "2023Q1", "2023Q2"], [50, 80, 1, 1, 55, 60]),
    [null, null, null, null, 10, -25],
  );
});

Deno.test("withChange() yoy compares a year with the year before", () => {
  assertClose(yoy(["2020", "2021", "2022"], [200, 250, 225]), [null, 25, -10]);
});

Deno.test("withChange() yoy compares a half-year with the same half 2 half-years before", () => {
  assertClose(yoy(["2022S1", "2022S2", "2023S1", "2023S2"], [40, 50, 50, 45]), [
    null,
    null,
    25,
    -10,
  ]);
});

Deno.test("withChange() yoy compares a half-month with the same one 24 half-months before", () => {
  // Both spellings of half-monthly labels name the same periods.
  assertClose(
    yoy(["202301S1", "202301S2", "202312S2", "202401SM1", "202401S2"], [80, 100, 7, 100, 90]),
    [null, null, null, 25, -10],
  );
});

Deno.test("withChange() yoy compares a day with the same calendar day a year before", () => {
  assertClose(
    yoy(
      [
        "20230228",
        "20230301",
        "20240228",
        "20240229",
        "20240301",
        "20240302",
        "20250228",
        "20250301",
      ],
      [100, 200, 105, 999, 210, 5, 126, 189],
    ),
    // 29 February compares with 28 February; 2 March 2023 has no row, so 1 March stands in.
    [null, null, 5, 899, 5, -97.5, 20, -10],
  );
});

Deno.test("withChange() yoy on days takes the last observation within 7 days before the date a year earlier", () => {
  assertClose(
    yoy(
      ["20230301", "20230303", "20230306", "20240304", "20240312", "20240313"],
      [200, 300, 400, 330, 999, 440],
    ),
    // 4 March 2023 was a Saturday: Friday 3 March stands in. 12 and 13 March 2023 have no
    // rows: 6 March, 6 and 7 days before them, stands in.
    [null, null, null, 10, 149.75, 10],
  );
  // 8 days back is too far: nothing a year before 14 March 2024 but 6 March 2023.
  assertClose(yoy(["20230306", "20240314"], [400, 440]), [null, null]);
  assertClose(yoy(["20230307", "20240314"], [400, 440]), [null, 10]);
});

Deno.test("withChange() yoy gives null where the day a year before has a null value", () => {
  assertClose(yoy(["20230301", "20240301"], [null, 210]), [null, null]);
});

Deno.test("withChange() pop compares each cycle with the previous period", async (t) => {
  const cases: [string, string[], number[], (number | null)[]][] = [
    ["A", ["2020", "2021", "2023"], [100, 110, 121], [null, 10, null]],
    ["S", ["2023S1", "2023S2", "2024S1"], [100, 90, 99], [null, -10, 10]],
    ["Q", ["2023Q4", "2024Q1", "2024Q3"], [200, 250, 10], [null, 25, null]],
    ["M", ["202312", "202401", "202402"], [100, 102, 51], [null, 2, -50]],
    ["SM", ["202312S2", "202401S1", "202401S2"], [100, 120, 90], [null, 20, -25]],
  ];
  for (const [cycle, periods, values, expected] of cases) {
    await t.step(cycle, () => assertClose(pop(periods, values), expected));
  }
});

Deno.test("withChange() pop compares a day with the series' previous day with a value", () => {
  // Friday, Monday (the weekend has no rows), a holiday sent as null, Wednesday.
  assertClose(pop(["20240105", "20240108", "20240109", "20240110"], [100, 110, null, 99]), [
    null,
    10,
    null,
    -10,
  ]);
});

Deno.test("withChange() pop on days keeps interleaved series apart and rows in order", () => {
  const df = frame([
    { period: "20240108", value: 110, codes: ["A"] },
    { period: "20240108", value: 40, codes: ["B"] },
    { period: "20240105", value: 100, codes: ["A"] },
    { period: "20240104", value: 50, codes: ["B"] },
  ]);
  assertClose(column(withChange(df, "pop"), "CHANGE_POP"), [10, -20, null, null]);
});

Deno.test("withChange() matches by period: a missing month gives null, not a shift", () => {
  assertClose(pop(["202301", "202303"], [100, 120]), [null, null]);
  assertClose(yoy(["202301", "202303", "202402", "202403"], [100, 120, 130, 132]), [
    null,
    null,
    null,
    10,
  ]);
});

Deno.test("withChange() gives null for a zero base, a null base and a null value", () => {
  assertClose(pop(["202301", "202302", "202303", "202304"], [0, 5, null, 7]), [
    null,
    null,
    null,
    null,
  ]);
});

Deno.test("withChange() keeps the rows' order and compares within each series", () => {
  const df = frame([
    { period: "202402", value: 22, codes: ["B"] },
    { period: "202402", value: 11, codes: ["A"] },
    { period: "202402", value: 33, codes: ["A"], stat: "OTHER" },
    { period: "202401", value: 20, codes: ["B"] },
    { period: "202401", value: 10, codes: ["A"] },
  ]);
  const out = withChange(df, "pop");
  assert.deepEqual(out.columns, [...df.columns, "CHANGE_POP"]);
  assert.deepEqual(column(out, "DATA_VALUE"), column(df, "DATA_VALUE"));
  assertClose(column(out, "CHANGE_POP"), [10, 10, null, null, null]);
});

Deno.test("withChange() mom and qoq are pop on monthly and quarterly frames", () => {
  const m = frame(series(["202301", "202302", "202304"], [100, 110, 121]));
  assertClose(column(withChange(m, "mom"), "CHANGE_MOM"), [null, 10, null]);
  const q = frame(series(["2023Q1", "2023Q2", "2023Q3"], [100, 90, 99]));
  assertClose(column(withChange(q, "qoq"), "CHANGE_QOQ"), [null, -10, 10]);
});

Deno.test("withChange() refuses mom on a frame that is not monthly", () => {
  const q = frame(series(["2023Q1"], [1]));
  const e = throwsEcos(() => withChange(q, "mom"));
  assert.equal(e.code, "INVALID_ARGUMENT");
  assert.match(e.message, /^Cannot compute "mom" on Q data: .*use "qoq"/);
  const d = frame(series(["20230101"], [1]));
  assert.match(throwsEcos(() => withChange(d, "mom")).message, /use "pop"/);
  const mixed = frame([...series(["202301"], [1]), ...series(["2023"], [1], { codes: ["Y"] })]);
  assert.match(throwsEcos(() => withChange(mixed, "mom")).message, /on A data/);
});

Deno.test("withChange() refuses qoq on a frame that is not quarterly", () => {
  const m = frame(series(["202301"], [1]));
  const e = throwsEcos(() => withChange(m, "qoq"));
  assert.equal(e.code, "INVALID_ARGUMENT");
  assert.match(e.message, /^Cannot compute "qoq" on M data: .*use "mom"/);
});

Deno.test("withChange() refuses an unknown kind", () => {
  const kind = "wow" as unknown as "yoy";
  const e = throwsEcos(() => withChange(frame([]), kind));
  assert.equal(e.code, "INVALID_ARGUMENT");
  assert.match(e.message, /"wow"/);
});

Deno.test("withChange() names the columns a frame lacks", () => {
  const df = frame(series(["202301"], [1])).drop("ITEM_CODE3", "PERIOD");
  const e = throwsEcos(() => withChange(df, "yoy"));
  assert.equal(e.code, "INVALID_ARGUMENT");
  assert.match(e.message, /missing ITEM_CODE3, PERIOD$/);
});

Deno.test("withChange() passes an empty frame through with an empty Float64 column", () => {
  for (const kind of Object.keys(CHANGE_COLUMNS) as ChangeKind[]) {
    const out = withChange(frame([]), kind);
    assert.equal(out.height, 0);
    assert.equal(out.getColumn(CHANGE_COLUMNS[kind]).dtype.variant, "Float64");
  }
});

Deno.test("withChange() gives null for a label of no known shape", () => {
  const df = frame(series(["202301", "202401"], [100, 110])).withColumns(
    pl.Series("PERIOD", ["202301", "soon"]),
  );
  assertClose(column(withChange(df, "yoy"), "CHANGE_YOY"), [null, null]);
});

Deno.test("withChange() yoy of a monthly series equals a lookup of the same month a year before", () => {
  const months = Array.from(
    { length: 60 },
    (_, i) => `${2020 + Math.floor(i / 12)}${String((i % 12) + 1).padStart(2, "0")}`,
  );
  fc.assert(
    fc.property(
      fc.shuffledSubarray(months),
      fc.array(fc.option(fc.integer({ min: -50, max: 50 })), { minLength: 60, maxLength: 60 }),
      (periods, values) => {
        const byLabel = new Map(periods.map((p, i) => [p, values[i] ?? null]));
        const expected = periods.map((p) => {
          const v = byLabel.get(p) ?? null;
          const b = byLabel.get(`${Number(p.slice(0, 4)) - 1}${p.slice(4)}`) ?? null;
          return v === null || b === null || b === 0 ? null : (v - b) / b * 100;
        });
        assertClose(yoy(periods, periods.map((p) => byLabel.get(p) ?? null)), expected);
      },
    ),
    { numRuns: 50 },
  );
});

const unit = (kind: ChangeKind, periods: string[], values: (number | null)[]) =>
  column(withChange(frame(series(periods, values)), kind), CHANGE_COLUMNS[kind]);

Deno.test("withChange() has every fredr unit, named CHANGE_<UNIT>, on a monthly series", async (t) => {
  const periods = ["202301", "202302", "202401"];
  const values = [100, 110, 121];
  const cases: [ChangeKind, string, (number | null)[]][] = [
    ["chg", "CHANGE_CHG", [null, 10, null]],
    ["ch1", "CHANGE_CH1", [null, null, 21]],
    ["pch", "CHANGE_PCH", [null, 10, null]],
    ["pc1", "CHANGE_PC1", [null, null, 21]],
    ["pca", "CHANGE_PCA", [null, 213.8428376721003, null]],
    ["cch", "CHANGE_CCH", [null, 9.531017980432493, null]],
    ["cca", "CHANGE_CCA", [null, 114.3722157651899, null]],
    ["log", "CHANGE_LOG", [4.605170185988092, 4.700480365792417, 4.795790545596741]],
  ];
  for (const [kind, name, expected] of cases) {
    await t.step(kind, () => {
      const out = withChange(frame(series(periods, values)), kind);
      assert.deepEqual(out.columns.slice(-1), [name]);
      assertClose(column(out, name), expected);
    });
  }
});

Deno.test("withChange() pca and cca annualise by the cycle: 1, 2, 4, 12, 24", async (t) => {
  const cases: [string, string[], number[], number, number][] = [
    ["A", ["2022", "2023"], [100, 110], 10.000000000000009, Math.log(1.1) * 100],
    ["S", ["2023S1", "2023S2"], [100, 105], 10.250000000000004, 9.75803283388641],
    ["Q", ["2023Q1", "2023Q2"], [100, 102], 8.243215999999997, 7.921050918471892],
    ["M", ["202301", "202302"], [100, 110], 213.8428376721003, 114.3722157651899],
    ["SM", ["202301S1", "202301S2"], [100, 101], 26.973464853191476, Math.log(1.01) * 100 * 24],
  ];
  for (const [cycle, periods, values, pca, cca] of cases) {
    await t.step(cycle, () => {
      assertClose(unit("pca", periods, values), [null, pca]);
      assertClose(unit("cca", periods, values), [null, cca]);
    });
  }
});

/** Every day from `from` (inclusive), `days` of them, as YYYYMMDD labels. */
function days(from: string, count: number, keep: (d: Date) => boolean = () => true): string[] {
  const start = Date.UTC(+from.slice(0, 4), +from.slice(4, 6) - 1, +from.slice(6));
  return Array.from({ length: count }, (_, i) => new Date(start + i * 86_400_000))
    .filter(keep)
    .map((d) => d.toISOString().slice(0, 10).replaceAll("-", ""));
}

Deno.test("withChange() annualises a daily series by its observations in the last 365 days", async (t) => {
  await t.step("every calendar day of 2023: 365 a year", () => {
    const periods = days("20230101", 365);
    const values = periods.map((_, i) => (i === periods.length - 1 ? 101 : 100));
    assertClose(unit("pca", periods, values).slice(-1), [3678.343433288728]);
    assertClose(unit("cca", periods, values).slice(-1), [363.1870761406354]);
  });
  await t.step("weekdays for two years: those in the 365 days to the last one", () => {
    const periods = days("20220101", 730, (d) => d.getUTCDay() !== 0 && d.getUTCDay() !== 6);
    assert.equal(periods.at(-1), "20231229");
    const values = periods.map((_, i) => (i === periods.length - 1 ? 102 : 100));
    // 30 December 2022 to 29 December 2023: 261 weekdays.
    assertClose(unit("cca", periods, values).slice(-1), [516.8485724302909]);
  });
  await t.step(
    "a series shorter than a year: its count scaled to 365 days (4 in 10 days: 146)",
    () => {
      const periods = ["20240101", "20240103", "20240105", "20240110"];
      assertClose(unit("cca", periods, [1, 1, 2, 3]), [
        null,
        0,
        Math.log(2) * 100 * 146,
        5919.790578379199,
      ]);
    },
  );
});

Deno.test("withChange() gives null where a unit's formula has no value", () => {
  // A zero base for the percentages; a non-positive value or base for the logarithms; a
  // negative ratio for pca. The differences have values.
  const periods = ["202301", "202302", "202303", "202304"];
  const values = [0, 5, -5, 10];
  assertClose(unit("chg", periods, values), [null, 5, -10, 15]);
  assertClose(unit("pch", periods, values), [null, null, -200, -300]);
  assertClose(unit("pca", periods, values), [null, null, null, null]);
  assertClose(unit("cch", periods, values), [null, null, null, null]);
  assertClose(unit("log", periods, values), [null, Math.log(5), null, Math.log(10)]);
});

Deno.test("withChange() keeps series of different labels apart, and the frame's provenance", () => {
  const info = {
    source: "bundled" as const,
    baseUrl: "http://127.0.0.1:1/api",
    fetchedAt: new Date("2026-01-02T03:04:05Z"),
    fromCache: false,
  };
  const df = setFrameInfo(
    frame([
      ...series(["202301", "202302"], [100, 110]),
      ...series(["202301", "202302"], [100, 110]),
    ])
      .withColumns(pl.Series("LABEL", ["a", "a", "b", "b"], pl.String)),
    info,
  );
  const out = withChange(df, "pch");
  // The same table and item under two labels: two series, each compared within itself.
  assertClose(column(out, "CHANGE_PCH"), [null, 10, null, 10]);
  assert.deepEqual(frameInfo(out), info);
});

Deno.test("withChange() records the change column's unit: a rate of change of an index is a percent", () => {
  const cpi = frame(series(["202301", "202401"], [100, 103], { unit: "2020=100" }));
  const yoy = withChange(cpi, "yoy");
  assert.equal(columnUnits(yoy)?.get("CHANGE_YOY"), "%");
  // A difference keeps the series' unit; of a rate per year, it is in percentage points.
  assert.equal(columnUnits(withChange(cpi, "ch1"))?.get("CHANGE_CH1"), "2020=100");
  const rate = frame(series(["202301", "202302"], [3.5, 3.25], { unit: "연%" }));
  assert.equal(columnUnits(withChange(rate, "chg"))?.get("CHANGE_CHG"), "%p");
  // Chained, each change keeps its own.
  const both = withChange(withChange(cpi, "yoy"), "log");
  assert.deepEqual([...columnUnits(both)!.entries()], [["CHANGE_YOY", "%"], [
    "CHANGE_LOG",
    "ln(2020=100)",
  ]]);
  // Series in two units give a difference no single unit.
  const two = frame([
    ...series(["202301", "202302"], [100, 101], { unit: "2020=100" }),
    ...series(["202301", "202302"], [3.5, 3.25], { codes: ["R"], unit: "연%" }),
  ]);
  assert.equal(columnUnits(withChange(two, "chg"))?.get("CHANGE_CHG"), undefined);
  assert.equal(columnUnits(withChange(two, "pop"))?.get("CHANGE_POP"), "%");
});
