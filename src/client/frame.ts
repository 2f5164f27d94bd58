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

import { type DataFrame as PolarsDataFrame, pl } from "../deps.ts";
import type { RawRow } from "./envelope.ts";
import { periodStartDays, tryParseLabel } from "../wire/period.ts";

/**
 * A nodejs-polars DataFrame: what every service returns. (An alias, so that the module's
 * documentation can name it.)
 */
export type DataFrame = PolarsDataFrame;

/** How a column is built from the raw field. */
export type ColumnKind =
  /** Utf8; "" becomes null. */
  | "text"
  /** Float64; "", "-" and anything not a number become null. */
  | "float"
  /** Int64; as float, then cast. */
  | "int"
  /** pl.Date: the first day of the period named by a TIME label, recognised by its shape. */
  | "date";

/** One output column. */
export interface ColumnSpec {
  /** The column's name in the frame. */
  readonly name: string;
  /** How it is built. */
  readonly kind: ColumnKind;
  /** The raw field it is read from, when not `name`. */
  readonly source?: string;
}

const text = (name: string, source?: string): ColumnSpec =>
  source === undefined ? { name, kind: "text" } : { name, kind: "text", source };

/** StatisticSearch: TIME is the period's first day, PERIOD the label as sent. */
export const STATISTIC_SEARCH_SCHEMA: readonly ColumnSpec[] = [
  text("STAT_CODE"),
  text("STAT_NAME"),
  text("ITEM_CODE1"),
  text("ITEM_NAME1"),
  text("ITEM_CODE2"),
  text("ITEM_NAME2"),
  text("ITEM_CODE3"),
  text("ITEM_NAME3"),
  text("ITEM_CODE4"),
  text("ITEM_NAME4"),
  text("UNIT_NAME"),
  { name: "WGT", kind: "float" },
  { name: "TIME", kind: "date", source: "TIME" },
  text("PERIOD", "TIME"),
  { name: "DATA_VALUE", kind: "float" },
];

/** KeyStatisticList: CYCLE is the latest period's label, TIME its first day. */
export const KEY_STATISTIC_LIST_SCHEMA: readonly ColumnSpec[] = [
  text("CLASS_NAME"),
  text("KEYSTAT_NAME"),
  { name: "DATA_VALUE", kind: "float" },
  text("CYCLE"),
  { name: "TIME", kind: "date", source: "CYCLE" },
  text("UNIT_NAME"),
];

/** StatisticTableList: the table tree. */
export const STATISTIC_TABLE_LIST_SCHEMA: readonly ColumnSpec[] = [
  text("P_STAT_CODE"),
  text("STAT_CODE"),
  text("STAT_NAME"),
  text("CYCLE"),
  text("SRCH_YN"),
  text("ORG_NAME"),
];

/**
 * StatisticItemList: one row per item and cycle. START_DATE and END_DATE are the first days of
 * the periods START_TIME and END_TIME name, read in the item's cycle.
 */
export const STATISTIC_ITEM_LIST_SCHEMA: readonly ColumnSpec[] = [
  text("STAT_CODE"),
  text("STAT_NAME"),
  text("GRP_CODE"),
  text("GRP_NAME"),
  text("ITEM_CODE"),
  text("ITEM_NAME"),
  text("P_ITEM_CODE"),
  text("P_ITEM_NAME"),
  text("CYCLE"),
  text("START_TIME"),
  text("END_TIME"),
  { name: "START_DATE", kind: "date", source: "START_TIME" },
  { name: "END_DATE", kind: "date", source: "END_TIME" },
  { name: "DATA_CNT", kind: "int" },
  text("UNIT_NAME"),
  { name: "WEIGHT", kind: "float" },
];

/** StatisticWord: a glossary entry. */
export const STATISTIC_WORD_SCHEMA: readonly ColumnSpec[] = [text("WORD"), text("CONTENT")];

/** StatisticMeta: a table's metadata tree. */
export const STATISTIC_META_SCHEMA: readonly ColumnSpec[] = [
  text("LVL"),
  text("P_CONT_CODE"),
  text("CONT_CODE"),
  text("CONT_NAME"),
  text("META_DATA"),
];

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

/** Joins typed-array chunks into one. */
function joinChunks<T extends Uint32Array | Float64Array>(
  chunks: readonly T[],
  make: (n: number) => T,
): T {
  if (chunks.length === 1) return chunks[0] as T;
  const out = make(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

/** A text field, dictionary-encoded: distinct values once, and an index per row. */
class TextColumn {
  /** Distinct values; index 0 is null. */
  readonly values: (string | null)[] = [null];
  readonly #seen = new Map<string, number>();
  readonly chunks: Uint32Array[] = [];

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
}

/** Reads one page into the columns: text indices and numbers. */
type RowReader = (
  rows: readonly RawRow[],
  texts: readonly TextColumn[],
  indices: readonly Uint32Array[],
  numbers: readonly Float64Array[],
  number: (v: unknown) => number,
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
    lines.push(`const o${j} = indices[${j}]; let l${j} = o${j}, k${j} = 0;`)
  );
  numberFields.forEach((_, j) => lines.push(`const y${j} = numbers[${j}];`));
  lines.push("for (let i = 0; i < n; i++) {", "const r = rows[i];");
  textFields.forEach((f, j) =>
    lines.push(
      `{ const v = r[${
        key(f)
      }]; if (v !== l${j}) { l${j} = v; k${j} = texts[${j}].code(v); } o${j}[i] = k${j}; }`,
    )
  );
  numberFields.forEach((f, j) => lines.push(`y${j}[i] = number(r[${key(f)}]);`));
  lines.push("}");
  return new Function(
    "rows",
    "texts",
    "indices",
    "numbers",
    "number",
    lines.join("\n"),
  ) as RowReader;
}

/** Readers by schema: compiled once. */
const readers = new WeakMap<readonly ColumnSpec[], RowReader>();

/**
 * Collects rows page by page (the JS-side work, after which the page's objects can go) and
 * builds one frame at the end, so the native-side cost is paid once per pull, not per page.
 */
export class FrameBuilder {
  readonly #schema: readonly ColumnSpec[];
  readonly #text = new Map<string, TextColumn>();
  readonly #numbers = new Map<string, Float64Array[]>();
  readonly #textFields: string[] = [];
  readonly #numberSpecs: ColumnSpec[] = [];
  readonly #read: RowReader;
  #height = 0;

  /** @param schema The service's columns. */
  constructor(schema: readonly ColumnSpec[]) {
    this.#schema = schema;
    for (const spec of schema) {
      const field = spec.source ?? spec.name;
      if (spec.kind === "text" || spec.kind === "date") {
        if (!this.#text.has(field)) {
          this.#text.set(field, new TextColumn());
          this.#textFields.push(field);
        }
      } else {
        this.#numbers.set(spec.name, []);
        this.#numberSpecs.push(spec);
      }
    }
    let read = readers.get(schema);
    if (read === undefined) {
      const numberFields = this.#numberSpecs.map((s) => s.source ?? s.name);
      readers.set(schema, read = compileReader(this.#textFields, numberFields));
    }
    this.#read = read;
  }

  /** Rows added so far. */
  get height(): number {
    return this.#height;
  }

  /**
   * Adds a page of rows.
   *
   * @param rows Rows as decoded from either format.
   * @returns This builder.
   */
  add(rows: readonly RawRow[]): this {
    const texts = this.#textFields.map((f) => this.#text.get(f)!);
    const indices = texts.map(() => new Uint32Array(rows.length));
    const numbers = this.#numberSpecs.map(() => new Float64Array(rows.length));
    this.#read(rows, texts, indices, numbers, numberOf);
    texts.forEach((t, j) => t.chunks.push(indices[j]!));
    this.#numberSpecs.forEach((s, j) => this.#numbers.get(s.name)!.push(numbers[j]!));
    this.#height += rows.length;
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
    const inputs = [];
    const indices = new Map<string, Uint32Array>();
    for (const [field, column] of this.#text) {
      const index = joinChunks(column.chunks, (n) => new Uint32Array(n));
      indices.set(field, index);
      inputs.push(pl.Series(`_i_${field}`, index));
    }
    const exprs = [];
    for (const spec of this.#schema) {
      const field = spec.source ?? spec.name;
      const text = this.#text.get(field);
      const index = indices.get(field);
      if (text && index) {
        exprs.push(this.#textColumn(spec, field, text, index, height));
        continue;
      }
      const chunks = this.#numbers.get(spec.name) ?? [];
      const values = joinChunks(chunks, (n) => new Float64Array(n));
      const type = spec.kind === "int" ? pl.Int64 : pl.Float64;
      // A column of missing values (WGT of most tables) is a literal: no data crosses over.
      if (height > 0 && values.every((v) => v !== v)) {
        exprs.push(pl.lit(null).cast(type).alias(spec.name));
        continue;
      }
      inputs.push(pl.Series(`_f_${spec.name}`, values));
      const e = pl.col(`_f_${spec.name}`).fillNan(null);
      exprs.push((spec.kind === "int" ? e.cast(pl.Int64) : e).alias(spec.name));
    }
    return pl.DataFrame(inputs).select(...exprs);
  }

  /**
   * A text or date column from its dictionary: a literal when every row holds the same value
   * or none (STAT_CODE, the unused ITEM_CODE2..4, ...), else the dictionary gathered by index.
   * Literals spare a native gather a column, which is most of a page's fixed cost.
   */
  #textColumn(
    spec: ColumnSpec,
    field: string,
    text: TextColumn,
    index: Uint32Array,
    height: number,
  ) {
    const date = spec.kind === "date";
    const constant = height > 0 && text.values.length <= 2 && !index.includes(0);
    if (height > 0 && (text.values.length === 1 || constant)) {
      const value = constant ? text.values[1] ?? null : null;
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
