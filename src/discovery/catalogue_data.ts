/**
 * The ECOS table catalogue, offline: every row StatisticTableList answered in August 2026, 834
 * rows (225 groups and 609 searchable tables), in the service's order. Facts only: the code,
 * the Korean name as the service numbers it ("1.3.1. "), the cycle, the searchable flag, the
 * parent, and the compiling agency where another body compiles the table.
 *
 * Source of the rows: github.com/choo121600/ecos-reader, docs/reference/ecos_code_catalog.md
 * (generated from StatisticTableList: "전체 834개 통계표", "검색가능 609개"). Cross-checked with
 * github.com/kenshin579/ecos-go, docs/api/README.md (written 2026-08-06): 834 rows, of which
 * A 250, M 224, Q 126, D 7, groups (CYCLE null) 225, and one S table (105Y001) and one SM
 * table (814Y002). The rows below hold those counts (tests/discovery/catalogue_test.ts).
 *
 * Kept as the source wrote them: the duplicated number "8.7.1.5." (903Y205 and 903Y206), the
 * numbers that skip a place ("2.2.1.2." with no "2.2.1.1."), the trailing space of 814Y001's
 * name. The live service grows (844 rows in September 2026): with a key, its own list wins.
 *
 * The rows are data, in `catalogue_data.json` (`rows`): one a string, `code|name|cycle|searchable|
 * parent`; a group has no cycle and is not searchable (N); "*" is the parent of a root.
 *
 * @module
 */

import data from "./catalogue_data.json" with { type: "json" };

/** A row of the snapshot, with StatisticTableList's fields. */
export interface CatalogueRow {
  /** The parent group's code; "*" for a root. */
  readonly P_STAT_CODE: string;
  /** The table's (seven characters) or group's (ten digits) code. */
  readonly STAT_CODE: string;
  /** The Korean name, numbered by its place in the tree. */
  readonly STAT_NAME: string;
  /** The table's cycle; null for a group. */
  readonly CYCLE: string | null;
  /** "Y" for a table with data, "N" for a group. */
  readonly SRCH_YN: "Y" | "N";
  /** The compiling agency of a table another body compiles; null for the Bank's own and groups. */
  readonly ORG_NAME: string | null;
}

/** Where and when the snapshot was taken. */
export const CATALOGUE_SOURCE = {
  /** The month StatisticTableList answered these rows. */
  date: "2026-08",
  /** The evidence, repository and path. */
  source: "choo121600/ecos-reader docs/reference/ecos_code_catalog.md; counts: " +
    "kenshin579/ecos-go docs/api/README.md (2026-08-06)",
} as const;

/**
 * The compiling agency of the tables another body compiles, as ORG_NAME gives it (phone numbers
 * and spacing kept), from `catalogue_data.json` (`orgs`: one agency a string, `agency|codes`).
 * Source: github.com/choo121600/ecos-reader, ecos_implementation_status.csv (stat_code,
 * org_name, from StatisticTableList). The Bank of Korea's own tables are left null, as the live
 * tree leaves them on almost every row.
 */
const ORG_OF = new Map(
  data.orgs.flatMap((line) => {
    const [org, codes] = line.split("|") as [string, string];
    return codes.split(" ").map((code) => [code, org] as const);
  }),
);

/** Every row of the snapshot, in the service's order (a group before what it holds). */
export const CATALOGUE_ROWS: readonly CatalogueRow[] = data.rows
  .map((line) => {
    const [code, name, cycle, searchable, parent] = line.split("|") as [
      string,
      string,
      string,
      "Y" | "N",
      string,
    ];
    return {
      P_STAT_CODE: parent,
      STAT_CODE: code,
      STAT_NAME: name,
      CYCLE: cycle === "" ? null : cycle,
      SRCH_YN: searchable,
      ORG_NAME: ORG_OF.get(code) ?? null,
    };
  });
