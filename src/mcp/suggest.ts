/**
 * The code a mistyped table code was probably meant to be, for list_items and describe_table:
 * the item list of a table that does not exist is empty, which says nothing, so these tools
 * say "722Y00 is not a table code; did you mean 722Y001?" as the client does for StatisticSearch.
 *
 * @module
 */

import { closest } from "../util/closest.ts";

/**
 * The known code closest to `code`: the same in another case, or within two edits (a third of
 * its length for long codes); the first of equals.
 *
 * @param code The unknown code, e.g. "722y00".
 * @param known The codes that exist.
 * @returns The closest, or `undefined` when none is close.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { suggestCode } from "./suggest.ts";
 *
 * assert.equal(suggestCode("722Y00", ["722Y001", "901Y009"]), "722Y001");
 * assert.equal(suggestCode("901y009", ["722Y001", "901Y009"]), "901Y009");
 * assert.equal(suggestCode("ABCDEFG", ["722Y001"]), undefined);
 * ```
 */
export function suggestCode(code: string, known: readonly string[]): string | undefined {
  return closest(code, known);
}
