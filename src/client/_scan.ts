/**
 * A strict scanner of ECOS's JSON page ({@linkcode scanPage}): bytes to a page (`_page.ts`)
 * without JSON.parse. On anything else it gives up (`undefined`) for the
 * reference way (`_decode.ts`), which words every error; the tests hold both to the same pages.
 *
 * @module
 */

import { ABSENT_ID, type Page, type PageFields } from "./_page.ts";

/** Thrown inside the scanner when the body leaves its shape; caught at its top. */
const GIVE_UP = new (class GiveUp {})();

// Values are decoded strictly: invalid UTF-8 gives up (the reference path replaces it), and a
// BOM inside a value is kept, as JSON.parse of the whole body keeps it.
const strict = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/** A string value's text, exactly as JSON.parse gives it. */
function decodeString(b: Uint8Array, start: number, end: number, escaped: boolean): string {
  try {
    if (escaped) return JSON.parse(strict.decode(b.subarray(start - 1, end + 1))) as string;
    if (end - start <= 32) {
      let ascii = true;
      for (let k = start; k < end; k++) if (b[k]! >= 0x80) ascii = false;
      if (ascii) return asciiText(b, start, end - start);
    }
    return strict.decode(b.subarray(start, end));
  } catch {
    throw GIVE_UP;
  }
}

/**
 * ASCII bytes as text, eight at most a call to `String.fromCharCode` with the bytes as its
 * arguments: codes and labels (a daily or monthly page has one a row). V8's `apply` over a
 * typed array took 0.15 ms longer on a 1k-row daily page.
 */
function asciiText(b: Uint8Array, k: number, n: number): string {
  const c = String.fromCharCode;
  switch (n) {
    case 0:
      return "";
    case 1:
      return c(b[k]!);
    case 2:
      return c(b[k]!, b[k + 1]!);
    case 3:
      return c(b[k]!, b[k + 1]!, b[k + 2]!);
    case 4:
      return c(b[k]!, b[k + 1]!, b[k + 2]!, b[k + 3]!);
    case 5:
      return c(b[k]!, b[k + 1]!, b[k + 2]!, b[k + 3]!, b[k + 4]!);
    case 6:
      return c(b[k]!, b[k + 1]!, b[k + 2]!, b[k + 3]!, b[k + 4]!, b[k + 5]!);
    case 7:
      return c(b[k]!, b[k + 1]!, b[k + 2]!, b[k + 3]!, b[k + 4]!, b[k + 5]!, b[k + 6]!);
    case 8:
      return c(b[k]!, b[k + 1]!, b[k + 2]!, b[k + 3]!, b[k + 4]!, b[k + 5]!, b[k + 6]!, b[k + 7]!);
  }
  return asciiText(b, k, 8) + asciiText(b, k + 8, n - 8);
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const N = 0x6e; // the "n" of null

const encoder = new TextEncoder();
const encode = (k: string) => encoder.encode(k);
/** A scan's keys as bytes and the fewest bytes of a full row, once per set of fields. */
const keyBytes = new WeakMap<PageFields, { keys: Uint8Array[]; least: number }>();

/** Powers of ten that are exact doubles: a mantissa below 2^53 divided by one is exact. */
const POW10 = Array.from({ length: 23 }, (_, k) => 10 ** k);

/** An empty array: what a field holds before it has one, so that its type never changes. */
const NONE = new Uint32Array(0);

function copy<T extends Int32Array | Uint32Array | Float64Array>(to: T, from: ArrayLike<number>) {
  to.set(from);
  return to;
}
const doubled = (a: Int32Array) => copy(new Int32Array(a.length * 2), a);

const MAX_FIELDS = 30; // a row's fields are bits of an int
const EMPTY = new Uint8Array(0);
const EMPTY_VIEW = new DataView(EMPTY.buffer);

// The scan's state (one object, `state`), read and written by the module's functions below, not
// by closures of each scan: optimised code names the closures it inlined, and would be thrown
// away with them. Reused, not made anew: its tables are kept, and V8 keeps the optimised code
// that reads it only while an object of its shape lives (made anew, a full collection sent the
// next 1k-row scan back to unoptimised code: 4.4-4.9 ms against 0.55-0.61).
class Scan {
  b: Uint8Array = EMPTY;
  n = 0;
  view: DataView = EMPTY_VIEW;
  keys: Uint8Array[] = [];
  nFields = 0;
  nTexts = 0;
  /** The bits of every field: a row that has them all. */
  all = 0;
  i = 0;
  rows = 0;
  capacity = 0;
  /** The field at each place of the previous row (-1: one nobody reads, -2: none yet). */
  order = new Int32Array(64);
  /** Where each place of the previous row ended, after its value, from the row's start. */
  ends = new Int32Array(64);
  /** The previous row: where it started (after its "{"), and its places (0: none). */
  prevRow = 0;
  prevPlaces = 0;
  // Per text field: its distinct values (0 null, 1 absent), the previous row's value (its
  // bytes and id; -1: none, or it held an escape), the id every row so far holds (-1: no row
  // yet) while it has no ids, and each row's id once two have been seen (else NONE).
  values: (string | null | undefined)[][] = [];
  prevStart = new Int32Array(MAX_FIELDS);
  prevEnd = new Int32Array(MAX_FIELDS);
  prevId = new Int32Array(MAX_FIELDS);
  constant = new Int32Array(MAX_FIELDS);
  ids: Uint32Array[] = [];
  numbers: (Float64Array | undefined)[] = [];
  // The page dictionaries, all fields in one table: open addressing over entries; an entry's
  // bytes are `starts[e]` to `stops[e]` of the body, its field `owners[e]`, its id `locals[e]`.
  slots = new Int32Array(256);
  mask = 255;
  starts = new Int32Array(64);
  stops = new Int32Array(64);
  hashes = new Int32Array(64);
  owners = new Int32Array(64);
  locals = new Int32Array(64);
  entries = 0;
}

const state = new Scan(); // reset for each scan, which runs to its end synchronously

/** Scans a page body. */
export function scanPage(b: Uint8Array, fields: PageFields, expectedRows = 0): Page | undefined {
  let known = keyBytes.get(fields);
  if (known === undefined) {
    const keys = [...fields.text, ...fields.numbers].map(encode);
    if (keys.length > MAX_FIELDS) throw new RangeError("A scan reads at most 30 fields");
    // The fewest bytes a row of every field takes: `"KEY":null,` each, and its braces.
    keyBytes.set(fields, known = { keys, least: keys.reduce((n, k) => n + k.length + 8, 2) });
  }
  const { keys, least } = known;
  const s = state;
  s.b = b;
  s.n = b.length;
  s.view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  s.keys = keys;
  s.nFields = keys.length;
  s.nTexts = fields.text.length;
  s.all = 2 ** keys.length - 1;
  s.i = 0;
  s.rows = 0;
  // Rows as the body could hold with every field (rows with fewer grow the arrays by doubling):
  // a hostile span cannot make arrays larger than the body.
  s.capacity = Math.max(16, Math.min(expectedRows, Math.floor(s.n / least)));
  s.order.fill(-2);
  s.prevRow = 0;
  s.prevPlaces = 0;
  s.values = fields.text.map((): (string | null | undefined)[] => [null, undefined]);
  s.prevId.fill(-1);
  s.constant.fill(-1);
  s.ids = fields.text.map(() => NONE);
  s.numbers = fields.numbers.map((): Float64Array | undefined => undefined);
  // Tables grown by a big page go back to their first size; smaller ones are cleared.
  if (s.slots.length > 4096) {
    s.slots = new Int32Array(256);
    s.mask = 255;
    s.starts = new Int32Array(64);
    s.stops = new Int32Array(64);
    s.hashes = new Int32Array(64);
    s.owners = new Int32Array(64);
    s.locals = new Int32Array(64);
  } else s.slots.fill(0);
  s.entries = 0;
  try {
    // TextDecoder drops a leading BOM; so does the reference path.
    if (s.b[0] === 0xef && s.b[1] === 0xbb && s.b[2] === 0xbf) s.i = 3;
    expect(s, OPEN_BRACE);
    literalKey(s, fields.service);
    expect(s, OPEN_BRACE);
    literalKey(s, "list_total_count");
    space(s);
    // A count: digits only, as the service writes it; anything else goes the reference way.
    let total = 0;
    const from = s.i;
    while (s.b[s.i]! >= 0x30 && s.b[s.i]! <= 0x39) total = total * 10 + (s.b[s.i++]! - 0x30);
    if (s.i === from || s.i - from > 15 || (s.b[from] === 0x30 && s.i - from > 1)) throw GIVE_UP;
    expect(s, COMMA);
    literalKey(s, "row");
    expect(s, OPEN_BRACKET);
    space(s);
    if (s.b[s.i] === CLOSE_BRACKET) s.i++;
    else do row(s); while (next(s, CLOSE_BRACKET));
    expect(s, CLOSE_BRACE);
    expect(s, CLOSE_BRACE);
    space(s);
    if (s.i !== s.n) throw GIVE_UP;
    return {
      fields,
      total,
      count: s.rows,
      texts: s.values.map((dict, f) => ({
        values: dict,
        ids: s.ids[f] === NONE ? undefined : s.ids[f]!.subarray(0, s.rows),
        constant: s.constant[f]! < 0 ? ABSENT_ID : s.constant[f]!,
      })),
      numbers: s.numbers.map((v) => v?.subarray(0, s.rows)),
    };
  } catch (e) {
    if (e === GIVE_UP) return undefined;
    throw e;
  } finally {
    // The state outlives the scan: it must not hold the body or the page.
    s.b = EMPTY;
    s.view = EMPTY_VIEW;
    s.values = [];
    s.ids = [];
    s.numbers = [];
  }
}

/** The id of bytes `start` to `end` in field `f`'s dictionary, added when new. */
function intern(s: Scan, f: number, start: number, end: number, hash: number, escaped: boolean) {
  const len = end - start;
  let at = hash & s.mask;
  for (;;) {
    const e = s.slots[at]! - 1;
    if (e < 0) break;
    if (s.hashes[e] === hash && s.owners[e] === f && s.stops[e]! - s.starts[e]! === len) {
      const from = s.starts[e]!;
      let k = 0;
      while (k < len && s.b[from + k] === s.b[start + k]) k++;
      if (k === len) return s.locals[e]!;
    }
    at = (at + 1) & s.mask;
  }
  const dict = s.values[f]!;
  const id = dict.length;
  dict.push(decodeString(s.b, start, end, escaped));
  const e = s.entries++;
  if (e >= s.starts.length) {
    s.starts = doubled(s.starts);
    s.stops = doubled(s.stops);
    s.hashes = doubled(s.hashes);
    s.owners = doubled(s.owners);
    s.locals = doubled(s.locals);
  }
  s.starts[e] = start;
  s.stops[e] = end;
  s.hashes[e] = hash;
  s.owners[e] = f;
  s.locals[e] = id;
  s.slots[at] = e + 1;
  if (s.entries * 2 > s.mask) {
    s.mask = s.mask * 2 + 1;
    s.slots = new Int32Array(s.mask + 1);
    for (let k = 0; k < s.entries; k++) {
      let to = s.hashes[k]! & s.mask;
      while (s.slots[to] !== 0) to = (to + 1) & s.mask;
      s.slots[to] = k + 1;
    }
  }
  return id;
}

function space(s: Scan) {
  let c = s.b[s.i];
  while (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) c = s.b[++s.i];
}

/** The byte `c`, after whitespace. */
function expect(s: Scan, c: number) {
  if (s.b[s.i] !== c) {
    space(s);
    if (s.b[s.i] !== c) throw GIVE_UP;
  }
  s.i++;
}

/** A key `"name"` (ASCII), then the colon. */
function literalKey(s: Scan, want: string) {
  expect(s, QUOTE);
  for (let k = 0; k < want.length; k++) if (s.b[s.i + k] !== want.charCodeAt(k)) throw GIVE_UP;
  if (s.b[s.i + want.length] !== QUOTE) throw GIVE_UP;
  s.i += want.length + 1;
  expect(s, COLON);
}

/** Makes room for twice the rows. */
function grow(s: Scan) {
  const n = (s.capacity *= 2);
  s.ids = s.ids.map((v) => (v === NONE ? v : copy(new Uint32Array(n), v)));
  s.numbers = s.numbers.map((v) => v && copy(new Float64Array(n).fill(NaN), v));
}

/**
 * How many bytes from `a` on equal those from `c` (the previous row), up to `max`: eight at a
 * time as one double. Equal doubles are equal bytes but for +0 and -0, seven zero bytes that
 * the previous row, read in full, cannot hold (a NUL is no JSON outside a string, and refused
 * in one); NaN bytes compare unequal and are compared one by one below.
 */
function same(s: Scan, a: number, c: number, max: number) {
  const limit = Math.min(max, s.n - a);
  let k = 0;
  const v = s.view;
  while (k + 8 <= limit && v.getFloat64(a + k, true) === v.getFloat64(c + k, true)) k += 8;
  if (k + 4 <= limit && v.getInt32(a + k) === v.getInt32(c + k)) k += 4;
  while (k < limit && s.b[a + k] === s.b[c + k]) k++;
  return k;
}

/** Notes a row's id: no array while every row holds one id. */
function record(s: Scan, f: number, id: number) {
  const column = s.ids[f]!;
  if (column !== NONE) column[s.rows] = id;
  else if (s.constant[f] !== id) {
    if (s.constant[f]! < 0) s.constant[f] = id;
    else {
      const made = new Uint32Array(s.capacity);
      made.fill(s.constant[f]!, 0, s.rows);
      made[s.rows] = id;
      s.ids[f] = made;
    }
  }
}

/** Field `f` holds the previous row's value. */
function repeat(s: Scan, f: number) {
  if (f < s.nTexts) {
    const column = s.ids[f]!;
    if (column !== NONE) column[s.rows] = column[s.rows - 1]!;
  } else {
    const v = s.numbers[f - s.nTexts];
    if (v !== undefined) v[s.rows] = v[s.rows - 1]!;
  }
}

/** After a value: "," (`true`: another follows) or `close`. */
function next(s: Scan, close: number) {
  let d = s.b[s.i];
  if (d !== COMMA && d !== close) {
    space(s);
    d = s.b[s.i];
  }
  s.i++;
  if (d === COMMA) return true;
  if (d === close) return false;
  throw GIVE_UP;
}

/** A key at place `p` of a row: its field, -1 for one nobody reads. After its quote. */
function key(s: Scan, p: number) {
  expect(s, QUOTE);
  const expected = p < 64 ? s.order[p]! : -2;
  if (expected >= 0) {
    const want = s.keys[expected]!;
    const len = want.length;
    let k = 0;
    while (k < len && s.b[s.i + k] === want[k]) k++;
    if (k === len && s.b[s.i + len] === QUOTE) {
      s.i += len + 1;
      return expected;
    }
  }
  // Another key than the previous row's here: which one.
  let end = s.i;
  for (;;) {
    const c = s.b[end];
    if (c === QUOTE) break;
    if (c === undefined || c === BACKSLASH || c < 0x20) throw GIVE_UP;
    end++;
  }
  const len = end - s.i;
  let f = -1;
  for (let g = 0; g < s.nFields && f < 0; g++) {
    const want = s.keys[g]!;
    if (want.length !== len) continue;
    let k = 0;
    while (k < len && s.b[s.i + k] === want[k]) k++;
    if (k === len) f = g;
  }
  if (p < 64) s.order[p] = f;
  s.i = end + 1;
  return f;
}

function literalNull(s: Scan) {
  if (s.b[s.i] !== N || s.b[s.i + 1] !== 0x75 || s.b[s.i + 2] !== 0x6c || s.b[s.i + 3] !== 0x6c) {
    throw GIVE_UP;
  }
  s.i += 4;
}

/** A field nobody reads: a string or null, valid as JSON.parse would have it, passed over. */
function skipValue(s: Scan) {
  if (s.b[s.i] === N) return literalNull(s);
  if (s.b[s.i] !== QUOTE) throw GIVE_UP;
  const start = s.i + 1;
  let k = start;
  let escaped = false;
  for (let d = s.b[k]; d !== QUOTE; d = s.b[++k]) {
    if (d === undefined || d < 0x20) throw GIVE_UP;
    if (d === BACKSLASH) {
      escaped = true;
      if (s.b[++k] === undefined) throw GIVE_UP;
    }
  }
  if (escaped) decodeString(s.b, start, k, true);
  s.i = k + 1;
}

/** A text field's value: null or a string, as an id of its page dictionary. */
function text(s: Scan, f: number) {
  if (s.b[s.i] !== QUOTE) {
    literalNull(s);
    s.prevId[f] = -1;
    record(s, f, 0);
    return;
  }
  const start = ++s.i;
  // The previous row's bytes (which held no escape), then a quote: the same value.
  const was = s.prevId[f]!;
  if (was >= 0) {
    const ps = s.prevStart[f]!;
    const len = s.prevEnd[f]! - ps;
    let k = 0;
    while (k < len && s.b[start + k] === s.b[ps + k]) k++;
    if (k === len && s.b[start + len] === QUOTE) {
      s.i = start + len + 1;
      record(s, f, was);
      return;
    }
  }
  let hash = Math.imul(0x811c9dc5 ^ f, 0x01000193);
  let escaped = false;
  for (;;) {
    const d = s.b[s.i];
    if (d === QUOTE) break;
    if (d === undefined || d < 0x20) throw GIVE_UP;
    hash = Math.imul(hash ^ d, 0x01000193);
    s.i++;
    if (d === BACKSLASH) {
      // The escaped byte is taken whatever it is (a quote, say); decodeString checks it.
      const e = s.b[s.i];
      if (e === undefined) throw GIVE_UP;
      escaped = true;
      hash = Math.imul(hash ^ e, 0x01000193);
      s.i++;
    }
  }
  const end = s.i;
  s.i++;
  const id = intern(s, f, start, end, hash, escaped);
  if (escaped) s.prevId[f] = -1;
  else {
    s.prevId[f] = id;
    s.prevStart[f] = start;
    s.prevEnd[f] = end;
  }
  record(s, f, id);
}

/** A numeric field's string, from its quote: NaN for "" and "-", a decimal as `+text` reads it. */
function decimal(s: Scan) {
  let k = s.i + 1;
  const start = k;
  let c = s.b[k];
  let negative = false;
  if (c === 0x2d || c === 0x2b) {
    negative = c === 0x2d;
    c = s.b[++k];
  }
  let m = 0;
  let digits = 0;
  let scale = 0;
  while (c !== undefined && c >= 0x30 && c <= 0x39) {
    m = m * 10 + (c - 0x30);
    digits++;
    c = s.b[++k];
  }
  if (c === 0x2e) {
    c = s.b[++k];
    while (c !== undefined && c >= 0x30 && c <= 0x39) {
      m = m * 10 + (c - 0x30);
      digits++;
      scale++;
      c = s.b[++k];
    }
  }
  if (c !== QUOTE) throw GIVE_UP;
  s.i = k + 1;
  if (digits === 0) {
    // "" and "-" mark a missing value; "+", "." and "-." are not numbers.
    if (k === start || (k === start + 1 && negative)) return NaN;
    throw GIVE_UP;
  }
  // Up to 15 digits and 22 decimals, one correctly rounded division is `+text` (Clinger).
  if (digits <= 15 && scale <= 22) {
    const x = scale === 0 ? m : m / POW10[scale]!;
    return negative ? -x : x;
  }
  const x = +String.fromCharCode.apply(null, s.b.subarray(start, k) as unknown as number[]);
  // Beyond a double's range the reference path keeps the text's meaning: leave it to it.
  if (!Number.isFinite(x)) throw GIVE_UP;
  return x;
}

/** A numeric field: a plain decimal, "-", "" or null; NaN where missing. */
function number(s: Scan, j: number) {
  let x = NaN;
  if (s.b[s.i] === QUOTE) x = decimal(s);
  else literalNull(s);
  let v = s.numbers[j];
  // No array while every value so far is missing (WGT of most tables).
  if (v === undefined && x === x) v = s.numbers[j] = new Float64Array(s.capacity).fill(NaN);
  if (v !== undefined) v[s.rows] = x;
}

/** One row, from its "{" to after its "}". */
function row(s: Scan) {
  if (s.rows === s.capacity) grow(s);
  expect(s, OPEN_BRACE);
  const start = s.i;
  let seen = 0;
  let p = 0;
  // Places whose bytes equal the previous row's hold its values (rows come item by item).
  const places = s.prevPlaces;
  if (places > 0) {
    const equal = same(s, start, s.prevRow, s.ends[places - 1]!);
    while (p < places && s.ends[p]! <= equal) {
      const f = s.order[p]!;
      if (f >= 0) {
        seen |= 1 << f;
        repeat(s, f);
      }
      p++;
    }
    if (p > 0) s.i = start + s.ends[p - 1]!;
  }
  s.prevRow = start;
  let more = true;
  if (p > 0) more = next(s, CLOSE_BRACE);
  else if (s.b[s.i] === CLOSE_BRACE) {
    s.i++;
    more = false;
  }
  if (more) {
    for (;;) {
      const f = key(s, p);
      expect(s, COLON);
      const c = s.b[s.i];
      if (c !== QUOTE && c !== N) space(s);
      if (f < 0) skipValue(s);
      else {
        const bit = 1 << f;
        if ((seen & bit) !== 0) throw GIVE_UP; // JSON.parse keeps the last: leave it to it
        seen |= bit;
        if (f < s.nTexts) text(s, f);
        else number(s, f - s.nTexts);
      }
      if (p < 64) s.ends[p] = s.i - start;
      p++;
      if (!next(s, CLOSE_BRACE)) break;
    }
  }
  // The places this row had, for the next to compare with (64 at most are remembered).
  s.prevPlaces = Math.min(p, 64);
  if (seen !== s.all) {
    // Fields the row does not have: absent text; numbers stay NaN.
    for (let f = 0; f < s.nTexts; f++) {
      if ((seen & (1 << f)) !== 0) continue;
      s.prevId[f] = -1;
      record(s, f, ABSENT_ID);
    }
  }
  s.rows++;
}
