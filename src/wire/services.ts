/**
 * The services of the ECOS Open API: the two the specification names and the four lookups the
 * live service adds.
 *
 * @module
 */

/** A service of the ECOS Open API, as it appears in the path and as a body's top-level key. */
export type EcosServiceName =
  | "StatisticSearch"
  | "KeyStatisticList"
  | "StatisticTableList"
  | "StatisticItemList"
  | "StatisticWord"
  | "StatisticMeta";
