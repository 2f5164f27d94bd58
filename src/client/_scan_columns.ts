/**
 * What the JSON scanner (_scan_json.ts) gives: a page as columns. Text fields are page
 * dictionaries of their distinct values, interned by their bytes, with an id a row; numeric
 * fields are Float64Arrays. Also the page's rows, made from the columns where something reads rows.
 *
 * @module
 */

/** The fields a scan reads: text (and date) fields, then numeric ones. */
export interface ScanFields {
  /** The service, whose name is the envelope's key. */
  readonly service: string;
  /** Fields read as text (dates too: TIME is a label). */
  readonly text: readonly string[];
  /** Fields read as numbers. */
  readonly numbers: readonly string[];
}

/** The id of JSON null in a page dictionary. */
export const NULL_ID = 0;
/** The id of a field a row does not have. */
export const ABSENT_ID = 1;

/** One text field of a scanned page. */
export interface ScannedText {
  /** Distinct values as sent (untrimmed); index 0 null, 1 undefined (absent). */
  readonly values: (string | null | undefined)[];
  /** Each row's id; `undefined` when every row holds {@linkcode ScannedText.constant}. */
  readonly ids: Uint32Array | undefined;
  /** The id every row holds, when there is no `ids`. */
  readonly constant: number;
}

/** A page as the scanner read it. */
export interface ScannedPage {
  /** The fields it was read with. */
  readonly fields: ScanFields;
  /** `list_total_count`. */
  readonly total: number;
  /** Rows in the page. */
  readonly count: number;
  /** By {@linkcode ScanFields.text}. */
  readonly texts: readonly ScannedText[];
  /** By {@linkcode ScanFields.numbers}: values, NaN where missing; `undefined` when all are. */
  readonly numbers: readonly (Float64Array | undefined)[];
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

/**
 * A scanned page's rows as objects: each text field as sent (null, or `undefined` when
 * absent), each number as its value (null where missing). Seldom needed: a pull checks a
 * scanned page in its columns (`PullChecks.scanned`) and builds its frame from them; rows are
 * made only where something reads rows (a page the column checks cannot judge, a frame of
 * other fields).
 *
 * @param page The scanned page.
 * @returns One object a row.
 */
export function rowsOf(page: ScannedPage): Record<string, unknown>[] {
  const { fields, texts, numbers, count } = page;
  const rows = new Array<Record<string, unknown>>(count);
  for (let r = 0; r < count; r++) {
    const row: Record<string, unknown> = {};
    fields.text.forEach((field, j) => {
      const t = texts[j]!;
      row[field] = t.values[t.ids === undefined ? t.constant : t.ids[r]!];
    });
    fields.numbers.forEach((field, j) => {
      const x = numbers[j]?.[r] ?? NaN;
      row[field] = x === x ? x : null;
    });
    rows[r] = row;
  }
  return rows;
}
