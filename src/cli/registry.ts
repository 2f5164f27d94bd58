/**
 * Every command of `ecos`, in one list: the top-level help, `ecos help <command>`,
 * `ecos <command> --help` and dispatch all read {@linkcode COMMANDS}.
 *
 * @module
 */

import { type Command, defineCommand } from "./command.ts";
import { DATA_COMMANDS } from "./commands.ts";
import { cache } from "./cache.ts";
import { doctor } from "./doctor.ts";
import { EXIT_OK, UsageError } from "./errors.ts";
import { mcp } from "./mcp.ts";
import { mirror } from "./mirror.ts";
import { serve } from "./serve.ts";
import { closest } from "../util/closest.ts";

/**
 * The command of a name.
 *
 * @param name The name, e.g. "search".
 * @returns The command, or `undefined` for a name {@linkcode COMMANDS} does not hold.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { findCommand } from "./registry.ts";
 *
 * assert.equal(findCommand("mirror")?.name, "mirror");
 * assert.equal(findCommand("frobnicate"), undefined);
 * ```
 */
export function findCommand(name: string): Command | undefined {
  return COMMANDS.find((c) => c.name === name);
}

/**
 * The error for a command name {@linkcode COMMANDS} does not hold, with the nearest one.
 *
 * @param name The name given.
 * @returns A usage error: `Use a command that ecos --help lists: got "serach"; did you mean
 * search?`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { unknownCommand } from "./registry.ts";
 *
 * assert.equal(
 *   unknownCommand("serach").message,
 *   'Use a command that ecos --help lists: got "serach"; did you mean search?',
 * );
 * assert.equal(
 *   unknownCommand("frobnicate").message,
 *   'Use a command that ecos --help lists: got "frobnicate"',
 * );
 * ```
 */
export function unknownCommand(name: string): UsageError {
  const near = closest(name, COMMANDS.map((c) => c.name));
  return new UsageError(
    `Use a command that ecos --help lists: got ${JSON.stringify(name)}${
      near === undefined ? "" : `; did you mean ${near}?`
    }`,
    USAGE,
  );
}

/** `ecos help [command]`: the list of commands, or one command's help. */
const help: Command<Record<never, never>> = defineCommand({
  name: "help",
  synopsis: "[command]",
  summary: "a command's help (none: the list of commands)",
  description: "Prints a command's help, as ecos <command> --help does; without a command, the\n" +
    "list of commands.",
  args: [["[command]", "a command of the list, e.g. search"]],
  arity: { min: 0, max: 1 },
  flags: {},
  examples: ["ecos help mirror"],
  run({ positionals: [topic] }, io) {
    const usage = topic === undefined ? USAGE : findCommand(topic)?.usage;
    if (usage === undefined) throw unknownCommand(topic ?? "");
    io.stdout(`${usage}\n`);
    return Promise.resolve(EXIT_OK);
  },
});

/**
 * The commands, in the order the top-level help lists them.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { COMMANDS } from "./registry.ts";
 *
 * assert.deepEqual(COMMANDS.map((c) => c.name), [
 *   "search", "series", "keystats", "tables", "items", "word", "meta",
 *   "mirror", "serve", "mcp", "cache", "doctor", "help",
 * ]);
 * ```
 */
export const COMMANDS: readonly Command[] = [
  ...DATA_COMMANDS,
  mirror,
  serve,
  mcp,
  cache,
  doctor,
  help,
];

/** The top-level help: the commands, where the data comes from, the exit status. */
export const USAGE = `Usage: ecos <command> [arguments] [options]

The Bank of Korea's ECOS Open API from the command line: tables on the terminal, files for
the rest (--out FILE.csv, .parquet, .json, .ndjson; --out - writes the rows to stdout).

Commands:
${COMMANDS.map((c) => `  ${`${c.name} ${c.synopsis}`.trim().padEnd(48)}${c.summary}`).join("\n")}

Where the data comes from:
  ECOS_API_KEY set     the live ECOS service, or the server ECOS_BASE_URL names
  ECOS_BASE_URL only   that server, with the key "sample"
  neither              the bundled server, in this process: generated sample data, not
                       official statistics (a notice on stderr says so)
  ECOS_CACHE_DIR       the response cache's directory (see ecos cache --help)

Exit status: 0 done, 1 an ECOS or network failure (or a search that found nothing),
2 bad arguments (nothing sent).

Run "ecos <command> --help" for a command's options and an example, e.g.:
  ecos search --help`;
