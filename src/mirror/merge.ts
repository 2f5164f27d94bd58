/**
 * How a fetch changes a stored partition, as pure frame functions: rows are keyed by their
 * items and period (ITEM_CODE1..4, TIME), so a row the service repeats, or sends again because
 * it ignored the start asked for, is stored once. A fetched row replaces the stored row of its
 * key; a stored row the answer does not hold stays (an empty or short answer never deletes
 * anything); a stored value that a fetch changes is superseded, and kept with when it was first
 * and last seen and when it was replaced.
 *
 * @module
 */

import { type DataFrame, pl } from "../deps.ts";
import { STATISTIC_SEARCH_SCHEMA } from "../wire/columns.ts";

/** The columns of a row's key within a partition. */
export const KEY_COLUMNS: readonly string[] = [
  "ITEM_CODE1",
  "ITEM_CODE2",
  "ITEM_CODE3",
  "ITEM_CODE4",
  "TIME",
];

/** StatisticSearch's columns but STAT_CODE (a partition, as CYCLE is). */
export const ROW_COLUMNS: readonly string[] = STATISTIC_SEARCH_SCHEMA
  .map((c) => c.name)
  .filter((c) => c !== "STAT_CODE");

/** A data file's columns: the row, and when the mirror first saw its value. */
export const STORED_COLUMNS: readonly string[] = [...ROW_COLUMNS, "FIRST_SEEN"];

/** A history file's columns: the superseded row, when first and last seen, when replaced. */
export const HISTORY_COLUMNS: readonly string[] = [
  ...ROW_COLUMNS,
  "FIRST_SEEN",
  "LAST_SEEN",
  "REPLACED_AT",
];

const KEY = "__KEY";
const DAYS = (name: string) => pl.col(name).cast(pl.Int32);

/**
 * The key of each row as one string column (nulls as ""), for joins that match nulls, which
 * Polars' joins do not.
 *
 * @param frame Rows with the key's columns (and the `extra` ones).
 * @param extra Columns put before the key's, e.g. STAT_CODE and CYCLE.
 * @param name The key column's name.
 * @returns The rows with the key column.
 */
export function keyed(frame: DataFrame, extra: readonly string[] = [], name = KEY): DataFrame {
  return frame.withColumns(
    pl.concatString([
      ...[...extra, ...KEY_COLUMNS.slice(0, 4)].map((c) => pl.col(c).fillNull(pl.lit(""))),
      DAYS("TIME").cast(pl.Utf8),
    ], "\x1f").alias(name),
  );
}

const at = (date: Date) => pl.lit(date.getTime()).cast(pl.Datetime("ms"));

/**
 * A frame with the columns given, each cast to its type: text as String, WGT and DATA_VALUE as
 * Float64, TIME as Date, the *_SEEN and REPLACED_AT times as Datetime (ms, UTC).
 *
 * @param frame The rows.
 * @param columns The columns, in order.
 * @returns The rows, conformed.
 */
export function conform(frame: DataFrame, columns: readonly string[]): DataFrame {
  return frame.select(...columns.map((name) => {
    const spec = STATISTIC_SEARCH_SCHEMA.find((c) => c.name === name);
    const type = spec === undefined
      ? pl.Datetime("ms")
      : spec.kind === "float"
      ? pl.Float64
      : spec.kind === "date"
      ? pl.Date
      : pl.Utf8;
    return pl.col(name).cast(type).alias(name);
  }));
}

/** What a fetch does to a partition's file. */
export interface Merged {
  /** The rows to store: the stored ones the answer does not hold, and the answer's. */
  current: DataFrame;
  /** Stored rows whose value the answer changed, with FIRST_SEEN, LAST_SEEN, REPLACED_AT. */
  superseded: DataFrame;
  /** Rows of keys not stored before. */
  added: number;
  /** Whether `current` differs from what was stored. */
  changed: boolean;
}

/** When the rows of a partition were last seen, for the LAST_SEEN of superseded values. */
export interface Checked {
  /** When a fetch last returned rows for the partition. */
  at: Date;
  /** The first day of the first period that fetch asked for, in days since 1970-01-01. */
  fromDays: number;
}

/**
 * Merges a fetch into a partition's stored rows.
 *
 * @param stored The stored rows (STORED_COLUMNS), or `undefined` for none.
 * @param fresh The fetched rows (StatisticSearch's columns; STAT_CODE is dropped).
 * @param fetchedAt When they were fetched: the FIRST_SEEN of new values, the REPLACED_AT of the
 * values they supersede.
 * @param checked The partition's previous fetch that returned rows, if any: a superseded value
 * whose period it asked for was last seen then, otherwise when it was first seen.
 * @returns The rows to store, and the superseded ones.
 */
export function mergeFetch(
  stored: DataFrame | undefined,
  fresh: DataFrame,
  fetchedAt: Date,
  checked?: Checked,
): Merged {
  const incoming = keyed(conform(fresh, ROW_COLUMNS))
    .unique({ subset: [KEY], keep: "last", maintainOrder: true });
  if (stored === undefined || stored.height === 0) {
    const current = sortRows(incoming.withColumns(at(fetchedAt).alias("FIRST_SEEN")));
    return {
      current,
      superseded: emptyHistory(),
      added: current.height,
      changed: current.height > 0,
    };
  }
  const old = keyed(conform(stored, STORED_COLUMNS));
  const joined = incoming.join(
    old.select(
      pl.col(KEY),
      pl.col("DATA_VALUE").alias("__OLD"),
      pl.col("FIRST_SEEN").alias("__FIRST"),
    ),
    { on: KEY, how: "left" },
  );
  const matched = pl.col("__FIRST").isNotNull();
  const same = pl.col("DATA_VALUE").eq(pl.col("__OLD")).fillNull(false)
    .or(pl.col("DATA_VALUE").isNull().and(pl.col("__OLD").isNull()));
  const fetched = joined.withColumns(
    pl.when(matched.and(same)).then(pl.col("__FIRST")).otherwise(at(fetchedAt)).alias(
      "FIRST_SEEN",
    ),
  );
  const revisedKeys = joined.filter(matched.and(same.not())).select(KEY);
  const added = joined.filter(matched.not()).height;
  const lastSeen = checked === undefined ? pl.col("FIRST_SEEN") : pl.when(
    DAYS("TIME").gtEq(pl.lit(checked.fromDays))
      .and(pl.col("FIRST_SEEN").ltEq(at(checked.at))),
  ).then(at(checked.at)).otherwise(pl.col("FIRST_SEEN"));
  const superseded = old.join(revisedKeys, { on: KEY, how: "inner" }).withColumns(
    lastSeen.alias("LAST_SEEN"),
    at(fetchedAt).alias("REPLACED_AT"),
  ).select(...HISTORY_COLUMNS);
  const kept = old.join(incoming.select(KEY), { on: KEY, how: "anti" });
  const current = sortRows(
    pl.concat([kept.select(...STORED_COLUMNS), fetched.select(...STORED_COLUMNS)], {
      how: "vertical",
    }),
  );
  const before = sortRows(old.select(...STORED_COLUMNS));
  return {
    current,
    superseded,
    added,
    changed: !current.frameEqual(before, true),
  };
}

/**
 * Rows in key order: items, then period.
 *
 * @param frame Rows with the key's columns.
 * @returns The rows sorted, STORED_COLUMNS only.
 */
export function sortRows(frame: DataFrame): DataFrame {
  return conform(frame, STORED_COLUMNS).sort([...KEY_COLUMNS]);
}

/**
 * Stored rows from a period on (`--prune` drops those before `since`).
 *
 * @param frame Stored rows.
 * @param fromDays The first day kept, in days since 1970-01-01.
 * @returns The rows kept.
 */
export function rowsFrom(frame: DataFrame, fromDays: number): DataFrame {
  return frame.filter(DAYS("TIME").gtEq(pl.lit(fromDays)));
}

/**
 * A history with no rows, with its columns and types.
 *
 * @returns The empty frame.
 */
export function emptyHistory(): DataFrame {
  const row = pl.DataFrame(Object.fromEntries(HISTORY_COLUMNS.map((c) => [c, [null]])));
  return conform(row, HISTORY_COLUMNS).clear();
}

/**
 * A history with more superseded rows: a value superseded twice (a run killed between writing
 * the history and the data, then run again) is kept once, with the later REPLACED_AT.
 *
 * @param history The history stored, if any.
 * @param superseded The rows superseded now.
 * @returns The history to store, in key order, then by FIRST_SEEN.
 */
export function appendHistory(history: DataFrame | undefined, superseded: DataFrame): DataFrame {
  const parts = [history, superseded].filter((f): f is DataFrame => f !== undefined)
    .map((f) => conform(f, HISTORY_COLUMNS));
  const all = keyed(pl.concat(parts, { how: "vertical" }))
    .unique({ subset: [KEY, "FIRST_SEEN"], keep: "last", maintainOrder: true });
  return all.sort([...KEY_COLUMNS, "FIRST_SEEN"]).select(...HISTORY_COLUMNS);
}
