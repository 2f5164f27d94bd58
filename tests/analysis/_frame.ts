/**
 * What the analysis tests share: StatisticSearch frames built from compact rows through the
 * client's own frame builder, and a comparison of numbers that tolerates rounding.
 *
 * @module
 */

import assert from "node:assert/strict";
import type { DataFrame } from "../../src/deps.ts";
import { buildFrame } from "../../src/client/_frame.ts";
import { STATISTIC_SEARCH_SCHEMA } from "../../src/wire/columns.ts";
import { type EcosError, isEcosError } from "../../src/errors.ts";

/** One row: a period label and its value; the series defaults to the CPI's "All items". */
export interface Row {
  period: string;
  value: number | null;
  stat?: string;
  codes?: readonly string[];
  names?: readonly string[];
  unit?: string;
  wgt?: number;
}

/** A StatisticSearch frame of rows, exactly as the client builds one. */
export function frame(rows: readonly Row[]): DataFrame {
  return buildFrame(
    rows.map((r) => {
      const raw: Record<string, unknown> = {
        STAT_CODE: r.stat ?? "901Y009",
        STAT_NAME: "Table",
        UNIT_NAME: r.unit ?? "2020=100",
        WGT: r.wgt === undefined ? "" : String(r.wgt),
        TIME: r.period,
        DATA_VALUE: r.value === null ? "" : String(r.value),
      };
      const codes = r.codes ?? ["0"];
      const names = r.names ?? ["All items"];
      codes.forEach((c, i) => (raw[`ITEM_CODE${i + 1}`] = c));
      names.forEach((n, i) => (raw[`ITEM_NAME${i + 1}`] = n));
      return raw;
    }),
    STATISTIC_SEARCH_SCHEMA,
  );
}

/** Rows of one series: one per label, values in order. */
export function series(
  periods: readonly string[],
  values: readonly (number | null)[],
  extra: Omit<Row, "period" | "value"> = {},
): Row[] {
  return periods.map((period, i) => ({ ...extra, period, value: values[i] ?? null }));
}

/** A frame's column as an array. */
export function column(df: DataFrame, name: string): unknown[] {
  return df.getColumn(name).toArray();
}

/** Numbers (or nulls) equal to 9 significant digits. */
export function assertClose(
  actual: readonly unknown[],
  expected: readonly (number | null)[],
): void {
  assert.equal(actual.length, expected.length, `lengths differ: ${actual} vs ${expected}`);
  expected.forEach((e, i) => {
    const a = actual[i];
    if (e === null) {
      assert.equal(a, null, `at ${i}: expected null, got ${a}`);
    } else {
      assert.equal(typeof a, "number", `at ${i}: expected ${e}, got ${a}`);
      assert.ok(
        Math.abs((a as number) - e) <= 1e-9 * Math.max(1, Math.abs(e)),
        `at ${i}: ${a} != ${e}`,
      );
    }
  });
}

/** The EcosError a call throws; fails the test otherwise. */
export function throwsEcos(fn: () => unknown): EcosError {
  try {
    fn();
  } catch (e) {
    assert.ok(isEcosError(e), `expected an EcosError, got ${e}`);
    return e;
  }
  assert.fail("expected an EcosError");
}
