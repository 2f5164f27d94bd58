/**
 * The lookup services of the live ECOS API (not in the specification): StatisticTableList,
 * StatisticItemList, StatisticWord and StatisticMeta. All are paged like the others; a lookup
 * that finds nothing answers INFO-200.
 *
 * @module
 */

import { itemList, metaOf, tableList, words } from "../data/lookups.ts";
import { pageList, type ServiceDef } from "./service.ts";

/** The first argument: present whenever the service requires it. */
const first = (args: readonly string[]) => args[0] ?? "";

/** StatisticTableList[/{stat_code}]: the table tree, or one node and what is under it. */
export const STATISTIC_TABLE_LIST: ServiceDef<{ code: string | undefined }> = {
  name: "StatisticTableList",
  required: 0,
  rowCount: false,
  check: ([code]) => ({ args: { code: code === "" || code === "?" ? undefined : code } }),
  answer(req) {
    return pageList(tableList(req.args.code, req.language), req);
  },
};

/** StatisticItemList/{stat_code}: a table's items, one row per item and cycle. */
export const STATISTIC_ITEM_LIST: ServiceDef<{ stat: string }> = {
  name: "StatisticItemList",
  required: 1,
  rowCount: false,
  check: (args) => ({ args: { stat: first(args) } }),
  answer(req) {
    return pageList(itemList(req.data, req.args.stat, req.language, req.dialect), req);
  },
};

/** StatisticWord/{word}: glossary entries whose word contains the text. */
export const STATISTIC_WORD: ServiceDef<{ word: string }> = {
  name: "StatisticWord",
  required: 1,
  rowCount: false,
  check: (args) => ({ args: { word: first(args) } }),
  answer(req) {
    return pageList(words(req.args.word, req.language), req);
  },
};

/** StatisticMeta/{data_name}: the description of the tables of that name. */
export const STATISTIC_META: ServiceDef<{ name: string }> = {
  name: "StatisticMeta",
  required: 1,
  rowCount: false,
  check: (args) => ({ args: { name: first(args) } }),
  answer(req) {
    return pageList(metaOf(req.data, req.args.name, req.language, req.dialect), req);
  },
};
