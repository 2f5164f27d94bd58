/**
 * The table-search benchmark (tests/testdata/search_queries.ts): what people type in a Korean
 * session and in an English one, each with the tables it should find. A session's hit rate is
 * the share of its searches with an expected table among the first five; the target is 90%.
 * Each search runs on the list of its text's language, as `searchTables` picks it, over the
 * bundled server's whole table list. (Its time is measured by `deno task bench`, not here.)
 */

import assert from "node:assert/strict";
import { searchLanguage, searchTablesIn } from "../../src/discovery/mod.ts";
import type { Language } from "../../src/wire/format.ts";
import { ENGLISH_SESSION, KOREAN_SESSION, type SearchCase } from "../testdata/search_queries.ts";
import { bundledTables } from "../testdata/bundled_tables.ts";

/** The searches of a session whose first five results miss every expected table. */
function misses(cases: readonly SearchCase[], session: Language): string[] {
  return cases.filter((c) => {
    const list = bundledTables(searchLanguage(c.query, undefined, session));
    const top = searchTablesIn(list, c.query).head(5).getColumn("STAT_CODE").toArray();
    return !top.some((code) => c.expect.includes(code as string));
  }).map((c) => c.query);
}

Deno.test("the search benchmark has at least 60 searches, Korean and English", () => {
  assert.ok(KOREAN_SESSION.length + ENGLISH_SESSION.length >= 60);
  assert.ok(KOREAN_SESSION.length >= 30 && ENGLISH_SESSION.length >= 30);
});

Deno.test("search benchmark, Korean session: an expected table in the top 5 for at least 90%", () => {
  const missed = misses(KOREAN_SESSION, "kr");
  const rate = 1 - missed.length / KOREAN_SESSION.length;
  assert.ok(rate >= 0.9, `hit rate ${rate.toFixed(3)}; missed: ${missed.join(", ")}`);
});

Deno.test("search benchmark, English session: an expected table in the top 5 for at least 90%", () => {
  const missed = misses(ENGLISH_SESSION, "en");
  const rate = 1 - missed.length / ENGLISH_SESSION.length;
  assert.ok(rate >= 0.9, `hit rate ${rate.toFixed(3)}; missed: ${missed.join(", ")}`);
});
