/**
 * The fixed end of the bundled data, and day arithmetic for declaring tables. Nothing here
 * reads the clock: the data ends on the same day whenever the server runs.
 *
 * @module
 */

import { DAY_MS } from "../../wire/period.ts";

/**
 * The last day any bundled table covers: 2026-09-30.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { SERVER_DATA_END, startEcosServer } from "../mod.ts";
 *
 * // The base rate's last day is the data's end, whenever the server runs.
 * await using server = await startEcosServer();
 * const day = SERVER_DATA_END.replaceAll("-", "");
 * const res = await fetch(
 *   `${server.url}/StatisticSearch/sample/json/kr/1/10/722Y001/D/${day}/29991231/0101000`,
 * );
 * const body = await res.json();
 * assert.equal(body.StatisticSearch.list_total_count, 1);
 * assert.equal(body.StatisticSearch.row[0].TIME, day);
 * ```
 */
export const DATA_END: string = "2026-09-30";

/**
 * The earliest data end a server may be given (`dataEnd`): 2024-01-01. Earlier ends would cut
 * into the periods some tables are pinned to (CPI's 2020 base year, GDP's published 2020
 * level) and leave the newest tables short, so values would no longer agree with a later end.
 */
export const DATA_END_MIN: string = "2024-01-01";

/** The latest data end a server may be given (`dataEnd`): 2099-12-31. */
export const DATA_END_MAX: string = "2099-12-31";

/**
 * The day of an ISO date "YYYY-MM-DD", or undefined when the text is not one (wrong shape or
 * no such day, e.g. "2026-02-30").
 *
 * @param text The text.
 */
export function tryIsoDay(text: string): number | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return undefined;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const ms = Date.UTC(y, mo - 1, d);
  const date = new Date(ms);
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) {
    return undefined;
  }
  return ms / DAY_MS;
}

/** Whole days since 1970-01-01 of an ISO date such as "2024-05-17". */
export function isoDay(iso: string): number {
  return Math.round(Date.parse(`${iso}T00:00:00Z`) / DAY_MS);
}

/** The fractional year of a day ordinal, e.g. 2020.5 for mid-2020: handy for anchors. */
export function dayToYear(day: number): number {
  const d = new Date(day * DAY_MS);
  const y = d.getUTCFullYear();
  const start = Date.UTC(y, 0, 1) / DAY_MS;
  const next = Date.UTC(y + 1, 0, 1) / DAY_MS;
  return y + (day - start) / (next - start);
}
