import assert from "node:assert/strict";
import fc from "npm:fast-check@4.10.2";
import { dateToLabel, parseLabel, parsePeriod, periodEnd } from "../src/periods.ts";
import { isEcosError } from "../src/errors.ts";
import { CYCLES, dateToIndex } from "../src/wire/period.ts";

const iso = (d: Date) => d.toISOString().slice(0, 10);

Deno.test("parsePeriod() and periodEnd() give the first and last day of every cycle's period", async (t) => {
  const cases: [string, string, string][] = [
    ["2020", "2020-01-01", "2020-12-31"],
    ["2023S1", "2023-01-01", "2023-06-30"],
    ["2023S2", "2023-07-01", "2023-12-31"],
    ["2023Q1", "2023-01-01", "2023-03-31"],
    ["2023Q3", "2023-07-01", "2023-09-30"],
    ["2024Q4", "2024-10-01", "2024-12-31"],
    ["202305", "2023-05-01", "2023-05-31"],
    ["202402", "2024-02-01", "2024-02-29"],
    ["202305SM1", "2023-05-01", "2023-05-15"],
    ["202305SM2", "2023-05-16", "2023-05-31"],
    ["202305S2", "2023-05-16", "2023-05-31"],
    ["202302S2", "2023-02-16", "2023-02-28"],
    ["20230517", "2023-05-17", "2023-05-17"],
    ["20240229", "2024-02-29", "2024-02-29"],
  ];
  for (const [label, first, last] of cases) {
    await t.step(label, () => {
      assert.equal(iso(parsePeriod(label)), first);
      assert.equal(iso(periodEnd(label)), last);
    });
  }
});

Deno.test("parseLabel() throws an INVALID_ARGUMENT error naming the shape", () => {
  assert.throws(() => parseLabel("2020-01", "M"), (e: unknown) => {
    assert.ok(isEcosError(e));
    assert.equal(e.code, "INVALID_ARGUMENT");
    assert.match(e.message, /YYYYMM/);
    assert.match(e.message, /"2020-01"/);
    return true;
  });
  assert.throws(() => parseLabel("2020-01"), {
    code: "INVALID_ARGUMENT",
    message: /^Write the period as one of YYYY, YYYYSn, .*: got "2020-01"$/,
  });
  assert.throws(() => parsePeriod("2020", "M"), { code: "INVALID_ARGUMENT" });
  assert.throws(() => periodEnd("202013"), { code: "INVALID_ARGUMENT" });
});

Deno.test("dateToLabel() names the period that contains a date, half-months as the live service does", () => {
  const d = new Date("2024-08-20T12:00:00Z");
  assert.equal(dateToLabel(d, "A"), "2024");
  assert.equal(dateToLabel(d, "S"), "2024S2");
  assert.equal(dateToLabel(d, "Q"), "2024Q3");
  assert.equal(dateToLabel(d, "M"), "202408");
  assert.equal(dateToLabel(d, "SM"), "202408S2");
  assert.equal(dateToLabel(d, "SM", "live"), "202408S2");
  assert.equal(dateToLabel(d, "SM", "spec"), "202408SM2");
  assert.equal(dateToLabel(new Date("2024-08-15"), "SM"), "202408S1");
  assert.equal(dateToLabel(new Date("2024-08-15"), "SM", "spec"), "202408SM1");
  assert.equal(dateToLabel(d, "D"), "20240820");
  assert.throws(() => dateToLabel(new Date("nope"), "D"), {
    code: "INVALID_ARGUMENT",
    message: /valid Date/,
  });
});

Deno.test("dateToLabel() and parseLabel() round-trip in both spellings", () => {
  fc.assert(
    fc.property(
      fc.constantFrom(...CYCLES),
      fc.date({ min: new Date("1950-01-01"), max: new Date("2099-12-31"), noInvalidDate: true }),
      fc.constantFrom("spec" as const, "live" as const),
      (cycle, d, sm) => {
        const label = dateToLabel(d, cycle, sm);
        assert.equal(parseLabel(label, cycle).index, dateToIndex(d, cycle));
        assert.ok(
          parsePeriod(label, cycle) <= d &&
            d.getTime() < periodEnd(label, cycle).getTime() + 86_400_000,
        );
      },
    ),
    { numRuns: 500 },
  );
});
