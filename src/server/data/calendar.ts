/**
 * Which periods of a series hold a row. Counting and locating rows is plain arithmetic, so a
 * query's `list_total_count` never needs the values.
 *
 * Three calendars: "all" (every period, e.g. the daily base rate's every calendar day),
 * "weekdays" (Monday to Friday) and "krx" (the Korean financial markets' business days:
 * weekdays without public holidays and market closures, from business_days.ts). The last two
 * are market calendars; only daily (D) series use them.
 *
 * @module
 */

import {
  businessDayAt,
  countBusinessDays,
  isKoreanBusinessDay,
  weekdayAt,
  weekdaysBefore,
} from "./business_days.ts";

/**
 * "all": every period has a row; "weekdays": daily rows Monday to Friday only; "krx": daily
 * rows on the days the Korean markets trade (see business_days.ts).
 */
export type Calendar = "all" | "weekdays" | "krx";

const mod = (a: number, n: number) => ((a % n) + n) % n;

/**
 * Whether a calendar follows a market's trading days (rows on some days only) rather than
 * every period.
 *
 * @param calendar The calendar.
 */
export function isMarketCalendar(calendar: Calendar): boolean {
  return calendar !== "all";
}

/**
 * How many rows a calendar holds for the period ordinals `from..to` (inclusive).
 *
 * @param calendar The series' calendar.
 * @param from The first ordinal.
 * @param to The last ordinal.
 * @returns 0 when `from > to`.
 */
export function countRows(calendar: Calendar, from: number, to: number): number {
  if (from > to) return 0;
  if (calendar === "all") return to - from + 1;
  if (calendar === "krx") return countBusinessDays(from, to);
  return weekdaysBefore(to + 1) - weekdaysBefore(from);
}

/**
 * The ordinal of the `k`-th row (0-based) at or after ordinal `from`.
 *
 * @param calendar The series' calendar.
 * @param from Where counting starts.
 * @param k How many rows to skip.
 */
export function rowAt(calendar: Calendar, from: number, k: number): number {
  if (calendar === "all") return from + k;
  if (calendar === "krx") return businessDayAt(from, k);
  return weekdayAt(from, k);
}

/**
 * The ordinals of `count` consecutive rows from `first` (a row of the calendar), in order:
 * one walk instead of `count` look-ups.
 *
 * @param calendar The series' calendar.
 * @param first The first row's ordinal.
 * @param count How many rows.
 */
export function rowOrdinals(calendar: Calendar, first: number, count: number): Int32Array {
  const out = new Int32Array(count);
  let day = first;
  for (let k = 0; k < count; k++) {
    if (k > 0) {
      day++;
      if (calendar === "weekdays") {
        while (mod(day + 4, 7) === 0 || mod(day + 4, 7) === 6) day++;
      } else if (calendar === "krx") {
        while (!isKoreanBusinessDay(day)) day++;
      }
    }
    out[k] = day;
  }
  return out;
}
