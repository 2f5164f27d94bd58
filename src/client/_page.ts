/**
 * The one shape of a page of rows, whatever decoded it ({@linkcode Page}: columns, a dictionary
 * and an id a row per text field, a Float64Array per numeric field), and what a number from the
 * service must look like ({@linkcode isPlainNumber}).
 *
 * @module
 */

import { free } from "../util/free.ts";

/** The fields a page holds: text (dates too: TIME is a label), then numeric ones. */
export interface PageFields {
  /** The service, whose name is the envelope's key. */
  readonly service: string;
  readonly text: readonly string[];
  readonly numbers: readonly string[];
  /** Those of `numbers` that must be whole (DATA_CNT). */
  readonly whole: readonly string[];
}

/** The id of a field a row does not have. */
export const ABSENT_ID = 1;

/** One text field of a page: each row's id, `undefined` when every row holds `constant`. */
export interface PageText {
  /** Distinct values as sent (untrimmed): id 0 is null, {@linkcode ABSENT_ID} absent. */
  readonly values: readonly unknown[];
  readonly ids: Uint32Array | undefined;
  readonly constant: number;
}

/** A page of rows as columns: what every decoder gives. */
export interface Page {
  readonly fields: PageFields;
  /** `list_total_count`: the rows of the whole query, over all pages. */
  readonly total: number;
  readonly count: number;
  /** By {@linkcode PageFields.text}. */
  readonly texts: readonly PageText[];
  /** By {@linkcode PageFields.numbers}: values, NaN where missing; `undefined` when all are. */
  readonly numbers: readonly (Float64Array | undefined)[];
  /** By {@linkcode PageFields.numbers}: the first value (if any) that is not a plain number. */
  readonly odd?: readonly ({ row: number; value: unknown } | undefined)[] | undefined;
}

/** Frees a page's columns now, once a frame has taken its rows (see `src/util/free.ts`). */
export function releasePage(page: Page): void {
  for (const text of page.texts) free(text.ids);
  for (const values of page.numbers) free(values);
}

const isDigit = (c: number) => c >= 48 && c <= 57;

/**
 * Whether a numeric field's value reads without guessing: "-", "", null, absent, a finite number,
 * or a string of a sign, digits, a fraction (".5", "5.") and an exponent of at most four digits
 * (`whole`: neither), finite.
 */
export function isPlainNumber(v: unknown, whole = false): boolean {
  if (v === null || v === undefined || v === "" || v === "-") return true;
  if (typeof v === "number") return Number.isFinite(v) && (!whole || Number.isInteger(v));
  if (typeof v !== "string") return false;
  const n = v.length;
  // Reads past the end as -1: a charCodeAt out of range would cost the loop its optimisation.
  const at = (i: number) => (i < n ? v.charCodeAt(i) : -1);
  let i = 0;
  let c = at(0);
  if (c === 43 || c === 45) c = at(++i); // + -
  let digits = 0;
  for (; isDigit(c); c = at(++i)) digits++;
  if (c === 46 /* . */ && !whole) { for (c = at(++i); isDigit(c); c = at(++i)) digits++; }
  if (digits === 0) return false;
  // 309 digits or more may pass the largest double ("1" and 400 zeros reads as Infinity).
  if (i === n) return whole || digits < 309 || Number.isFinite(+v);
  if (whole || (c !== 101 && c !== 69)) return false; // e E
  c = at(++i);
  if (c === 43 || c === 45) c = at(++i);
  const from = i;
  while (isDigit(c)) c = at(++i);
  return i === n && i > from && i - from <= 4 && Number.isFinite(+v);
}
