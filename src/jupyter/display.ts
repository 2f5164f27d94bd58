/**
 * How DataFrames look in Jupyter.
 *
 * nodejs-polars 0.25.2 gives every DataFrame its own `Symbol.for("Jupyter.display")` method
 * (see `bin/dataframe.js` in the package). It returns the first 50 rows as
 * `application/vnd.dataresource+json` and as `text/html` built with `String(value)` for each
 * cell. Two things follow: a Date cell reads "Sun Apr 14 2019 00:00:00 GMT+0000 (Coordinated
 * Universal Time)", and VS Code, which prefers the dataresource bundle and has no renderer for
 * it, shows a blank output.
 *
 * A frame is not an instance of a class: each one is a fresh object literal (wrapped in a
 * Proxy) whose display method is an own property, so there is no prototype to patch. Every
 * frame, whichever operation made it (`filter`, `join`, `groupBy().agg()`, `collect()`,
 * `readParquet()`, ...), is built by one factory, the `_DataFrame` export of the package's
 * `bin/dataframe.js`, and the package's other modules call it through that exports object.
 * {@linkcode installFrameDisplay} wraps this factory (found in the CommonJS module cache,
 * matched by identity with the `DataFrame` this module uses) so that each new frame carries a
 * display method producing `text/html` (ISO dates, escaped text, a shape line, head and tail
 * for long frames) and `text/plain` (Polars' own table), and no dataresource bundle. Importing
 * this module changes nothing: `mod.ts` installs the display only inside the Jupyter kernel
 * (where `Deno.jupyter` exists), and the `./jupyter` entry installs it wherever it is imported.
 * Installing again replaces the display without
 * stacking wrappers. Frames made before the import keep the package's display.
 * {@linkcode displayFrame} does the same for one frame, explicitly, with its own options.
 *
 * @module
 */

import nodeModule from "node:module";
import { type DataFrame, type DataType, pl, type Series } from "../deps.ts";
import { invalidArgument } from "../errors.ts";
import { isoDate, isoDateTime } from "../util/iso_date.ts";

/**
 * The symbol Jupyter kernels for JavaScript (Deno's among them) look up on a cell's value to
 * get its rich representation.
 */
export const JUPYTER_DISPLAY: unique symbol = Symbol.for("Jupyter.display");

/** A Jupyter mime bundle: output data keyed by media type. */
export interface MimeBundle {
  /** The plain-text form every frontend can show. */
  "text/plain": string;
  /** Any richer forms, keyed by media type. */
  [mediaType: string]: unknown;
}

/** A value a Jupyter cell shows through its mime bundle. */
export interface Displayable {
  /** Returns the value's mime bundle. */
  [JUPYTER_DISPLAY](): MimeBundle | Promise<MimeBundle>;
}

/** Options of {@linkcode displayFrame} and {@linkcode installFrameDisplay}. */
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
  const abs = Math.abs(v);
  if (abs < 1e-4) return v.toExponential(3);
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

function checkLimit(name: string, value: number | undefined, fallback: number): number {
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

/**
 * Renders a frame as an HTML table: a shape line, a header of column names and short type
 * names, cells with dates as `YYYY-MM-DD` (never wrapped) and datetimes as ISO 8601, numbers
 * right-aligned with one precision a column and thousands separators where a column holds
 * 10,000 or more, all text escaped, and only the first and last rows and columns of a large
 * frame. Columns that hold only nulls are left out of the table (not the frame) and named in
 * the shape line.
 *
 * @param df The frame.
 * @param options How many rows and columns to show.
 * @returns The HTML fragment.
 * @throws {EcosError} INVALID_ARGUMENT when `rows` or `columns` is not a whole number of at
 * least 1.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { frameToHtml } from "./display.ts";
 * import { pl } from "../deps.ts";
 *
 * const df = pl.DataFrame({ TIME: [new Date("2024-01-01")] }).withColumns(pl.col("TIME").cast(pl.Date));
 * assert.match(frameToHtml(df), /<td style="white-space:nowrap">2024-01-01<\/td>/);
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
  const shown = empty.length === 0
    ? df
    : df.select(...df.columns.filter((c) => !empty.includes(c)));
  const rowPos = positions(height, rowLimit);
  const colPos = positions(shown.width, colLimit);
  const gap = rowPos.indexOf(-1);
  // Only the rows on show are read out of Polars.
  const slice = gap < 0 ? shown : pl.concat([shown.head(gap), shown.tail(rowPos.length - gap - 1)]);
  const names = shown.columns;
  const header: string[] = [];
  const types: string[] = [];
  const cells: string[][] = Array.from({ length: slice.height }, () => []);
  for (const c of colPos) {
    if (c < 0) {
      header.push(`<th>${ELLIPSIS}</th>`);
      types.push("<td></td>");
      for (const row of cells) row.push(`<td>${ELLIPSIS}</td>`);
      continue;
    }
    const series: Series = slice.getColumn(names[c] ?? "");
    header.push(`<th>${escapeHtml(series.name)}</th>`);
    types.push(`<td>${escapeHtml(typeLabel(series.dtype))}</td>`);
    const values: unknown[] = series.toArray();
    const format = columnFormat(series, values);
    const style = series.isDateTime()
      ? ' style="white-space:nowrap"'
      : series.isNumeric()
      ? ' style="text-align:right"'
      : "";
    values.forEach((v, r) => cells[r]?.push(`<td${style}>${escapeHtml(format(v))}</td>`));
  }
  const body: string[] = [];
  let r = 0;
  for (const p of rowPos) {
    if (p < 0) {
      body.push(`<tr>${colPos.map(() => `<td>${ELLIPSIS}</td>`).join("")}</tr>`);
    } else {
      body.push(`<tr>${(cells[r++] ?? []).join("")}</tr>`);
    }
  }
  const hidden = empty.length === 0
    ? ""
    : ` · ${empty.length} column${empty.length === 1 ? "" : "s"} of nulls not shown: ${
      escapeHtml(empty.join(", "))
    }`;
  return `<div><small>shape: (${height}, ${width})${hidden}</small>` +
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

/** The mime bundle of a frame: HTML table and Polars' text table, no dataresource. */
function frameBundle(df: DataFrame, options: DisplayFrameOptions): MimeBundle {
  return { "text/html": frameToHtml(df, options), "text/plain": df.toString() };
}

/**
 * Wraps a frame for display in a notebook cell: as a cell's last expression, it shows as an
 * HTML table with readable dates (see {@linkcode frameToHtml}), with as many rows and columns
 * as asked for. Frames need no wrapping in a notebook that imported `mod.ts` (see
 * {@linkcode installFrameDisplay}); use this to show more rows, or to show a frame from a copy
 * of nodejs-polars the module does not share.
 *
 * @param df The frame.
 * @param options How many rows and columns to show.
 * @returns A value whose Jupyter display is the frame's table.
 * @throws {EcosError} INVALID_ARGUMENT when `rows` or `columns` is not a whole number of at
 * least 1.
 *
 * @example Show 20 rows
 * ```ts
 * import assert from "node:assert/strict";
 * import { displayFrame, JUPYTER_DISPLAY } from "./display.ts";
 * import { pl } from "../deps.ts";
 *
 * const df = pl.DataFrame({ n: Array.from({ length: 100 }, (_, i) => i) });
 * const shown = displayFrame(df, { rows: 20 });
 * const bundle = await shown[JUPYTER_DISPLAY]();
 * assert.match(String(bundle["text/html"]), /shape: \(100, 1\)/);
 * ```
 */
export function displayFrame(df: DataFrame, options: DisplayFrameOptions = {}): Displayable {
  checkLimit("rows", options.rows, 10);
  checkLimit("columns", options.columns, 12);
  return {
    [JUPYTER_DISPLAY]: () => frameBundle(df, options),
  };
}

type FrameFactory = ((raw: unknown) => DataFrame) & { [ORIGINAL]?: FrameFactory };
const ORIGINAL = Symbol.for("ecos.frameDisplay.original");

/** The exports object of nodejs-polars' `bin/dataframe.js`, the one `pl` was loaded from. */
function polarsFrameModule(): { _DataFrame: FrameFactory } | undefined {
  const cache = (nodeModule as unknown as { _cache?: Record<string, { exports?: unknown }> })
    ._cache;
  if (cache === undefined || cache === null) return undefined;
  for (const entry of Object.values(cache)) {
    const exports = entry?.exports as Record<string, unknown> | undefined;
    if (typeof exports !== "object" || exports === null) continue;
    if (exports.DataFrame !== pl.DataFrame) continue;
    const factory = Object.getOwnPropertyDescriptor(exports, "_DataFrame");
    if (factory?.writable && typeof factory.value === "function") {
      return exports as unknown as { _DataFrame: FrameFactory };
    }
  }
  return undefined;
}

/**
 * The frame factory of nodejs-polars as it is now, and the one it wraps; for tests.
 *
 * @returns The current factory and the package's own, or `undefined` when not found.
 * @internal
 */
export function _frameFactories(): { current: FrameFactory; original: FrameFactory } | undefined {
  const module = polarsFrameModule();
  if (!module) return undefined;
  const current = module._DataFrame;
  return { current, original: current[ORIGINAL] ?? current };
}

/**
 * Makes every DataFrame created from now on display in Jupyter as an HTML table with readable
 * dates (see {@linkcode frameToHtml}) plus Polars' text table, and no dataresource bundle, so
 * that JupyterLab, classic Notebook, VS Code and GitHub all show a table. Frames the module
 * returns and frames derived from them (filter, join, pivot, ...) are covered. `mod.ts` calls
 * it with the defaults inside the Jupyter kernel, and so does importing `./jupyter` anywhere;
 * call it again to change the number of rows shown.
 *
 * It wraps nodejs-polars' internal frame factory (see the module documentation for why a
 * prototype does not exist to patch). Calling it again replaces the display; it never stacks.
 *
 * @param options How many rows and columns to show.
 * @returns `true` when the display is installed, `false` when this copy of nodejs-polars could
 * not be found (frames then keep the package's own display; {@linkcode displayFrame} still
 * works).
 * @throws {EcosError} INVALID_ARGUMENT when `rows` or `columns` is not a whole number of at
 * least 1.
 *
 * @example Show up to 20 rows of every frame
 * ```ts
 * import assert from "node:assert/strict";
 * import { installFrameDisplay, JUPYTER_DISPLAY } from "./display.ts";
 * import { pl } from "../deps.ts";
 *
 * installFrameDisplay({ rows: 20 });
 * const df = pl.DataFrame({ n: [1, 2, 3] }).filter(pl.col("n").gt(1));
 * const bundle = (df as unknown as { [JUPYTER_DISPLAY](): Record<string, unknown> })[JUPYTER_DISPLAY]();
 * assert.ok(!("application/vnd.dataresource+json" in bundle));
 * assert.match(String(bundle["text/html"]), /shape: \(2, 1\)/);
 * installFrameDisplay();
 * ```
 */
export function installFrameDisplay(options: DisplayFrameOptions = {}): boolean {
  checkLimit("rows", options.rows, 10);
  checkLimit("columns", options.columns, 12);
  const module = polarsFrameModule();
  if (!module) return false;
  const original = module._DataFrame[ORIGINAL] ?? module._DataFrame;
  const display = function (this: DataFrame): MimeBundle {
    return frameBundle(this, options);
  };
  const factory: FrameFactory = (raw: unknown) => {
    const df = original(raw);
    Object.defineProperty(df, JUPYTER_DISPLAY, {
      value: display,
      configurable: true,
      writable: true,
      enumerable: false,
    });
    return df;
  };
  factory[ORIGINAL] = original;
  module._DataFrame = factory;
  return true;
}

/**
 * Whether this code runs inside Deno's Jupyter kernel, the one place where `Deno.jupyter`
 * exists.
 *
 * @returns `true` in the kernel.
 */
export function inJupyterKernel(): boolean {
  try {
    // Outside the kernel, reading Deno.jupyter throws rather than giving undefined.
    return typeof (Deno as unknown as { jupyter?: unknown }).jupyter === "object";
  } catch {
    return false;
  }
}
