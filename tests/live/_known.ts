/**
 * What the live check says of the bundled server today, written down: the facts on which it
 * still differs from the live service, and the open questions it notes. When a difference is
 * removed or added, update the list (and re-record tests/testdata/live, see its README).
 *
 * @module
 */

import type { FactResult } from "../../src/live/mod.ts";

/** The key the tests' servers accept; it must appear in no output or file. */
export const KEY = "live-check-test-key-5c1e";

/**
 * The facts the bundled server (and the client) differ on today, in table order: none. The
 * table list holds the live catalogue's snapshot (834 rows) and the sample tables it lacks.
 */
export const KNOWN_DIFFERENCES: readonly string[] = [];

/** The open questions the check notes, in table order. */
export const NOTED: readonly string[] = [
  "SM asked as 200401SM1 (specification)",
  "Text fields with spaces at either end",
  "The guide's URL ending /?/?/? (a query string)",
];

/** The facts of a verdict, in table order. */
export function factsOf(results: readonly FactResult[], verdict: FactResult["verdict"]): string[] {
  return results.filter((r) => r.verdict === verdict).map((r) => r.fact);
}
