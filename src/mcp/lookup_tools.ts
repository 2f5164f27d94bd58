/**
 * The tools that find and describe: `search_tables`, `list_items`, `key_statistics` and
 * `describe_table`. Each answers a small table, capped where a table can be long, with what
 * was left out said.
 *
 * @module
 */

import { type DataFrame, pl } from "../deps.ts";
import { EcosError, isEcosError } from "../errors.ts";
import { sampleDataNote, searchHint, searchLanguage, searchTablesIn } from "../discovery/mod.ts";
import { bundledTables } from "../wire/bundled.ts";
import { isoDate } from "../util/iso_date.ts";
import type { Language } from "../wire/format.ts";
import { markdownTable } from "./render.ts";
import {
  DESCRIBE_TABLE_INPUT,
  DESCRIBE_TABLE_OUTPUT,
  KEY_STATISTICS_INPUT,
  KEY_STATISTICS_OUTPUT,
  LIST_ITEMS_INPUT,
  LIST_ITEMS_OUTPUT,
  SEARCH_TABLES_INPUT,
  SEARCH_TABLES_OUTPUT,
} from "./schemas.ts";
import { callOptions, defineTool, type ToolContext } from "./tool.ts";
import { suggestCode } from "./suggest.ts";

/** Tables search_tables shows at most. */
export const MAX_TABLES = 50;
/** Rows list_items shows at most. */
export const MAX_ITEM_ROWS = 300;
/** Items describe_table shows at most. */
export const MAX_DESCRIBED_ITEMS = 200;

const strings = (df: DataFrame, name: string): (string | null)[] =>
  df.columns.includes(name) ? df.getColumn(name).toArray() as (string | null)[] : [];
/** Text columns by name; a column the frame lacks reads as nulls. */
function texts<K extends string>(df: DataFrame, names: readonly K[]): Record<K, (string | null)[]> {
  const out = {} as Record<K, (string | null)[]>;
  for (const name of names) {
    out[name] = df.columns.includes(name)
      ? df.getColumn(name).toArray() as (string | null)[]
      : Array(df.height).fill(null);
  }
  return out;
}
const ITEM_COLUMNS = [
  "ITEM_CODE",
  "ITEM_NAME",
  "CYCLE",
  "START_TIME",
  "END_TIME",
  "UNIT_NAME",
] as const;
const numbers = (df: DataFrame, name: string): (number | null)[] =>
  df.getColumn(name).toArray().map((v) => v === null ? null : Number(v));

/**
 * A table's item list, or UNKNOWN_CODE when the table has none: "722Y00 is not a table code;
 * did you mean 722Y001?", as the client says of a StatisticSearch.
 */
async function itemsOf(ctx: ToolContext, statCode: string, language?: Language) {
  const items = await ctx.client.findItems(statCode, "", callOptions(ctx, language));
  if (items.height > 0) return items;
  // A table of the catalogue that the bundled server has no sample data for: it needs a key.
  const sampled = bundledTables(ctx.client.baseUrl);
  const note = sampled && sampleDataNote(statCode, sampled);
  if (note) throw new EcosError("UNKNOWN_CODE", note, { service: "StatisticItemList" });
  const tables = await ctx.client.statisticTableList(undefined, callOptions(ctx, language));
  const codes = strings(tables.filter(pl.col("SRCH_YN").eq(pl.lit("Y"))), "STAT_CODE");
  const near = suggestCode(statCode, codes.filter((c): c is string => c !== null));
  throw new EcosError(
    "UNKNOWN_CODE",
    `${statCode} is not a table code; ${
      near === undefined ? "find table codes with search_tables" : `did you mean ${near}?`
    }`,
    { service: "StatisticItemList" },
  );
}

/**
 * `search_tables`: tables by words of their name.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { connect } from "../connect.ts";
 * import { searchTables } from "./lookup_tools.ts";
 *
 * await using session = await connect({ env: {}, quiet: true });
 * const { data } = await searchTables.run(
 *   { query: "base rate" },
 *   { client: session.client, options: {} },
 * );
 * assert.equal(data.tables[0]!.stat_code, "722Y001");
 * ```
 */
export const searchTables = defineTool({
  name: "search_tables",
  title: "Find ECOS tables by name",
  description:
    "Finds tables of ECOS, the Bank of Korea's Economic Statistics System (interest rates, " +
    "prices, GDP, money, exchange rates, surveys, ...), by words of their name: each match " +
    "with its stat_code (what the other tools take), name, cycle and group. Every word must " +
    "occur, in any case. Korean words search the Korean table list, other words the English " +
    'one. Start here, then list_items or describe_table. Example: {"query": "consumer price"}; ' +
    '{"query": "기준금리"}.',
  input: SEARCH_TABLES_INPUT,
  output: SEARCH_TABLES_OUTPUT,
  async run({ query, language }, ctx) {
    const own: Language = searchLanguage(query, undefined, ctx.client.language);
    const lang = language ?? own;
    // The client's search picks the list by the words' script; another list is searched as
    // `ecos tables --lang` does.
    const list = async () =>
      searchTablesIn(await ctx.client.statisticTableList(undefined, callOptions(ctx, lang)), query);
    const found = lang === own ? await ctx.client.searchTables(query, ctx.options) : await list();
    const shown = found.head(MAX_TABLES);
    const c = texts(shown, ["STAT_CODE", "STAT_NAME", "CYCLE", "GROUP_NAME", "ORG_NAME"]);
    const tables = c.STAT_CODE.map((code, i) => ({
      stat_code: code ?? "",
      name: c.STAT_NAME[i] ?? "",
      cycle: c.CYCLE[i] ?? null,
      group: c.GROUP_NAME[i] ?? null,
      compiled_by: c.ORG_NAME[i] ?? null,
    }));
    const hint = found.height === 0 ? searchHint(query) : "";
    const note = found.height === 0
      ? `No table name holds every word of "${query}"${hint === "" ? "" : ` (${hint})`}: try ` +
        `fewer or other words, or language "${lang === "kr" ? "en" : "kr"}"`
      : found.height > MAX_TABLES
      ? `Showing ${MAX_TABLES} of ${found.height} tables: add a word to narrow the search`
      : null;
    const text = `Tables whose ${lang === "kr" ? "Korean" : "English"} name holds "${query}": ` +
      `${found.height}\n` + (note === null ? "" : `${note}\n`) +
      (tables.length === 0 ? "" : markdownTable(
        ["stat_code", "name", "cycle", "group", "compiled by"],
        tables.map((t) => [t.stat_code, t.name, t.cycle, t.group, t.compiled_by]),
      ));
    return { text, data: { query, language: lang, total: found.height, tables, note } };
  },
});

/**
 * `list_items`: a table's items, one row per item and cycle.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { connect } from "../connect.ts";
 * import { listItems } from "./lookup_tools.ts";
 *
 * await using session = await connect({ env: {}, quiet: true });
 * const { data } = await listItems.run(
 *   { stat_code: "901Y009", query: "all items", language: "en" },
 *   { client: session.client, options: {} },
 * );
 * assert.equal(data.items[0]!.item_code, "0");
 * assert.equal(data.items[0]!.cycle, "M");
 * ```
 */
export const listItems = defineTool({
  name: "list_items",
  title: "A table's items, cycles and periods",
  description:
    "Lists the items of an ECOS table (the series inside it) with their item codes, names, " +
    "level, cycle, first and last period and unit: one row per item and cycle. Use it to " +
    "choose the items, cycle and range for get_series; query keeps the items whose name or " +
    'code holds every word. Example: {"stat_code": "901Y009", "query": "all items", ' +
    '"language": "en"}.',
  input: LIST_ITEMS_INPUT,
  output: LIST_ITEMS_OUTPUT,
  async run({ stat_code, query, language }, ctx) {
    const all = await itemsOf(ctx, stat_code, language);
    const found = query === undefined || query.trim() === ""
      ? all
      : await ctx.client.findItems(stat_code, query, callOptions(ctx, language));
    const shown = found.head(MAX_ITEM_ROWS);
    const c = texts(shown, ITEM_COLUMNS);
    const levels = numbers(shown, "LEVEL");
    const counts = numbers(shown, "DATA_CNT");
    const items = c.ITEM_CODE.map((code, i) => ({
      item_code: code ?? "",
      item_name: c.ITEM_NAME[i] ?? null,
      level: levels[i] ?? null,
      cycle: c.CYCLE[i] ?? null,
      first: c.START_TIME[i] ?? null,
      last: c.END_TIME[i] ?? null,
      count: counts[i] ?? null,
      unit: c.UNIT_NAME[i] ?? null,
    }));
    const stat_name = strings(all, "STAT_NAME")[0] ?? null;
    const note = found.height === 0
      ? `No item of ${stat_code} holds every word of "${query}"; leave query out to list them all`
      : found.height > MAX_ITEM_ROWS
      ? `Showing ${MAX_ITEM_ROWS} of ${found.height} rows: narrow them with query`
      : null;
    const text = `${stat_code} ${stat_name ?? ""}: ${found.height} items (one row per item and ` +
      "cycle; first and last are period labels for get_series)\n" +
      (note === null ? "" : `${note}\n`) +
      (items.length === 0 ? "" : markdownTable(
        ["item_code", "item_name", "level", "cycle", "first", "last", "count", "unit"],
        items.map((r) => [
          r.item_code,
          r.item_name,
          r.level,
          r.cycle,
          r.first,
          r.last,
          r.count,
          r.unit,
        ]),
      ));
    return { text, data: { stat_code, stat_name, total: found.height, items, note } };
  },
});

/**
 * `key_statistics`: the headline indicators with their latest values.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { connect } from "../connect.ts";
 * import { keyStatistics } from "./lookup_tools.ts";
 *
 * await using session = await connect({ env: {}, quiet: true });
 * const { data } = await keyStatistics.run({}, { client: session.client, options: {} });
 * assert.ok(data.count >= 100);
 * ```
 */
export const keyStatistics = defineTool({
  name: "key_statistics",
  title: "Korea's key economic indicators, latest values",
  description:
    "The Bank of Korea's key statistics (KeyStatisticList): about 100 headline indicators " +
    "(policy and market rates, exchange rates, prices, money, growth, trade, employment, ...) " +
    "each with its latest value, period and unit. A quick overview of the Korean economy, and " +
    'a start before get_series for history. Example: {"language": "en"}.',
  input: KEY_STATISTICS_INPUT,
  output: KEY_STATISTICS_OUTPUT,
  async run({ language }, ctx) {
    const df = await ctx.client.keyStatisticList(callOptions(ctx, language));
    const c = texts(df, ["CLASS_NAME", "KEYSTAT_NAME", "CYCLE", "UNIT_NAME"]);
    const values = numbers(df, "DATA_VALUE");
    const times = df.getColumn("TIME").toArray() as unknown as (Date | null)[];
    const statistics = c.KEYSTAT_NAME.map((name, i) => ({
      class: c.CLASS_NAME[i] ?? null,
      name,
      value: values[i] ?? null,
      period: c.CYCLE[i] ?? null,
      time: times[i] ? isoDate(times[i]!) : null,
      unit: c.UNIT_NAME[i] ?? null,
    }));
    const text = `Key statistics: ${df.height} indicators, each with its latest period\n` +
      markdownTable(
        ["class", "indicator", "value", "unit", "period"],
        statistics.map((s) => [s.class, s.name, s.value, s.unit, s.period]),
      );
    return { text, data: { count: df.height, statistics } };
  },
});

/** The StatisticMeta data names a table may be filed under: its Korean name, then its stem. */
function metaNames(koreanName: string | null): string[] {
  if (koreanName === null || koreanName.trim() === "") return [];
  const name = koreanName.trim();
  const stem = name.replace(/\s*\([^()]*\)\s*$/, "");
  return [...new Set([name, stem].filter((n) => n !== ""))];
}

/** StatisticMeta's rows for the first name that has some, in the language or else in Korean. */
async function metadataOf(ctx: ToolContext, names: readonly string[], language: Language) {
  const languages: Language[] = language === "kr" ? ["kr"] : [language, "kr"];
  for (const name of names) {
    for (const lang of languages) {
      let df: DataFrame;
      try {
        df = await ctx.client.statisticMeta(name, callOptions(ctx, lang));
      } catch (e) {
        // A name the service cannot be asked for ("/" in it) has no metadata to find.
        if (isEcosError(e) && e.code === "INVALID_ARGUMENT") break;
        throw e;
      }
      if (df.height === 0) continue;
      const c = texts(df, ["LVL", "CONT_CODE", "P_CONT_CODE", "CONT_NAME", "META_DATA"]);
      const entries = c.LVL.map((level, i) => ({
        level,
        code: c.CONT_CODE[i] ?? null,
        parent: c.P_CONT_CODE[i] ?? null,
        name: c.CONT_NAME[i] ?? null,
        text: c.META_DATA[i] ?? null,
      }));
      return { data_name: name, entries };
    }
  }
  return null;
}

/**
 * `describe_table`: a table's name, cycles, items, and metadata text when ECOS has some. The
 * metadata (StatisticMeta) is filed under a data name, not a table code: it is looked up by
 * the table's Korean name as its item list gives it (the live service's data names are Korean),
 * then by that name without a closing bracketed part ("시장금리(일별)" -> "시장금리"); in the
 * language asked for, then in Korean.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { connect } from "../connect.ts";
 * import { describeTable } from "./lookup_tools.ts";
 *
 * await using session = await connect({ env: {}, quiet: true });
 * const { data } = await describeTable.run(
 *   { stat_code: "513Y001" },
 *   { client: session.client, options: {} },
 * );
 * assert.equal(data.metadata?.data_name, "경제심리지수");
 * assert.ok(data.items.length > 0);
 * ```
 */
export const describeTable = defineTool({
  name: "describe_table",
  title: "What an ECOS table holds",
  description:
    "Describes an ECOS table: its name, its cycles with their first and last periods, its " +
    "items (codes, names, levels, units, cycles) and, when ECOS has some for it, its metadata " +
    "text (StatisticMeta: who compiles it, coverage, units, notes; mostly Korean). Use it to " +
    'understand a table before get_series. Example: {"stat_code": "513Y001"}.',
  input: DESCRIBE_TABLE_INPUT,
  output: DESCRIBE_TABLE_OUTPUT,
  async run({ stat_code, language }, ctx) {
    const lang = language ?? ctx.options.language ?? ctx.client.language;
    const df = await itemsOf(ctx, stat_code, lang);
    const korean = lang === "kr" ? df : await ctx.client.findItems(stat_code, "", {
      ...ctx.options,
      language: "kr",
    });
    const name = strings(df, "STAT_NAME")[0] ?? null;
    const c = texts(df, ITEM_COLUMNS);
    const levels = numbers(df, "LEVEL");
    type Item = {
      item_code: string;
      item_name: string | null;
      level: number | null;
      unit: string | null;
      cycles: { cycle: string; first: string | null; last: string | null }[];
    };
    const items = new Map<string, Item>();
    const byCycle = new Map<
      string,
      { cycle: string; items: number; first: string | null; last: string | null }
    >();
    c.ITEM_CODE.forEach((code, i) => {
      const key = `${levels[i]}/${code}`;
      const cycle = c.CYCLE[i] ?? "";
      const first = c.START_TIME[i] ?? null;
      const last = c.END_TIME[i] ?? null;
      const item = items.get(key) ?? {
        item_code: code ?? "",
        item_name: c.ITEM_NAME[i] ?? null,
        level: levels[i] ?? null,
        unit: c.UNIT_NAME[i] ?? null,
        cycles: [],
      };
      item.cycles.push({ cycle, first, last });
      items.set(key, item);
      const span = byCycle.get(cycle) ?? { cycle, items: 0, first, last };
      span.items++;
      if (first !== null && (span.first === null || first < span.first)) span.first = first;
      if (last !== null && (span.last === null || last > span.last)) span.last = last;
      byCycle.set(cycle, span);
    });
    const metadata = await metadataOf(
      ctx,
      metaNames(strings(korean, "STAT_NAME")[0] ?? null),
      lang,
    );
    const shown = [...items.values()].slice(0, MAX_DESCRIBED_ITEMS);
    const note = items.size > MAX_DESCRIBED_ITEMS
      ? `Showing ${MAX_DESCRIBED_ITEMS} of ${items.size} items: list_items with a query finds others`
      : null;
    const lines = [
      `${stat_code} ${name ?? ""}: ${items.size} items in cycles ${
        [...byCycle.keys()].join(", ")
      }\n`,
      markdownTable(
        ["cycle", "items", "first", "last"],
        [...byCycle.values()].map((c) => [c.cycle, c.items, c.first, c.last]),
      ),
      note === null ? "\n" : `\n${note}\n`,
      markdownTable(
        ["item_code", "item_name", "level", "unit", "cycles"],
        shown.map((it) => [
          it.item_code,
          it.item_name,
          it.level,
          it.unit,
          it.cycles.map((c) => `${c.cycle} ${c.first ?? "?"}-${c.last ?? "?"}`).join("; "),
        ]),
      ),
      "\n",
      metadata === null
        ? "No metadata text (StatisticMeta) is filed under this table's name.\n"
        : `Metadata (StatisticMeta "${metadata.data_name}"):\n` +
          metadata.entries.map((e) =>
            `${e.level === "1" || e.level === null ? "- " : "  - "}${e.name ?? ""}: ${
              e.text ?? ""
            }\n`
          ).join(""),
    ];
    return {
      text: lines.join(""),
      data: {
        stat_code,
        name,
        cycles: [...byCycle.values()],
        total_items: items.size,
        items: shown,
        metadata,
        note,
      },
    };
  },
});
