/**
 * What an analyst does with a StatisticSearch frame, as pure Polars transforms: put series side
 * by side ({@linkcode toWide}, naming columns by the queries' labels), add a change in one of
 * FRED's units ({@linkcode withChange}), aggregate to a coarser cycle ({@linkcode toCycle}),
 * and read units ({@linkcode parseUnit}) to put values of different scales in base units
 * ({@linkcode inBaseUnits}) or one scale ({@linkcode rescale}). Each reads the cycle from the PERIOD labels, keeps missing values as
 * null, passes an empty frame through, and keeps the frame's record of where its rows came
 * from (`frameInfo`).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { pl } from "../deps.ts";
 * import { toCycle, toWide, withChange } from "./mod.ts";
 *
 * const periods = ["202301", "202302", "202303", "202401", "202402", "202403"];
 * const n = periods.length;
 * const text = (name: string, v: string | null) => pl.Series(name, Array(n).fill(v), pl.String);
 * const cpi = pl.DataFrame([
 *   text("STAT_CODE", "901Y009"),
 *   text("STAT_NAME", "Consumer Price Indices"),
 *   text("ITEM_CODE1", "0"),
 *   text("ITEM_NAME1", "All items"),
 *   text("ITEM_CODE2", null),
 *   text("ITEM_NAME2", null),
 *   text("ITEM_CODE3", null),
 *   text("ITEM_NAME3", null),
 *   text("ITEM_CODE4", null),
 *   text("ITEM_NAME4", null),
 *   text("UNIT_NAME", "2020=100"),
 *   pl.Series("WGT", Array(n).fill(null), pl.Float64),
 *   pl.Series("TIME", periods.map((p) => new Date(`${p.slice(0, 4)}-${p.slice(4)}-01`)))
 *     .cast(pl.Date),
 *   pl.Series("PERIOD", periods, pl.String),
 *   pl.Series("DATA_VALUE", [99, 100, 101, 103, 104, 105], pl.Float64),
 * ]);
 * const quarterly = withChange(toCycle(cpi, "Q", "mean"), "yoy");
 * assert.deepEqual(quarterly.getColumn("PERIOD").toArray(), ["2023Q1", "2024Q1"]);
 * assert.deepEqual(quarterly.getColumn("CHANGE_YOY").toArray(), [null, 4]);
 * assert.deepEqual(toWide(quarterly).columns, ["TIME", "PERIOD", "All items"]);
 * ```
 *
 * @module
 */

export { toWide } from "./wide.ts";
export { parseUnit, type UnitInfo, type UnitKind } from "./units.ts";
export { inBaseUnits, rescale } from "./scale.ts";
export { columnUnits } from "./column_units.ts";
export { CHANGE_COLUMNS, type ChangeKind, changeUnit, withChange } from "./change.ts";
export { type Aggregation, type CoarseCycle, toCycle } from "./cycle.ts";
export type { DataFrame } from "../deps.ts";
