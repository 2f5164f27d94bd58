/**
 * Rows and pages, for tests of the client's core: every decoder gives a page of columns, and
 * tests write their cases as rows (as the service sends them) and read pages back as rows.
 *
 * @module
 */

import { pageOf, type RawRow } from "../../src/client/_decode.ts";
import { scanFieldsOf } from "../../src/client/_frame.ts";
import { ABSENT_ID, type Page } from "../../src/client/_page.ts";
import {
  type ColumnSpec,
  KEY_STATISTIC_LIST_SCHEMA,
  STATISTIC_ITEM_LIST_SCHEMA,
  STATISTIC_META_SCHEMA,
  STATISTIC_SEARCH_SCHEMA,
  STATISTIC_TABLE_LIST_SCHEMA,
  STATISTIC_WORD_SCHEMA,
} from "../../src/wire/columns.ts";

/** The modelled services' columns. */
export const SCHEMAS: Readonly<Record<string, readonly ColumnSpec[]>> = {
  StatisticSearch: STATISTIC_SEARCH_SCHEMA,
  KeyStatisticList: KEY_STATISTIC_LIST_SCHEMA,
  StatisticTableList: STATISTIC_TABLE_LIST_SCHEMA,
  StatisticItemList: STATISTIC_ITEM_LIST_SCHEMA,
  StatisticWord: STATISTIC_WORD_SCHEMA,
  StatisticMeta: STATISTIC_META_SCHEMA,
};

/**
 * Rows as the reference path makes them a page: the fields of the service's frame (every key,
 * as text, for a service not modelled).
 */
export function pageOfRows(
  rows: readonly RawRow[],
  service = "StatisticSearch",
  total = rows.length,
): Page {
  const schema = SCHEMAS[service];
  return pageOf(rows, total, schema && scanFieldsOf(schema, service), service);
}

/**
 * A page's rows: each text field's value as sent (absent fields left out), each number as its
 * value (null where missing).
 */
export function rowsOf(page: Page): RawRow[] {
  const { fields, texts, numbers, count } = page;
  return Array.from({ length: count }, (_, r) => {
    const row: RawRow = {};
    fields.text.forEach((field, j) => {
      const t = texts[j]!;
      const id = t.ids === undefined ? t.constant : t.ids[r]!;
      if (id !== ABSENT_ID) row[field] = t.values[id];
    });
    fields.numbers.forEach((field, j) => {
      const x = numbers[j]?.[r] ?? NaN;
      row[field] = x === x ? x : null;
    });
    return row;
  });
}

/** Rows as a page of a schema's fields, as the reference path makes it. */
export function pageIn(schema: readonly ColumnSpec[], rows: readonly RawRow[]): Page {
  return pageOf(rows, rows.length, scanFieldsOf(schema, ""));
}
