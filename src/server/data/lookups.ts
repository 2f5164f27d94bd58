/**
 * The rows of the lookup services, built from the catalogue: the table tree
 * (StatisticTableList), items by cycle (StatisticItemList), the glossary (StatisticWord) and
 * table descriptions (StatisticMeta).
 *
 * @module
 */

import type { Language } from "../../wire/format.ts";
import { type Cycle, formatPeriod, type SmSpelling } from "../../wire/period.ts";
import type {
  StatisticItemRow,
  StatisticMetaRow,
  StatisticTableRow,
  StatisticWordRow,
} from "../rows.ts";
import { CATALOGUE_ROWS } from "../../discovery/catalogue_data.ts";
import { findTable, GROUP_NAMES_EN, GROUPS, TABLES } from "./catalogue.ts";
import type { Dataset } from "./dataset.ts";
import { GLOSSARY } from "./glossary.ts";
import { dataNotice } from "./notice.ts";
import type { TableDef } from "./table.ts";

/** The Bank of Korea in the catalogue's `org`: the live tree leaves its own tables' ORG_NAME null. */
const BANK_OF_KOREA = "한국은행";

/** The tree numbering at the start of a name: "1.3.1. ". */
const NUMBERING = /^\s*(?:\d+\.)+\s*/;

/**
 * Every node of the table tree: the live service's whole catalogue as of the snapshot (the
 * rows of src/discovery/catalogue_data.ts, in its order and with its numbering), then the
 * sample tables the live service does not have, under a root group of their own numbered after
 * the snapshot's roots.
 *
 * Names: the snapshot's Korean names under `kr`. Under `en`, a table with sample data carries
 * its English name, and so do the groups above sample tables and the roots (GROUP_NAMES_EN);
 * every other row carries its Korean name, since the evidence gives no English names (the live service answers `en` with English names: a client with a key sees
 * those). ORG_NAME is null for groups and for the Bank of Korea's own tables, and names the
 * compiling agency of the snapshot's other tables (the sample's compiler for a sample table), so
 * it is null on almost every row, as live.
 */
function tableTree(language: Language): StatisticTableRow[] {
  const rows: StatisticTableRow[] = CATALOGUE_ROWS.map((r) => {
    const t = findTable(r.STAT_CODE);
    const en = t?.name.en ?? GROUP_NAMES_EN[r.STAT_CODE];
    const number = NUMBERING.exec(r.STAT_NAME)?.[0] ?? "";
    return {
      ...r,
      STAT_NAME: language === "kr" || en === undefined ? r.STAT_NAME : `${number}${en}`,
      ORG_NAME: t === undefined ? r.ORG_NAME : orgOf(t, language),
    };
  });
  const listed = new Set(CATALOGUE_ROWS.map((r) => r.STAT_CODE));
  const visit = (parent: string, prefix: string, first: number) => {
    let n = first;
    const numbered = (name: string) => `${prefix}${++n}. ${name}`;
    for (const t of TABLES.filter((t) => t.parent === parent && !listed.has(t.code))) {
      rows.push({
        P_STAT_CODE: parent,
        STAT_CODE: t.code,
        STAT_NAME: numbered(t.name[language]),
        CYCLE: t.cycles[0]?.cycle ?? null,
        SRCH_YN: "Y",
        ORG_NAME: orgOf(t, language),
      });
    }
    for (const g of GROUPS.filter((g) => g.parent === parent)) {
      rows.push({
        P_STAT_CODE: g.parent,
        STAT_CODE: g.code,
        STAT_NAME: numbered(g.name[language]),
        CYCLE: null,
        SRCH_YN: "N",
        ORG_NAME: null,
      });
      visit(g.code, `${prefix}${n}.`, 0);
    }
  };
  visit("*", "", CATALOGUE_ROWS.filter((r) => r.P_STAT_CODE === "*").length);
  return rows;
}

/** A table's ORG_NAME: null for the Bank of Korea's own, as the live tree leaves it. */
const orgOf = (t: TableDef, language: Language) =>
  t.org.kr === BANK_OF_KOREA ? null : t.org[language];

const treeCache = new Map<Language, StatisticTableRow[]>();

/**
 * The tree's nodes, or one node with everything under it.
 *
 * @param code A table or group code; all nodes when undefined.
 * @param language Names in Korean or English.
 */
export function tableList(code: string | undefined, language: Language): StatisticTableRow[] {
  let rows = treeCache.get(language);
  if (!rows) treeCache.set(language, rows = tableTree(language));
  if (code === undefined) return rows;
  const keep = new Set([code]);
  // Depth-first order puts every descendant after its parent.
  return rows.filter((r) => {
    if (keep.has(r.STAT_CODE) || keep.has(r.P_STAT_CODE)) {
      keep.add(r.STAT_CODE);
      return true;
    }
    return false;
  });
}

/**
 * One row per item and cycle of a table.
 *
 * @param data The dataset: START_TIME, END_TIME and DATA_CNT follow its data end.
 * @param code The table code.
 * @param language Names in Korean or English.
 * @param sm How half-monthly labels are spelt.
 */
export function itemList(
  data: Dataset,
  code: string,
  language: Language,
  sm: SmSpelling,
): StatisticItemRow[] {
  const table = findTable(code);
  if (!table) return [];
  const rows: StatisticItemRow[] = [];
  table.dims.forEach((dim, level) => {
    for (const item of dim.items) {
      const parent = item.parent === undefined
        ? undefined
        : dim.items.find((it) => it.code === item.parent);
      for (const def of table.cycles) {
        const series = data.series(table, def.cycle)[0];
        if (!series) continue;
        rows.push({
          STAT_CODE: table.code,
          STAT_NAME: table.name[language],
          GRP_CODE: `Group${level + 1}`,
          GRP_NAME: dim.name[language],
          ITEM_CODE: item.code,
          ITEM_NAME: item.name[language],
          P_ITEM_CODE: parent?.code ?? null,
          P_ITEM_NAME: parent?.name[language] ?? null,
          CYCLE: def.cycle,
          START_TIME: formatPeriod(def.cycle, series.first, sm),
          END_TIME: formatPeriod(def.cycle, series.last, sm),
          DATA_CNT: series.count,
          UNIT_NAME: (item.unit ?? (level === 0 ? table.unit : undefined))?.[language] || null,
          WEIGHT: item.wgt ?? null,
        });
      }
    }
  });
  return rows;
}

/**
 * Glossary entries whose word contains `word` (in either language, ignoring case).
 *
 * @param word The text to look for.
 * @param language The language of the answer.
 */
export function words(word: string, language: Language): StatisticWordRow[] {
  const needle = word.trim().toLowerCase();
  if (needle === "") return [];
  return GLOSSARY
    .filter((e) =>
      e.word.kr.toLowerCase().includes(needle) || e.word.en.toLowerCase().includes(needle)
    )
    .map((e) => ({ WORD: e.word[language], CONTENT: e.content[language] }));
}

const CYCLE_NAMES: Record<Cycle, [string, string]> = {
  A: ["년", "Annual"],
  S: ["반년", "Semi-annual"],
  Q: ["분기", "Quarterly"],
  M: ["월", "Monthly"],
  SM: ["반월", "Half-monthly"],
  D: ["일", "Daily"],
};

function describe(
  data: Dataset,
  table: TableDef,
  language: Language,
  sm: SmSpelling,
): StatisticMetaRow[] {
  const kr = language === "kr";
  const rows: StatisticMetaRow[] = [];
  const top = (code: string, name: [string, string], data: string | null) =>
    rows.push({
      LVL: "1",
      // The live service leaves the parent of a top-level entry null.
      P_CONT_CODE: null,
      CONT_CODE: code,
      CONT_NAME: kr ? name[0] : name[1],
      META_DATA: data,
    });
  top("01", ["통계명", "Title"], table.name[language]);
  top("02", ["작성기관", "Compiled by"], table.org[language]);
  top(
    "03",
    ["작성주기", "Frequency"],
    table.cycles.map((c) => CYCLE_NAMES[c.cycle][kr ? 0 : 1]).join(", "),
  );
  top("04", ["수록기간", "Coverage"], null);
  table.cycles.forEach((def, i) => {
    const s = data.series(table, def.cycle)[0];
    if (!s) return;
    rows.push({
      LVL: "2",
      P_CONT_CODE: "04",
      CONT_CODE: `04${String(i + 1).padStart(2, "0")}`,
      CONT_NAME: `${CYCLE_NAMES[def.cycle][kr ? 0 : 1]}(${def.cycle})`,
      META_DATA: `${formatPeriod(def.cycle, s.first, sm)} ~ ${formatPeriod(def.cycle, s.last, sm)}`,
    });
  });
  top("05", ["단위", "Unit"], table.unit[language] || (kr ? "항목별 상이" : "Varies by item"));
  top(
    "06",
    ["항목구성", "Items"],
    table.dims.map((d) => `${d.name[language]} (${d.items.length})`).join(", "),
  );
  top("07", ["유의사항", "Notes"], dataNotice(data.dataEnd, language));
  return rows;
}

/**
 * Descriptions of the tables named `name`: exact name matches, or else names containing it
 * (either language, ignoring case).
 *
 * @param data The dataset: the coverage follows its data end.
 * @param name A table name, e.g. "시장금리(일별)".
 * @param language The language of the answer.
 * @param sm How half-monthly labels are spelt.
 */
export function metaOf(
  data: Dataset,
  name: string,
  language: Language,
  sm: SmSpelling,
): StatisticMetaRow[] {
  const needle = name.trim().toLowerCase();
  if (needle === "") return [];
  const names = (t: TableDef) => [t.name.kr.toLowerCase(), t.name.en.toLowerCase()];
  let found = TABLES.filter((t) => names(t).includes(needle));
  if (found.length === 0) found = TABLES.filter((t) => names(t).some((n) => n.includes(needle)));
  return found.flatMap((t) => describe(data, t, language, sm));
}
