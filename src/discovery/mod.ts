/**
 * Finding things without knowing their codes: tables by name, a table's items by name, and the
 * well-known series by a short name. Pure functions over the lookup frames; the client pulls
 * the lists and calls them.
 *
 * @module
 */

export {
  checkCycle,
  checkItemRange,
  findItemsIn,
  isKorean,
  type ItemRange,
  searchLanguage,
  searchTablesIn,
  type SearchTablesInOptions,
  seriesQuery,
  type SeriesRange,
  tablesOffering,
} from "./discovery.ts";
export { CATALOGUE_SOURCE, catalogueFrame, sampleDataNote } from "./catalogue.ts";
export { searchHint } from "./table_search.ts";
export { NAMED_SERIES, type NamedSeries, namedSeries, type SeriesName } from "./named_series.ts";
