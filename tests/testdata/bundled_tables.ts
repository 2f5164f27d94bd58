/**
 * The bundled server's StatisticTableList as a frame, without a server: the rows its lookup
 * answers (the catalogue snapshot and the sample tables), for search tests and the benchmark.
 *
 * @module
 */

import { type DataFrame, pl } from "../../src/deps.ts";
import { tableList } from "../../src/server/data/lookups.ts";
import type { Language } from "../../src/wire/format.ts";

const FIELDS = ["P_STAT_CODE", "STAT_CODE", "STAT_NAME", "CYCLE", "SRCH_YN", "ORG_NAME"] as const;
const frames = new Map<Language, DataFrame>();

/**
 * The bundled server's whole table list in a language, as the client's frame has it: the same
 * frame each call, or with `fresh`, a new one (whose names search has not folded yet).
 */
export function bundledTables(language: Language, { fresh = false } = {}): DataFrame {
  const known = frames.get(language);
  if (known && !fresh) return known;
  const rows = tableList(undefined, language);
  const frame = pl.DataFrame(FIELDS.map((f) => pl.Series(f, rows.map((r) => r[f]), pl.String)));
  if (!known) frames.set(language, frame);
  return frame;
}
