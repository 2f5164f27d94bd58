/**
 * A plain description of the bundled catalogue, for clients' tests and notebooks that need to
 * know what the server holds (codes, cycles, ranges, counts) without querying it.
 *
 * @module
 */

import type { Cycle } from "../../wire/period.ts";
import { formatPeriod } from "../../wire/period.ts";
import { TABLES } from "./catalogue.ts";
import { tableSeries } from "./table.ts";

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
  /** Whether daily rows skip weekends. */
  weekdaysOnly: boolean;
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

/**
 * Describes every table the bundled server holds.
 *
 * @returns One entry per table, in the tree's order.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { serverCatalogue } from "../mod.ts";
 *
 * const panel = serverCatalogue().find((t) => t.code === "999Y001");
 * assert.ok(panel);
 * assert.equal(panel.seriesCount, 64);
 * assert.deepEqual(panel.cycles.map((c) => [c.cycle, c.first, c.last]), [
 *   ["D", "20100104", "20260930"],
 * ]);
 * ```
 */
export function serverCatalogue(): ServerTableInfo[] {
  return TABLES.map((t) => ({
    code: t.code,
    nameKr: t.name.kr,
    nameEn: t.name.en,
    levels: t.dims.length,
    items: t.dims.map((d) => d.items.map((it) => it.code)),
    seriesCount: t.dims.reduce((n, d) => n * d.items.length, 1),
    cycles: t.cycles.map((c) => {
      const s = tableSeries(t, c.cycle)[0]!;
      return {
        cycle: c.cycle,
        first: formatPeriod(c.cycle, s.first, "spec"),
        last: formatPeriod(c.cycle, s.last, "spec"),
        rowsPerSeries: s.count,
        weekdaysOnly: s.calendar === "weekdays",
      };
    }),
  }));
}
