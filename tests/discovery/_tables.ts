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

/** The bundled server's whole table list in a language, as the client's frame has it. */
export function bundledTables(language: Language): DataFrame {
  let frame = frames.get(language);
  if (frame) return frame;
  const rows = tableList(undefined, language);
  frame = pl.DataFrame(FIELDS.map((f) => pl.Series(f, rows.map((r) => r[f]), pl.String)));
  frames.set(language, frame);
  return frame;
}
