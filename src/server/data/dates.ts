/**
 * The fixed end of the bundled data, and day arithmetic for declaring tables. Nothing here
 * reads the clock: the data ends on the same day whenever the server runs.
 *
 * @module
 */

/**
 * The last day any bundled table covers: 2026-09-30.
 *
 * @example
 * ```ts
 * import { SERVER_DATA_END } from "../mod.ts";
 *
 * console.assert(SERVER_DATA_END === "2026-09-30");
 * ```
 */
export const DATA_END: string = "2026-09-30";

/** Whole days since 1970-01-01 of an ISO date such as "2024-05-17". */
export function isoDay(iso: string): number {
  return Math.round(Date.parse(`${iso}T00:00:00Z`) / 86_400_000);
}

/** The fractional year of a day ordinal, e.g. 2020.5 for mid-2020: handy for anchors. */
export function dayToYear(day: number): number {
  const d = new Date(day * 86_400_000);
  const y = d.getUTCFullYear();
  const start = Date.UTC(y, 0, 1) / 86_400_000;
  const next = Date.UTC(y + 1, 0, 1) / 86_400_000;
  return y + (day - start) / (next - start);
}

/** The fractional year of a month ordinal (year * 12 + month - 1), at mid-month. */
export function monthToYear(month: number): number {
  return (month + 0.5) / 12;
}
