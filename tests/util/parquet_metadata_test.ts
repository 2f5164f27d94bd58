import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import { pl } from "../../src/deps.ts";
import { readParquetMetadata, withParquetMetadata } from "../../src/util/parquet_metadata.ts";

const frame = () =>
  pl.DataFrame({
    UNIT_NAME: Array.from({ length: 5000 }, (_, i) => (i % 2 ? "십억원" : "연%")),
    DATA_VALUE: Array.from({ length: 5000 }, (_, i) => i / 7),
    TIME: Array.from({ length: 5000 }, (_, i) => new Date(Date.UTC(2000, 0, 1 + i))),
  }).withColumns(pl.col("TIME").cast(pl.Date));

Deno.test("withParquetMetadata() adds entries and keeps every row and type", () => {
  const df = frame();
  const bytes = df.writeParquet({ compression: "zstd" });
  const tagged = withParquetMetadata(bytes, { "ecos.source": "ECOS", "ecos.units": "[]" });
  const meta = readParquetMetadata(tagged);
  assert.equal(meta["ecos.source"], "ECOS");
  assert.equal(meta["ecos.units"], "[]");
  // Polars' own entry stays, first.
  assert.deepEqual(Object.keys(meta), ["ARROW:schema", "ecos.source", "ecos.units"]);
  const back = pl.readParquet(Buffer.from(tagged));
  assert.ok(back.frameEqual(df));
  assert.equal(back.getColumn("TIME").dtype.variant, "Date");
  // The data pages are the same bytes.
  const pages = bytes.length - 8 -
    new DataView(bytes.buffer, bytes.byteOffset + bytes.length - 8).getUint32(0, true);
  assert.deepEqual([...tagged.subarray(0, pages)], [...bytes.subarray(0, pages)]);
});

Deno.test("withParquetMetadata() replaces a key, and takes many entries and long values", () => {
  const bytes = pl.DataFrame({ A: [1] }).writeParquet();
  const many = Object.fromEntries(
    Array.from({ length: 20 }, (_, i) => [`k${i}`, "값".repeat(i * 100)]),
  );
  const once = withParquetMetadata(bytes, many);
  const twice = withParquetMetadata(once, { k3: "new" });
  const meta = readParquetMetadata(twice);
  assert.equal(Object.keys(meta).length, 21);
  assert.equal(meta.k3, "new");
  assert.equal(meta.k19, "값".repeat(1900));
  assert.deepEqual(pl.readParquet(Buffer.from(twice)).getColumn("A").toArray(), [1]);
});

Deno.test("readParquetMetadata() refuses bytes that are not Parquet", () => {
  assert.throws(() => readParquetMetadata(new TextEncoder().encode("a,b\n1,2\n")), RangeError);
  assert.throws(
    () => withParquetMetadata(new Uint8Array([0x50, 0x41, 0x52, 0x31]), {}),
    RangeError,
  );
  // A footer length pointing before the start.
  const bad = new Uint8Array([
    0x50,
    0x41,
    0x52,
    0x31,
    0,
    0,
    0,
    0,
    0xff,
    0xff,
    0,
    0,
    0x50,
    0x41,
    0x52,
    0x31,
  ]);
  assert.throws(() => readParquetMetadata(bad), /footer length/);
});
