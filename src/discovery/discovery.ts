/**
 * Finding what to ask for: tables by name, a table's items by name or code, and the query of a
 * named series. Pure functions over the lookup frames; the client pulls the lookups once and
 * caches them.
 *
 * @module
 */

import { type DataFrame, pl } from "../deps.ts";
import { invalidArgument } from "../errors.ts";
import type { Language } from "../wire/format.ts";
import {
  type Cycle,
  CYCLES,
  DAY_MS,
  isCycle,
  periodEndDays,
  periodStartDays,
  tryParseLabel,
} from "../wire/period.ts";
import { hasHangul } from "./hangul.ts";
import { NAMED_SERIES, type NamedSeries, type SeriesName } from "./named_series.ts";
import { rankTables } from "./table_search.ts";

/** The words of a search text, lower-cased; every one must occur. */
function words(text: string): string[] {
  return text.toLowerCase().split(/\s+/).filter((w) => w !== "");
}

/** A regular expression that matches a word literally. */
const literal = (word: string) => word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Whether a text has Hangul: Korean text is looked up in the Korean list. */
export const isKorean = (text: string): boolean => hasHangul(text);

/**
 * The language whose names a search text is matched against: the one rule of `searchTables`,
 * `findItems`, `ecos tables` and `ecos items`. A language asked for (a call's `language`,
 * `--lang`) is used as asked; otherwise the text's script decides: Hangul, the Korean names;
 * Latin letters, the English names; neither (a code, digits, nothing), the client's language.
 * So "all items" finds the CPI's "All items" in a session whose language is Korean, and
 * "총지수" finds "총지수" in an English one.
 *
 * @param text The search text.
 * @param asked The language asked for, if any.
 * @param otherwise The language for a text without letters: the client's.
 * @returns The language of the list to search.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { searchLanguage } from "./discovery.ts";
 *
 * assert.equal(searchLanguage("all items", undefined, "kr"), "en");
 * assert.equal(searchLanguage("소비자물가", undefined, "en"), "kr");
 * assert.equal(searchLanguage("0101000", undefined, "kr"), "kr");
 * assert.equal(searchLanguage("all items", "kr", "kr"), "kr");
 * ```
 */
export function searchLanguage(
  text: string,
  asked: Language | undefined,
  otherwise: Language,
): Language {
  if (asked !== undefined) return asked;
  if (isKorean(text)) return "kr";
  if (/\p{Script=Latin}/u.test(text)) return "en";
  return otherwise;
}

/**
 * The searchable tables a text finds, best first: by the vocabulary's concepts ("CPI",
 * "inflation", "policy rate", "가계부채"), by words of their names (Korean as part of a word,
 * with or without spaces, or by initial consonants; Latin script as whole words, singular or
 * plural) and by the names of the groups above them. Every word must be found. The tree
 * numbering ("1.3.1. ") is ignored. Columns: STAT_CODE, STAT_NAME (without numbering), CYCLE,
 * ORG_NAME (the compiling agency; null for the Bank of Korea's own), GROUP_CODE, GROUP_NAME
 * (the parent group, without numbering). An empty text: every searchable table, in the tree's
 * order. Nothing matches: no rows ({@linkcode searchHint} says what to try).
 *
 * @param tables A StatisticTableList frame.
 * @param text The words to look for.
 * @param options The language whose vocabulary applies.
 * @returns The matching tables, best first.
 *
 * @example The whole catalogue, offline
 * ```ts
 * import assert from "node:assert/strict";
 * import { catalogueFrame } from "./catalogue.ts";
 * import { searchTablesIn } from "./discovery.ts";
 *
 * const kr = catalogueFrame();
 * assert.equal(searchTablesIn(kr, "ㄱㅈㄱㄹ").row(0)[0], "722Y001");
 * assert.equal(searchTablesIn(kr, "가계부채").row(0)[0], "151Y001");
 * assert.equal(searchTablesIn(kr, "1.").height, 0);
 * // English words over the Korean snapshot: the vocabulary asked for by language.
 * assert.equal(searchTablesIn(kr, "inflation").height, 0);
 * assert.equal(searchTablesIn(kr, "inflation", { language: "en" }).row(0)[0], "901Y009");
 * ```
 */
export function searchTablesIn(
  tables: DataFrame,
  text: string,
  options: SearchTablesInOptions = {},
): DataFrame {
  return rankTables(tables, text, options.language);
}

/** Options of {@linkcode searchTablesIn}. */
export interface SearchTablesInOptions {
  /**
   * The language whose vocabulary applies: "en" to map "CPI" or "inflation" over the catalogue
   * snapshot (Korean names) when the service's list cannot be had.
   *
   * @default {the language of the frame's names: English when some table's name has no Hangul}
   */
  language?: Language;
}

/**
 * Checks a cycle filter.
 *
 * @param cycle The caller's value.
 * @returns The cycle.
 * @throws {EcosError} INVALID_ARGUMENT for anything but A, S, Q, M, SM or D.
 */
export function checkCycle(cycle: unknown): Cycle {
  if (!isCycle(cycle)) {
    throw invalidArgument(
      `Use one of the cycles ${CYCLES.join(", ")}: got ${JSON.stringify(cycle)}`,
    );
  }
  return cycle;
}

/**
 * The tables of a {@linkcode searchTablesIn} frame that offer a cycle. The table list names one
 * cycle per table (its CYCLE) while a table may offer several (the base rate: D, M, Q and A), so
 * a table whose CYCLE is another is kept when its item list has a row of that cycle: one item
 * list per such table, `concurrency` at a time.
 *
 * @param found Tables, as searchTablesIn gives them.
 * @param cycle The cycle.
 * @param itemsOf A table's StatisticItemList frame.
 * @param concurrency How many item lists to ask for at once.
 * @returns The tables that offer the cycle, in their order.
 */
export async function tablesOffering(
  found: DataFrame,
  cycle: Cycle,
  itemsOf: (statCode: string) => Promise<DataFrame>,
  concurrency = 4,
): Promise<DataFrame> {
  const codes = found.getColumn("STAT_CODE").toArray() as string[];
  const cycles = found.getColumn("CYCLE").toArray() as (string | null)[];
  const keep = codes.map((_, i) => cycles[i] === cycle);
  const ask = codes.flatMap((_, i) => (keep[i] ? [] : [i]));
  for (let at = 0; at < ask.length; at += Math.max(1, concurrency)) {
    await Promise.all(
      ask.slice(at, at + Math.max(1, concurrency)).map(async (i) => {
        const items = await itemsOf(codes[i]!);
        keep[i] = (items.getColumn("CYCLE").toArray() as (string | null)[]).includes(cycle);
      }),
    );
  }
  return found.filter(pl.Series("_keep", keep, pl.Bool));
}

/** The period range {@linkcode findItemsIn} marks items by: labels or Dates, either side open. */
export interface ItemRange {
  /** The first day, or the period whose first day it is (a label of any cycle). */
  start?: string | Date;
  /** The last day, or the period whose last day it is (a label of any cycle). */
  end?: string | Date;
}

/** A range bound as days since 1970-01-01: a label's first (start) or last (end) day. */
function boundDay(value: string | Date, what: "start" | "end"): number {
  if (value instanceof Date) {
    const t = value.getTime();
    if (!Number.isFinite(t)) {
      throw invalidArgument(`Pass ${what} as a valid Date: got an Invalid Date`);
    }
    return Math.floor(t / DAY_MS);
  }
  const ref = typeof value === "string" ? tryParseLabel(value.trim()) : undefined;
  if (ref === undefined) {
    throw invalidArgument(
      `Write ${what} as a period label (2020, 2020S1, 2020Q1, 202001, 202001S1, 20200101) or ` +
        `a Date: got ${JSON.stringify(value)}`,
    );
  }
  return what === "start"
    ? periodStartDays(ref.cycle, ref.index)
    : periodEndDays(ref.cycle, ref.index);
}

/**
 * Checks a range for {@linkcode findItemsIn} before anything is pulled.
 *
 * @param range The caller's range.
 * @returns Its first and last days (days since 1970-01-01; infinite for an open side).
 * @throws {EcosError} INVALID_ARGUMENT for a bound that is neither a label nor a valid Date,
 * or a start after the end.
 */
export function checkItemRange(range: unknown): { from: number; to: number } {
  if (typeof range !== "object" || range === null) {
    throw invalidArgument("Pass the range as { start?, end? }");
  }
  const { start, end } = range as ItemRange;
  const from = start === undefined ? -Infinity : boundDay(start, "start");
  const to = end === undefined ? Infinity : boundDay(end, "end");
  if (from > to) throw invalidArgument("Put start before end: the range holds no day");
  return { from, to };
}

/** Days since 1970-01-01 of each label's last day; null for a label of no known shape. */
function lastDays(labels: readonly (string | null)[]): (number | null)[] {
  return labels.map((label) => {
    const ref = label === null ? undefined : tryParseLabel(label.trim());
    return ref === undefined ? null : periodEndDays(ref.cycle, ref.index);
  });
}

/**
 * The items of a table whose name or code holds every word of `pattern` (all items without
 * one), one row per item and cycle. Columns: STAT_CODE, STAT_NAME, LEVEL (1 for ITEM_CODE1, 2
 * for ITEM_CODE2, ...), ITEM_CODE, ITEM_NAME, CYCLE, START_TIME, END_TIME, START_DATE,
 * END_DATE, DATA_CNT, UNIT_NAME; with a `range`, also HAS_DATA (Boolean): whether the item has
 * data in that cycle within the range, that is, it has rows (DATA_CNT above 0) and its periods,
 * from the first day of START_TIME to the last day of END_TIME, overlap the range. Items are
 * marked, not dropped; filter on HAS_DATA to keep those with data.
 *
 * @param items A StatisticItemList frame.
 * @param pattern The words to look for in names or codes.
 * @param range The range to mark items by; none leaves HAS_DATA out.
 * @returns The matching items.
 * @throws {EcosError} INVALID_ARGUMENT for a range bound that is neither a label nor a valid
 * Date, or a start after the end.
 */
export function findItemsIn(items: DataFrame, pattern = "", range?: ItemRange): DataFrame {
  let matches = pl.lit(true);
  for (const word of words(pattern)) {
    const w = literal(word);
    matches = matches.and(
      pl.col("ITEM_NAME").str.toLowerCase().str.contains(w)
        .or(pl.col("ITEM_CODE").str.toLowerCase().str.contains(w)),
    );
  }
  const found = items.filter(matches).select(
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
  if (range === undefined) return found;
  const { from, to } = checkItemRange(range);
  const firsts = (found.getColumn("START_DATE").toArray() as unknown as (Date | null)[])
    .map((d) => (d === null ? null : Math.floor(d.getTime() / DAY_MS)));
  const lasts = lastDays(found.getColumn("END_TIME").toArray() as (string | null)[]);
  const counts = found.getColumn("DATA_CNT").toArray() as (number | bigint | null)[];
  const has = firsts.map((first, i) => {
    const last = lasts[i];
    const count = counts[i];
    return first !== null && last !== null && last !== undefined &&
      count !== null && count !== undefined && Number(count) > 0 && first <= to && last >= from;
  });
  return found.withColumns(pl.Series("HAS_DATA", has, pl.Bool));
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
      items: [...series.items],
    },
  };
}
