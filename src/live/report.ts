/**
 * The check's report: a table of fact, expected, seen and verdict, a count of each verdict,
 * then every fact that did not agree in full (with the requests it read), and the exit status
 * the results call for.
 *
 * @module
 */

import type { LiveExchange } from "./exchange.ts";
import type { FactResult } from "./fact.ts";
import { codePointWidth, displayWidth } from "../util/width.ts";

export { displayWidth };

/** The widest each column is drawn; longer cells are cut, and given in full below the table. */
const CAPS = { fact: 46, expected: 38, seen: 34 } as const;

/** The text cut to `max` columns (ending "…" when cut), then padded to `to` columns. */
function cell(text: string, max: number, to: number): string {
  let out = text.replace(/\s+/g, " ");
  if (displayWidth(out) > max) {
    let w = 0;
    let cut = "";
    for (const ch of out) {
      const cw = codePointWidth(ch);
      if (w + cw > max - 1) break;
      cut += ch;
      w += cw;
    }
    out = `${cut}…`;
  }
  return out + " ".repeat(Math.max(0, to - displayWidth(out)));
}

/**
 * The exit status the results call for: 1 when any fact differs, else 0 (noted facts are open
 * questions, not failures).
 *
 * @param results The facts held.
 * @returns 0 or 1.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { exitStatus } from "./report.ts";
 *
 * const fact = { fact: "f", expected: "e", seen: "s", evidence: "guide", requests: [] };
 * assert.equal(exitStatus([{ ...fact, verdict: "agree" }, { ...fact, verdict: "noted" }]), 0);
 * assert.equal(exitStatus([{ ...fact, verdict: "agree" }, { ...fact, verdict: "differ" }]), 1);
 * ```
 */
export function exitStatus(results: readonly FactResult[]): 0 | 1 {
  return results.some((r) => r.verdict === "differ") ? 1 : 0;
}

/**
 * The report: the table, the counts, then in full every fact that differs and every open
 * question noted, each with the requests it read (paths with the key as `***`).
 *
 * @param results The facts held.
 * @param exchanges The run's exchanges, for the paths of the requests.
 * @returns The report's text, ending in a newline.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { formatReport } from "./report.ts";
 *
 * const text = formatReport([{
 *   fact: "INFO-200: a range in the future",
 *   expected: "INFO-200",
 *   seen: "3 rows of 3",
 *   verdict: "differ",
 *   evidence: "measured live",
 *   requests: ["future-range"],
 * }], [{ name: "future-range", path: "StatisticSearch/***\/json/kr/1/10", status: 200, contentType: "", body: "" }]);
 * assert.match(text, /^fact +\| expected +\| seen +\| verdict\n/);
 * assert.match(text, /\| differ\n/);
 * assert.match(text, /1 facts: 0 agree, 1 differ, 0 noted/);
 * assert.match(text, /future-range: StatisticSearch\/\*\*\*\/json\/kr\/1\/10/);
 * ```
 */
export function formatReport(
  results: readonly FactResult[],
  exchanges: readonly LiveExchange[],
): string {
  const widths = {
    fact: Math.min(CAPS.fact, Math.max(4, ...results.map((r) => displayWidth(r.fact)))),
    expected: Math.min(CAPS.expected, Math.max(8, ...results.map((r) => displayWidth(r.expected)))),
    seen: Math.min(CAPS.seen, Math.max(4, ...results.map((r) => displayWidth(r.seen)))),
  };
  const row = (f: string, e: string, s: string, v: string) =>
    [
      cell(f, widths.fact, widths.fact),
      cell(e, widths.expected, widths.expected),
      cell(s, widths.seen, widths.seen),
      v,
    ].join(" | ");
  const lines = [
    row("fact", "expected", "seen", "verdict"),
    ["fact", "expected", "seen"].map((k) => "-".repeat(widths[k as keyof typeof widths])).join(
      "-+-",
    ) +
    "-+--------",
    ...results.map((r) => row(r.fact, r.expected, r.seen, r.verdict)),
  ];
  const count = (v: string) => results.filter((r) => r.verdict === v).length;
  lines.push(
    "",
    `${results.length} facts: ${count("agree")} agree, ${count("differ")} differ, ` +
      `${count("noted")} noted (${exchanges.length} requests)`,
  );
  const unsent = exchanges.filter((e) => e.unsent).length;
  if (unsent > 0) {
    lines.push(
      `The check's deadline passed: ${exchanges.length - unsent} of ${exchanges.length} ` +
        "requests were sent; facts that needed the others could not be seen.",
    );
  }
  const failed = exchanges.filter((e) => e.status === 0 && !e.unsent);
  if (failed.length > 0 && failed.length === exchanges.length - unsent) {
    lines.push(
      `No request was answered (${failed[0]?.error ?? "no answer"}): check the network and the ` +
        "base URL; the facts below could not be seen.",
    );
  }
  const paths = new Map(exchanges.map((e) => [e.name, e.path]));
  for (const [verdict, title] of [["differ", "Differences"], ["noted", "Open questions"]]) {
    const some = results.filter((r) => r.verdict === verdict);
    if (some.length === 0) continue;
    lines.push("", `${title}:`);
    for (const r of some) {
      lines.push(
        `- ${r.fact}`,
        `    expected: ${r.expected} (${r.evidence})`,
        `    seen:     ${r.seen}`,
        ...r.requests.map((n) => `    ${n}: ${paths.get(n) ?? "(not in this run)"}`),
      );
    }
  }
  return `${lines.join("\n")}\n`;
}
