/**
 * The commands that pull data share one shape: the {@linkcode DATA_FLAGS}, a `prepare` that
 * checks their arguments before anything is sent (before the bundled server starts), and one
 * way to run: client, progress line, then a table on stdout or every row to `--out` (a file,
 * or `-` for stdout). {@linkcode defineDataCommand} makes a {@linkcode Command} of such a
 * declaration.
 *
 * @module
 */

import type { DataFrame } from "../deps.ts";
import type { EcosClient } from "../client/mod.ts";
import { type Command, type CommandInput, type CommandSpec, defineCommand } from "./command.ts";
import { EXIT_FAILURE, EXIT_OK, UsageError } from "./errors.ts";
import { escapeControls } from "./escape.ts";
import type { FlagValues } from "./flag.ts";
import { DEFAULT_ROWS, OUTPUT_FLAGS, SERVICE_FLAGS } from "./flag_groups.ts";
import type { CliIO } from "./io.ts";
import { encodeOutput, type OutputKind, outputKind, renderTable, writeFrame } from "./output.ts";
import { ProgressLine } from "./progress.ts";
import { openSession } from "./session.ts";

/**
 * The flags of every command that pulls data: where the rows go, then how the service is asked.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { DATA_FLAGS } from "./data.ts";
 *
 * const names = Object.values(DATA_FLAGS).map((f) => f.name);
 * assert.deepEqual(names, [
 *   "out", "as", "excel", "rows", "format", "lang", "page-size", "concurrency", "cache",
 *   "refresh",
 * ]);
 * ```
 */
export const DATA_FLAGS = { ...OUTPUT_FLAGS, ...SERVICE_FLAGS };

/** The flags of a data command. */
export type DataFlags = typeof DATA_FLAGS;

/** The flags of a data command, read. */
export type DataValues = FlagValues<DataFlags>;

/** A data command's checked arguments, ready to be run against a client. */
export interface Pull {
  /** Pulls the frame. */
  run(client: EcosClient): Promise<DataFrame>;
  /**
   * For a search by text (tables, items, a glossary term): what was searched, and in which
   * language, when nothing matched. The command then exits 1, as grep does; without it, no
   * rows is said on stderr and the command exits 0.
   *
   * @param client The client the search ran on (its language, for text without letters).
   * @returns E.g. `No table's English name holds every word of "base ratez": ...`.
   */
  noMatch?(client: EcosClient): string;
}

/** What a data command declares besides the shared flags and way to run. */
export interface DataCommandSpec extends Omit<CommandSpec<DataFlags>, "flags" | "run"> {
  /**
   * Checks the arguments and returns what to pull.
   *
   * @param positionals The arguments, as many as the arity allows.
   * @param values The flags given.
   * @param now The clock's time, for ranges that end today.
   * @returns What to pull.
   * @throws {UsageError} / {EcosError} INVALID_ARGUMENT for bad arguments (nothing sent).
   */
  prepare(positionals: readonly string[], values: DataValues, now: Date): Pull;
}

/**
 * A command that pulls data: reads its flags, checks its arguments, opens the client (the
 * bundled server's notice on stderr), pulls with a progress line on stderr when stderr is a
 * terminal, then writes a table on stdout, or every row to `--out` (`-`: to stdout, in the
 * format `--as` names, CSV by default). No rows is said on stderr (and `--out` still gets a
 * file, without rows); a search by text that matched nothing says what it searched, in which
 * language, and exits 1.
 *
 * @param spec The command's declarations and its `prepare`.
 * @returns The command.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { runCommand } from "./command.ts";
 * import { defineDataCommand } from "./data.ts";
 * import { resolveIO } from "./io.ts";
 *
 * const keys = defineDataCommand({
 *   name: "keys",
 *   synopsis: "",
 *   summary: "the key statistics",
 *   description: "Pulls the key statistics.",
 *   args: [],
 *   arity: { min: 0, max: 0 },
 *   examples: ["ecos keys"],
 *   prepare: () => ({ run: (client) => client.keyStatisticList() }),
 * });
 * let out = "";
 * let err = "";
 * const io = resolveIO({ stdout: (t) => (out += t), stderr: (t) => (err += t), env: {} });
 * assert.equal(await runCommand(keys, ["--rows", "3"], io), 0);
 * assert.match(out, /KEYSTAT_NAME/);
 * assert.match(err, /bundled server/);
 * assert.match(err, /\nShowing 3 of \d+ rows/);
 * ```
 */
export function defineDataCommand(spec: DataCommandSpec): Command<DataFlags> {
  const { prepare, ...declared } = spec;
  const command: Command<DataFlags> = defineCommand({
    ...declared,
    flags: DATA_FLAGS,
    run: (input, io) => pull(command, prepare, input, io),
  });
  return command;
}

async function pull(
  command: Command<DataFlags>,
  prepare: DataCommandSpec["prepare"],
  { positionals, values }: CommandInput<DataFlags>,
  io: CliIO,
): Promise<number> {
  const { out, as, excel = false, rows = DEFAULT_ROWS, ...service } = values;
  const kind = checkOutput(command, values, io);
  const what = prepare(positionals, values, io.now());
  const progress = new ProgressLine(io.stderr, io);
  const session = await openSession(
    io.env,
    {
      ...service,
      onProgress: progress.update,
      ...(io.signal === undefined ? {} : { signal: io.signal }),
    },
    (line) => io.stderr(`${line}\n`),
  );
  let frame: DataFrame;
  try {
    frame = await what.run(session.client);
  } finally {
    progress.clear();
    await session.close();
  }
  const query = escapeControls(`ecos ${[command.name, ...positionals].join(" ")}`, false);
  const noMatch = frame.height === 0 && what.noMatch !== undefined
    ? escapeControls(what.noMatch(session.client), false)
    : undefined;
  if (out === "-" && kind !== undefined) {
    // The rows are the output: nothing else goes to stdout, and no "Wrote" line to stderr.
    io.stdoutBytes(await encodeOutput(frame, kind, { excel }));
    if (frame.height === 0) io.stderr(`${noMatch ?? `No rows matched ${query}`}\n`);
  } else if (out !== undefined) {
    await writeFrame(frame, out, { excel, ...(as === undefined ? {} : { kind: as }) });
    io.stderr(
      frame.height === 0
        ? `${noMatch ?? `No rows matched ${query}`}; wrote ${out} without rows\n`
        : `Wrote ${frame.height.toLocaleString("en-US")} rows to ${out}\n`,
    );
  } else if (frame.height === 0) {
    io.stderr(`${noMatch ?? `No rows matched ${query}`}\n`);
  } else {
    const table = renderTable(frame, { rows, width: io.columns });
    io.stdout(table.text);
    if (table.shown < table.total) {
      io.stderr(
        `Showing ${table.shown} of ${table.total} rows: --rows 0 shows them all, --out FILE ` +
          "writes them all\n",
      );
    }
  }
  return noMatch === undefined ? EXIT_OK : EXIT_FAILURE;
}

/**
 * Checks where the rows go before anything is sent: the format of `--out` (its extension, or
 * `--as`), `--excel` only with CSV, and no Parquet or workbook onto a terminal.
 *
 * @returns The format, or `undefined` without `--out`.
 */
function checkOutput(
  command: Command<DataFlags>,
  { out, as, excel }: DataValues,
  io: CliIO,
): OutputKind | undefined {
  if (out === undefined) {
    if (as !== undefined) {
      throw new UsageError(`Use --as with --out FILE or --out -: got no --out`, command.usage);
    }
    if (excel) throw new UsageError("Use --excel with --out FILE.csv: got no --out", command.usage);
    return undefined;
  }
  const kind = as ?? (out === "-" ? "csv" : outputKind(out));
  if (kind === undefined) {
    throw new UsageError(
      `Name the --out file .csv, .parquet, .json, .ndjson or .xlsx, or give --as: got ${
        JSON.stringify(out)
      }`,
      command.usage,
    );
  }
  if (excel && kind !== "csv") {
    throw new UsageError(
      `Use --excel with --out FILE.csv (or --as csv): got ${JSON.stringify(out)}${
        as === undefined ? "" : ` --as ${as}`
      }`,
      command.usage,
    );
  }
  if (out === "-" && (kind === "parquet" || kind === "xlsx") && io.stdoutIsTTY) {
    const name = kind === "parquet" ? "Parquet" : "A workbook";
    throw new UsageError(
      `Send ${name} to a file or a pipe, not to the terminal: --out rows.${kind}, or ` +
        `--out - --as ${kind} > rows.${kind}`,
      command.usage,
    );
  }
  return kind;
}
