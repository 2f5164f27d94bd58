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
import { periodStartDays, tryParseLabel } from "../wire/period.ts";
import { type ColumnSpec, STATISTIC_SEARCH_SCHEMA } from "../wire/columns.ts";

export type { DataFrame };

/** A text field's value, or null for absent and empty. */
function textOf(v: unknown): string | null {
  if (v === null || v === undefined) return null;
  const s = typeof v === "string" ? v : String(v);
  return s === "" ? null : s;
}

/** A numeric field's value; NaN for missing ("" and "-") or unreadable. */
function numberOf(v: unknown): number {
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

/** Days since 1970-01-01 of each distinct label; null where a label has no known shape. */
function labelDays(values: readonly (string | null)[]): (number | null)[] {
  return values.map((label) => {
    if (label === null) return null;
    const ref = tryParseLabel(label.trim());
    return ref ? periodStartDays(ref.cycle, ref.index) : null;
  });
}

/** Room for rows: grows by doubling unless told the total beforehand. */
function capacityFor(needed: number, current: number): number {
  return Math.max(needed, current * 2, 1024);
}

/**
 * A text field, dictionary-encoded: distinct values once, and an index per row. Most fields
 * hold one value in every row of a pull (STAT_CODE, STAT_NAME, the unused ITEM_CODE2..4): the
 * index array is made only when a second value appears, so such a column costs no memory per
 * row and becomes a literal in the frame.
 */
class TextColumn {
  /** Distinct values; index 0 is null. */
  readonly values: (string | null)[] = [null];
  readonly #seen = new Map<string, number>();
  /** The index every row so far holds, while there is no array (-1: no row yet). */
  constant = -1;
  /** The index of each row, once two values have been seen. */
  index: Uint32Array | undefined;

  /** The index of a raw value, adding it when new. */
  code(raw: unknown): number {
    const v = textOf(raw);
    if (v === null) return 0;
    let k = this.#seen.get(v);
    if (k === undefined) {
      k = this.values.length;
      this.values.push(v);
      this.#seen.set(v, k);
    }
    return k;
  }

  /**
   * The index array, made now: every row read so far held the constant (pages may come in
   * any order, so that is every row but those not read yet, which will be written).
   */
  materialize(capacity: number): Uint32Array {
    const index = new Uint32Array(capacity);
    if (this.constant > 0) index.fill(this.constant);
    this.index = index;
    return index;
  }

  /** Makes room for `capacity` rows in an existing index array. */
  grow(capacity: number, height: number): void {
    if (this.index === undefined || this.index.length >= capacity) return;
    const index = new Uint32Array(capacity);
    index.set(this.index.subarray(0, height));
    if (this.constant > 0) index.fill(this.constant, height);
    this.index = index;
  }
}

/** A numeric field: NaN marks missing; no array while every value so far is missing. */
class NumberColumn {
  values: Float64Array | undefined;

  /** The values array, made now: every row read so far was missing. */
  materialize(capacity: number): Float64Array {
    const values = new Float64Array(capacity);
    values.fill(NaN);
    this.values = values;
    return values;
  }

  /** Makes room for `capacity` rows in an existing array. */
  grow(capacity: number, height: number): void {
    if (this.values === undefined || this.values.length >= capacity) return;
    const values = new Float64Array(capacity);
    values.set(this.values.subarray(0, height));
    values.fill(NaN, height);
    this.values = values;
  }
}

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
   * @returns This builder.
   * @throws {BodyError} When a field the frame reads holds an object, a list or a boolean.
   */
  add(rows: readonly RawRow[], at: number = this.#height): this {
    const needed = at + rows.length;
    if (needed > this.#capacity) this.#resize(capacityFor(needed, this.#capacity));
    this.#read(rows, at, this.#capacity, this.#texts, this.#numberColumns, numberOf, notAValue);
    this.#height = Math.max(this.#height, needed);
    return this;
  }

  /**
   * Builds the frame. Every column is present with its type, whatever the rows held; no rows
   * give an empty frame of the same schema.
   *
   * @returns The frame.
   */
  finish(): DataFrame {
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
