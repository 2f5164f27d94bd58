/**
 * The rows of `get_series` and `get_named_series`: a StatisticSearch pull, its optional
 * transform, grouped by series (the names and unit once, not per row), each with a summary,
 * and capped at `max_rows` by leaving out the earliest rows, said and counted, never silently.
 *
 * @module
 */

import type { DataFrame } from "../deps.ts";
import {
  type EcosClient,
  type RequestOptions,
  type StatisticSearchQuery,
  validateSearchQuery,
} from "../client/mod.ts";
import { CHANGE_COLUMNS, type ChangeKind, changeUnit, withChange } from "../analysis/mod.ts";
import {
  type Cycle,
  dateToIndex,
  daysToDate,
  formatPeriod,
  periodStartDays,
} from "../wire/period.ts";
import { isoDate } from "../util/iso_date.ts";

/** Rows an answer shows unless `max_rows` says otherwise. */
export const DEFAULT_MAX_ROWS = 500;

/** The most rows one answer may show: past it, a range is split or written to a file. */
export const MAX_MAX_ROWS = 5000;

/**
 * Periods in a year, by cycle: a transform pulls that much before `start`, so that the first
 * rows asked for have their base period (every change withChange knows looks at most a year
 * back). Daily: 366 days, for leap years.
 */
const YEAR_BEFORE: Readonly<Record<Cycle, number>> = { A: 1, S: 2, Q: 4, M: 12, SM: 24, D: 366 };

/** One row of a series. */
export interface SeriesRow {
  /** The first day of the period, ISO (`2024-01-01`). */
  time: string;
  /** The period's label in the cycle's shape (`2024Q4`, `202401`). */
  period: string;
  /** The value; null when the service has none. */
  value: number | null;
  /** The transformed value, when a transform was asked for. */
  transformed?: number | null;
}

/** A value and when. */
export interface Observation {
  /** The first day of the period, ISO. */
  time: string;
  /** The value. */
  value: number;
}

/** What a series holds, over every row in the range (shown or not). */
export interface Summary {
  /** Rows (periods) in the range. */
  count: number;
  /** Rows without a value. */
  missing: number;
  /** The first value, or null when there is none. */
  first: Observation | null;
  /** The last value. */
  last: Observation | null;
  /** The smallest value (its first occurrence). */
  min: Observation | null;
  /** The largest value (its first occurrence). */
  max: Observation | null;
}

/** Rows of a series left out by `max_rows`: how many, and from when to when. */
export interface Omitted {
  /** How many. */
  rows: number;
  /** The first one's time. */
  from: string;
  /** The last one's time. */
  to: string;
}

/** One series: an item (or a combination of items of several levels) of the table. */
export interface SeriesBlock {
  /** Item codes, outermost level first. */
  item_codes: string[];
  /** Item names, in the same order. */
  item_names: string[];
  /** The unit, e.g. "연%" or "2020=100"; null when the service gives none. */
  unit: string | null;
  /** The unit of the transformed values ("%", "%p", ...), when a transform was asked for. */
  transformed_unit?: string | null;
  /** Over every row of the range. */
  summary: Summary;
  /** The summary of the transformed values, when a transform was asked for. */
  transformed_summary?: Summary;
  /** The earliest rows left out of `rows`, or null when every row is shown. */
  omitted: Omitted | null;
  /** The rows shown, oldest first. */
  rows: SeriesRow[];
}

/** The answer of a series pull. */
export interface SeriesAnswer {
  /** The table code. */
  stat_code: string;
  /** The table's name; null without rows. */
  stat_name: string | null;
  /** The cycle. */
  cycle: string;
  /** The first period asked for. */
  start: string;
  /** The last period asked for. */
  end: string;
  /** The transform, or null. */
  transform: string | null;
  /** Rows in the range, over every series. */
  total_rows: number;
  /** Rows shown. */
  shown_rows: number;
  /** Rows left out by `max_rows`. */
  omitted_rows: number;
  /** What was left out and how to get it, or null. */
  omitted_note: string | null;
  /** The series, in the service's order. */
  series: SeriesBlock[];
}

/** What {@linkcode pullSeries} pulls. */
export interface SeriesRequest {
  /** The query, with labels for start and end. */
  query: StatisticSearchQuery & { start: string; end: string };
  /** A kind of {@linkcode CHANGE_COLUMNS}, or none. */
  transform?: ChangeKind | undefined;
  /** The most rows to show. */
  maxRows: number;
  /** Says how to get the rows left out, e.g. "raise max_rows (up to 5000)". */
  howToGetMore: string;
}

const column = <T>(df: DataFrame, name: string): T[] => df.getColumn(name).toArray() as T[];

/** Computed values without the float noise of the last digits. */
const round = (v: number | null): number | null =>
  v === null || !Number.isFinite(v) ? null : Math.round(v * 1e6) / 1e6;

/**
 * The summary of a series' values.
 *
 * @param times The rows' times.
 * @param values The rows' values.
 * @returns Count, missing, first, last, min and max.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { summarise } from "./series.ts";
 *
 * const s = summarise(["2024-01-01", "2024-02-01", "2024-03-01"], [3, null, 1]);
 * assert.deepEqual(s, {
 *   count: 3,
 *   missing: 1,
 *   first: { time: "2024-01-01", value: 3 },
 *   last: { time: "2024-03-01", value: 1 },
 *   min: { time: "2024-03-01", value: 1 },
 *   max: { time: "2024-01-01", value: 3 },
 * });
 * ```
 */
export function summarise(times: readonly string[], values: readonly (number | null)[]): Summary {
  let first: Observation | null = null;
  let last: Observation | null = null;
  let min: Observation | null = null;
  let max: Observation | null = null;
  let missing = 0;
  values.forEach((value, i) => {
    if (value === null) {
      missing++;
      return;
    }
    const o = { time: times[i]!, value };
    first ??= o;
    last = o;
    if (min === null || value < min.value) min = o;
    if (max === null || value > max.value) max = o;
  });
  return { count: values.length, missing, first, last, min, max };
}

/**
 * How many rows of each series to show within `maxRows`: every series its latest row first,
 * even when there are more series than `maxRows` (a series with no row shown would be a
 * series silently dropped), then an equal share each, what a short series does not use going
 * to the others.
 *
 * @param lengths The series' row counts.
 * @param maxRows The most rows in all, unless there are more series than that.
 * @returns The rows to show of each, in the same order.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { shares } from "./series.ts";
 *
 * assert.deepEqual(shares([10, 300, 300], 500), [10, 245, 245]);
 * assert.deepEqual(shares([10, 20], 500), [10, 20]);
 * assert.deepEqual(shares([5, 5, 5], 2), [1, 1, 1]);
 * ```
 */
export function shares(lengths: readonly number[], maxRows: number): number[] {
  const out = lengths.map(() => 0);
  const order = lengths.map((n, i) => [n, i] as const).sort((a, b) => a[0] - b[0]);
  // At least one row for each series that has one: floor(left / series left) never falls
  // below 1 while left >= series left.
  let left = Math.max(maxRows, lengths.filter((n) => n > 0).length);
  order.forEach(([n, i], k) => {
    const take = Math.min(n, Math.floor(left / (order.length - k)));
    out[i] = take;
    left -= take;
  });
  return out;
}

/** The label of a period from its first day, in the cycle's shape ("2024Q4"). */
const labelOf = (time: Date, cycle: Cycle): string =>
  formatPeriod(cycle, dateToIndex(time, cycle), "live");

/** The unit of a transform's values; null when the series has none and it matters. */
function transformedUnit(kind: ChangeKind, unit: string | null): string | null {
  if (unit === null && (kind === "chg" || kind === "ch1" || kind === "log")) return null;
  return changeUnit(kind, unit ?? "");
}

/**
 * Pulls a StatisticSearch query and shapes it for a model: series with their names and unit
 * once, ISO times, numbers, a summary each, and at most `maxRows` rows (the latest), with what
 * was left out said. A transform pulls a year more before `start`, so that the first periods
 * asked for have their base, and shows only the periods asked for.
 *
 * @param client The client (its cache and rate limit apply).
 * @param request The query, the transform, the cap and how to get more.
 * @param options A signal, language and progress for the call.
 * @returns The answer.
 * @throws {EcosError} INVALID_ARGUMENT (nothing sent), UNKNOWN_CODE and the client's failures.
 */
export async function pullSeries(
  client: EcosClient,
  request: SeriesRequest,
  options: RequestOptions,
): Promise<SeriesAnswer> {
  const { query, transform, maxRows } = request;
  const q = validateSearchQuery(query);
  const from = isoDate(daysToDate(periodStartDays(q.cycle, q.startIndex)));
  const pull = transform === undefined
    ? query
    : { ...query, start: formatPeriod(q.cycle, q.startIndex - YEAR_BEFORE[q.cycle], "live") };
  let df = await client.statisticSearch(pull, options);
  if (transform !== undefined) df = withChange(df, transform);

  const dates = column<Date | null>(df, "TIME");
  const times = dates.map((d) => d === null ? "" : isoDate(d));
  const periods = dates.map((d) => d === null ? "" : labelOf(d, q.cycle));
  const values = column<number | null>(df, "DATA_VALUE");
  const transformed = transform === undefined
    ? undefined
    : column<number | null>(df, CHANGE_COLUMNS[transform]).map(round);
  const levels = [1, 2, 3, 4].map((n) => ({
    codes: column<string | null>(df, `ITEM_CODE${n}`),
    names: column<string | null>(df, `ITEM_NAME${n}`),
  }));
  const units = column<string | null>(df, "UNIT_NAME");

  // Rows come item by item, each in time order: a series is a run of one item key.
  const groups = new Map<string, number[]>();
  for (let i = 0; i < df.height; i++) {
    if (transform !== undefined && times[i]! < from) continue; // pulled only as a base
    const key = levels.map((l) => l.codes[i] ?? "").join("\u0000");
    const rows = groups.get(key) ?? [];
    rows.push(i);
    groups.set(key, rows);
  }
  const runs = [...groups.values()];
  const shown = shares(runs.map((r) => r.length), maxRows);
  const series = runs.map((rows, k): SeriesBlock => {
    const i0 = rows[0]!;
    const pick = <T>(a: readonly T[]) => rows.map((i) => a[i]!);
    const rowTimes = pick(times);
    const skip = rows.length - shown[k]!;
    const block: SeriesBlock = {
      item_codes: levels.flatMap((l) => l.codes[i0] ?? []),
      item_names: levels.flatMap((l) => l.codes[i0] === null ? [] : [l.names[i0] ?? ""]),
      unit: units[i0] ?? null,
      summary: summarise(rowTimes, pick(values)),
      omitted: skip === 0 ? null : { rows: skip, from: rowTimes[0]!, to: rowTimes[skip - 1]! },
      rows: rows.slice(skip).map((i) => {
        const row = { time: times[i]!, period: periods[i]!, value: values[i] ?? null };
        return transformed === undefined ? row : { ...row, transformed: transformed[i] ?? null };
      }),
    };
    if (transform !== undefined && transformed !== undefined) {
      block.transformed_unit = transformedUnit(transform, block.unit);
      block.transformed_summary = summarise(rowTimes, pick(transformed));
    }
    return block;
  });
  const total = runs.reduce((n, r) => n + r.length, 0);
  const omitted = series.reduce((n, s) => n + (s.omitted?.rows ?? 0), 0);
  const over = total - omitted > maxRows
    ? ` (more than max_rows ${maxRows}: every series shows at least its latest row)`
    : "";
  return {
    stat_code: q.statCode,
    stat_name: df.height === 0 ? null : column<string | null>(df, "STAT_NAME")[0] ?? null,
    cycle: q.cycle,
    start: query.start,
    end: query.end,
    transform: transform ?? null,
    total_rows: total,
    shown_rows: total - omitted,
    omitted_rows: omitted,
    omitted_note: omitted === 0
      ? null
      : omittedNote(total, omitted, series, request.howToGetMore, over),
    series,
  };
}

function omittedNote(
  total: number,
  omitted: number,
  series: readonly SeriesBlock[],
  howToGetMore: string,
  over: string,
): string {
  const spans = series.flatMap((s) => s.omitted === null ? [] : [s.omitted]);
  const from = spans.map((s) => s.from).sort()[0]!;
  const to = spans.map((s) => s.to).sort().at(-1)!;
  return `Showing the latest ${total - omitted} of ${total} rows${over}: ${omitted} earlier rows ` +
    `(${from} to ${to}) are left out of the rows, but every summary counts them. To get ` +
    `them: ${howToGetMore}`;
}
