/**
 * KeyStatisticList: the key statistics, no arguments.
 *
 * @module
 */

import { keyStatistics } from "../data/key_stats.ts";
import { pageList, type ServiceDef } from "./service.ts";

/** The KeyStatisticList service. */
export const KEY_STATISTIC_LIST: ServiceDef<undefined> = {
  name: "KeyStatisticList",
  required: 0,
  rowCount: true,
  check: () => ({ args: undefined }),
  answer(req) {
    return pageList(keyStatistics(req.data, req.dialect, req.language), req);
  },
};
