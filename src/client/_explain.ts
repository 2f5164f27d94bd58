/**
 * Why a StatisticSearch found nothing. The service answers INFO-200 alike for a mistyped table
 * code, an item the table does not have, a cycle it does not offer, and a range that simply
 * holds no data. The item list (StatisticItemList) tells them apart: only the last is an empty
 * frame; the others are UNKNOWN_CODE errors that say what exists.
 *
 * @module
 */

import { type DataFrame, pl } from "../deps.ts";
import { closest } from "./_schema.ts";
import type { ValidSearch } from "./_validate.ts";

/** The lookups an explanation may need, cached by the client. */
export interface Lookups {
  /** StatisticItemList of a table: one row per item and cycle; empty for an unknown table. */
  items(statCode: string): Promise<DataFrame>;
  /** StatisticTableList: every table. */
  tables(): Promise<DataFrame>;
}

/** How many codes a message lists before "and N more". */
const LISTED = 8;

function listCodes(codes: readonly string[], names: ReadonlyMap<string, string>): string {
  const shown = codes.slice(0, LISTED).map((c) => {
    const name = names.get(c);
    return name ? `${c} (${name})` : c;
  });
  const more = codes.length > LISTED ? `, and ${codes.length - LISTED} more` : "";
  return shown.join(", ") + more;
}

const column = (df: DataFrame, name: string): (string | null)[] =>
  df.columns.includes(name) ? df.getColumn(name).toArray() as (string | null)[] : [];

/**
 * The message of an empty search whose codes do not exist, or `undefined` when they all exist
 * (then the range holds no data and the empty frame is the answer).
 *
 * @param q The query.
 * @param lookups The item and table lists.
 * @returns What does not exist and what does, or `undefined`.
 */
export async function explainEmpty(q: ValidSearch, lookups: Lookups): Promise<string | undefined> {
  const items = await lookups.items(q.statCode);
  if (items.height === 0) {
    const tables = await lookups.tables();
    const searchable = tables.filter(pl.col("SRCH_YN").eq(pl.lit("Y")));
    const near = closest(q.statCode, column(searchable, "STAT_CODE").filter((c) => c !== null));
    const hint = near === undefined
      ? "find tables with statisticTableList()"
      : `did you mean ${near}?`;
    return `${q.statCode} is not a table code; ${hint}`;
  }
  const cycles = [...new Set(column(items, "CYCLE").filter((c) => c !== null))];
  if (!cycles.includes(q.cycle)) {
    return `${q.statCode} has cycles ${cycles.join(", ")}; not ${q.cycle}`;
  }
  const groups = column(items, "GRP_CODE");
  const codes = column(items, "ITEM_CODE");
  const names = column(items, "ITEM_NAME");
  const itemCycles = column(items, "CYCLE");
  for (const [level, code] of q.items.entries()) {
    if (code === "?") continue;
    const group = `Group${level + 1}`;
    // Items of this level; a service that names groups otherwise: every item.
    const atLevel = groups.some((g) => g === group)
      ? (i: number) => groups[i] === group
      : () => true;
    const known = new Map<string, string>();
    const inCycle = new Set<string>();
    codes.forEach((c, i) => {
      if (c === null || !atLevel(i)) return;
      known.set(c, names[i] ?? "");
      if (itemCycles[i] === q.cycle) inCycle.add(c);
    });
    const which = level === 0 ? "item" : `item of level ${level + 1}`;
    if (!known.has(code)) {
      return `${q.statCode} has no ${which} ${code}; its items are ${
        listCodes([...known.keys()], known)
      }`;
    }
    if (!inCycle.has(code)) {
      const offered = [...new Set(codes.flatMap((c, i) => c === code ? [itemCycles[i]] : []))];
      return `${q.statCode} has ${which} ${code} in cycles ${offered.join(", ")}; not ${q.cycle}`;
    }
  }
  return undefined;
}
