import assert from "node:assert/strict";
import { inBaseUnits, rescale } from "../../src/analysis/scale.ts";
import { toWide } from "../../src/analysis/wide.ts";
import { frameInfo, setFrameInfo } from "../../src/frame_info.ts";
import { assertClose, column, frame, series, throwsEcos } from "./_frame.ts";

const INFO = {
  source: "live" as const,
  baseUrl: "https://ecos.bok.or.kr/api",
  fetchedAt: new Date("2026-01-01T00:00:00Z"),
  fromCache: false,
  language: "kr" as const,
};

/** GDP (십억원), the current account (백만달러), exports (천불) and the base rate (연%). */
const mixed = () =>
  frame([
    ...series(["2023", "2024"], [2_401_189.4, 2_549_100], {
      stat: "200Y101",
      codes: ["10101"],
      names: ["GDP"],
      unit: "십억원",
    }),
    ...series(["2024"], [9_820.5], { stat: "301Y013", codes: ["000000"], unit: "백만달러" }),
    ...series(["2024"], [59_840_000], { stat: "901Y118", codes: ["T002"], unit: "천불" }),
    ...series(["2024"], [3.5], { stat: "722Y001", codes: ["0101000"], unit: "연%" }),
    ...series(["2024"], [null], { stat: "901Y009", codes: ["0"], unit: "2021.6=100" }),
  ]);

Deno.test("inBaseUnits() adds each value in its base unit, row by row", () => {
  const df = inBaseUnits(setFrameInfo(mixed(), INFO));
  assert.deepEqual(column(df, "UNIT"), [
    "KRW",
    "KRW",
    "USD",
    "USD",
    "% p.a.",
    "index 2021-06=100",
  ]);
  assertClose(column(df, "VALUE"), [
    2_401_189.4e9,
    2_549_100e9,
    9_820.5e6,
    59_840_000e3,
    3.5,
    null,
  ]);
  // DATA_VALUE and UNIT_NAME are left as they were; the record of the pull is kept.
  assertClose(column(df, "DATA_VALUE"), [2_401_189.4, 2_549_100, 9_820.5, 59_840_000, 3.5, null]);
  assert.equal(column(df, "UNIT_NAME")[0], "십억원");
  assert.equal(frameInfo(df)?.baseUrl, INFO.baseUrl);
  assert.equal(df.getColumn("VALUE").dtype.variant, "Float64");
});

Deno.test("inBaseUnits() keeps values of units it cannot read, and says so in UNIT", () => {
  const df = inBaseUnits(frame([
    ...series(["2024"], [7], { unit: "furlongs" }),
    ...series(["2024"], [8], { codes: ["B"], unit: "" }),
  ]));
  assertClose(column(df, "VALUE"), [7, 8]);
  // The text the service sent, not a guess; no unit is null.
  assert.deepEqual(column(df, "UNIT"), ["furlongs", null]);
});

Deno.test("inBaseUnits() refuses a frame without UNIT_NAME", () => {
  const e = throwsEcos(() => inBaseUnits(mixed().drop("UNIT_NAME")));
  assert.equal(e.code, "INVALID_ARGUMENT");
  assert.match(e.message, /inBaseUnits\(\).*missing UNIT_NAME/);
});

Deno.test("rescale() rewrites money to another power of ten, in the unit's language", () => {
  const gdp = frame([
    ...series(["2023"], [2_401_000], { unit: "십억원" }),
    ...series(["2024"], [25_491_000], { unit: "억원" }),
  ]);
  const trillions = rescale(setFrameInfo(gdp, INFO), 1e12);
  assert.deepEqual(column(trillions, "UNIT_NAME"), ["조원", "조원"]);
  assertClose(column(trillions, "DATA_VALUE"), [2_401, 2_549.1]);
  assert.equal(frameInfo(trillions)?.baseUrl, INFO.baseUrl);
  // And back: nothing lost.
  const billions = rescale(trillions, 1e9);
  assert.deepEqual(column(billions, "UNIT_NAME"), ["십억원", "십억원"]);
  assertClose(column(billions, "DATA_VALUE"), [2_401_000, 2_549_100]);
  // English units stay English; 천불 to millions keeps its word for the dollar.
  const english = rescale(frame(series(["2024"], [1_500], { unit: "KRW billion" })), 1e12);
  assert.deepEqual(column(english, "UNIT_NAME"), ["KRW trillion"]);
  assertClose(column(english, "DATA_VALUE"), [1.5]);
  const exports = rescale(frame(series(["2024"], [59_840_000], { unit: "천불" })), 1e6);
  assert.deepEqual(column(exports, "UNIT_NAME"), ["백만불"]);
  assertClose(column(exports, "DATA_VALUE"), [59_840]);
  const won = rescale(frame(series(["2024"], [1.5], { unit: "조원" })), 1);
  assert.deepEqual(column(won, "UNIT_NAME"), ["원"]);
  assertClose(column(won, "DATA_VALUE"), [1.5e12]);
});

Deno.test("rescale() makes series of one currency fit one column of toWide()", () => {
  const a = frame(series(["2023"], [2_401_000], { names: ["GDP"], unit: "십억원" }));
  const b = frame(series(["2024"], [2_549.1], { names: ["GDP"], unit: "조원" }));
  assert.throws(() => toWide([a, b]), { code: "INVALID_ARGUMENT" });
  const wide = toWide([rescale(a, 1e12), b]);
  assertClose(column(wide, "GDP"), [2_401, 2_549.1]);
});

Deno.test("rescale() refuses what it cannot do, saying what to do", async (t) => {
  const cases: [string, () => unknown, RegExp][] = [
    ["a percent", () => rescale(mixed(), 1e12), /"연%".*money only.*inBaseUnits\(\)/],
    [
      "two currencies",
      () =>
        rescale(
          frame([
            ...series(["2024"], [1], { unit: "십억원" }),
            ...series(["2024"], [2], { codes: ["B"], unit: "백만달러" }),
          ]),
          1e9,
        ),
      /more than one currency.*KRW and USD/,
    ],
    ["a count", () => rescale(frame(series(["2024"], [1], { unit: "천명" })), 1e6), /a count/],
    [
      "an unread unit",
      () => rescale(frame(series(["2024"], [1], { unit: "furlongs" })), 1),
      /cannot read/,
    ],
    ["no unit", () => rescale(frame(series(["2024"], [1], { unit: "" })), 1), /cannot read/],
    [
      "a scale of 5",
      () => rescale(frame(series(["2024"], [1], { unit: "원" })), 5),
      /power of ten.*got 5/,
    ],
    [
      "a scale of 0.1",
      () => rescale(frame(series(["2024"], [1], { unit: "원" })), 0.1),
      /power of ten/,
    ],
  ];
  for (const [name, fn, message] of cases) {
    await t.step(name, () => {
      const e = throwsEcos(fn);
      assert.equal(e.code, "INVALID_ARGUMENT");
      assert.match(e.message, message);
    });
  }
});
