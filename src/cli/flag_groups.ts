/**
 * The flag groups commands share: {@linkcode OUTPUT_FLAGS} (where the rows go) and
 * {@linkcode SERVICE_FLAGS} (how the service is asked). Each flag is declared here once; the
 * parser, the help texts and the tests read these records.
 *
 * @module
 */

import { dirname, resolve } from "node:path";
import { FORMATS, LANGUAGES } from "../wire/format.ts";
import { type Flags, oneOf, wholeNumber } from "./flag.ts";
import { OUTPUT_KINDS } from "./output.ts";

/** Rows a table shows unless `--rows` says otherwise. */
export const DEFAULT_ROWS = 200;

/** An output file in a directory that exists, or "-" (stdout); its format is checked later. */
function outputFile(path: string): string {
  if (path === "-") return path;
  const dir = dirname(resolve(path));
  let isDirectory = false;
  try {
    isDirectory = Deno.statSync(dir).isDirectory;
  } catch {
    // missing or unreadable: said below
  }
  if (!isDirectory) {
    throw new TypeError(
      `Create the directory of --out first, or name another: ${JSON.stringify(dir)} does not exist`,
    );
  }
  return path;
}

/**
 * Where a data command's rows go: a table on stdout (`--rows`), or every row to a file or to
 * stdout (`--out`, `--as`, `--excel`).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { OUTPUT_FLAGS } from "./flag_groups.ts";
 *
 * assert.equal(OUTPUT_FLAGS.rows.check("0", "--rows"), 0);
 * assert.equal(OUTPUT_FLAGS.out.check("-"), "-");
 * assert.throws(() => OUTPUT_FLAGS.out.check("no/such/dir/rows.csv"), /Create the directory/);
 * assert.equal(OUTPUT_FLAGS.as.check("ndjson", "--as"), "ndjson");
 * ```
 */
export const OUTPUT_FLAGS = {
  out: {
    type: "string",
    name: "out",
    short: "o",
    value: "FILE",
    help: "write every row to FILE: .csv, .parquet, .json, .ndjson (JSON lines) or .xlsx\n" +
      "(data, and a sheet of sources and units); dates are ISO dates; - writes them\n" +
      "to stdout (CSV unless --as says)",
    check: outputFile,
  },
  as: {
    type: "string",
    name: "as",
    value: OUTPUT_KINDS.join("|"),
    help: "the format of --out, whatever the file's name; Parquet and xlsx go to stdout\n" +
      "only when stdout is not a terminal",
    check: oneOf(OUTPUT_KINDS),
  },
  excel: {
    type: "boolean",
    name: "excel",
    help: "with --out FILE.csv: start the file with a UTF-8 byte-order mark, so that\n" +
      "spreadsheet programs read Korean text correctly",
  },
  rows: {
    type: "string",
    name: "rows",
    value: "N",
    help: `rows the table shows (default ${DEFAULT_ROWS}; 0 shows every row)`,
    check: wholeNumber(0),
  },
} as const satisfies Flags;

/**
 * How the service is asked: the client's options, and the response cache. The keys are the
 * client's option names, so that the values read are its options as they are.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { SERVICE_FLAGS } from "./flag_groups.ts";
 *
 * assert.equal(SERVICE_FLAGS.language.name, "lang");
 * assert.equal(SERVICE_FLAGS.cache.negation, "neither read nor write the response cache");
 * assert.equal(SERVICE_FLAGS.refresh.name, "refresh");
 * ```
 */
export const SERVICE_FLAGS = {
  format: {
    type: "string",
    name: "format",
    value: FORMATS.join("|"),
    help: "the body format asked of the service (default json)",
    check: oneOf(FORMATS),
  },
  language: {
    type: "string",
    name: "lang",
    value: LANGUAGES.join("|"),
    help: "the language of names (default kr)",
    check: oneOf(LANGUAGES),
  },
  pageSize: {
    type: "string",
    name: "page-size",
    value: "N",
    help: 'rows a request (default 50000; 10 with the key "sample")',
    check: wholeNumber(1),
  },
  concurrency: {
    type: "string",
    name: "concurrency",
    value: "N",
    help: "requests in flight at once (default 4)",
    check: wholeNumber(1),
  },
  cache: {
    type: "boolean",
    name: "cache",
    help: "use the response cache, also for a server on this machine",
    negation: "neither read nor write the response cache",
  },
  refresh: {
    type: "boolean",
    name: "refresh",
    help: "ask the service even for answers the response cache holds, and keep what it\n" +
      "answers (once checked) in their place",
  },
} as const satisfies Flags;
