/**
 * A plain description of the bundled catalogue, for clients' tests and notebooks that need to
 * know what the server holds (codes, cycles, ranges, counts) without querying it.
 *
 * @module
 */

import type { Cycle } from "../../wire/period.ts";
import { formatPeriod } from "../../wire/period.ts";
import { isMarketCalendar } from "./calendar.ts";
import { TABLES } from "./catalogue.ts";
import { openDataset } from "./dataset.ts";

/** One cycle of a bundled table. */
export interface ServerCycleInfo {
  /** The cycle. */
  cycle: Cycle;
  /**
   * The first period's label. Half-monthly labels are in the specification's spelling
   * (`YYYYMMSMn`), which queries accept in either dialect; answers spell them `YYYYMMSn` in the
   * live dialect (the default).
   */
  first: string;
  /** The last period's label. */
  last: string;
  /** Rows of each series over the whole range. */
  rowsPerSeries: number;
  /**
   * Whether daily rows follow a market calendar, and so skip weekends: true for "weekdays" and
   * "krx" alike (the latter skips Korean holidays too).
   */
  weekdaysOnly: boolean;
  /**
   * Which periods hold rows: "all" (every period: every calendar day for the daily base rate),
   * "weekdays" (Monday to Friday) or "krx" (the Korean financial markets' business days:
   * weekdays without public holidays, substitutes, Labour Day and the year-end closing day).
   */
  calendar: "all" | "weekdays" | "krx";
}

/** One bundled table. */
export interface ServerTableInfo {
  /** The table code. */
  code: string;
  /** The Korean name. */
  nameKr: string;
  /** The English name. */
  nameEn: string;
  /** How many item levels (ITEM_CODE1..n) its rows fill. */
  levels: number;
  /** The item codes of each level. */
  items: string[][];
  /** How many series (item combinations) it has. */
  seriesCount: number;
  /** Its cycles. */
  cycles: ServerCycleInfo[];
}

/** Options of {@linkcode serverCatalogue}. */
export interface ServerCatalogueOptions {
  /**
   * The data's last day, as the server's `dataEnd` option: the catalogue of a server started
   * with it.
   *
   * @default {SERVER_DATA_END} "2026-09-30"
   */
  dataEnd?: string;
}

/**
 * Describes every table the bundled server holds.
 *
 * @param options The data's end, when the server was started with another.
 * @returns One entry per table, in the tree's order.
 * @throws {TypeError} When `dataEnd` is not an ISO date.
 * @throws {RangeError} When `dataEnd` lies outside the range a server accepts.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { serverCatalogue } from "../mod.ts";
 *
 * const panel = serverCatalogue().find((t) => t.code === "999Y001");
 * assert.ok(panel);
 * assert.equal(panel.seriesCount, 64);
 * assert.deepEqual(panel.cycles.map((c) => [c.cycle, c.first, c.last, c.calendar]), [
 *   ["D", "20100104", "20260930", "krx"],
 * ]);
 * ```
 *
 * @example The catalogue of a server started with a later `dataEnd`
 * ```ts
 * import assert from "node:assert/strict";
 * import { serverCatalogue } from "../mod.ts";
 *
 * const later = serverCatalogue({ dataEnd: "2026-12-31" });
 * const cpi = later.find((t) => t.code === "901Y009")?.cycles[0];
 * assert.equal(cpi?.last, "202611");
 * // 31 December is the year-end closing day: the market's last row is the 30th.
 * const fx = later.find((t) => t.code === "731Y001")?.cycles[0];
 * assert.equal(fx?.last, "20261230");
 * // A discontinued table does not move.
 * const old = later.find((t) => t.code === "814Y002")?.cycles[0];
 * assert.equal(old?.last, "201812SM2");
 * ```
 */
export function serverCatalogue(options: ServerCatalogueOptions = {}): ServerTableInfo[] {
  const data = openDataset(options.dataEnd === undefined ? {} : { dataEnd: options.dataEnd });
  return TABLES.map((t) => ({
    code: t.code,
    nameKr: t.name.kr,
    nameEn: t.name.en,
    levels: t.dims.length,
    items: t.dims.map((d) => d.items.map((it) => it.code)),
    seriesCount: t.dims.reduce((n, d) => n * d.items.length, 1),
    cycles: t.cycles.map((c) => {
      const s = data.series(t, c.cycle)[0]!;
      return {
        cycle: c.cycle,
        first: formatPeriod(c.cycle, s.first, "spec"),
        last: formatPeriod(c.cycle, s.last, "spec"),
        rowsPerSeries: s.count,
        weekdaysOnly: isMarketCalendar(s.calendar),
        calendar: s.calendar,
      };
    }),
  }));
}
