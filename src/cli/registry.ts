/**
 * Every command of `ecos`, in one list: the top-level help, `ecos help <command>`,
 * `ecos <command> --help` and dispatch all read {@linkcode COMMANDS}.
 *
 * @module
 */

import { type Command, defineCommand } from "./command.ts";
import { DATA_COMMANDS } from "./commands.ts";
import { cache } from "./cache.ts";
import { EXIT_OK, UsageError } from "./errors.ts";
import { mirror } from "./mirror.ts";
import { serve } from "./serve.ts";

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
    if (usage === undefined) {
      throw new UsageError(
        `Use a command that ecos --help lists: got ${JSON.stringify(topic)}`,
        USAGE,
      );
    }
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
 *   "mirror", "serve", "cache", "help",
 * ]);
 * ```
 */
export const COMMANDS: readonly Command[] = [...DATA_COMMANDS, mirror, serve, cache, help];

/** The top-level help: the commands, where the data comes from, the exit status. */
export const USAGE = `Usage: ecos <command> [arguments] [options]

The Bank of Korea's ECOS Open API from the command line: tables on the terminal, files for
the rest (--out FILE.csv, .parquet, .json, .ndjson).

Commands:
${COMMANDS.map((c) => `  ${`${c.name} ${c.synopsis}`.trim().padEnd(48)}${c.summary}`).join("\n")}

Where the data comes from:
  ECOS_API_KEY set     the live ECOS service, or the server ECOS_BASE_URL names
  ECOS_BASE_URL only   that server, with the key "sample"
  neither              the bundled server, in this process: generated sample data, not
                       official statistics (a notice on stderr says so)
  ECOS_CACHE_DIR       the response cache's directory (see ecos cache --help)

Exit status: 0 done, 1 an ECOS or network failure, 2 bad arguments (nothing sent).

Run "ecos <command> --help" for a command's options and an example, e.g.:
  ecos search --help`;
