/**
 * What every service handler looks like, and the paging rule they share.
 *
 * @module
 */

import type { EcosResultCode } from "../../wire/codes.ts";
import type { EcosServiceName } from "../types.ts";

/** A validated request, as a service sees it. */
export interface ServiceRequest {
  /** The decoded service arguments. */
  args: readonly string[];
  /** Names and messages in Korean or English. */
  language: "kr" | "en";
  /** The first row number asked for (1-based). */
  startNo: number;
  /** The last row number asked for (inclusive). */
  endNo: number;
  /** How labels and key statistics are answered. */
  dialect: "spec" | "live";
  /** The most rows a StatisticSearch query may match, if limited. */
  workLimit: number | undefined;
}

/**
 * One row of any service: an object whose fields, in wire order, are strings, numbers or null
 * (the row interfaces of types.ts).
 */
export type WireRow = object;

/** A service's answer: a page of rows with the total, or a result code. */
export type ServiceAnswer =
  | { code: EcosResultCode }
  | { total: number; rows: readonly WireRow[] };

/** A service the server answers. */
export interface ServiceDef {
  /** The service's name, as in the path. */
  name: EcosServiceName;
  /** How many leading arguments must be present (else ERROR-100). */
  required: number;
  /** Whether the body carries `row_count` besides `list_total_count`. */
  rowCount?: boolean;
  /** Checks the arguments' date shapes: ERROR-101 or undefined. */
  checkDates?(args: readonly string[]): EcosResultCode | undefined;
  /** Answers a validated request. */
  answer(req: ServiceRequest): ServiceAnswer;
}

/**
 * The 0-based rows `[first, last]` of a page, clipped to the total, or undefined when the
 * page is beyond the total.
 *
 * @param total Rows matched in all.
 * @param startNo The first row number (1-based).
 * @param endNo The last row number (inclusive).
 */
export function pageRange(
  total: number,
  startNo: number,
  endNo: number,
): [number, number] | undefined {
  if (startNo > total) return undefined;
  return [startNo - 1, Math.min(endNo, total) - 1];
}

/**
 * Pages a list held in memory (the lookups and key statistics).
 *
 * @param rows Every row.
 * @param req The request (row numbers).
 * @returns The page, or INFO-200 when it is empty.
 */
export function pageList(rows: readonly WireRow[], req: ServiceRequest): ServiceAnswer {
  const range = pageRange(rows.length, req.startNo, req.endNo);
  if (!range) return { code: "INFO-200" };
  return { total: rows.length, rows: rows.slice(range[0], range[1] + 1) };
}
