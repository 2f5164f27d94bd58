/**
 * The tools that pull values: `get_series` (any table) and `get_named_series` (a well-known
 * indicator by name).
 *
 * @module
 */

import { NAMED_SERIES, seriesQuery } from "../discovery/mod.ts";
import { seriesAnswerText } from "./render.ts";
import {
  GET_NAMED_SERIES_INPUT,
  GET_SERIES_INPUT,
  NAMED_SERIES_OUTPUT,
  SERIES_OUTPUT,
  TRANSFORMS_TEXT,
} from "./schemas.ts";
import { DEFAULT_MAX_ROWS, MAX_MAX_ROWS, pullSeries } from "./series.ts";
import { callOptions, defineTool } from "./tool.ts";

/** The ways to get rows left out, in the words of a call. */
function howToGetMore(call: string): string {
  return `call ${call} with max_rows up to ${MAX_MAX_ROWS}, or a later start, or split the ` +
    "range into several calls; a coarser cycle (M rather than D) has fewer rows. For every row " +
    "in a file: ecos search <stat_code> <cycle> <start> <end> [items] --out rows.csv";
}

/**
 * `get_series`: a table's values over a range, by series, with a summary each.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { connect } from "../connect.ts";
 * import { getSeries } from "./series_tools.ts";
 *
 * await using session = await connect({ env: {}, quiet: true });
 * const { data } = await getSeries.run(
 *   { stat_code: "722Y001", cycle: "M", start: "202301", end: "202312", items: ["0101000"],
 *     max_rows: 500 },
 *   { client: session.client, options: {} },
 * );
 * assert.equal(data.total_rows, 12);
 * assert.equal(data.series[0]!.rows[0]!.time, "2023-01-01");
 * ```
 */
export const getSeries = defineTool({
  name: "get_series",
  title: "Values of an ECOS table over a period range",
  description:
    "Fetches the values of an ECOS table (Bank of Korea statistics) over a range of periods. " +
    "Use search_tables and list_items first to find stat_code, the item codes and the cycles. " +
    "Answers one block per series (an item, or a combination of items of several levels) with " +
    "its names and unit once, a summary (count, first, last, min, max) and rows of TIME (an " +
    "ISO date: the first day of the period), period (its label, e.g. 2024Q4) and value (a " +
    "number). Periods are written in the " +
    'cycle\'s shape: A "2020", S "2020S1", Q "2020Q1", M "202001", SM "202001S1", D ' +
    '"20200101". Without items, every item of the table. transform adds a transformed value ' +
    `to each row, with its unit: ${TRANSFORMS_TEXT}. At most max_rows rows are shown (default ` +
    `${DEFAULT_MAX_ROWS}): the latest; the others are counted in the summaries and the answer ` +
    'says how to get them. Example: {"stat_code": "722Y001", "cycle": "M", "start": ' +
    '"202301", "end": "202412", "items": ["0101000"]} is the Bank of Korea base rate, monthly; ' +
    'add "transform": "yoy" for the change on a year before.',
  input: GET_SERIES_INPUT,
  output: SERIES_OUTPUT,
  async run(args, ctx) {
    const { stat_code, cycle, start, end, items, transform, max_rows, language } = args;
    const data = await pullSeries(ctx.client, {
      query: { statCode: stat_code, cycle, start, end, ...(items === undefined ? {} : { items }) },
      transform,
      maxRows: max_rows,
      howToGetMore: howToGetMore("get_series"),
    }, callOptions(ctx, language));
    return { text: seriesAnswerText(data), data };
  },
});

/**
 * `get_named_series`: a well-known indicator by name, as get_series answers.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { connect } from "../connect.ts";
 * import { getNamedSeries } from "./series_tools.ts";
 *
 * await using session = await connect({ env: {}, quiet: true });
 * const { data, text } = await getNamedSeries.run(
 *   { name: "cpi", start: "202401", end: "202406" },
 *   { client: session.client, options: {} },
 * );
 * assert.equal(data.stat_code, "901Y009");
 * assert.equal(data.series[0]!.rows.length, 6);
 * assert.match(text, /^cpi: Consumer price index, all items\n901Y009 /);
 * ```
 */
export const getNamedSeries = defineTool({
  name: "get_named_series",
  title: "A well-known Korean indicator by name",
  description:
    "Fetches a well-known Korean economic indicator by name, without knowing its ECOS codes " +
    `(the name argument says what each is): ${Object.keys(NAMED_SERIES).join(", ")}. ` +
    'The cycle is read from the shape of start: "202001" monthly, "2020Q1" quarterly, ' +
    '"2020" annual, "20200101" daily. Answers as get_series does (rows of TIME and value, ' +
    "names and unit once, a summary), the latest " + `${DEFAULT_MAX_ROWS} rows at most. ` +
    'Example: {"name": "cpi", "start": "202301", "end": "202412"}; {"name": "usd_krw", ' +
    '"start": "20240101", "end": "20240131"}.',
  input: GET_NAMED_SERIES_INPUT,
  output: NAMED_SERIES_OUTPUT,
  async run({ name, start, end, language }, ctx) {
    const { series, query } = seriesQuery(name, { start, end });
    const items = query.items.map((i) => JSON.stringify(i)).join(", ");
    const data = await pullSeries(ctx.client, {
      query: { ...query, start, end },
      maxRows: DEFAULT_MAX_ROWS,
      howToGetMore: howToGetMore(
        `get_series (stat_code "${query.statCode}", cycle "${query.cycle}", items [${items}])`,
      ),
    }, callOptions(ctx, language));
    const named = { ...data, name, title: series.title };
    return { text: `${name}: ${series.title}\n${seriesAnswerText(data)}`, data: named };
  },
});
