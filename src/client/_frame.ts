/**
 * Pages -> DataFrame, one schema per service. Text columns stay dictionaries (Polars takes JS strings one at a time),
 * TIME a day number a distinct label, numbers a Float64Array (NaN missing). Up to
 * {@linkcode IPC_MAX_ROWS} rows a frame crosses as one Arrow IPC stream (`src/util/arrow_ipc.ts`);
 * beyond, as Polars expressions, where a column of one value is a literal.
 *
 * @module
 */

import { type DataFrame, pl, type Series } from "../deps.ts";
import { type ColumnSpec, STATISTIC_SEARCH_SCHEMA } from "../wire/columns.ts";
import { labelStartDay } from "../wire/period.ts";
import { BodyError, fieldName } from "./_errors.ts";
import { ABSENT_ID, type Page, type PageFields, type PageText } from "./_page.ts";
import { pageOf, type RawRow } from "./_decode.ts";
import { type ArrowColumn, ipcFrame } from "../util/arrow_ipc.ts";
import { free } from "../util/free.ts";

export type { DataFrame };

/** A text value trimmed (units have come as "원 "); null for absent and empty. */
export function textOf(v: unknown): string | null {
  if (v === null || v === undefined) return null;
  const s = (typeof v === "string" ? v : String(v)).trim();
  return s === "" ? null : s;
}

const labelDays = (values: readonly (string | null)[]) =>
  values.map((label) => (label === null ? null : labelStartDay(label)));

/** Room for rows: doubling unless the total was reserved. */
const capacityFor = (needed: number, current: number) => Math.max(needed, current * 2, 1024);

/** A copy of a column's array with room for `capacity` rows, the rows past `height` filled. */
function grown<A extends Uint32Array | Float64Array>(
  old: A,
  capacity: number,
  height: number,
  fill: number,
): A {
  const out = new (old.constructor as new (n: number) => A)(capacity);
  out.set(old.subarray(0, height));
  if (fill !== 0) out.fill(fill, height);
  return out;
}

/** A text field: distinct values (0 is null) and each row's index, or one index for every row. */
class TextColumn {
  values: (string | null)[] = [null];
  #seen: Map<string, number> | undefined;
  /** The index every row so far holds while there is no array (-1: no row yet). */
  constant = -1;
  index: Uint32Array | undefined;

  /** The index of a raw value, added when new. */
  code(raw: unknown): number {
    const v = textOf(raw);
    if (v === null) return 0;
    let seen = this.#seen;
    if (seen === undefined) {
      seen = this.#seen = new Map();
      for (const [k, w] of this.values.entries()) if (w !== null && !seen.has(w)) seen.set(w, k);
    }
    let k = seen.get(v);
    if (k === undefined) {
      seen.set(v, k = this.values.length);
      this.values.push(v);
    }
    return k;
  }

  /** The index array, made now: rows so far held the constant; the rest will be written. */
  materialize(capacity: number): Uint32Array {
    return this.index = new Uint32Array(capacity).fill(Math.max(0, this.constant));
  }

  grow(capacity: number, height: number): void {
    if (this.index !== undefined && this.index.length < capacity) {
      this.index = grown(this.index, capacity, height, Math.max(0, this.constant));
    }
  }

  /** Merges a page's field, its rows from `at` on, mapping its dictionary to this one. */
  merge(page: PageText, at: number, count: number, capacity: number): void {
    if (this.values.length === 1 && this.constant < 0 && this.index === undefined) {
      // The first page: its dictionary becomes the column's, its ids the rows'.
      this.values = page.values.map(textOf);
      if (page.ids === undefined) this.constant = page.constant;
      else (this.index ?? this.materialize(capacity)).set(page.ids, at);
      return;
    }
    const map = new Uint32Array(page.values.length);
    for (let k = 0; k < map.length; k++) map[k] = this.code(page.values[k]);
    const ids = page.ids;
    if (ids === undefined) {
      const k = map[page.constant]!;
      if (this.index === undefined) {
        if (this.constant < 0) this.constant = k;
        else if (k !== this.constant) this.materialize(capacity);
      }
      this.index?.fill(k, at, at + count);
      return;
    }
    const index = this.index ?? this.materialize(capacity);
    for (let r = 0; r < count; r++) index[at + r] = map[ids[r]!]!;
  }
}

/** A numeric field: NaN marks missing; no array while every value so far is missing. */
class NumberColumn {
  values: Float64Array | undefined;

  materialize(capacity: number): Float64Array {
    return this.values = new Float64Array(capacity).fill(NaN);
  }

  grow(capacity: number, height: number): void {
    if (this.values !== undefined && this.values.length < capacity) {
      this.values = grown(this.values, capacity, height, NaN);
    }
  }
}

/** A column no row has: every row absent. */
const ABSENT: PageText = { values: [null, undefined], ids: undefined, constant: ABSENT_ID };

const notAValue = (v: unknown) => (typeof v === "object" && v !== null) || typeof v === "boolean";

/**
 * Refuses a page whose field holds an object, a list or a boolean (the reference path keeps them):
 * the first such row, text fields before numbers.
 */
export function refuseNonValues(
  page: Page,
  first: number,
  fields: readonly string[] = page.fields.text,
  texts: readonly PageText[] = page.texts,
): void {
  let found: { row: number; field: string; value: unknown } | undefined;
  const note = (row: number, field: string, value: unknown) => {
    if (found === undefined || row < found.row) found = { row, field, value };
  };
  texts.forEach((t, j) => {
    if (!t.values.some(notAValue)) return;
    const bad = t.values.map(notAValue);
    const { ids } = t;
    if (ids === undefined) return note(0, fields[j]!, t.values[t.constant]);
    const row = ids.findIndex((id) => bad[id] === true);
    note(row, fields[j]!, t.values[ids[row]!]);
  });
  page.odd?.forEach((o, j) => {
    if (o !== undefined && notAValue(o.value)) note(o.row, page.fields.numbers[j]!, o.value);
  });
  if (found === undefined) return;
  const { row, field, value } = found;
  const what = Array.isArray(value)
    ? "a list"
    : typeof value === "object"
    ? "an object"
    : "boolean";
  throw new BodyError(`row ${first + row}, field ${fieldName(field)}, holds ${what}, not a value`);
}

/** The most rows a frame is built through Arrow IPC. */
export const IPC_MAX_ROWS = 15_000;

/** Collects pages (after which a page can go) and builds one frame: one native call a pull. */
export class FrameBuilder {
  readonly #schema: readonly ColumnSpec[];
  readonly #text = new Map<string, TextColumn>();
  readonly #numbers = new Map<string, NumberColumn>();
  #height = 0;
  #capacity = 0;
  /** Its frame built: its columns freed. */
  #spent = false;

  /** @param schema The service's columns; each field (`source ?? name`) is one column. */
  constructor(schema: readonly ColumnSpec[]) {
    this.#schema = schema;
    for (const spec of schema) {
      const field = spec.source ?? spec.name;
      if (spec.kind === "text" || spec.kind === "date") {
        if (!this.#text.has(field)) this.#text.set(field, new TextColumn());
      } else this.#numbers.set(field, new NumberColumn());
    }
  }

  /** Rows added so far. */
  get height(): number {
    return this.#height;
  }

  /** Room for `rows` rows in all: a pull knows its total from its first page. */
  reserve(rows: number): this {
    this.#spend();
    if (rows > this.#capacity) this.#resize(rows);
    return this;
  }

  #resize(capacity: number): void {
    for (const c of this.#text.values()) c.grow(capacity, this.#height);
    for (const c of this.#numbers.values()) c.grow(capacity, this.#height);
    this.#capacity = capacity;
  }

  /** Adds a page after the rows so far, or at row `at` (pages come in any order once reserved). */
  add(page: Page, at: number = this.#height, firstRow: number = at + 1): this {
    this.#spend();
    const count = page.count;
    const { text, numbers } = page.fields;
    const fields = [...this.#text.keys()];
    const texts = fields.map((f) => page.texts[text.indexOf(f)] ?? ABSENT);
    refuseNonValues(page, firstRow, fields, texts);
    if (count === 0) return this;
    const needed = at + count;
    if (needed > this.#capacity) this.#resize(capacityFor(needed, this.#capacity));
    const capacity = this.#capacity;
    fields.forEach((f, j) => this.#text.get(f)!.merge(texts[j]!, at, count, capacity));
    for (const [field, column] of this.#numbers) {
      const v = page.numbers[numbers.indexOf(field)];
      if (v !== undefined) (column.values ?? column.materialize(capacity)).set(v, at);
    }
    this.#height = Math.max(this.#height, needed);
    return this;
  }

  /**
   * Builds the frame (through IPC unless a column is Int64, which the writer lacks), once: past
   * IPC, the builder's columns are freed as soon as Polars holds its copy of them.
   */
  finish(way?: "ipc" | "expressions"): DataFrame {
    this.#spend();
    const ipc = way === "ipc" || (way === undefined && this.#height <= IPC_MAX_ROWS);
    if (ipc && this.#schema.every((c) => c.kind !== "int")) {
      // Its columns are small: freeing them at once cost a 1k-row page 3%.
      this.#spent = true;
      return ipcFrame(this._arrowColumns(), this.#height);
    }
    return this.#finishExpressions();
  }

  #spend(): void {
    if (this.#spent) throw new Error("A FrameBuilder builds one frame: its columns are gone");
  }

  #free(): void {
    this.#spent = true;
    for (const c of this.#text.values()) free(c.index);
    for (const c of this.#numbers.values()) free(c.values);
  }

  /** The columns for {@linkcode ipcFrame} (the benchmarks compare writers on them). @internal */
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
      return {
        name: spec.name,
        kind: "float",
        values: this.#numbers.get(spec.source ?? spec.name)?.values,
      };
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
      const values = this.#numbers.get(spec.source ?? spec.name)?.values;
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
    // Literals take the frame's height only beside a column (alone they make one row).
    inputs.push(pl.Series("_n", new Uint8Array(height)));
    // The series are copies: the columns go before the frame is made (a 1M-row pull's peak).
    this.#free();
    return pl.DataFrame(inputs).withColumns(...exprs).select(...this.#schema.map((c) => c.name));
  }
}

/** A text or date column: a literal when every row holds one value, else a gather by index. */
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

const scanFields = new WeakMap<readonly ColumnSpec[], Map<string, PageFields>>();

/** The fields a page of a service holds for a frame of `schema`: text and dates, then numbers. */
export function scanFieldsOf(schema: readonly ColumnSpec[], service: string): PageFields {
  let byService = scanFields.get(schema);
  if (byService === undefined) scanFields.set(schema, byService = new Map());
  let fields = byService.get(service);
  if (fields === undefined) {
    const text: string[] = [];
    const numbers: string[] = [];
    const whole: string[] = [];
    for (const spec of schema) {
      const field = spec.source ?? spec.name;
      if (spec.kind === "text" || spec.kind === "date") {
        if (!text.includes(field)) text.push(field);
      } else {
        numbers.push(field);
        if (spec.kind === "int") whole.push(field);
      }
    }
    byService.set(service, fields = { service, text, numbers, whole });
  }
  return fields;
}

/** Builds a frame from raw rows. */
export function buildFrame(rows: readonly RawRow[], schema: readonly ColumnSpec[]): DataFrame {
  return new FrameBuilder(schema).add(pageOf(rows, rows.length, scanFieldsOf(schema, ""))).finish();
}

/** An empty frame with the schema's columns and types: what no data looks like. */
export function emptyFrame(schema: readonly ColumnSpec[]): DataFrame {
  return buildFrame([], schema);
}

/** Stacks frames of one schema in order. */
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
 * StatisticSearch frames of consecutive ranges in the order of one pull over the whole range: item
 * by item (in the order the parts first show them), each item's rows part by part.
 */
export function mergeRangeParts(parts: readonly DataFrame[]): DataFrame {
  const nonEmpty = parts.filter((p) => p.height > 0);
  if (nonEmpty.length <= 1) {
    return concatFrames(nonEmpty.length ? nonEmpty : parts, STATISTIC_SEARCH_SCHEMA);
  }
  const key = pl.concatString(ITEM_CODES.map((c) => pl.col(c).fillNull(pl.lit(""))), "\u0001")
    .alias("_key");
  // One item order consistent with every part's: a new key goes right after its predecessor.
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
