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
 * Charts read as an analyst expects: axes and legends are titled by names and units, never raw
 * column names; date axes are labelled by years, months or days as the span asks; the legend
 * sits under the chart in as many columns as fit, so the chart stays about 680 pixels wide; a
 * rule marks zero when values run on both sides of it; policy rates can be drawn as steps; and
 * series of different units go in panels, one above the other, each with its own axis.
 *
 * Date and Datetime columns are written as ISO 8601 strings and encoded as temporal fields on
 * a UTC scale, so axis labels name the dates of the data whatever the reader's time zone.
 *
 * @module
 */

import type { DataFrame } from "../deps.ts";
import { invalidArgument } from "../errors.ts";
import { currentSource, frameInfo, sourceLine } from "../frame_info.ts";
import { Chart, type VegaLiteSpec } from "./chart.ts";
import { columnUnits } from "../analysis/column_units.ts";
import { parseUnit, sameUnit, type UnitInfo } from "../analysis/units.ts";
import {
  bottomLegend,
  type Column,
  crossesZero,
  distinct,
  downsample,
  DOWNSAMPLE_ABOVE,
  DOWNSAMPLE_BUCKETS,
  type FieldType,
  labelWidth,
  readable,
  readColumn,
  timeAxis,
} from "./_encode.ts";

export { Chart, type VegaLiteSpec } from "./chart.ts";
export { DOWNSAMPLE_ABOVE, DOWNSAMPLE_BUCKETS } from "./_encode.ts";

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
   * @default {none for dates; else the column's name as words ("REAL_RATE" is "Real rate")}
   */
  xTitle?: string;
  /**
   * The vertical axis title: a name, or a unit.
   *
   * @default {the unit in words ("billion KRW" for 십억원, "% per year" for 연%): for
   * DATA_VALUE the frame's UNIT_NAME, for VALUE (inBaseUnits) its UNIT, for a column of a wide
   * frame or a change column the unit recorded for it; else the column's name as words}
   */
  yTitle?: string;
  /**
   * The legend's title; `null` for none.
   *
   * @default {the colour column's name as words ("ITEM_NAME1" is "Item", "SERIES" "Series")}
   */
  colorTitle?: string | null;
  /**
   * The line under the title that names where the data comes from; `false` for none.
   *
   * @default {from the frame, or the last client made: "Source: ECOS, Bank of Korea (retrieved
   * <date>)" for the live service, "Generated sample data from the bundled ECOS server, not
   * official statistics" for the bundled server}
   */
  source?: string | false;
  /**
   * The width of the plotting area in pixels (axes and labels come on top: about 70 more).
   *
   * @default {600; for horizontal bars, 600 less the width of the longest category label}
   */
  width?: number;
  /**
   * The height of the plotting area in pixels (of each panel, with `panels`).
   *
   * @default {280; 180 a panel}
   */
  height?: number;
  /**
   * Whether to draw a rule at zero on the value axis, as charts of changes need.
   *
   * @default {true when the values run on both sides of zero}
   */
  zeroLine?: boolean;
}

/** Options of {@linkcode lineChart}. */
export interface LineChartOptions extends ChartOptions {
  /**
   * Whether the vertical axis starts at zero. Rates and prices read better without.
   *
   * @default {false}
   */
  zero?: boolean;
  /**
   * Draw lines as steps, each value held until the next (a policy rate holds between
   * decisions): `true` for every series, or the names of the series (values of the `color`
   * column) to draw so, the others as lines.
   *
   * @default {false}
   */
  step?: boolean | readonly string[];
  /**
   * A column whose values split the chart into panels, one above the other, sharing the time
   * axis, each with its own vertical axis titled by the panel's value (a unit in words). Two
   * units side by side: `panels: "UNIT_NAME"` puts a rate in % over an index or an exchange
   * rate.
   *
   * @default {for DATA_VALUE (or VALUE) in units that cannot share an axis (of different kinds,
   * or amounts of different currencies or scales), UNIT_NAME (or UNIT); else one panel}
   */
  panels?: string;
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

function checkSize(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!Number.isFinite(value) || value < 10) {
    throw invalidArgument(`Cannot draw a chart ${name} of ${value}: pass at least 10 pixels`);
  }
  return value;
}

/** A unit as words: "billion KRW" for 십억원; a unit parseUnit cannot read, as it is. */
function unitWords(unit: string): string {
  const read = parseUnit(unit);
  return read.kind === "other" ? unit.trim() : read.label;
}

/** The column that holds the unit of a value column: UNIT_NAME for DATA_VALUE, UNIT for VALUE. */
function unitColumnOf(df: DataFrame, y: string): string | undefined {
  const column = y === "DATA_VALUE" ? "UNIT_NAME" : y === "VALUE" ? "UNIT" : undefined;
  return column !== undefined && df.columns.includes(column) ? column : undefined;
}

/**
 * Whether two units can share an axis: the same kind, and for amounts (money, counts,
 * exchange rates) the same currency and scale. A percent and a rate per year can; billions of
 * won and millions of dollars, or an index and a percent, cannot.
 */
function shareAxis(a: UnitInfo, b: UnitInfo): boolean {
  if (a.kind !== b.kind) return false;
  if (a.kind === "other") return a.text.trim() === b.text.trim();
  if (a.kind === "money" || a.kind === "count" || a.kind === "exchange_rate") {
    return a.scale === b.scale && a.currency === b.currency && a.per === b.per &&
      a.perAmount === b.perAmount;
  }
  return true;
}

/** The unit column of a frame's value column when its units cannot share one axis. */
function manyUnits(df: DataFrame, y: string): string | undefined {
  const column = unitColumnOf(df, y);
  if (column === undefined) return undefined;
  const units = distinct(df, column).map(parseUnit);
  return units.some((u) => !shareAxis(u, units[0]!)) ? column : undefined;
}

/** Titles a reader understands: units, item names and column names as words. */
function titles(df: DataFrame, options: ChartOptions & { panels?: string }, xType: FieldType) {
  const unitColumn = unitColumnOf(df, options.y);
  const units = unitColumn === undefined ? [] : distinct(df, unitColumn);
  const recorded = columnUnits(df)?.get(options.y);
  const read = units.map(parseUnit);
  const oneUnit = read.length > 0 && read.every((u) => sameUnit(u, read[0]!));
  const items = distinct(df, "ITEM_NAME1");
  const y = options.yTitle ??
    (oneUnit
      ? unitWords(units[0]!)
      : read.length > 0 && read.every((u) => u.kind === "percent")
      ? "%"
      : recorded !== undefined
      ? unitWords(recorded)
      : readable(options.y));
  const x = options.xTitle ?? (xType === "temporal" ? null : readable(options.x));
  const oneSeries = options.color === undefined && options.panels === undefined &&
    items.length === 1 && distinct(df, "ITEM_NAME2").length <= 1;
  const title = options.title ?? (oneSeries ? items[0] : undefined);
  const color = options.color === undefined
    ? null
    : options.colorTitle === undefined
    ? readable(options.color)
    : options.colorTitle;
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

/** The rows and the encoding of each channel. */
function encode(df: DataFrame, options: ChartOptions & { panels?: string }) {
  const x = readColumn(df, options.x, "x");
  const y = readColumn(df, options.y, "y");
  if (y.type !== "quantitative") {
    throw invalidArgument(
      `Cannot plot column ${JSON.stringify(options.y)} as y: it must be numeric, got ${
        df.getColumn(options.y).dtype.variant
      }`,
    );
  }
  const extra = [
    ...(options.color === undefined ? [] : [[options.color, "color"] as const]),
    ...(options.panels === undefined ? [] : [[options.panels, "panels"] as const]),
  ].map(([name, role]) => [name, readColumn(df, name, role)] as const);
  const values = x.values.map((xv, i) => {
    const row: Record<string, unknown> = { [options.x]: xv, [options.y]: y.values[i] };
    for (const [name, column] of extra) row[name] = column.values[i];
    return row;
  });
  const named = titles(df, options, x.type);
  const field = (name: string, column: Column, title: string | null) => ({
    field: name,
    type: column.type,
    title,
    // Dates are UTC midnights: a UTC scale labels them by their own day in every time zone.
    ...(column.type === "temporal"
      ? { scale: { type: "utc" }, axis: timeAxis(column.values) }
      : {}),
  });
  const tooltip = (name: string, column: Column) =>
    column.type === "temporal"
      ? { field: name, type: "temporal", timeUnit: "utcyearmonthdate", title: readable(name) }
      : { field: name, type: column.type, title: readable(name) };
  const color = extra.find(([name]) => name === options.color)?.[1];
  return {
    values,
    title: named.title,
    source: sourceOf(df, options.source),
    x: field(options.x, x, named.x),
    y: field(options.y, y, named.y),
    colorTitle: named.color,
    colorValues: options.color === undefined ? [] : distinct(df, options.color),
    tooltip: [
      ...(color && options.color !== undefined ? [tooltip(options.color, color)] : []),
      tooltip(options.x, x),
      tooltip(options.y, y),
    ],
  };
}

function baseSpec(
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
    data: { values: e.values },
  };
}

/** A grey rule at zero across the plot, on the value axis (`y`, or `x` for horizontal bars). */
const zeroRule = (channel: "x" | "y") => ({
  mark: { type: "rule", color: "#888", strokeWidth: 1 },
  encoding: { [channel]: { datum: 0, type: "quantitative" } },
});

/** The line layers: lines, steps, or steps for some series (by colour) and lines for the rest. */
function lineLayers(options: LineChartOptions, colorValues: readonly string[]) {
  const mark = (step: boolean) => ({
    type: "line",
    strokeWidth: 1.5,
    // "filter" is what vega-lite 5 does by default; 6 breaks the line at nulls instead.
    invalid: "filter",
    ...(step ? { interpolate: "step-after" } : {}),
  });
  const step = options.step ?? false;
  if (typeof step === "boolean") return [{ mark: mark(step) }];
  if (options.color === undefined) {
    throw invalidArgument(
      "Cannot draw some series as steps without a color column: pass step: true, or color",
    );
  }
  const unknown = step.filter((s) => !colorValues.includes(s));
  if (unknown.length > 0) {
    throw invalidArgument(
      `Cannot draw ${unknown.map((s) => JSON.stringify(s)).join(", ")} as steps: the color ` +
        `column ${JSON.stringify(options.color)} has ${
          colorValues.map((s) => JSON.stringify(s)).join(", ")
        }`,
    );
  }
  const among = { field: options.color, oneOf: [...step] };
  return [
    { transform: [{ filter: { not: among } }], mark: mark(false) },
    { transform: [{ filter: among }], mark: mark(true) },
  ];
}

/**
 * A line chart of one or more series: `x` is usually a Date column such as `TIME`, `y` a
 * numeric column, and `color` a column that names the series (an item name, a stat code).
 * Rows are drawn in the frame's order within each series, so sort by `x` first. Rows whose `y`
 * is null are left out, and the line joins across them. A series of more than 2,000 points
 * (a long daily series) is drawn from the lowest and highest point of each of 600 equal runs
 * of its rows: the same picture, peaks and troughs included, at a fraction of the size. The
 * axis titles come from the frame (the unit in words: UNIT_NAME for DATA_VALUE, "billion KRW"
 * for 십억원; the item's name as title for a single series), and a line under the title names
 * the source. `step` draws policy rates as steps; series of different units go in panels one
 * above the other, each axis titled by its unit (by UNIT_NAME, or the column `panels` names);
 * and a rule marks zero when the values cross it.
 *
 * @param df The frame.
 * @param options The columns to plot, titles, size, steps and panels.
 * @returns The chart: show it with `show()` in a notebook, or call `toSVG()`.
 * @throws {EcosError} INVALID_ARGUMENT when a named column is not in the frame, the `y`
 * column is not numeric, a size is below 10 pixels, or `step` names a series the `color`
 * column does not have.
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
 * const chart = lineChart(df, { x: "TIME", y: "DATA_VALUE", title: "Base rate (%)", step: true });
 * assert.match(await chart.toSVG(), /Base rate \(%\)/);
 * ```
 *
 * @example Two units, two panels
 * ```ts
 * import assert from "node:assert/strict";
 * import { pl } from "../deps.ts";
 * import { lineChart } from "./plot.ts";
 *
 * const months = [new Date("2024-01-01"), new Date("2024-02-01"), new Date("2024-03-01")];
 * const df = pl.DataFrame({
 *   TIME: [...months, ...months],
 *   ITEM_NAME1: [...months.map(() => "Base rate"), ...months.map(() => "Won per dollar")],
 *   UNIT_NAME: [...months.map(() => "%"), ...months.map(() => "KRW per USD")],
 *   DATA_VALUE: [3.5, 3.5, 3.25, 1330, 1335, 1350],
 * }).withColumns(pl.col("TIME").cast(pl.Date));
 * const chart = lineChart(df, {
 *   x: "TIME",
 *   y: "DATA_VALUE",
 *   color: "ITEM_NAME1",
 *   panels: "UNIT_NAME",
 * });
 * const svg = await chart.toSVG();
 * assert.match(svg, />KRW per USD</);
 * assert.match(svg, />%</);
 * ```
 */
export function lineChart(df: DataFrame, given: LineChartOptions): Chart {
  // Series of different units never share an axis.
  const auto = given.panels === undefined ? manyUnits(df, given.y) : undefined;
  const options = auto === undefined ? given : { ...given, panels: auto };
  const e = encode(df, options);
  const keys = [options.color, options.panels].filter((k): k is string => k !== undefined);
  const drawn = downsample(e.values, options.y, keys);
  const width = checkSize("width", options.width, 600);
  const height = checkSize("height", options.height, options.panels === undefined ? 280 : 180);
  const layers = lineLayers(options, e.colorValues);
  const color = options.color === undefined ? undefined : {
    field: options.color,
    type: "nominal",
    legend: bottomLegend(e.colorValues, width, e.colorTitle),
  };
  const view = (panel: string | undefined) => {
    const rows = panel === undefined
      ? drawn.rows
      : drawn.rows.filter((r) => r[options.panels!] === panel);
    const unitPanel = options.panels === "UNIT_NAME" || options.panels === "UNIT";
    const y = {
      ...e.y,
      title: panel === undefined ? e.y.title : unitPanel ? unitWords(panel) : panel,
      scale: { zero: options.zero ?? false },
    };
    const encoding = { x: e.x, y, ...(color ? { color } : {}), tooltip: e.tooltip };
    const zero = options.zeroLine ?? crossesZero(rows.map((r) => r[options.y]));
    return {
      width,
      height,
      ...(panel === undefined
        ? {}
        : { transform: [{ filter: { field: options.panels, equal: panel } }] }),
      layer: [...layers.map((l) => ({ ...l, encoding })), ...(zero ? [zeroRule("y")] : [])],
    };
  };
  const spec = {
    ...baseSpec({ ...e, values: drawn.rows }),
    ...(drawn.sampled
      ? {
        description: `Series of more than ${DOWNSAMPLE_ABOVE} points are drawn from the lowest ` +
          `and highest point of each of ${DOWNSAMPLE_BUCKETS} equal runs of their rows.`,
      }
      : {}),
    ...(options.panels === undefined ? view(undefined) : {
      vconcat: distinct(df, options.panels).map(view),
      resolve: { scale: { x: "shared", y: "independent", color: "shared" } },
    }),
  };
  return new Chart(spec as VegaLiteSpec);
}

/**
 * A bar chart: one bar per row, `x` naming the category or period and `y` the numeric length.
 * With `color`, bars of the same `x` stack. A rule marks zero when the lengths run on both
 * sides of it.
 *
 * @param df The frame.
 * @param options The columns to plot, titles, size and orientation.
 * @returns The chart: show it with `show()` in a notebook, or call `toSVG()`.
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
  const nominal = e.x.type === "nominal";
  const labels = nominal ? e.values.map((r) => String(r[options.x] ?? "")) : [];
  // Long category names down the side take their room from the bars, not from the page.
  const side = options.horizontal && nominal ? labelWidth(labels, 320) : 0;
  const width = checkSize("width", options.width, Math.max(240, 600 - side));
  const category = nominal ? { ...e.x, sort: null, axis: { labelLimit: 320 } } : e.x;
  const encoding = {
    ...(options.horizontal ? { y: category, x: e.y } : { x: category, y: e.y }),
    ...(options.color === undefined ? {} : {
      color: {
        field: options.color,
        type: "nominal",
        legend: bottomLegend(e.colorValues, width, e.colorTitle),
      },
    }),
    tooltip: e.tooltip,
  };
  const zero = options.zeroLine ?? crossesZero(e.values.map((r) => r[options.y]));
  const bars = { mark: { type: "bar" }, encoding };
  const spec = {
    ...baseSpec(e),
    width,
    // Horizontal bars of categories get a fixed band each, unless a height is asked for.
    height: options.horizontal && nominal && options.height === undefined
      ? { step: 20 }
      : checkSize("height", options.height, 280),
    ...(zero ? { layer: [bars, zeroRule(options.horizontal ? "x" : "y")] } : bars),
  };
  return new Chart(spec as VegaLiteSpec);
}
