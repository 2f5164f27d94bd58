/**
 * Pages -> DataFrame, one schema per service, and where a frame's rows came from
 * ({@linkcode frameInfo}). Text columns stay dictionaries (distinct values and an index a row:
 * Polars takes JS strings one at a time), TIME a day number a distinct label, numbers a
 * Float64Array (NaN missing). Up to {@linkcode IPC_MAX_ROWS} rows the frame crosses as one Arrow
 * IPC stream (`_arrow.ts`), beyond as Polars expressions (a literal or a gather a column).
 *
 * @module
 */

import { type DataFrame, pl, type Series } from "../deps.ts";
import { isoDate } from "../util/iso_date.ts";
import { isBundledServer } from "../wire/bundled.ts";
import { type ColumnSpec, STATISTIC_SEARCH_SCHEMA } from "../wire/columns.ts";
import type { Language } from "../wire/format.ts";
import {
  civilDays,
  daysInMonth,
  digitsAt,
  periodStartDays,
  tryParseLabel,
} from "../wire/period.ts";
import { BodyError, fieldName } from "./_errors.ts";
import { ABSENT_ID, type Page, type PageFields, type PageText } from "./_scan.ts";
import { pageOf, type RawRow } from "./_decode.ts";
import { type ArrowColumn, ipcFrame } from "./_arrow.ts";

export type { DataFrame };

/**
 * A text field's value, trimmed (names and units have come with trailing spaces: "원 "), or
 * null for absent and empty.
 */
export function textOf(v: unknown): string | null {
  if (v === null || v === undefined) return null;
  const s = (typeof v === "string" ? v : String(v)).trim();
  return s === "" ? null : s;
}

/** Days since 1970-01-01 of a label's period, or null for a label of no known shape. */
function labelDay(label: string): number | null {
  const s = label.trim();
  if (s.length === 8) {
    const y = digitsAt(s, 0, 4);
    const m = digitsAt(s, 4, 6);
    const d = digitsAt(s, 6, 8);
    if (y >= 1000 && m >= 1 && m <= 12 && d >= 1) {
      return d <= daysInMonth(y, m) ? civilDays(y, m, d) : null;
    }
  }
  const ref = tryParseLabel(s);
  return ref ? periodStartDays(ref.cycle, ref.index) : null;
}

/** Days since 1970-01-01 of each distinct label; null where a label has no known shape. */
function labelDays(values: readonly (string | null)[]): (number | null)[] {
  return values.map((label) => (label === null ? null : labelDay(label)));
}

/** Room for rows: grows by doubling unless told the total beforehand. */
function capacityFor(needed: number, current: number): number {
  return Math.max(needed, current * 2, 1024);
}

/** A text field, dictionary-encoded: distinct values once, and an index per row. */
class TextColumn {
  /** Distinct values; index 0 is null. */
  values: (string | null)[] = [null];
  /** Indices by value; made when first needed (a pull of one scanned page needs none). */
  #seen: Map<string, number> | undefined;
  /** The index every row so far holds, while there is no array (-1: no row yet). */
  constant = -1;
  /** The index of each row, once two values have been seen. */
  index: Uint32Array | undefined;

  /** The index of a raw value, adding it when new. */
  code(raw: unknown): number {
    const v = textOf(raw);
    if (v === null) return 0;
    const seen = this.#seen ?? this.#index();
    let k = seen.get(v);
    if (k === undefined) {
      k = this.values.length;
      this.values.push(v);
      seen.set(v, k);
    }
    return k;
  }

  #index(): Map<string, number> {
    const seen = new Map<string, number>();
    this.values.forEach((v, k) => {
      if (v !== null && !seen.has(v)) seen.set(v, k);
    });
    return this.#seen = seen;
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

  /**
   * Merges a scanned page's field into the column, its rows from `at` on: the page's
   * dictionary is mapped to this one value by value, then its ids through that map.
   */
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

// The frame.

/** A column no row has: every row absent. */
const ABSENT: PageText = { values: [null, undefined], ids: undefined, constant: ABSENT_ID };

const notAValue = (v: unknown) => (typeof v === "object" && v !== null) || typeof v === "boolean";

/**
 * Refuses a page whose field holds an object, a list or a boolean, as a frame of its fields would.
 */
export function refuseNonValues(page: Page, firstRow: number): void {
  notValues(page.fields.text, page.texts, page, firstRow);
}

/**
 * Refuses a page whose field holds an object, a list or a boolean (only the reference path
 * keeps such values): the first such row, and of its fields the first, text before numbers.
 */
function notValues(
  fields: readonly string[],
  texts: readonly PageText[],
  page: Page,
  first: number,
) {
  let found: { row: number; field: string; value: unknown } | undefined;
  const note = (row: number, field: string, value: unknown) => {
    if (found === undefined || row < found.row) found = { row, field, value };
  };
  texts.forEach((t, j) => {
    // Most pages hold none: look before making a table of them.
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

/**
 * Collects pages (the JS-side work, after which a page can go) and builds one frame at the end, so
 * the native-side cost is paid once per pull, not per page.
 */
export class FrameBuilder {
  readonly #schema: readonly ColumnSpec[];
  readonly #text = new Map<string, TextColumn>();
  readonly #numbers = new Map<string, NumberColumn>();
  /** The fields of the text columns, then of the number columns, in the schema's order. */
  readonly #textFields: string[] = [];
  readonly #numberFields: string[] = [];
  #height = 0;
  #capacity = 0;

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
        this.#numbers.set(spec.name, new NumberColumn());
        this.#numberFields.push(spec.name);
      }
    }
  }

  /** Rows added so far. */
  get height(): number {
    return this.#height;
  }

  /**
   * Makes room for `rows` rows in all, so that columns are allocated once (a pull knows its
   * total from the first page).
   */
  reserve(rows: number): this {
    if (rows > this.#capacity) this.#resize(rows);
    return this;
  }

  #resize(capacity: number): void {
    for (const c of this.#text.values()) c.grow(capacity, this.#height);
    for (const c of this.#numbers.values()) c.grow(capacity, this.#height);
    this.#capacity = capacity;
  }

  /**
   * Adds a page, after the rows so far or at a given row (pages may come in any order once
   * {@linkcode FrameBuilder.reserve} has made room for them all).
   */
  add(page: Page, at: number = this.#height, firstRow: number = at + 1): this {
    const count = page.count;
    const { text, numbers } = page.fields;
    const texts = this.#textFields.map((f) => page.texts[text.indexOf(f)] ?? ABSENT);
    const values = this.#schema.flatMap((spec) =>
      spec.kind === "float" || spec.kind === "int"
        ? [page.numbers[numbers.indexOf(spec.source ?? spec.name)]]
        : []
    );
    notValues(this.#textFields, texts, page, firstRow);
    if (count === 0) return this;
    const needed = at + count;
    if (needed > this.#capacity) this.#resize(capacityFor(needed, this.#capacity));
    const capacity = this.#capacity;
    this.#textFields.forEach((f, j) => this.#text.get(f)!.merge(texts[j]!, at, count, capacity));
    this.#numberFields.forEach((name, j) => {
      const v = values[j];
      if (v === undefined) return;
      const column = this.#numbers.get(name)!;
      (column.values ?? column.materialize(capacity)).set(v, at);
    });
    this.#height = Math.max(this.#height, needed);
    return this;
  }

  /** Builds the frame. */
  finish(way?: "ipc" | "expressions"): DataFrame {
    const height = this.#height;
    if (way === "ipc" || (way === undefined && height <= IPC_MAX_ROWS)) {
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
 * (STAT_CODE, the unused ITEM_CODE2..4, ...), else the dictionary gathered by index.
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

const scanFields = new WeakMap<readonly ColumnSpec[], Map<string, PageFields>>();

/**
 * The fields a scan of a service's pages reads for a frame of `schema`, in the order
 * {@linkcode FrameBuilder.addScanned} takes them: text and date sources, then numbers.
 */
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
 * Merges StatisticSearch results of consecutive date ranges into the order of one pull over the
 * whole range: item by item (items in the order the parts first show them), each item's rows in
 * time order (part by part, each part's rows as sent).
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

// Where a frame's rows came from.

/** Where a client's data comes from. */
export type DataSource =
  /** The Bank of Korea's ECOS service. */
  | "live"
  /** The bundled server, in this process: generated sample data. */
  | "bundled"
  /** Another server (a proxy, a mirror, a bundled server in another process). */
  | "custom";

/**
 * Where and when a frame's rows were fetched. A frame that combines several pulls (the frame of
 * `statisticSearchMany`, or `toWide` over several frames) keeps each pull's record in
 * `sources`; its own `source`, `baseUrl` and `language` are the first pull's, `fetchedAt` the
 * oldest and `fromCache` whether any came from the cache.
 */
export interface FrameInfo {
  /** Where the rows come from (for several pulls, the first's). */
  source: DataSource;
  /** The service's base URL (never the key). */
  baseUrl: string;
  /** When the oldest of its pages was fetched from the service. */
  fetchedAt: Date;
  /** Whether any page came from the response cache rather than the service. */
  fromCache: boolean;
  /** The language of its names, where the client recorded it. */
  language?: Language;
  /** Each pull's record, in order, when the frame combines more than one pull. */
  sources?: FrameInfo[];
}

/** Where a base URL's data comes from. */
export function sourceOf(baseUrl: string): DataSource {
  if (isBundledServer(baseUrl)) return "bundled";
  return new URL(baseUrl).hostname === "ecos.bok.or.kr" ? "live" : "custom";
}

let lastSource: DataSource | undefined;

/** Notes the source of the client made last: what charts name when a frame does not say. */
export function noteSource(source: DataSource): void {
  lastSource = source;
}

/** The source charts name by default: the last client's. */
export function currentSource(): DataSource | undefined {
  return lastSource;
}

/**
 * The line that names a source, as the Bank of Korea asks when its data is shown.
 *
 * @param source The source.
 * @param date When the data was retrieved.
 * @returns E.g. "Source: ECOS, Bank of Korea (retrieved 2026-11-23)".
 */
export function sourceLine(source: DataSource, date: Date = new Date()): string {
  switch (source) {
    case "live":
      return `Source: ECOS, Bank of Korea (retrieved ${isoDate(date)})`;
    case "bundled":
      return "Generated sample data from the bundled ECOS server, not official statistics";
    case "custom":
      return `Source: an ECOS-compatible service (retrieved ${isoDate(date)})`;
  }
}

const infos = new WeakMap<DataFrame, FrameInfo>();

/** Records where a frame's rows came from. */
export function setFrameInfo(df: DataFrame, info: FrameInfo): DataFrame {
  infos.set(df, info);
  return df;
}

/**
 * Where and when the rows of a frame a client returned were fetched, and whether they came
 * from the response cache. The transforms of this module (`toWide`, `withChange`, `toCycle`)
 * keep the record, and a frame that combines several pulls lists them in `sources`; frames
 * derived by Polars itself (filtered, joined, ...) are new frames and have no record.
 *
 * @param df A frame a client method returned.
 * @returns The record, or `undefined` for any other frame.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { connect, frameInfo } from "@ecos/ecos";
 *
 * await using session = await connect({ env: {}, quiet: true }); // the bundled server
 * const rate = await session.client.series("base_rate", { start: "2024", end: "2024" });
 * assert.equal(frameInfo(rate)?.source, "bundled");
 * assert.equal(frameInfo(rate)?.fromCache, false);
 * assert.equal(frameInfo(rate.head(1)), undefined);
 * ```
 */
export function frameInfo(df: DataFrame): FrameInfo | undefined {
  return infos.get(df);
}

/**
 * One record for several: the pulls of each, in order (a record that already lists its pulls gives
 * them), with the first's source, base URL and language, the oldest `fetchedAt` and whether any
 * came from the cache.
 */
export function combineInfo(infos: readonly FrameInfo[]): FrameInfo | undefined {
  const pulls: FrameInfo[] = [];
  for (const info of infos) {
    for (const pull of info.sources ?? [info]) if (!pulls.includes(pull)) pulls.push(pull);
  }
  const [first] = pulls;
  if (first === undefined || pulls.length === 1) return first;
  const { sources: _, ...head } = first;
  return {
    ...head,
    fetchedAt: new Date(Math.min(...pulls.map((p) => p.fetchedAt.getTime()))),
    fromCache: pulls.some((p) => p.fromCache),
    sources: pulls,
  };
}

/**
 * A frame derived from others keeps their records of where its rows came from: one frame's record
 * as it is, several frames' combined ({@linkcode combineInfo}).
 */
export function withInfoOf(df: DataFrame, ...from: DataFrame[]): DataFrame {
  const infos = from.map((f) => frameInfo(f)).filter((i) => i !== undefined);
  const info = combineInfo(infos);
  return info === undefined ? df : setFrameInfo(df, info);
}
