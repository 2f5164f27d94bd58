/**
 * The shape of a bundled table and its series: how a table is declared, how its item
 * dimensions multiply into series, which periods each cycle covers for a given end of the data,
 * and how a series' values are generated or derived. Caching lives in dataset.ts, one cache for
 * each seed, data end and revision round.
 *
 * Coverage follows the data's end: each cycle keeps the publication lag its declared `last`
 * has at the default end ({@linkcode DATA_END}), counted in whole periods behind the last
 * period complete by then. CPI's August 2026 trails September 2026 (complete on 30 September)
 * by one month, so an end of 31 December 2026 gives November 2026; 200Y102's 2026Q2 trails
 * 2026Q3 by one quarter; the base rate's 2025 is the last complete year, so 2026 arrives with an
 * end of 31 December 2026. A cycle derived from another never holds a period its base covers
 * only in part (CPI's annual 2026 waits for December 2026). A daily market table ends on the
 * last business day of its calendar up to the end. Tables declared `discontinued` keep their
 * declared `last` whatever the end.
 *
 * @module
 */

import {
  type Cycle,
  dateToIndex,
  daysToDate,
  periodEndDays,
  periodStartDays,
  tryParseLabel,
} from "../../wire/period.ts";
import { type Calendar, countRows, rowAt } from "./calendar.ts";
import { DATA_END, isoDay } from "./dates.ts";
import type { Rng } from "./prng.ts";

/** A text in both languages of the service. */
export interface Text {
  /** Korean. */
  kr: string;
  /** English. */
  en: string;
}

/** One item of one dimension (ITEM_CODEn) of a table. */
export interface ItemDef {
  /** The item code, e.g. "0101000". */
  code: string;
  /** The item name. */
  name: Text;
  /** The parent item's code within the same dimension (for StatisticItemList). */
  parent?: string;
  /** The unit, when it differs from the table's. */
  unit?: Text;
  /** The item's weight (WGT), e.g. CPI weights. */
  wgt?: string;
}

/** One item dimension of a table: ITEM_CODE1, ITEM_CODE2, ... */
export interface DimDef {
  /** The group's name (GRP_NAME in StatisticItemList). */
  name: Text;
  /** The items, in answer order. */
  items: ItemDef[];
}

/** A cycle a table is published in, with its fixed first and last periods. */
export interface CycleDef {
  /** The cycle. */
  cycle: Cycle;
  /** The first period's label. */
  first: string;
  /**
   * The last period's label at the default end of the data ({@linkcode DATA_END}): a constant,
   * never derived from today. Another end keeps the lag between the two.
   */
  last: string;
  /** Which periods hold rows: daily market tables trade on "krx" business days. */
  calendar?: Calendar;
  /** For every cycle but the first: how its values derive from the first cycle's. */
  derive?: "last" | "mean";
}

/** What a generator is told about the series it generates. */
export interface GenContext {
  /** The series' item in each dimension. */
  items: readonly ItemDef[];
  /** The item codes, joined by "/": handy as a seed or a switch key. */
  key: string;
  /** The series' position in the table. */
  seriesIndex: number;
  /** The cycle (always the table's first cycle). */
  cycle: Cycle;
  /** How many rows to generate. */
  count: number;
  /** The period ordinal of row `k`. */
  ordinalAt(k: number): number;
  /** A generator seeded by the table, the series and `name`. */
  rng(name?: string): Rng;
  /** A generator seeded by the table and `name` only: the same in every series. */
  sharedRng(name: string): Rng;
}

/** What a missing-value rule is told about one row. */
export interface MissingContext {
  /** The series' item codes joined by "/". */
  key: string;
  /** The row's position in the series. */
  k: number;
  /** The row's period ordinal. */
  ordinal: number;
  /** The cycle. */
  cycle: Cycle;
}

/** A bundled table, as declared in `tables/`. */
export interface TableDef {
  /** The table code, e.g. "722Y001". */
  code: string;
  /** The table name. */
  name: Text;
  /** The code of its group in the table tree. */
  parent: string;
  /** The compiling organisation. */
  org: Text;
  /** The unit of every item without its own. */
  unit: Text;
  /** Decimal places of the values. */
  decimals: number;
  /** The item dimensions (1 to 4); the series are their product, in order. */
  dims: DimDef[];
  /** The cycles; values are generated for the first, the others derive from it. */
  cycles: CycleDef[];
  /** The values of one series in the first cycle; NaN reads as "-". */
  generate(ctx: GenContext): Float64Array;
  /** Which rows read as missing ("" or "-"), applied after generation. */
  missing?(ctx: MissingContext): "" | "-" | undefined;
  /**
   * The table is no longer compiled: its cycles end at their declared `last` whatever the
   * data's end, and revision rounds leave it alone.
   */
  discontinued?: boolean;
}

/** One series of a table in one cycle. */
export interface Series {
  /** The table. */
  table: TableDef;
  /** Its position in the table's series. */
  index: number;
  /** The items, one for each dimension. */
  items: readonly ItemDef[];
  /** The item codes joined by "/". */
  key: string;
  /** The cycle. */
  cycle: Cycle;
  /** Which periods hold rows. */
  calendar: Calendar;
  /** The first period ordinal (a row of the calendar). */
  first: number;
  /** The last period ordinal (a row of the calendar). */
  last: number;
  /** The number of rows. */
  count: number;
  /** The unit. */
  unit: Text;
  /** The weight, or null. */
  wgt: string | null;
}

/** A series' values: NaN where missing, with the missing rows' markers. */
export interface SeriesValues {
  /** One value per row. */
  values: Float64Array;
  /** The marker of each missing row ("" or "-"); rows absent here but NaN read "-". */
  markers: Map<number, "" | "-">;
}

function ordinalOf(label: string, cycle: Cycle, table: string): number {
  const ref = tryParseLabel(label, cycle);
  if (!ref) throw new Error(`Table ${table}: bad ${cycle} label ${label}`);
  return ref.index;
}

function product(dims: DimDef[]): ItemDef[][] {
  let out: ItemDef[][] = [[]];
  for (const dim of dims) out = out.flatMap((prefix) => dim.items.map((it) => [...prefix, it]));
  return out;
}

const DEFAULT_END = isoDay(DATA_END);

/** The last period of `cycle` that ends on or before `day`. */
function lastEndingBy(cycle: Cycle, day: number): number {
  const p = dateToIndex(daysToDate(day), cycle);
  return periodEndDays(cycle, p) <= day ? p : p - 1;
}

/**
 * The last period of a cycle when the data end on `end`: as many periods behind the last
 * period complete by `end` as `declared` is behind the last period complete by the default end
 * ({@linkcode DATA_END}). At the default end it is `declared` itself.
 *
 * @param cycle The cycle.
 * @param declared The last period's ordinal at the default end.
 * @param end The data's last day (days since 1970-01-01).
 * @returns The last period's ordinal (not yet snapped to a calendar's rows).
 */
export function shiftLast(cycle: Cycle, declared: number, end: number): number {
  const lag = lastEndingBy(cycle, DEFAULT_END) - declared;
  return lastEndingBy(cycle, end) - lag;
}

/** A cycle's rows under one data end. */
interface Span {
  calendar: Calendar;
  first: number;
  last: number;
  count: number;
  /** The last day the cycle's periods cover. */
  through: number;
}

/**
 * The rows of each cycle of a table when the data end on `end`. A derived cycle never holds a
 * period its first cycle covers only in part, so that moving the end forward never changes a
 * period already there.
 */
function spans(table: TableDef, end: number): Map<Cycle, Span> {
  const out = new Map<Cycle, Span>();
  let base: Span | undefined;
  for (const def of table.cycles) {
    const calendar = def.calendar ?? "all";
    const declared = ordinalOf(def.last, def.cycle, table.code);
    let lastPeriod = table.discontinued ? declared : shiftLast(def.cycle, declared, end);
    if (base) lastPeriod = Math.min(lastPeriod, lastEndingBy(def.cycle, base.through));
    // A market calendar's first and last periods are snapped to its rows.
    const first = rowAt(calendar, ordinalOf(def.first, def.cycle, table.code), 0);
    const count = countRows(calendar, first, lastPeriod);
    const last = count > 0 ? rowAt(calendar, first, count - 1) : first - 1;
    const span = { calendar, first, last, count, through: periodEndDays(def.cycle, lastPeriod) };
    base ??= span;
    out.set(def.cycle, span);
  }
  return out;
}

/**
 * The series of a table in every cycle when the data end on `end` (cheap: no values).
 *
 * @param table The table.
 * @param end The data's last day (days since 1970-01-01).
 * @returns The series of each cycle, in answer order.
 */
export function planSeries(table: TableDef, end: number): Map<Cycle, Series[]> {
  const combos = product(table.dims);
  const out = new Map<Cycle, Series[]>();
  for (const [cycle, span] of spans(table, end)) {
    out.set(
      cycle,
      combos.map((items, index) => ({
        table,
        index,
        items,
        key: items.map((it) => it.code).join("/"),
        cycle,
        calendar: span.calendar,
        first: span.first,
        last: span.last,
        count: span.count,
        unit: items.find((it) => it.unit)?.unit ?? table.unit,
        wgt: items.findLast((it) => it.wgt !== undefined)?.wgt ?? null,
      })),
    );
  }
  return out;
}

/**
 * Generates the values of a series of a table's first cycle, with its missing rows marked.
 *
 * @param s The series.
 * @param ordinals The period ordinal of each row.
 * @param rng A random source for a full seed name (the generation seed applied).
 * @returns The values and missing markers.
 * @throws {Error} When the table's generator answers the wrong number of values.
 */
export function generateValues(
  s: Series,
  ordinals: Int32Array,
  rng: (name: string) => Rng,
): SeriesValues {
  const values = s.table.generate({
    items: s.items,
    key: s.key,
    seriesIndex: s.index,
    cycle: s.cycle,
    count: s.count,
    ordinalAt: (k) => ordinals[k] ?? rowAt(s.calendar, s.first, k),
    rng: (name = "") => rng(`${s.table.code}|${s.key}|${name}`),
    sharedRng: (name) => rng(`${s.table.code}||${name}`),
  });
  if (values.length !== s.count) {
    throw new Error(`Table ${s.table.code}: generated ${values.length} of ${s.count} values`);
  }
  const markers = new Map<number, "" | "-">();
  if (s.table.missing) {
    for (let k = 0; k < s.count; k++) {
      const marker = s.table.missing({ key: s.key, k, ordinal: ordinals[k]!, cycle: s.cycle });
      if (marker !== undefined) {
        values[k] = NaN;
        markers.set(k, marker);
      }
    }
  }
  return { values, markers };
}

/**
 * Derives a series of another cycle from its first cycle's values: each period's last value,
 * or the mean of its values.
 *
 * @param s The series to derive.
 * @param base The same series in the table's first cycle.
 * @param src The base series' values.
 * @param how "last" or "mean".
 */
export function deriveValues(
  s: Series,
  base: Series,
  src: Float64Array,
  how: "last" | "mean",
): SeriesValues {
  const values = new Float64Array(s.count);
  for (let k = 0; k < s.count; k++) {
    const ordinal = rowAt(s.calendar, s.first, k);
    const from = Math.max(
      base.first,
      dateToIndex(daysToDate(periodStartDays(s.cycle, ordinal)), base.cycle),
    );
    const to = Math.min(
      base.last,
      dateToIndex(daysToDate(periodEndDays(s.cycle, ordinal)), base.cycle),
    );
    const k0 = countRows(base.calendar, base.first, from - 1);
    const k1 = k0 + countRows(base.calendar, from, to) - 1;
    let out = NaN;
    if (how === "last") {
      for (let j = k1; j >= k0 && Number.isNaN(out); j--) out = src[j] ?? NaN;
    } else {
      let sum = 0;
      let n = 0;
      for (let j = k0; j <= k1; j++) {
        const v = src[j] ?? NaN;
        if (!Number.isNaN(v)) {
          sum += v;
          n++;
        }
      }
      if (n > 0) out = sum / n;
    }
    values[k] = out;
  }
  return { values, markers: new Map() };
}

/**
 * Writes a value as the service does: a plain decimal without trailing zeros.
 *
 * @param value The value; NaN is missing.
 * @param decimals Decimal places to round to.
 * @param marker What a missing value reads as.
 */
export function formatValue(value: number, decimals: number, marker: "" | "-" = "-"): string {
  if (!Number.isFinite(value)) return marker;
  return String(Number(value.toFixed(decimals)));
}
