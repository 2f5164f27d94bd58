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

/** The id of a field a row does not have. */
export const ABSENT_ID = 1;

/** One text field of a page. */
export interface PageText {
  /**
   * Distinct values as sent (untrimmed; a JSON number or an object of a hostile body as it
   * came): id 0 is null, {@linkcode ABSENT_ID} undefined (absent).
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
class GiveUp {}
/** The one {@linkcode GiveUp}. */
const GIVE_UP: GiveUp = new GiveUp();

// Values are decoded strictly: invalid UTF-8 gives up (the reference path replaces it), and a
// BOM inside a value is kept, as JSON.parse of the whole body keeps it.
const strict = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/**
 * A string value's text, exactly as JSON.parse gives it.
 *
 * @throws {GiveUp} Where JSON.parse would fail, or the bytes are not UTF-8.
 */
function decodeString(b: Uint8Array, start: number, end: number, escaped: boolean): string {
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

/** Doubles an Int32Array's length. */
function doubled(a: Int32Array): Int32Array<ArrayBuffer> {
  const out = new Int32Array(a.length * 2);
  out.set(a);
  return out;
}

/** An empty body: what the scanner holds between scans. */
const NO_BYTES = new Uint8Array(0);

// The scan's state. It lives in this module's variables and typed arrays, read by the functions
// below, not in objects of classes or closures of each scan: V8 holds the shapes of class
// instances weakly, and optimised code names the closures it inlined, so that a full collection
// would throw that code away with the last scan's objects, and the next scan (a notebook's next
// query) would run unoptimised, some fifteen times slower (bench/RESULTS.md). A scan runs to its
// end without yielding, so one state serves every scan; it lets go of the body when done.
let b: Uint8Array = NO_BYTES;
let n = 0;
let view: DataView = new DataView(NO_BYTES.buffer);
let keys: Uint8Array[] = [];
let nFields = 0;
let nTexts = 0;
/** The bits of every field: a row that has them all. */
let all = 0;
let i = 0;
let rows = 0;
let capacity = 0;
/** The field at each place of the previous row (-1: one nobody reads, -2: none yet). */
const order = new Int32Array(64);
/** Where each place of the previous row ended, after its value, from the row's start. */
const ends = new Int32Array(64);
/** The previous row: where it started (after its "{"), and its places (0: none). */
let prevRow = 0;
let prevPlaces = 0;
// Per text field: its distinct values (0 null, 1 absent), the previous row's value (its bytes
// and id; -1: none, or it held an escape), the id every row so far holds (-1: no row yet)
// while it has no ids, and each row's id once two have been seen (else NONE).
let values: (string | null | undefined)[][] = [];
const prevStart = new Int32Array(32);
const prevEnd = new Int32Array(32);
const prevId = new Int32Array(32);
const constant = new Int32Array(32);
let ids: Uint32Array[] = [];
let numbers: (Float64Array | undefined)[] = [];
// The page dictionaries, all fields in one table: open addressing over entries; an entry's
// bytes are `starts[e]` to `stops[e]` of the body, its field `owners[e]`, its id `locals[e]`.
let slots = new Int32Array(256);
let mask = 255;
let starts = new Int32Array(64);
let stops = new Int32Array(64);
let hashes = new Int32Array(64);
let owners = new Int32Array(64);
let locals = new Int32Array(64);
let entries = 0;

/**
 * Scans a page body.
 *
 * @returns The page, or `undefined` when the body is not of the strict shape (decode it the
 * reference way).
 */
export function scanPage(body: Uint8Array, fields: PageFields, expectedRows = 0): Page | undefined {
  let fieldKeys = keyBytes.get(fields);
  if (fieldKeys === undefined) {
    fieldKeys = [...fields.text, ...fields.numbers].map((k) => encoder.encode(k));
    if (fieldKeys.length > 30) throw new RangeError("A scan reads at most 30 fields");
    keyBytes.set(fields, fieldKeys);
  }
  b = body;
  n = body.length;
  view = new DataView(body.buffer, body.byteOffset, body.byteLength);
  keys = fieldKeys;
  nFields = keys.length;
  nTexts = fields.text.length;
  all = 2 ** nFields - 1;
  i = 0;
  rows = 0;
  // A row takes more than 32 bytes: a hostile span cannot make arrays larger than the body.
  capacity = Math.max(16, Math.min(expectedRows, n >> 5));
  order.fill(-2);
  prevRow = 0;
  prevPlaces = 0;
  values = fields.text.map(() => [null, undefined]);
  prevId.fill(-1);
  constant.fill(-1);
  ids = fields.text.map(() => NONE);
  numbers = fields.numbers.map(() => undefined);
  slots = new Int32Array(256);
  mask = 255;
  entries = 0;
  try {
    return scan(fields);
  } catch (e) {
    if (e === GIVE_UP) return undefined;
    throw e;
  } finally {
    b = NO_BYTES;
    view = new DataView(NO_BYTES.buffer);
    values = [];
    ids = [];
    numbers = [];
  }
}

/** The scan of the body set by {@linkcode scanPage}. */
function scan(fields: PageFields): Page {
  // TextDecoder drops a leading BOM; so does the reference path.
  if (b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf) i = 3;
  expect(OPEN_BRACE);
  literalKey(encoder.encode(fields.service));
  expect(OPEN_BRACE);
  literalKey(LIST_TOTAL_COUNT);
  space();
  // A count: digits only, as the service writes it; anything else goes the reference way.
  let total = 0;
  const from = i;
  while (b[i]! >= 0x30 && b[i]! <= 0x39) total = total * 10 + (b[i++]! - 0x30);
  if (i === from || i - from > 15 || (b[from] === 0x30 && i - from > 1)) throw GIVE_UP;
  expect(COMMA);
  literalKey(ROW);
  expect(OPEN_BRACKET);
  space();
  if (b[i] === CLOSE_BRACKET) i++;
  else {
    for (;;) {
      row();
      let d = b[i];
      if (d !== COMMA && d !== CLOSE_BRACKET) {
        space();
        d = b[i];
      }
      i++;
      if (d === CLOSE_BRACKET) break;
      if (d !== COMMA) throw GIVE_UP;
    }
  }
  expect(CLOSE_BRACE);
  expect(CLOSE_BRACE);
  space();
  if (i !== n) throw GIVE_UP;
  return {
    fields,
    total,
    count: rows,
    texts: values.map((dict, f) => ({
      values: dict,
      ids: ids[f] === NONE ? undefined : ids[f]!.subarray(0, rows),
      constant: constant[f]! < 0 ? ABSENT_ID : constant[f]!,
    })),
    numbers: numbers.map((v) => v?.subarray(0, rows)),
  };
}

/** The id of bytes `start` to `end` in field `f`'s dictionary, added when new. */
function intern(f: number, start: number, end: number, hash: number, escaped: boolean) {
  const len = end - start;
  let at = hash & mask;
  for (;;) {
    const e = slots[at]! - 1;
    if (e < 0) break;
    if (hashes[e] === hash && owners[e] === f && stops[e]! - starts[e]! === len) {
      const s = starts[e]!;
      let k = 0;
      while (k < len && b[s + k] === b[start + k]) k++;
      if (k === len) return locals[e]!;
    }
    at = (at + 1) & mask;
  }
  const dict = values[f]!;
  const id = dict.length;
  dict.push(decodeString(b, start, end, escaped));
  const e = entries++;
  if (e >= starts.length) {
    starts = doubled(starts);
    stops = doubled(stops);
    hashes = doubled(hashes);
    owners = doubled(owners);
    locals = doubled(locals);
  }
  starts[e] = start;
  stops[e] = end;
  hashes[e] = hash;
  owners[e] = f;
  locals[e] = id;
  slots[at] = e + 1;
  if (entries * 2 > mask) {
    mask = mask * 2 + 1;
    slots = new Int32Array(mask + 1);
    for (let k = 0; k < entries; k++) {
      let to = hashes[k]! & mask;
      while (slots[to] !== 0) to = (to + 1) & mask;
      slots[to] = k + 1;
    }
  }
  return id;
}

/** Skips whitespace. */
function space() {
  for (;;) {
    const c = b[i];
    if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) i++;
    else break;
  }
}

/** The byte `c`, after whitespace. */
function expect(c: number) {
  if (b[i] !== c) {
    space();
    if (b[i] !== c) throw GIVE_UP;
  }
  i++;
}

/** A key `"name"` with `want`'s bytes, then the colon. */
function literalKey(want: Uint8Array) {
  expect(QUOTE);
  for (let k = 0; k < want.length; k++) if (b[i + k] !== want[k]) throw GIVE_UP;
  if (b[i + want.length] !== QUOTE) throw GIVE_UP;
  i += want.length + 1;
  expect(COLON);
}

/** Makes room for twice the rows. */
function grow() {
  capacity *= 2;
  for (let f = 0; f < nTexts; f++) {
    if (ids[f] === NONE) continue;
    const more = new Uint32Array(capacity);
    more.set(ids[f]!);
    ids[f] = more;
  }
  for (let j = 0; j < numbers.length; j++) {
    const v = numbers[j];
    if (v === undefined) continue;
    const more = new Float64Array(capacity).fill(NaN);
    more.set(v);
    numbers[j] = more;
  }
}

/** How many bytes from `a` on equal those from `c`, up to `max`: four at a time. */
function same(a: number, c: number, max: number) {
  const limit = Math.min(max, n - a);
  let k = 0;
  while (k + 4 <= limit && view.getInt32(a + k) === view.getInt32(c + k)) k += 4;
  while (k < limit && b[a + k] === b[c + k]) k++;
  return k;
}

/** Notes a row's id: no array while every row holds one id. */
function record(f: number, id: number) {
  const column = ids[f]!;
  if (column !== NONE) column[rows] = id;
  else if (constant[f] !== id) {
    if (constant[f]! < 0) constant[f] = id;
    else {
      const made = new Uint32Array(capacity);
      made.fill(constant[f]!, 0, rows);
      made[rows] = id;
      ids[f] = made;
    }
  }
}

/** Field `f` holds the previous row's value. */
function repeat(f: number) {
  if (f < nTexts) {
    const column = ids[f]!;
    if (column !== NONE) column[rows] = column[rows - 1]!;
  } else {
    const v = numbers[f - nTexts];
    if (v !== undefined) v[rows] = v[rows - 1]!;
  }
}

/** After a value: "," (`true`: another field follows) or "}". */
function next() {
  let d = b[i];
  if (d !== COMMA && d !== CLOSE_BRACE) {
    space();
    d = b[i];
  }
  i++;
  if (d === COMMA) return true;
  if (d === CLOSE_BRACE) return false;
  throw GIVE_UP;
}

/** A key at place `p` of a row: its field, -1 for one nobody reads. After its quote. */
function key(p: number) {
  expect(QUOTE);
  const expected = p < 64 ? order[p]! : -2;
  if (expected >= 0) {
    const want = keys[expected]!;
    const len = want.length;
    let k = 0;
    while (k < len && b[i + k] === want[k]) k++;
    if (k === len && b[i + len] === QUOTE) {
      i += len + 1;
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
  for (let g = 0; g < nFields && f < 0; g++) {
    const want = keys[g]!;
    if (want.length !== len) continue;
    let k = 0;
    while (k < len && b[i + k] === want[k]) k++;
    if (k === len) f = g;
  }
  if (p < 64) order[p] = f;
  i = end + 1;
  return f;
}

function literalNull() {
  if (b[i] !== N || b[i + 1] !== 0x75 || b[i + 2] !== 0x6c || b[i + 3] !== 0x6c) throw GIVE_UP;
  i += 4;
}

/** A field nobody reads: a string or null, valid as JSON.parse would have it, passed over. */
function skipValue() {
  if (b[i] === N) return literalNull();
  if (b[i] !== QUOTE) throw GIVE_UP;
  let k = i + 1;
  const start = k;
  let escaped = false;
  for (;;) {
    const d = b[k];
    if (d === QUOTE) break;
    if (d === undefined || d < 0x20) throw GIVE_UP;
    if (d === BACKSLASH) {
      escaped = true;
      k++;
      if (b[k] === undefined) throw GIVE_UP;
    }
    k++;
  }
  if (escaped) decodeString(b, start, k, true);
  i = k + 1;
}

/** A text field's value: null or a string, as an id of its page dictionary. */
function text(f: number) {
  if (b[i] !== QUOTE) {
    literalNull();
    prevId[f] = -1;
    record(f, 0);
    return;
  }
  const start = ++i;
  // The previous row's bytes (which held no escape), then a quote: the same value.
  const was = prevId[f]!;
  if (was >= 0) {
    const ps = prevStart[f]!;
    const len = prevEnd[f]! - ps;
    let k = 0;
    while (k < len && b[start + k] === b[ps + k]) k++;
    if (k === len && b[start + len] === QUOTE) {
      i = start + len + 1;
      record(f, was);
      return;
    }
  }
  let hash = Math.imul(0x811c9dc5 ^ f, 0x01000193);
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
  const end = i;
  i++;
  const id = intern(f, start, end, hash, escaped);
  if (escaped) prevId[f] = -1;
  else {
    prevId[f] = id;
    prevStart[f] = start;
    prevEnd[f] = end;
  }
  record(f, id);
}

/**
 * A numeric field's string, from its opening quote: NaN for "" and "-", the value of a
 * plain decimal (an optional sign, digits, a fraction) exactly as `+text` reads it.
 */
function decimal() {
  let k = i + 1;
  const start = k;
  let c = b[k];
  let negative = false;
  if (c === 0x2d || c === 0x2b) {
    negative = c === 0x2d;
    c = b[++k];
  }
  let m = 0;
  let digits = 0;
  let scale = 0;
  while (c !== undefined && c >= 0x30 && c <= 0x39) {
    m = m * 10 + (c - 0x30);
    digits++;
    c = b[++k];
  }
  if (c === 0x2e) {
    c = b[++k];
    while (c !== undefined && c >= 0x30 && c <= 0x39) {
      m = m * 10 + (c - 0x30);
      digits++;
      scale++;
      c = b[++k];
    }
  }
  if (c !== QUOTE) throw GIVE_UP;
  i = k + 1;
  if (digits === 0) {
    // "" and "-" mark a missing value; "+", "." and "-." are not numbers.
    if (k === start || (k === start + 1 && negative)) return NaN;
    throw GIVE_UP;
  }
  // Up to 15 digits and 22 decimals, one correctly rounded division gives what `+text`
  // gives (Clinger's fast path); longer ones are read by the engine.
  if (digits <= 15 && scale <= 22) {
    const x = scale === 0 ? m : m / POW10[scale]!;
    return negative ? -x : x;
  }
  const x = +String.fromCharCode.apply(null, b.subarray(start, k) as unknown as number[]);
  // Beyond a double's range the reference path keeps the text's meaning: leave it to it.
  if (!Number.isFinite(x)) throw GIVE_UP;
  return x;
}

/** A numeric field: a plain decimal, "-", "" or null; NaN where missing. */
function number(j: number) {
  let x = NaN;
  if (b[i] === QUOTE) x = decimal();
  else literalNull();
  let v = numbers[j];
  // No array while every value so far is missing (WGT of most tables).
  if (v === undefined && x === x) v = numbers[j] = new Float64Array(capacity).fill(NaN);
  if (v !== undefined) v[rows] = x;
}

/** One row, from its "{" to after its "}". */
function row() {
  if (rows === capacity) grow();
  expect(OPEN_BRACE);
  const start = i;
  let seen = 0;
  let p = 0;
  // The places whose bytes equal the previous row's hold its values: only the rest is read.
  // (Rows come item by item: only TIME and DATA_VALUE differ from one row to the next.)
  const places = prevPlaces;
  if (places > 0) {
    const equal = same(start, prevRow, ends[places - 1]!);
    while (p < places && ends[p]! <= equal) {
      const f = order[p]!;
      if (f >= 0) {
        seen |= 1 << f;
        repeat(f);
      }
      p++;
    }
    if (p > 0) i = start + ends[p - 1]!;
  }
  prevRow = start;
  let more = true;
  if (p > 0) more = next();
  else if (b[i] === CLOSE_BRACE) {
    i++;
    more = false;
  }
  if (more) {
    for (;;) {
      const f = key(p);
      expect(COLON);
      const c = b[i];
      if (c !== QUOTE && c !== N) space();
      if (f < 0) skipValue();
      else {
        const bit = 1 << f;
        if ((seen & bit) !== 0) throw GIVE_UP; // JSON.parse keeps the last: leave it to it
        seen |= bit;
        if (f < nTexts) text(f);
        else number(f - nTexts);
      }
      if (p < 64) ends[p] = i - start;
      p++;
      if (!next()) break;
    }
  }
  // The places this row had, for the next to compare with (64 at most are remembered).
  prevPlaces = Math.min(p, 64);
  if (seen !== all) {
    // Fields the row does not have: absent text; numbers stay NaN.
    for (let f = 0; f < nTexts; f++) {
      if ((seen & (1 << f)) !== 0) continue;
      prevId[f] = -1;
      record(f, ABSENT_ID);
    }
  }
  rows++;
}
