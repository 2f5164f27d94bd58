/**
 * Rows -> DataFrame, one schema per service.
 *
 * Polars turns JS strings into Utf8 one at a time across the native boundary, which dominates
 * the cost of a big pull. Codes, names, units and labels repeat, so each text column is built
 * from its distinct values once and gathered by a UInt32 index inside Polars. TIME is a
 * per-distinct-label day number gathered the same way and cast to Date; numbers go in as a
 * Float64Array (NaN marks missing, turned into null natively).
 *
 * @module
 */

import { type DataFrame, pl, type Series } from "../deps.ts";
import { BodyError, fieldName, type RawRow } from "./_envelope.ts";
import { type ColumnSpec, STATISTIC_SEARCH_SCHEMA } from "../wire/columns.ts";
import type { ScanFields, ScannedPage } from "./_scan_columns.ts";
import { capacityFor, labelDays, NumberColumn, numberOf, TextColumn } from "./_frame_columns.ts";
import { type ArrowColumn, arrowLoaded, ipcFrame } from "./_arrow.ts";

export type { DataFrame };

/** Reads one page into the columns, its rows from `base` on. */
type RowReader = (
  rows: readonly RawRow[],
  base: number,
  capacity: number,
  texts: readonly TextColumn[],
  numbers: readonly NumberColumn[],
  number: (v: unknown) => number,
  bad: (field: string, row: number, value: unknown) => never,
) => void;

/**
 * A reader of rows for one set of fields: one pass over the rows, each field read with a
 * named property load and compared with the previous row's value before the dictionary is
 * asked. Generated once per schema because a load whose key varies (`row[field]` in a loop
 * over fields) is several times slower than a load with a fixed name, and this loop is the
 * client's hottest: rows come item by item, so most fields repeat the previous row.
 */
function compileReader(textFields: readonly string[], numberFields: readonly string[]): RowReader {
  const key = (f: string) => JSON.stringify(f);
  const lines = ["const n = rows.length;"];
  textFields.forEach((_, j) =>
    lines.push(
      `const t${j} = texts[${j}]; let o${j} = t${j}.index ?? null, l${j} = t${j}, k${j} = 0;`,
    )
  );
  numberFields.forEach((_, j) =>
    lines.push(`const u${j} = numbers[${j}]; let y${j} = u${j}.values ?? null;`)
  );
  lines.push("for (let i = 0; i < n; i++) {", "const r = rows[i]; const at = base + i;");
  // A field holding an object, a list or a boolean is not a value: the answer is wrong.
  textFields.forEach((f, j) =>
    lines.push(
      `{ const v = r[${key(f)}]; if (v !== l${j}) {`,
      `  if ((typeof v === "object" && v !== null) || typeof v === "boolean") bad(${
        key(f)
      }, at, v);`,
      `  l${j} = v; k${j} = t${j}.code(v);`,
      `  if (o${j} === null) { if (t${j}.constant < 0) t${j}.constant = k${j};`,
      `    else if (k${j} !== t${j}.constant) o${j} = t${j}.materialize(capacity); } }`,
      `  if (o${j} !== null) o${j}[at] = k${j}; }`,
    )
  );
  numberFields.forEach((f, j) =>
    lines.push(
      `{ const w = r[${key(f)}]; const x = number(w);`,
      `  if (x !== x && w != null && typeof w !== "string") bad(${key(f)}, at, w);`,
      `  if (y${j} === null && x === x) y${j} = u${j}.materialize(capacity);`,
      `  if (y${j} !== null) y${j}[at] = x; }`,
    )
  );
  lines.push("}");
  return new Function(
    "rows",
    "base",
    "capacity",
    "texts",
    "numbers",
    "number",
    "bad",
    lines.join("\n"),
  ) as RowReader;
}

/** The error for a field that holds an object, a list or a boolean rather than a value. */
function notAValue(field: string, row: number, value: unknown): never {
  const what = Array.isArray(value)
    ? "a list"
    : typeof value === "object"
    ? "an object"
    : typeof value;
  throw new BodyError(`row ${row + 1}, field ${fieldName(field)}, holds ${what}, not a value`);
}

/**
 * The most rows a frame is built through Arrow IPC. The stream's cost grows with rows (every
 * text column, constant or not, is 16 bytes a row to write and for Polars to check), the
 * expressions' is mostly fixed (about 5 ms): on 999Y001 pages they cross near 15k rows
 * (bench/RESULTS.md, "Building a frame").
 */
export const IPC_MAX_ROWS = 15_000;

/** Readers by schema: compiled once. */
const readers = new WeakMap<readonly ColumnSpec[], RowReader>();

/**
 * Collects rows page by page (the JS-side work, after which the page's objects can go) and
 * builds one frame at the end, so the native-side cost is paid once per pull, not per page.
 * Told the total beforehand ({@linkcode FrameBuilder.reserve}), it allocates each column once.
 */
export class FrameBuilder {
  readonly #schema: readonly ColumnSpec[];
  readonly #text = new Map<string, TextColumn>();
  readonly #numbers = new Map<string, NumberColumn>();
  readonly #texts: TextColumn[] = [];
  readonly #numberColumns: NumberColumn[] = [];
  readonly #read: RowReader;
  #height = 0;
  #capacity = 0;

  /** @param schema The service's columns. */
  constructor(schema: readonly ColumnSpec[]) {
    this.#schema = schema;
    const textFields: string[] = [];
    const numberFields: string[] = [];
    for (const spec of schema) {
      const field = spec.source ?? spec.name;
      if (spec.kind === "text" || spec.kind === "date") {
        if (!this.#text.has(field)) {
          const column = new TextColumn();
          this.#text.set(field, column);
          this.#texts.push(column);
          textFields.push(field);
        }
      } else {
        const column = new NumberColumn();
        this.#numbers.set(spec.name, column);
        this.#numberColumns.push(column);
        numberFields.push(field);
      }
    }
    let read = readers.get(schema);
    if (read === undefined) readers.set(schema, read = compileReader(textFields, numberFields));
    this.#read = read;
  }

  /** Rows added so far. */
  get height(): number {
    return this.#height;
  }

  /**
   * Makes room for `rows` rows in all, so that columns are allocated once (a pull knows its
   * total from the first page).
   *
   * @param rows The rows the frame will hold.
   * @returns This builder.
   */
  reserve(rows: number): this {
    if (rows > this.#capacity) this.#resize(rows);
    return this;
  }

  #resize(capacity: number): void {
    for (const c of this.#texts) c.grow(capacity, this.#height);
    for (const c of this.#numberColumns) c.grow(capacity, this.#height);
    this.#capacity = capacity;
  }

  /**
   * Adds a page of rows, after the rows so far or at a given row (pages may come in any
   * order once {@linkcode FrameBuilder.reserve} has made room for them all).
   *
   * @param rows Rows as decoded from either format.
   * @param at The first row's place, 0-based.
   * @param firstRow The first row's number in the pull, for messages (a page built as a frame
   * of its own is at 0 and numbered from its `startNo`).
   * @returns This builder.
   * @throws {BodyError} When a field the frame reads holds an object, a list or a boolean.
   */
  add(rows: readonly RawRow[], at: number = this.#height, firstRow: number = at + 1): this {
    const needed = at + rows.length;
    if (needed > this.#capacity) this.#resize(capacityFor(needed, this.#capacity));
    const bad = firstRow === at + 1
      ? notAValue
      : (field: string, row: number, value: unknown) =>
        notAValue(field, row - at + firstRow - 1, value);
    this.#read(rows, at, this.#capacity, this.#texts, this.#numberColumns, numberOf, bad);
    this.#height = Math.max(this.#height, needed);
    return this;
  }

  /**
   * Adds a page the scanner read (see _scan_json.ts), at a given row; its fields are those of
   * {@linkcode scanFieldsOf} for this builder's schema.
   *
   * @param page The scanned page.
   * @param at The first row's place, 0-based.
   * @returns This builder.
   */
  addScanned(page: ScannedPage, at: number = this.#height): this {
    const count = page.count;
    if (count === 0) return this;
    const needed = at + count;
    if (needed > this.#capacity) this.#resize(capacityFor(needed, this.#capacity));
    const capacity = this.#capacity;
    page.texts.forEach((t, j) => this.#texts[j]!.merge(t, at, count, capacity));
    page.numbers.forEach((v, j) => {
      if (v === undefined) return;
      const column = this.#numberColumns[j]!;
      (column.values ?? column.materialize(capacity)).set(v, at);
    });
    this.#height = Math.max(this.#height, needed);
    return this;
  }

  /**
   * Builds the frame. Every column is present with its type, whatever the rows held; no rows
   * give an empty frame of the same schema. Up to {@linkcode IPC_MAX_ROWS} rows, the columns
   * go to Polars as one Arrow IPC stream (one native call); beyond, or before apache-arrow is
   * loaded, as Polars expressions (a gather a column), which hold less memory at that size.
   *
   * @param way Force one way (tests and benchmarks compare them); `"ipc"` needs apache-arrow
   * loaded.
   * @returns The frame.
   */
  finish(way?: "ipc" | "expressions"): DataFrame {
    const height = this.#height;
    if (way === "ipc" || (way === undefined && height <= IPC_MAX_ROWS && arrowLoaded())) {
      if (this.#ipc) return this.#finishIpc();
    }
    return this.#finishExpressions();
  }

  /** Whether every column can be written as Arrow (int columns cannot yet). */
  get #ipc(): boolean {
    return this.#schema.every((c) => c.kind !== "int");
  }

  #finishIpc(): DataFrame {
    return ipcFrame(this._arrowColumns(), this.#height);
  }

  /**
   * The columns as {@linkcode ipcFrame} takes them (the benchmarks compare writers on them).
   *
   * @returns The columns.
   * @internal
   */
  _arrowColumns(): ArrowColumn[] {
    const height = this.#height;
    return this.#schema.map((spec): ArrowColumn => {
      const text = this.#text.get(spec.source ?? spec.name);
      if (text !== undefined) {
        const index = text.index?.subarray(0, height);
        const constant = Math.max(0, text.constant);
        return spec.kind === "date"
          ? { name: spec.name, kind: "date", values: labelDays(text.values), index, constant }
          : { name: spec.name, kind: "text", values: text.values, index, constant };
      }
      return { name: spec.name, kind: "float", values: this.#numbers.get(spec.name)?.values };
    });
  }

  #finishExpressions(): DataFrame {
    const height = this.#height;
    const inputs: Series[] = [];
    const exprs = [];
    for (const spec of this.#schema) {
      const field = spec.source ?? spec.name;
      const text = this.#text.get(field);
      if (text !== undefined) {
        if (text.index !== undefined && !inputs.some((s) => s.name === `_i_${field}`)) {
          inputs.push(pl.Series(`_i_${field}`, text.index.subarray(0, height)));
        }
        exprs.push(textColumn(spec, field, text, height));
        continue;
      }
      const values = this.#numbers.get(spec.name)?.values;
      const type = spec.kind === "int" ? pl.Int64 : pl.Float64;
      // A column of missing values (WGT of most tables) is a literal: no data crosses over.
      if (values === undefined) {
        exprs.push(pl.lit(null).cast(type).alias(spec.name));
        continue;
      }
      inputs.push(pl.Series(`_f_${spec.name}`, values.subarray(0, height)));
      const e = pl.col(`_f_${spec.name}`).fillNan(null);
      exprs.push((spec.kind === "int" ? e.cast(pl.Int64) : e).alias(spec.name));
    }
    // Literals take the frame's height only beside columns (a select of literals alone is one
    // row): give the frame one, then add the columns to it.
    inputs.push(pl.Series("_n", new Uint8Array(height)));
    return pl.DataFrame(inputs).withColumns(...exprs).select(...this.#schema.map((c) => c.name));
  }
}

/**
 * A text or date column from its dictionary: a literal when every row holds the same value
 * (STAT_CODE, the unused ITEM_CODE2..4, ...), else the dictionary gathered by index. Literals
 * spare a native gather a column, which is most of a page's fixed cost.
 */
function textColumn(spec: ColumnSpec, field: string, text: TextColumn, height: number) {
  const date = spec.kind === "date";
  if (text.index === undefined) {
    const value = height === 0 ? null : text.values[Math.max(0, text.constant)] ?? null;
    if (!date) return pl.lit(value).cast(pl.String).alias(spec.name);
    const days = value === null ? null : labelDays([value])[0] ?? null;
    return pl.lit(days).cast(pl.Int32).cast(pl.Date).alias(spec.name);
  }
  if (!date) {
    const values = pl.Series(spec.name, text.values, pl.String);
    return pl.lit(values).explode().gather(pl.col(`_i_${field}`)).alias(spec.name);
  }
  // Float64, then Int32: nodejs-polars turns null into 0 when it builds Int32 directly.
  const days = pl.Series(spec.name, labelDays(text.values), pl.Float64).cast(pl.Int32);
  return pl.lit(days).explode().gather(pl.col(`_i_${field}`)).cast(pl.Date).alias(spec.name);
}

/**
 * A builder with an index and a number column made, kept alive: V8 holds object shapes
 * weakly, and with no builder alive a full collection clears the shapes its columns took and
 * throws away the optimised code that named them (the next pull would start cold).
 */
export const _kept: FrameBuilder = new FrameBuilder([
  { name: "A", kind: "text" },
  { name: "B", kind: "float" },
]).add([{ A: "a", B: "1" }, { A: "b", B: "2" }]);

const scanFields = new WeakMap<readonly ColumnSpec[], Map<string, ScanFields>>();

/**
 * The fields a scan of a service's pages reads for a frame of `schema`, in the order
 * {@linkcode FrameBuilder.addScanned} takes them: text and date sources, then numbers.
 *
 * @param schema The service's columns.
 * @param service The service, whose name is the envelope's key.
 * @returns The fields (the same object for the same arguments).
 */
export function scanFieldsOf(schema: readonly ColumnSpec[], service: string): ScanFields {
  let byService = scanFields.get(schema);
  if (byService === undefined) scanFields.set(schema, byService = new Map());
  let fields = byService.get(service);
  if (fields === undefined) {
    const text: string[] = [];
    const numbers: string[] = [];
    for (const spec of schema) {
      const field = spec.source ?? spec.name;
      if (spec.kind === "text" || spec.kind === "date") {
        if (!text.includes(field)) text.push(field);
      } else numbers.push(field);
    }
    byService.set(service, fields = { service, text, numbers });
  }
  return fields;
}

/**
 * Builds a frame from raw rows.
 *
 * @param rows Rows as decoded from either format.
 * @param schema The service's columns.
 * @returns The frame.
 */
export function buildFrame(rows: readonly RawRow[], schema: readonly ColumnSpec[]): DataFrame {
  return new FrameBuilder(schema).add(rows).finish();
}

/**
 * An empty frame with the schema's columns and types: what no data looks like.
 *
 * @param schema The service's columns.
 * @returns A frame with no rows.
 */
export function emptyFrame(schema: readonly ColumnSpec[]): DataFrame {
  return buildFrame([], schema);
}

/**
 * Stacks frames of one schema in order.
 *
 * @param frames Frames with the same columns.
 * @param schema The columns, for when there are no frames at all.
 * @returns One frame.
 */
export function concatFrames(
  frames: readonly DataFrame[],
  schema: readonly ColumnSpec[],
): DataFrame {
  if (frames.length === 0) return emptyFrame(schema);
  if (frames.length === 1) return frames[0] as DataFrame;
  return pl.concat([...frames], { how: "vertical", rechunk: true });
}

const ITEM_CODES = ["ITEM_CODE1", "ITEM_CODE2", "ITEM_CODE3", "ITEM_CODE4"];

/**
 * Merges StatisticSearch results of consecutive date ranges into the order of one pull over the
 * whole range: item by item (items in the order the parts first show them), each item's rows in
 * time order (part by part, each part's rows as sent).
 *
 * @param parts Results of consecutive sub-ranges, earliest first.
 * @returns The merged frame.
 */
export function mergeRangeParts(parts: readonly DataFrame[]): DataFrame {
  const nonEmpty = parts.filter((p) => p.height > 0);
  if (nonEmpty.length <= 1) {
    return concatFrames(nonEmpty.length ? nonEmpty : parts, STATISTIC_SEARCH_SCHEMA);
  }
  const key = pl.concatString(ITEM_CODES.map((c) => pl.col(c).fillNull(pl.lit(""))), "\u0001")
    .alias("_key");
  // Each part's item order, then one order consistent with all of them: a key new to the
  // merged order goes right after the key that preceded it in its own part.
  const order: string[] = [];
  for (const part of nonEmpty) {
    const keys = part.select(key).unique({ maintainOrder: true }).getColumn("_key")
      .toArray() as string[];
    let after = -1;
    for (const k of keys) {
      const at = order.indexOf(k);
      if (at >= 0) {
        after = at;
      } else {
        order.splice(after + 1, 0, k);
        after++;
      }
    }
  }
  const ranks = pl.DataFrame({
    _key: pl.Series("_key", order, pl.String),
    _rank: pl.Series("_rank", Uint32Array.from(order.keys())),
  });
  const tagged = nonEmpty.map((part, i) =>
    part.withColumns(
      key,
      pl.lit(i).cast(pl.UInt32).alias("_part"),
      pl.Series("_row", Uint32Array.from({ length: part.height }, (_, j) => j)),
    )
  );
  const names = nonEmpty[0]!.columns;
  return pl.concat(tagged, { how: "vertical" })
    .join(ranks, { on: "_key", how: "left" })
    .sort(["_rank", "_part", "_row"])
    .select(...names);
}
