/**
 * Help texts, generated from the data that also drives parsing: a command's forms, arguments,
 * flags and examples become "Usage:", "Arguments:", "Options:" and "Example:" sections of one
 * shape for every command.
 *
 * @module
 */

import { flagLabel, type Flags, HELP_FLAG } from "./flag.ts";

/** A line of a help section: the term, and what it means (more lines indented under it). */
export type Row = readonly [term: string, text: string];

/** A section of a help text after the options, e.g. "Environment:". */
export interface Section {
  /** The heading, without the colon. */
  readonly title: string;
  /** Its lines. */
  readonly rows: readonly Row[];
}

/** What a help text is made of; a command declares these. */
export interface UsageSpec {
  /** The command's name, e.g. "search". */
  readonly name: string;
  /** Its arguments as the usage line shows them, e.g. "<stat> [pattern...]"; "" for none. */
  readonly synopsis: string;
  /** Other ways to call it, each shown on a usage line of its own. */
  readonly forms?: readonly string[];
  /** What it does, in a paragraph or a few. */
  readonly description: string;
  /** Its arguments, for the "Arguments:" section. */
  readonly args: readonly Row[];
  /** Its flags, for the "Options:" section; `--help` is added. */
  readonly flags: Flags;
  /** Sections after the options, e.g. the environment it reads. */
  readonly sections?: readonly Section[];
  /** Command lines that show it at work. */
  readonly examples: readonly string[];
}

/**
 * A help section: its heading, then one line a row, the texts aligned in a column.
 *
 * @param title The heading, without the colon.
 * @param rows The rows.
 * @returns The section, without a final line break.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { sectionText } from "./usage.ts";
 *
 * assert.equal(
 *   sectionText("Arguments", [["<stat>", "table code"], ["[items...]", "item codes\nup to 4"]]),
 *   "Arguments:\n  <stat>      table code\n  [items...]  item codes\n              up to 4",
 * );
 * ```
 */
export function sectionText(title: string, rows: readonly Row[]): string {
  const width = Math.max(0, ...rows.map(([term]) => term.length)) + 2;
  const indent = " ".repeat(2 + width);
  const lines = rows.map(([term, text]) =>
    `  ${term.padEnd(width)}${text.replaceAll("\n", `\n${indent}`)}`
  );
  return [`${title}:`, ...lines].join("\n");
}

/**
 * The "Options:" section of a group of flags, `--help` last.
 *
 * @param flags The flags.
 * @returns The section, without a final line break.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { optionsUsage } from "./usage.ts";
 *
 * const flags = {
 *   cache: { type: "boolean", name: "cache", help: "use the cache", negation: "do not" },
 * } as const;
 * assert.equal(
 *   optionsUsage(flags),
 *   "Options:\n  --cache     use the cache\n  --no-cache  do not\n  -h, --help  show this help",
 * );
 * ```
 */
export function optionsUsage(flags: Flags): string {
  const rows: Row[] = [];
  for (const flag of [...Object.values(flags), HELP_FLAG]) {
    const label = flagLabel(flag);
    if (flag.type === "string") {
      rows.push([`${label} ${flag.value}`, flag.help]);
      continue;
    }
    rows.push([label, flag.help]);
    if (flag.negation !== undefined) rows.push([`--no-${flag.name}`, flag.negation]);
  }
  return sectionText("Options", rows);
}

/**
 * A command's whole help: its usage lines, description, arguments, options, further sections
 * and examples. The usage lines end in "[options]" when the command takes flags besides
 * `--help`.
 *
 * @param spec The command's declarations.
 * @returns The help, without a final line break.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { usageText } from "./usage.ts";
 *
 * const usage = usageText({
 *   name: "cache",
 *   synopsis: "info|clear",
 *   description: "The response cache.",
 *   args: [["info", "what it holds"], ["clear", "empty it"]],
 *   flags: {},
 *   examples: ["ecos cache info"],
 * });
 * assert.match(usage, /^Usage: ecos cache info\|clear\n\nThe response cache\.\n\nArguments:\n/);
 * assert.match(usage, /\nOptions:\n  -h, --help  show this help\n\nExample:\n  ecos cache info$/);
 * ```
 */
export function usageText(spec: UsageSpec): string {
  const options = Object.keys(spec.flags).length > 0 ? " [options]" : "";
  const forms = [spec.synopsis, ...(spec.forms ?? [])].map((form, i) =>
    `${i === 0 ? "Usage:" : "      "} ecos ${spec.name}${form === "" ? "" : ` ${form}`}${options}`
  );
  const parts = [forms.join("\n"), spec.description];
  if (spec.args.length > 0) parts.push(sectionText("Arguments", spec.args));
  parts.push(optionsUsage(spec.flags));
  for (const section of spec.sections ?? []) parts.push(sectionText(section.title, section.rows));
  parts.push(["Example:", ...spec.examples.map((e) => `  ${e}`)].join("\n"));
  return parts.join("\n\n");
}
