/**
 * The services of the ECOS Open API: the two the specification names and the four lookups the
 * live service adds.
 *
 * @module
 */

/** Every service name, as it appears in the path and as the success body's top-level key. */
export const SERVICE_NAMES = [
  "StatisticSearch",
  "KeyStatisticList",
  "StatisticTableList",
  "StatisticItemList",
  "StatisticWord",
  "StatisticMeta",
] as const;

/** A service of the ECOS Open API. */
export type EcosServiceName = typeof SERVICE_NAMES[number];
