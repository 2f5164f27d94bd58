/**
 * Which periods of a series hold a row. Counting and locating rows is plain arithmetic, so a
 * query's `list_total_count` never needs the values.
 *
 * @module
 */

/** "all": every period has a row; "weekdays": daily rows Monday to Friday only. */
export type Calendar = "all" | "weekdays";

const mod = (a: number, n: number) => ((a % n) + n) % n;

/** Weekdays among the days before `day` counted from a fixed Monday-aligned origin. */
function weekdaysBefore(day: number): number {
  // Day 0 (1970-01-01) was a Thursday: shifting by 3 puts Mondays at multiples of 7.
  const x = day + 3;
  return Math.floor(x / 7) * 5 + Math.min(mod(x, 7), 5);
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
  const t = weekdaysBefore(from) + k;
  return Math.floor(t / 5) * 7 + mod(t, 5) - 3;
}
