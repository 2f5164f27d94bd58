/**
 * The tools that explain and browse: `define_term` (the statistical glossary, StatisticWord)
 * and `browse_tables` (the table tree, StatisticTableList, from a group down).
 *
 * @module
 */

import type { DataFrame } from "../deps.ts";
import { EcosError } from "../errors.ts";
import { findTable } from "../server/data/catalogue.ts";
import { markdownTable } from "./render.ts";
import {
  BROWSE_TABLES_INPUT,
  BROWSE_TABLES_OUTPUT,
  DEFINE_TERM_INPUT,
  DEFINE_TERM_OUTPUT,
} from "./schemas.ts";
import { suggestCode } from "./suggest.ts";
import { callOptions, defineTool } from "./tool.ts";

/** Entries define_term shows at most. */
export const MAX_TERMS = 20;
/** Nodes browse_tables shows at most. */
export const MAX_NODES = 200;

/** The root of the table tree, as StatisticTableList writes a root's parent. */
const ROOT = "*";

/** A text column as strings; a column the frame lacks reads as nulls. */
const strings = (df: DataFrame, name: string): (string | null)[] =>
  df.columns.includes(name)
    ? df.getColumn(name).toArray() as (string | null)[]
    : Array(df.height).fill(null);

/**
 * `define_term`: what an economic term means, from ECOS's glossary.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { connect } from "../connect.ts";
 * import { defineTerm } from "./glossary_tools.ts";
 *
 * await using session = await connect({ env: {}, quiet: true });
 * const { data } = await defineTerm.run(
 *   { word: "기준금리" },
 *   { client: session.client, options: {} },
 * );
 * assert.equal(data.entries[0]!.word, "기준금리");
 * ```
 */
export const defineTerm = defineTool({
  name: "define_term",
  title: "What an economic term means (ECOS glossary)",
  description:
    "Looks a term up in ECOS's statistical glossary (StatisticWord: economic terms explained " +
    "by the Bank of Korea): each entry whose name holds the word, with its " +
    "explanation. The glossary is Korean: give the Korean term (소비자물가지수 for the consumer " +
    'price index) for the best results. Example: {"word": "기준금리"}; {"word": "GDP ' +
    '디플레이터"}.',
  input: DEFINE_TERM_INPUT,
  output: DEFINE_TERM_OUTPUT,
  async run({ word, language }, ctx) {
    const df = await ctx.client.statisticWord(word.trim(), callOptions(ctx, language));
    const words = strings(df, "WORD");
    const contents = strings(df, "CONTENT");
    const entries = words.slice(0, MAX_TERMS).map((w, i) => ({
      word: w ?? "",
      content: contents[i] ?? "",
    }));
    const note = df.height === 0
      ? `The glossary has no term holding "${word}": try the Korean term, a shorter word, or ` +
        "search_tables for tables of that name"
      : df.height > MAX_TERMS
      ? `Showing ${MAX_TERMS} of ${df.height} entries: a longer word narrows them`
      : null;
    const text = `Glossary entries for "${word}": ${df.height}\n` +
      (note === null ? "" : `${note}\n`) +
      entries.map((e) => `\n**${e.word}**: ${e.content}\n`).join("");
    return { text, data: { word, total: df.height, entries, note } };
  },
});

/** One node of the tree, as browse_tables answers it. */
interface Node {
  code: string;
  name: string;
  kind: "group" | "table";
  cycles: string[];
  children: number;
  sample_data: boolean;
}

/**
 * `browse_tables`: the table tree from a group down one level, with each table's cycles and
 * whether the bundled server has sample data for it.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { connect } from "../connect.ts";
 * import { browseTables } from "./glossary_tools.ts";
 *
 * await using session = await connect({ env: {}, quiet: true });
 * const { data } = await browseTables.run(
 *   { group: "0000000048", language: "en" }, // 1.3. 금리 (interest rates)
 *   { client: session.client, options: {} },
 * );
 * assert.ok(data.nodes.some((n) => n.code === "722Y001" && n.kind === "table"));
 * ```
 */
export const browseTables = defineTool({
  name: "browse_tables",
  title: "Browse the ECOS table tree",
  description:
    "Browses ECOS's table tree (StatisticTableList) one level at a time: without group, the " +
    "top groups (money and finance, prices, national accounts, ...); with a group's code, the " +
    "groups and tables inside it, each table with its cycles and whether offline sample data " +
    "(the bundled server) exists for it; with a table's code, where it sits. Use it when " +
    'search_tables finds nothing by name. Example: {"group": "0000000048", "language": ' +
    '"en"}; {} for the top.',
  input: BROWSE_TABLES_INPUT,
  output: BROWSE_TABLES_OUTPUT,
  async run({ group, language }, ctx) {
    const df = await ctx.client.statisticTableList(undefined, callOptions(ctx, language));
    const c = {
      parent: strings(df, "P_STAT_CODE"),
      code: strings(df, "STAT_CODE"),
      name: strings(df, "STAT_NAME"),
      cycle: strings(df, "CYCLE"),
      searchable: strings(df, "SRCH_YN"),
    };
    const at = new Map<string, number>();
    const children = new Map<string, number[]>();
    c.code.forEach((code, i) => {
      if (code === null) return;
      at.set(code, i);
      const parent = c.parent[i] ?? ROOT;
      children.set(parent, [...children.get(parent) ?? [], i]);
    });
    const asked = group?.trim() || ROOT;
    if (asked !== ROOT && !at.has(asked)) {
      const near = suggestCode(asked, [...at.keys()]);
      throw new EcosError(
        "UNKNOWN_CODE",
        `${asked} is not a group or table code of the tree; ${
          near === undefined
            ? "call browse_tables without group for the top"
            : `did you mean ${near}?`
        }`,
        { service: "StatisticTableList" },
      );
    }
    // A table has no children: show it among its siblings.
    const isTable = asked !== ROOT && c.searchable[at.get(asked)!] === "Y";
    const parentCode = isTable ? c.parent[at.get(asked)!] ?? ROOT : asked;
    const path: { code: string; name: string }[] = [];
    for (let p = parentCode; p !== ROOT && at.has(p);) {
      const i = at.get(p)!;
      path.unshift({ code: p, name: c.name[i] ?? "" });
      p = c.parent[i] ?? ROOT;
    }
    const rows = children.get(parentCode) ?? [];
    const nodes: Node[] = rows.slice(0, MAX_NODES).map((i) => {
      const code = c.code[i]!;
      const table = c.searchable[i] === "Y";
      const bundled = table ? findTable(code) : undefined;
      const listed = c.cycle[i] === null ? [] : [c.cycle[i]!];
      return {
        code,
        name: c.name[i] ?? "",
        kind: table ? "table" : "group",
        cycles: bundled?.cycles.map((d) => d.cycle) ?? listed,
        children: children.get(code)?.length ?? 0,
        sample_data: bundled !== undefined,
      };
    });
    const note = rows.length > MAX_NODES
      ? `Showing ${MAX_NODES} of ${rows.length} nodes: search_tables finds tables by name`
      : null;
    const where = path.length === 0 ? "the top of the tree" : path.map((p) => p.name).join(" > ");
    const text = `ECOS tables: ${where} (${rows.length} nodes; open a group with browse_tables ` +
      '{"group": code}, a table with list_items)\n' + (note === null ? "" : `${note}\n`) +
      markdownTable(
        ["code", "name", "kind", "cycles", "children", "sample data"],
        nodes.map((n) => [
          n.code,
          n.name,
          n.kind,
          n.cycles.join(", "),
          n.kind === "group" ? n.children : "",
          n.sample_data ? "yes" : "",
        ]),
      );
    return {
      text,
      data: {
        group: parentCode === ROOT ? null : parentCode,
        path,
        total: rows.length,
        nodes,
        note,
      },
    };
  },
});
