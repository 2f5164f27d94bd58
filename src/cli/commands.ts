/**
 * The commands that pull data, as one table: each command's arguments, help and example, and
 * how it checks its arguments (before anything is sent, before the bundled server starts) and
 * which client method it calls. They share the flags and the way to run of src/cli/data.ts.
 *
 * @module
 */

import type { StatisticSearchQuery } from "../client/mod.ts";
import { validateSearchQuery, validateStatCode, validateText } from "../client/mod.ts";
import { searchHint, searchLanguage, seriesQuery } from "../discovery/mod.ts";
import { NAMED_SERIES, type SeriesName } from "../discovery/mod.ts";
import type { Language } from "../wire/format.ts";
import { closest } from "../util/closest.ts";
import type { Command } from "./command.ts";
import { type DataFlags, defineDataCommand } from "./data.ts";
import { UsageError } from "./errors.ts";
import { RECENT_PERIODS, recentRange } from "./recent.ts";

/** A language as messages name it. */
const NAMES: Readonly<Record<Language, string>> = { kr: "Korean", en: "English" };
/** The other language, for "or --lang en". */
const OTHER: Readonly<Record<Language, Language>> = { kr: "en", en: "kr" };

/** The per-call language of a search: `--lang` when given (it wins over the text's script). */
const asked = (language: Language | undefined) => language === undefined ? {} : { language };

const PERIODS = "2020, 2020S1, 2020Q1, 202001, 202001S1, 20200101";

const SERIES_LIST = Object.entries(NAMED_SERIES)
  .map(([name, s]) => `  ${name.padEnd(22)}${s.title} (${s.statCode}, ${s.cycles.join("/")})`)
  .join("\n");

const search = defineDataCommand({
  name: "search",
  synopsis: "<stat> <cycle> <start> <end> [items...]",
  summary: "a table's values over a date range",
  description:
    "Pulls a table's values over a date range (StatisticSearch), every page: one row per item\n" +
    "and period, TIME as a date, DATA_VALUE as a number.",
  args: [
    ["<stat>", "table code, e.g. 722Y001 (base rate); find codes with ecos tables"],
    ["<cycle>", "A, S, Q, M, SM or D: annual to daily"],
    ["<start>", `first period, in the cycle's shape: ${PERIODS}`],
    ["<end>", "last period, included"],
    ["[items...]", "up to 4 item codes, one per level (see ecos items); none: every item"],
  ],
  arity: { min: 4, max: Infinity }, // more than 4 items: the client says so
  examples: ["ecos search 722Y001 M 202301 202412 0101000 --out base_rate.csv --excel"],
  prepare([statCode = "", cycle = "", start = "", end = "", ...items]) {
    const q = validateSearchQuery({
      statCode,
      cycle: cycle.toUpperCase(),
      start,
      end,
      ...(items.length > 0 ? { items } : {}),
    });
    const query: StatisticSearchQuery = { statCode: q.statCode, cycle: q.cycle, start, end };
    if (items.length > 0) query.items = items;
    return {
      run: (client) => client.statisticSearch(query),
    };
  },
});

const series: Command<DataFlags> = defineDataCommand({
  name: "series",
  synopsis: "<name> [start] [end]",
  summary: "a named series: base_rate, usd_krw, cpi, ...",
  description:
    "Pulls a well-known series by name. Without start and end: the latest periods of its first\n" +
    `cycle (${RECENT_PERIODS.D} days, ${RECENT_PERIODS.M} months, ${RECENT_PERIODS.Q} ` +
    `quarters, ${RECENT_PERIODS.A} years) up to today; with a start only: from it\n` +
    "to today. The cycle is read from the shape of start.",
  args: [
    ["<name>", `one of:\n${SERIES_LIST}`],
    ["[start]", `first period: ${PERIODS}`],
    ["[end]", "last period, included (default: today's)"],
  ],
  arity: { min: 1, max: 3 },
  examples: [
    "ecos series base_rate",
    "ecos series usd_krw 20240101 20241231 --out usd_krw.parquet",
  ],
  prepare([name = "", start, end], _values, now) {
    if (!Object.hasOwn(NAMED_SERIES, name)) {
      const near = closest(name, Object.keys(NAMED_SERIES));
      throw new UsageError(
        `Use a known series name: got ${JSON.stringify(name)}; ${
          near === undefined
            ? `known: ${Object.keys(NAMED_SERIES).join(", ")}`
            : `did you mean ${near}? (ecos series --help lists them)`
        }`,
        series.usage,
      );
    }
    const known = name as SeriesName;
    const range = end === undefined
      ? recentRange(NAMED_SERIES[known].cycles[0]!, now, start)
      : { start: start!, end };
    validateSearchQuery(seriesQuery(known, range).query);
    return { run: (client) => client.series(known, range) };
  },
});

const keystats = defineDataCommand({
  name: "keystats",
  synopsis: "",
  summary: "the key statistics, latest values",
  description:
    "Pulls the key statistics (KeyStatisticList): the headline indicators with their latest\n" +
    "values.",
  args: [],
  arity: { min: 0, max: 0 },
  examples: ["ecos keystats --lang en"],
  prepare() {
    return { run: (client) => client.keyStatisticList() };
  },
});

const tables = defineDataCommand({
  name: "tables",
  synopsis: "[text...]",
  summary: "find tables by name (none: all)",
  description:
    "Finds tables (StatisticTableList) by every word of the text, best first: the words people\n" +
    "type (CPI, inflation, policy rate, 가계부채), words of the name (Korean in part or by\n" +
    "initials, ㄱㅈㄱㄹ; English as whole words) or of the groups above it. Korean text is\n" +
    "looked up in the Korean list, text in Latin letters in the English one, unless --lang\n" +
    "says which. Without text: every searchable table. Nothing found exits 1, as grep does,\n" +
    "with the close words and the named series that fit.",
  args: [["[text...]", "words of the name, e.g. base rate, or 소비자물가"]],
  arity: { min: 0, max: Infinity },
  examples: ["ecos tables base rate", "ecos tables 소비자물가", "ecos tables CPI"],
  prepare(words, values) {
    const text = words.join(" ");
    return {
      run: (client) => client.searchTables(text, asked(values.language)),
      noMatch(client) {
        const language = searchLanguage(text, values.language, client.language);
        const hint = searchHint(text);
        return text.trim() === ""
          ? `No searchable table in the ${NAMES[language]} list`
          : `No table's ${NAMES[language]} name holds every word of ${JSON.stringify(text)}: ` +
            `try fewer or other words, or --lang ${OTHER[language]}` +
            (hint === "" ? "" : `; ${hint} (ecos series NAME)`);
      },
    };
  },
});

const items = defineDataCommand({
  name: "items",
  synopsis: "<stat> [pattern...]",
  summary: "a table's items, by name or code",
  description:
    "Lists a table's items (StatisticItemList) whose name or code holds every word of the\n" +
    "pattern (none: every item), with the cycles and periods they are published in. As for\n" +
    "tables, Korean words search the Korean names, words in Latin letters the English ones,\n" +
    "unless --lang says which. Nothing found exits 1, as grep does.",
  args: [
    ["<stat>", "table code, e.g. 901Y009"],
    ["[pattern...]", "words of the item's name or code"],
  ],
  arity: { min: 1, max: Infinity },
  examples: ["ecos items 901Y009 all items", "ecos items 901Y009 총지수"],
  prepare([statCode = "", ...words], values) {
    const code = validateStatCode(statCode);
    const pattern = words.join(" ");
    return {
      run: (client) => client.findItems(code, pattern, asked(values.language)),
      noMatch(client) {
        const language = searchLanguage(pattern, values.language, client.language);
        return pattern.trim() === ""
          ? `Table ${code} has no items in the ${NAMES[language]} list: find table codes with ` +
            "ecos tables"
          : `No item of ${code} has every word of ${JSON.stringify(pattern)} in its ` +
            `${NAMES[language]} name or its code: try fewer or other words, or --lang ` +
            OTHER[language];
      },
    };
  },
});

const word = defineDataCommand({
  name: "word",
  synopsis: "<word...>",
  summary: "a term of the statistical glossary",
  description:
    "Looks a term up in the statistical glossary (StatisticWord). Nothing found exits 1.",
  args: [["<word...>", "the term, e.g. 소비자물가지수"]],
  arity: { min: 1, max: Infinity },
  examples: ["ecos word 소비자물가지수"],
  prepare(words) {
    const text = validateText(words.join(" "), "word");
    return {
      run: (client) => client.statisticWord(text),
      noMatch: (client) =>
        `The ${NAMES[client.language]} glossary has no term ${JSON.stringify(text)}: ` +
        "try a shorter or another term",
    };
  },
});

const meta = defineDataCommand({
  name: "meta",
  synopsis: "<name...>",
  summary: "a data set's metadata",
  description: "Reads the metadata of a data set (StatisticMeta). Nothing found exits 1.",
  args: [["<name...>", "the data set's name, e.g. 경제심리지수"]],
  arity: { min: 1, max: Infinity },
  examples: ["ecos meta 경제심리지수"],
  prepare(words) {
    const name = validateText(words.join(" "), "name");
    return {
      run: (client) => client.statisticMeta(name),
      noMatch: (client) =>
        `No ${NAMES[client.language]} metadata is filed under ${JSON.stringify(name)}: ` +
        "give a data set's name as ECOS writes it",
    };
  },
});

/**
 * The commands that pull data, in the order the help lists them.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { DATA_COMMANDS } from "./commands.ts";
 *
 * const names = DATA_COMMANDS.map((c) => c.name);
 * assert.deepEqual(names, ["search", "series", "keystats", "tables", "items", "word", "meta"]);
 * for (const command of DATA_COMMANDS) assert.match(command.usage, /\nExample:\n  ecos /);
 * ```
 */
export const DATA_COMMANDS: readonly Command<DataFlags>[] = [
  search,
  series,
  keystats,
  tables,
  items,
  word,
  meta,
];
