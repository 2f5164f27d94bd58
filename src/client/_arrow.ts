/**
 * A frame in one native call: the columns written as an Arrow IPC stream (apache-arrow builds
 * its messages) and read by `pl.readIPCStream`. Text columns are Utf8View, the layout Polars
 * keeps strings in: 16 bytes a row, values of up to 12 bytes inline, longer ones pointing into
 * one buffer that holds each distinct value once. So a dictionary-encoded column needs no
 * gather, and no string crosses the native boundary one at a time.
 *
 * apache-arrow is loaded on first use ({@linkcode loadArrow}); until it is, the frame builder
 * takes its other way (Polars expressions), which gives the same frame.
 *
 * @module
 */

import { Buffer } from "node:buffer";
import { type DataFrame, loadApacheArrow, pl } from "../deps.ts";

type Modules = Awaited<ReturnType<typeof loadApacheArrow>>;

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

let arrow: Modules | undefined;
/**
 * Loads apache-arrow, once.
 *
 * @returns When it is loaded.
 */
export function loadArrow(): Promise<void> {
  loading ??= loadApacheArrow().then((m) => {
    arrow = m;
  });
  return loading;
}
let loading: Promise<void> | undefined;

/**
 * Whether {@linkcode ipcFrame} can run now.
 *
 * @returns `true` once apache-arrow is loaded.
 */
export function arrowLoaded(): boolean {
  return arrow !== undefined;
}

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
    const isNull = Uint8Array.from(values, (v) => (v === null ? 1 : 0));
    if (isNull.includes(1)) {
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
    const table = Int32Array.from(values, (v) => v ?? 0);
    for (let r = 0; r < height; r++) days[r] = table[index[r]!]!;
    if (values.includes(null)) {
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

/** A message as the stream frames it: a continuation marker, its length, itself, padding. */
function framed(message: Uint8Array): Uint8Array {
  const size = (message.byteLength + 8 + 7) & ~7;
  const out = new Uint8Array(size);
  const view = new DataView(out.buffer);
  view.setInt32(0, -1, true);
  view.setInt32(4, size - 8, true);
  out.set(message, 8);
  return out;
}

/** The schema message of each layout of columns (names and kinds), encoded once. */
const schemas = new Map<string, Uint8Array>();

function schemaMessage(m: Modules, columns: readonly ArrowColumn[]): Uint8Array {
  const key = columns.map((c) => `${c.kind}:${c.name}`).join("\u0000");
  let bytes = schemas.get(key);
  if (bytes === undefined) {
    const [a, ipc] = m;
    const fields = columns.map((c) =>
      new a.Field(
        c.name,
        c.kind === "text"
          ? new a.Utf8View()
          : c.kind === "date"
          ? new a.DateDay()
          : new a.Float64(),
        true,
      )
    );
    bytes = framed(ipc.Message.encode(ipc.Message.from(new a.Schema(fields))));
    schemas.set(key, bytes);
  }
  return bytes;
}

/**
 * The columns as an Arrow IPC stream: the schema message, one record batch, the end. The
 * messages' metadata (flatbuffers) are apache-arrow's encoding; the body is written here
 * straight from the columns, each buffer once, 8-byte aligned. (apache-arrow's own writer
 * builds vectors and a table first and walks them with visitors: about 1 ms a frame, which
 * a page of 1,000 rows cannot afford; see bench/RESULTS.md.)
 */
function ipcStream(
  m: Modules,
  columns: readonly ArrowColumn[],
  height: number,
): Uint8Array {
  const parts = _parts(columns, height);
  const ipc = m[1];
  const nodes: InstanceType<typeof ipc.FieldNode>[] = [];
  const regions: InstanceType<typeof ipc.BufferRegion>[] = [];
  const variadic: number[] = [];
  const chunks: Uint8Array[] = [];
  let body = 0;
  const add = (bytes: Uint8Array | undefined) => {
    const length = bytes?.byteLength ?? 0;
    regions.push(new ipc.BufferRegion(body, length));
    if (bytes !== undefined && length > 0) chunks.push(bytes);
    else chunks.push(EMPTY);
    body += (length + 7) & ~7;
  };
  for (const p of parts) {
    nodes.push(new ipc.FieldNode(height, p.nullCount));
    add(p.nullCount > 0 ? p.validity : undefined);
    for (const b of p.buffers) add(b);
    if (p.kind === "text") variadic.push(p.buffers.length - 1);
  }
  const header = new ipc.RecordBatch(height, nodes, regions, null, variadic);
  const message = ipc.Message.from(header, body);
  const batch = framed(ipc.Message.encode(message));
  const schema = schemaMessage(m, columns);
  const out = new Uint8Array(schema.byteLength + batch.byteLength + body + 8);
  out.set(schema, 0);
  out.set(batch, schema.byteLength);
  let at = schema.byteLength + batch.byteLength;
  for (const c of chunks) {
    out.set(c, at);
    at += (c.byteLength + 7) & ~7;
  }
  // The end of the stream: a continuation marker and a length of 0.
  new DataView(out.buffer).setInt32(at, -1, true);
  return out;
}

const EMPTY = new Uint8Array(0);

/**
 * Builds a frame from columns in one native call. Call it only once {@linkcode arrowLoaded}.
 *
 * @param columns The columns, in order.
 * @param height Rows.
 * @returns The frame.
 */
export function ipcFrame(columns: readonly ArrowColumn[], height: number): DataFrame {
  const m = arrow;
  if (m === undefined) throw new Error("apache-arrow is not loaded yet");
  const bytes = ipcStream(m, columns, height);
  const frame = pl.readIPCStream(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  return frame;
}
