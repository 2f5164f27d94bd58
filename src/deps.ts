/**
 * Every third-party dependency of the library, fully qualified and pinned. A user who imports
 * mod.ts by URL has no import map, so library code names no bare specifier anywhere else.
 *
 * @module
 */

export { default as pl } from "npm:nodejs-polars@0.25.2";
export type { DataFrame, Series } from "npm:nodejs-polars@0.25.2";
export { z } from "npm:zod@4.6.7";
export { XMLParser } from "npm:fast-xml-parser@5.12.1";
