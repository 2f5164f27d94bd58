/**
 * The columns a frame is built from, before Polars sees them: text as a dictionary of distinct
 * values and an index a row, numbers as a Float64Array, TIME labels as days. Shared by the
 * row reader and the scanned pages (_frame.ts).
 *
 * @module
 */

import {
  civilDays,
  daysInMonth,
  digitsAt,
  periodStartDays,
  tryParseLabel,
} from "../wire/period.ts";
import type { ScannedText } from "./_scan_columns.ts";

/**
 * A text field's value, trimmed (names and units have come with trailing spaces: "원 "), or
 * null for absent and empty.
 */
export function textOf(v: unknown): string | null {
  if (v === null || v === undefined) return null;
  const s = (typeof v === "string" ? v : String(v)).trim();
  return s === "" ? null : s;
}

/** A numeric field's value; NaN for missing ("" and "-") or unreadable. */
export function numberOf(v: unknown): number {
  if (typeof v === "number") return v;
  if (typeof v !== "string" || v === "" || v === "-") return NaN;
  const n = +v;
  // The common case, a plain number; +" " is 0 and +"1,000" NaN, so those take the long way.
  if (n !== 0 && n === n) return n;
  const s = v.trim();
  if (s === "" || s === "-") return NaN;
  // Thousands separators are not sent, but cost nothing to accept.
  return Number(s.includes(",") ? s.replaceAll(",", "") : s);
}

/**
 * Days since 1970-01-01 of a label's period, or null for a label of no known shape. Daily
 * labels, most of a big pull's, are read from their char codes; others by tryParseLabel.
 */
function labelDay(label: string): number | null {
  const s = label.trim();
  if (s.length === 8) {
    const y = digitsAt(s, 0, 4);
    const m = digitsAt(s, 4, 6);
    const d = digitsAt(s, 6, 8);
    if (y >= 1000 && m >= 1 && m <= 12 && d >= 1) {
      return d <= daysInMonth(y, m) ? civilDays(y, m, d) : null;
    }
  }
  const ref = tryParseLabel(s);
  return ref ? periodStartDays(ref.cycle, ref.index) : null;
}

/** Days since 1970-01-01 of each distinct label; null where a label has no known shape. */
export function labelDays(values: readonly (string | null)[]): (number | null)[] {
  return values.map((label) => (label === null ? null : labelDay(label)));
}

/** Room for rows: grows by doubling unless told the total beforehand. */
export function capacityFor(needed: number, current: number): number {
  return Math.max(needed, current * 2, 1024);
}

/**
 * A text field, dictionary-encoded: distinct values once, and an index per row. Most fields
 * hold one value in every row of a pull (STAT_CODE, STAT_NAME, the unused ITEM_CODE2..4): the
 * index array is made only when a second value appears, so such a column costs no memory per
 * row and becomes a literal in the frame.
 */
export class TextColumn {
  /**
   * Distinct values; index 0 is null. (A page's dictionary taken whole may hold null, or a
   * value, more than once: the frame is the same.)
   */
  values: (string | null)[] = [null];
  /** Indices by value; made when first needed (a pull of one scanned page needs none). */
  #seen: Map<string, number> | undefined;
  /** The index every row so far holds, while there is no array (-1: no row yet). */
  constant = -1;
  /** The index of each row, once two values have been seen. */
  index: Uint32Array | undefined;

  /** The index of a raw value, adding it when new. */
  code(raw: unknown): number {
    const v = textOf(raw);
    if (v === null) return 0;
    const seen = this.#seen ?? this.#index();
    let k = seen.get(v);
    if (k === undefined) {
      k = this.values.length;
      this.values.push(v);
      seen.set(v, k);
    }
    return k;
  }

  #index(): Map<string, number> {
    const seen = new Map<string, number>();
    this.values.forEach((v, k) => {
      if (v !== null && !seen.has(v)) seen.set(v, k);
    });
    return this.#seen = seen;
  }

  /**
   * The index array, made now: every row read so far held the constant (pages may come in
   * any order, so that is every row but those not read yet, which will be written).
   */
  materialize(capacity: number): Uint32Array {
    const index = new Uint32Array(capacity);
    if (this.constant > 0) index.fill(this.constant);
    this.index = index;
    return index;
  }

  /** Makes room for `capacity` rows in an existing index array. */
  grow(capacity: number, height: number): void {
    if (this.index === undefined || this.index.length >= capacity) return;
    const index = new Uint32Array(capacity);
    index.set(this.index.subarray(0, height));
    if (this.constant > 0) index.fill(this.constant, height);
    this.index = index;
  }

  /**
   * Merges a scanned page's field into the column, its rows from `at` on: the page's
   * dictionary is mapped to this one value by value, then its ids through that map.
   */
  merge(page: ScannedText, at: number, count: number, capacity: number): void {
    if (this.values.length === 1 && this.constant < 0 && this.index === undefined) {
      // The first page: its dictionary becomes the column's, its ids the rows'.
      this.values = page.values.map(textOf);
      if (page.ids === undefined) this.constant = page.constant;
      else (this.index ?? this.materialize(capacity)).set(page.ids, at);
      return;
    }
    const map = new Uint32Array(page.values.length);
    for (let k = 0; k < map.length; k++) map[k] = this.code(page.values[k]);
    const ids = page.ids;
    if (ids === undefined) {
      const k = map[page.constant]!;
      if (this.index === undefined) {
        if (this.constant < 0) this.constant = k;
        else if (k !== this.constant) this.materialize(capacity);
      }
      this.index?.fill(k, at, at + count);
      return;
    }
    const index = this.index ?? this.materialize(capacity);
    for (let r = 0; r < count; r++) index[at + r] = map[ids[r]!]!;
  }
}

/** A numeric field: NaN marks missing; no array while every value so far is missing. */
export class NumberColumn {
  values: Float64Array | undefined;

  /** The values array, made now: every row read so far was missing. */
  materialize(capacity: number): Float64Array {
    const values = new Float64Array(capacity);
    values.fill(NaN);
    this.values = values;
    return values;
  }

  /** Makes room for `capacity` rows in an existing array. */
  grow(capacity: number, height: number): void {
    if (this.values === undefined || this.values.length >= capacity) return;
    const values = new Float64Array(capacity);
    values.set(this.values.subarray(0, height));
    values.fill(NaN, height);
    this.values = values;
  }
}
