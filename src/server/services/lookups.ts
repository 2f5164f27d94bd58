/**
 * The lookup services of the live ECOS API (not in the specification): StatisticTableList,
 * StatisticItemList, StatisticWord and StatisticMeta. All are paged like the others.
 *
 * @module
 */

import { itemList, metaOf, tableList, words } from "../data/lookups.ts";
import { pageList, type ServiceDef, type ServiceRequest, type WireRow } from "./service.ts";

const sm = (req: ServiceRequest) => req.dialect === "live" ? "live" : "spec";

function answerList(rows: readonly WireRow[], req: ServiceRequest) {
  return rows.length === 0 ? { code: "INFO-200" as const } : pageList(rows, req);
}

/** StatisticTableList[/{stat_code}]: the table tree, or one node and what is under it. */
export const STATISTIC_TABLE_LIST: ServiceDef = {
  name: "StatisticTableList",
  required: 0,
  answer(req) {
    const code = req.args[0] === "" || req.args[0] === "?" ? undefined : req.args[0];
    return answerList(tableList(code, req.language), req);
  },
};

/** StatisticItemList/{stat_code}: a table's items, one row per item and cycle. */
export const STATISTIC_ITEM_LIST: ServiceDef = {
  name: "StatisticItemList",
  required: 1,
  answer(req) {
    return answerList(itemList(req.args[0] ?? "", req.language, sm(req)), req);
  },
};

/** StatisticWord/{word}: glossary entries whose word contains the text. */
export const STATISTIC_WORD: ServiceDef = {
  name: "StatisticWord",
  required: 1,
  answer(req) {
    return answerList(words(req.args[0] ?? "", req.language), req);
  },
};

/** StatisticMeta/{data_name}: the description of the tables of that name. */
export const STATISTIC_META: ServiceDef = {
  name: "StatisticMeta",
  required: 1,
  answer(req) {
    return answerList(metaOf(req.args[0] ?? "", req.language, sm(req)), req);
  },
};
