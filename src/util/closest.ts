/**
 * The known name a misspelt one was probably meant to be, for "did you mean ...?" in messages:
 * option names, flags, commands and table codes all use this one rule.
 *
 * @module
 */

/** Edit distance between two short strings (insertions, deletions, substitutions). */
function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      row[j] = Math.min(row[j - 1]! + 1, previous[j]! + 1, previous[j - 1]! + cost);
    }
    previous = row;
  }
  return previous[b.length]!;
}

/**
 * The known name closest to a misspelt one: the same letters in another case, or within a few
 * edits (a third of the name's length, at least 2); the first of equals.
 *
 * @param name The unknown name, e.g. "pagesize".
 * @param known The names that exist.
 * @returns The closest, e.g. "pageSize", or `undefined` when none is close.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { closest } from "./closest.ts";
 *
 * assert.equal(closest("PAGESIZE", ["pageSize", "format"]), "pageSize");
 * assert.equal(closest("lnag", ["lang", "rows", "out"]), "lang");
 * assert.equal(closest("722Y00", ["722Y001", "901Y009"]), "722Y001");
 * assert.equal(closest("xyzzy", ["lang", "rows"]), undefined);
 * ```
 */
export function closest(name: string, known: readonly string[]): string | undefined {
  const lower = name.toLowerCase();
  const same = known.find((k) => k.toLowerCase() === lower);
  if (same !== undefined) return same;
  let best: string | undefined;
  let bestDistance = Math.max(2, Math.floor(name.length / 3)) + 1;
  for (const k of known) {
    const d = distance(lower, k.toLowerCase());
    if (d < bestDistance) [best, bestDistance] = [k, d];
  }
  return best;
}
