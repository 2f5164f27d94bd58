/**
 * StatisticSearch: `{stat}/{cycle}/{start}/{end}[/{item1}..{item4}]`.
 *
 * @module
 */

import { isCycle, tryParseLabel } from "../../wire/period.ts";
import { planSearch, searchRows } from "../data/search.ts";
import { pageRange, type ServiceDef } from "./service.ts";

/** An item filter: "?" or an empty segment matches any item. */
const filter = (arg: string | undefined) =>
  arg === undefined || arg === "" || arg === "?" ? undefined : arg;

/** The StatisticSearch service. */
export const STATISTIC_SEARCH: ServiceDef = {
  name: "StatisticSearch",
  required: 4,
  checkDates(args) {
    const [, cycle, start, end] = args;
    if (!isCycle(cycle)) return "ERROR-101";
    if (!tryParseLabel(start ?? "", cycle) || !tryParseLabel(end ?? "", cycle)) return "ERROR-101";
    return undefined;
  },
  answer(req) {
    const [stat = "", cycle, start = "", end = "", ...items] = req.args;
    if (!isCycle(cycle)) return { code: "ERROR-101" };
    const from = tryParseLabel(start, cycle);
    const to = tryParseLabel(end, cycle);
    if (!from || !to) return { code: "ERROR-101" };
    const plan = planSearch({
      stat,
      cycle,
      from: from.index,
      to: to.index,
      items: [0, 1, 2, 3].map((i) => filter(items[i])),
    });
    if (plan.total === 0) return { code: "INFO-200" };
    if (req.workLimit !== undefined && plan.total > req.workLimit) return { code: "ERROR-400" };
    const range = pageRange(plan.total, req.startNo, req.endNo);
    if (!range) return { code: "INFO-200" };
    const rows = searchRows(plan, range[0], range[1], {
      language: req.language,
      sm: req.dialect === "live" ? "live" : "spec",
    });
    return { total: plan.total, rows };
  },
};
