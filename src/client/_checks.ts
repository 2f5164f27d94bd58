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
 * A page the scanner read (_scan_json.ts) is checked in its columns, with no object a row
 * ({@linkcode PullChecks.scanned}): codes and labels once per distinct value of the page's
 * dictionaries, then a pass over the rows' ids in typed arrays. It fails on the same row and
 * field, with the same words, as the rows would, and marks the same record of the pull: a pull
 * may check some pages one way and some the other (tests/client/scan_json_test.ts holds the
 * two to the same outcomes).
 *
 * @module
 */

import { BodyError, fieldName, type RawRow } from "./_envelope.ts";
import { isPlainNumber } from "./_plain_number.ts";
import type { Redactor } from "./_errors.ts";
import { rowsOf, type ScanFields, type ScannedPage, type ScannedText } from "./_scan_columns.ts";
import {
  civilDays,
  type Cycle,
  daysInMonth,
  digitsAt,
  isCycle,
  tryParseLabel,
} from "../wire/period.ts";
import {
  type ColumnSpec,
  KEY_STATISTIC_LIST_SCHEMA,
  STATISTIC_ITEM_LIST_SCHEMA,
  STATISTIC_SEARCH_SCHEMA,
} from "../wire/columns.ts";

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
          id = this.#itemId(c1, c2, c3, c4);
          seen = this.#seen[id]!;
        }
        prev = r;
        const offset = period - q.lo;
        if (!mark(seen!, offset)) {
          fail(
            j,
            "TIME",
            time,
            `a period already given for the same items (${shownItems([c1, c2, c3, c4], redactor)})`,
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

  /**
   * Checks one page as the scanner read it, in its columns: the outcome of
   * {@linkcode PullChecks.page} on its rows (the same first bad row and field, the same
   * message), marking the same record of the pull. Codes are compared once per distinct value
   * of the page's dictionaries, labels read once per distinct value; then one pass over the
   * rows' ids finds the first bad row in the rows' order and marks each row's (items, TIME).
   * Numbers need no check: the scanner reads only plain decimals, "-", "" and null, and hands
   * any other value to the reference path. A page of another service, or of fields without
   * the codes, is checked in rows.
   *
   * @param page The scanned page.
   * @param firstRow The first row's number in the pull (the page's `startNo`).
   * @param redactor Hides the key in the values quoted.
   * @returns Takes back what the page marked as seen (see {@linkcode PullChecks.page}).
   * @throws {BodyError} Naming the first bad row's number and field, and what is wrong.
   */
  scanned(page: ScannedPage, firstRow: number, redactor: Redactor): () => void {
    const q = this.#search;
    const at = q === undefined ? undefined : codeFieldsOf(page.fields);
    if (q === undefined || at === undefined) return this.page(rowsOf(page), firstRow, redactor);
    const count = page.count;
    const stat = page.texts[at.stat]!;
    const time = page.texts[at.time]!;
    const items = at.items.map((k) => page.texts[k]!);
    // Which ids hold a code other than the one asked (none where any will do), and each
    // distinct label's place in the range asked: each distinct value read once.
    const statBad = badCodes(stat.values, q.statCode);
    const itemBad = items.map((x, k) => badCodes(x.values, q.items[k]));
    const [bad1, bad2, bad3, bad4] = itemBad as [Uint8Array, Uint8Array, Uint8Array, Uint8Array];
    const offsets = labelOffsets(time.values, q);
    // Ids of row j as `ids[j & mask]`: a column that holds one value is that id at index 0.
    const [s, sm] = idsOf(stat);
    const [t, tm] = idsOf(time);
    const [a, am] = idsOf(items[0]!);
    const [b, bm] = idsOf(items[1]!);
    const [c, cm] = idsOf(items[2]!);
    const [d, dm] = idsOf(items[3]!);
    // The pull's item ids by the page's ids of ITEM_CODE1..4 (one number, when it fits).
    const [n1, n2, n3, n4] = items.map((x) => x.values.length) as [number, number, number, number];
    const byIds = n1 * n2 * n3 * n4 <= Number.MAX_SAFE_INTEGER ? new Map<number, number>() : null;
    const codesOf = (j: number) =>
      items.map((x, k) => x.values[[a[j & am]!, b[j & bm]!, c[j & cm]!, d[j & dm]!][k]!]);
    const all = this.#seen;
    const marked = new Int32Array(count);
    // Run by run (rows come item by item, a run holding the same codes): its codes checked
    // once, then its rows marked in a loop over typed arrays alone. Stops at the first row
    // that fails a check.
    let j = 0;
    while (j < count) {
      const sj = s[j & sm]!, aj = a[j & am]!, bj = b[j & bm]!, cj = c[j & cm]!, dj = d[j & dm]!;
      if ((statBad[sj]! | bad1[aj]! | bad2[bj]! | bad3[cj]! | bad4[dj]!) !== 0) break;
      const key = ((aj * n2 + bj) * n3 + cj) * n4 + dj;
      let id = byIds?.get(key) ?? -1;
      if (id < 0) {
        const [v1, v2, v3, v4] = codesOf(j);
        id = this.#itemId(v1, v2, v3, v4);
        byIds?.set(key, id);
      }
      const end = runEnd(s, sm, a, am, b, bm, c, cm, d, dm, j, count);
      const stop = markRun(all[id]!, id, t, tm, offsets, j, end, marked);
      j = stop;
      if (stop < end) break;
    }
    const done = j;
    const undo = () => {
      for (let k = 0; k < done; k++) unmark(all[marked[k]!]!, offsets[t[k & tm]!]!);
    };
    if (done === count) return undo;
    // Row `done` failed: what the rows' checks would say of it, in their order of fields.
    undo();
    const fail = (field: string, v: unknown, what: string): never => {
      throw new BodyError(
        `row ${firstRow + done}, field ${fieldName(field)}, holds ${shown(v, redactor)}, ${what}`,
      );
    };
    const sj = s[done & sm]!;
    if (statBad[sj] === 1) {
      fail("STAT_CODE", stat.values[sj], `not the table asked (${q.statCode})`);
    }
    const ids = [a[done & am]!, b[done & bm]!, c[done & cm]!, d[done & dm]!];
    ids.forEach((v, k) => {
      if (itemBad[k]![v] === 1) {
        fail(ITEM_FIELDS[k]!, items[k]!.values[v], `not the item asked (${q.items[k]})`);
      }
    });
    const tj = t[done & tm]!;
    const offset = offsets[tj]!;
    if (offset === NOT_A_PERIOD) fail("TIME", time.values[tj], `not a period of cycle ${q.cycle}`);
    if (offset === OUTSIDE) {
      fail("TIME", time.values[tj], `outside the range asked (${q.start} to ${q.end})`);
    }
    const codes = shownItems(codesOf(done), redactor);
    return fail("TIME", time.values[tj], `a period already given for the same items (${codes})`);
  }

  /** The pull's id of an item (ITEM_CODE1..4), made with its record of periods when new. */
  #itemId(c1: unknown, c2: unknown, c3: unknown, c4: unknown): number {
    const q = this.#search!;
    const items = `${c1}\u0001${c2}\u0001${c3}\u0001${c4}`;
    let id = this.#itemIds.get(items) ?? -1;
    if (id < 0) {
      id = this.#itemIds.size;
      this.#itemIds.set(items, id);
      this.#seen.push(newSeen(q.hi - q.lo + 1));
    }
    return id;
  }
}

/** Where a scan's fields put the codes and TIME. */
interface CodeFields {
  stat: number;
  items: number[];
  time: number;
}

const codeFields = new WeakMap<ScanFields, CodeFields | null>();

/**
 * The places of STAT_CODE, ITEM_CODE1..4 and TIME among a scan's text fields; `undefined` when
 * one is missing, or DATA_VALUE or WGT is not among its numbers (which the scanner vouches
 * for): such a page is checked in rows.
 */
function codeFieldsOf(fields: ScanFields): CodeFields | undefined {
  let at = codeFields.get(fields);
  if (at === undefined) {
    const stat = fields.text.indexOf("STAT_CODE");
    const items = ITEM_FIELDS.map((f) => fields.text.indexOf(f));
    const time = fields.text.indexOf("TIME");
    const numbers = NUMBERS.StatisticSearch!.every(({ field }) => fields.numbers.includes(field));
    at = stat < 0 || time < 0 || items.includes(-1) || !numbers ? null : { stat, items, time };
    codeFields.set(fields, at);
  }
  return at ?? undefined;
}

/** A text column's ids, and the mask to index them by row: 0 for a column of one value. */
function idsOf(t: ScannedText): [Uint32Array, number] {
  return t.ids === undefined ? [Uint32Array.of(t.constant), 0] : [t.ids, -1];
}

/** 1 for each distinct value of a page dictionary that is not the code asked (if one was). */
function badCodes(values: readonly unknown[], want: string | undefined): Uint8Array {
  const bad = new Uint8Array(values.length);
  if (want === undefined) return bad;
  const upper = want.toUpperCase();
  for (let id = 0; id < values.length; id++) {
    const v = values[id];
    if (v !== want && !sameCode(v, want, upper)) bad[id] = 1;
  }
  return bad;
}

/** The end of the run of rows from `j` on that hold row `j`'s codes (by their ids). */
function runEnd(
  s: Uint32Array,
  sm: number,
  a: Uint32Array,
  am: number,
  b: Uint32Array,
  bm: number,
  c: Uint32Array,
  cm: number,
  d: Uint32Array,
  dm: number,
  j: number,
  count: number,
): number {
  const sj = s[j & sm], aj = a[j & am], bj = b[j & bm], cj = c[j & cm], dj = d[j & dm];
  let k = j + 1;
  while (
    k < count && s[k & sm] === sj && a[k & am] === aj && b[k & bm] === bj && c[k & cm] === cj &&
    d[k & dm] === dj
  ) k++;
  return k;
}

/**
 * Marks the periods of rows `from` to `to` (one item's) seen, noting the item of each in
 * `marked`; stops at a TIME outside the range or not of the cycle, or a period seen already.
 *
 * @returns The row it stopped at, or `to`.
 */
function markRun(
  seen: Seen,
  id: number,
  t: Uint32Array,
  tm: number,
  offsets: Int32Array,
  from: number,
  to: number,
  marked: Int32Array,
): number {
  if (seen instanceof Set) {
    for (let j = from; j < to; j++) {
      const offset = offsets[t[j & tm]!]!;
      if (offset < 0 || !mark(seen, offset)) return j;
      marked[j] = id;
    }
    return to;
  }
  for (let j = from; j < to; j++) {
    const offset = offsets[t[j & tm]!]!;
    if (offset < 0) return j;
    const byte = seen[offset >> 3]!;
    const bit = 1 << (offset & 7);
    if ((byte & bit) !== 0) return j;
    seen[offset >> 3] = byte | bit;
    marked[j] = id;
  }
  return to;
}

/** A TIME that is no label of the cycle asked. */
const NOT_A_PERIOD = -1;
/** A TIME outside the range asked. */
const OUTSIDE = -2;

/** Each distinct TIME's place in the range asked, or why it has none. */
function labelOffsets(values: readonly unknown[], q: SearchAsked): Int32Array {
  const offsets = new Int32Array(values.length);
  for (let id = 0; id < values.length; id++) {
    const v = values[id];
    const period = typeof v === "string" ? periodOf(v, q.cycle) : undefined;
    offsets[id] = period === undefined
      ? NOT_A_PERIOD
      : period < q.lo || period > q.hi
      ? OUTSIDE
      : period - q.lo;
  }
  return offsets;
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

/** A row's item codes (ITEM_CODE1..4), for a message (the key removed before the cut). */
function shownItems(items: readonly unknown[], redactor: Redactor): string {
  const codes = items.filter((v) => v !== null && v !== undefined);
  return redactor.text(codes.map(String).join("/")).slice(0, 80);
}
