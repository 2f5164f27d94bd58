/**
 * `chart_series`: a series as a chart, for hosts that show MCP Apps (the view at
 * `ui://ecos/chart.html` draws it, values on hover, other ranges fetched through the host),
 * and as a text answer (each series' summary) for hosts that do not. The chart is the module's
 * own line chart (src/jupyter/plot.ts), sent in the result's `_meta`.
 *
 * @module
 */

import { pl } from "../deps.ts";
import { lineChart, type LineChartOptions } from "../jupyter/plot.ts";
import { sourceInfo } from "./source.ts";
import { CHART_URI } from "./chart_html.ts";
import { seriesAnswerText } from "./render.ts";
import { CHART_SERIES_INPUT, CHART_SERIES_OUTPUT } from "./schemas.ts";
import { pullSeries } from "./series.ts";
import { callOptions, defineTool } from "./tool.ts";

/** Where the chart goes in a result's `_meta`, for the view. */
export const CHART_META = "ecos/chart";

/** Series one chart draws at most: more lines than this read as noise. */
export const MAX_CHARTED_SERIES = 12;

type Spec = Record<string, unknown>;

/**
 * The spec with a point under every point of its lines, drawn transparent: the pointer finds
 * a point and its tooltip (the values) wherever a line has one.
 */
export function withHoverPoints(spec: Spec): Spec {
  const out: Spec = { ...spec };
  if (Array.isArray(spec.layer)) {
    const layers = spec.layer as Spec[];
    const line = layers.find((l) => {
      const mark = l.mark as { type?: string } | string | undefined;
      return (typeof mark === "string" ? mark : mark?.type) === "line";
    });
    out.layer = line === undefined ? layers : [
      ...layers,
      {
        mark: { type: "point", opacity: 0, size: 80, filled: true },
        encoding: line.encoding,
      },
    ];
  }
  for (const key of ["vconcat", "hconcat", "concat"]) {
    if (Array.isArray(spec[key])) out[key] = (spec[key] as Spec[]).map(withHoverPoints);
  }
  return out;
}

/**
 * `chart_series`: a chart of a table's series over a range.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { connect } from "../connect.ts";
 * import { CHART_META, chartSeries } from "./chart_tool.ts";
 *
 * await using session = await connect({ env: {}, quiet: true });
 * const { data, meta } = await chartSeries.run(
 *   { stat_code: "722Y001", cycle: "M", start: "202301", end: "202312", items: ["0101000"] },
 *   { client: session.client, options: {} },
 * );
 * assert.equal(data.total_rows, 12);
 * assert.ok(meta?.[CHART_META] !== undefined);
 * ```
 */
export const chartSeries = defineTool({
  name: "chart_series",
  title: "Chart an ECOS series",
  description:
    "Draws a chart of an ECOS table's series over a range of periods: in hosts that show MCP " +
    "Apps, an interactive chart (values on hover, other ranges on request); elsewhere, each " +
    "series' summary (count, first, last, min, max) as text. Takes the arguments of " +
    `get_series (without max_rows); at most ${MAX_CHARTED_SERIES} series are drawn: give ` +
    'items to choose them. Example: {"stat_code": "722Y001", "cycle": "M", "start": "201501", ' +
    '"end": "202412", "items": ["0101000"]} charts the Bank of Korea base rate.',
  input: CHART_SERIES_INPUT,
  output: CHART_SERIES_OUTPUT,
  ui: CHART_URI,
  async run(args, ctx) {
    const { stat_code, cycle, start, end, items, transform, language } = args;
    const answer = await pullSeries(ctx.client, {
      query: { statCode: stat_code, cycle, start, end, ...(items === undefined ? {} : { items }) },
      transform,
      maxRows: Number.MAX_SAFE_INTEGER, // a chart draws every row (it thins long ones itself)
      howToGetMore: "",
    }, callOptions(ctx, language));
    const charted = answer.series.slice(0, MAX_CHARTED_SERIES);
    const label = (s: (typeof charted)[number]) =>
      `${s.item_names.join(" / ") || s.item_codes.join(" / ")}`;
    const times: Date[] = [];
    const values: (number | null)[] = [];
    const names: string[] = [];
    const units: string[] = [];
    for (const s of charted) {
      const unit = (transform === undefined ? s.unit : s.transformed_unit) ?? "";
      for (const r of s.rows) {
        times.push(new Date(`${r.time}T00:00:00Z`));
        values.push(transform === undefined ? r.value : r.transformed ?? null);
        names.push(label(s));
        units.push(unit);
      }
    }
    const distinctUnits = new Set(units);
    const df = pl.DataFrame({
      TIME: pl.Series("TIME", times).cast(pl.Date),
      VALUE: pl.Series("VALUE", values, pl.Float64),
      SERIES: pl.Series("SERIES", names, pl.String),
      UNIT: pl.Series("UNIT", units, pl.String),
    });
    const source = sourceInfo(ctx.client.source).note;
    const options: LineChartOptions = {
      x: "TIME",
      y: "VALUE",
      title: `${answer.stat_name ?? stat_code}${transform === undefined ? "" : ` (${transform})`}`,
      yTitle: [...distinctUnits][0] ?? "",
      source,
      ...(charted.length > 1 ? { color: "SERIES" } : {}),
      ...(distinctUnits.size > 1 ? { panels: "UNIT" } : {}),
    };
    const spec = df.height === 0
      ? undefined
      : withHoverPoints(lineChart(df, options).toSpec() as Spec);
    const left = answer.series.length - charted.length;
    const data = {
      stat_code: answer.stat_code,
      stat_name: answer.stat_name,
      cycle: answer.cycle,
      start: answer.start,
      end: answer.end,
      transform: answer.transform,
      total_rows: answer.total_rows,
      charted_series: charted.length,
      series: answer.series.map((s) => ({
        item_codes: s.item_codes,
        item_names: s.item_names,
        unit: s.unit,
        ...(s.transformed_unit === undefined ? {} : { transformed_unit: s.transformed_unit }),
        summary: s.summary,
        ...(s.transformed_summary === undefined
          ? {}
          : { transformed_summary: s.transformed_summary }),
      })),
    };
    const summaries = seriesAnswerText({
      ...answer,
      omitted_note: null,
      series: answer.series.map((s) => ({ ...s, rows: [], omitted: null })),
    });
    const text = summaries +
      (left > 0
        ? `\nThe chart draws the first ${charted.length} of ${answer.series.length} series: ` +
          "give items to choose others.\n"
        : "") +
      (spec === undefined
        ? ""
        : `\nA chart of ${charted.length === 1 ? "this series" : "these series"} is shown ` +
          "where the host displays MCP Apps; get_series gives the rows themselves.\n");
    return { text, data, ...(spec === undefined ? {} : { meta: { [CHART_META]: spec } }) };
  },
});
