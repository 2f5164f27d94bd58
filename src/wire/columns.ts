/**
 * The columns of each service's frame: names, kinds and the raw field each is read from. The
 * client builds frames by them; the mirror and the transforms read frames by them.
 *
 * @module
 */

/** How a column is built from the raw field. */
export type ColumnKind =
  /** Utf8; "" becomes null. */
  | "text"
  /** Float64; "", "-" and anything not a number become null. */
  | "float"
  /** Int64; as float, then cast. */
  | "int"
  /** pl.Date: the first day of the period named by a TIME label, recognised by its shape. */
  | "date";

/** One output column. */
export interface ColumnSpec {
  /** The column's name in the frame. */
  readonly name: string;
  /** How it is built. */
  readonly kind: ColumnKind;
  /** The raw field it is read from, when not `name`. */
  readonly source?: string;
}

const text = (name: string, source?: string): ColumnSpec =>
  source === undefined ? { name, kind: "text" } : { name, kind: "text", source };

/** StatisticSearch: TIME is the period's first day, PERIOD the label as sent. */
export const STATISTIC_SEARCH_SCHEMA: readonly ColumnSpec[] = [
  text("STAT_CODE"),
  text("STAT_NAME"),
  text("ITEM_CODE1"),
  text("ITEM_NAME1"),
  text("ITEM_CODE2"),
  text("ITEM_NAME2"),
  text("ITEM_CODE3"),
  text("ITEM_NAME3"),
  text("ITEM_CODE4"),
  text("ITEM_NAME4"),
  text("UNIT_NAME"),
  { name: "WGT", kind: "float" },
  { name: "TIME", kind: "date", source: "TIME" },
  text("PERIOD", "TIME"),
  { name: "DATA_VALUE", kind: "float" },
];

/** KeyStatisticList: CYCLE is the latest period's label, TIME its first day. */
export const KEY_STATISTIC_LIST_SCHEMA: readonly ColumnSpec[] = [
  text("CLASS_NAME"),
  text("KEYSTAT_NAME"),
  { name: "DATA_VALUE", kind: "float" },
  text("CYCLE"),
  { name: "TIME", kind: "date", source: "CYCLE" },
  text("UNIT_NAME"),
];

/** StatisticTableList: the table tree. */
export const STATISTIC_TABLE_LIST_SCHEMA: readonly ColumnSpec[] = [
  text("P_STAT_CODE"),
  text("STAT_CODE"),
  text("STAT_NAME"),
  text("CYCLE"),
  text("SRCH_YN"),
  text("ORG_NAME"),
];

/**
 * StatisticItemList: one row per item and cycle. START_DATE and END_DATE are the first days of
 * the periods START_TIME and END_TIME name, read in the item's cycle.
 */
export const STATISTIC_ITEM_LIST_SCHEMA: readonly ColumnSpec[] = [
  text("STAT_CODE"),
  text("STAT_NAME"),
  text("GRP_CODE"),
  text("GRP_NAME"),
  text("ITEM_CODE"),
  text("ITEM_NAME"),
  text("P_ITEM_CODE"),
  text("P_ITEM_NAME"),
  text("CYCLE"),
  text("START_TIME"),
  text("END_TIME"),
  { name: "START_DATE", kind: "date", source: "START_TIME" },
  { name: "END_DATE", kind: "date", source: "END_TIME" },
  { name: "DATA_CNT", kind: "int" },
  text("UNIT_NAME"),
  { name: "WEIGHT", kind: "float" },
];

/** StatisticWord: a glossary entry. */
export const STATISTIC_WORD_SCHEMA: readonly ColumnSpec[] = [text("WORD"), text("CONTENT")];

/** StatisticMeta: a table's metadata tree. */
export const STATISTIC_META_SCHEMA: readonly ColumnSpec[] = [
  text("LVL"),
  text("P_CONT_CODE"),
  text("CONT_CODE"),
  text("CONT_NAME"),
  text("META_DATA"),
];
