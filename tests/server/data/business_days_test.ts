import assert from "node:assert/strict";
import fc from "npm:fast-check@4.10.2";
import {
  businessDayAt,
  countBusinessDays,
  isKoreanBusinessDay,
  koreanBusinessDays,
  koreanLunarDate,
  koreanMarketHolidays,
} from "../../../src/server/data/business_days.ts";
import { isoDay } from "../../../src/server/data/dates.ts";

const iso = (day: number) => new Date(day * 86_400_000).toISOString().slice(0, 10);

/** Asserts each ISO date's business-day status. */
function expectDays(open: boolean, dates: string[]): void {
  for (const date of dates) assert.equal(isKoreanBusinessDay(isoDay(date)), open, date);
}

/** The substitute holidays of a year, as ISO dates. */
const substitutesOf = (year: number) =>
  koreanMarketHolidays(year).filter((h) => h.kind === "substitute").map((h) => iso(h.day));

Deno.test("isKoreanBusinessDay() closes Saturdays and Sundays and opens an ordinary Wednesday", () => {
  expectDays(false, ["2024-03-09", "2024-03-10", "2025-06-14", "2025-06-15"]);
  expectDays(true, ["2024-03-13", "2025-06-11", "2019-11-20"]);
});

Deno.test("isKoreanBusinessDay() closes the fixed-date holidays", () => {
  expectDays(false, [
    "2015-01-01", // New Year's Day, Thursday
    "2024-03-01", // Independence Movement Day, Friday
    "2024-05-01", // Labour Day: markets closed, Wednesday
    "2023-05-05", // Children's Day, Friday
    "2024-06-06", // Memorial Day, Thursday
    "2024-08-15", // Liberation Day, Thursday
    "2024-10-03", // National Foundation Day, Thursday
    "2024-10-09", // Hangul Day, Wednesday
    "2025-12-25", // Christmas, Thursday
  ]);
});

Deno.test("isKoreanBusinessDay() closes Seollal 2024 and its Monday substitute", () => {
  // Eve Friday 9, Seollal Saturday 10, day 2 Sunday 11: the Sunday earns Monday 12.
  expectDays(false, ["2024-02-09", "2024-02-10", "2024-02-11", "2024-02-12"]);
  expectDays(true, ["2024-02-08", "2024-02-13"]);
});

Deno.test("isKoreanBusinessDay() closes Seollal 2025 on Tuesday to Thursday", () => {
  expectDays(false, ["2025-01-28", "2025-01-29", "2025-01-30"]);
  expectDays(true, ["2025-01-31"]);
});

Deno.test("isKoreanBusinessDay() closes Chuseok 2023, which earns no substitute", () => {
  // Thursday to Saturday: a Saturday earns Seollal and Chuseok nothing. Monday 2 October 2023
  // was a temporary holiday proclaimed for that year alone, which this calendar leaves out.
  expectDays(false, ["2023-09-28", "2023-09-29", "2023-09-30", "2023-10-03"]);
  expectDays(true, ["2023-09-27", "2023-10-02", "2023-10-04"]);
  assert.deepEqual(substitutesOf(2023), ["2023-01-24", "2023-05-29"]);
});

Deno.test("isKoreanBusinessDay() closes Buddha's Birthday on the Korean lunar date", () => {
  expectDays(false, ["2024-05-15"]);
  // In 2012 the Korean calendar's leap month came before the 4th month, the Chinese one's
  // after it: Korea kept Buddha's Birthday on 28 May, a month after China's 28 April.
  expectDays(false, ["2012-05-28"]);
});

Deno.test("koreanMarketHolidays() puts Seollal 2027 on 7 February, by Korean time", () => {
  // That new moon falls shortly before midnight in Beijing and after it in Seoul: China's new
  // year is 6 February, Korea's the 7th (a Sunday, so Tuesday 9 is a substitute).
  const seollal = koreanMarketHolidays(2027).find((h) => h.name === "Seollal");
  assert.equal(seollal && iso(seollal.day), "2027-02-07");
  assert.deepEqual(substitutesOf(2027).slice(0, 1), ["2027-02-09"]);
});

Deno.test("koreanMarketHolidays() takes every lunar holiday from an ordinary month", () => {
  const expected: Record<string, [number, number]> = {
    "Seollal": [1, 1],
    "Buddha's Birthday": [4, 8],
    "Chuseok": [8, 15],
  };
  for (let year = 1990; year <= 2040; year++) {
    for (const h of koreanMarketHolidays(year)) {
      const want = expected[h.name];
      if (!want) continue;
      assert.deepEqual(
        koreanLunarDate(h.day),
        { month: want[0], leap: false, day: want[1] },
        iso(h.day),
      );
    }
    // The eve is the last day of the 12th month, whether that month has 29 days or 30.
    const eve = koreanMarketHolidays(year).find((h) => h.name === "Seollal eve");
    assert.ok(eve);
    assert.deepEqual(koreanLunarDate(eve.day + 1), { month: 1, leap: false, day: 1 });
  }
});

Deno.test("koreanMarketHolidays() never closes the 8th of a leap 4th month", () => {
  // 2020 had a leap 4th month; its 8th day read from the dangi calendar, not typed in.
  const year = 2020;
  const leapEighth: number[] = [];
  for (let d = isoDay(`${year}-04-01`); d <= isoDay(`${year}-07-31`); d++) {
    const lunar = koreanLunarDate(d);
    if (lunar.month === 4 && lunar.leap && lunar.day === 8) leapEighth.push(d);
  }
  assert.equal(leapEighth.length, 1);
  const days = koreanMarketHolidays(year).map((h) => h.day);
  assert.ok(!days.includes(leapEighth[0]!));
  const eighths = days.filter((d) => {
    const lunar = koreanLunarDate(d);
    return lunar.month === 4 && lunar.day === 8;
  });
  assert.deepEqual(eighths.map(iso), ["2020-04-30"]);
});

Deno.test("koreanMarketHolidays() lists the substitute holidays of 2014 to 2026", () => {
  const table: Record<number, string[]> = {
    2014: ["2014-09-10"],
    2015: ["2015-09-29"],
    2016: ["2016-02-10"],
    2017: ["2017-01-30", "2017-10-06"],
    2018: ["2018-05-07", "2018-09-26"],
    2019: ["2019-05-06"],
    2020: ["2020-01-27"],
    2021: ["2021-08-16", "2021-10-04", "2021-10-11"],
    2022: ["2022-09-12", "2022-10-10"],
    2023: ["2023-01-24", "2023-05-29"],
    2024: ["2024-02-12", "2024-05-06"],
    2025: ["2025-03-03", "2025-05-06", "2025-10-08"],
    2026: ["2026-03-02", "2026-05-25", "2026-08-17", "2026-10-05"],
  };
  for (const [year, dates] of Object.entries(table)) {
    assert.deepEqual(substitutesOf(Number(year)), dates, year);
  }
});

Deno.test("koreanMarketHolidays() gives two holidays on one day a single substitute", () => {
  // Children's Day and Buddha's Birthday shared Monday 5 May 2025: only Tuesday 6 was added.
  const may5 = koreanMarketHolidays(2025).filter((h) => iso(h.day) === "2025-05-05");
  assert.deepEqual(may5.map((h) => h.name).sort(), ["Buddha's Birthday", "Children's Day"]);
  expectDays(false, ["2025-05-05", "2025-05-06"]);
  expectDays(true, ["2025-05-07"]);
});

Deno.test("koreanMarketHolidays() grants no substitute before 2014", () => {
  // Seollal 2013 ran Saturday 9 to Monday 11 February, the Sunday lost without compensation.
  assert.deepEqual(substitutesOf(2013), []);
  expectDays(true, ["2013-02-12"]);
});

Deno.test("koreanMarketHolidays() follows the holidays added and removed since 2000", async (t) => {
  await t.step("Arbor Day, until 2005", () => {
    expectDays(false, ["2005-04-05"]);
    expectDays(true, ["2006-04-05"]);
  });
  await t.step("Constitution Day, until 2007", () => {
    expectDays(false, ["2007-07-17"]);
    expectDays(true, ["2008-07-17"]);
  });
  await t.step("Hangul Day, again from 2013", () => {
    expectDays(true, ["2012-10-09"]);
    expectDays(false, ["2013-10-09"]);
  });
});

Deno.test("koreanMarketHolidays() closes the year on the last weekday of December", () => {
  // 31 December 2024 is a Tuesday; in 2023 it was a Sunday, in 2022 a Saturday.
  expectDays(false, ["2024-12-31", "2023-12-29", "2022-12-30"]);
  expectDays(true, ["2024-12-30", "2023-12-28", "2022-12-29"]);
});

Deno.test("koreanMarketHolidays() computes a year once and returns the cached list", () => {
  assert.equal(koreanMarketHolidays(2024), koreanMarketHolidays(2024));
});

Deno.test("countBusinessDays() gives 244 to 252 trading days a year from 2010 to 2026", () => {
  for (let year = 2010; year <= 2026; year++) {
    const n = countBusinessDays(isoDay(`${year}-01-01`), isoDay(`${year}-12-31`));
    assert.ok(n >= 244 && n <= 252, `${year}: ${n}`);
  }
});

Deno.test("business days are never weekends, and counting matches iterating", () => {
  const start = isoDay("1995-01-01");
  const end = isoDay("2035-12-31");
  fc.assert(
    fc.property(
      fc.integer({ min: start, max: end }),
      fc.integer({ min: -5, max: 800 }),
      (from, span) => {
        const to = from + span;
        const days = [...koreanBusinessDays(from, to)];
        for (const d of days) {
          const weekday = new Date(d * 86_400_000).getUTCDay();
          assert.ok(weekday !== 0 && weekday !== 6, iso(d));
        }
        assert.equal(countBusinessDays(from, to), days.length);
      },
    ),
  );
});

Deno.test("businessDayAt() is the k-th day that koreanBusinessDays() yields", () => {
  const start = isoDay("1995-01-01");
  const end = isoDay("2035-12-31");
  fc.assert(
    fc.property(
      fc.integer({ min: start, max: end }),
      fc.integer({ min: 0, max: 600 }),
      (from, k) => {
        const day = businessDayAt(from, k);
        assert.ok(isKoreanBusinessDay(day));
        // The same arithmetic calendar.ts asks of countRows and rowAt.
        assert.equal(countBusinessDays(from, day), k + 1);
        assert.equal(countBusinessDays(from, day - 1), k);
      },
    ),
  );
  const from = isoDay("2023-12-20");
  const days = [...koreanBusinessDays(from, isoDay("2024-03-20"))];
  days.forEach((d, k) => assert.equal(businessDayAt(from, k), d, `k = ${k}`));
});

Deno.test("the business-day functions reject days that are not whole numbers", () => {
  assert.throws(() => isKoreanBusinessDay(1.5), RangeError);
  assert.throws(() => countBusinessDays(0, Number.NaN), RangeError);
  assert.throws(() => businessDayAt(0, -1), RangeError);
  assert.throws(() => businessDayAt(0, 0.5), RangeError);
  assert.throws(() => koreanMarketHolidays(2024.5), RangeError);
});
