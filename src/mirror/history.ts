/**
 * The mirror's history: every value a later fetch superseded, kept per table and cycle in
 * `DIR/_history/STAT_CODE=.../CYCLE=.../history.pq` (Parquet, named `.pq` so that the data's
 * glob leaves it out), with FIRST_SEEN, LAST_SEEN and REPLACED_AT. ECOS publishes no vintages;
 * this is how a mirror knows what a figure was before a revision.
 *
 * @module
 */

import { type DataFrame, pl } from "../deps.ts";
import type { Cycle } from "../wire/period.ts";
import { exists, readParquetFile, writeParquetAtomic } from "./files.ts";
import { HISTORY_GLOB, historyFile, joinPath } from "./layout.ts";
import { appendHistory, conform, HISTORY_COLUMNS } from "./merge.ts";

/** A Polars LazyFrame (the type nodejs-polars gives `DataFrame.lazy()`). */
export type LazyFrame = ReturnType<DataFrame["lazy"]>;

/**
 * A partition's history file, if it is there and readable. A damaged one is moved aside
 * (`history.pq.damaged-<time>`) so that the next superseded values are kept in a new one.
 *
 * @param dir The mirror's directory.
 * @param statCode The table.
 * @param cycle The cycle.
 * @param warn Told when a damaged file was moved aside.
 * @returns The rows; `undefined` for none.
 */
export async function readHistory(
  dir: string,
  statCode: string,
  cycle: Cycle,
  warn: (message: string) => void,
): Promise<DataFrame | undefined> {
  const path = joinPath(dir, historyFile(statCode, cycle));
  if (!(await exists(path))) return undefined;
  try {
    return conform(await readParquetFile(path), HISTORY_COLUMNS);
  } catch (e) {
    const aside = `${path}.damaged-${Date.now()}`;
    await Deno.rename(path, aside);
    warn(
      `${statCode} ${cycle}: the history file could not be read (${
        e instanceof Error ? e.message.split("\n")[0] : String(e)
      }); moved it to ${aside} and started a new one`,
    );
    return undefined;
  }
}

/**
 * Adds superseded rows to a partition's history file (written beside it and renamed).
 *
 * @param dir The mirror's directory.
 * @param statCode The table.
 * @param cycle The cycle.
 * @param superseded The rows superseded now (HISTORY_COLUMNS).
 * @param warn Told when a damaged history file was moved aside.
 */
export async function addToHistory(
  dir: string,
  statCode: string,
  cycle: Cycle,
  superseded: DataFrame,
  warn: (message: string) => void,
): Promise<void> {
  if (superseded.height === 0) return;
  const file = historyFile(statCode, cycle);
  const history = await readHistory(dir, statCode, cycle, warn);
  await Deno.mkdir(joinPath(dir, file.slice(0, file.lastIndexOf("/"))), { recursive: true });
  await writeParquetAtomic(joinPath(dir, file), appendHistory(history, superseded));
}

/** Whether a mirror has any history file. */
function hasHistory(dir: string): boolean {
  try {
    for (const table of Deno.readDirSync(joinPath(dir, "_history"))) {
      if (!table.isDirectory || !table.name.startsWith("STAT_CODE=")) continue;
      for (const cycle of Deno.readDirSync(joinPath(dir, `_history/${table.name}`))) {
        if (!cycle.isDirectory || !cycle.name.startsWith("CYCLE=")) continue;
        for (const f of Deno.readDirSync(joinPath(dir, `_history/${table.name}/${cycle.name}`))) {
          if (f.isFile && f.name === "history.pq") return true;
        }
      }
    }
  } catch (e) {
    if (e instanceof Deno.errors.NotFound) return false;
    throw e;
  }
  return false;
}

/**
 * Every superseded value of a mirror as one LazyFrame: STAT_CODE, then the row as it was
 * (StatisticSearch's columns), CYCLE, then FIRST_SEEN, LAST_SEEN and REPLACED_AT (Datetime,
 * milliseconds, UTC).
 *
 * @param dir The mirror's directory.
 * @returns The lazy frame (no rows when nothing was ever revised).
 */
export function scanHistory(dir: string): LazyFrame {
  const columns = [
    "STAT_CODE",
    ...HISTORY_COLUMNS.slice(0, -3),
    "CYCLE",
    ...HISTORY_COLUMNS.slice(-3),
  ];
  if (!hasHistory(dir)) {
    const empty = conform(
      pl.DataFrame(Object.fromEntries(HISTORY_COLUMNS.map((c) => [c, [null]]))),
      HISTORY_COLUMNS,
    ).clear().withColumns(
      pl.lit(null).cast(pl.Utf8).alias("STAT_CODE"),
      pl.lit(null).cast(pl.Utf8).alias("CYCLE"),
    );
    return empty.select(...columns).lazy();
  }
  return pl.scanParquet(joinPath(dir, HISTORY_GLOB), {
    hivePartitioning: true,
    hiveSchema: { STAT_CODE: pl.Utf8, CYCLE: pl.Utf8 },
  }).select(...columns);
}
