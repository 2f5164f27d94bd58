/**
 * The tools' arguments and answers as zod schemas: the SDK checks every call against the input
 * schemas (their messages say what to give), lists both as JSON Schema, and checks every
 * structured answer against the output schemas. Argument names are snake_case.
 *
 * @module
 */

import { z } from "../deps.ts";
import { CHANGE_COLUMNS, type ChangeKind } from "../analysis/mod.ts";
import { NAMED_SERIES, type SeriesName } from "../discovery/mod.ts";
import { type Cycle, CYCLES } from "../wire/period.ts";
import { LANGUAGES } from "../wire/format.ts";
import { DEFAULT_MAX_ROWS, MAX_MAX_ROWS } from "./series.ts";

const got = (iss: { input?: unknown }) => `: got ${JSON.stringify(iss.input) ?? "nothing"}`;

/** What each transform computes, for the models that choose one; kinds not here say less. */
const KIND_TEXT: Readonly<Record<string, string>> = {
  yoy: "% change on the same period a year before",
  pop: "% change on the previous period",
  mom: "% change on the previous month (monthly data only)",
  qoq: "% change on the previous quarter (quarterly data only)",
  chg: "change on the previous period",
  ch1: "change on the same period a year before",
  pca: "compounded annual rate of change",
  cch: "continuously compounded rate of change",
  cca: "continuously compounded annual rate of change",
  log: "natural log",
};

/**
 * Transforms that compute what another does, under FRED's name: accepted, and named once
 * beside the kind they repeat (src/analysis/change.ts: pc1 is yoy's formula, pch is pop's).
 */
export const TRANSFORM_ALIASES: Readonly<Partial<Record<ChangeKind, ChangeKind>>> = {
  pc1: "yoy",
  pch: "pop",
};

/** withChange's kinds: the keys of CHANGE_COLUMNS, so that a kind added there is offered here. */
export const TRANSFORMS = Object.keys(CHANGE_COLUMNS) as [ChangeKind, ...ChangeKind[]];

/** The transforms, each once with what it computes and its other names, for a description. */
export const TRANSFORMS_TEXT: string = TRANSFORMS
  .filter((k) => TRANSFORM_ALIASES[k] === undefined)
  .map((k) => {
    const aliases = TRANSFORMS.filter((a) => TRANSFORM_ALIASES[a] === k);
    const notes = [KIND_TEXT[k], ...aliases.map((a) => `also called ${a}`)]
      .filter((n) => n !== undefined);
    return notes.length === 0 ? k : `${k} (${notes.join("; ")})`;
  })
  .join(", ");

const SERIES_NAMES = Object.keys(NAMED_SERIES) as [SeriesName, ...SeriesName[]];

/** A language argument. */
export const languageArg = z.enum(LANGUAGES, {
  error: (iss) => `Use language "kr" or "en"${got(iss)}`,
}).optional().describe(
  'The language of names: "kr" (Korean) or "en" (English). Default: the server\'s (kr unless ' +
    "ecos mcp --lang en).",
);

/** A table code argument. */
export const statCodeArg = z.string({ error: (iss) => `Pass stat_code as a string${got(iss)}` })
  .describe('The table code, e.g. "722Y001" (base rate) or "901Y009" (consumer prices).');

/** A period label; a number is read as its digits (2020, 202301), since models write them so. */
const period = (which: string) =>
  z.union([z.string(), z.number().int()], {
    error: (iss) => `Pass ${which} as a period label such as "202301"${got(iss)}`,
  }).transform(String);

const PERIOD_SHAPES = 'A "2020", S "2020S1", Q "2020Q1", M "202001", SM "202001S1", ' +
  'D "20200101"';

/** The arguments of search_tables. */
export const SEARCH_TABLES_INPUT = {
  query: z.string({ error: (iss) => `Pass query as a string${got(iss)}` })
    .min(1, { error: 'Pass query with a word or two, e.g. "base rate"' })
    .describe('Words of the table\'s name, e.g. "consumer price" or "기준금리".'),
  language: languageArg.describe(
    'Which table list to search: "kr" or "en". Default: Korean words search the Korean list, ' +
      "other words the English one.",
  ),
};

/** The arguments of list_items. */
export const LIST_ITEMS_INPUT = {
  stat_code: statCodeArg,
  query: z.string({ error: (iss) => `Pass query as a string${got(iss)}` }).optional()
    .describe('Words of the item\'s name or code, e.g. "all items"; none lists every item.'),
  language: languageArg,
};

/** The cycles, in either case: models write "m" as often as "M". */
const CYCLE_SPELLINGS = [...CYCLES, ...CYCLES.map((c) => c.toLowerCase())] as [string, ...string[]];

/** The arguments of get_series. */
export const GET_SERIES_INPUT = {
  stat_code: statCodeArg,
  cycle: z.enum(CYCLE_SPELLINGS, {
    error: (iss) =>
      iss.input === undefined
        ? "Pass cycle: A, S, Q, M, SM or D (list_items gives each item's cycles)"
        : `Use cycle A, S, Q, M, SM or D${got(iss)}`,
  }).transform((c) => c.toUpperCase() as Cycle).describe(
    "The cycle: A annual, S semi-annual, Q quarterly, M monthly, SM half-monthly, D daily, " +
      "in either case (list_items says which an item has).",
  ),
  start: period("start").describe(`The first period, in the cycle's shape: ${PERIOD_SHAPES}.`),
  end: period("end").describe("The last period, included, in the same shape."),
  items: z.union([
    z.string(),
    z.array(z.string()).max(4),
  ], {
    // A union's failure hides its members' issues: say the one that applies.
    error: (iss) =>
      !Array.isArray(iss.input)
        ? `Pass items as an item code or an array of item codes${got(iss)}`
        : iss.input.length > 4
        ? `Cannot query more than 4 item codes: got ${iss.input.length}`
        : `Pass each item code as a string${got(iss)}`,
  }).transform((v) => typeof v === "string" ? [v] : v).optional().describe(
    'Up to 4 item codes, one per item level, from list_items, e.g. ["0101000"] (one code ' +
      'may be given as a string: "0101000"); none: every item of the table.',
  ),
  transform: z.enum(TRANSFORMS, {
    error: (iss) => `Use transform ${TRANSFORMS.join(", ")}${got(iss)}`,
  }).optional().describe(`Adds a transformed value to each row: ${TRANSFORMS_TEXT}.`),
  max_rows: z.number({ error: (iss) => `Pass max_rows as a number${got(iss)}` })
    .int({ error: (iss) => `Pass max_rows as a whole number${got(iss)}` })
    .min(1, { error: (iss) => `Pass max_rows of 1 or more${got(iss)}` })
    .max(MAX_MAX_ROWS, {
      error: (iss) =>
        `Pass max_rows of at most ${MAX_MAX_ROWS}${got(iss)}; split the range for more`,
    })
    .default(DEFAULT_MAX_ROWS)
    .describe(
      `The most rows to show (default ${DEFAULT_MAX_ROWS}, at most ${MAX_MAX_ROWS}); the ` +
        "latest of each series are shown (every series its latest row first, even past " +
        "max_rows), the others summarised and counted.",
    ),
  language: languageArg,
};

/** The arguments of chart_series: get_series's, without max_rows (a chart draws every row). */
export const CHART_SERIES_INPUT = (({ max_rows: _, ...rest }) => rest)(GET_SERIES_INPUT);

/** The arguments of get_named_series. */
export const GET_NAMED_SERIES_INPUT = {
  name: z.enum(SERIES_NAMES, {
    error: (iss) => `Use a known series name: ${SERIES_NAMES.join(", ")}${got(iss)}`,
  }).describe(
    `The series: ${
      Object.entries(NAMED_SERIES).map(([n, s]) =>
        `${n} (${s.title}; ${s.statCode}, cycles ${s.cycles.join("/")})`
      ).join(", ")
    }.`,
  ),
  start: period("start").describe(
    `The first period; its shape gives the cycle: ${PERIOD_SHAPES}.`,
  ),
  end: period("end").describe("The last period, included, in the same shape."),
  language: languageArg,
};

/** The arguments of key_statistics. */
export const KEY_STATISTICS_INPUT = { language: languageArg };

/** The arguments of define_term. */
export const DEFINE_TERM_INPUT = {
  word: z.string({ error: (iss) => `Pass word as a string${got(iss)}` })
    .trim()
    .min(1, { error: 'Pass word with a term, e.g. "기준금리"' })
    .describe('The term, best in Korean, e.g. "소비자물가지수" (consumer price index).'),
  language: languageArg,
};

/** The arguments of browse_tables. */
export const BROWSE_TABLES_INPUT = {
  group: z.string({ error: (iss) => `Pass group as a string${got(iss)}` }).optional().describe(
    "A group's code from an earlier answer, e.g. \"0000000048\"; a table's code shows where it " +
      "sits; none: the top of the tree.",
  ),
  language: languageArg,
};

/** The arguments of describe_table. */
export const DESCRIBE_TABLE_INPUT = { stat_code: statCodeArg, language: languageArg };

// Answers.

/** Where the data comes from: every answer carries it. */
export const SOURCE_OUTPUT = z.object({
  kind: z.enum(["live", "custom", "bundled"]).describe(
    "live: the ECOS service; custom: another ECOS-compatible server; bundled: the bundled " +
      "server's generated sample data",
  ),
  sample_data: z.boolean().describe("true: generated sample data, not official statistics"),
  note: z.string().describe("What to say about the data's source when showing it"),
});

const observation = z.object({ time: z.string(), value: z.number() }).nullable();

const summary = z.object({
  count: z.number().describe("rows in the range"),
  missing: z.number().describe("rows without a value"),
  first: observation,
  last: observation,
  min: observation,
  max: observation,
});

const seriesBlock = z.object({
  item_codes: z.array(z.string()),
  item_names: z.array(z.string()),
  unit: z.string().nullable(),
  transformed_unit: z.string().nullable().optional().describe(
    'the unit of the transformed values, e.g. "%" for a rate of change, "%p" for a ' +
      "difference of percentages",
  ),
  summary,
  transformed_summary: summary.optional(),
  omitted: z.object({ rows: z.number(), from: z.string(), to: z.string() }).nullable()
    .describe("the earliest rows left out of rows by max_rows"),
  rows: z.array(z.object({
    time: z.string().describe("the first day of the period, ISO"),
    period: z.string().describe("the period's label in the cycle's shape, e.g. \"2024Q4\""),
    value: z.number().nullable(),
    transformed: z.number().nullable().optional(),
  })),
});

/** What get_series and chart_series both answer: the query, and how many rows it matched. */
const QUERY_OUTPUT = {
  source: SOURCE_OUTPUT,
  stat_code: z.string(),
  stat_name: z.string().nullable(),
  cycle: z.string(),
  start: z.string(),
  end: z.string(),
  transform: z.string().nullable(),
  total_rows: z.number(),
};

/** The answer of get_series. */
export const SERIES_OUTPUT = {
  ...QUERY_OUTPUT,
  shown_rows: z.number(),
  omitted_rows: z.number(),
  omitted_note: z.string().nullable(),
  series: z.array(seriesBlock),
};

/** The answer of chart_series: the series' summaries; the chart goes in the result's _meta. */
export const CHART_SERIES_OUTPUT = {
  ...QUERY_OUTPUT,
  charted_series: z.number().describe("series the chart draws"),
  series: z.array(seriesBlock.omit({ rows: true, omitted: true })),
};

/** The answer of get_named_series. */
export const NAMED_SERIES_OUTPUT = {
  ...SERIES_OUTPUT,
  name: z.string(),
  title: z.string(),
};

/** The answer of search_tables. */
export const SEARCH_TABLES_OUTPUT = {
  source: SOURCE_OUTPUT,
  query: z.string(),
  language: z.enum(LANGUAGES),
  total: z.number().describe("tables found"),
  tables: z.array(z.object({
    stat_code: z.string(),
    name: z.string(),
    cycle: z.string().nullable().describe("the cycle the table list gives (its finest)"),
    group: z.string().nullable(),
    compiled_by: z.string().nullable().describe("the agency, when not the Bank of Korea"),
  })),
  note: z.string().nullable(),
};

/** The answer of list_items. */
export const LIST_ITEMS_OUTPUT = {
  source: SOURCE_OUTPUT,
  stat_code: z.string(),
  stat_name: z.string().nullable(),
  total: z.number().describe("items found, one per item and cycle"),
  items: z.array(z.object({
    item_code: z.string(),
    item_name: z.string().nullable(),
    level: z.number().nullable().describe(
      "1 for ITEM_CODE1 (the first of items), 2 for the second",
    ),
    cycle: z.string().nullable(),
    first: z.string().nullable().describe("the first period, a label for get_series"),
    last: z.string().nullable().describe("the last period"),
    count: z.number().nullable(),
    unit: z.string().nullable(),
  })),
  note: z.string().nullable(),
};

/** The answer of key_statistics. */
export const KEY_STATISTICS_OUTPUT = {
  source: SOURCE_OUTPUT,
  count: z.number(),
  statistics: z.array(z.object({
    class: z.string().nullable(),
    name: z.string().nullable(),
    value: z.number().nullable(),
    period: z.string().nullable().describe("the latest period's label"),
    time: z.string().nullable().describe("its first day, ISO"),
    unit: z.string().nullable(),
  })),
};

/** The answer of define_term. */
export const DEFINE_TERM_OUTPUT = {
  source: SOURCE_OUTPUT,
  word: z.string(),
  total: z.number().describe("entries found"),
  entries: z.array(z.object({ word: z.string(), content: z.string() })),
  note: z.string().nullable(),
};

/** The answer of browse_tables. */
export const BROWSE_TABLES_OUTPUT = {
  source: SOURCE_OUTPUT,
  group: z.string().nullable().describe("the group shown; null: the top of the tree"),
  path: z.array(z.object({ code: z.string(), name: z.string() }))
    .describe("the groups from the top down to the one shown"),
  total: z.number().describe("nodes in the group"),
  nodes: z.array(z.object({
    code: z.string(),
    name: z.string(),
    kind: z.enum(["group", "table"]),
    cycles: z.array(z.string()).describe("a table's cycles"),
    children: z.number().describe("a group's nodes"),
    sample_data: z.boolean().describe("the bundled server has sample data for this table"),
  })),
  note: z.string().nullable(),
};

/** The answer of describe_table. */
export const DESCRIBE_TABLE_OUTPUT = {
  source: SOURCE_OUTPUT,
  stat_code: z.string(),
  name: z.string().nullable(),
  cycles: z.array(z.object({
    cycle: z.string(),
    items: z.number(),
    first: z.string().nullable(),
    last: z.string().nullable(),
  })),
  total_items: z.number(),
  items: z.array(z.object({
    item_code: z.string(),
    item_name: z.string().nullable(),
    level: z.number().nullable(),
    unit: z.string().nullable(),
    cycles: z.array(z.object({
      cycle: z.string(),
      first: z.string().nullable(),
      last: z.string().nullable(),
    })),
  })),
  metadata: z.object({
    data_name: z.string(),
    entries: z.array(z.object({
      level: z.string().nullable(),
      code: z.string().nullable(),
      parent: z.string().nullable(),
      name: z.string().nullable(),
      text: z.string().nullable(),
    })),
  }).nullable().describe("StatisticMeta's text, when ECOS has some under the table's name"),
  note: z.string().nullable(),
};

/**
 * A tool's arguments as a strict object: an argument the tool does not know is refused with
 * the names it knows (a silently dropped `language` would answer in the wrong language).
 *
 * @param tool The tool's name, for the message.
 * @param shape Its arguments.
 * @returns The schema the server checks calls against.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { KEY_STATISTICS_INPUT, strictArgs } from "./schemas.ts";
 *
 * const r = strictArgs("key_statistics", KEY_STATISTICS_INPUT).safeParse({ lang: "en" });
 * assert.equal(
 *   r.error?.issues[0]?.message,
 *   'Unknown argument "lang": key_statistics takes language',
 * );
 * ```
 */
export function strictArgs<S extends z.ZodRawShape>(tool: string, shape: S): z.ZodObject<S> {
  const known = Object.keys(shape);
  return z.strictObject(shape, {
    error: (iss) => {
      if (iss.code !== "unrecognized_keys") return undefined;
      const keys = iss.keys.map((k) => JSON.stringify(k)).join(", ");
      const takes = known.length === 0 ? "no arguments" : known.join(", ");
      return `Unknown argument${iss.keys.length > 1 ? "s" : ""} ${keys}: ${tool} takes ${takes}`;
    },
  }) as unknown as z.ZodObject<S>;
}
