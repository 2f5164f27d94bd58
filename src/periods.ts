/**
 * Period labels for people (`@ecos/ecos/periods`): a label's first and last day, and the label of a date, for any cycle
 * (both half-monthly spellings read), with an INVALID_ARGUMENT that names the expected shape.
 *
 * @module
 */

import { invalidArgument } from "./errors.ts";
import {
  type Cycle,
  CYCLE_SHAPES,
  dateToIndex,
  daysToDate,
  formatPeriod,
  periodEndDays,
  type PeriodRef,
  periodStartDays,
  tryParseLabel,
} from "./wire/period.ts";

export type { Cycle, PeriodRef } from "./wire/period.ts";

/**
 * A label's cycle and period ordinal, read from its shape; an INVALID_ARGUMENT that names the
 * expected shape when it has none.
 *
 * @param label A TIME label such as "2023Q3".
 * @param cycle When given, the label must be of this cycle.
 * @returns The cycle and the ordinal.
 * @throws {EcosError} INVALID_ARGUMENT when the label has no known shape.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseLabel } from "@ecos/ecos/periods";
 *
 * assert.deepEqual(parseLabel("2023Q3"), { cycle: "Q", index: 2023 * 4 + 2 });
 * assert.throws(() => parseLabel("2023-07", "M"), /YYYYMM/);
 * ```
 */
export function parseLabel(label: string, cycle?: Cycle): PeriodRef {
  const ref = typeof label === "string" ? tryParseLabel(label, cycle) : undefined;
  if (ref) return ref;
  const shape = cycle === undefined
    ? "one of YYYY, YYYYSn, YYYYQn, YYYYMM, YYYYMMSn, YYYYMMSMn, YYYYMMDD"
    : `${CYCLE_SHAPES[cycle]} for cycle ${cycle}`;
  throw invalidArgument(`Write the period as ${shape}: got ${JSON.stringify(label)}`);
}

/**
 * The first day of the period a label names, at UTC midnight. The cycle is read from the
 * label's shape; both half-monthly spellings are understood.
 *
 * @param label A TIME label such as "2023Q3", "202305S2", "202305SM2" or "20230517".
 * @param cycle When given, the label must be of this cycle.
 * @throws {EcosError} INVALID_ARGUMENT when the label has no known shape.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parsePeriod } from "@ecos/ecos/periods";
 *
 * assert.equal(parsePeriod("2023Q3").toISOString(), "2023-07-01T00:00:00.000Z");
 * assert.equal(parsePeriod("202305S2", "SM").toISOString(), "2023-05-16T00:00:00.000Z");
 * ```
 */
export function parsePeriod(label: string, cycle?: Cycle): Date {
  const ref = parseLabel(label, cycle);
  return daysToDate(periodStartDays(ref.cycle, ref.index));
}

/**
 * The last day of the period a label names, at UTC midnight; otherwise as
 * {@linkcode parsePeriod}.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { periodEnd } from "@ecos/ecos/periods";
 *
 * assert.equal(periodEnd("2024Q1").toISOString(), "2024-03-31T00:00:00.000Z");
 * assert.equal(periodEnd("202402SM2").toISOString(), "2024-02-29T00:00:00.000Z");
 * ```
 */
export function periodEnd(label: string, cycle?: Cycle): Date {
  const ref = parseLabel(label, cycle);
  return daysToDate(periodEndDays(ref.cycle, ref.index));
}

/**
 * The label of the period of `cycle` that contains a date (read in UTC).
 *
 * @param sm How to spell half-monthly labels: "live" `202305S2`, "spec" `202305SM2`.
 * @throws {EcosError} INVALID_ARGUMENT for an Invalid Date.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { dateToLabel } from "@ecos/ecos/periods";
 *
 * assert.equal(dateToLabel(new Date("2024-05-20"), "Q"), "2024Q2");
 * assert.equal(dateToLabel(new Date("2024-05-20"), "SM"), "202405S2");
 * ```
 */
export function dateToLabel(date: Date, cycle: Cycle, sm: "live" | "spec" = "live"): string {
  if (!(date instanceof Date) || !Number.isFinite(date.getTime())) {
    throw invalidArgument("Pass a valid Date: got an Invalid Date");
  }
  return formatPeriod(cycle, dateToIndex(date, cycle), sm);
}
