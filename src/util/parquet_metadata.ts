/**
 * Key-value metadata in a Parquet file's footer. nodejs-polars 0.25.2 writes none of its own
 * (`writeParquet` takes only a compression, `sinkParquet` no metadata either) and apache-arrow
 * writes no Parquet, so the footer Polars wrote is rewritten: a Parquet file ends with its
 * FileMetaData (Thrift compact protocol), the footer's length (4 bytes, little-endian) and
 * "PAR1"; the data pages before it are kept byte for byte (their offsets do not move), and the
 * footer is written again with the entries added to its `key_value_metadata` (field 5, a list
 * of KeyValue {1: key, 2: value}). Every other field is copied as it was.
 *
 * @module
 */

const MAGIC = [0x50, 0x41, 0x52, 0x31]; // "PAR1"

/** Thrift compact types. */
const T = {
  TRUE: 1,
  FALSE: 2,
  BYTE: 3,
  I16: 4,
  I32: 5,
  I64: 6,
  DOUBLE: 7,
  BINARY: 8,
  LIST: 9,
  SET: 10,
  MAP: 11,
  STRUCT: 12,
} as const;

/** A reader of Thrift compact bytes. */
class Reader {
  pos: number;
  constructor(readonly bytes: Uint8Array, start = 0) {
    this.pos = start;
  }
  byte(): number {
    if (this.pos >= this.bytes.length) throw new RangeError("Parquet footer ends early");
    return this.bytes[this.pos++]!;
  }
  varint(): bigint {
    let result = 0n;
    let shift = 0n;
    for (;;) {
      const b = this.byte();
      result |= BigInt(b & 0x7f) << shift;
      if ((b & 0x80) === 0) return result;
      shift += 7n;
      if (shift > 70n) throw new RangeError("Parquet footer has a malformed number");
    }
  }
  binary(): Uint8Array {
    const length = Number(this.varint());
    if (length < 0 || this.pos + length > this.bytes.length) {
      throw new RangeError("Parquet footer has a string past its end");
    }
    const out = this.bytes.subarray(this.pos, this.pos + length);
    this.pos += length;
    return out;
  }
  /** Skips one value of a type. */
  skip(type: number): void {
    switch (type) {
      case T.TRUE:
      case T.FALSE:
        return;
      case T.BYTE:
        this.pos += 1;
        return;
      case T.I16:
      case T.I32:
      case T.I64:
        this.varint();
        return;
      case T.DOUBLE:
        this.pos += 8;
        return;
      case T.BINARY:
        this.binary();
        return;
      case T.LIST:
      case T.SET: {
        const [size, element] = this.listHeader();
        // Booleans in a list take a byte each.
        for (let i = 0; i < size; i++) {
          element === T.TRUE || element === T.FALSE ? this.pos++ : this.skip(element);
        }
        return;
      }
      case T.MAP: {
        const size = Number(this.varint());
        if (size === 0) return;
        const kinds = this.byte();
        for (let i = 0; i < size; i++) {
          this.skip(kinds >> 4);
          this.skip(kinds & 0x0f);
        }
        return;
      }
      case T.STRUCT:
        for (let f = this.field(0); f !== undefined; f = this.field(f.id)) this.skip(f.type);
        return;
      default:
        throw new RangeError(`Parquet footer has an unknown Thrift type ${type}`);
    }
  }
  listHeader(): [number, number] {
    const header = this.byte();
    const small = header >> 4;
    const size = small === 15 ? Number(this.varint()) : small;
    return [size, header & 0x0f];
  }
  /** The next field's header of a struct, or undefined at its end. */
  field(lastId: number): { id: number; type: number } | undefined {
    const header = this.byte();
    if (header === 0) return undefined;
    const delta = header >> 4;
    const type = header & 0x0f;
    const id = delta === 0 ? unzigzag(this.varint()) : lastId + delta;
    return { id, type };
  }
}

const unzigzag = (n: bigint) => Number((n >> 1n) ^ -(n & 1n));
const zigzag = (n: number) => (BigInt(n) << 1n) ^ (BigInt(n) >> 63n);

/** A writer of Thrift compact bytes. */
class Writer {
  readonly parts: number[] = [];
  bytes(b: ArrayLike<number>): void {
    for (let i = 0; i < b.length; i++) this.parts.push(b[i]!);
  }
  varint(n: bigint): void {
    let v = BigInt.asUintN(64, n);
    while (v >= 0x80n) {
      this.parts.push(Number(v & 0x7fn) | 0x80);
      v >>= 7n;
    }
    this.parts.push(Number(v));
  }
  field(lastId: number, id: number, type: number): void {
    const delta = id - lastId;
    if (delta > 0 && delta <= 15) this.parts.push((delta << 4) | type);
    else {
      this.parts.push(type);
      this.varint(zigzag(id));
    }
  }
  binary(b: Uint8Array): void {
    this.varint(BigInt(b.length));
    this.bytes(b);
  }
}

/** The footer's position: where FileMetaData starts and ends. */
function footer(file: Uint8Array): { start: number; end: number } {
  const n = file.length;
  const ok = n >= 12 && MAGIC.every((b, i) => file[i] === b && file[n - 4 + i] === b);
  if (!ok) throw new RangeError("Not a Parquet file: it must start and end with PAR1");
  const length = new DataView(file.buffer, file.byteOffset + n - 8, 4).getUint32(0, true);
  const start = n - 8 - length;
  if (start < 4) throw new RangeError("Not a Parquet file: its footer length is too large");
  return { start, end: n - 8 };
}

/** The key-value pairs of a KeyValue list, read. */
function readKeyValues(r: Reader): [string, string][] {
  const decoder = new TextDecoder();
  const [size, element] = r.listHeader();
  if (element !== T.STRUCT) throw new RangeError("Parquet footer has a malformed metadata list");
  const out: [string, string][] = [];
  for (let i = 0; i < size; i++) {
    let key = "";
    let value = "";
    for (let f = r.field(0); f !== undefined; f = r.field(f.id)) {
      if (f.id === 1 && f.type === T.BINARY) key = decoder.decode(r.binary());
      else if (f.id === 2 && f.type === T.BINARY) value = decoder.decode(r.binary());
      else r.skip(f.type);
    }
    out.push([key, value]);
  }
  return out;
}

/**
 * The key-value metadata of a Parquet file's footer.
 *
 * @param file The file's bytes.
 * @returns Each key and its value, in the footer's order.
 * @throws {RangeError} For bytes that are not a Parquet file.
 */
export function readParquetMetadata(file: Uint8Array): Record<string, string> {
  const { start, end } = footer(file);
  const r = new Reader(file.subarray(0, end), start);
  for (let f = r.field(0); f !== undefined; f = r.field(f.id)) {
    if (f.id === 5 && f.type === T.LIST) return Object.fromEntries(readKeyValues(r));
    r.skip(f.type);
  }
  return {};
}

/**
 * A Parquet file with key-value entries added to its footer's metadata (an entry of the same
 * key is replaced); its data pages are kept byte for byte.
 *
 * @param file The file's bytes, as a Parquet writer wrote them.
 * @param entries The keys and values to add.
 * @returns The new file's bytes.
 * @throws {RangeError} For bytes that are not a Parquet file.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Buffer } from "node:buffer";
 * import { pl } from "../deps.ts";
 * import { readParquetMetadata, withParquetMetadata } from "./parquet_metadata.ts";
 *
 * const bytes = pl.DataFrame({ V: [1.5] }).writeParquet();
 * const tagged = withParquetMetadata(bytes, { "ecos.unit": "십억원" });
 * assert.equal(readParquetMetadata(tagged)["ecos.unit"], "십억원");
 * assert.deepEqual(pl.readParquet(Buffer.from(tagged)).getColumn("V").toArray(), [1.5]);
 * ```
 */
export function withParquetMetadata(
  file: Uint8Array,
  entries: Readonly<Record<string, string>>,
): Uint8Array {
  const { start, end } = footer(file);
  const r = new Reader(file.subarray(0, end), start);
  // Each field as its id, type and value bytes; field 5 as its pairs.
  const fields: { id: number; type: number; value: Uint8Array }[] = [];
  let pairs: [string, string][] = [];
  for (let f = r.field(0); f !== undefined; f = r.field(f.id)) {
    const from = r.pos;
    if (f.id === 5 && f.type === T.LIST) {
      pairs = readKeyValues(r);
      continue;
    }
    r.skip(f.type);
    fields.push({ id: f.id, type: f.type, value: file.subarray(from, r.pos) });
  }
  const added = new Set(Object.keys(entries));
  pairs = [...pairs.filter(([k]) => !added.has(k)), ...Object.entries(entries)];

  const encoder = new TextEncoder();
  const w = new Writer();
  let last = 0;
  const ordered = [...fields, { id: 5, type: T.LIST, value: new Uint8Array() }]
    .sort((a, b) => a.id - b.id);
  for (const f of ordered) {
    w.field(last, f.id, f.type);
    last = f.id;
    if (f.id !== 5) {
      w.bytes(f.value);
      continue;
    }
    if (pairs.length < 15) w.parts.push((pairs.length << 4) | T.STRUCT);
    else {
      w.parts.push(0xf0 | T.STRUCT);
      w.varint(BigInt(pairs.length));
    }
    for (const [key, value] of pairs) {
      w.field(0, 1, T.BINARY);
      w.binary(encoder.encode(key));
      w.field(1, 2, T.BINARY);
      w.binary(encoder.encode(value));
      w.parts.push(0);
    }
  }
  w.parts.push(0);
  const meta = Uint8Array.from(w.parts);
  const out = new Uint8Array(start + meta.length + 8);
  out.set(file.subarray(0, start));
  out.set(meta, start);
  new DataView(out.buffer).setUint32(start + meta.length, meta.length, true);
  out.set(MAGIC, start + meta.length + 4);
  return out;
}
