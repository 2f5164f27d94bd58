/**
 * Long to wide: one row per date, one column per series.
 *
 * @module
 */

import { pl } from "../deps.ts";
import type { DataFrame } from "../deps.ts";
import type { Cycle } from "../wire/period.ts";
import {
  distinctLabels,
  ITEM_NAMES,
  labelPeriod,
  requireColumns,
  SERIES_KEY,
  textSeries,
} from "./_common.ts";

const NEEDED = [...SERIES_KEY, ...ITEM_NAMES, "TIME", "PERIOD", "DATA_VALUE"];

/** Names the wide frame keeps for itself. */
const RESERVED = new Set(["TIME", "PERIOD"]);

/** What a series is called: its item names, or its codes when it has none. */
function baseName(names: readonly (string | null)[], codes: string): string {
  const present = names.filter((n): n is string => n !== null && n.trim() !== "");
  return present.length > 0 ? present.join(" / ") : codes;
}

/**
 * Readable, unique column names, in series order: the item names joined by " / "; a name that
 * two series share (or one that is TIME or PERIOD) gets the codes in parentheses, and any
 * clash left after that a numbered suffix.
 */
function columnNames(
  names: readonly (readonly (string | null)[])[],
  codes: readonly string[],
): string[] {
  const bases = names.map((n, i) => baseName(n, codes[i]!));
  const count = new Map<string, number>();
  for (const b of bases) count.set(b, (count.get(b) ?? 0) + 1);
  const used = new Set<string>(RESERVED);
  return bases.map((b, i) => {
    let name = count.get(b)! > 1 || RESERVED.has(b) ? `${b} (${codes[i]})` : b;
    for (let k = 2; used.has(name); k++) name = `${b} (${codes[i]}) #${k}`;
    used.add(name);
    return name;
  });
}

/**
 * Turns a StatisticSearch frame into a wide one: one row per TIME (sorted, earliest first),
 * then PERIOD when every series has the same cycle, then one Float64 column per series.
 *
 * A series is a distinct STAT_CODE and ITEM_CODE1..4. Its column is named by its item names
 * joined with " / " (ITEM_NAME1, then ITEM_NAME2 ... where present), or by its codes when it
 * has none. Where two series would get the same name, each gets its codes in parentheses,
 * table code first: "Base rate (722Y001/0101000)". Columns come in the order the series first
 * appear. A date a series has no row for, and a missing value, are null. An empty frame gives an
 * empty frame with just TIME.
 *
 * @param df A frame of the StatisticSearch shape (STAT_CODE, ITEM_CODE1..4, ITEM_NAME1..4,
 * TIME, PERIOD and DATA_VALUE are used).
 * @returns The wide frame.
 * @throws {EcosError} INVALID_ARGUMENT for a frame without the columns, naming them.
 *
 * @example Two series of one table, side by side
 * ```ts
 * import assert from "node:assert/strict";
 * import { pl } from "../deps.ts";
 * import { toWide } from "./wide.ts";
 *
 * const none = (name: string) => pl.Series(name, [null, null, null], pl.String);
 * const rates = pl.DataFrame({
 *   STAT_CODE: ["817Y002", "817Y002", "817Y002"],
 *   ITEM_CODE1: ["010101000", "010101000", "010502000"],
 *   ITEM_NAME1: ["Call Rate (1 day)", "Call Rate (1 day)", "CD (91 days)"],
 *   ITEM_CODE2: none("ITEM_CODE2"),
 *   ITEM_NAME2: none("ITEM_NAME2"),
 *   ITEM_CODE3: none("ITEM_CODE3"),
 *   ITEM_NAME3: none("ITEM_NAME3"),
 *   ITEM_CODE4: none("ITEM_CODE4"),
 *   ITEM_NAME4: none("ITEM_NAME4"),
 *   TIME: pl.Series("TIME", [new Date("2024-01-03"), new Date("2024-01-02"), new Date("2024-01-02")])
 *     .cast(pl.Date),
 *   PERIOD: ["20240103", "20240102", "20240102"],
 *   DATA_VALUE: [3.52, 3.5, 3.8],
 * });
 * const wide = toWide(rates);
 * assert.deepEqual(wide.columns, ["TIME", "PERIOD", "Call Rate (1 day)", "CD (91 days)"]);
 * assert.deepEqual(wide.getColumn("PERIOD").toArray(), ["20240102", "20240103"]);
 * assert.deepEqual(wide.getColumn("CD (91 days)").toArray(), [3.8, null]);
 * ```
 */
export function toWide(df: DataFrame): DataFrame {
  requireColumns(df, NEEDED, "toWide()");
  if (df.height === 0) return df.select(pl.col("TIME").cast(pl.Date));

  // Each series once, in the order it first appears: its codes and names.
  const series = df.lazy()
    .groupBy(SERIES_KEY.map((c) => pl.col(c).cast(pl.String)), { maintainOrder: true })
    .agg(...ITEM_NAMES.map((c) => pl.col(c).cast(pl.String).first()))
    .collectSync();
  const codeColumns = SERIES_KEY.map((c) => series.getColumn(c).toArray() as (string | null)[]);
  const nameColumns = ITEM_NAMES.map((c) => series.getColumn(c).toArray() as (string | null)[]);
  const codes = Array.from(
    { length: series.height },
    (_, i) => codeColumns.map((col) => col[i]).filter((c) => c !== null).join("/"),
  );
  const names = columnNames(
    Array.from({ length: series.height }, (_, i) => nameColumns.map((col) => col[i] ?? null)),
    codes,
  );
  // Pivot on the series' position, then rename: names may hold any character.
  const slots = series.select(...SERIES_KEY).withColumns(
    textSeries("_slot", names.map((_, i) => String(i))),
  );

  const cycles = new Set<Cycle | undefined>(distinctLabels(df).map((l) => labelPeriod(l)?.cycle));
  const oneCycle = cycles.size === 1 && !cycles.has(undefined);

  const long = df
    .select(
      ...SERIES_KEY.map((c) => pl.col(c).cast(pl.String)),
      pl.col("TIME").cast(pl.Date),
      pl.col("PERIOD").cast(pl.String),
      pl.col("DATA_VALUE").cast(pl.Float64),
    )
    .join(slots, { on: [...SERIES_KEY], how: "left", nullsEqual: true });
  const index = oneCycle ? ["TIME", "PERIOD"] : ["TIME"];
  const wide = (oneCycle
    // One label per date, whatever spelling each series used.
    ? long.withColumns(pl.col("PERIOD").dropNulls().first().over("TIME"))
    : long)
    .pivot("DATA_VALUE", { index, on: "_slot", aggregateFunc: "first" })
    .sort("TIME", false, true);
  return wide.select(
    ...index,
    ...names.map((name, i) => pl.col(String(i)).cast(pl.Float64).alias(name)),
  );
}
