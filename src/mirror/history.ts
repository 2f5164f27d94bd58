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
import { hasPartitionFile, readOrSetAside, writeParquetAtomic } from "./files.ts";
import { HISTORY_DIR, HISTORY_FILE, HISTORY_GLOB, historyFile, joinPath } from "./layout.ts";
import { appendHistory, emptyHistory, HISTORY_COLUMNS } from "./merge.ts";

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
export function readHistory(
  dir: string,
  statCode: string,
  cycle: Cycle,
  warn: (message: string) => void,
): Promise<DataFrame | undefined> {
  return readOrSetAside(
    joinPath(dir, historyFile(statCode, cycle)),
    HISTORY_COLUMNS,
    (aside, why) =>
      warn(
        `${statCode} ${cycle}: the history file could not be read (${why}); moved it to ${aside} ` +
          "and started a new one",
      ),
  );
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
  const history = await readHistory(dir, statCode, cycle, warn);
  await writeParquetAtomic(
    joinPath(dir, historyFile(statCode, cycle)),
    appendHistory(history, superseded),
  );
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
  if (!hasPartitionFile(joinPath(dir, HISTORY_DIR), (name) => name === HISTORY_FILE)) {
    const empty = emptyHistory().withColumns(
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
