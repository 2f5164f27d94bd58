/**
 * The Korean financial-market calendar: which days the Korea Exchange (KRX) and the Seoul
 * foreign-exchange market trade. Days are whole days since 1970-01-01, the ordinal that daily
 * (cycle D) periods use, and every function is pure: the same day always gives the same answer.
 *
 * A day is closed when it is a Saturday or a Sunday, or one of these:
 *
 * | Closure | Date | Years |
 * | --- | --- | --- |
 * | New Year's Day | Jan 1 | all |
 * | Seollal (설날) | the eve of lunar 1/1, 1/1, 1/2 | all |
 * | Independence Movement Day | Mar 1 | all |
 * | Arbor Day (식목일) | Apr 5 | to 2005 |
 * | Labour Day (market closed, not a public holiday) | May 1 | all |
 * | Buddha's Birthday | lunar 4/8 | all |
 * | Children's Day | May 5 | all |
 * | Memorial Day | Jun 6 | all |
 * | Constitution Day (제헌절) | Jul 17 | to 2007 |
 * | Liberation Day | Aug 15 | all |
 * | Chuseok (추석) | lunar 8/14, 8/15, 8/16 | all |
 * | National Foundation Day | Oct 3 | all |
 * | Hangul Day | Oct 9 | from 2013 |
 * | Christmas | Dec 25 | all |
 * | Year-end closing day (market) | Dec 31; if a weekend, the business day before | all |
 *
 * Substitute holidays (대체공휴일) follow the 관공서의 공휴일에 관한 규정 and, from 2022, the
 * 공휴일에 관한 법률:
 *
 * - Seollal and Chuseok, from 2014: a day of the three that falls on a Sunday or on another
 *   public holiday earns a substitute after the three days. A Saturday does not count.
 * - Children's Day, from 2014; Liberation Day, National Foundation Day and Hangul Day, from
 *   2021; Independence Movement Day, from 2022; Buddha's Birthday and Christmas, from 2023: a
 *   holiday on a Saturday, a Sunday or another public holiday earns a substitute after it.
 *
 * A substitute is the first day after that is neither a weekend day nor a public holiday (nor
 * an earlier substitute). The texts say "the first day that is not a public holiday", which,
 * read literally, could be a Saturday after a three-day holiday ending on a Friday; this module
 * takes the next weekday instead, as common holiday libraries do. The case has not arisen from
 * 2014 to 2027, so no count in the bundled data depends on it.
 *
 * Two holidays on one weekday lose one day, so they earn one substitute, as in 2025 when
 * Children's Day and Buddha's Birthday shared Monday 5 May and only Tuesday 6 May was added.
 *
 * Left out: election days (e.g. 2024-04-10, 2025-06-03), temporary holidays proclaimed one
 * year at a time (e.g. 2023-10-02, 2024-10-01, 2025-01-27), and any one-off market closure;
 * each makes a year's count one day too high. The rules are those in force from 2000 on; earlier
 * years get the same rules, which ignores, for example, the Saturday sessions and the longer New
 * Year holidays of the 1990s.
 *
 * Lunar dates come from the platform's Korean lunisolar (`dangi`) calendar, which uses Korean
 * time and so gives, for instance, Seollal 2027 on 7 February where the Chinese calendar says
 * 6 February. A leap month (윤달, reported as e.g. "4bis") never holds a holiday: Buddha's
 * Birthday is the 8th of the ordinary 4th month, never of a leap 4th month.
 *
 * `countBusinessDays` and `businessDayAt` take the same arguments and answer the same questions
 * as `countRows` and `rowAt` in calendar.ts, so a "krx" calendar can forward to them.
 *
 * @module
 */

import { DAY_MS } from "../../wire/period.ts";

/** Why a market day is closed. */
export type HolidayKind =
  /** A public holiday (공휴일). */
  | "public"
  /** A substitute public holiday (대체공휴일). */
  | "substitute"
  /** A market closure that is no public holiday: Labour Day, the year-end closing day. */
  | "market";

/** One closure of the Korean markets. */
export interface MarketHoliday {
  /** Days since 1970-01-01. */
  day: number;
  /** The holiday's English name. */
  name: string;
  /** Public holiday, substitute or market closure. */
  kind: HolidayKind;
}

/** A date of the Korean lunisolar calendar, without its year. */
export interface KoreanLunarDate {
  /** The month, 1 to 12. */
  month: number;
  /** Whether the month is a leap month (윤달), which repeats the month before it. */
  leap: boolean;
  /** The day of the month, 1 to 30. */
  day: number;
}

/** What earns a substitute: nothing, a Sunday (Seollal, Chuseok), or a Saturday or Sunday. */
type SubstituteRule = "none" | "sunday" | "weekend";

/** A public holiday as declared, before substitutes. */
interface Claim {
  day: number;
  name: string;
  rule: SubstituteRule;
  /** The substitute is sought after this day: the last day of a three-day holiday. */
  after: number;
  /** The name a substitute gives: "Seollal" for each of its three days. */
  holiday: string;
}

/** A year's closures, computed once. */
interface YearClosures {
  holidays: readonly MarketHoliday[];
  /** The closed Mondays to Fridays, ascending: weekends need no list. */
  closed: Int32Array;
  /** The year's first day. */
  start: number;
  /** The year's last day. */
  end: number;
  /** Business days in the whole year. */
  businessDays: number;
}

const mod = (a: number, n: number) => ((a % n) + n) % n;

/** 0 = Sunday .. 6 = Saturday; 1970-01-01 was a Thursday. */
const dayOfWeek = (day: number) => mod(day + 4, 7);

const isWeekend = (day: number) => {
  const w = dayOfWeek(day);
  return w === 0 || w === 6;
};

/**
 * Mondays to Fridays before `day`, counted from Monday 1969-12-29 (day -3).
 *
 * @param day Days since 1970-01-01.
 * @returns The count.
 */
export function weekdaysBefore(day: number): number {
  const x = day + 3;
  return Math.floor(x / 7) * 5 + Math.min(mod(x, 7), 5);
}

/**
 * The `k`-th (0-based) Monday-to-Friday at or after `from`.
 *
 * @param from Days since 1970-01-01.
 * @param k How many weekdays to skip.
 * @returns The day.
 */
export function weekdayAt(from: number, k: number): number {
  const t = weekdaysBefore(from) + k;
  return Math.floor(t / 5) * 7 + mod(t, 5) - 3;
}

const yearOf = (day: number) => new Date(day * DAY_MS).getUTCFullYear();
const dayOf = (year: number, month: number, date: number) =>
  Date.UTC(year, month - 1, date) / DAY_MS;

function checkDay(day: number, what: string): void {
  if (!Number.isSafeInteger(day) || Math.abs(day) > 100_000_000) {
    throw new RangeError(`Cannot read ${what} as a day since 1970-01-01: got ${day}`);
  }
}

let dangi: Intl.DateTimeFormat | undefined;

function dangiFormat(): Intl.DateTimeFormat {
  if (!dangi) {
    const format = new Intl.DateTimeFormat("en-u-ca-dangi", {
      month: "numeric",
      day: "numeric",
      timeZone: "UTC",
    });
    // A runtime without full ICU falls back to the Gregorian calendar without a word.
    if (format.resolvedOptions().calendar !== "dangi") {
      throw new Error("Cannot compute Korean lunar dates: this runtime lacks the dangi calendar");
    }
    dangi = format;
  }
  return dangi;
}

/**
 * The Korean lunisolar date of a day, as the platform's `dangi` calendar gives it.
 *
 * @param day Days since 1970-01-01.
 * @returns The lunar month, whether it is a leap month, and the day of the month.
 * @throws {RangeError} When `day` is not a whole number of days.
 *
 * @example Buddha's Birthday 2020 and the same date of the leap month after it
 * ```ts
 * import assert from "node:assert/strict";
 * import { koreanLunarDate } from "./business_days.ts";
 * import { isoDay } from "./dates.ts";
 *
 * assert.deepEqual(koreanLunarDate(isoDay("2020-04-30")), { month: 4, leap: false, day: 8 });
 * assert.deepEqual(koreanLunarDate(isoDay("2020-05-30")), { month: 4, leap: true, day: 8 });
 * ```
 */
export function koreanLunarDate(day: number): KoreanLunarDate {
  checkDay(day, "day");
  let month = NaN;
  let leap = false;
  let date = NaN;
  for (const part of dangiFormat().formatToParts(new Date(day * DAY_MS))) {
    if (part.type === "month") {
      // ICU writes a leap month with a suffix ("4bis" in English): the digits are the month.
      const m = /^(\d+)(.*)$/.exec(part.value);
      month = Number(m?.[1]);
      leap = (m?.[2] ?? "") !== "";
    } else if (part.type === "day") {
      date = Number(part.value);
    }
  }
  if (!Number.isInteger(month) || !Number.isInteger(date)) {
    throw new Error(`Cannot read the dangi date of day ${day}`);
  }
  return { month, leap, day: date };
}

/**
 * The day holding lunar `month`/`date` of an ordinary (non-leap) month: walks month by month
 * from `probe`, a day shortly before that month in every year, reading a few dates instead of
 * scanning the season (each read costs tens of microseconds).
 */
function lunarToDay(probe: number, month: number, date: number): number {
  let first = probe - (koreanLunarDate(probe).day - 1);
  for (let i = 0; i < 8; i++) {
    const at = koreanLunarDate(first);
    if (at.month === month && !at.leap) return first + date - 1;
    // Lunar months last 29 or 30 days.
    first += koreanLunarDate(first + 29).day === 1 ? 29 : 30;
  }
  throw new Error(`Cannot find lunar ${month}/${date} after day ${probe}`);
}

/** The public holidays of a year as the law declares them, before substitutes. */
function claims(year: number): Claim[] {
  const out: Claim[] = [];
  const add = (day: number, name: string, rule: SubstituteRule, after = day, holiday = name) =>
    out.push({ day, name, rule, after, holiday });
  const since = (first: number, rule: SubstituteRule): SubstituteRule =>
    year >= first ? rule : "none";
  // Lunar 1/1 falls between 21 January and 20 February, 4/8 between late April and late May,
  // 8/15 between early September and early October: each probe lies before its month begins.
  const seollal = lunarToDay(dayOf(year, 1, 10), 1, 1);
  const buddha = lunarToDay(dayOf(year, 3, 20), 4, 8);
  const chuseok = lunarToDay(dayOf(year, 8, 1), 8, 15);

  add(dayOf(year, 1, 1), "New Year's Day", "none");
  // The eve is the day before 1/1, whether the 12th month ends on its 29th or its 30th.
  for (
    const [offset, name] of [[-1, "Seollal eve"], [0, "Seollal"], [1, "Seollal day 2"]] as const
  ) {
    add(seollal + offset, name, since(2014, "sunday"), seollal + 1, "Seollal");
  }
  add(dayOf(year, 3, 1), "Independence Movement Day", since(2022, "weekend"));
  if (year <= 2005) add(dayOf(year, 4, 5), "Arbor Day", "none");
  add(buddha, "Buddha's Birthday", since(2023, "weekend"));
  add(dayOf(year, 5, 5), "Children's Day", since(2014, "weekend"));
  add(dayOf(year, 6, 6), "Memorial Day", "none");
  if (year <= 2007) add(dayOf(year, 7, 17), "Constitution Day", "none");
  add(dayOf(year, 8, 15), "Liberation Day", since(2021, "weekend"));
  for (
    const [offset, name] of [[-1, "Chuseok eve"], [0, "Chuseok"], [1, "Chuseok day 2"]] as const
  ) {
    add(chuseok + offset, name, since(2014, "sunday"), chuseok + 1, "Chuseok");
  }
  add(dayOf(year, 10, 3), "National Foundation Day", since(2021, "weekend"));
  // Hangul Day stopped being a holiday from 1991 to 2012.
  if (year >= 2013) add(dayOf(year, 10, 9), "Hangul Day", since(2021, "weekend"));
  add(dayOf(year, 12, 25), "Christmas Day", since(2023, "weekend"));
  return out;
}

/** The substitutes a year's claims earn: one for each day a holiday eligible for one lost. */
function substitutes(list: readonly Claim[]): MarketHoliday[] {
  const taken = new Set(list.map((c) => c.day));
  const byDay = Map.groupBy(list, (c) => c.day);
  const out: MarketHoliday[] = [];
  for (const day of [...byDay.keys()].sort((a, b) => a - b)) {
    const here = byDay.get(day) ?? [];
    const w = dayOfWeek(day);
    // A Sunday hosts no holiday; any other day hosts one. Holidays without a substitute rule
    // take the seat first, so that the one left standing is the one the law compensates.
    let seats = w === 0 ? 0 : 1;
    const ordered = [
      ...here.filter((c) => c.rule === "none"),
      ...here.filter((c) => c.rule !== "none"),
    ];
    for (const c of ordered) {
      const canSit = !(w === 6 && c.rule === "weekend");
      if (seats > 0 && canSit) {
        seats--;
        continue;
      }
      if (c.rule === "none") continue;
      let s = c.after + 1;
      while (isWeekend(s) || taken.has(s)) s++;
      taken.add(s);
      out.push({ day: s, name: `Substitute holiday for ${c.holiday}`, kind: "substitute" });
    }
  }
  return out;
}

const yearCache = new Map<number, YearClosures>();

function closuresOf(year: number): YearClosures {
  let cached = yearCache.get(year);
  if (cached) return cached;
  const declared = claims(year);
  const holidays: MarketHoliday[] = [
    ...declared.map((c) => ({ day: c.day, name: c.name, kind: "public" as const })),
    ...substitutes(declared),
    { day: dayOf(year, 5, 1), name: "Labour Day", kind: "market" },
  ];
  const shut = new Set(holidays.map((h) => h.day));
  // KRX closes on 31 December; when that is a weekend, on the last business day before it.
  let yearEnd = dayOf(year, 12, 31);
  while (isWeekend(yearEnd) || shut.has(yearEnd)) yearEnd--;
  holidays.push({ day: yearEnd, name: "Year-end closing day", kind: "market" });
  holidays.sort((a, b) => a.day - b.day);
  const closed = Int32Array.from(
    new Set(holidays.map((h) => h.day).filter((d) => !isWeekend(d))),
  ).sort();
  const start = dayOf(year, 1, 1);
  const end = dayOf(year + 1, 1, 1) - 1;
  cached = {
    holidays,
    closed,
    start,
    end,
    businessDays: weekdaysBefore(end + 1) - weekdaysBefore(start) - closed.length,
  };
  yearCache.set(year, cached);
  return cached;
}

/**
 * The closures of the Korean markets in one Gregorian year, weekend ones included, in date
 * order. Computed once a year and cached.
 *
 * @param year The Gregorian year.
 * @returns Public holidays, substitutes and market closures; two holidays on one day are two
 *   entries.
 * @throws {RangeError} When `year` is not a whole number.
 *
 * @example Seollal 2024 fell on a weekend and earned Monday 12 February
 * ```ts
 * import assert from "node:assert/strict";
 * import { koreanMarketHolidays } from "./business_days.ts";
 * import { isoDay } from "./dates.ts";
 *
 * const february = koreanMarketHolidays(2024).filter((h) =>
 *   h.day >= isoDay("2024-02-01") && h.day <= isoDay("2024-02-29")
 * );
 * assert.deepEqual(february.map((h) => [h.day - isoDay("2024-02-01") + 1, h.kind]), [
 *   [9, "public"],
 *   [10, "public"],
 *   [11, "public"],
 *   [12, "substitute"],
 * ]);
 * ```
 */
export function koreanMarketHolidays(year: number): readonly MarketHoliday[] {
  if (!Number.isInteger(year) || year < -200_000 || year > 200_000) {
    throw new RangeError(
      `Cannot compute the holidays of a year that is not a whole number: got ${year}`,
    );
  }
  return closuresOf(year).holidays;
}

/** The closed weekdays of one year that lie in `from..to`. */
function closedIn(y: YearClosures, from: number, to: number): number {
  if (from <= y.start && y.end <= to) return y.closed.length;
  let n = 0;
  for (const d of y.closed) if (d >= from && d <= to) n++;
  return n;
}

/**
 * Whether the Korean markets trade on a day.
 *
 * @param day Days since 1970-01-01.
 * @returns False on weekends, public holidays, substitutes, Labour Day and the year-end
 *   closing day.
 * @throws {RangeError} When `day` is not a whole number of days.
 *
 * @example Chuseok 2024 against an ordinary Wednesday
 * ```ts
 * import assert from "node:assert/strict";
 * import { isKoreanBusinessDay } from "./business_days.ts";
 * import { isoDay } from "./dates.ts";
 *
 * assert.equal(isKoreanBusinessDay(isoDay("2024-09-17")), false);
 * assert.equal(isKoreanBusinessDay(isoDay("2024-09-25")), true);
 * assert.equal(isKoreanBusinessDay(isoDay("2024-09-28")), false); // a Saturday
 * ```
 */
export function isKoreanBusinessDay(day: number): boolean {
  checkDay(day, "day");
  if (isWeekend(day)) return false;
  return closedIn(closuresOf(yearOf(day)), day, day) === 0;
}

/**
 * How many business days lie in `from..to` (inclusive): `countRows` for a Korean market
 * calendar. Costs a few operations a year spanned, and no day-by-day walk.
 *
 * @param from The first day (days since 1970-01-01).
 * @param to The last day.
 * @returns 0 when `from > to`.
 * @throws {RangeError} When a bound is not a whole number of days.
 *
 * @example The first week of October 2025: Foundation Day, Chuseok, its substitute, Hangul Day
 * ```ts
 * import assert from "node:assert/strict";
 * import { countBusinessDays } from "./business_days.ts";
 * import { isoDay } from "./dates.ts";
 *
 * // Fri 3 (Foundation Day) to Fri 10 October: only Friday the 10th trades.
 * assert.equal(countBusinessDays(isoDay("2025-10-03"), isoDay("2025-10-10")), 1);
 * assert.equal(countBusinessDays(isoDay("2025-10-10"), isoDay("2025-10-03")), 0);
 * ```
 */
export function countBusinessDays(from: number, to: number): number {
  checkDay(from, "from");
  checkDay(to, "to");
  if (from > to) return 0;
  let n = weekdaysBefore(to + 1) - weekdaysBefore(from);
  for (let y = yearOf(from); y <= yearOf(to); y++) n -= closedIn(closuresOf(y), from, to);
  return n;
}

/**
 * The `k`-th business day (0-based) at or after `from`: `rowAt` for a Korean market calendar.
 * `businessDayAt(from, 0)` is `from` itself when it trades, else the next day that does.
 *
 * @param from Where counting starts (days since 1970-01-01).
 * @param k How many business days to skip.
 * @returns The day.
 * @throws {RangeError} When `from` is not a whole number of days or `k` is negative or not whole.
 *
 * @example New Year's Day and Seollal 2024
 * ```ts
 * import assert from "node:assert/strict";
 * import { businessDayAt } from "./business_days.ts";
 * import { isoDay } from "./dates.ts";
 *
 * // 1 January is closed, so the first row of 2024 is the 2nd.
 * assert.equal(businessDayAt(isoDay("2024-01-01"), 0), isoDay("2024-01-02"));
 * // Thursday 8 February trades; Friday 9 to Monday 12 (a substitute) do not.
 * assert.equal(businessDayAt(isoDay("2024-02-08"), 1), isoDay("2024-02-13"));
 * ```
 */
export function businessDayAt(from: number, k: number): number {
  checkDay(from, "from");
  if (!Number.isSafeInteger(k) || k < 0) {
    throw new RangeError(`Cannot skip a negative or fractional number of business days: got ${k}`);
  }
  let cursor = from;
  let remaining = k;
  for (;;) {
    const y = closuresOf(yearOf(cursor));
    const here = cursor === y.start
      ? y.businessDays
      : weekdaysBefore(y.end + 1) - weekdaysBefore(cursor) - closedIn(y, cursor, y.end);
    if (remaining < here) {
      // Start from the weekday answer and step past each closed weekday up to it: the list is
      // sorted, so days reached only after a step are still ahead in it.
      let t = weekdayAt(cursor, remaining);
      for (const c of y.closed) if (c >= cursor && c <= t) t = weekdayAt(t + 1, 0);
      return t;
    }
    remaining -= here;
    cursor = y.end + 1;
  }
}

/**
 * The business days in `from..to` (inclusive), in order.
 *
 * @param from The first day (days since 1970-01-01).
 * @param to The last day.
 * @returns An iterator of days; empty when `from > to`.
 * @throws {RangeError} When a bound is not a whole number of days.
 *
 * @example Seollal week 2025
 * ```ts
 * import assert from "node:assert/strict";
 * import { koreanBusinessDays } from "./business_days.ts";
 * import { isoDay } from "./dates.ts";
 *
 * const days = [...koreanBusinessDays(isoDay("2025-01-27"), isoDay("2025-02-02"))];
 * // Seollal closes Tuesday 28 to Thursday 30. Monday 27 was a temporary holiday, which this
 * // calendar leaves out, so it counts as a business day.
 * assert.deepEqual(days, [isoDay("2025-01-27"), isoDay("2025-01-31")]);
 * ```
 */
export function* koreanBusinessDays(from: number, to: number): Generator<number, void, undefined> {
  checkDay(from, "from");
  checkDay(to, "to");
  for (let d = from; d <= to; d++) if (isKoreanBusinessDay(d)) yield d;
}
