/**
 * The shape of a bundled table and its series: how a table is declared, how its item
 * dimensions multiply into series, and how a series' values are generated once and cached.
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
import { createRng, type Rng } from "./prng.ts";

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
  /** The last period's label: a constant, never derived from today. */
  last: string;
  /** Which periods hold rows (daily tables may skip weekends). */
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
  /** The last period ordinal. */
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

const seriesByTable = new Map<TableDef, Map<Cycle, Series[]>>();

/**
 * The series of a table in one cycle, built on first use (cheap: no values).
 *
 * @param table The table.
 * @param cycle The cycle.
 * @returns The series in answer order, or an empty list when the table lacks the cycle.
 */
export function tableSeries(table: TableDef, cycle: Cycle): readonly Series[] {
  let byCycle = seriesByTable.get(table);
  if (!byCycle) {
    byCycle = new Map();
    const combos = product(table.dims);
    for (const def of table.cycles) {
      const calendar = def.calendar ?? "all";
      // A weekday calendar must start on a weekday for row arithmetic to hold.
      const first = rowAt(calendar, ordinalOf(def.first, def.cycle, table.code), 0);
      const last = ordinalOf(def.last, def.cycle, table.code);
      const count = countRows(calendar, first, last);
      byCycle.set(
        def.cycle,
        combos.map((items, index) => ({
          table,
          index,
          items,
          key: items.map((it) => it.code).join("/"),
          cycle: def.cycle,
          calendar,
          first,
          last,
          count,
          unit: items.find((it) => it.unit)?.unit ?? table.unit,
          wgt: items.findLast((it) => it.wgt !== undefined)?.wgt ?? null,
        })),
      );
    }
    seriesByTable.set(table, byCycle);
  }
  return byCycle.get(cycle) ?? [];
}

const valueCache = new Map<Series, SeriesValues>();

function generateBase(s: Series): SeriesValues {
  const values = s.table.generate({
    items: s.items,
    key: s.key,
    seriesIndex: s.index,
    cycle: s.cycle,
    count: s.count,
    ordinalAt: (k) => rowAt(s.calendar, s.first, k),
    rng: (name = "") => createRng(`${s.table.code}|${s.key}|${name}`),
    sharedRng: (name) => createRng(`${s.table.code}||${name}`),
  });
  if (values.length !== s.count) {
    throw new Error(`Table ${s.table.code}: generated ${values.length} of ${s.count} values`);
  }
  const markers = new Map<number, "" | "-">();
  if (s.table.missing) {
    for (let k = 0; k < s.count; k++) {
      const ordinal = rowAt(s.calendar, s.first, k);
      const marker = s.table.missing({ key: s.key, k, ordinal, cycle: s.cycle });
      if (marker !== undefined) {
        values[k] = NaN;
        markers.set(k, marker);
      }
    }
  }
  return { values, markers };
}

function deriveFrom(s: Series, base: Series, how: "last" | "mean"): SeriesValues {
  const { values: src } = seriesValues(base);
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
 * A series' values, generated on first use and cached for the life of the process.
 *
 * @param s The series.
 * @returns The values and missing markers.
 */
export function seriesValues(s: Series): SeriesValues {
  let cached = valueCache.get(s);
  if (!cached) {
    const baseDef = s.table.cycles[0];
    const def = s.table.cycles.find((c) => c.cycle === s.cycle);
    if (!baseDef || !def) throw new Error(`Table ${s.table.code} has no cycle ${s.cycle}`);
    if (def === baseDef) {
      cached = generateBase(s);
    } else {
      const base = tableSeries(s.table, baseDef.cycle)[s.index];
      if (!base) throw new Error(`Table ${s.table.code}: no base series ${s.index}`);
      cached = deriveFrom(s, base, def.derive ?? "last");
    }
    valueCache.set(s, cached);
  }
  return cached;
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

/**
 * A series' value for one period ordinal, or undefined when the series has no row there.
 *
 * @param s The series.
 * @param ordinal The period ordinal.
 */
export function valueAt(s: Series, ordinal: number): string | undefined {
  if (ordinal < s.first || ordinal > s.last) return undefined;
  const k = countRows(s.calendar, s.first, ordinal - 1);
  if (rowAt(s.calendar, s.first, k) !== ordinal) return undefined;
  const { values, markers } = seriesValues(s);
  return formatValue(values[k] ?? NaN, s.table.decimals, markers.get(k));
}
