/**
 * Reading arguments against declared flags: the one place where a bad flag becomes a message.
 * `node:util`'s `parseArgs` splits the arguments into tokens; what each token may be is read
 * from the flag declarations, so that every command says "Use an option that ecos mirror
 * --help lists: got "--colour"" in the same words, and none of `parseArgs`' own messages
 * reaches the user. (`parseCommandArgs` of src/cli/command.ts adds the arity and the help.)
 *
 * @module
 */

import { parseArgs } from "node:util";
import { closest } from "../util/closest.ts";
import {
  type Flag,
  flagLabel,
  type Flags,
  type FlagValues,
  HELP_FLAG,
  type ValueFlag,
} from "./flag.ts";

/** Arguments read against a group of flags. */
export interface ParsedFlags<F extends Flags> {
  /** `-h` / `--help` was given; then the values are not checked and are empty. */
  help: boolean;
  /** The arguments that are not flags, in order. */
  positionals: string[];
  /** The flags given, each value checked and read; the last of a flag given twice wins. */
  values: FlagValues<F>;
}

/**
 * Reads arguments against a group of flags (and `-h` / `--help`). `--no-NAME` is read as
 * `false` for a switch that declares a negation. A value that starts with "-" must be written
 * `--flag=-1`, so that a forgotten value does not swallow the next flag.
 *
 * @param flags The flags, keyed by the name of their value.
 * @param args The arguments.
 * @param command The command line whose help lists the flags, e.g. "ecos mirror".
 * @returns Help asked for, the positionals and the values.
 * @throws {TypeError} For an unknown flag (naming the nearest declared one, if any is near), a
 * missing value, a value given to a switch, or a value its flag's check refuses: one message
 * that says what to do.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { wholeNumber } from "./flag.ts";
 * import { parseFlags } from "./parse.ts";
 *
 * const flags = {
 *   rows: { type: "string", name: "rows", value: "N", help: "rows", check: wholeNumber(0) },
 * } as const;
 * assert.deepEqual(parseFlags(flags, ["a", "--rows", "5"], "ecos x"), {
 *   help: false,
 *   positionals: ["a"],
 *   values: { rows: 5 },
 * });
 * assert.throws(() => parseFlags(flags, ["--colour"], "ecos x"), {
 *   name: "TypeError",
 *   message: 'Use an option that ecos x --help lists: got "--colour"',
 * });
 * assert.throws(() => parseFlags(flags, ["--row", "5"], "ecos x"), {
 *   message: 'Use an option that ecos x --help lists: got "--row"; did you mean --rows?',
 * });
 * ```
 */
export function parseFlags<F extends Flags>(
  flags: F,
  args: readonly string[],
  command: string,
): ParsedFlags<F> {
  const declared = new Map<string, [key: string, flag: Flag]>();
  const options: Record<string, { type: "string" | "boolean"; short?: string }> = {};
  for (const [key, flag] of [...Object.entries(flags), ["", HELP_FLAG] as const]) {
    declared.set(flag.name, [key, flag]);
    options[flag.name] = {
      type: flag.type,
      ...(flag.short === undefined ? {} : { short: flag.short }),
    };
  }
  // Not strict: the tokens are judged below, against the declarations, in our own words.
  const { tokens } = parseArgs({
    args: [...args],
    options,
    strict: false,
    allowPositionals: true,
    tokens: true,
  });
  let help = false;
  const positionals: string[] = [];
  const values: Record<string, unknown> = {};
  const texts = new Map<string, [flag: ValueFlag, text: string]>();
  for (const token of tokens) {
    if (token.kind === "positional") positionals.push(token.value);
    if (token.kind !== "option") continue;
    const found = declared.get(token.name);
    const negated = found === undefined && token.name.startsWith("no-")
      ? declared.get(token.name.slice(3))
      : undefined;
    const [key, flag] = found ??
      (negated?.[1].type === "boolean" && negated[1].negation !== undefined ? negated : []);
    if (key === undefined || flag === undefined) {
      throw new TypeError(
        `Use an option that ${command} --help lists: got ${JSON.stringify(token.rawName)}` +
          nearest(token.rawName, declared),
      );
    }
    if (flag.type === "boolean") {
      if (token.value !== undefined) {
        const label = found === undefined ? token.rawName : flagLabel(flag);
        throw new TypeError(`Give ${label} no value: it is a switch`);
      }
      if (flag === HELP_FLAG) help = true;
      else values[key] = found !== undefined;
      continue;
    }
    if (token.value === undefined) {
      throw new TypeError(`Give ${flagLabel(flag)} a value: got none`);
    }
    if (!token.inlineValue && token.value.length > 1 && token.value.startsWith("-")) {
      throw new TypeError(
        `Write ${token.rawName}=VALUE for a value that starts with "-": ` +
          `got ${token.rawName} followed by a flag`,
      );
    }
    texts.delete(key); // the last one given wins, and is checked in its place
    texts.set(key, [flag, token.value]);
  }
  if (help) return { help, positionals, values: {} };
  for (const [key, [flag, text]] of texts) values[key] = flag.check(text, `--${flag.name}`);
  return { help, positionals, values: values as FlagValues<F> };
}

/** "; did you mean --lang?" for a long flag near a declared one; "" otherwise. */
function nearest(rawName: string, declared: ReadonlyMap<string, [string, Flag]>): string {
  // A one-letter flag is near too many others for a guess to help.
  if (!rawName.startsWith("--")) return "";
  const names: string[] = [];
  for (const [name, [, flag]] of declared) {
    names.push(name);
    if (flag.type === "boolean" && flag.negation !== undefined) names.push(`no-${name}`);
  }
  const near = closest(rawName.slice(2), names);
  return near === undefined ? "" : `; did you mean --${near}?`;
}
