/**
 * apache-arrow's own IPC writer on the client's columns, for comparison with the client's
 * (src/util/arrow_ipc.ts writes the messages and the body itself): the same parts as vectors, a
 * Table, `tableToIPC`, then `pl.readIPCStream`.
 *
 * @module
 */

import { Buffer } from "node:buffer";
import { type DataFrame, loadApacheArrow, pl } from "../src/deps.ts";
import { _parts, type ArrowColumn, type Part, writePart } from "../src/util/arrow_ipc.ts";

const [a] = await loadApacheArrow();

/** A part's data buffers, each written into a buffer of its own. */
function buffersOf(p: Part, height: number): Uint8Array[] {
  const out = new Uint8Array(p.lengths.reduce((n, length) => n + ((length + 7) & ~7), 0));
  writePart(p, out, 0, height);
  let at = 0;
  return p.lengths.map((length) => {
    const bytes = out.subarray(at, at + length);
    at += (length + 7) & ~7;
    return bytes;
  });
}

function data(p: Part, height: number) {
  const nullBitmap = p.nullCount > 0 ? p.validity : undefined;
  const buffers = buffersOf(p, height);
  const bytes = buffers[0]!;
  if (p.kind === "text") {
    return a.makeData({
      type: new a.Utf8View(),
      length: height,
      nullCount: p.nullCount,
      nullBitmap,
      views: bytes,
      variadicBuffers: [buffers[1]!],
    });
  }
  if (p.kind === "date") {
    const days = new Int32Array(bytes.buffer, bytes.byteOffset, height);
    return a.makeData({
      type: new a.DateDay(),
      length: height,
      nullCount: p.nullCount,
      nullBitmap,
      data: days,
    });
  }
  const values = new Float64Array(bytes.buffer, bytes.byteOffset, height);
  return a.makeData({
    type: new a.Float64(),
    length: height,
    nullCount: p.nullCount,
    nullBitmap,
    data: values,
  });
}

function table(columns: readonly ArrowColumn[], height: number) {
  const children = _parts(columns, height).map((p) => data(p, height));
  const fields = columns.map((c, i) => new a.Field(c.name, children[i]!.type, true));
  const schema = new a.Schema(fields);
  const batch = new a.RecordBatch(
    schema,
    a.makeData({ type: new a.Struct(fields), length: height, nullCount: 0, children }),
  );
  return new a.Table(schema, [batch]);
}

/**
 * A frame through apache-arrow's writer.
 *
 * @param columns The columns, as the frame builder gives them.
 * @param height Rows.
 * @returns The frame.
 */
export function apacheArrowFrame(columns: readonly ArrowColumn[], height: number): DataFrame {
  const bytes = a.tableToIPC(table(columns, height), "stream");
  return pl.readIPCStream(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
}
