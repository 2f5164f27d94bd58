/**
 * The rows the bundled server answers, one interface a service, with the fields in the wire's
 * order. Every value is a string or null, except StatisticItemList's DATA_CNT (a number).
 *
 * @module
 */

/**
 * A row of StatisticSearch, in the wire's field order.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { startEcosServer, type StatisticSearchRow } from "./mod.ts";
 *
 * await using server = await startEcosServer();
 * const res = await fetch(
 *   `${server.url}/StatisticSearch/sample/json/kr/1/1/722Y001/A/2020/2020/0101000`,
 * );
 * const row: StatisticSearchRow = (await res.json()).StatisticSearch.row[0];
 * assert.equal(row.TIME, "2020");
 * assert.equal(row.ITEM_CODE2, null);
 * ```
 */
export interface StatisticSearchRow {
  /** The table code, e.g. "722Y001". */
  STAT_CODE: string;
  /** The table name. */
  STAT_NAME: string;
  /** The first item code. */
  ITEM_CODE1: string;
  /** The first item name. */
  ITEM_NAME1: string;
  /** The second item code, or null. */
  ITEM_CODE2: string | null;
  /** The second item name, or null. */
  ITEM_NAME2: string | null;
  /** The third item code, or null. */
  ITEM_CODE3: string | null;
  /** The third item name, or null. */
  ITEM_NAME3: string | null;
  /** The fourth item code, or null. */
  ITEM_CODE4: string | null;
  /** The fourth item name, or null. */
  ITEM_NAME4: string | null;
  /** The unit, e.g. "연%". */
  UNIT_NAME: string | null;
  /** The item's weight, or null. */
  WGT: string | null;
  /** The period label, e.g. "20240131". */
  TIME: string;
  /** The value as a string; "" or "-" when missing. */
  DATA_VALUE: string;
}

/**
 * A row of KeyStatisticList.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { type KeyStatisticRow, startEcosServer } from "./mod.ts";
 *
 * await using server = await startEcosServer();
 * const res = await fetch(`${server.url}/KeyStatisticList/sample/json/kr/1/1`);
 * const row: KeyStatisticRow = (await res.json()).KeyStatisticList.row[0];
 * // The latest period's label in the indicator's own shape: a day for the daily base rate.
 * assert.match(row.CYCLE, /^\d{8}$/);
 * ```
 */
export interface KeyStatisticRow {
  /** The group, e.g. "금리". */
  CLASS_NAME: string;
  /** The indicator's name. */
  KEYSTAT_NAME: string;
  /** The latest value as a string. */
  DATA_VALUE: string;
  /**
   * The latest period's label (not a cycle code), in the indicator's own shape: `YYYYMM`,
   * `YYYYMMDD` or `YYYYQn` (live dialect); always `YYYYMM` (spec dialect).
   */
  CYCLE: string;
  /** The unit. */
  UNIT_NAME: string;
}

/**
 * A row of StatisticTableList: a node of the table tree.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { startEcosServer, type StatisticTableRow } from "./mod.ts";
 *
 * await using server = await startEcosServer();
 * const res = await fetch(`${server.url}/StatisticTableList/sample/json/kr/1/1`);
 * const root: StatisticTableRow = (await res.json()).StatisticTableList.row[0];
 * assert.equal(root.P_STAT_CODE, "*");
 * assert.equal(root.SRCH_YN, "N");
 * ```
 */
export interface StatisticTableRow {
  /** The parent node's code; "*" for a root. */
  P_STAT_CODE: string;
  /** The node's code: a table code, or a group code. */
  STAT_CODE: string;
  /** The node's name, after its number in the tree, e.g. "1.2.1. 한국은행 기준금리 및 여수신금리". */
  STAT_NAME: string;
  /** The table's cycle; null for a group. */
  CYCLE: string | null;
  /** "Y" for a searchable table, "N" for a group. */
  SRCH_YN: "Y" | "N";
  /**
   * The compiling organisation; null for a group and for the Bank of Korea's own tables, that
   * is, on almost every row, as on the live service.
   */
  ORG_NAME: string | null;
}

/**
 * A row of StatisticItemList: one item in one cycle.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { startEcosServer, type StatisticItemRow } from "./mod.ts";
 *
 * await using server = await startEcosServer();
 * const res = await fetch(`${server.url}/StatisticItemList/sample/json/kr/1/1/901Y009`);
 * const item: StatisticItemRow = (await res.json()).StatisticItemList.row[0];
 * assert.equal(typeof item.DATA_CNT, "number");
 * assert.equal(item.WEIGHT, "1000");
 * ```
 */
export interface StatisticItemRow {
  /** The table code. */
  STAT_CODE: string;
  /** The table name. */
  STAT_NAME: string;
  /** The item group ("Group1" for ITEM_CODE1, ...). */
  GRP_CODE: string;
  /** The item group's name. */
  GRP_NAME: string;
  /** The item code. */
  ITEM_CODE: string;
  /** The item name. */
  ITEM_NAME: string;
  /** The parent item's code, or null. */
  P_ITEM_CODE: string | null;
  /** The parent item's name, or null. */
  P_ITEM_NAME: string | null;
  /** The cycle code. */
  CYCLE: string;
  /** The first period's label. */
  START_TIME: string;
  /** The last period's label. */
  END_TIME: string;
  /** How many periods the item has in this cycle (a JSON number). */
  DATA_CNT: number;
  /** The unit, or null. */
  UNIT_NAME: string | null;
  /** The item's weight, or null. */
  WEIGHT: string | null;
}

/**
 * A row of StatisticWord.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { startEcosServer, type StatisticWordRow } from "./mod.ts";
 *
 * await using server = await startEcosServer();
 * const term = encodeURIComponent("기준금리");
 * const res = await fetch(`${server.url}/StatisticWord/sample/json/en/1/1/${term}`);
 * const word: StatisticWordRow = (await res.json()).StatisticWord.row[0];
 * assert.equal(word.WORD, "Base rate");
 * ```
 */
export interface StatisticWordRow {
  /** The glossary word. */
  WORD: string;
  /** Its explanation. */
  CONTENT: string;
}

/**
 * A row of StatisticMeta.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { startEcosServer, type StatisticMetaRow } from "./mod.ts";
 *
 * await using server = await startEcosServer();
 * const name = encodeURIComponent("시장금리(일별)");
 * const res = await fetch(`${server.url}/StatisticMeta/sample/json/kr/1/1/${name}`);
 * const meta: StatisticMetaRow = (await res.json()).StatisticMeta.row[0];
 * assert.equal(meta.LVL, "1");
 * assert.equal(meta.P_CONT_CODE, null);
 * assert.equal(meta.META_DATA, "시장금리(일별)");
 * ```
 */
export interface StatisticMetaRow {
  /** The level in the description tree, "1" or "2". */
  LVL: string;
  /** The parent entry's code; null at level 1 (the top-level rows), as on the live service. */
  P_CONT_CODE: string | null;
  /** The entry's code. */
  CONT_CODE: string;
  /** The entry's heading. */
  CONT_NAME: string;
  /** The entry's text, or null for a heading only. */
  META_DATA: string | null;
}
