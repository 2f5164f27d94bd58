/**
 * The commands that pull data, as one table: each command's arguments, help and example, how it
 * checks its arguments (before anything is sent, before the bundled server starts) and which
 * client method it calls. {@linkcode runData} runs any of them: arguments, client, progress,
 * then a table on stdout or a file.
 *
 * @module
 */

import type { DataFrame } from "../deps.ts";
import type { EcosClient, StatisticSearchQuery } from "../client/mod.ts";
import type { Progress } from "../client/mod.ts";
import { validateSearchQuery, validateStatCode, validateText } from "../client/mod.ts";
import { isKorean, searchTablesIn, seriesQuery } from "../discovery/mod.ts";
import { NAMED_SERIES, type SeriesName } from "../discovery/mod.ts";
import { DATA_OPTIONS_USAGE, type DataOptions, parseDataArgs } from "./args.ts";
import { EXIT_OK, UsageError } from "./errors.ts";
import type { CliIO } from "./io.ts";
import { renderTable, writeFrame } from "./output.ts";
import { ProgressLine } from "./progress.ts";
import { RECENT_PERIODS, recentRange } from "./recent.ts";
import { openSession, type OpenSessionOptions } from "./session.ts";

/** A command's checked arguments, ready to be run against a client. */
export interface Pull {
  /** Pulls the frame. */
  run(client: EcosClient): Promise<DataFrame>;
}

/** A command that pulls data and shows or writes it. */
export interface DataCommand {
  /** The command's name, e.g. "search". */
  name: string;
  /** Its arguments, e.g. "<stat> <cycle> <start> <end> [items...]". */
  synopsis: string;
  /** One line for the list of commands. */
  summary: string;
  /** The whole help text: usage, description, arguments, options, an example. */
  usage: string;
  /** The fewest arguments. */
  min: number;
  /** The most arguments. */
  max: number;
  /**
   * Checks the arguments and returns what to pull.
   *
   * @throws {UsageError} / {EcosError} INVALID_ARGUMENT for bad arguments.
   */
  prepare(positionals: string[], options: DataOptions, now: Date): Pull;
}

/** A help text in the shape every command shares. */
function usageText(
  name: string,
  synopsis: string,
  description: string,
  args: readonly (readonly [string, string])[],
  examples: readonly string[],
): string {
  const width = Math.max(0, ...args.map(([a]) => a.length)) + 2;
  const lines = [
    `Usage: ecos ${name}${synopsis === "" ? "" : ` ${synopsis}`} [options]`,
    "",
    description,
  ];
  if (args.length > 0) {
    lines.push("", "Arguments:", ...args.map(([a, text]) => `  ${a.padEnd(width)}${text}`));
  }
  lines.push("", DATA_OPTIONS_USAGE, "", "Example:", ...examples.map((e) => `  ${e}`));
  return lines.join("\n");
}

const PERIODS = "2020, 2020S1, 2020Q1, 202001, 202001S1, 20200101";

const SERIES_LIST = Object.entries(NAMED_SERIES)
  .map(([name, s]) => `    ${name.padEnd(12)}${s.title} (${s.statCode}, ${s.cycles.join("/")})`)
  .join("\n");

const search: DataCommand = {
  name: "search",
  synopsis: "<stat> <cycle> <start> <end> [items...]",
  summary: "a table's values over a date range",
  usage: usageText(
    "search",
    "<stat> <cycle> <start> <end> [items...]",
    "Pulls a table's values over a date range (StatisticSearch), every page: one row per item\n" +
      "and period, TIME as a date, DATA_VALUE as a number.",
    [
      ["<stat>", "table code, e.g. 722Y001 (base rate); find codes with ecos tables"],
      ["<cycle>", "A, S, Q, M, SM or D: annual to daily"],
      ["<start>", `first period, in the cycle's shape: ${PERIODS}`],
      ["<end>", "last period, included"],
      ["[items...]", "up to 4 item codes, one per level (see ecos items); none: every item"],
    ],
    ["ecos search 722Y001 M 202301 202412 0101000 --out base_rate.csv --excel"],
  ),
  min: 4,
  max: Infinity, // more than 4 items: the client says so
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
    return { run: (client) => client.statisticSearch(query) };
  },
};

const series: DataCommand = {
  name: "series",
  synopsis: "<name> [start] [end]",
  summary: "a named series: base_rate, usd_krw, cpi, ...",
  usage: usageText(
    "series",
    "<name> [start] [end]",
    "Pulls a well-known series by name. Without start and end: the latest periods of its first\n" +
      `cycle (${RECENT_PERIODS.D} days, ${RECENT_PERIODS.M} months, ${RECENT_PERIODS.Q} ` +
      `quarters, ${RECENT_PERIODS.A} years) up to today; with a start only: from it\n` +
      "to today. The cycle is read from the shape of start.",
    [
      ["<name>", `one of:\n${SERIES_LIST}`],
      ["[start]", `first period: ${PERIODS}`],
      ["[end]", "last period, included (default: today's)"],
    ],
    ["ecos series base_rate", "ecos series usd_krw 20240101 20241231 --out usd_krw.parquet"],
  ),
  min: 1,
  max: 3,
  prepare([name = "", start, end], _options, now) {
    if (!Object.hasOwn(NAMED_SERIES, name)) {
      throw new UsageError(
        `Use a known series name: got ${JSON.stringify(name)}; known: ${
          Object.keys(NAMED_SERIES).join(", ")
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
};

const keystats: DataCommand = {
  name: "keystats",
  synopsis: "",
  summary: "the key statistics, latest values",
  usage: usageText(
    "keystats",
    "",
    "Pulls the key statistics (KeyStatisticList): the headline indicators with their latest\n" +
      "values.",
    [],
    ["ecos keystats --lang en"],
  ),
  min: 0,
  max: 0,
  prepare() {
    return { run: (client) => client.keyStatisticList() };
  },
};

const tables: DataCommand = {
  name: "tables",
  synopsis: "[text...]",
  summary: "find tables by name (none: all)",
  usage: usageText(
    "tables",
    "[text...]",
    "Finds tables by name (StatisticTableList): the searchable tables whose name holds every\n" +
      "word, case-insensitive. Korean text is looked up in the Korean list, other text in the\n" +
      "English one, unless --lang says which. Without text: every searchable table.",
    [["[text...]", "words of the name, e.g. base rate, or 소비자물가"]],
    ["ecos tables base rate", "ecos tables 소비자물가"],
  ),
  min: 0,
  max: Infinity,
  prepare(words, options) {
    const text = words.join(" ");
    const language = options.language ?? (text === "" ? undefined : isKorean(text) ? "kr" : "en");
    return {
      run: async (client) =>
        searchTablesIn(
          await client.statisticTableList(undefined, language === undefined ? {} : { language }),
          text,
        ),
    };
  },
};

const items: DataCommand = {
  name: "items",
  synopsis: "<stat> [pattern...]",
  summary: "a table's items, by name or code",
  usage: usageText(
    "items",
    "<stat> [pattern...]",
    "Lists a table's items (StatisticItemList) whose name or code holds every word of the\n" +
      "pattern (none: every item), with the cycles and periods they are published in.",
    [
      ["<stat>", "table code, e.g. 901Y009"],
      ["[pattern...]", "words of the item's name or code"],
    ],
    ["ecos items 901Y009 all items --lang en"],
  ),
  min: 1,
  max: Infinity,
  prepare([statCode = "", ...words]) {
    const code = validateStatCode(statCode);
    const pattern = words.join(" ");
    return { run: (client) => client.findItems(code, pattern) };
  },
};

const word: DataCommand = {
  name: "word",
  synopsis: "<word...>",
  summary: "a term of the statistical glossary",
  usage: usageText(
    "word",
    "<word...>",
    "Looks a term up in the statistical glossary (StatisticWord).",
    [["<word...>", "the term, e.g. 소비자물가지수"]],
    ["ecos word 소비자물가지수"],
  ),
  min: 1,
  max: Infinity,
  prepare(words) {
    const text = validateText(words.join(" "), "word");
    return { run: (client) => client.statisticWord(text) };
  },
};

const meta: DataCommand = {
  name: "meta",
  synopsis: "<name...>",
  summary: "a data set's metadata",
  usage: usageText(
    "meta",
    "<name...>",
    "Reads the metadata of a data set (StatisticMeta).",
    [["<name...>", "the data set's name, e.g. 경제심리지수"]],
    ["ecos meta 경제심리지수"],
  ),
  min: 1,
  max: Infinity,
  prepare(words) {
    const name = validateText(words.join(" "), "name");
    return { run: (client) => client.statisticMeta(name) };
  },
};

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
export const DATA_COMMANDS: readonly DataCommand[] = [
  search,
  series,
  keystats,
  tables,
  items,
  word,
  meta,
];

/** The client's options for a command's flags. */
function sessionOptions(
  options: DataOptions,
  onProgress: (p: Progress) => void,
  signal: AbortSignal | undefined,
): OpenSessionOptions {
  const o: OpenSessionOptions = { cache: options.cache, onProgress };
  if (options.format !== undefined) o.format = options.format;
  if (options.language !== undefined) o.language = options.language;
  if (options.pageSize !== undefined) o.pageSize = options.pageSize;
  if (options.concurrency !== undefined) o.concurrency = options.concurrency;
  if (signal !== undefined) o.signal = signal;
  return o;
}

/**
 * Runs a data command: reads its flags, checks its arguments, opens the client (the bundled
 * server's notice on stderr), pulls with a progress line on stderr when stderr is a terminal,
 * then writes a table on stdout, or every row to `--out`. No rows is said on stderr (and
 * `--out` still gets a file, without rows).
 *
 * @param command The command.
 * @param args The arguments after its name.
 * @param io Where output goes; the environment and the clock.
 * @returns The exit status: 0.
 * @throws {UsageError} For bad arguments (nothing sent).
 * @throws {EcosError} As the client raises them.
 * @throws {OutputError} When `--out` cannot be written.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { DATA_COMMANDS, runData } from "./commands.ts";
 * import { resolveIO } from "./io.ts";
 *
 * let out = "";
 * let err = "";
 * const io = resolveIO({ stdout: (t) => (out += t), stderr: (t) => (err += t), env: {} });
 * const search = DATA_COMMANDS[0]!;
 * const code = await runData(search, ["722Y001", "A", "2021", "2023", "0101000"], io);
 * assert.equal(code, 0);
 * assert.match(out, /^STAT_CODE: 722Y001\n/);
 * assert.match(out, /2023-01-01/);
 * assert.match(err, /bundled server/);
 * ```
 */
export async function runData(command: DataCommand, args: string[], io: CliIO): Promise<number> {
  const { help, positionals, options } = parseDataArgs(command.name, args, command.usage);
  if (help) {
    io.stdout(`${command.usage}\n`);
    return EXIT_OK;
  }
  if (positionals.length < command.min) {
    const missing = command.synopsis.split(" ").filter((a) => a.startsWith("<"))
      .slice(positionals.length);
    const got = positionals.length === 1 ? "1 argument" : `${positionals.length} arguments`;
    throw new UsageError(
      `Give ${missing.join(" ")} (ecos ${command.name} ${command.synopsis}): got ${got}`,
      command.usage,
    );
  }
  if (positionals.length > command.max) {
    throw new UsageError(
      `Remove the extra argument: got ${JSON.stringify(positionals[command.max])}`,
      command.usage,
    );
  }
  const pull = command.prepare(positionals, options, io.now());
  const progress = new ProgressLine(io.stderr, io.isTTY);
  const session = await openSession(
    io.env,
    sessionOptions(options, progress.update, io.signal),
    (line) => io.stderr(`${line}\n`),
  );
  let frame: DataFrame;
  try {
    frame = await pull.run(session.client);
  } finally {
    progress.clear();
    await session.close();
  }
  show(frame, `ecos ${[command.name, ...positionals].join(" ")}`, options, io);
  return EXIT_OK;
}

/** A table on stdout, or every row to `--out`; no rows is said on stderr. */
function show(frame: DataFrame, what: string, options: DataOptions, io: CliIO): void {
  const { out } = options;
  if (out !== undefined) {
    writeFrame(frame, out, { excel: options.excel });
    io.stderr(
      frame.height === 0
        ? `No rows matched ${what}; wrote ${out} without rows\n`
        : `Wrote ${frame.height.toLocaleString("en-US")} rows to ${out}\n`,
    );
    return;
  }
  if (frame.height === 0) {
    io.stderr(`No rows matched ${what}\n`);
    return;
  }
  const table = renderTable(frame, { rows: options.rows, width: io.columns });
  io.stdout(table.text);
  if (table.shown < table.total) {
    io.stderr(
      `Showing ${table.shown} of ${table.total} rows: --rows 0 shows them all, --out FILE ` +
        "writes them all\n",
    );
  }
}
