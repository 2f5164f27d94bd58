/**
 * What every service looks like, and the paging rule they share. A service reads its
 * arguments once, in {@linkcode ServiceDef.check}, and answers from what it read.
 *
 * @module
 */

import type { EcosResultCode } from "../../wire/codes.ts";
import type { Dialect } from "../../wire/dialect.ts";
import type { Language } from "../../wire/format.ts";
import type { EcosServiceName } from "../../wire/services.ts";
import type { Dataset } from "../data/dataset.ts";

/** The rows a request asks for: 1-based row numbers, both inclusive. */
export interface RowRange {
  /** The first row number asked for (1-based). */
  startNo: number;
  /** The last row number asked for (inclusive). */
  endNo: number;
}

/** A valid request, as a service sees it. */
export interface ServiceRequest<Args> extends RowRange {
  /** The service arguments, as the service's check read them. */
  args: Args;
  /** Names and messages in Korean or English. */
  language: Language;
  /** How labels and key statistics are answered. */
  dialect: Dialect;
  /** The most rows a StatisticSearch query may match, if limited. */
  workLimit: number | undefined;
  /** The data the server answers from: its seed, data end and revision round. */
  data: Dataset;
}

/**
 * One row of any service: an object whose fields, in wire order, are strings, numbers or null
 * (the row interfaces of rows.ts).
 */
export type WireRow = object;

/**
 * A page's rows, made as they are read: its length, and the rows `start .. end - 1` (as
 * `Array.prototype.slice`). An array is one; StatisticSearch makes its rows slice by slice,
 * so that a whole-table page is never held at once.
 */
export interface RowSource {
  /** How many rows the page has. */
  readonly length: number;
  /** The rows `start .. end - 1` (0-based), clipped to the page. */
  slice(start: number, end: number): readonly WireRow[];
}

/** A service's answer: a page of rows with the total, or a result code. */
export type ServiceAnswer =
  | { code: EcosResultCode }
  | { total: number; rows: RowSource };

/** What a service's check read from the arguments, or the result code they fail with. */
export type ArgsCheck<Args> = { args: Args } | { code: EcosResultCode };

/**
 * A service the server answers. Its methods are declared as methods, so that services with
 * different `Args` share one registry typed `ServiceDef<unknown>`; a request's `args` always
 * come from the same service's `check`.
 */
export interface ServiceDef<Args> {
  /** The service's name, as in the path. */
  name: EcosServiceName;
  /** How many leading arguments must be present (else ERROR-100). */
  required: number;
  /** Whether the body carries `row_count` besides `list_total_count`. */
  rowCount: boolean;
  /**
   * Reads the arguments once the row numbers and the required arguments passed: a result code
   * for a bad argument (StatisticSearch: ERROR-100 for a cycle outside the alphabet, ERROR-101
   * for a date of another shape), else `args`.
   */
  check(args: readonly string[]): ArgsCheck<Args>;
  /** Answers a valid request. */
  answer(req: ServiceRequest<Args>): ServiceAnswer;
}

/**
 * The 0-based rows `[first, last]` of a page, clipped to the total, or undefined when the
 * page is beyond the total.
 *
 * @param total Rows matched in all.
 * @param range The row numbers asked for.
 */
export function pageRange(total: number, range: RowRange): [number, number] | undefined {
  if (range.startNo > total) return undefined;
  return [range.startNo - 1, Math.min(range.endNo, total) - 1];
}

/**
 * Pages a list held in memory (the lookups and key statistics).
 *
 * @param rows Every row.
 * @param range The row numbers asked for.
 * @returns The page, or INFO-200 when it is empty.
 */
export function pageList(rows: readonly WireRow[], range: RowRange): ServiceAnswer {
  const page = pageRange(rows.length, range);
  if (!page) return { code: "INFO-200" };
  return { total: rows.length, rows: rows.slice(page[0], page[1] + 1) };
}
