/**
 * The registry of services the server answers.
 *
 * @module
 */

import { KEY_STATISTIC_LIST } from "./key_statistic_list.ts";
import {
  STATISTIC_ITEM_LIST,
  STATISTIC_META,
  STATISTIC_TABLE_LIST,
  STATISTIC_WORD,
} from "./lookups.ts";
import type { ServiceDef } from "./service.ts";
import { STATISTIC_SEARCH } from "./statistic_search.ts";

const ALL: readonly ServiceDef<unknown>[] = [
  STATISTIC_SEARCH,
  KEY_STATISTIC_LIST,
  STATISTIC_TABLE_LIST,
  STATISTIC_ITEM_LIST,
  STATISTIC_WORD,
  STATISTIC_META,
];

/** Every service by name. */
export const SERVICES: ReadonlyMap<string, ServiceDef<unknown>> = new Map(
  ALL.map((s) => [s.name, s]),
);
