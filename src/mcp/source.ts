/**
 * Where an answer's data comes from: every answer of the server says it, and a chart names it
 * under its title.
 *
 * @module
 */

import { type DataSource, sourceLine } from "../frame_info.ts";

/** Where an answer's data comes from, as every answer says it. */
export interface SourceInfo {
  /** The client's source. */
  kind: DataSource;
  /** Whether the data is the bundled server's generated sample data. */
  sample_data: boolean;
  /** The line to show with the data. */
  note: string;
}

/** The line that says an answer's data is generated, with what to do about it. */
export const SAMPLE_DATA_NOTE: string =
  "Generated sample data from the bundled ECOS server, not official statistics (ECOS_API_KEY " +
  "is not set). Say so wherever these numbers are shown.";

/**
 * Where a client's data comes from, for an answer.
 *
 * @param source The client's source.
 * @param now When the data is retrieved.
 * @returns The source, whether it is sample data, and the line to show with it.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { sourceInfo } from "./source.ts";
 *
 * assert.equal(sourceInfo("bundled").sample_data, true);
 * assert.equal(
 *   sourceInfo("live", new Date("2026-11-23")).note,
 *   "Source: ECOS, Bank of Korea (retrieved 2026-11-23)",
 * );
 * ```
 */
export function sourceInfo(source: DataSource, now: Date = new Date()): SourceInfo {
  return {
    kind: source,
    sample_data: source === "bundled",
    note: source === "bundled" ? SAMPLE_DATA_NOTE : sourceLine(source, now),
  };
}
