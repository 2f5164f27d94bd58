/**
 * The one shape of a page of rows, whatever decoded it: columns ({@linkcode Page}). Text fields
 * are page dictionaries of their distinct values with an id a row; numeric fields are
 * Float64Arrays (NaN where missing). Also what a number from the service must look like
 * ({@linkcode isPlainNumber}), and the strict scanner of the one JSON shape ECOS sends for a page
 * of rows ({@linkcode scanPage}), which reads the UTF-8 bytes of the body into a page without
 * JSON.parse and without an object a row:
 * `{"Service":{"list_total_count":N,"row":[{"FIELD":"value"|null,...},...]}}`.
 *
 * Most fields hold the previous row's value (rows come item by item), so the scanner first
 * compares a value with the previous row's bytes, and hashes only a new one; keys are compared
 * with the previous row's keys in the same place. Strings are made once a distinct value. It
 * gives up, returning `undefined`, on anything it was not built for: another envelope or key
 * order, a RESULT, a value that is neither a string nor null, a key written with escapes or given
 * twice, a numeric field that is not a plain decimal, "-" or "", invalid UTF-8, a body cut short.
 * The caller then decodes the body the reference way (`_decode.ts`), which also words every
 * error: the two paths cannot disagree on what is wrong (tests/client/scan_json_test.ts holds
 * them to the same pages and frames). One pass, each byte looked at a bounded number of times.
 *
 * @module
 */

/** The fields a page holds: text (and date) fields, then numeric ones. */
export interface PageFields {
  /** The service, whose name is the envelope's key. */
  readonly service: string;
  /** Fields read as text (dates too: TIME is a label). */
  readonly text: readonly string[];
  /** Fields read as numbers. */
  readonly numbers: readonly string[];
  /** Those of `numbers` that must be whole (DATA_CNT). */
  readonly whole: readonly string[];
}

/** The id of JSON null in a page dictionary. */
export const NULL_ID = 0;
/** The id of a field a row does not have. */
export const ABSENT_ID = 1;

/** One text field of a page. */
export interface PageText {
  /**
   * Distinct values as sent (untrimmed; a JSON number or an object of a hostile body as it
   * came): index 0 null, 1 undefined (absent).
   */
  readonly values: readonly unknown[];
  /** Each row's id; `undefined` when every row holds {@linkcode PageText.constant}. */
  readonly ids: Uint32Array | undefined;
  /** The id every row holds, when there is no `ids`. */
  readonly constant: number;
}

/** A numeric field's first value that is not a plain number: the checks refuse the page. */
export interface OddValue {
  /** Its row in the page, 0-based. */
  readonly row: number;
  /** The value as sent. */
  readonly value: unknown;
}

/** A page of rows as columns: what every decoder gives. */
export interface Page {
  /** The fields it holds. */
  readonly fields: PageFields;
  /** `list_total_count`: the rows of the whole query, over all pages. */
  readonly total: number;
  /** Rows in the page. */
  readonly count: number;
  /** By {@linkcode PageFields.text}. */
  readonly texts: readonly PageText[];
  /** By {@linkcode PageFields.numbers}: values, NaN where missing; `undefined` when all are. */
  readonly numbers: readonly (Float64Array | undefined)[];
  /**
   * By {@linkcode PageFields.numbers}: the first value that is not a plain number (only the
   * reference path keeps such values; the scanner gives up on them).
   */
  readonly odd?: readonly (OddValue | undefined)[] | undefined;
}

/** Thrown inside the scanner when the body leaves its shape; caught at its top. */
export class GiveUp {}
/** The one {@linkcode GiveUp}. */
export const GIVE_UP: GiveUp = new GiveUp();

// Values are decoded strictly: invalid UTF-8 gives up (the reference path replaces it), and a
// BOM inside a value is kept, as JSON.parse of the whole body keeps it.
const strict = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/**
 * A string value's text, exactly as JSON.parse gives it.
 *
 * @throws {GiveUp} Where JSON.parse would fail, or the bytes are not UTF-8.
 */
export function decodeString(b: Uint8Array, start: number, end: number, escaped: boolean): string {
  try {
    if (escaped) return JSON.parse(strict.decode(b.subarray(start - 1, end + 1))) as string;
    if (end - start <= 32) {
      let ascii = true;
      for (let k = start; k < end; k++) if (b[k]! >= 0x80) ascii = false;
      if (ascii) {
        return String.fromCharCode.apply(null, b.subarray(start, end) as unknown as number[]);
      }
    }
    return strict.decode(b.subarray(start, end));
  } catch {
    throw GIVE_UP;
  }
}

/** Doubles an Int32Array's length. */
function grow(a: Int32Array): Int32Array {
  const out = new Int32Array(a.length * 2);
  out.set(a);
  return out;
}

/**
 * A page dictionary of one text field: distinct values by their bytes in the body. Open
 * addressing over ids; an id's bytes are `starts[id]` to `ends[id]` of the body.
 */
export class Interner {
  slots: Int32Array = new Int32Array(64);
  mask = 63;
  starts: Int32Array = new Int32Array(16);
  ends: Int32Array = new Int32Array(16);
  hashes: Int32Array = new Int32Array(16);
  /** Distinct values; 0 null, 1 absent. */
  readonly values: (string | null | undefined)[] = [null, undefined];

  /**
   * The id of bytes `start` to `end` of `b`, interned when new.
   *
   * @param escaped Whether the bytes hold a "\" (an escape).
   */
  id(b: Uint8Array, start: number, end: number, hash: number, escaped: boolean): number {
    const len = end - start;
    let at = hash & this.mask;
    for (;;) {
      const id = this.slots[at]!;
      if (id === 0) break;
      if (this.hashes[id] === hash && this.ends[id]! - this.starts[id]! === len) {
        const s = this.starts[id]!;
        let k = 0;
        while (k < len && b[s + k] === b[start + k]) k++;
        if (k === len) return id;
      }
      at = (at + 1) & this.mask;
    }
    const id = this.values.length;
    this.values.push(decodeString(b, start, end, escaped));
    if (id >= this.starts.length) {
      this.starts = grow(this.starts);
      this.ends = grow(this.ends);
      this.hashes = grow(this.hashes);
    }
    this.starts[id] = start;
    this.ends[id] = end;
    this.hashes[id] = hash;
    this.slots[at] = id;
    if (id * 2 > this.mask) this.#rehash();
    return id;
  }

  #rehash(): void {
    const size = (this.mask + 1) * 2;
    this.slots = new Int32Array(size);
    this.mask = size - 1;
    for (let id = 2; id < this.values.length; id++) {
      let at = this.hashes[id]! & this.mask;
      while (this.slots[at] !== 0) at = (at + 1) & this.mask;
      this.slots[at] = id;
    }
  }
}

// Numbers.

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
  // 309 digits or more may pass the largest double ("1" and 400 zeros reads as Infinity).
  if (i === n) return digits < 309 || Number.isFinite(+v);
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

// The JSON scanner.

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
const keyBytes = new WeakMap<PageFields, Uint8Array[]>();

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
  fields: PageFields,
  expectedRows = 0,
): Page | undefined {
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
  readonly fields: PageFields;
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

  constructor(b: Uint8Array, fields: PageFields, expectedRows: number) {
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

  run(): Page {
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
