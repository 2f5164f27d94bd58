import assert from "node:assert/strict";
import fc from "npm:fast-check@4.10.2";
import { validateSearchQuery, validateStatCode, validateText } from "../../src/client/mod.ts";
import { isEcosError } from "../../src/errors.ts";
import { CYCLES, dateToIndex, formatPeriod } from "../../src/wire/period.ts";

function invalid(f: () => unknown, message: RegExp): void {
  assert.throws(f, (e: unknown) => {
    assert.ok(isEcosError(e));
    assert.equal(e.code, "INVALID_ARGUMENT");
    assert.match(e.message, message);
    assert.match(e.message, /^[A-Z]/);
    assert.doesNotMatch(e.message, /\.$/);
    return true;
  });
}

const base = { statCode: "722Y001", cycle: "M", start: "202001", end: "202012" };

Deno.test("validateSearchQuery() reads labels and Dates of every cycle into ordinals", () => {
  assert.deepEqual(validateSearchQuery({ ...base, items: ["0101000"] }), {
    statCode: "722Y001",
    cycle: "M",
    startIndex: 2020 * 12,
    endIndex: 2020 * 12 + 11,
    items: ["0101000"],
  });
  const sm = validateSearchQuery({ ...base, cycle: "SM", start: "202001S2", end: "202001SM2" });
  assert.equal(sm.startIndex, sm.endIndex);
  const d = validateSearchQuery({
    ...base,
    cycle: "Q",
    start: new Date("2020-02-10"),
    end: new Date("2020-12-31"),
  });
  assert.equal(d.endIndex - d.startIndex, 3);
});

Deno.test("validateSearchQuery() accepts start == end for every cycle", () => {
  fc.assert(
    fc.property(
      fc.constantFrom(...CYCLES),
      fc.date({ min: new Date("1950-01-01"), max: new Date("2099-12-31"), noInvalidDate: true }),
      fc.constantFrom("spec" as const, "live" as const),
      (cycle, date, sm) => {
        const index = dateToIndex(date, cycle);
        const label = formatPeriod(cycle, index, sm);
        const q = validateSearchQuery({ ...base, cycle, start: label, end: label });
        assert.equal(q.startIndex, index);
        assert.equal(q.endIndex, index);
      },
    ),
  );
});

Deno.test("validateSearchQuery() names each problem", async (t) => {
  const cases: [string, unknown, RegExp][] = [
    [
      "five items",
      { ...base, items: ["1", "2", "3", "4", "5"] },
      /^Cannot query more than 4 item codes: got 5$/,
    ],
    ["items not an array", { ...base, items: "0101000" }, /items as an array/],
    ["an empty code", { ...base, statCode: "" }, /non-empty statCode/],
    ["a slash", { ...base, statCode: "a/b" }, /statCode.*"a\/b"/],
    ["a percent", { ...base, items: ["%2F"] }, /item code/],
    ["dot-dot", { ...base, items: [".."] }, /Remove "\.\."/],
    ["non-ASCII", { ...base, statCode: "722Y00１" }, /statCode/],
    ["a cycle", { ...base, cycle: "W" }, /^Use one of the cycles A, S, Q, M, SM, D: got "W"$/],
    [
      "a start shape",
      { ...base, start: "2020-01" },
      /^Write start as YYYYMM .* for cycle M: got "2020-01"$/,
    ],
    ["an end shape", { ...base, end: "2020Q4" }, /^Write end as/],
    ["month 13", { ...base, start: "202013" }, /Write start/],
    ["a number", { ...base, start: 202001 }, /labels \(strings\) or Dates/],
    [
      "start after end",
      { ...base, start: "202101" },
      /^Put start before end: got start 202101 after end 202012$/,
    ],
    ["an Invalid Date", { ...base, start: new Date(NaN) }, /^Pass start as a valid Date/],
    [
      "an unknown field",
      { ...base, itemCode: "1" },
      /^Unknown query field itemCode; known query fields are statCode, cycle, start, end, items, label$/,
    ],
    [
      "a field in the wrong case",
      { ...base, statcode: "722Y001" },
      /^Unknown query field statcode: did you mean statCode\?$/,
    ],
    [
      "a misspelt field",
      { ...base, item: ["0101000"] },
      /^Unknown query field item: did you mean items\?$/,
    ],
    ["not an object", "722Y001", /Pass the query as an object/],
  ];
  for (const [name, query, message] of cases) {
    await t.step(name, () => invalid(() => validateSearchQuery(query), message));
  }
});

Deno.test("validateStatCode() and validateText() check lookups", () => {
  assert.equal(validateStatCode("722Y001"), "722Y001");
  invalid(() => validateStatCode("../x"), /statCode/);
  assert.equal(validateText("소비자물가지수", "word"), "소비자물가지수");
  invalid(() => validateText("", "word"), /non-empty word/);
  invalid(() => validateText("a/b", "word"), /Remove "\/" from word/);
  invalid(() => validateText("a\u0007b", "word"), /control characters/);
  invalid(() => validateText("x".repeat(201), "dataName"), /dataName to at most 200/);
  invalid(() => validateText(" .. ", "dataName"), /some text/);
});
