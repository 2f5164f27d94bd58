/**
 * Reading a command's arguments with `node:util`'s `parseArgs`, strictly: an unknown flag, a
 * flag without its value and a malformed value are {@linkcode UsageError}s, raised before
 * anything is sent.
 *
 * @module
 */

import { parseArgs } from "node:util";
import { dirname, resolve } from "node:path";
import { type Format, isFormat, isLanguage, type Language } from "../wire/format.ts";
import { UsageError } from "./errors.ts";
import { outputKind } from "./output.ts";

/** Rows a table shows unless `--rows` says otherwise. */
export const DEFAULT_ROWS = 200;

/** The flags of the commands that pull data, read and checked. */
export interface DataOptions {
  /** `--format`: the body format asked of the service. */
  format?: Format;
  /** `--lang`: the language of names. */
  language?: Language;
  /** `--page-size`: rows a request. */
  pageSize?: number;
  /** `--concurrency`: requests in flight at once. */
  concurrency?: number;
  /**
   * `--cache` (true) or `--no-cache` (false): use the response cache or not; absent, the
   * client's rule (on for a remote service, off for one on this machine).
   */
  cache?: boolean;
  /** `--out`: the file to write every row to. */
  out?: string;
  /** `--excel`: start the CSV file with a UTF-8 byte-order mark. */
  excel: boolean;
  /** `--rows`: the most rows the table shows; 0 for all. */
  rows: number;
}

/** A data command's arguments, read. */
export interface DataArgs {
  /** `--help` / `-h` was given. */
  help: boolean;
  /** The arguments that are not flags. */
  positionals: string[];
  /** The flags. */
  options: DataOptions;
}

/** The flags every data command takes, for `parseArgs`. */
const DATA_FLAGS = {
  out: { type: "string", short: "o" },
  excel: { type: "boolean" },
  rows: { type: "string" },
  format: { type: "string" },
  lang: { type: "string" },
  "page-size": { type: "string" },
  concurrency: { type: "string" },
  cache: { type: "boolean" },
  help: { type: "boolean", short: "h" },
} as const;

/**
 * The options part of a data command's usage: one place that lists the flags
 * {@linkcode parseDataArgs} reads.
 */
export const DATA_OPTIONS_USAGE = `Options:
  -o, --out FILE      write every row to FILE: .csv, .parquet, .json or .ndjson (JSON lines);
                      dates are ISO dates
  --excel             with --out FILE.csv: start the file with a UTF-8 byte-order mark, so that
                      spreadsheet programs read Korean text correctly
  --rows N            rows the table shows (default ${DEFAULT_ROWS}; 0 shows every row)
  --format json|xml   the body format asked of the service (default json)
  --lang kr|en        the language of names (default kr)
  --page-size N       rows a request (default 10000; 10 with the key "sample")
  --concurrency N     requests in flight at once (default 4)
  --cache             use the response cache, also for a server on this machine
  --no-cache          neither read nor write the response cache
  -h, --help          show this help`;

/**
 * Turns `parseArgs`' own errors into usage errors that say what to do.
 *
 * @param e The error parseArgs threw.
 * @param command The command, e.g. "search".
 * @param usage Its usage text.
 * @returns The usage error.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseArgs } from "node:util";
 * import { parseError } from "./args.ts";
 *
 * try {
 *   parseArgs({ args: ["--colour"], options: {}, strict: true });
 *   assert.fail("parseArgs accepted an unknown flag");
 * } catch (e) {
 *   const usage = parseError(e, "keystats", "Usage: ecos keystats [options]");
 *   assert.equal(usage.message, 'Use an option that ecos keystats --help lists: got "--colour"');
 *   assert.equal(usage.usage, "Usage: ecos keystats [options]");
 * }
 * ```
 */
export function parseError(e: unknown, command: string, usage: string): UsageError {
  const message = e instanceof Error ? e.message : String(e);
  const code = (e as { code?: unknown }).code;
  const quoted = /'([^']*)'/.exec(message)?.[1] ?? message;
  switch (code) {
    case "ERR_PARSE_ARGS_UNKNOWN_OPTION":
      return new UsageError(
        `Use an option that ecos ${command} --help lists: got ${JSON.stringify(quoted)}`,
        usage,
      );
    case "ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL":
      return new UsageError(`Remove the extra argument: got ${JSON.stringify(quoted)}`, usage);
    case "ERR_PARSE_ARGS_INVALID_OPTION_VALUE": {
      const flag = quoted.replace(/ <value>$/, "");
      if (/argument missing/.test(message)) {
        return new UsageError(`Give ${flag} a value: got none`, usage);
      }
      if (/does not take an argument/.test(message)) {
        return new UsageError(`Give ${flag} no value: it is a switch`, usage);
      }
      if (/ambiguous/.test(message)) {
        return new UsageError(
          `Write ${flag}=VALUE for a value that starts with "-": got ${flag} followed by a flag`,
          usage,
        );
      }
      return new UsageError(message, usage);
    }
    default:
      return new UsageError(message, usage);
  }
}

/**
 * A flag's whole number of at least `min`.
 *
 * @throws {UsageError} Naming the flag, with the command's usage.
 * @internal Shared by the commands' argument parsers.
 */
export function wholeNumber(flag: string, text: string, min: number, usage: string): number {
  if (!/^[0-9]+$/.test(text) || Number(text) < min || !Number.isSafeInteger(Number(text))) {
    const more = min === 0 ? "0 or more" : `${min} or more`;
    throw new UsageError(
      `Give ${flag} a whole number, ${more}: got ${JSON.stringify(text)}`,
      usage,
    );
  }
  return Number(text);
}

/**
 * Reads the arguments of a data command (search, series, keystats, tables, items, word, meta):
 * its positionals and the flags of {@linkcode DATA_OPTIONS_USAGE}. `--no-cache` is `--cache`'s
 * negation; the last of them wins. `--out` must name a .csv, .parquet, .json, .ndjson or .jsonl
 * file in a directory that exists, and `--excel` needs a .csv `--out`.
 *
 * @param command The command, for messages.
 * @param args The arguments after the command's name.
 * @param usage The command's usage text, carried by the errors.
 * @returns The positionals and the flags.
 * @throws {UsageError} For an unknown flag, a flag without its value, or a malformed value.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseDataArgs } from "./args.ts";
 *
 * const { positionals, options } = parseDataArgs(
 *   "search",
 *   ["722Y001", "M", "202301", "202312", "--lang", "en", "--no-cache", "--rows", "5"],
 *   "Usage: ecos search ...",
 * );
 * assert.deepEqual(positionals, ["722Y001", "M", "202301", "202312"]);
 * assert.deepEqual(options, { language: "en", cache: false, excel: false, rows: 5 });
 * assert.throws(() => parseDataArgs("search", ["--colour"], "Usage"), /--colour/);
 * ```
 */
export function parseDataArgs(command: string, args: string[], usage: string): DataArgs {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      options: DATA_FLAGS,
      strict: true,
      allowPositionals: true,
      allowNegative: true,
    });
  } catch (e) {
    throw parseError(e, command, usage);
  }
  const { values, positionals } = parsed;
  const options: DataOptions = {
    excel: values.excel ?? false,
    rows: values.rows === undefined ? DEFAULT_ROWS : wholeNumber("--rows", values.rows, 0, usage),
  };
  if (values.format !== undefined) {
    if (!isFormat(values.format)) {
      throw new UsageError(`Use --format json or xml: got ${JSON.stringify(values.format)}`, usage);
    }
    options.format = values.format;
  }
  if (values.lang !== undefined) {
    if (!isLanguage(values.lang)) {
      throw new UsageError(`Use --lang kr or en: got ${JSON.stringify(values.lang)}`, usage);
    }
    options.language = values.lang;
  }
  if (values["page-size"] !== undefined) {
    options.pageSize = wholeNumber("--page-size", values["page-size"], 1, usage);
  }
  if (values.concurrency !== undefined) {
    options.concurrency = wholeNumber("--concurrency", values.concurrency, 1, usage);
  }
  if (values.cache !== undefined) options.cache = values.cache;
  if (values.out !== undefined) options.out = checkOut(values.out, usage);
  if (options.excel && (options.out === undefined || outputKind(options.out) !== "csv")) {
    throw new UsageError(
      `Use --excel with --out FILE.csv: got ${
        options.out === undefined ? "no --out" : JSON.stringify(options.out)
      }`,
      usage,
    );
  }
  return { help: values.help ?? false, positionals, options };
}

/** An output file of a known format in a directory that exists. */
function checkOut(path: string, usage: string): string {
  if (outputKind(path) === undefined) {
    throw new UsageError(
      `Name the --out file .csv, .parquet, .json or .ndjson: got ${JSON.stringify(path)}`,
      usage,
    );
  }
  const dir = dirname(resolve(path));
  let isDirectory = false;
  try {
    isDirectory = Deno.statSync(dir).isDirectory;
  } catch {
    // missing or unreadable: said below
  }
  if (!isDirectory) {
    throw new UsageError(
      `Create the directory of --out first, or name another: ${JSON.stringify(dir)} does not exist`,
      usage,
    );
  }
  return path;
}

/**
 * Reads the arguments of a command that takes only `--help` (`cache`).
 *
 * @param command The command, for messages.
 * @param args The arguments after the command's name.
 * @param usage The command's usage text, carried by the errors.
 * @returns Whether help was asked for, and the positionals.
 * @throws {UsageError} For any flag but `--help` / `-h`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseHelpArgs } from "./args.ts";
 *
 * assert.deepEqual(parseHelpArgs("cache", ["info"], "Usage"), { help: false, positionals: ["info"] });
 * assert.deepEqual(parseHelpArgs("cache", ["-h"], "Usage"), { help: true, positionals: [] });
 * assert.throws(() => parseHelpArgs("cache", ["--all"], "Usage"), /--all/);
 * ```
 */
export function parseHelpArgs(
  command: string,
  args: string[],
  usage: string,
): { help: boolean; positionals: string[] } {
  try {
    const { values, positionals } = parseArgs({
      args,
      options: { help: { type: "boolean", short: "h" } },
      strict: true,
      allowPositionals: true,
    });
    return { help: values.help ?? false, positionals };
  } catch (e) {
    throw parseError(e, command, usage);
  }
}
