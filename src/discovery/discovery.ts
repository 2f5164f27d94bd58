/**
 * Finding what to ask for: tables by name, a table's items by name or code, and the query of a
 * named series. Pure functions over the lookup frames; the client pulls the lookups once and
 * caches them.
 *
 * @module
 */

import { type DataFrame, pl } from "../deps.ts";
import { invalidArgument } from "../errors.ts";
import { type Cycle, tryParseLabel } from "../wire/period.ts";
import { NAMED_SERIES, type NamedSeries, type SeriesName } from "./named_series.ts";

/** The tree numbering at the start of a table name: "1.3.1. ". */
const NUMBERING = /^\s*(?:\d+\.)+\s*/;

/** Lower case, numbering and spaces folded: what names are matched on. */
const fold = (expr: ReturnType<typeof pl.col>) =>
  expr.str.replace(NUMBERING.source, "").str.toLowerCase();

/** The words of a search text, lower-cased; every one must occur. */
function words(text: string): string[] {
  return text.toLowerCase().split(/\s+/).filter((w) => w !== "");
}

/** A regular expression that matches a word literally. */
const literal = (word: string) => word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Whether a text has Hangul: Korean text is looked up in the Korean list. */
export const isKorean = (text: string): boolean =>
  /[\u1100-\u11ff\u3130-\u318f\uac00-\ud7af]/.test(text);

/**
 * The searchable tables whose name holds every word of `text`, case-insensitive, ignoring the
 * tree numbering ("1.3.1. "). Columns: STAT_CODE, STAT_NAME (without numbering), CYCLE,
 * ORG_NAME (the compiling agency; null for the Bank of Korea's own), GROUP_CODE, GROUP_NAME
 * (the parent group, without numbering). Nothing matches: no rows.
 *
 * @param tables A StatisticTableList frame.
 * @param text The words to look for.
 * @returns The matching tables, in the tree's order.
 */
export function searchTablesIn(tables: DataFrame, text: string): DataFrame {
  const names = tables.select(
    pl.col("STAT_CODE").alias("GROUP_CODE"),
    pl.col("STAT_NAME").str.replace(NUMBERING.source, "").alias("GROUP_NAME"),
  );
  let matches = pl.col("SRCH_YN").eq(pl.lit("Y"));
  for (const word of words(text)) {
    matches = matches.and(fold(pl.col("STAT_NAME")).str.contains(literal(word)));
  }
  return tables
    .filter(matches)
    .select(
      pl.col("STAT_CODE"),
      pl.col("STAT_NAME").str.replace(NUMBERING.source, ""),
      pl.col("CYCLE"),
      pl.col("ORG_NAME"),
      pl.col("P_STAT_CODE").alias("GROUP_CODE"),
    )
    .join(names, { on: "GROUP_CODE", how: "left" });
}

/**
 * The items of a table whose name or code holds every word of `pattern` (all items without
 * one), one row per item and cycle. Columns: STAT_CODE, STAT_NAME, LEVEL (1 for ITEM_CODE1, 2
 * for ITEM_CODE2, ...), ITEM_CODE, ITEM_NAME, CYCLE, START_TIME, END_TIME, START_DATE,
 * END_DATE, DATA_CNT, UNIT_NAME.
 *
 * @param items A StatisticItemList frame.
 * @param pattern The words to look for in names or codes.
 * @returns The matching items.
 */
export function findItemsIn(items: DataFrame, pattern = ""): DataFrame {
  let matches = pl.lit(true);
  for (const word of words(pattern)) {
    const w = literal(word);
    matches = matches.and(
      pl.col("ITEM_NAME").str.toLowerCase().str.contains(w)
        .or(pl.col("ITEM_CODE").str.toLowerCase().str.contains(w)),
    );
  }
  return items.filter(matches).select(
    "STAT_CODE",
    "STAT_NAME",
    pl.col("GRP_CODE").str.extract("(\\d+)$", 1).cast(pl.Int32).alias("LEVEL"),
    "ITEM_CODE",
    "ITEM_NAME",
    "CYCLE",
    "START_TIME",
    "END_TIME",
    "START_DATE",
    "END_DATE",
    "DATA_CNT",
    "UNIT_NAME",
  );
}

/** The range of a named series: labels or Dates, and the cycle when the labels do not say. */
export interface SeriesRange {
  /** The first period: a label (its shape tells the cycle) or a Date. */
  start: string | Date;
  /** The last period, included. */
  end: string | Date;
  /**
   * The cycle.
   *
   * @default {the shape of `start`; for Dates, the series' most used cycle}
   */
  cycle?: Cycle;
}

/**
 * The StatisticSearch query of a named series.
 *
 * @param name A name of {@linkcode NAMED_SERIES}.
 * @param range The periods and, optionally, the cycle.
 * @returns The series and its query.
 * @throws {EcosError} INVALID_ARGUMENT for an unknown name (listing the known ones) or a cycle
 * the series is not published in.
 */
export function seriesQuery(name: string, range: SeriesRange): {
  series: NamedSeries;
  query: {
    statCode: string;
    cycle: Cycle;
    start: string | Date;
    end: string | Date;
    items: string[];
  };
} {
  const known = Object.keys(NAMED_SERIES);
  if (typeof name !== "string" || !Object.hasOwn(NAMED_SERIES, name)) {
    throw invalidArgument(
      `Use a known series name: got ${JSON.stringify(name)}; known: ${known.join(", ")}`,
    );
  }
  const series = NAMED_SERIES[name as SeriesName];
  if (typeof range !== "object" || range === null) {
    throw invalidArgument("Pass the range as { start, end, cycle? }");
  }
  const shape = typeof range.start === "string" ? tryParseLabel(range.start)?.cycle : undefined;
  const cycle = range.cycle ?? shape ?? series.cycles[0]!;
  if (!series.cycles.includes(cycle)) {
    throw invalidArgument(
      `Use a cycle ${name} is published in (${series.cycles.join(", ")}): got ${cycle}`,
    );
  }
  return {
    series,
    query: {
      statCode: series.statCode,
      cycle,
      start: range.start,
      end: range.end,
      items: [series.item],
    },
  };
}
