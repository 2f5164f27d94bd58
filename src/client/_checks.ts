/**
 * What a page's rows must be to belong to the query that asked for them, checked before any
 * row is kept (in a frame or in the response cache). Paging runs these on every page, whatever
 * decoded it, so that a faster decoder runs the same checks.
 *
 * StatisticSearch rows must have the STAT_CODE asked, a TIME that is a label of the cycle asked
 * (either half-monthly spelling) within the range of the part asked, the item codes asked where
 * items were given ("?" asks for any), and a (ITEM_CODE1..4, TIME) that no other row of the
 * pull has. Numeric fields (DATA_VALUE, WGT; and the lookups' DATA_CNT, WEIGHT) must be plain
 * decimal numbers (see {@linkcode isPlainNumber}), "-", "" or null. StatisticItemList rows must
 * have the STAT_CODE asked. Each check is a property load and a comparison or a map lookup a
 * row: linear in rows, and cheap beside parsing.
 *
 * @module
 */

import { BodyError, fieldName, type RawRow } from "./_envelope.ts";
import type { Redactor } from "./_errors.ts";
import { type Cycle, isCycle, tryParseLabel } from "../wire/period.ts";
import {
  type ColumnSpec,
  KEY_STATISTIC_LIST_SCHEMA,
  STATISTIC_ITEM_LIST_SCHEMA,
  STATISTIC_SEARCH_SCHEMA,
} from "../wire/columns.ts";

const isDigit = (c: number) => c >= 48 && c <= 57;

/**
 * Whether a string is a plain decimal as the service writes numbers ("2.5", "-0.3", "1373.1",
 * "2058466.5"): an optional sign, digits with an optional fraction (".5" and "5." included), an
 * optional exponent of at most four digits, and nothing else; its value finite. Not "0x10"
 * (read by JavaScript as 16), "Infinity", "1e999", " 1" or "1,000" (a thousands separator the
 * service has never sent, and a decimal comma elsewhere). A scan of char codes: about twice as
 * fast as the equivalent regular expression, on the client's hottest loop.
 */
function isDecimal(v: string): boolean {
  const n = v.length;
  // Reads past the end as -1: a charCodeAt out of range would cost the loop its optimisation.
  const at = (i: number) => (i < n ? v.charCodeAt(i) : -1);
  let i = 0;
  let c = at(0);
  if (c === 43 || c === 45) c = at(++i); // + -
  let digits = 0;
  while (isDigit(c)) {
    digits++;
    c = at(++i);
  }
  if (c === 46) { // .
    c = at(++i);
    while (isDigit(c)) {
      digits++;
      c = at(++i);
    }
  }
  if (digits === 0) return false;
  if (i === n) return true;
  if (c !== 101 && c !== 69) return false; // e E
  c = at(++i);
  if (c === 43 || c === 45) c = at(++i);
  const from = i;
  while (isDigit(c)) c = at(++i);
  return i === n && i > from && i - from <= 4 && Number.isFinite(+v);
}

/** Whether a string is a whole number: an optional sign and digits. */
function isWhole(v: string): boolean {
  let i = v.charCodeAt(0) === 43 || v.charCodeAt(0) === 45 ? 1 : 0;
  if (i === v.length) return false;
  for (; i < v.length; i++) if (!isDigit(v.charCodeAt(i))) return false;
  return true;
}

/**
 * Whether a numeric field's value is one the frame can read without guessing: a plain decimal
 * number (a string, or a finite JSON number), or a marker of a missing value ("-", "", null,
 * absent).
 *
 * @param v The field's value as decoded.
 * @param whole Only whole numbers (an integer column).
 * @returns `true` when the value is acceptable.
 */
export function isPlainNumber(v: unknown, whole = false): boolean {
  if (v === null || v === undefined || v === "" || v === "-") return true;
  if (typeof v === "number") return Number.isFinite(v) && (!whole || Number.isInteger(v));
  if (typeof v !== "string") return false;
  return whole ? isWhole(v) : isDecimal(v);
}

/** Days since 1970-01-01 of a proleptic Gregorian date (Hinnant's days_from_civil). */
function civilDays(y: number, m: number, d: number): number {
  // Years are 1000 and later: every quotient is of positive integers, so `| 0` floors it and
  // keeps the arithmetic in small integers.
  const yy = m <= 2 ? y - 1 : y;
  const era = (yy / 400) | 0;
  const yoe = yy - era * 400;
  const doy = (((153 * (m > 2 ? m - 3 : m + 9) + 2) / 5) | 0) + d - 1;
  const doe = yoe * 365 + ((yoe / 4) | 0) - ((yoe / 100) | 0) + doy;
  return era * 146097 + doe - 719468;
}

const daysInMonth = (y: number, m: number) =>
  m === 2
    ? (y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0) ? 29 : 28)
    : m === 4 || m === 6 || m === 9 || m === 11
    ? 30
    : 31;

/** Digits `from` to `to` of a label as a number; -1 when any is not a digit. */
function digitsAt(label: string, from: number, to: number): number {
  let n = 0;
  for (let i = from; i < to; i++) {
    const c = label.charCodeAt(i) - 48;
    if (c < 0 || c > 9) return -1;
    n = n * 10 + c;
  }
  return n;
}

/**
 * A TIME label's period ordinal in a cycle, as `tryParseLabel(label.trim(), cycle)` gives it,
 * or `undefined`. The common shapes are read from char codes (a pull reads one a row); others
 * (half-monthly, spaces) go the long way.
 *
 * @param label The label.
 * @param cycle The cycle asked.
 * @returns The ordinal, or `undefined` for a label that is not a period of `cycle`.
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
    if (
      (cycle === "Q" || cycle === "S") && n === 6 && label.charCodeAt(4) === cycle.charCodeAt(0)
    ) {
      const k = label.charCodeAt(5) - 48;
      return k >= 1 && k <= (cycle === "Q" ? 4 : 2)
        ? year * (cycle === "Q" ? 4 : 2) + k - 1
        : undefined;
    }
  }
  return tryParseLabel(label.trim(), cycle)?.index;
}

/** A code as the service echoes it: the same, or the same but for case and spaces. */
function sameCode(v: unknown, want: string, upper: string): boolean {
  return v === want || (typeof v === "string" && v.trim().toUpperCase() === upper);
}

/** The numeric fields of a schema, with whether they are whole numbers. */
function numberFields(schema: readonly ColumnSpec[]): { field: string; whole: boolean }[] {
  return schema.filter((c) => c.kind === "float" || c.kind === "int")
    .map((c) => ({ field: c.source ?? c.name, whole: c.kind === "int" }));
}

const NUMBERS: Readonly<Record<string, { field: string; whole: boolean }[]>> = {
  StatisticSearch: numberFields(STATISTIC_SEARCH_SCHEMA),
  KeyStatisticList: numberFields(KEY_STATISTIC_LIST_SCHEMA),
  StatisticItemList: numberFields(STATISTIC_ITEM_LIST_SCHEMA),
};

const ITEM_FIELDS = ["ITEM_CODE1", "ITEM_CODE2", "ITEM_CODE3", "ITEM_CODE4"] as const;

/** A StatisticSearch query as its arguments say: table, cycle, range, items. */
interface SearchAsked {
  statCode: string;
  upper: string;
  cycle: Cycle;
  start: string;
  end: string;
  lo: number;
  hi: number;
  /** The item codes asked, by level; `undefined` where any will do. */
  items: (string | undefined)[];
}

/** Reads a StatisticSearch request's arguments: table, cycle, start, end, items. */
function searchAsked(args: readonly string[]): SearchAsked | undefined {
  const [statCode, cycle, start, end, ...items] = args;
  if (statCode === undefined || !isCycle(cycle) || start === undefined || end === undefined) {
    return undefined;
  }
  const lo = tryParseLabel(start, cycle)?.index;
  const hi = tryParseLabel(end, cycle)?.index;
  if (lo === undefined || hi === undefined) return undefined;
  return {
    statCode,
    upper: statCode.toUpperCase(),
    cycle,
    start,
    end,
    lo,
    hi,
    items: items.map((code) => (code === "?" || code === "" ? undefined : code)),
  };
}

/**
 * The checks of one pull: every page of one request (a part of a search), in any order. It
 * remembers each row's (items, TIME) across pages, so that a page repeated (or rows repeated
 * within one) fails; a page that fails leaves nothing remembered, so that it can be asked
 * again.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { PullChecks } from "./_checks.ts";
 * import { Redactor } from "./_errors.ts";
 *
 * const checks = new PullChecks("StatisticSearch", ["722Y001", "M", "202401", "202402"]);
 * const row = (TIME: string) => ({ STAT_CODE: "722Y001", ITEM_CODE1: "0101000", TIME });
 * const redactor = new Redactor("key");
 * checks.page([row("202401")], 1, redactor);
 * assert.throws(() => checks.page([row("202401")], 2, redactor), /row 2, .*already given/);
 * assert.throws(() => checks.page([row("202403")], 2, redactor), /outside the range asked/);
 * checks.page([row("202402")], 2, redactor);
 * ```
 */
export class PullChecks {
  readonly #numbers: { field: string; whole: boolean }[];
  readonly #search: SearchAsked | undefined;
  /** StatisticItemList: the table asked. */
  readonly #table: { code: string; upper: string } | undefined;
  /** The periods seen of each item of the pull, by item id. */
  readonly #seen: Seen[] = [];
  /** Item ids by their codes, ITEM_CODE1..4 joined. */
  readonly #itemIds = new Map<string, number>();

  /**
   * @param service The service asked.
   * @param args Its arguments as sent (half-monthly labels in either spelling).
   */
  constructor(service: string, args: readonly string[]) {
    this.#numbers = NUMBERS[service] ?? [];
    this.#search = service === "StatisticSearch" ? searchAsked(args) : undefined;
    const code = args[0];
    this.#table = service === "StatisticItemList" && code !== undefined
      ? { code, upper: code.toUpperCase() }
      : undefined;
  }

  /**
   * Checks one page's rows.
   *
   * @param rows The page's rows.
   * @param firstRow The first row's number in the pull (the page's `startNo`).
   * @param redactor Hides the key in the values quoted.
   * @returns Takes back what the page marked as seen: for a page that passed these checks and
   * then failed another (the frame's), so that it can be asked again.
   * @throws {BodyError} Naming the first bad row's number and field, and what is wrong.
   */
  page(rows: readonly RawRow[], firstRow: number, redactor: Redactor): () => void {
    // The frame's wording (see _frame.ts): row number in the pull, field, value, what is wrong.
    const fail = (j: number, field: string, v: unknown, what: string): never => {
      throw new BodyError(
        `row ${firstRow + j}, field ${fieldName(field)}, holds ${shown(v, redactor)}, ${what}`,
      );
    };
    if (this.#search !== undefined) return this.#searchRows(rows, fail, redactor);
    const table = this.#table;
    for (let j = 0; j < rows.length; j++) {
      const r = rows[j]!;
      if (table !== undefined && !sameCode(r.STAT_CODE, table.code, table.upper)) {
        fail(j, "STAT_CODE", r.STAT_CODE, `not the table asked (${table.code})`);
      }
      for (const { field, whole } of this.#numbers) {
        if (!isPlainNumber(r[field], whole)) {
          fail(j, field, r[field], `not a plain ${whole ? "whole" : "decimal"} number`);
        }
      }
    }
    return () => {};
  }

  /** StatisticSearch rows: the fields named once each, for loads with fixed names. */
  #searchRows(
    rows: readonly RawRow[],
    fail: (j: number, field: string, v: unknown, what: string) => never,
    redactor: Redactor,
  ): () => void {
    const q = this.#search!;
    const [i1, i2, i3, i4] = q.items;
    // Each row's item and period, so that a page that fails can take back what it marked.
    const marked = new Int32Array(rows.length);
    const offsets = new Int32Array(rows.length);
    let j = 0;
    const undo = () => {
      for (let k = 0; k < j; k++) unmark(this.#seen[marked[k]!]!, offsets[k]!);
    };
    try {
      let prev: RawRow | undefined;
      let seen: Seen | undefined;
      let id = -1;
      for (; j < rows.length; j++) {
        const r = rows[j]!;
        const code = r.STAT_CODE;
        if (code !== q.statCode && !sameCode(code, q.statCode, q.upper)) {
          fail(j, "STAT_CODE", code, `not the table asked (${q.statCode})`);
        }
        const c1 = r.ITEM_CODE1, c2 = r.ITEM_CODE2, c3 = r.ITEM_CODE3, c4 = r.ITEM_CODE4;
        if (i1 !== undefined && c1 !== i1 && !sameCode(c1, i1, i1.toUpperCase())) {
          fail(j, "ITEM_CODE1", c1, `not the item asked (${i1})`);
        }
        if (i2 !== undefined && c2 !== i2 && !sameCode(c2, i2, i2.toUpperCase())) {
          fail(j, "ITEM_CODE2", c2, `not the item asked (${i2})`);
        }
        if (i3 !== undefined && c3 !== i3 && !sameCode(c3, i3, i3.toUpperCase())) {
          fail(j, "ITEM_CODE3", c3, `not the item asked (${i3})`);
        }
        if (i4 !== undefined && c4 !== i4 && !sameCode(c4, i4, i4.toUpperCase())) {
          fail(j, "ITEM_CODE4", c4, `not the item asked (${i4})`);
        }
        const time = r.TIME;
        const period = typeof time === "string" ? periodOf(time, q.cycle) : undefined;
        if (period === undefined) fail(j, "TIME", time, `not a period of cycle ${q.cycle}`);
        if (period < q.lo || period > q.hi) {
          fail(j, "TIME", time, `outside the range asked (${q.start} to ${q.end})`);
        }
        const value = r.DATA_VALUE;
        if (value !== null && value !== "" && value !== "-" && !isPlainNumber(value)) {
          fail(j, "DATA_VALUE", value, "not a plain decimal number");
        }
        if (r.WGT !== null && !isPlainNumber(r.WGT)) {
          fail(j, "WGT", r.WGT, "not a plain decimal number");
        }
        // Rows come item by item: most have the previous row's items.
        if (
          prev === undefined || c1 !== prev.ITEM_CODE1 || c2 !== prev.ITEM_CODE2 ||
          c3 !== prev.ITEM_CODE3 || c4 !== prev.ITEM_CODE4
        ) {
          const items = `${c1}\u0001${c2}\u0001${c3}\u0001${c4}`;
          id = this.#itemIds.get(items) ?? -1;
          if (id < 0) {
            id = this.#itemIds.size;
            this.#itemIds.set(items, id);
            this.#seen.push(newSeen(q.hi - q.lo + 1));
          }
          seen = this.#seen[id]!;
        }
        prev = r;
        const offset = period - q.lo;
        if (!mark(seen!, offset)) {
          fail(
            j,
            "TIME",
            time,
            `a period already given for the same items (${shownItems(r, redactor)})`,
          );
        }
        marked[j] = id;
        offsets[j] = offset;
      }
    } catch (e) {
      // A page that fails may be asked again: it takes back what it marked.
      undo();
      throw e;
    }
    return undo;
  }
}

/** The periods seen of one item: a bit a period, or a set for a range too long for bits. */
type Seen = Uint8Array | Set<number>;

/** Periods above this use a set: bits for them all would cost more than the rows. */
const MAX_BITS = 1 << 17;

function newSeen(periods: number): Seen {
  return periods <= MAX_BITS ? new Uint8Array((periods + 7) >> 3) : new Set<number>();
}

/** Marks a period seen; `false` when it was already. */
function mark(seen: Seen, offset: number): boolean {
  if (seen instanceof Set) {
    if (seen.has(offset)) return false;
    seen.add(offset);
    return true;
  }
  const byte = seen[offset >> 3]!;
  const bit = 1 << (offset & 7);
  if ((byte & bit) !== 0) return false;
  seen[offset >> 3] = byte | bit;
  return true;
}

function unmark(seen: Seen, offset: number): void {
  if (seen instanceof Set) seen.delete(offset);
  else seen[offset >> 3]! &= ~(1 << (offset & 7));
}

/** A value for a message: the key removed before it is cut, so no part of it is left. */
function shown(v: unknown, redactor: Redactor): string {
  if (v === undefined) return "nothing";
  if (v === null) return "null";
  if (typeof v === "object") return Array.isArray(v) ? "a list" : "an object";
  if (typeof v === "boolean") return "boolean";
  const text = redactor.text(typeof v === "string" ? v : String(v));
  return JSON.stringify(text.length > 40 ? `${text.slice(0, 40)}...` : text);
}

/** A row's item codes, for a message (the key removed before the cut). */
function shownItems(r: RawRow, redactor: Redactor): string {
  const codes = ITEM_FIELDS.map((f) => r[f]).filter((v) => v !== null && v !== undefined);
  return redactor.text(codes.map(String).join("/")).slice(0, 80);
}
