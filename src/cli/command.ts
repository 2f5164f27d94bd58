/**
 * The one shape of every `ecos` command: its name, synopsis and summary, the flags it takes
 * and how many arguments, the help generated from those, and what it does with arguments that
 * have been read and checked. {@linkcode runCommand} runs any of them the same way.
 *
 * @module
 */

import { EXIT_OK, UsageError } from "./errors.ts";
import type { Flags, FlagValues } from "./flag.ts";
import type { CliIO } from "./io.ts";
import { type ParsedFlags, parseFlags } from "./parse.ts";
import { type UsageSpec, usageText } from "./usage.ts";

/** How many arguments a command takes besides its flags. */
export interface Arity {
  /** The fewest. */
  readonly min: number;
  /** The most; `Infinity` for no limit. */
  readonly max: number;
}

/** A command's arguments, read and checked against its declarations. */
export interface CommandInput<F extends Flags> {
  /** The arguments that are not flags, as many as the arity allows. */
  positionals: string[];
  /** The flags given, each value checked and read. */
  values: FlagValues<F>;
}

/** What a command declares; {@linkcode defineCommand} adds its help. */
export interface CommandSpec<F extends Flags> extends UsageSpec {
  /** One line for the list of commands. */
  readonly summary: string;
  /** How many arguments it takes. */
  readonly arity: Arity;
  /** Its flags, in the order its help lists them; `--help` is implied. */
  readonly flags: F;
  /**
   * Does the command's work.
   *
   * @param input The arguments, read and checked.
   * @param io Streams, environment, clock and signal.
   * @returns The exit status.
   * @throws {UsageError} For arguments the declarations cannot check (nothing sent).
   */
  run(input: CommandInput<F>, io: CliIO): Promise<number>;
}

/** A command of the `ecos` command line. */
export interface Command<F extends Flags = Flags> extends CommandSpec<F> {
  /** The whole help, generated from the declarations. */
  readonly usage: string;
}

/**
 * A command from its declarations, with its help generated from them.
 *
 * @param spec The declarations and the work.
 * @returns The command.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { defineCommand } from "./command.ts";
 *
 * const hello = defineCommand({
 *   name: "hello",
 *   synopsis: "<name>",
 *   summary: "greet someone",
 *   description: "Says hello.",
 *   args: [["<name>", "who to greet"]],
 *   arity: { min: 1, max: 1 },
 *   flags: {},
 *   examples: ["ecos hello world"],
 *   run: ({ positionals }, io) => {
 *     io.stdout(`Hello, ${positionals[0]}\n`);
 *     return Promise.resolve(0);
 *   },
 * });
 * assert.match(hello.usage, /^Usage: ecos hello <name>\n/);
 * ```
 */
export function defineCommand<F extends Flags>(spec: CommandSpec<F>): Command<F> {
  return { ...spec, usage: usageText(spec) };
}

/**
 * Reads a command's arguments: its flags by `parseFlags` (src/cli/parse.ts), then the number of
 * arguments against its arity. Every failure is a {@linkcode UsageError} that carries the
 * command's help.
 *
 * @param command The command.
 * @param args The arguments after its name.
 * @returns Help asked for, the positionals and the values.
 * @throws {UsageError} For an unknown flag, a missing or refused value, or too few or too many
 * arguments.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseCommandArgs } from "./command.ts";
 * import { DATA_COMMANDS } from "./commands.ts";
 *
 * const items = DATA_COMMANDS.find((c) => c.name === "items")!;
 * assert.deepEqual(parseCommandArgs(items, ["901Y009", "--lang", "en"]).values, {
 *   language: "en",
 * });
 * assert.throws(() => parseCommandArgs(items, []), {
 *   name: "UsageError",
 *   message: "Give <stat> (ecos items <stat> [pattern...]): got 0 arguments",
 * });
 * ```
 */
export function parseCommandArgs<F extends Flags>(
  command: Command<F>,
  args: readonly string[],
): ParsedFlags<F> {
  let parsed: ParsedFlags<F>;
  try {
    parsed = parseFlags(command.flags, args, `ecos ${command.name}`);
  } catch (e) {
    if (e instanceof TypeError || e instanceof RangeError) {
      throw new UsageError(e.message, command.usage, { cause: e });
    }
    throw e;
  }
  const { help, positionals } = parsed;
  const { min, max } = command.arity;
  if (help) return parsed;
  if (positionals.length < min) {
    const missing = command.synopsis.split(" ").slice(positionals.length, min);
    const got = positionals.length === 1 ? "1 argument" : `${positionals.length} arguments`;
    throw new UsageError(
      `Give ${missing.join(" ")} (ecos ${command.name} ${command.synopsis}): got ${got}`,
      command.usage,
    );
  }
  if (positionals.length > max) {
    throw new UsageError(
      `Remove the extra argument: got ${JSON.stringify(positionals[max])}`,
      command.usage,
    );
  }
  return parsed;
}

/**
 * Runs a command: reads its arguments (every failure a {@linkcode UsageError} of one style,
 * with the command's help), prints the help for `-h` / `--help`, and otherwise does its work.
 *
 * @param command The command.
 * @param args The arguments after its name.
 * @param io Streams, environment, clock and signal.
 * @returns The exit status.
 * @throws {UsageError} For an unknown flag, a missing or bad value, or too few or too many
 * arguments; and whatever the command throws.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { defineCommand, runCommand } from "./command.ts";
 * import { resolveIO } from "./io.ts";
 *
 * const quiet = defineCommand({
 *   name: "quiet",
 *   synopsis: "",
 *   summary: "does nothing",
 *   description: "Does nothing.",
 *   args: [],
 *   arity: { min: 0, max: 0 },
 *   flags: {},
 *   examples: ["ecos quiet"],
 *   run: () => Promise.resolve(0),
 * });
 * let out = "";
 * const io = resolveIO({ stdout: (t) => (out += t), env: {} });
 * assert.equal(await runCommand(quiet, ["--help"], io), 0);
 * assert.equal(out, `${quiet.usage}\n`);
 * await assert.rejects(
 *   runCommand(quiet, ["--loud"], io),
 *   { name: "UsageError", message: 'Use an option that ecos quiet --help lists: got "--loud"' },
 * );
 * ```
 */
export async function runCommand<F extends Flags>(
  command: Command<F>,
  args: readonly string[],
  io: CliIO,
): Promise<number> {
  const { help, positionals, values } = parseCommandArgs(command, args);
  if (help) {
    io.stdout(`${command.usage}\n`);
    return EXIT_OK;
  }
  return await command.run({ positionals, values }, io);
}
