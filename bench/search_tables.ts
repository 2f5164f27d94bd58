/**
 * Measurement 9: a table search over the whole catalogue (the bundled server's table list: the
 * 834 rows of the snapshot and the sample tables), each search of the benchmark
 * (tests/testdata/search_queries.ts) on the list of its text's language, as `searchTables`
 * picks it. The folded names are built once per frame: the first search pays for them, and is
 * reported apart. Target: a median search of at most 5 ms.
 *
 *     deno run -A bench/search_tables.ts [reps]
 *
 * @module
 */

import { searchLanguage, searchTablesIn } from "../src/discovery/mod.ts";
import { summarise, type Timing } from "./_measure.ts";
import { bundledTables } from "../tests/testdata/bundled_tables.ts";
import {
  ENGLISH_SESSION,
  KOREAN_SESSION,
  type SearchCase,
} from "../tests/testdata/search_queries.ts";

/** The figures of measurement 9. */
export interface SearchResult {
  /** Searches in the benchmark. */
  queries: number;
  /** Tables searched (searchable rows of the Korean list). */
  tables: number;
  /** One search, over every search of every repetition. */
  search: Timing;
  /** The first search on a fresh frame: folding its names, then searching. */
  firstSearch: Timing;
  /** Share of searches with an expected table in the first five, per session. */
  hitRate: { kr: number; en: number };
}

/** Share of a session's searches with an expected table among the first five. */
function hitRate(cases: readonly SearchCase[], session: "kr" | "en"): number {
  const hits = cases.filter((c) => {
    const list = bundledTables(searchLanguage(c.query, undefined, session));
    const top = searchTablesIn(list, c.query).head(5).getColumn("STAT_CODE").toArray();
    return top.some((code) => c.expect.includes(code as string));
  });
  return hits.length / cases.length;
}

/**
 * Times every search of the benchmark `reps` times, and the first search on fresh frames.
 *
 * @param reps Repetitions of the whole set.
 * @returns The figures.
 */
export function measureSearch(reps: number): SearchResult {
  const cases = [
    ...KOREAN_SESSION.map((c) => [c, "kr"] as const),
    ...ENGLISH_SESSION.map((c) => [c, "en"] as const),
  ];
  const first: number[] = [];
  for (let i = 0; i < reps; i++) {
    const fresh = bundledTables("kr", { fresh: true });
    const t0 = performance.now();
    searchTablesIn(fresh, "소비자물가");
    first.push(performance.now() - t0);
  }
  const samples: number[] = [];
  for (const [c, session] of cases) searchTablesIn(bundledTables(session), c.query); // warm
  for (let i = 0; i < reps; i++) {
    for (const [c, session] of cases) {
      const list = bundledTables(searchLanguage(c.query, undefined, session));
      const t0 = performance.now();
      searchTablesIn(list, c.query);
      samples.push(performance.now() - t0);
    }
  }
  const kr = bundledTables("kr");
  return {
    queries: cases.length,
    tables: (kr.getColumn("SRCH_YN").toArray() as string[]).filter((s) => s === "Y").length,
    search: summarise(samples),
    firstSearch: summarise(first),
    hitRate: { kr: hitRate(KOREAN_SESSION, "kr"), en: hitRate(ENGLISH_SESSION, "en") },
  };
}

if (import.meta.main) {
  const result = measureSearch(Number(Deno.args[0] ?? 11));
  console.log(JSON.stringify(result, null, 2));
}
