/**
 * What a page's rows must be to belong to the query that asked for them, checked on its columns
 * before any row is kept: the table, items, cycle and range asked, no (items, TIME) twice in a
 * pull, plain numbers. Each distinct value once, then one pass over the ids.
 *
 * @module
 */

import { BodyError, fieldName, type Redactor } from "./_errors.ts";
import { ABSENT_ID, type Page, type PageText } from "./_page.ts";
import { isCycle, periodOf } from "../wire/period.ts";

const ITEM_FIELDS = ["ITEM_CODE1", "ITEM_CODE2", "ITEM_CODE3", "ITEM_CODE4"] as const;
type Four<T> = [T, T, T, T];

/** A StatisticSearch query as its arguments say; `items` by level, `undefined` where any will do. */
type SearchAsked = NonNullable<ReturnType<typeof searchAsked>>;

/** Reads a StatisticSearch request's arguments: table, cycle, start, end, items. */
function searchAsked(args: readonly string[]) {
  const [statCode, cycle, start, end, ...codes] = args;
  if (statCode === undefined || !isCycle(cycle) || start === undefined || end === undefined) {
    return undefined;
  }
  // As `tryParseLabel(start, cycle)?.index` (untrimmed), without its regular expression.
  const lo = start === start.trim() ? periodOf(start, cycle) : undefined;
  const hi = end === end.trim() ? periodOf(end, cycle) : undefined;
  if (lo === undefined || hi === undefined) return undefined;
  const items = codes.map((code) => (code === "?" || code === "" ? undefined : code));
  return { statCode, cycle, start, end, lo, hi, items };
}

type Fail = (row: number, field: string, v: unknown, what: string) => never;

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
 * import { pageOf } from "./_decode.ts";
 * import { Redactor } from "./_errors.ts";
 *
 * const checks = new PullChecks("StatisticSearch", ["722Y001", "M", "202401", "202402"]);
 * const page = (TIME: string) =>
 *   pageOf([{ STAT_CODE: "722Y001", ITEM_CODE1: "0101000", TIME }], 2, undefined, "StatisticSearch");
 * const redactor = new Redactor("key");
 * checks.page(page("202401"), 1, redactor);
 * assert.throws(() => checks.page(page("202401"), 2, redactor), /row 2, .*already given/);
 * assert.throws(() => checks.page(page("202403"), 2, redactor), /outside the range asked/);
 * checks.page(page("202402"), 2, redactor);
 * ```
 */
export class PullChecks {
  readonly #search: SearchAsked | undefined;
  /** StatisticItemList: the table asked. */
  readonly #table: string | undefined;
  /** The periods seen of each item of the pull, by item id. */
  readonly #seen: Seen[] = [];
  /** Item ids by their codes, ITEM_CODE1..4 joined. */
  readonly #itemIds = new Map<string, number>();

  /** */
  constructor(service: string, args: readonly string[]) {
    this.#search = service === "StatisticSearch" ? searchAsked(args) : undefined;
    this.#table = service === "StatisticItemList" ? args[0] : undefined;
  }

  /** Checks one page, marking each row's (items, TIME) as seen; gives the undoing of that. */
  page(page: Page, firstRow: number, redactor: Redactor): () => void {
    const fail: Fail = (row, field, v, what) => {
      throw new BodyError(
        `row ${firstRow + row}, field ${fieldName(field)}, holds ${shown(v, redactor)}, ${what}`,
      );
    };
    // A row's numbers are read after its codes and TIME: a row before the odd one fails first.
    const odd = firstOdd(page);
    const oddRow = odd?.row ?? page.count;
    let undo = () => {};
    if (this.#search !== undefined) undo = this.#searchPage(page, oddRow, fail, redactor);
    else if (this.#table !== undefined) {
      const stat = textAt(page, "STAT_CODE");
      const bad = badCodes(stat.values, this.#table);
      const [s, sm] = idsOf(stat);
      for (let j = 0; j <= oddRow && j < page.count; j++) {
        const id = s[j & sm]!;
        if (bad[id] === 1) {
          fail(j, "STAT_CODE", stat.values[id], `not the table asked (${this.#table})`);
        }
      }
    }
    if (odd === undefined) return undo;
    undo();
    return fail(odd.row, odd.field, odd.value, odd.what);
  }

  /** The search's checks; when a row before `oddRow` fails, undone first. */
  #searchPage(page: Page, oddRow: number, fail: Fail, redactor: Redactor): () => void {
    const q = this.#search!;
    const count = page.count;
    const stat = textAt(page, "STAT_CODE");
    const time = textAt(page, "TIME");
    const items = ITEM_FIELDS.map((f) => textAt(page, f));
    // Which ids hold a code other than the one asked (none where any will do), and each
    // distinct label's place in the range asked: each distinct value read once.
    const statBad = badCodes(stat.values, q.statCode);
    const itemBad = items.map((x, k) => badCodes(x.values, q.items[k])) as Four<Uint8Array>;
    const [bad1, bad2, bad3, bad4] = itemBad;
    const offsets = labelOffsets(time.values, q);
    // Ids of row j as `ids[j & mask]`: a column that holds one value is that id at index 0.
    const [s, sm] = idsOf(stat);
    const [t, tm] = idsOf(time);
    const columns = items.map(idsOf) as Four<[Uint32Array, number]>;
    const [[a, am], [b, bm], [c, cm], [d, dm]] = columns;
    const itemIdsAt = (j: number) => columns.map(([x, m]) => x[j & m]!);
    const codesAt = (j: number) => itemIdsAt(j).map((id, k) => items[k]!.values[id]);
    // The pull's item ids by the page's ids of ITEM_CODE1..4 (one number, when it fits).
    const [n1, n2, n3, n4] = items.map((x) => x.values.length) as Four<number>;
    const byIds = n1 * n2 * n3 * n4 <= Number.MAX_SAFE_INTEGER ? new Map<number, number>() : null;
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
        id = this.#itemId(codesAt(j));
        byIds?.set(key, id);
      }
      const end = runEnd(s, sm, a, am, b, bm, c, cm, d, dm, j, count);
      j = markRun(all[id]!, id, t, tm, offsets, j, end, marked);
      if (j < end) break;
    }
    const done = j;
    const undo = () => {
      for (let k = 0; k < done; k++) unmark(all[marked[k]!]!, offsets[t[k & tm]!]!);
    };
    if (done === count || oddRow < done) return undo;
    // A row failed: of its fields the first, in the order the fields are read.
    undo();
    const sj = s[done & sm]!;
    if (statBad[sj] === 1) {
      fail(done, "STAT_CODE", stat.values[sj], `not the table asked (${q.statCode})`);
    }
    itemIdsAt(done).forEach((v, k) => {
      if (itemBad[k]![v] === 1) {
        fail(done, ITEM_FIELDS[k]!, items[k]!.values[v], `not the item asked (${q.items[k]})`);
      }
    });
    const tj = t[done & tm]!;
    const label = time.values[tj];
    if (offsets[tj] === NOT_A_PERIOD) fail(done, "TIME", label, `not a period of cycle ${q.cycle}`);
    if (offsets[tj] === OUTSIDE) {
      fail(done, "TIME", label, `outside the range asked (${q.start} to ${q.end})`);
    }
    if (done === oddRow) return () => {}; // undone: its number fails
    const codes = shownItems(codesAt(done), redactor);
    return fail(done, "TIME", label, `a period already given for the same items (${codes})`);
  }

  /** The pull's id of an item (ITEM_CODE1..4), made with its record of periods when new. */
  #itemId(codes: readonly unknown[]): number {
    const items = codes.map(String).join("\u0001");
    let id = this.#itemIds.get(items) ?? -1;
    if (id < 0) {
      id = this.#itemIds.size;
      this.#itemIds.set(items, id);
      // Periods beyond MAX_BITS use a set: bits for them all would cost more than the rows.
      const periods = this.#search!.hi - this.#search!.lo + 1;
      this.#seen.push(periods <= MAX_BITS ? new Uint8Array((periods + 7) >> 3) : new Set<number>());
    }
    return id;
  }
}

/** The page's first numeric value that is not a plain number (by row, then by field). */
function firstOdd(page: Page) {
  let first: { row: number; field: string; value: unknown; what: string } | undefined;
  page.odd?.forEach((o, j) => {
    if (o === undefined || (first !== undefined && first.row <= o.row)) return;
    const field = page.fields.numbers[j]!;
    const what = `not a plain ${page.fields.whole.includes(field) ? "whole" : "decimal"} number`;
    first = { row: o.row, field, value: o.value, what };
  });
  return first;
}

/** A column no row has: every row absent. */
const ABSENT: PageText = { values: [null, undefined], ids: undefined, constant: ABSENT_ID };

/** A page's text field by name; absent in every row when the page does not hold it. */
function textAt(page: Page, field: string): PageText {
  const k = page.fields.text.indexOf(field);
  return k < 0 ? ABSENT : page.texts[k]!;
}

/** A text column's ids, and the mask to index them by row: 0 for a column of one value. */
function idsOf(t: PageText): [Uint32Array, number] {
  return t.ids === undefined ? [Uint32Array.of(t.constant), 0] : [t.ids, -1];
}

/**
 * 1 for each distinct value of a page dictionary that is not the code asked (if one was): the
 * same, or the same but for case and spaces.
 */
function badCodes(values: readonly unknown[], want: string | undefined): Uint8Array {
  const bad = new Uint8Array(values.length);
  if (want === undefined) return bad;
  const upper = want.toUpperCase();
  for (let id = 0; id < values.length; id++) {
    const v = values[id];
    if (v !== want && (typeof v !== "string" || v.trim().toUpperCase() !== upper)) bad[id] = 1;
  }
  return bad;
}

/**
 * Marks the periods of rows `from` to `to` (one item's) seen, noting the item of each in `marked`;
 * stops at a TIME outside the range or not of the cycle, or a period seen already.
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
      if (offset < 0 || seen.has(offset)) return j;
      seen.add(offset);
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

const NOT_A_PERIOD = -1; // a TIME that is no label of the cycle asked
const OUTSIDE = -2; // a TIME outside the range asked

/** Each distinct TIME's place in the range asked, or why it has none. */
function labelOffsets(values: readonly unknown[], q: SearchAsked): Int32Array {
  const offsets = new Int32Array(values.length);
  for (let id = 0; id < values.length; id++) {
    const v = values[id];
    const p = typeof v === "string" ? periodOf(v, q.cycle) : undefined;
    offsets[id] = p === undefined ? NOT_A_PERIOD : p < q.lo || p > q.hi ? OUTSIDE : p - q.lo;
  }
  return offsets;
}

/** The periods seen of one item: a bit a period, or a set for a range too long for bits. */
type Seen = Uint8Array | Set<number>;

const MAX_BITS = 1 << 17;

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
