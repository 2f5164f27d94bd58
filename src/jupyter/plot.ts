/**
 * Small charts of DataFrames for notebooks and scripts.
 *
 * A chart is a vega-lite specification with the frame's rows inlined. In a notebook it shows
 * through its Jupyter display as two forms: `application/vnd.vegalite.v5+json`, which
 * JupyterLab, Notebook 7, VS Code and nteract draw as an interactive chart, and `image/svg+xml`,
 * drawn here with vega (renderer "none", `toSVG()`), which GitHub and any other viewer show.
 * The spec uses only features shared by vega-lite 5 and 6, so it is sent under the v5 media
 * type, the one the frontends render today. Scripts call {@linkcode Chart.toSVG}.
 *
 * Date and Datetime columns are written as ISO 8601 strings and encoded as temporal fields on
 * a UTC scale, so axis labels name the dates of the data whatever the reader's time zone.
 *
 * @module
 */

import { type DataFrame, loadVega, type VegaLiteTopLevelSpec } from "../deps.ts";
import { JUPYTER_DISPLAY, type MimeBundle } from "./display.ts";
import { invalidArgument } from "../errors.ts";
import { isoDate } from "../util/iso_date.ts";
import { currentSource, frameInfo, sourceLine } from "../client/mod.ts";

/**
 * A vega-lite specification (https://vega.github.io/vega-lite/docs/spec.html), as plain JSON:
 * vega-lite checks it when the chart is drawn.
 */
export interface VegaLiteSpec {
  /** The schema URL, e.g. "https://vega.github.io/schema/vega-lite/v5.json". */
  $schema?: string;
  /** Every other property of the specification. */
  [property: string]: unknown;
}

/** What every chart accepts. */
export interface ChartOptions {
  /** The column on the horizontal axis. */
  x: string;
  /** The numeric column on the vertical axis. */
  y: string;
  /** A column whose values split the rows into series, one colour each. */
  color?: string;
  /**
   * The chart's title.
   *
   * @default {the item's name, when the frame holds one series of one item}
   */
  title?: string;
  /**
   * The horizontal axis title.
   *
   * @default {none for dates; else the column name}
   */
  xTitle?: string;
  /**
   * The vertical axis title.
   *
   * @default {for DATA_VALUE, the frame's UNIT_NAME; else the column name}
   */
  yTitle?: string;
  /**
   * The line under the title that names where the data comes from; `false` for none.
   *
   * @default {from the frame, or the last client made: "Source: ECOS, Bank of Korea (retrieved
   * <date>)" for the live service, "Generated sample data from the bundled ECOS server, not
   * official statistics" for the bundled server}
   */
  source?: string | false;
  /**
   * The width of the plotting area in pixels.
   *
   * @default {640}
   */
  width?: number;
  /**
   * The height of the plotting area in pixels.
   *
   * @default {280}
   */
  height?: number;
}

/** Options of {@linkcode lineChart}. */
export interface LineChartOptions extends ChartOptions {
  /**
   * Whether the vertical axis starts at zero. Rates and prices read better without.
   *
   * @default {false}
   */
  zero?: boolean;
}

/** Options of {@linkcode barChart}. */
export interface BarChartOptions extends ChartOptions {
  /**
   * Draw the bars horizontally: `x` names the categories down the side and `y` the bar
   * lengths. Long category names read better this way.
   *
   * @default {false}
   */
  horizontal?: boolean;
}

type FieldType = "temporal" | "quantitative" | "nominal";

interface Column {
  type: FieldType;
  values: unknown[];
}

/** Reads one column for the spec: dates to ISO strings, numbers to JSON-safe numbers. */
function readColumn(df: DataFrame, name: string, role: string): Column {
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

function checkSize(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!Number.isFinite(value) || value < 10) {
    throw invalidArgument(`Cannot draw a chart ${name} of ${value}: pass at least 10 pixels`);
  }
  return value;
}

/** Rows as records, and each channel's encoding. */
/** The distinct non-null texts of a column, when the frame has it. */
function distinct(df: DataFrame, name: string): string[] {
  if (!df.columns.includes(name)) return [];
  return (df.getColumn(name).unique().toArray() as unknown[])
    .filter((v): v is string => typeof v === "string" && v !== "");
}

/** Column names of the StatisticSearch frame, as a reader would call them. */
const READABLE: Readonly<Record<string, string>> = {
  ITEM_NAME1: "Item",
  ITEM_NAME2: "Item",
  ITEM_NAME3: "Item",
  ITEM_NAME4: "Item",
  STAT_NAME: "Table",
  KEYSTAT_NAME: "Indicator",
  CLASS_NAME: "Class",
  DATA_VALUE: "Value",
};

/** Titles a reader understands: units, item names and no raw column names where avoidable. */
function titles(df: DataFrame, options: ChartOptions, xType: FieldType) {
  const units = distinct(df, "UNIT_NAME");
  const items = distinct(df, "ITEM_NAME1");
  const y = options.yTitle ??
    (options.y === "DATA_VALUE" && units.length === 1
      ? units[0]!
      : READABLE[options.y] ?? options.y);
  const x = options.xTitle ?? (xType === "temporal" ? null : READABLE[options.x] ?? options.x);
  const oneSeries = options.color === undefined && items.length === 1 &&
    distinct(df, "ITEM_NAME2").length <= 1;
  const title = options.title ?? (oneSeries ? items[0] : undefined);
  const color = options.color === undefined ? undefined : READABLE[options.color] ?? options.color;
  return { x, y, title, color };
}

/** The line that names the data's source, from the frame's record or the last client. */
function sourceOf(df: DataFrame, option: string | false | undefined): string | undefined {
  if (option === false) return undefined;
  if (option !== undefined) return option;
  const info = frameInfo(df);
  const source = info?.source ?? currentSource();
  return source === undefined ? undefined : sourceLine(source, info?.fetchedAt);
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

/** Rows to draw: all of them, or each long series' lows and highs per run. */
function downsample(
  rows: Record<string, unknown>[],
  y: string,
  series: string | undefined,
): { rows: Record<string, unknown>[]; sampled: boolean } {
  const groups = new Map<unknown, Record<string, unknown>[]>();
  for (const row of rows) {
    const key = series === undefined ? "" : row[series];
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

function encode(df: DataFrame, options: ChartOptions) {
  const x = readColumn(df, options.x, "x");
  const y = readColumn(df, options.y, "y");
  if (y.type !== "quantitative") {
    throw invalidArgument(
      `Cannot plot column ${JSON.stringify(options.y)} as y: it must be numeric, got ${
        df.getColumn(options.y).dtype.variant
      }`,
    );
  }
  const color = options.color === undefined ? undefined : readColumn(df, options.color, "color");
  const values = x.values.map((xv, i) => {
    const row: Record<string, unknown> = { [options.x]: xv, [options.y]: y.values[i] };
    if (color && options.color !== undefined) row[options.color] = color.values[i];
    return row;
  });
  const named = titles(df, options, x.type);
  const field = (name: string, column: Column, title: string | null) => ({
    field: name,
    type: column.type,
    title,
    // Dates are UTC midnights: a UTC scale labels them by their own day in every time zone.
    ...(column.type === "temporal" ? { scale: { type: "utc" } } : {}),
  });
  const tooltip = (name: string, column: Column) =>
    column.type === "temporal"
      ? { field: name, type: "temporal", timeUnit: "utcyearmonthdate", title: name }
      : { field: name, type: column.type, title: name };
  return {
    values,
    title: named.title,
    source: sourceOf(df, options.source),
    x: field(options.x, x, named.x),
    y: field(options.y, y, named.y),
    // Series and category names are often long ("Treasury Bonds (10 years)"): room for them.
    color: color && options.color !== undefined
      ? { field: options.color, type: "nominal", title: named.color, legend: { labelLimit: 320 } }
      : undefined,
    tooltip: [
      ...(color && options.color !== undefined ? [tooltip(options.color, color)] : []),
      tooltip(options.x, x),
      tooltip(options.y, y),
    ],
  };
}

function baseSpec(
  options: ChartOptions,
  e: { values: unknown[]; title: string | undefined; source: string | undefined },
): Record<string, unknown> {
  // The source goes under the title (a subtitle), or alone when there is no title.
  const title = e.title === undefined
    ? (e.source === undefined ? undefined : { text: e.source, fontSize: 11, fontWeight: "normal" })
    : e.source === undefined
    ? e.title
    : { text: e.title, subtitle: e.source };
  return {
    $schema: "https://vega.github.io/schema/vega-lite/v5.json",
    ...(title === undefined ? {} : { title }),
    width: checkSize("width", options.width, 640),
    height: checkSize("height", options.height, 280),
    data: { values: e.values },
  };
}

/**
 * A chart: a vega-lite specification that shows itself in Jupyter and renders to SVG.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Chart } from "./plot.ts";
 *
 * const chart = new Chart({
 *   data: { values: [{ a: 1, b: 2 }, { a: 2, b: 3 }] },
 *   mark: "line",
 *   encoding: { x: { field: "a", type: "quantitative" }, y: { field: "b", type: "quantitative" } },
 * });
 * assert.match(await chart.toSVG(), /^<svg/);
 * ```
 */
export class Chart {
  readonly #spec: VegaLiteSpec;

  /**
   * Wraps a specification; {@linkcode lineChart} and {@linkcode barChart} build them.
   *
   * @param spec A vega-lite specification with its data inlined.
   */
  constructor(spec: VegaLiteSpec) {
    this.#spec = structuredClone(spec);
  }

  /**
   * The vega-lite specification, as a copy.
   *
   * @returns The specification.
   */
  toSpec(): VegaLiteSpec {
    return structuredClone(this.#spec);
  }

  /**
   * Renders the chart as a standalone SVG document, in-process with vega.
   *
   * @returns The SVG text.
   */
  async toSVG(): Promise<string> {
    const [vega, vegaLite] = await loadVega();
    const logger = vega.logger(vega.Error);
    const compiled =
      vegaLite.compile(this.#spec as unknown as VegaLiteTopLevelSpec, { logger }).spec;
    const view = new vega.View(vega.parse(compiled), { renderer: "none", logLevel: vega.Error });
    try {
      return await view.toSVG();
    } finally {
      view.finalize();
    }
  }

  /**
   * The Jupyter display: the vega-lite spec, a static SVG and a line of text.
   *
   * @returns The mime bundle.
   */
  async [JUPYTER_DISPLAY](): Promise<MimeBundle> {
    return {
      "application/vnd.vegalite.v5+json": this.toSpec(),
      "image/svg+xml": await this.toSVG(),
      "text/plain": this.toString(),
    };
  }

  /**
   * A one-line description, for text-only frontends.
   *
   * @returns E.g. `Chart "Base rate" (line, 72 rows)`.
   */
  toString(): string {
    const spec = this.#spec as {
      title?: unknown;
      mark?: unknown;
      data?: { values?: unknown[] };
    };
    const mark = typeof spec.mark === "object" && spec.mark !== null
      ? (spec.mark as { type?: unknown }).type
      : spec.mark;
    const text = typeof spec.title === "object" && spec.title !== null
      ? (spec.title as { text?: unknown }).text
      : spec.title;
    const title = typeof text === "string" ? ` ${JSON.stringify(text)}` : "";
    const rows = Array.isArray(spec.data?.values) ? `, ${spec.data.values.length} rows` : "";
    return `Chart${title} (${String(mark ?? "layered")}${rows})`;
  }
}

/**
 * A line chart of one or more series: `x` is usually a Date column such as `TIME`, `y` a
 * numeric column, and `color` a column that names the series (an item name, a stat code).
 * Rows are drawn in the frame's order within each series, so sort by `x` first. Rows whose `y`
 * is null are left out, and the line joins across them. A series of more than 2,000 points
 * (a long daily series) is drawn from the lowest and highest point of each of 600 equal runs
 * of its rows: the same picture, peaks and troughs included, at a fraction of the size. The
 * axis titles come from the frame (UNIT_NAME for DATA_VALUE, the item's name as title for a
 * single series), and a line under the title names the source.
 *
 * @param df The frame.
 * @param options The columns to plot, titles and size.
 * @returns The chart: show it as a cell's last expression, or call `toSVG()`.
 * @throws {EcosError} INVALID_ARGUMENT when a named column is not in the frame, the `y`
 * column is not numeric, or a size is below 10 pixels.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { pl } from "../deps.ts";
 * import { lineChart } from "./plot.ts";
 *
 * const df = pl.DataFrame({
 *   TIME: [new Date("2024-01-01"), new Date("2024-02-01"), new Date("2024-03-01")],
 *   DATA_VALUE: [3.5, 3.5, 3.25],
 * }).withColumns(pl.col("TIME").cast(pl.Date));
 * const chart = lineChart(df, { x: "TIME", y: "DATA_VALUE", title: "Base rate (%)" });
 * assert.match(await chart.toSVG(), /Base rate \(%\)/);
 * ```
 */
export function lineChart(df: DataFrame, options: LineChartOptions): Chart {
  const e = encode(df, options);
  const drawn = downsample(e.values, options.y, options.color);
  const spec = {
    ...baseSpec(options, { ...e, values: drawn.rows }),
    ...(drawn.sampled
      ? {
        description: `Series of more than ${DOWNSAMPLE_ABOVE} points are drawn from the lowest ` +
          `and highest point of each of ${DOWNSAMPLE_BUCKETS} equal runs of their rows.`,
      }
      : {}),
    // "filter" is what vega-lite 5 does by default; 6 breaks the line at nulls instead.
    mark: { type: "line", strokeWidth: 1.5, invalid: "filter" },
    encoding: {
      x: e.x,
      y: { ...e.y, scale: { zero: options.zero ?? false } },
      ...(e.color ? { color: e.color } : {}),
      tooltip: e.tooltip,
    },
  };
  return new Chart(spec as VegaLiteSpec);
}

/**
 * A bar chart: one bar per row, `x` naming the category or period and `y` the numeric length.
 * With `color`, bars of the same `x` stack.
 *
 * @param df The frame.
 * @param options The columns to plot, titles, size and orientation.
 * @returns The chart: show it as a cell's last expression, or call `toSVG()`.
 * @throws {EcosError} INVALID_ARGUMENT when a named column is not in the frame, the `y`
 * column is not numeric, or a size is below 10 pixels.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { pl } from "../deps.ts";
 * import { barChart } from "./plot.ts";
 *
 * const df = pl.DataFrame({ ITEM: ["A", "B"], CORR: [0.9, -0.2] });
 * const chart = barChart(df, { x: "ITEM", y: "CORR", horizontal: true });
 * assert.match(await chart.toSVG(), /^<svg/);
 * ```
 */
export function barChart(df: DataFrame, options: BarChartOptions): Chart {
  const e = encode(df, options);
  const category = e.x.type === "nominal" ? { ...e.x, sort: null, axis: { labelLimit: 320 } } : e.x;
  const base = baseSpec(options, e);
  // Horizontal bars of categories get a fixed band each, unless a height is asked for.
  if (options.horizontal && e.x.type === "nominal" && options.height === undefined) {
    base.height = { step: 20 };
  }
  const spec = {
    ...base,
    mark: { type: "bar" },
    encoding: {
      ...(options.horizontal ? { y: category, x: e.y } : { x: category, y: e.y }),
      ...(e.color ? { color: e.color } : {}),
      tooltip: e.tooltip,
    },
  };
  return new Chart(spec as VegaLiteSpec);
}
