/**
 * Answers as text a model reads well: small Markdown tables, a line of summary, numbers as
 * they are. The structured content carries the same facts; this is its readable twin.
 *
 * @module
 */

import type { Observation, SeriesAnswer, SeriesBlock, Summary } from "./series.ts";

/** A table cell: no line breaks, no column separators, nothing for null. */
const cell = (v: unknown): string =>
  v === null || v === undefined ? "" : String(v).replace(/\s+/g, " ").replace(/\|/g, "\\|");

/**
 * A Markdown table.
 *
 * @param header The column names.
 * @param rows The rows, one value per column.
 * @returns The table, one line a row, ending with a line break.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { markdownTable } from "./render.ts";
 *
 * assert.equal(
 *   markdownTable(["code", "name"], [["722Y001", "base rate | loans"], ["901Y009", null]]),
 *   "| code | name |\n|---|---|\n| 722Y001 | base rate \\| loans |\n| 901Y009 |  |\n",
 * );
 * ```
 */
export function markdownTable(header: readonly string[], rows: readonly unknown[][]): string {
  const line = (cells: readonly unknown[]) => `| ${cells.map(cell).join(" | ")} |\n`;
  return line(header) + `|${header.map(() => "---").join("|")}|\n` + rows.map(line).join("");
}

const at = (o: Observation | null) => o === null ? "none" : `${o.value} (${o.time})`;

/**
 * A summary in one line.
 *
 * @param s The summary.
 * @returns E.g. "12 rows, 0 missing; first 3.5 (2023-01-01), last ... ".
 */
export function summaryLine(s: Summary): string {
  return `${s.count} rows, ${s.missing} missing; first ${at(s.first)}, last ${at(s.last)}, ` +
    `min ${at(s.min)}, max ${at(s.max)}`;
}

function seriesText(s: SeriesBlock, transform: string | null): string {
  const names = s.item_names.join(" / ");
  const head = `### ${s.item_codes.join(" / ")} ${names} (unit: ${s.unit ?? "none given"})\n`;
  const lines = [head, `Summary: ${summaryLine(s.summary)}\n`];
  if (s.transformed_summary !== undefined) {
    const unit = s.transformed_unit ?? "none given";
    lines.push(`Summary of ${transform} (unit: ${unit}): ${summaryLine(s.transformed_summary)}\n`);
  }
  if (s.omitted !== null) {
    lines.push(
      `(${s.omitted.rows} earlier rows, ${s.omitted.from} to ${s.omitted.to}, left out)\n`,
    );
  }
  if (s.rows.length > 0) {
    const header = transform === null
      ? ["TIME", "PERIOD", "value"]
      : ["TIME", "PERIOD", "value", `${transform} (${s.transformed_unit ?? ""})`];
    const rows = s.rows.map((r) =>
      transform === null ? [r.time, r.period, r.value] : [r.time, r.period, r.value, r.transformed]
    );
    lines.push(markdownTable(header, rows));
  }
  return lines.join("");
}

/**
 * The text of a series answer: what was pulled, what was left out, then each series with its
 * unit, summary and rows.
 *
 * @param a The answer.
 * @returns The text.
 */
export function seriesAnswerText(a: SeriesAnswer): string {
  const what = `${a.stat_code} ${a.stat_name ?? ""}`.trim();
  const lines = [
    `${what}, cycle ${a.cycle}, ${a.start} to ${a.end}` +
    (a.transform === null ? "" : `, transform ${a.transform}`) +
    `: ${a.total_rows} rows in ${a.series.length} series. TIME is the first day of each period.\n`,
  ];
  if (a.total_rows === 0) {
    lines.push(
      "No rows: the table, cycle and items exist but hold no data in this range; list_items " +
        "shows each item's first and last period.\n",
    );
  }
  if (a.omitted_note !== null) lines.push(`${a.omitted_note}\n`);
  for (const s of a.series) lines.push(`\n${seriesText(s, a.transform)}`);
  return lines.join("");
}
