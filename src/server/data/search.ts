/**
 * StatisticSearch over the catalogue: which series a query matches, how many rows it matches
 * in total (arithmetic only, no values), and the rows of one page.
 *
 * @module
 */

import type { Language } from "../../wire/format.ts";
import { type Cycle, formatPeriod, type SmSpelling } from "../../wire/period.ts";
import type { StatisticSearchRow } from "../rows.ts";
import { countRows } from "./calendar.ts";
import { findTable } from "./catalogue.ts";
import type { Dataset } from "./dataset.ts";
import { formatValue, type Series } from "./table.ts";

/** A StatisticSearch query, already validated. */
export interface SearchQuery {
  /** The table code. */
  stat: string;
  /** The cycle. */
  cycle: Cycle;
  /** The first period ordinal asked for. */
  from: number;
  /** The last period ordinal asked for. */
  to: number;
  /** Item filters by level; undefined matches any item. */
  items: readonly (string | undefined)[];
}

/** The matched part of one series: rows `k0 .. k0 + count - 1`. */
export interface SearchPart {
  /** The series. */
  series: Series;
  /** The first matched row of the series. */
  k0: number;
  /** How many rows of the series match. */
  count: number;
}

/** What a query matches: the parts in answer order and their total. */
export interface SearchPlan {
  /** The matched parts, items first, then time. */
  parts: SearchPart[];
  /** Rows matched over the whole range: the answer's `list_total_count`. */
  total: number;
}

/**
 * Plans a query: counts its rows without generating any value.
 *
 * @param data The dataset asked.
 * @param q The query.
 * @returns The parts and the total; total 0 when nothing matches.
 */
export function planSearch(data: Dataset, q: SearchQuery): SearchPlan {
  const table = findTable(q.stat);
  if (!table || q.from > q.to) return { parts: [], total: 0 };
  const parts: SearchPart[] = [];
  let total = 0;
  for (const series of data.series(table, q.cycle)) {
    const matches = q.items.every((code, level) =>
      code === undefined || series.items[level]?.code === code
    );
    if (!matches) continue;
    const from = Math.max(q.from, series.first);
    const to = Math.min(q.to, series.last);
    const count = countRows(series.calendar, from, to);
    if (count <= 0) continue;
    parts.push({ series, k0: countRows(series.calendar, series.first, from - 1), count });
    total += count;
  }
  return { parts, total };
}

/** How rows are written: language and half-monthly spelling. */
export interface RowStyle {
  /** Names in Korean or English. */
  language: Language;
  /** How half-monthly labels are spelt. */
  sm: SmSpelling;
}

/**
 * The rows `first .. last` (0-based, inclusive, already clipped to the plan's total).
 *
 * @param data The dataset the plan was made from.
 * @param plan The query's plan.
 * @param first The first row to write.
 * @param last The last row to write.
 * @param style Language and label spelling.
 */
export function searchRows(
  data: Dataset,
  plan: SearchPlan,
  first: number,
  last: number,
  style: RowStyle,
): StatisticSearchRow[] {
  const out: StatisticSearchRow[] = [];
  let offset = 0;
  for (const part of plan.parts) {
    const lo = Math.max(first, offset);
    const hi = Math.min(last, offset + part.count - 1);
    offset += part.count;
    if (lo > hi) continue;
    const s = part.series;
    const { values, markers } = data.values(s);
    const ordinals = data.ordinals(s);
    const lang = style.language;
    const name = (level: number) => s.items[level]?.name[lang] ?? null;
    const code = (level: number) => s.items[level]?.code ?? null;
    const unit = s.unit[lang] || null;
    const statName = s.table.name[lang];
    for (let i = lo; i <= hi; i++) {
      const k = part.k0 + (i - (offset - part.count));
      const ordinal = ordinals[k]!;
      out.push({
        STAT_CODE: s.table.code,
        STAT_NAME: statName,
        ITEM_CODE1: code(0) ?? "",
        ITEM_NAME1: name(0) ?? "",
        ITEM_CODE2: code(1),
        ITEM_NAME2: name(1),
        ITEM_CODE3: code(2),
        ITEM_NAME3: name(2),
        ITEM_CODE4: code(3),
        ITEM_NAME4: name(3),
        UNIT_NAME: unit,
        WGT: s.wgt,
        TIME: formatPeriod(s.cycle, ordinal, style.sm),
        DATA_VALUE: formatValue(values[k] ?? NaN, s.table.decimals, markers.get(k)),
      });
    }
    if (hi >= last) break;
  }
  return out;
}
