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
    let ascii = n <= 12;
    for (let j = 0; ascii && j < n; j++) if (v.charCodeAt(j) >= 0x80) ascii = false;
    if (ascii) {
      // Codes, labels and numbers: the view is the value, written from its char codes.
      words[w] = n;
      for (let j = 0; j < n; j++) words[w + 1 + (j >> 2)]! |= v.charCodeAt(j) << ((j & 3) * 8);
      continue;
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

/** A column's part of the record batch: its validity, its buffers, its type. */
export interface Part {
  /** `text`, `date` or `float`. */
  kind: ArrowColumn["kind"];
  /** Missing values. */
  nullCount: number;
  /** The validity bitmap; none when no value is missing. */
  validity: Uint8Array | undefined;
  /** The data buffers: values, or views and the long values' buffer. */
  buffers: Uint8Array[];
}

/** A bitmap of `height` bits, all clear: every value missing. */
const noneValid = (height: number) => new Uint8Array((height + 7) >> 3);

/** A text column's views and validity. */
function textPart(c: Extract<ArrowColumn, { kind: "text" }>, height: number): Part {
  const { values, index } = c;
  const { words, data } = views(values);
  const rows = new Uint32Array(height * 4);
  let validity: Uint8Array | undefined;
  let nullCount = 0;
  if (index === undefined) {
    const k = c.constant;
    if (values[k] === null || values[k] === undefined) {
      nullCount = height;
      validity = noneValid(height);
    } else if (height > 0) {
      rows.set(words.subarray(k * 4, k * 4 + 4), 0);
      // Doubling copies: a few native copies rather than a write a row.
      for (let filled = 4; filled < rows.length; filled *= 2) {
        rows.copyWithin(filled, 0, Math.min(filled, rows.length - filled));
      }
    }
  } else {
    for (let r = 0; r < height; r++) {
      const k = index[r]! * 4;
      const q = r * 4;
      rows[q] = words[k]!;
      rows[q + 1] = words[k + 1]!;
      rows[q + 2] = words[k + 2]!;
      rows[q + 3] = words[k + 3]!;
    }
    // A dictionary may hold null more than once (a page's, taken whole).
    const isNull = new Uint8Array(values.length);
    let nulls = 0;
    for (let k = 0; k < values.length; k++) {
      if (values[k] !== null) continue;
      isNull[k] = 1;
      nulls++;
    }
    if (nulls > 0) {
      for (let r = 0; r < height; r++) {
        if (isNull[index[r]!] === 1) {
          validity ??= allValid(height);
          validity[r >> 3]! &= ~(1 << (r & 7));
          nullCount++;
        }
      }
    }
  }
  return { kind: "text", nullCount, validity, buffers: [new Uint8Array(rows.buffer), data] };
}

/** A date column's days and validity. */
function datePart(c: Extract<ArrowColumn, { kind: "date" }>, height: number): Part {
  const { values, index } = c;
  const days = new Int32Array(height);
  let validity: Uint8Array | undefined;
  let nullCount = 0;
  if (index === undefined) {
    const day = values[c.constant] ?? null;
    if (day === null) {
      nullCount = height;
      validity = noneValid(height);
    } else days.fill(day);
  } else {
    const table = new Int32Array(values.length);
    let nulls = 0;
    for (let k = 0; k < values.length; k++) {
      const day = values[k];
      if (day === null || day === undefined) nulls++;
      else table[k] = day;
    }
    for (let r = 0; r < height; r++) days[r] = table[index[r]!]!;
    if (nulls > 0) {
      for (let r = 0; r < height; r++) {
        if (values[index[r]!] === null) {
          validity ??= allValid(height);
          validity[r >> 3]! &= ~(1 << (r & 7));
          nullCount++;
        }
      }
    }
  }
  return { kind: "date", nullCount, validity, buffers: [new Uint8Array(days.buffer)] };
}

/** A float column: NaN is missing. */
function floatPart(c: Extract<ArrowColumn, { kind: "float" }>, height: number): Part {
  if (c.values === undefined) {
    return {
      kind: "float",
      nullCount: height,
      validity: noneValid(height),
      buffers: [new Uint8Array(height * 8)],
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
  return { kind: "float", nullCount, validity, buffers: [bytes] };
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
    else if (size === 8) dv.setBigInt64(at, BigInt(value), true);
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
  const buffers: (Uint8Array | undefined)[] = [];
  const variadic: number[] = [];
  for (const p of parts) {
    buffers.push(p.nullCount > 0 ? p.validity : undefined, ...p.buffers);
    if (p.kind === "text") variadic.push(p.buffers.length - 1);
  }
  const body = buffers.reduce((n, b) => n + (((b?.byteLength ?? 0) + 7) & ~7), 0);
  // The record batch (RecordBatch in Message.fbs): rows, a FieldNode (length, null count) a
  // column, a Buffer (offset, length) a buffer, and the data buffers of each view column.
  const size = 128 + 16 * (parts.length + buffers.length) + 8 * variadic.length;
  const header = message(size, 3, body);
  tableAt(header, [[8, height], [4, 0], [4, 0], undefined, [4, 0]]);
  const [, nodesAt, buffersAt, , variadicAt] = places as [number, number, number, number, number];
  const nodes = vectorAt(nodesAt, parts.length, 16);
  parts.forEach((p, k) => {
    dv.setBigInt64(nodes + 16 * k, BigInt(height), true);
    dv.setBigInt64(nodes + 16 * k + 8, BigInt(p.nullCount), true);
  });
  const regions = vectorAt(buffersAt, buffers.length, 16);
  let offset = 0;
  buffers.forEach((b, k) => {
    const length = b?.byteLength ?? 0;
    dv.setBigInt64(regions + 16 * k, BigInt(offset), true);
    dv.setBigInt64(regions + 16 * k + 8, BigInt(length), true);
    offset += (length + 7) & ~7;
  });
  const counts = vectorAt(variadicAt, variadic.length, 8);
  variadic.forEach((v, k) => dv.setBigInt64(counts + 8 * k, BigInt(v), true));
  const batch = framed();
  const schema = schemaMessage(columns);
  const out = new Uint8Array(schema.byteLength + batch.byteLength + body + 8);
  out.set(schema, 0);
  out.set(batch, schema.byteLength);
  let to = schema.byteLength + batch.byteLength;
  for (const b of buffers) {
    if (b !== undefined) out.set(b, to);
    to += ((b?.byteLength ?? 0) + 7) & ~7;
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
