/**
 * Cycles and TIME labels. Every label maps to a period ordinal (a whole number that counts
 * periods of its cycle), which makes ranges, halving and generation plain arithmetic.
 *
 * | cycle | label | example |
 * |---|---|---|
 * | A | YYYY | 2020 |
 * | S | YYYYSn | 2023S2 |
 * | Q | YYYYQn | 2023Q3 |
 * | M | YYYYMM | 202305 |
 * | SM | YYYYMMSMn (specification) or YYYYMMSn (live) | 202305SM2, 202305S2 |
 * | D | YYYYMMDD | 20230517 |
 *
 * @module
 */

import type { Dialect } from "./dialect.ts";

/** The cycles of ECOS tables: annual, semi-annual, quarterly, monthly, half-monthly, daily. */
export type Cycle = "A" | "S" | "Q" | "M" | "SM" | "D";

/** All cycles, longest period first. */
export const CYCLES: readonly Cycle[] = ["A", "S", "Q", "M", "SM", "D"];

/** How a half-monthly label is spelt: "spec" is `202305SM2`, "live" is `202305S2`. */
export type SmSpelling = Dialect;

/** A label's cycle and ordinal. */
export interface PeriodRef {
  /** The cycle the label belongs to. */
  cycle: Cycle;
  /** The period's ordinal within its cycle (see {@linkcode formatPeriod}). */
  index: number;
}

/** The shape of each cycle's label, for messages. */
export const CYCLE_SHAPES: Readonly<Record<Cycle, string>> = {
  A: "YYYY (e.g. 2020)",
  S: "YYYYSn with n 1-2 (e.g. 2023S2)",
  Q: "YYYYQn with n 1-4 (e.g. 2023Q3)",
  M: "YYYYMM (e.g. 202305)",
  SM: "YYYYMMSMn or YYYYMMSn with n 1-2 (e.g. 202305SM2)",
  D: "YYYYMMDD (e.g. 20230517)",
};

/** Milliseconds in a day: dates here are whole UTC days. */
export const DAY_MS = 86_400_000;

/** Whether a value is a cycle code. */
export function isCycle(value: unknown): value is Cycle {
  return typeof value === "string" && (CYCLES as readonly string[]).includes(value);
}

const LABEL = /^(\d{4})(?:(S|Q)(\d)|(\d{2})(?:(SM|S)(\d)|(\d{2}))?)?$/;

/**
 * Days since 1970-01-01 of a proleptic Gregorian date, years 1000 and later (Hinnant's
 * days_from_civil): the arithmetic of the client's hot paths, which read a label a row.
 *
 * @param y The year, 1000 or later.
 * @param m The month, 1 to 12.
 * @param d The day of the month.
 * @returns The day number.
 */
export function civilDays(y: number, m: number, d: number): number {
  // Every quotient is of positive integers, so `| 0` floors it in small integers.
  const yy = m <= 2 ? y - 1 : y;
  const era = (yy / 400) | 0;
  const yoe = yy - era * 400;
  const doy = (((153 * (m > 2 ? m - 3 : m + 9) + 2) / 5) | 0) + d - 1;
  return era * 146097 + yoe * 365 + ((yoe / 4) | 0) - ((yoe / 100) | 0) + doy - 719468;
}

/**
 * Days in a month of the Gregorian calendar.
 *
 * @param y The year.
 * @param m The month, 1 to 12.
 * @returns 28 to 31.
 */
export function daysInMonth(y: number, m: number): number {
  if (m === 2) return y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0) ? 29 : 28;
  return m === 4 || m === 6 || m === 9 || m === 11 ? 30 : 31;
}

/**
 * The digits of a text from `from` to `to` as a number, read from char codes.
 *
 * @param s The text.
 * @param from The first index.
 * @param to The index after the last.
 * @returns The number; -1 when a character is not a digit.
 */
export function digitsAt(s: string, from: number, to: number): number {
  let n = 0;
  for (let i = from; i < to; i++) {
    const d = s.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return -1;
    n = n * 10 + d;
  }
  return n;
}

/**
 * Recognises a label by its shape, or returns `undefined` when it has none of the shapes or
 * names an impossible date. With `cycle`, a label of another cycle is also `undefined`.
 *
 * @param label A TIME label such as "2023Q3".
 * @param cycle The cycle the label must belong to.
 * @returns The cycle and ordinal, or `undefined`.
 */
export function tryParseLabel(label: string, cycle?: Cycle): PeriodRef | undefined {
  const m = LABEL.exec(label);
  if (!m) return undefined;
  const year = Number(m[1]);
  if (year < 1000) return undefined;
  let ref: PeriodRef | undefined;
  if (m[2] !== undefined) {
    const n = Number(m[3]);
    if (m[2] === "S" && n >= 1 && n <= 2) ref = { cycle: "S", index: year * 2 + n - 1 };
    if (m[2] === "Q" && n >= 1 && n <= 4) ref = { cycle: "Q", index: year * 4 + n - 1 };
  } else if (m[4] !== undefined) {
    const month = Number(m[4]);
    if (month < 1 || month > 12) return undefined;
    const ym = year * 12 + month - 1;
    if (m[5] !== undefined) {
      const n = Number(m[6]);
      if (n >= 1 && n <= 2) ref = { cycle: "SM", index: ym * 2 + n - 1 };
    } else if (m[7] !== undefined) {
      const day = Number(m[7]);
      const t = Date.UTC(year, month - 1, day);
      if (day >= 1 && new Date(t).getUTCMonth() === month - 1) {
        ref = { cycle: "D", index: Math.round(t / DAY_MS) };
      }
    } else {
      ref = { cycle: "M", index: ym };
    }
  } else {
    ref = { cycle: "A", index: year };
  }
  if (ref === undefined || (cycle !== undefined && ref.cycle !== cycle)) return undefined;
  return ref;
}

/**
 * A label's ordinal in `cycle`, as `tryParseLabel(label.trim(), cycle)?.index`. The usual shapes
 * are read from char codes: the client reads a label a distinct TIME, and through the regular
 * expression 1,000 monthly labels took 0.19 ms against 0.03.
 *
 * @param label A TIME label.
 * @param cycle The cycle it must belong to.
 * @returns The ordinal, or `undefined`.
 */
export function periodOf(label: string, cycle: Cycle): number | undefined {
  const year = digitsAt(label, 0, 4);
  if (year >= 1000) {
    const n = label.length;
    if (cycle === "A" && n === 4) return year;
    if (cycle === "M" && n === 6) {
      const m = digitsAt(label, 4, 6);
      return m >= 1 && m <= 12 ? year * 12 + m - 1 : undefined;
    }
    if (cycle === "D" && n === 8) {
      const m = digitsAt(label, 4, 6);
      const d = digitsAt(label, 6, 8);
      if (m < 1 || m > 12 || d < 1 || d > daysInMonth(year, m)) return undefined;
      return civilDays(year, m, d);
    }
    const per = cycle === "Q" ? 4 : cycle === "S" ? 2 : 0;
    if (per > 0 && n === 6 && label.charCodeAt(4) === cycle.charCodeAt(0)) {
      const k = label.charCodeAt(5) - 48;
      return k >= 1 && k <= per ? year * per + k - 1 : undefined;
    }
  }
  return tryParseLabel(label.trim(), cycle)?.index;
}

/**
 * The first day of the period a label names, in the cycle its shape says, as
 * `periodStartDays` of `tryParseLabel(label.trim())`; the usual shapes read from char codes, as
 * {@linkcode periodOf}.
 *
 * @param label A TIME label.
 * @returns Days since 1970-01-01, or null for a label of no known shape.
 */
export function labelStartDay(label: string): number | null {
  const s = label.trim();
  const n = s.length;
  const y = digitsAt(s, 0, 4);
  if (y >= 1000) {
    if (n === 4) return civilDays(y, 1, 1);
    const m = digitsAt(s, 4, 6);
    if (n === 8) {
      const d = digitsAt(s, 6, 8);
      if (m >= 1 && m <= 12 && d >= 1) return d <= daysInMonth(y, m) ? civilDays(y, m, d) : null;
    } else if (n === 6) {
      if (m >= 1 && m <= 12) return civilDays(y, m, 1);
      const half = s.charCodeAt(4) === 0x53; // S
      const k = s.charCodeAt(5) - 0x30;
      if ((half || s.charCodeAt(4) === 0x51) && k >= 1 && k <= (half ? 2 : 4)) {
        return civilDays(y, (k - 1) * (half ? 6 : 3) + 1, 1);
      }
    }
  }
  const ref = tryParseLabel(s);
  return ref ? periodStartDays(ref.cycle, ref.index) : null;
}

const pad = (n: number, width: number) => String(n).padStart(width, "0");

/**
 * Writes the label of a period ordinal.
 *
 * @param cycle The cycle.
 * @param index The ordinal, as {@linkcode tryParseLabel} returns it.
 * @param sm How to spell half-monthly labels.
 * @returns The label, e.g. "2023Q3".
 */
export function formatPeriod(cycle: Cycle, index: number, sm: SmSpelling): string {
  switch (cycle) {
    case "A":
      return pad(index, 4);
    case "S":
      return `${pad(Math.floor(index / 2), 4)}S${(index % 2) + 1}`;
    case "Q":
      return `${pad(Math.floor(index / 4), 4)}Q${(index % 4) + 1}`;
    case "M":
      return `${pad(Math.floor(index / 12), 4)}${pad((index % 12) + 1, 2)}`;
    case "SM": {
      const ym = Math.floor(index / 2);
      const tag = sm === "spec" ? "SM" : "S";
      return `${pad(Math.floor(ym / 12), 4)}${pad((ym % 12) + 1, 2)}${tag}${(index % 2) + 1}`;
    }
    case "D": {
      const d = new Date(index * DAY_MS);
      return `${pad(d.getUTCFullYear(), 4)}${pad(d.getUTCMonth() + 1, 2)}${pad(d.getUTCDate(), 2)}`;
    }
  }
}

/**
 * The first day of a period, as whole days since 1970-01-01 (the physical value of a Polars
 * Date).
 */
export function periodStartDays(cycle: Cycle, index: number): number {
  switch (cycle) {
    case "A":
      return Date.UTC(index, 0, 1) / DAY_MS;
    case "S":
      return Date.UTC(Math.floor(index / 2), (index % 2) * 6, 1) / DAY_MS;
    case "Q":
      return Date.UTC(Math.floor(index / 4), (index % 4) * 3, 1) / DAY_MS;
    case "M":
      return Date.UTC(Math.floor(index / 12), index % 12, 1) / DAY_MS;
    case "SM": {
      const ym = Math.floor(index / 2);
      return Date.UTC(Math.floor(ym / 12), ym % 12, index % 2 === 0 ? 1 : 16) / DAY_MS;
    }
    case "D":
      return index;
  }
}

/** The last day of a period, as whole days since 1970-01-01. */
export function periodEndDays(cycle: Cycle, index: number): number {
  return cycle === "D" ? index : periodStartDays(cycle, index + 1) - 1;
}

/** Days since 1970-01-01 to a Date at UTC midnight. */
export function daysToDate(days: number): Date {
  return new Date(days * DAY_MS);
}

/**
 * The ordinal of the period of `cycle` that contains a date (read in UTC).
 *
 * @param date A valid date (callers check; an Invalid Date gives NaN).
 * @param cycle The cycle.
 * @returns The ordinal.
 */
export function dateToIndex(date: Date, cycle: Cycle): number {
  const t = date.getTime();
  const y = date.getUTCFullYear();
  const m = date.getUTCMonth();
  switch (cycle) {
    case "A":
      return y;
    case "S":
      return y * 2 + (m < 6 ? 0 : 1);
    case "Q":
      return y * 4 + Math.floor(m / 3);
    case "M":
      return y * 12 + m;
    case "SM":
      return (y * 12 + m) * 2 + (date.getUTCDate() <= 15 ? 0 : 1);
    case "D":
      return Math.floor(t / DAY_MS);
  }
}
