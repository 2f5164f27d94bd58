/**
 * What the JSON scanner (_scan_json.ts) gives: a page as columns. Text fields are page
 * dictionaries of their distinct values, interned by their bytes, with an id a row; numeric
 * fields are Float64Arrays. Also the page's rows, made from the columns if anyone reads them.
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

/** Writes a page's rows as objects from its columns into `out`. */
type RowMaker = (
  texts: readonly ScannedText[],
  numbers: readonly (Float64Array | undefined)[],
  count: number,
  out: Record<string, unknown>[],
) => void;

/** Row makers by fields, each with a row it made: kept, so that its shape is (see below). */
const makers = new WeakMap<ScanFields, { make: RowMaker; kept: unknown }>();

/** Writes a scanned page's rows into `out`, by a function generated once per set of fields. */
function makeRows(page: ScannedPage, out: Record<string, unknown>[]): void {
  const fields = page.fields;
  let maker = makers.get(fields);
  if (maker === undefined) {
    const lines: string[] = ["out.length = count;"];
    fields.text.forEach((_, j) =>
      lines.push(
        `const v${j} = texts[${j}].values, i${j} = texts[${j}].ids;`,
        `const c${j} = v${j}[texts[${j}].constant];`,
      )
    );
    fields.numbers.forEach((_, j) => lines.push(`const n${j} = numbers[${j}];`));
    lines.push("for (let r = 0; r < count; r++) {");
    fields.numbers.forEach((_, j) =>
      lines.push(`const x${j} = n${j} === undefined ? NaN : n${j}[r];`)
    );
    const props = [
      ...fields.text.map((f, j) =>
        `${JSON.stringify(f)}: i${j} === undefined ? c${j} : v${j}[i${j}[r]]`
      ),
      ...fields.numbers.map((f, j) => `${JSON.stringify(f)}: x${j} === x${j} ? x${j} : null`),
    ];
    lines.push(`out[r] = { ${props.join(", ")} };`, "}");
    const make = new Function("texts", "numbers", "count", "out", lines.join("\n")) as RowMaker;
    // One row kept alive: V8 holds object shapes weakly, and a full collection with no row
    // alive would clear this one and throw away the optimised code that named it.
    const kept: Record<string, unknown>[] = [];
    make(page.texts, page.numbers, Math.min(1, page.count), kept);
    maker = { make, kept: kept[0] };
    makers.set(fields, maker);
  }
  maker.make(page.texts, page.numbers, page.count, out);
}

/**
 * A scanned page's rows as objects: each text field as sent (null, or `undefined` when
 * absent), each number as its value (null where missing). The pull checks a scanned page in
 * its columns (`PullChecks.scanned`) and builds its frame from them, so the rows are made only
 * when something reads them (a frame of other fields, a caller of the rows): until then the
 * array answers its `length` and holds no row. It is an array (`Array.isArray`), through a
 * Proxy whose first read of anything but the length makes every row.
 *
 * @param page The scanned page.
 * @returns One object a row, made on first use.
 */
export function rowsOf(page: ScannedPage): Record<string, unknown>[] {
  const rows: Record<string, unknown>[] = [];
  let made = false;
  const make = () => {
    if (!made) {
      made = true;
      makeRows(page, rows);
    }
    return rows;
  };
  return new Proxy(rows, {
    get: (_, p, receiver) => {
      if (!made && p === "length") return page.count;
      return Reflect.get(make(), p, receiver);
    },
    set: (_, p, v, receiver) => Reflect.set(make(), p, v, receiver),
    has: (_, p) => Reflect.has(make(), p),
    deleteProperty: (_, p) => Reflect.deleteProperty(make(), p),
    ownKeys: () => Reflect.ownKeys(make()),
    getOwnPropertyDescriptor: (_, p) => Reflect.getOwnPropertyDescriptor(make(), p),
    defineProperty: (_, p, d) => Reflect.defineProperty(make(), p, d),
  });
}
