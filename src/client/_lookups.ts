/**
 * The table list and the item lists a client pulls once and keeps: table search, item search
 * and the explanation of an empty search read them. A failed pull is forgotten, not kept.
 *
 * @module
 */

import type { DataFrame } from "../deps.ts";
import { STATISTIC_ITEM_LIST_SCHEMA, STATISTIC_TABLE_LIST_SCHEMA } from "../wire/columns.ts";
import { type Call, fetcherOf } from "./_call.ts";
import { pullFrame } from "./_paging.ts";

/** StatisticTableList by language and StatisticItemList by language and table, pulled once. */
export class Lookups {
  readonly #tables = new Map<string, Promise<DataFrame>>();
  readonly #items = new Map<string, Promise<DataFrame>>();

  /**
   * StatisticTableList in the call's language.
   *
   * @param call The call that needs it (its language, signal and settings).
   * @returns Every table and group.
   */
  tables(call: Call): Promise<DataFrame> {
    return once(this.#tables, call.language, () => pull(call, "StatisticTableList", []));
  }

  /**
   * StatisticItemList of a table in the call's language.
   *
   * @param statCode The table.
   * @param call The call that needs it.
   * @returns One row per item and cycle; empty for an unknown table.
   */
  items(statCode: string, call: Call): Promise<DataFrame> {
    const key = `${call.language}/${statCode}`;
    return once(this.#items, key, () => pull(call, "StatisticItemList", [statCode]));
  }
}

function pull(
  call: Call,
  service: "StatisticTableList" | "StatisticItemList",
  args: string[],
): Promise<DataFrame> {
  const schema = service === "StatisticTableList"
    ? STATISTIC_TABLE_LIST_SCHEMA
    : STATISTIC_ITEM_LIST_SCHEMA;
  // The call may be another service's (an empty search asks the item list): ask as this one.
  return pullFrame(fetcherOf({ ...call, service }, args), call.settings, schema);
}

function once(
  cache: Map<string, Promise<DataFrame>>,
  key: string,
  pull: () => Promise<DataFrame>,
): Promise<DataFrame> {
  let frame = cache.get(key);
  if (frame === undefined) {
    frame = pull();
    cache.set(key, frame);
    frame.catch(() => cache.delete(key));
  }
  return frame;
}
