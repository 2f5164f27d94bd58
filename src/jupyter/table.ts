/**
 * A frame as an HTML table a reader can take in: dates written by the frame's cycle, text to the
 * left and numbers to the right, what is the same in every row said once above the table, and
 * the units of a wide frame beside its column names.
 *
 * @module
 */

import { type DataFrame, type DataType, pl, type Series } from "../deps.ts";
import { invalidArgument } from "../errors.ts";
import { isoDate, isoDateTime } from "../util/iso_date.ts";
import { type Cycle, tryParseLabel } from "../wire/period.ts";
import { wideUnits } from "../analysis/wide.ts";

/** Options of {@linkcode frameToHtml}, `displayFrame` and `installFrameDisplay`. */
export interface DisplayFrameOptions {
  /**
   * The most rows to show. A longer frame shows its first and last rows around a row of
   * ellipses.
   *
   * @default {10}
   */
  rows?: number;
  /**
   * The most columns to show. A wider frame shows its first and last columns around a column
   * of ellipses.
   *
   * @default {12}
   */
  columns?: number;
}

const ELLIPSIS = "…";

const SHORT_TYPES: Readonly<Record<string, string>> = {
  Int8: "i8",
  Int16: "i16",
  Int32: "i32",
  Int64: "i64",
  UInt8: "u8",
  UInt16: "u16",
  UInt32: "u32",
  UInt64: "u64",
  Float32: "f32",
  Float64: "f64",
  String: "str",
  Utf8: "str",
  Bool: "bool",
  Date: "date",
  Time: "time",
  Categorical: "cat",
  Null: "null",
  Object: "object",
};

/** Polars' short name of a data type: "f64", "date", "datetime[ms, Asia/Seoul]", "list[i32]". */
function typeLabel(dtype: DataType): string {
  const variant = dtype.variant;
  // `inner` holds a nested type's element, or a temporal type's unit and zone.
  const inner = (dtype as unknown as { inner: unknown[] | null }).inner ?? [];
  if (variant === "List" || variant === "FixedSizeList") {
    const element = inner[0];
    return `list[${element instanceof pl.DataType ? typeLabel(element) : "?"}]`;
  }
  if (variant === "Datetime" || variant === "Duration") {
    const parts = inner.filter((p) => typeof p === "string" && p !== "");
    return `${variant.toLowerCase()}[${parts.join(", ")}]`;
  }
  return SHORT_TYPES[variant] ?? variant.toLowerCase();
}

/** Whether a datetime column carries a time zone: its values are instants, shown with "Z". */
const zoned = (dtype: DataType) => {
  if (dtype.variant !== "Datetime") return false;
  // Polars gives a datetime without a zone the zone "" (or null).
  const zone = (dtype as unknown as { inner: unknown[] }).inner[1];
  return typeof zone === "string" && zone !== "";
};

function formatNumber(v: number): string {
  if (!Number.isFinite(v)) return Number.isNaN(v) ? "NaN" : v > 0 ? "inf" : "-inf";
  if (Number.isInteger(v)) return String(v);
  if (Math.abs(v) < 1e-4) return v.toExponential(3);
  // Six decimals at most: hides binary noise (0.30000000000000004) and keeps cents and rates.
  return String(Number(v.toFixed(6)));
}

/** The text of one cell, given its column's type. */
function formatCell(value: unknown, dtype: DataType | undefined): string {
  if (value === null || value === undefined) return "null";
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return "null";
    if (dtype?.variant === "Date") return isoDate(value);
    return isoDateTime(value, dtype !== undefined && zoned(dtype));
  }
  if (typeof value === "number") return formatNumber(value);
  if (typeof value === "bigint" || typeof value === "boolean") return String(value);
  if (typeof value === "string") return value;
  if (Array.isArray(value)) return `[${value.map((v) => formatCell(v, undefined)).join(", ")}]`;
  try {
    return JSON.stringify(value, (_k, v) => typeof v === "bigint" ? String(v) : v) ?? "";
  } catch {
    return String(value);
  }
}

const ENTITIES: Readonly<Record<string, string>> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/** Escapes text for HTML text content and quoted attributes. */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);
}

/**
 * Checks a row or column limit.
 *
 * @param name "rows" or "columns", for the message.
 * @param value The limit asked for.
 * @param fallback The default.
 * @returns The limit.
 */
export function checkLimit(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < 1) {
    throw invalidArgument(`Cannot show ${name}: pass a whole number of at least 1, got ${value}`);
  }
  return value;
}

/** Which positions of `n` to show within `limit`, with `-1` marking the gap. */
function positions(n: number, limit: number): number[] {
  if (n <= limit) return Array.from({ length: n }, (_, i) => i);
  const head = Math.ceil(limit / 2);
  const tail = limit - head;
  return [
    ...Array.from({ length: head }, (_, i) => i),
    -1,
    ...Array.from({ length: tail }, (_, i) => n - tail + i),
  ];
}

const pad2 = (n: number) => String(n).padStart(2, "0");

/** A date as its period of a cycle: 2015, 2015-S1, 2015-Q1, 2015-01, 2015-01-S2, 2015-01-02. */
export function periodText(d: Date, cycle: Cycle): string {
  const year = String(d.getUTCFullYear()).padStart(4, "0");
  const month = d.getUTCMonth();
  switch (cycle) {
    case "A":
      return year;
    case "S":
      return `${year}-S${month < 6 ? 1 : 2}`;
    case "Q":
      return `${year}-Q${Math.floor(month / 3) + 1}`;
    case "M":
      return `${year}-${pad2(month + 1)}`;
    case "SM":
      return `${year}-${pad2(month + 1)}-S${d.getUTCDate() < 16 ? 1 : 2}`;
    case "D":
      return isoDate(d);
  }
}

/** The cycle every PERIOD label of a frame has, or undefined. */
function labelCycle(df: DataFrame): Cycle | undefined {
  if (!df.columns.includes("PERIOD") || !df.getColumn("PERIOD").isString()) return undefined;
  const labels = df.getColumn("PERIOD").dropNulls().unique().toArray() as string[];
  const cycles = new Set(labels.map((l) => tryParseLabel(l)?.cycle));
  const [only] = cycles;
  return cycles.size === 1 ? only : undefined;
}

/**
 * The cycle a column of dates is in, from its values: days that are not the first of a month,
 * or a single date, are days; first days of two months or more are months, and of three or more
 * a year, a half or a quarter apart throughout, years, halves or quarters. (A TIME column of a
 * frame with PERIOD labels takes their cycle instead.)
 */
function dateCycle(dates: Series): Cycle {
  const name = dates.name;
  const [facts] = dates.toFrame().select(
    pl.col(name).dt.day().min().alias("first"),
    pl.col(name).dt.day().max().alias("last"),
  ).toRecords();
  if (facts?.first !== 1 || facts?.last !== 1) return "D";
  const months = dates.toFrame().select(
    pl.col(name).dt.year().cast(pl.Int32).mul(12)
      .add(pl.col(name).dt.month().cast(pl.Int32).sub(1))
      .dropNulls().unique().sort().alias("m"),
  ).getColumn("m").toArray() as number[];
  if (months.length < 2) return "D";
  if (months.length < 3) return "M";
  const gaps = new Set(months.slice(1).map((m, i) => m - months[i]!));
  const [gap] = gaps;
  const aligned = (step: number) => months.every((m) => m % step === 0);
  if (gaps.size === 1 && gap === 12 && aligned(12)) return "A";
  if (gaps.size === 1 && gap === 6 && aligned(6)) return "S";
  if (gaps.size === 1 && gap === 3 && aligned(3)) return "Q";
  return "M";
}

/**
 * Renders a frame as an HTML table: a shape line; a line naming once what every row holds (a
 * text column with one value throughout, such as a table's long name, and the unit all series
 * of a wide frame share); a header of column names, short type names and units; dates written
 * by the frame's cycle (2015 annual, 2015-Q1 quarterly, 2015-01 monthly, the day for daily
 * data: from the PERIOD labels for TIME, from the dates' spacing otherwise), never wrapped, and
 * datetimes as ISO 8601; text to the left; numbers to the right with one precision a column
 * and thousands separators where a column holds 10,000 or more; all text escaped; and only
 * the first and last rows and columns of a large frame. Columns that hold only nulls are left
 * out of the table (not the frame) and named in the shape line.
 *
 * @param df The frame.
 * @param options How many rows and columns to show.
 * @returns The HTML fragment.
 * @throws {EcosError} INVALID_ARGUMENT when `rows` or `columns` is not a whole number of at
 * least 1.
 *
 * @example Monthly dates, and a name said once
 * ```ts
 * import assert from "node:assert/strict";
 * import { frameToHtml } from "./table.ts";
 * import { pl } from "../deps.ts";
 *
 * const df = pl.DataFrame({
 *   STAT_NAME: Array(3).fill("Market interest rates (daily)"),
 *   TIME: [new Date("2024-01-01"), new Date("2024-02-01"), new Date("2024-03-01")],
 *   PERIOD: ["202401", "202402", "202403"],
 *   DATA_VALUE: [3.5, 3.5, 3.25],
 * }).withColumns(pl.col("TIME").cast(pl.Date));
 * const html = frameToHtml(df);
 * assert.match(html, /<td style="text-align:left;white-space:nowrap">2024-01<\/td>/);
 * assert.match(html, /STAT_NAME<\/b> Market interest rates \(daily\)/);
 * assert.doesNotMatch(html, /<th[^>]*>STAT_NAME</);
 * ```
 */
export function frameToHtml(df: DataFrame, options: DisplayFrameOptions = {}): string {
  const rowLimit = checkLimit("rows", options.rows, 10);
  const colLimit = checkLimit("columns", options.columns, 12);
  const [height, width] = [df.height, df.width];
  // Columns that hold only nulls (ITEM_CODE2..4 of a one-level table, say) say nothing: the
  // table leaves them out and names them; the frame keeps them.
  const empty = height === 0
    ? []
    : df.columns.filter((name) => df.getColumn(name).nullCount() === height);
  // Text the same in every row (a table's name, its unit) is said once, above the table.
  const constant = height < 2 ? [] : df.columns.filter((name) => {
    const s = df.getColumn(name);
    return s.isString() && s.nullCount() === 0 && s.nUnique() === 1;
  });
  const left = df.columns.filter((c) => !empty.includes(c) && !constant.includes(c));
  const said = left.length === 0 ? [] : constant;
  const shownNames = df.columns.filter((c) => !empty.includes(c) && !said.includes(c));
  const shown = shownNames.length === width ? df : df.select(...shownNames);
  const units = wideUnits(df);
  const unitSet = new Set(units?.values());
  const oneUnit = units !== undefined && units.size > 0 && unitSet.size === 1 &&
    shownNames.filter((c) => !units.has(c)).every((c) => c === "TIME" || c === "PERIOD");
  const timeCycle = labelCycle(df);

  const rowPos = positions(height, rowLimit);
  const colPos = positions(shown.width, colLimit);
  const gap = rowPos.indexOf(-1);
  // Only the rows on show are read out of Polars.
  const slice = gap < 0 ? shown : pl.concat([shown.head(gap), shown.tail(rowPos.length - gap - 1)]);
  const header: string[] = [];
  const types: string[] = [];
  const cells: string[][] = Array.from({ length: slice.height }, () => []);
  // Each shown column's alignment, for the row of ellipses.
  const aligns: string[] = [];
  for (const c of colPos) {
    if (c < 0) {
      aligns.push("text-align:center");
      header.push(`<th>${ELLIPSIS}</th>`);
      types.push("<td></td>");
      for (const row of cells) row.push(`<td>${ELLIPSIS}</td>`);
      continue;
    }
    const series: Series = slice.getColumn(shownNames[c] ?? "");
    const values: unknown[] = series.toArray();
    const cycle = series.dtype.variant !== "Date"
      ? undefined
      : series.name === "TIME" && timeCycle !== undefined
      ? timeCycle
      : dateCycle(shown.getColumn(series.name));
    const format = cycle === undefined
      ? columnFormat(series, values)
      : (v: unknown) => v instanceof Date ? periodText(v, cycle) : formatCell(v, series.dtype);
    const align = series.isNumeric() ? "text-align:right" : "text-align:left";
    const style = series.isDateTime() ? `${align};white-space:nowrap` : align;
    aligns.push(align);
    const unit = oneUnit ? undefined : units?.get(series.name);
    header.push(`<th style="${align}">${escapeHtml(series.name)}</th>`);
    types.push(
      `<td style="${align}">${escapeHtml(typeLabel(series.dtype))}${
        unit === undefined ? "" : ` · ${escapeHtml(unit)}`
      }</td>`,
    );
    values.forEach((v, r) => cells[r]?.push(`<td style="${style}">${escapeHtml(format(v))}</td>`));
  }
  const body: string[] = [];
  let r = 0;
  for (const p of rowPos) {
    if (p < 0) {
      body.push(`<tr>${aligns.map((a) => `<td style="${a}">${ELLIPSIS}</td>`).join("")}</tr>`);
    } else {
      body.push(`<tr>${(cells[r++] ?? []).join("")}</tr>`);
    }
  }
  const hidden = empty.length === 0
    ? ""
    : ` · ${empty.length} column${empty.length === 1 ? "" : "s"} of nulls not shown: ${
      escapeHtml(empty.join(", "))
    }`;
  const once = [
    ...said.map((name) => [name, String(df.getColumn(name).get(0))] as const),
    ...(oneUnit ? [["unit", [...unitSet][0]!] as const] : []),
  ].map(([name, value]) => `<b>${escapeHtml(name)}</b> ${escapeHtml(value)}`);
  const line = once.length === 0 ? "" : `<div><small>${once.join(" · ")}</small></div>`;
  return `<div><small>shape: (${height}, ${width})${hidden}</small>${line}` +
    `<table border="1" class="dataframe"><thead><tr>${header.join("")}</tr>` +
    `<tr>${types.join("")}</tr></thead><tbody>${body.join("")}</tbody></table></div>`;
}

/** The most decimals a column shows: hides binary noise (0.30000000000000004). */
const MAX_DECIMALS = 6;

/** Decimals a number needs, up to MAX_DECIMALS. */
function decimalsOf(v: number): number {
  const text = String(Number(v.toFixed(MAX_DECIMALS)));
  const dot = text.indexOf(".");
  return dot < 0 || text.includes("e") ? 0 : text.length - dot - 1;
}

/**
 * How a column's cells are written. Numbers of a column share one precision (the most any of
 * the shown values needs, at most six decimals), and get thousands separators when the
 * column holds a number of 10,000 or more; dates are ISO dates.
 */
function columnFormat(series: Series, values: readonly unknown[]): (v: unknown) => string {
  if (!series.isNumeric()) return (v) => formatCell(v, series.dtype);
  const finite = values.flatMap((v) => {
    const n = typeof v === "bigint" ? Number(v) : v;
    return typeof n === "number" && Number.isFinite(n) ? [n] : [];
  });
  const decimals = Math.max(0, ...finite.map(decimalsOf));
  const grouped = finite.some((n) => Math.abs(n) >= 10_000);
  const number = new Intl.NumberFormat("en-US", {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
    useGrouping: grouped,
  });
  return (v) => {
    if (typeof v === "bigint") return grouped ? number.format(v) : String(v);
    if (typeof v !== "number" || !Number.isFinite(v)) return formatCell(v, series.dtype);
    return number.format(v);
  };
}
