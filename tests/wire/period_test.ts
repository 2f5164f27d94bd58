import assert from "node:assert/strict";
import fc from "npm:fast-check@4.10.2";
import {
  CYCLES,
  dateToIndex,
  daysToDate,
  formatPeriod,
  isCycle,
  labelStartDay,
  periodEndDays,
  periodOf,
  periodStartDays,
  tryParseLabel,
} from "../../src/wire/period.ts";

Deno.test("periodOf() reads every label as tryParseLabel does (property)", () => {
  const label = fc.oneof(
    fc.stringMatching(/^\d{4}(?:[SQ]\d|\d{2}(?:S\d|SM\d|\d{2})?)?$/),
    fc.string({ maxLength: 12 }),
    fc.stringMatching(/^ ?\d{4}\d{0,4} ?$/),
  );
  fc.assert(
    fc.property(label, fc.constantFrom(...CYCLES), (l, cycle) => {
      assert.equal(periodOf(l, cycle), tryParseLabel(l.trim(), cycle)?.index);
    }),
    { numRuns: 5000 },
  );
  assert.equal(periodOf("20240229", "D"), tryParseLabel("20240229", "D")?.index);
  assert.equal(periodOf("20230229", "D"), undefined);
  assert.equal(periodOf("16000229", "D"), tryParseLabel("16000229", "D")?.index);
});

/** Labels of every shape, near misses, spaces and other text. */
const anyLabel = fc.oneof(
  fc.stringMatching(/^\d{4}(?:[SQ]\d|\d{2}(?:S\d|SM\d|\d{2})?)?$/),
  fc.string({ maxLength: 12 }),
  fc.stringMatching(/^ ?\d{4}\d{0,4} ?$/),
);

Deno.test("labelStartDay() gives each label's first day as tryParseLabel does (property)", () => {
  fc.assert(
    fc.property(anyLabel, (l) => {
      const ref = tryParseLabel(l.trim());
      assert.equal(labelStartDay(l), ref ? periodStartDays(ref.cycle, ref.index) : null);
    }),
    { numRuns: 5000 },
  );
  assert.equal(labelStartDay("2024Q4"), 19_997); // 2024-10-01
  assert.equal(labelStartDay("2024S2"), 19_905); // 2024-07-01
  assert.equal(labelStartDay("20230229"), null);
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

Deno.test("formatPeriod() spells half-monthly labels both ways", () => {
  const ref = tryParseLabel("202305SM2");
  assert.ok(ref);
  assert.equal(tryParseLabel("202305S2")?.index, ref.index, "both spellings name one period");
  assert.equal(formatPeriod("SM", ref.index, "spec"), "202305SM2");
  assert.equal(formatPeriod("SM", ref.index, "live"), "202305S2");
  assert.equal(formatPeriod("SM", ref.index - 1, "live"), "202305S1");
  assert.equal(formatPeriod("Q", ref.index, "spec"), formatPeriod("Q", ref.index, "live"));
});

Deno.test("isCycle() accepts the six cycles only", () => {
  for (const cycle of CYCLES) assert.ok(isCycle(cycle), cycle);
  for (const other of ["W", "sm", "", "toString", 1, undefined]) assert.ok(!isCycle(other));
});

Deno.test("every label round-trips through its ordinal, and periods tile time", () => {
  for (const cycle of CYCLES) {
    fc.assert(
      fc.property(
        fc.date({ min: new Date("1950-01-01"), max: new Date("2099-12-31"), noInvalidDate: true }),
        fc.constantFrom("spec" as const, "live" as const),
        (d, sm) => {
          const index = dateToIndex(d, cycle);
          const label = formatPeriod(cycle, index, sm);
          assert.deepEqual(tryParseLabel(label, cycle), { cycle, index });
          const days = Math.floor(d.getTime() / 86_400_000);
          assert.ok(periodStartDays(cycle, index) <= days);
          assert.ok(days <= periodEndDays(cycle, index));
          assert.equal(periodStartDays(cycle, index + 1), periodEndDays(cycle, index) + 1);
          const start = daysToDate(periodStartDays(cycle, index));
          assert.equal(start.getTime(), periodStartDays(cycle, index) * 86_400_000);
        },
      ),
      { numRuns: 300 },
    );
  }
});
