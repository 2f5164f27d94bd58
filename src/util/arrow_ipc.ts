/**
 * A frame in one native call: the columns written as an Arrow IPC stream for
 * `pl.readIPCStream`, text as Utf8View (each distinct value once, no gather). The two flatbuffer
 * messages are written here front to back: apache-arrow's writer costs about 1 ms a frame, most
 * of a 1,000-row page's budget (formats: Arrow's format/Message.fbs and format/Schema.fbs).
 *
 * @module
 */

import { Buffer } from "node:buffer";
import { type DataFrame, pl } from "../deps.ts";

/** A column to write. Text and dates are a dictionary and an index a row (or one value). */
export type ArrowColumn =
  | {
    /** The column's name. */
    name: string;
    /** Utf8View. */
    kind: "text";
    /** Distinct values; null is a missing value. */
    values: readonly (string | null)[];
    /** Each row's value in `values`; `undefined` when every row holds `constant`. */
    index: Uint32Array | undefined;
    /** The value of every row, when there is no index. */
    constant: number;
  }
  | {
    /** The column's name. */
    name: string;
    /** Date32: days since 1970-01-01. */
    kind: "date";
    /** Distinct days; null is a missing value. */
    values: readonly (number | null)[];
    /** Each row's value in `values`; `undefined` when every row holds `constant`. */
    index: Uint32Array | undefined;
    /** The value of every row, when there is no index. */
    constant: number;
  }
  | {
    /** The column's name. */
    name: string;
    /** Float64. */
    kind: "float";
    /** The values, NaN for missing; `undefined` when every value is missing. */
    values: Float64Array | undefined;
  };

const encoder = new TextEncoder();

/** A validity bitmap of `height` bits, all set. */
function allValid(height: number): Uint8Array {
  return new Uint8Array((height + 7) >> 3).fill(0xff);
}

/** Room to encode one value into (a value's UTF-8 is at most three bytes a UTF-16 unit). */
let scratch = new Uint8Array(1024);

/** Bytes from `n` to the next multiple of 8: each body buffer starts 8-aligned. */
const padded = (n: number) => (n + 7) & ~7;

/**
 * Each distinct value's view as four little-endian words (length, then the value inline up to
 * 12 bytes; else its first 4 bytes, buffer 0 and its offset), and the long values' buffer.
 */
function views(values: readonly (string | null)[]): { words: Uint32Array; data: Uint8Array } {
  const words = new Uint32Array(values.length * 4);
  const parts: Uint8Array[] = [];
  let offset = 0;
  for (let k = 0; k < values.length; k++) {
    const v = values[k];
    if (v === null || v === undefined) continue;
    const w = k * 4;
    const n = v.length;
    if (n <= 12) {
      // Codes, labels and numbers: the view is the value, from its char codes if all ASCII.
      let x = 0, y = 0, z = 0, high = 0;
      for (let j = 0; j < n; j++) {
        const c = v.charCodeAt(j);
        high |= c;
        if (j < 4) x |= c << (j * 8);
        else if (j < 8) y |= c << ((j - 4) * 8);
        else z |= c << ((j - 8) * 8);
      }
      if (high < 0x80) {
        words[w] = n;
        words[w + 1] = x;
        words[w + 2] = y;
        words[w + 3] = z;
        continue;
      }
    }
    if (scratch.length < n * 3) scratch = new Uint8Array(n * 3);
    const e = scratch.subarray(0, encoder.encodeInto(v, scratch).written);
    words[w] = e.length;
    words[w + 1] = (e[0]! | (e[1]! << 8) | (e[2]! << 16) | (e[3]! << 24)) >>> 0;
    if (e.length <= 12) {
      for (let j = 4; j < e.length; j++) words[w + 1 + (j >> 2)]! |= e[j]! << ((j & 3) * 8);
    } else {
      words[w + 2] = 0; // the buffer's number
      words[w + 3] = offset;
      parts.push(e.slice());
      offset += e.length;
    }
  }
  const data = new Uint8Array(offset);
  offset = 0;
  for (const e of parts) {
    data.set(e, offset);
    offset += e.length;
  }
  return { words, data };
}

/** What every column's part of the record batch has: its validity and its buffers' sizes. */
interface PartBase {
  /** Missing values. */
  nullCount: number;
  /** The validity bitmap; none when no value is missing. */
  validity: Uint8Array | undefined;
  /** The data buffers' byte lengths: values, or views and the long values' buffer. */
  lengths: number[];
}

/**
 * A column's part of the record batch, with what {@linkcode writePart} needs to write its data
 * buffers: the stream is allocated once and each part writes into it, so a column's buffers are
 * never made on their own and copied.
 */
export type Part =
  | PartBase & {
    /** Utf8View. */
    kind: "text";
    /** Each distinct value's view (four words). */
    words: Uint32Array;
    /** The long values' buffer. */
    data: Uint8Array;
    /** Each row's distinct value, or none when every row holds `constant`. */
    index: Uint32Array | undefined;
    /** The value of every row, when there is no index. */
    constant: number;
  }
  | PartBase & {
    /** Date32. */
    kind: "date";
    /** Each distinct value's day (0 when missing). */
    days: Int32Array;
    /** Each row's distinct value, or none when every row holds `constant`. */
    index: Uint32Array | undefined;
    /** The value of every row, when there is no index. */
    constant: number;
  }
  | PartBase & {
    /** Float64. */
    kind: "float";
    /** The values' bytes; none when every value is missing. */
    bytes: Uint8Array | undefined;
  };

/** A bitmap of `height` bits, all clear: every value missing. */
const noneValid = (height: number) => new Uint8Array((height + 7) >> 3);

/** Clears the validity of rows whose distinct value is marked null; how many were. */
function nullsOf(isNull: Uint8Array, index: Uint32Array, height: number, validity: Uint8Array) {
  let nullCount = 0;
  for (let r = 0; r < height; r++) {
    if (isNull[index[r]!] === 1) {
      validity[r >> 3]! &= ~(1 << (r & 7));
      nullCount++;
    }
  }
  return nullCount;
}

/** A text column's views and validity. */
function textPart(c: Extract<ArrowColumn, { kind: "text" }>, height: number): Part {
  const { values, index, constant } = c;
  const { words, data } = views(values);
  let validity: Uint8Array | undefined;
  let nullCount = 0;
  if (index === undefined) {
    if (values[constant] === null || values[constant] === undefined) {
      validity = noneValid(height);
      nullCount = height;
    }
  } else {
    // A dictionary may hold null more than once (a page's, taken whole).
    const isNull = new Uint8Array(values.length);
    let any = false;
    for (let k = 0; k < values.length; k++) {
      if (values[k] !== null) continue;
      isNull[k] = 1;
      any = true;
    }
    if (any) nullCount = nullsOf(isNull, index, height, validity = allValid(height));
  }
  // Every part is one object literal: with parts made by spreading, writing a 1k-row frame
  // took 0.05 ms longer after a collection.
  const lengths = [height * 16, data.byteLength];
  return { kind: "text", nullCount, validity, lengths, words, data, index, constant };
}

/** A date column's days and validity. */
function datePart(c: Extract<ArrowColumn, { kind: "date" }>, height: number): Part {
  const { values, index, constant } = c;
  const days = new Int32Array(values.length);
  const isNull = new Uint8Array(values.length);
  let any = false;
  for (let k = 0; k < values.length; k++) {
    const day = values[k];
    if (day !== null && day !== undefined) days[k] = day;
    else {
      isNull[k] = 1;
      any = true;
    }
  }
  let validity: Uint8Array | undefined;
  let nullCount = 0;
  if (index === undefined) {
    if (isNull[constant] !== 0) {
      // Missing, or no distinct value at all: every row is null.
      validity = noneValid(height);
      nullCount = height;
    }
  } else if (any) nullCount = nullsOf(isNull, index, height, validity = allValid(height));
  const lengths = [height * 4];
  return { kind: "date", nullCount, validity, lengths, days, index, constant };
}

/** A float column: NaN is missing. */
function floatPart(c: Extract<ArrowColumn, { kind: "float" }>, height: number): Part {
  const lengths = [height * 8];
  if (c.values === undefined) {
    return {
      kind: "float",
      nullCount: height,
      validity: noneValid(height),
      lengths,
      bytes: undefined,
    };
  }
  const values = c.values.subarray(0, height);
  let validity: Uint8Array | undefined;
  let nullCount = 0;
  for (let r = 0; r < height; r++) {
    const x = values[r]!;
    if (x !== x) {
      validity ??= allValid(height);
      validity[r >> 3]! &= ~(1 << (r & 7));
      nullCount++;
    }
  }
  const bytes = new Uint8Array(values.buffer, values.byteOffset, height * 8);
  return { kind: "float", nullCount, validity, lengths, bytes };
}

/** A constant's first row written, then copied by doubling: a few native copies, not a loop. */
function fillRows(rows: Int32Array | Uint32Array, first: ArrayLike<number>): void {
  if (rows.length === 0 || first.length === 0) return;
  rows.set(first, 0);
  for (let filled = first.length; filled < rows.length; filled *= 2) {
    rows.copyWithin(filled, 0, Math.min(filled, rows.length - filled));
  }
}

/** Each row's view, gathered from the distinct values' views. */
function gatherViews(rows: Uint32Array, words: Uint32Array, index: Uint32Array, height: number) {
  for (let r = 0; r < height; r++) {
    const k = index[r]! * 4;
    const q = r * 4;
    rows[q] = words[k]!;
    rows[q + 1] = words[k + 1]!;
    rows[q + 2] = words[k + 2]!;
    rows[q + 3] = words[k + 3]!;
  }
}

/** Each row's day, gathered from the distinct values' days. */
function gatherDays(to: Int32Array, days: Int32Array, index: Uint32Array, height: number) {
  for (let r = 0; r < height; r++) to[r] = days[index[r]!]!;
}

/**
 * Writes a part's data buffers from `at` in `out` (8-aligned and zeroed), each 8-aligned after
 * the last; what is missing stays zero. The loops are functions of typed arrays alone: as
 * closures over a part they ran several times slower after a collection (a 1k-row day column
 * 0.026 ms).
 *
 * @internal
 */
export function writePart(p: Part, out: Uint8Array, at: number, height: number): void {
  if (p.kind === "float") {
    if (p.bytes !== undefined) out.set(p.bytes, at);
  } else if (p.kind === "date") {
    const to = new Int32Array(out.buffer, out.byteOffset + at, height);
    if (p.index === undefined) fillRows(to, p.days.subarray(p.constant, p.constant + 1));
    else gatherDays(to, p.days, p.index, height);
  } else {
    const rows = new Uint32Array(out.buffer, out.byteOffset + at, height * 4);
    const k = p.constant * 4;
    if (p.index !== undefined) gatherViews(rows, p.words, p.index, height);
    else if (p.nullCount === 0) fillRows(rows, p.words.subarray(k, k + 4));
    out.set(p.data, at + height * 16);
  }
}

/**
 * Each column's part of a record batch (the benchmarks hand them to apache-arrow's own writer
 * to compare).
 *
 * @internal
 */
export function _parts(columns: readonly ArrowColumn[], height: number): Part[] {
  return columns.map((c) =>
    c.kind === "text"
      ? textPart(c, height)
      : c.kind === "date"
      ? datePart(c, height)
      : floatPart(c, height)
  );
}

// Flatbuffers, written front to back: a table's vtable, then the table, then what its offsets
// point to (offsets are unsigned and point forward; a table's offset to its vtable is signed).
// Module functions over a buffer, not a class: V8 keeps their optimised code across collections.

/** The message being written: a zeroed buffer sized beforehand, and the next free byte. */
let fb = new Uint8Array(0);
let dv = new DataView(fb.buffer);
let at = 0;

/** Writes a whole number below 2^53 as 8 little-endian bytes (no BigInt made). */
function setU64(place: number, value: number): void {
  dv.setUint32(place, value >>> 0, true);
  dv.setUint32(place + 4, Math.floor(value / 0x1_0000_0000), true);
}

function align(n: number): void {
  at = (at + n - 1) & -n;
}

/** A field of a table: its byte size and value; `undefined` leaves it out (its default). */
type Slot = readonly [size: 1 | 2 | 4 | 8, value: number] | undefined;

/** Each field's place in the last table written (-1: left out). */
const places: number[] = [];

/**
 * Writes a table of fields in order, its vtable just before it; an offset field (size 4) is
 * filled in by what it points to ({@linkcode vectorAt}, {@linkcode tableAt}, {@linkcode stringAt}).
 */
function table(slots: readonly Slot[]): number {
  align(2);
  const vtable = at;
  const vsize = 4 + 2 * slots.length;
  at += vsize;
  align(4);
  const start = at;
  dv.setInt32(start, start - vtable, true);
  at += 4;
  places.length = 0;
  slots.forEach((slot, k) => {
    if (slot === undefined) return void places.push(-1);
    const [size, value] = slot;
    align(size);
    if (size === 1) dv.setUint8(at, value);
    else if (size === 2) dv.setInt16(at, value, true);
    else if (size === 8) setU64(at, value);
    dv.setUint16(vtable + 4 + 2 * k, at - start, true);
    places.push(at);
    at += size;
  });
  dv.setUint16(vtable, vsize, true);
  dv.setUint16(vtable + 2, at - start, true);
  return start;
}

/** Writes a table here and points the offset field at `place` to it. */
function tableAt(place: number, slots: readonly Slot[]): number {
  const start = table(slots);
  dv.setUint32(place, start - place, true);
  return start;
}

/** Writes a vector's length here, pointed to by `place`: returns its first element's place. */
function vectorAt(place: number, count: number, size: 4 | 8 | 16): number {
  if (size === 4) align(4);
  else {
    align(8);
    at += 4; // 8-byte elements start 8-aligned, right after the length
  }
  dv.setUint32(place, at - place, true);
  dv.setUint32(at, count, true);
  at += 4;
  const first = at;
  at += count * size;
  return first;
}

/** Writes a string here (its length, its UTF-8, a NUL), pointed to by `place`. */
function stringAt(place: number, bytes: Uint8Array): void {
  align(4);
  dv.setUint32(place, at - place, true);
  dv.setUint32(at, bytes.length, true);
  fb.set(bytes, at + 4);
  at += 4 + bytes.length + 1;
}

/**
 * Starts a message (Message.fbs): version V5, a header of `type` (1 schema, 3 record batch),
 * the body's length; the root offset points to it.
 */
function message(size: number, type: number, bodyLength: number): number {
  fb = new Uint8Array(size);
  dv = new DataView(fb.buffer);
  at = 4;
  const start = table([[2, 4], [1, type], [4, 0], [8, bodyLength]]);
  dv.setUint32(0, start, true);
  return places[2]!;
}

/** The message written, framed for the stream: a continuation marker, its length, padding. */
function framed(): Uint8Array {
  const size = (at + 8 + 7) & ~7;
  const out = new Uint8Array(size);
  const view = new DataView(out.buffer);
  view.setInt32(0, -1, true);
  view.setInt32(4, size - 8, true);
  out.set(fb.subarray(0, at), 8);
  fb = new Uint8Array(0);
  dv = new DataView(fb.buffer);
  return out;
}

/** The schema message of each layout of columns (names and kinds), encoded once. */
const schemas = new Map<string, Uint8Array>();

/** The schema message (Schema.fbs): a nullable field a column, Utf8View, Date32 or Float64. */
function schemaMessage(columns: readonly ArrowColumn[]): Uint8Array {
  const key = columns.map((c) => `${c.kind}:${c.name}`).join("\u0000");
  let bytes = schemas.get(key);
  if (bytes !== undefined) return bytes;
  const names = columns.map((c) => encoder.encode(c.name));
  const size = 128 + columns.length * 96 + names.reduce((n, b) => n + b.length, 0);
  const header = message(size, 1, 0);
  tableAt(header, [undefined, [4, 0]]);
  const first = vectorAt(places[1]!, columns.length, 4);
  columns.forEach((c, k) => {
    // Type: 24 Utf8View, 8 Date (unit 0: days), 3 FloatingPoint (precision 2: double).
    const type = c.kind === "text" ? 24 : c.kind === "date" ? 8 : 3;
    tableAt(first + 4 * k, [[4, 0], [1, 1], [1, type], [4, 0], undefined, [4, 0]]);
    const [name, , , typeAt, , children] = places as [
      number,
      number,
      number,
      number,
      number,
      number,
    ];
    stringAt(name, names[k]!);
    vectorAt(children, 0, 4);
    tableAt(typeAt, c.kind === "text" ? [] : [[2, c.kind === "date" ? 0 : 2]]);
  });
  bytes = framed();
  schemas.set(key, bytes);
  return bytes;
}

/** The columns as an Arrow IPC stream: the schema message, one record batch, the end. */
function ipcStream(columns: readonly ArrowColumn[], height: number): Uint8Array {
  const parts = _parts(columns, height);
  // Each column's buffers in the body: its validity (none when no value is missing), then data.
  const lengths: number[] = [];
  const variadic: number[] = [];
  for (const p of parts) {
    lengths.push(p.nullCount > 0 ? p.validity!.byteLength : 0, ...p.lengths);
    if (p.kind === "text") variadic.push(p.lengths.length - 1);
  }
  const body = lengths.reduce((n, length) => n + padded(length), 0);
  // The record batch (RecordBatch in Message.fbs): rows, a FieldNode (length, null count) a
  // column, a Buffer (offset, length) a buffer, and the data buffers of each view column.
  const size = 128 + 16 * (parts.length + lengths.length) + 8 * variadic.length;
  const header = message(size, 3, body);
  tableAt(header, [[8, height], [4, 0], [4, 0], undefined, [4, 0]]);
  const [, nodesAt, buffersAt, , variadicAt] = places as [number, number, number, number, number];
  const nodes = vectorAt(nodesAt, parts.length, 16);
  parts.forEach((p, k) => {
    setU64(nodes + 16 * k, height);
    setU64(nodes + 16 * k + 8, p.nullCount);
  });
  const regions = vectorAt(buffersAt, lengths.length, 16);
  let offset = 0;
  lengths.forEach((length, k) => {
    setU64(regions + 16 * k, offset);
    setU64(regions + 16 * k + 8, length);
    offset += padded(length);
  });
  const counts = vectorAt(variadicAt, variadic.length, 8);
  variadic.forEach((v, k) => setU64(counts + 8 * k, v));
  const batch = framed();
  const schema = schemaMessage(columns);
  // One zeroed buffer for the whole stream; each part writes its buffers in place.
  const out = new Uint8Array(schema.byteLength + batch.byteLength + body + 8);
  out.set(schema, 0);
  out.set(batch, schema.byteLength);
  let to = schema.byteLength + batch.byteLength;
  for (const p of parts) {
    if (p.nullCount > 0) out.set(p.validity!, to);
    to += padded(p.nullCount > 0 ? p.validity!.byteLength : 0);
    writePart(p, out, to, height);
    for (const length of p.lengths) to += padded(length);
  }
  // The end of the stream: a continuation marker and a length of 0.
  new DataView(out.buffer).setInt32(to, -1, true);
  return out;
}

/** Builds a frame from columns in one native call. */
export function ipcFrame(columns: readonly ArrowColumn[], height: number): DataFrame {
  const bytes = ipcStream(columns, height);
  return pl.readIPCStream(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
}
