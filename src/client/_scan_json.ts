/**
 * A strict scanner of the one JSON shape ECOS sends for a page of rows, read from the UTF-8
 * bytes of the body without JSON.parse and without an object a row:
 * `{"Service":{"list_total_count":N,"row":[{"FIELD":"value"|null,...},...]}}`.
 *
 * Each text field becomes a page dictionary of its distinct values (interned by their bytes)
 * and an id a row; each numeric field a Float64Array (NaN where missing); see
 * _scan_columns.ts. Most fields hold the previous row's value (rows come item by item), so a
 * value is first compared with the previous row's bytes, and only a new one is hashed; keys
 * are compared with the previous row's keys in the same place. Strings are made once a
 * distinct value.
 *
 * It gives up, returning `undefined`, on anything it was not built for: another envelope or
 * key order, a RESULT, a value that is neither a string nor null, a key written with escapes
 * or given twice, a numeric field that is not a plain decimal, "-" or "", invalid UTF-8, a
 * body cut short. The caller then decodes the body the reference way (TextDecoder, JSON.parse,
 * `readEnvelope`), which also words every error: the two paths cannot disagree on what is
 * wrong. A differential property test (tests/client/scan_json_test.ts) holds the two to the
 * same rows and frames. One pass, each byte looked at a bounded number of times.
 *
 * @module
 */

import {
  ABSENT_ID,
  decodeString,
  GIVE_UP,
  Interner,
  type ScanFields,
  type ScannedPage,
} from "./_scan_columns.ts";

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
const LIST_TOTAL_COUNT = encoder.encode("list_total_count");
const ROW = encoder.encode("row");

/** Powers of ten that are exact doubles: a mantissa below 2^53 divided by one is exact. */
const POW10 = Array.from({ length: 23 }, (_, k) => 10 ** k);

/** A scan's keys as bytes, once per set of fields. */
const keyBytes = new WeakMap<ScanFields, Uint8Array[]>();

/** An empty array: what a field holds before it has one, so that its type never changes. */
const NONE = new Uint32Array(0);

/**
 * Per text field of a scan: the page dictionary, the previous row's value, the ids so far.
 * (Fields keep one type each: optimised code that saw a shape change is thrown away when a
 * full collection clears the shape, and the next scan would run unoptimised.)
 */
class TextState {
  readonly dict = new Interner();
  /** The previous row's value: its bytes and id (-1: none, or it held an escape). */
  prevStart = 0;
  prevEnd = 0;
  prevId = -1;
  /** The id every row so far holds (-1: no row yet), while there is no `ids`. */
  constant = -1;
  /** Each row's id, once two have been seen; else {@linkcode NONE}. */
  ids: Uint32Array = NONE;
}

/**
 * Scans a page body.
 *
 * @param b The body's bytes.
 * @param fields The fields to read (at most 30).
 * @param expectedRows Rows the page should hold, to size its arrays (a guess; they grow).
 * @returns The page, or `undefined` when the body is not of the strict shape (decode it the
 * reference way).
 */
export function scanPage(
  b: Uint8Array,
  fields: ScanFields,
  expectedRows = 0,
): ScannedPage | undefined {
  try {
    return new Scan(b, fields, expectedRows).run();
  } catch (e) {
    if (e === GIVE_UP) return undefined;
    throw e;
  }
}

/** One scan: the body, where it is, and the columns so far. Methods, not closures: stable calls. */
class Scan {
  readonly b: Uint8Array;
  readonly n: number;
  i = 0;
  readonly fields: ScanFields;
  readonly keys: Uint8Array[];
  readonly nFields: number;
  readonly nTexts: number;
  readonly texts: TextState[];
  readonly numbers: (Float64Array | undefined)[];
  /** The field at each place of the previous row (-1: one nobody reads, -2: none yet). */
  readonly order = new Int32Array(64).fill(-2);
  /** Where each place of the previous row ended, after its value, from the row's start. */
  readonly ends = new Int32Array(64);
  /** The previous row: where it started (after its "{"), and its places (0: none). */
  prevRow = 0;
  prevPlaces = 0;
  readonly view: DataView;
  capacity: number;
  rows = 0;

  constructor(b: Uint8Array, fields: ScanFields, expectedRows: number) {
    this.b = b;
    this.n = b.length;
    this.view = new DataView(b.buffer, b.byteOffset, b.byteLength);
    this.fields = fields;
    let keys = keyBytes.get(fields);
    if (keys === undefined) {
      keys = [...fields.text, ...fields.numbers].map((k) => encoder.encode(k));
      if (keys.length > 30) throw new RangeError("A scan reads at most 30 fields");
      keyBytes.set(fields, keys);
    }
    this.keys = keys;
    this.nFields = keys.length;
    this.nTexts = fields.text.length;
    this.texts = fields.text.map(() => new TextState());
    this.numbers = fields.numbers.map(() => undefined);
    // A row takes more than 32 bytes: a hostile span cannot make arrays larger than the body.
    this.capacity = Math.max(16, Math.min(expectedRows, this.n >> 5));
  }

  run(): ScannedPage {
    const b = this.b;
    // TextDecoder drops a leading BOM; so does the reference path.
    if (b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf) this.i = 3;
    this.expect(OPEN_BRACE);
    this.literalKey(encoder.encode(this.fields.service));
    this.expect(OPEN_BRACE);
    this.literalKey(LIST_TOTAL_COUNT);
    this.space();
    // A count: digits only, as the service writes it; anything else goes the reference way.
    let total = 0;
    const from = this.i;
    let i = from;
    while (b[i]! >= 0x30 && b[i]! <= 0x39) total = total * 10 + (b[i++]! - 0x30);
    if (i === from || i - from > 15 || (b[from] === 0x30 && i - from > 1)) throw GIVE_UP;
    this.i = i;
    this.expect(COMMA);
    this.literalKey(ROW);
    this.expect(OPEN_BRACKET);
    this.space();
    if (b[this.i] === CLOSE_BRACKET) this.i++;
    else {
      for (;;) {
        this.row();
        let d = b[this.i];
        if (d !== COMMA && d !== CLOSE_BRACKET) {
          this.space();
          d = b[this.i];
        }
        this.i++;
        if (d === CLOSE_BRACKET) break;
        if (d !== COMMA) throw GIVE_UP;
      }
    }
    this.expect(CLOSE_BRACE);
    this.expect(CLOSE_BRACE);
    this.space();
    if (this.i !== this.n) throw GIVE_UP;
    const rows = this.rows;
    return {
      fields: this.fields,
      total,
      count: rows,
      texts: this.texts.map((t) => ({
        values: t.dict.values,
        ids: t.ids === NONE ? undefined : t.ids.subarray(0, rows),
        constant: t.constant < 0 ? ABSENT_ID : t.constant,
      })),
      numbers: this.numbers.map((v) => v?.subarray(0, rows)),
    };
  }

  /** Skips whitespace. */
  space(): void {
    const b = this.b;
    let i = this.i;
    for (;;) {
      const c = b[i];
      if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) i++;
      else break;
    }
    this.i = i;
  }

  /** The byte `c`, after whitespace. */
  expect(c: number): void {
    if (this.b[this.i] !== c) {
      this.space();
      if (this.b[this.i] !== c) throw GIVE_UP;
    }
    this.i++;
  }

  /** A key `"name"` with `want`'s bytes, then the colon. */
  literalKey(want: Uint8Array): void {
    this.expect(QUOTE);
    const b = this.b;
    const i = this.i;
    for (let k = 0; k < want.length; k++) if (b[i + k] !== want[k]) throw GIVE_UP;
    if (b[i + want.length] !== QUOTE) throw GIVE_UP;
    this.i = i + want.length + 1;
    this.expect(COLON);
  }

  /** Makes room for twice the rows. */
  grow(): void {
    const capacity = this.capacity * 2;
    for (const t of this.texts) {
      if (t.ids === NONE) continue;
      const ids = new Uint32Array(capacity);
      ids.set(t.ids);
      t.ids = ids;
    }
    this.numbers.forEach((v, j) => {
      if (v === undefined) return;
      const out = new Float64Array(capacity).fill(NaN);
      out.set(v);
      this.numbers[j] = out;
    });
    this.capacity = capacity;
  }

  /** How many bytes from `a` on equal those from `b`, up to `max`: four at a time. */
  same(a: number, b: number, max: number): number {
    const view = this.view;
    const limit = Math.min(max, this.n - a);
    let k = 0;
    while (k + 4 <= limit && view.getInt32(a + k) === view.getInt32(b + k)) k += 4;
    const bytes = this.b;
    while (k < limit && bytes[a + k] === bytes[b + k]) k++;
    return k;
  }

  /** One row, from its "{" to after its "}". */
  row(): void {
    if (this.rows === this.capacity) this.grow();
    const b = this.b;
    this.expect(OPEN_BRACE);
    const start = this.i;
    let seen = 0;
    let p = 0;
    // The places whose bytes equal the previous row's hold its values: only the rest is read.
    // (Rows come item by item: only TIME and DATA_VALUE differ from one row to the next.)
    const places = this.prevPlaces;
    if (places > 0) {
      const same = this.same(start, this.prevRow, this.ends[places - 1]!);
      while (p < places && this.ends[p]! <= same) {
        const f = this.order[p]!;
        if (f >= 0) {
          seen |= 1 << f;
          this.repeat(f);
        }
        p++;
      }
      if (p > 0) this.i = start + this.ends[p - 1]!;
    }
    this.prevRow = start;
    let more = true;
    if (p > 0) more = this.next();
    else if (b[this.i] === CLOSE_BRACE) {
      this.i++;
      more = false;
    }
    if (more) {
      for (;;) {
        const f = this.key(p);
        this.expect(COLON);
        const c = b[this.i];
        if (c !== QUOTE && c !== N) this.space();
        if (f < 0) this.skipValue();
        else {
          const bit = 1 << f;
          if ((seen & bit) !== 0) throw GIVE_UP; // JSON.parse keeps the last: leave it to it
          seen |= bit;
          if (f < this.nTexts) this.text(this.texts[f]!);
          else this.number(f - this.nTexts);
        }
        if (p < 64) this.ends[p] = this.i - start;
        p++;
        if (!this.next()) break;
      }
    }
    // The places this row had, for the next to compare with (64 at most are remembered).
    this.prevPlaces = Math.min(p, 64);
    if (seen !== (2 ** this.nFields - 1)) {
      // Fields the row does not have: absent text; numbers stay NaN.
      for (let f = 0; f < this.nTexts; f++) {
        if ((seen & (1 << f)) !== 0) continue;
        const t = this.texts[f]!;
        t.prevId = -1;
        this.record(t, ABSENT_ID);
      }
    }
    this.rows++;
  }

  /** After a value: "," (`true`: another field follows) or "}". */
  next(): boolean {
    let d = this.b[this.i];
    if (d !== COMMA && d !== CLOSE_BRACE) {
      this.space();
      d = this.b[this.i];
    }
    this.i++;
    if (d === COMMA) return true;
    if (d === CLOSE_BRACE) return false;
    throw GIVE_UP;
  }

  /** Field `f` holds the previous row's value. */
  repeat(f: number): void {
    const row = this.rows;
    if (f < this.nTexts) {
      const ids = this.texts[f]!.ids;
      if (ids !== NONE) ids[row] = ids[row - 1]!;
    } else {
      const v = this.numbers[f - this.nTexts];
      if (v !== undefined) v[row] = v[row - 1]!;
    }
  }

  /** A key at place `p` of a row: its field, -1 for one nobody reads. After its quote. */
  key(p: number): number {
    this.expect(QUOTE);
    const b = this.b;
    const i = this.i;
    const expected = p < 64 ? this.order[p]! : -2;
    if (expected >= 0) {
      const want = this.keys[expected]!;
      const len = want.length;
      let k = 0;
      while (k < len && b[i + k] === want[k]) k++;
      if (k === len && b[i + len] === QUOTE) {
        this.i = i + len + 1;
        return expected;
      }
    }
    // Another key than the previous row's here: which one.
    let end = i;
    for (;;) {
      const c = b[end];
      if (c === QUOTE) break;
      if (c === undefined || c === BACKSLASH || c < 0x20) throw GIVE_UP;
      end++;
    }
    const len = end - i;
    let f = -1;
    for (let g = 0; g < this.nFields && f < 0; g++) {
      const want = this.keys[g]!;
      if (want.length !== len) continue;
      let k = 0;
      while (k < len && b[i + k] === want[k]) k++;
      if (k === len) f = g;
    }
    if (p < 64) this.order[p] = f;
    this.i = end + 1;
    return f;
  }

  /** A field nobody reads: a string or null, valid as JSON.parse would have it, passed over. */
  skipValue(): void {
    const b = this.b;
    if (b[this.i] === N) return this.literalNull();
    if (b[this.i] !== QUOTE) throw GIVE_UP;
    let i = this.i + 1;
    const start = i;
    let escaped = false;
    for (;;) {
      const d = b[i];
      if (d === QUOTE) break;
      if (d === undefined || d < 0x20) throw GIVE_UP;
      if (d === BACKSLASH) {
        escaped = true;
        i++;
        if (b[i] === undefined) throw GIVE_UP;
      }
      i++;
    }
    if (escaped) decodeString(b, start, i, true);
    this.i = i + 1;
  }

  literalNull(): void {
    const b = this.b;
    const i = this.i;
    if (b[i] !== N || b[i + 1] !== 0x75 || b[i + 2] !== 0x6c || b[i + 3] !== 0x6c) throw GIVE_UP;
    this.i = i + 4;
  }

  /** A text field's value: null or a string, as an id of the page dictionary. */
  text(t: TextState): void {
    const b = this.b;
    let i = this.i;
    if (b[i] !== QUOTE) {
      this.literalNull();
      t.prevId = -1;
      this.record(t, 0);
      return;
    }
    const start = ++i;
    // The previous row's bytes (which held no escape), then a quote: the same value.
    if (t.prevId >= 0) {
      const ps = t.prevStart;
      const len = t.prevEnd - ps;
      let k = 0;
      while (k < len && b[start + k] === b[ps + k]) k++;
      if (k === len && b[start + len] === QUOTE) {
        this.i = start + len + 1;
        this.record(t, t.prevId);
        return;
      }
    }
    let hash = 0x811c9dc5 | 0;
    let escaped = false;
    for (;;) {
      const d = b[i];
      if (d === QUOTE) break;
      if (d === undefined || d < 0x20) throw GIVE_UP;
      hash = Math.imul(hash ^ d, 0x01000193);
      i++;
      if (d === BACKSLASH) {
        // The escaped byte is taken whatever it is (a quote, say); decodeString checks it.
        const e = b[i];
        if (e === undefined) throw GIVE_UP;
        escaped = true;
        hash = Math.imul(hash ^ e, 0x01000193);
        i++;
      }
    }
    this.i = i + 1;
    const id = t.dict.id(b, start, i, hash, escaped);
    if (escaped) t.prevId = -1;
    else {
      t.prevId = id;
      t.prevStart = start;
      t.prevEnd = i;
    }
    this.record(t, id);
  }

  /** Notes a row's id: no array while every row holds one id. */
  record(t: TextState, id: number): void {
    if (t.ids !== NONE) t.ids[this.rows] = id;
    else if (t.constant !== id) {
      if (t.constant < 0) t.constant = id;
      else {
        const ids = new Uint32Array(this.capacity);
        ids.fill(t.constant, 0, this.rows);
        ids[this.rows] = id;
        t.ids = ids;
      }
    }
  }

  /** A numeric field: a plain decimal, "-", "" or null; NaN where missing. */
  number(j: number): void {
    const x = this.b[this.i] === QUOTE ? this.decimal() : (this.literalNull(), NaN);
    let v = this.numbers[j];
    // No array while every value so far is missing (WGT of most tables).
    if (v === undefined && x === x) v = this.numbers[j] = new Float64Array(this.capacity).fill(NaN);
    if (v !== undefined) v[this.rows] = x;
  }

  /**
   * A numeric field's string, from its opening quote: NaN for "" and "-", the value of a
   * plain decimal (an optional sign, digits, a fraction) exactly as `+text` reads it.
   */
  decimal(): number {
    const b = this.b;
    let i = this.i + 1;
    const start = i;
    let c = b[i];
    let negative = false;
    if (c === 0x2d || c === 0x2b) {
      negative = c === 0x2d;
      c = b[++i];
    }
    let m = 0;
    let digits = 0;
    let scale = 0;
    while (c !== undefined && c >= 0x30 && c <= 0x39) {
      m = m * 10 + (c - 0x30);
      digits++;
      c = b[++i];
    }
    if (c === 0x2e) {
      c = b[++i];
      while (c !== undefined && c >= 0x30 && c <= 0x39) {
        m = m * 10 + (c - 0x30);
        digits++;
        scale++;
        c = b[++i];
      }
    }
    if (c !== QUOTE) throw GIVE_UP;
    this.i = i + 1;
    if (digits === 0) {
      // "" and "-" mark a missing value; "+", "." and "-." are not numbers.
      if (i === start || (i === start + 1 && negative)) return NaN;
      throw GIVE_UP;
    }
    // Up to 15 digits and 22 decimals, one correctly rounded division gives what `+text`
    // gives (Clinger's fast path); longer ones are read by the engine.
    if (digits <= 15 && scale <= 22) {
      const x = scale === 0 ? m : m / POW10[scale]!;
      return negative ? -x : x;
    }
    const x = +String.fromCharCode.apply(null, b.subarray(start, i) as unknown as number[]);
    // Beyond a double's range the reference path keeps the text's meaning: leave it to it.
    if (!Number.isFinite(x)) throw GIVE_UP;
    return x;
  }
}

/**
 * One object of each class, kept: V8 holds the shapes (maps) of class instances weakly, and a
 * full collection with no instance alive clears them and throws away the optimised code that
 * named them, so that the next scan would start unoptimised (a page or two of a pull, every
 * time a notebook has been idle long enough for one).
 */
export const _shapes: readonly object[] = [
  new Scan(new Uint8Array(0), { service: "", text: [], numbers: [] }, 0),
  new TextState(),
];
