import assert from "node:assert/strict";
import fc from "npm:fast-check@4.10.2";
import {
  CYCLES,
  dateToLabel,
  formatPeriod,
  labelsToDays,
  parseLabel,
  parsePeriod,
  periodEnd,
  periodEndDays,
  periodStartDays,
  tryParseLabel,
} from "../src/wire/period.ts";
import { isEcosError } from "../src/client/errors.ts";

const iso = (d: Date) => d.toISOString().slice(0, 10);

Deno.test("parsePeriod() gives the first day of every cycle's period", async (t) => {
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

Deno.test("tryParseLabel() recognises each cycle by its shape", () => {
  assert.equal(tryParseLabel("2020")?.cycle, "A");
  assert.equal(tryParseLabel("2020S1")?.cycle, "S");
  assert.equal(tryParseLabel("2020Q1")?.cycle, "Q");
  assert.equal(tryParseLabel("202001")?.cycle, "M");
  assert.equal(tryParseLabel("202001SM1")?.cycle, "SM");
  assert.equal(tryParseLabel("202001S1")?.cycle, "SM");
  assert.equal(tryParseLabel("20200101")?.cycle, "D");
});

Deno.test("tryParseLabel() rejects impossible and foreign labels", () => {
  for (
    const bad of [
      "",
      "20",
      "abcd",
      "2020Q0",
      "2020Q5",
      "2020S3",
      "202000",
      "202013",
      "202001SM3",
      "20230230",
      "20231301",
      "2023-01-01",
      " 2020",
      "2020\n",
      "0999",
    ]
  ) {
    assert.equal(tryParseLabel(bad), undefined, bad);
  }
  assert.equal(tryParseLabel("2020", "M"), undefined);
  assert.equal(tryParseLabel("202001", "A"), undefined);
});

Deno.test("parseLabel() throws an INVALID_ARGUMENT error naming the shape", () => {
  assert.throws(() => parseLabel("2020-01", "M"), (e: unknown) => {
    assert.ok(isEcosError(e));
    assert.equal(e.code, "INVALID_ARGUMENT");
    assert.match(e.message, /YYYYMM/);
    assert.match(e.message, /"2020-01"/);
    return true;
  });
});

Deno.test("formatPeriod() spells half-monthly labels both ways", () => {
  const ref = parseLabel("202305SM2");
  assert.equal(formatPeriod("SM", ref.index, "spec"), "202305SM2");
  assert.equal(formatPeriod("SM", ref.index, "live"), "202305S2");
});

Deno.test("dateToLabel() names the period that contains a date", () => {
  const d = new Date("2024-08-20T12:00:00Z");
  assert.equal(dateToLabel(d, "A"), "2024");
  assert.equal(dateToLabel(d, "S"), "2024S2");
  assert.equal(dateToLabel(d, "Q"), "2024Q3");
  assert.equal(dateToLabel(d, "M"), "202408");
  assert.equal(dateToLabel(d, "SM"), "202408SM2");
  assert.equal(dateToLabel(d, "SM", "live"), "202408S2");
  assert.equal(dateToLabel(new Date("2024-08-15"), "SM"), "202408SM1");
  assert.equal(dateToLabel(d, "D"), "20240820");
  assert.throws(() => dateToLabel(new Date("nope"), "D"), /valid Date/);
});

Deno.test("labelsToDays() maps labels to epoch days, null where unknown", () => {
  assert.deepEqual(labelsToDays(["1970", null, "19700102", "x", "1970"]), [0, null, 1, null, 0]);
});

Deno.test("every label round-trips through its ordinal, and periods tile time", () => {
  for (const cycle of CYCLES) {
    fc.assert(
      fc.property(fc.date({ min: new Date("1950-01-01"), max: new Date("2099-12-31") }), (d) => {
        if (Number.isNaN(d.getTime())) return;
        const label = dateToLabel(d, cycle);
        const ref = parseLabel(label, cycle);
        assert.equal(formatPeriod(cycle, ref.index), label);
        const days = Math.floor(d.getTime() / 86_400_000);
        assert.ok(periodStartDays(cycle, ref.index) <= days);
        assert.ok(days <= periodEndDays(cycle, ref.index));
        assert.equal(periodStartDays(cycle, ref.index + 1), periodEndDays(cycle, ref.index) + 1);
      }),
      { numRuns: 300 },
    );
  }
});
