import assert from "node:assert/strict";
import {
  type Calendar,
  countRows,
  isMarketCalendar,
  rowAt,
  rowOrdinals,
} from "../../../src/server/data/calendar.ts";
import { isKoreanBusinessDay } from "../../../src/server/data/business_days.ts";
import { isoDay } from "../../../src/server/data/dates.ts";

const CALENDARS: Calendar[] = ["all", "weekdays", "krx"];

Deno.test("countRows(), rowAt() and rowOrdinals() agree for every calendar", async (t) => {
  for (const calendar of CALENDARS) {
    await t.step(calendar, () => {
      const first = rowAt(calendar, isoDay("2009-12-28"), 0);
      const count = countRows(calendar, first, isoDay("2027-01-10"));
      const ordinals = rowOrdinals(calendar, first, count);
      assert.equal(ordinals.length, count);
      for (let k = 0; k < count; k += 97) assert.equal(ordinals[k], rowAt(calendar, first, k));
      assert.equal(ordinals[count - 1], rowAt(calendar, first, count - 1));
      // Counting up to a row gives its position.
      for (let k = 0; k < count; k += 131) {
        assert.equal(countRows(calendar, first, ordinals[k]! - 1), k);
      }
    });
  }
});

Deno.test('the "krx" calendar skips weekends and Korean market holidays', () => {
  const from = isoDay("2024-01-01");
  const to = isoDay("2024-12-31");
  const ordinals = rowOrdinals("krx", rowAt("krx", from, 0), countRows("krx", from, to));
  assert.equal(ordinals.length, 246);
  assert.ok(ordinals.every((d) => isKoreanBusinessDay(d)));
  const days = new Set(ordinals);
  for (const closed of ["2024-02-09", "2024-02-12", "2024-09-17", "2024-12-31"]) {
    assert.ok(!days.has(isoDay(closed)), closed);
  }
  // Election day and the one-off 1 October 2024 are left out of the calendar: they trade here.
  assert.ok(days.has(isoDay("2024-04-10")) && days.has(isoDay("2024-10-01")));
});

Deno.test("isMarketCalendar() tells market calendars from every-period ones", () => {
  assert.deepEqual(CALENDARS.map(isMarketCalendar), [false, true, true]);
});
