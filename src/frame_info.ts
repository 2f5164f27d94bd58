/**
 * Where a frame's rows came from: a record per frame (source, base URL, when fetched, from the
 * cache or not, language), kept beside the frame and carried by the transforms that derive
 * frames from frames, and the line that names a source when data is shown.
 *
 * @module
 */

import type { DataFrame } from "./deps.ts";
import { isoDate } from "./util/iso_date.ts";
import { isBundledServer } from "./wire/bundled.ts";
import type { Language } from "./wire/format.ts";

/** Where a client's data comes from. */
export type DataSource =
  /** The Bank of Korea's ECOS service. */
  | "live"
  /** The bundled server, in this process: generated sample data. */
  | "bundled"
  /** Another server (a proxy, a mirror, a bundled server in another process). */
  | "custom";

/**
 * Where and when a frame's rows were fetched. A frame of several pulls (`statisticSearchMany`,
 * `toWide` over frames) lists them in `sources`, and is the first's, with the oldest `fetchedAt`.
 */
export interface FrameInfo {
  /** Where the rows come from (for several pulls, the first's). */
  source: DataSource;
  /** The service's base URL (never the key). */
  baseUrl: string;
  /** When the oldest of its pages was fetched from the service. */
  fetchedAt: Date;
  /** Whether any page came from the response cache rather than the service. */
  fromCache: boolean;
  /** The language of its names, where the client recorded it. */
  language?: Language;
  /** Each pull's record, in order, when the frame combines more than one pull. */
  sources?: FrameInfo[];
}

/** Where a base URL's data comes from. */
export function sourceOf(baseUrl: string): DataSource {
  if (isBundledServer(baseUrl)) return "bundled";
  return new URL(baseUrl).hostname === "ecos.bok.or.kr" ? "live" : "custom";
}

let lastSource: DataSource | undefined;

/** Notes the last client's source: what charts name when a frame does not say. */
export function noteSource(source: DataSource): void {
  lastSource = source;
}

/** The source charts name by default: the last client's. */
export function currentSource(): DataSource | undefined {
  return lastSource;
}

/**
 * The line that names a source, as the Bank of Korea asks when its data is shown.
 *
 * @param source The source.
 * @param date When the data was retrieved.
 * @returns E.g. "Source: ECOS, Bank of Korea (retrieved 2026-11-23)".
 */
export function sourceLine(source: DataSource, date: Date = new Date()): string {
  switch (source) {
    case "live":
      return `Source: ECOS, Bank of Korea (retrieved ${isoDate(date)})`;
    case "bundled":
      return "Generated sample data from the bundled ECOS server, not official statistics";
    case "custom":
      return `Source: an ECOS-compatible service (retrieved ${isoDate(date)})`;
  }
}

const infos = new WeakMap<DataFrame, FrameInfo>();

/** Records where a frame's rows came from. */
export function setFrameInfo(df: DataFrame, info: FrameInfo): DataFrame {
  infos.set(df, info);
  return df;
}

/**
 * Where and when the rows of a frame a client returned were fetched, and whether they came
 * from the response cache. The transforms of this module (`toWide`, `withChange`, `toCycle`)
 * keep the record, and a frame that combines several pulls lists them in `sources`; frames
 * derived by Polars itself (filtered, joined, ...) are new frames and have no record.
 *
 * @param df A frame a client method returned.
 * @returns The record, or `undefined` for any other frame.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { connect, frameInfo } from "@ecos/ecos";
 *
 * await using session = await connect({ env: {}, quiet: true }); // the bundled server
 * const rate = await session.client.series("base_rate", { start: "2024", end: "2024" });
 * assert.equal(frameInfo(rate)?.source, "bundled");
 * assert.equal(frameInfo(rate)?.fromCache, false);
 * assert.equal(frameInfo(rate.head(1)), undefined);
 * ```
 */
export function frameInfo(df: DataFrame): FrameInfo | undefined {
  return infos.get(df);
}

/** One record for several: their pulls in order, as {@linkcode FrameInfo} says. */
export function combineInfo(infos: readonly FrameInfo[]): FrameInfo | undefined {
  const pulls: FrameInfo[] = [];
  for (const info of infos) {
    for (const pull of info.sources ?? [info]) if (!pulls.includes(pull)) pulls.push(pull);
  }
  const [first] = pulls;
  if (first === undefined || pulls.length === 1) return first;
  const { sources: _, ...head } = first;
  return {
    ...head,
    fetchedAt: new Date(Math.min(...pulls.map((p) => p.fetchedAt.getTime()))),
    fromCache: pulls.some((p) => p.fromCache),
    sources: pulls,
  };
}

/** A frame derived from others keeps their records ({@linkcode combineInfo}). */
export function withInfoOf(df: DataFrame, ...from: DataFrame[]): DataFrame {
  const infos = from.map((f) => frameInfo(f)).filter((i) => i !== undefined);
  const info = combineInfo(infos);
  return info === undefined ? df : setFrameInfo(df, info);
}
