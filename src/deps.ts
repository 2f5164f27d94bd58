/**
 * Every third-party dependency of the library, fully qualified and pinned. A user who imports
 * mod.ts by URL has no import map, so library code names no bare specifier anywhere else.
 *
 * @module
 */

export { default as pl } from "npm:nodejs-polars@0.25.2";
export type { DataType, Series } from "npm:nodejs-polars@0.25.2";
import type { DataFrame as PolarsDataFrame } from "npm:nodejs-polars@0.25.2";
/**
 * A nodejs-polars DataFrame: what every service returns. (An alias, so that the module's
 * documentation can name it without documenting all of Polars.)
 */
export type DataFrame = PolarsDataFrame;
export { z } from "npm:zod@4.6.7";
export { XMLParser } from "npm:fast-xml-parser@5.12.1";

/**
 * vega and vega-lite, loaded on first use: together they add about 150 ms to start-up, and only
 * charts need them (see src/jupyter/plot.ts).
 *
 * @returns The vega and vega-lite modules.
 */
export function loadVega(): Promise<
  [typeof import("npm:vega@6.4.0"), typeof import("npm:vega-lite@6.5.0")]
> {
  return Promise.all([import("npm:vega@6.4.0"), import("npm:vega-lite@6.5.0")]);
}
export type { TopLevelSpec as VegaLiteTopLevelSpec } from "npm:vega-lite@6.5.0";
