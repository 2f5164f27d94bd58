/**
 * From a frame to the parts of a vega-lite spec: columns read as JSON-safe values, titles a
 * reader understands, date axes by span, legends that fit, long series drawn from their
 * extremes.
 *
 * @module
 */

import type { DataFrame } from "../deps.ts";
import { invalidArgument } from "../errors.ts";
import { isoDate } from "../util/iso_date.ts";
import { DAY_MS } from "../wire/period.ts";

/** How vega-lite reads a column. */
export type FieldType = "temporal" | "quantitative" | "nominal";

/** A column read for a spec. */
export interface Column {
  /** How vega-lite reads it. */
  type: FieldType;
  /** Its values: ISO dates, finite numbers or text, with null for missing ones. */
  values: unknown[];
}

/**
 * Reads one column for the spec: dates to ISO strings, numbers to JSON-safe numbers.
 *
 * @param df The frame.
 * @param name The column.
 * @param role What it is for ("x", "y", ...), for the message.
 * @returns The column.
 */
export function readColumn(df: DataFrame, name: string, role: string): Column {
  if (!df.columns.includes(name)) {
    throw invalidArgument(
      `Cannot plot column ${JSON.stringify(name)} as ${role}: the frame has ${
        df.columns.map((c) => JSON.stringify(c)).join(", ") || "no columns"
      }`,
    );
  }
  const series = df.getColumn(name);
  const raw: unknown[] = series.toArray();
  if (series.isDateTime()) {
    const date = series.dtype.variant === "Date";
    return {
      type: "temporal",
      values: raw.map((v) =>
        v instanceof Date && Number.isFinite(v.getTime())
          ? (date ? isoDate(v) : v.toISOString())
          : null
      ),
    };
  }
  if (series.isNumeric()) {
    return {
      type: "quantitative",
      values: raw.map((v) => {
        const n = typeof v === "bigint" ? Number(v) : v;
        return typeof n === "number" && Number.isFinite(n) ? n : null;
      }),
    };
  }
  return {
    type: "nominal",
    values: raw.map((v) => (v === null || v === undefined ? null : String(v))),
  };
}

/** The distinct non-empty texts of a column, when the frame has it, in order of appearance. */
export function distinct(df: DataFrame, name: string): string[] {
  if (!df.columns.includes(name)) return [];
  return (df.getColumn(name).unique({ maintainOrder: true }).toArray() as unknown[])
    .filter((v): v is string => typeof v === "string" && v !== "");
}

/** Column names of the service's frames, as a reader would call them. */
const READABLE: Readonly<Record<string, string>> = {
  ITEM_NAME1: "Item",
  ITEM_NAME2: "Item",
  ITEM_NAME3: "Item",
  ITEM_NAME4: "Item",
  STAT_NAME: "Table",
  KEYSTAT_NAME: "Indicator",
  CLASS_NAME: "Class",
  DATA_VALUE: "Value",
  UNIT_NAME: "Unit",
  TIME: "Date",
};

/** Words of column names that are written as they are, or as a reader writes them. */
const WORDS: Readonly<Record<string, string>> = {
  KRW: "KRW",
  USD: "USD",
  EUR: "EUR",
  JPY: "JPY",
  CNY: "CNY",
  CPI: "CPI",
  GDP: "GDP",
  PPI: "PPI",
  CD: "CD",
  KTB: "KTB",
  YOY: "y/y",
  QOQ: "q/q",
  MOM: "m/m",
  POP: "p/p",
};

/**
 * A column name as a title: the service's names as a reader calls them ("DATA_VALUE" is
 * "Value"), and names in capitals with underscores as words ("REAL_RATE" is "Real rate",
 * "KRW_PER_USD" is "KRW per USD"); any other name as it is.
 *
 * @param name A column name.
 * @returns The title.
 */
export function readable(name: string): string {
  const known = READABLE[name];
  if (known !== undefined) return known;
  if (!/^[A-Z][A-Z0-9_]*$/.test(name)) return name;
  const words = name.split("_").filter((w) => w !== "").map((w, i) => {
    const kept = WORDS[w];
    if (kept !== undefined) return kept;
    const lower = w.toLowerCase();
    return i === 0 ? lower[0]!.toUpperCase() + lower.slice(1) : lower;
  });
  return words.join(" ");
}

/**
 * The axis of a time scale: labels by the span of the dates (years over more than three years,
 * months over more than three months, days otherwise), on ticks a whole number of those apart,
 * about ten at most.
 *
 * @param values The ISO dates of the column.
 * @returns The axis properties: format and tick interval.
 */
export function timeAxis(values: readonly unknown[]): Record<string, unknown> {
  const times = values.flatMap((v) => {
    const t = typeof v === "string" ? Date.parse(v) : NaN;
    return Number.isFinite(t) ? [t] : [];
  });
  if (times.length < 2) return { format: "%Y-%m-%d" };
  const days = (Math.max(...times) - Math.min(...times)) / DAY_MS;
  const step = (count: number, steps: readonly number[], most: number) =>
    steps.find((s) => count / s <= most) ?? steps.at(-1)!;
  if (days > 3 * 365) {
    return {
      format: "%Y",
      tickCount: { interval: "year", step: step(days / 365.25, [1, 2, 5, 10, 20, 50], 10) },
    };
  }
  if (days > 92) {
    return {
      format: "%Y-%m",
      tickCount: { interval: "month", step: step(days / 30.44, [1, 2, 3, 6, 12], 8) },
    };
  }
  return {
    format: "%Y-%m-%d",
    tickCount: { interval: "day", step: step(days, [1, 2, 7, 14], 6) },
  };
}

/** About how wide a label of 11-pixel text is, per character. */
const CHAR_PX = 6.2;

/**
 * A legend under the chart, in as many columns as its labels allow within the chart's width,
 * so that no label is cut and the chart grows no wider.
 *
 * @param labels The legend's labels.
 * @param width The plotting area's width.
 * @param title The legend's title, or null for none.
 * @returns The legend properties.
 */
export function bottomLegend(
  labels: readonly string[],
  width: number,
  title: string | null,
): Record<string, unknown> {
  const longest = Math.max(1, ...labels.map((l) => l.length));
  const needed = longest * CHAR_PX + 28;
  const columns = Math.max(1, Math.min(labels.length, Math.floor(width / needed)));
  return {
    orient: "bottom",
    direction: "horizontal",
    columns,
    title,
    labelLimit: Math.max(60, Math.floor(width / columns) - 28),
  };
}

/**
 * About how wide the longest of some labels is, in pixels, capped.
 *
 * @param labels The labels.
 * @param most The cap.
 * @returns The width.
 */
export function labelWidth(labels: readonly string[], most: number): number {
  return Math.min(most, Math.ceil(Math.max(0, ...labels.map((l) => l.length)) * CHAR_PX) + 10);
}

/**
 * More points than a line can show: a series longer than DOWNSAMPLE_ABOVE points is drawn
 * from the lowest and highest point of each of DOWNSAMPLE_BUCKETS equal runs of its rows,
 * which keeps every peak and trough (and so the picture) while embedding at most
 * 2 x DOWNSAMPLE_BUCKETS points.
 */
export const DOWNSAMPLE_ABOVE = 2000;
/** Runs a downsampled series is cut into (see {@linkcode DOWNSAMPLE_ABOVE}). */
export const DOWNSAMPLE_BUCKETS = 600;

/**
 * Rows to draw: all of them, or each long series' lows and highs per run.
 *
 * @param rows The rows, as records.
 * @param y The value's field.
 * @param keys The fields that name a series (colour, panel).
 * @returns The rows to draw, and whether any series was thinned.
 */
export function downsample(
  rows: Record<string, unknown>[],
  y: string,
  keys: readonly string[],
): { rows: Record<string, unknown>[]; sampled: boolean } {
  const groups = new Map<string, Record<string, unknown>[]>();
  for (const row of rows) {
    const key = JSON.stringify(keys.map((k) => row[k]));
    let group = groups.get(key);
    if (group === undefined) groups.set(key, group = []);
    group.push(row);
  }
  if (![...groups.values()].some((g) => g.length > DOWNSAMPLE_ABOVE)) {
    return { rows, sampled: false };
  }
  const out: Record<string, unknown>[] = [];
  for (const group of groups.values()) {
    if (group.length <= DOWNSAMPLE_ABOVE) {
      out.push(...group);
      continue;
    }
    const size = Math.ceil(group.length / DOWNSAMPLE_BUCKETS);
    for (let from = 0; from < group.length; from += size) {
      let lo = -1;
      let hi = -1;
      for (let i = from; i < Math.min(group.length, from + size); i++) {
        const v = group[i]![y];
        if (typeof v !== "number") continue;
        if (lo < 0 || v < (group[lo]![y] as number)) lo = i;
        if (hi < 0 || v > (group[hi]![y] as number)) hi = i;
      }
      if (lo < 0) continue;
      for (const i of lo === hi ? [lo] : [Math.min(lo, hi), Math.max(lo, hi)]) out.push(group[i]!);
    }
  }
  return { rows: out, sampled: true };
}

/**
 * Whether numbers run on both sides of zero.
 *
 * @param values The values (non-numbers ignored).
 * @returns True when some are below zero and some above.
 */
export function crossesZero(values: readonly unknown[]): boolean {
  const numbers = values.filter((v): v is number => typeof v === "number");
  return numbers.some((v) => v < 0) && numbers.some((v) => v > 0);
}
