/**
 * A flag as data: its name, one-letter alias, type, value name, help and value check. Groups of
 * flags are plain records of them, keyed by the name the parsed value takes; the same records
 * drive the parser (src/cli/parse.ts), the "Options:" part of every help text
 * (src/cli/usage.ts) and the tests that go through every declared flag.
 *
 * @module
 */

import { closest } from "../util/closest.ts";

/** A flag that takes no value: present is `true`; `--no-NAME` is `false` when negatable. */
export interface SwitchFlag {
  /** A switch. */
  readonly type: "boolean";
  /** The long name without dashes, e.g. "excel". */
  readonly name: string;
  /** The one-letter alias without the dash, e.g. "h". */
  readonly short?: string;
  /** What it does, for the help; lines after the first are indented under the first. */
  readonly help: string;
  /** The help of `--no-NAME`; without it, `--no-NAME` is an unknown flag. */
  readonly negation?: string;
}

/** A flag that takes a value, checked and read by `check`. */
export interface ValueFlag<T = unknown> {
  /** A flag with a value. */
  readonly type: "string";
  /** The long name without dashes, e.g. "page-size". */
  readonly name: string;
  /** The one-letter alias without the dash, e.g. "o". */
  readonly short?: string;
  /** The value's name in the help, e.g. "N", "FILE" or "kr|en". */
  readonly value: string;
  /** What it does, for the help; lines after the first are indented under the first. */
  readonly help: string;
  /**
   * Checks a value and reads it.
   *
   * @param text The value as given.
   * @param flag The flag as written in messages, e.g. "--rows".
   * @returns The value read.
   * @throws {TypeError} A message that says what to give, e.g. `Use --lang kr or en: got "jp"`.
   */
  readonly check: (text: string, flag: string) => T;
}

/** Any flag. */
export type Flag = SwitchFlag | ValueFlag;

/** A group of flags, keyed by the name of the value each one sets. */
export type Flags = Readonly<Record<string, Flag>>;

/** The values a group of flags read: only the flags given are present. */
export type FlagValues<F extends Flags> = {
  -readonly [K in keyof F]?: F[K] extends ValueFlag<infer T> ? T : boolean;
};

/** `-h`, `--help`: every command takes it, so no group declares it. */
export const HELP_FLAG: SwitchFlag = {
  type: "boolean",
  name: "help",
  short: "h",
  help: "show this help",
};

/**
 * A flag as messages and the help name it: "-o, --out" or "--rows".
 *
 * @param flag The flag.
 * @returns Its alias and long name.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { flagLabel, HELP_FLAG } from "./flag.ts";
 *
 * assert.equal(flagLabel(HELP_FLAG), "-h, --help");
 * ```
 */
export function flagLabel(flag: Flag): string {
  return flag.short === undefined ? `--${flag.name}` : `-${flag.short}, --${flag.name}`;
}

/**
 * The check of a value taken as written (a directory, a host name).
 *
 * @param text The value.
 * @returns The value.
 */
export function verbatim(text: string): string {
  return text;
}

/**
 * The check of a whole number of at least `min`.
 *
 * @param min The least value accepted.
 * @returns The check.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { wholeNumber } from "./flag.ts";
 *
 * assert.equal(wholeNumber(1)("20", "--page-size"), 20);
 * assert.throws(
 *   () => wholeNumber(1)("0", "--page-size"),
 *   { name: "TypeError", message: 'Give --page-size a whole number, 1 or more: got "0"' },
 * );
 * ```
 */
export function wholeNumber(min: number): (text: string, flag: string) => number {
  return (text, flag) => {
    const n = Number(text);
    if (!/^[0-9]+$/.test(text) || n < min || !Number.isSafeInteger(n)) {
      throw new TypeError(
        `Give ${flag} a whole number, ${min} or more: got ${JSON.stringify(text)}`,
      );
    }
    return n;
  };
}

/**
 * The check of one value among a few.
 *
 * @param choices The values accepted, in the order the message names them.
 * @returns The check.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { oneOf } from "./flag.ts";
 *
 * const lang = oneOf(["kr", "en"] as const);
 * assert.equal(lang("en", "--lang"), "en");
 * assert.throws(() => lang("jp", "--lang"), { message: 'Use --lang kr or en: got "jp"' });
 * const as = oneOf(["csv", "json", "ndjson", "parquet"] as const);
 * assert.throws(() => as("cvs", "--as"), {
 *   message: 'Use --as csv, json, ndjson or parquet: got "cvs"; did you mean csv?',
 * });
 * ```
 */
export function oneOf<const T extends string>(
  choices: readonly T[],
): (text: string, flag: string) => T {
  return (text, flag) => {
    if (!(choices as readonly string[]).includes(text)) {
      const listed = choices.length > 2
        ? `${choices.slice(0, -1).join(", ")} or ${choices.at(-1)}`
        : choices.join(" or ");
      // Values of two letters (kr, en) are all near one another: no guess for them.
      const near = text.length > 2 ? closest(text, choices) : undefined;
      throw new TypeError(
        `Use ${flag} ${listed}: got ${JSON.stringify(text)}${
          near === undefined ? "" : `; did you mean ${near}?`
        }`,
      );
    }
    return text as T;
  };
}
