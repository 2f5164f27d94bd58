/**
 * The server's prompts: ready-made requests a user picks in an assistant, which tell the model
 * which tools to call and what to report.
 *
 * @module
 */

import { z } from "../deps.ts";
import { NAMED_SERIES } from "../discovery/mod.ts";

/** A prompt: its arguments (strings, as MCP prompts take them) and the text it makes. */
export interface PromptSpec {
  /** Its name. */
  readonly name: string;
  /** A title for people. */
  readonly title: string;
  /** What it is for. */
  readonly description: string;
  /** Its arguments. */
  readonly args: z.ZodRawShape;
  /**
   * The request it makes.
   *
   * @param args The arguments, checked.
   */
  text(args: Record<string, string | undefined>): string;
}

const NAMES = Object.keys(NAMED_SERIES).join(", ");

const SOURCE_RULE = "Say where the numbers come from as each answer's source note says (if it " +
  "says generated sample data, say so plainly), and give each figure with its unit and period.";

/**
 * The prompts, in the order a client lists them.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { PROMPTS } from "./prompts.ts";
 *
 * assert.deepEqual(PROMPTS.map((p) => p.name), ["indicator_briefing", "compare_series"]);
 * assert.match(PROMPTS[0]!.text({ indicator: "cpi" }), /get_named_series/);
 * ```
 */
export const PROMPTS: readonly PromptSpec[] = [
  {
    name: "indicator_briefing",
    title: "Brief me on an indicator",
    description: "A short briefing on one Korean economic indicator: its latest value, its " +
      "change on a year before, its recent path and range, with the source.",
    args: {
      indicator: z.string().describe(
        `A named series (${NAMES}) or words of a table's name, e.g. "consumer price index"`,
      ),
      language: z.string().optional().describe('"kr" or "en": the language of names'),
    },
    text: ({ indicator, language }) =>
      `Give me a briefing on the Korean indicator "${indicator}".\n\n` +
      `1. If it is one of ${NAMES}, call get_named_series with that name over the last three ` +
      "years. Otherwise find its table with search_tables (or browse_tables), choose the item " +
      "and cycle with list_items, and call get_series over the last three years with " +
      'transform "yoy".\n' +
      "2. Report the latest value and period, the change on a year before, the direction over " +
      "the last few periods, and the highest and lowest values of the range (from the " +
      "summary).\n" +
      "3. If the term needs explaining, call define_term with its Korean name.\n" +
      (language === undefined ? "" : `Pass language "${language}" to every tool.\n`) +
      SOURCE_RULE,
  },
  {
    name: "compare_series",
    title: "Compare two series",
    description: "Compares two ECOS series over the same range: levels, changes on a year " +
      "before, and how they moved together.",
    args: {
      first: z.string().describe(`A named series (${NAMES}) or a table and item, e.g. "cpi"`),
      second: z.string().describe('The other series, e.g. "base_rate"'),
      start: z.string().optional().describe('The first period, e.g. "202001"'),
      end: z.string().optional().describe('The last period, e.g. "202412"'),
    },
    text: ({ first, second, start, end }) =>
      `Compare "${first}" with "${second}"` +
      (start === undefined && end === undefined
        ? " over the last five years"
        : ` from ${start ?? "the earliest period"} to ${end ?? "the latest"}`) +
      ".\n\n" +
      "1. Pull each with get_named_series when it has a name, otherwise with get_series " +
      "(search_tables and list_items find the codes), in a common cycle: the coarser of the " +
      "two.\n" +
      '2. Pull each again with transform "yoy" (get_series) so that both are rates of change.\n' +
      "3. Report the levels and units side by side at the start and at the end, the periods " +
      "where they moved apart, and whether one led the other. Do not compare levels of " +
      "different units directly.\n" +
      SOURCE_RULE,
  },
];
