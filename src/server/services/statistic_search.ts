/**
 * StatisticSearch: `{stat}/{cycle}/{start}/{end}[/{item1}..{item4}]`.
 *
 * @module
 */

import { isCycle, tryParseLabel } from "../../wire/period.ts";
import { planSearch, type SearchQuery, searchRows } from "../data/search.ts";
import { pageRange, type RowSource, type ServiceDef } from "./service.ts";

/** An item filter: "?" or an empty segment matches any item. */
const filter = (arg: string | undefined) =>
  arg === undefined || arg === "" || arg === "?" ? undefined : arg;

/** The StatisticSearch service. */
export const STATISTIC_SEARCH: ServiceDef<SearchQuery> = {
  name: "StatisticSearch",
  required: 4,
  rowCount: false,
  check(args) {
    const [stat = "", cycle, start = "", end = "", ...items] = args;
    // A cycle outside the alphabet (even the old MM, DD, QQ, YY) is a missing required value.
    if (!isCycle(cycle)) return { code: "ERROR-100" };
    const from = tryParseLabel(start, cycle);
    const to = tryParseLabel(end, cycle);
    if (!from || !to) return { code: "ERROR-101" };
    const filters = [0, 1, 2, 3].map((level) => filter(items[level]));
    return { args: { stat, cycle, from: from.index, to: to.index, items: filters } };
  },
  answer(req) {
    const plan = planSearch(req.data, req.args);
    if (plan.total === 0) return { code: "INFO-200" };
    if (req.workLimit !== undefined && plan.total > req.workLimit) return { code: "ERROR-400" };
    const range = pageRange(plan.total, req);
    if (!range) return { code: "INFO-200" };
    const style = { language: req.language, sm: req.dialect };
    const [first, last] = range;
    const length = last - first + 1;
    // Rows are made a slice at a time as the body is written: a page of the whole 999Y001
    // table (279,552 rows) is never held at once.
    const rows: RowSource = {
      length,
      slice: (start, end) => {
        const from = Math.max(0, start);
        const to = Math.min(length, end);
        return from < to ? searchRows(req.data, plan, first + from, first + to - 1, style) : [];
      },
    };
    return { total: plan.total, rows };
  },
};
