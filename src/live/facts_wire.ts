/**
 * Facts of the envelope: success and RESULT bodies in JSON and XML, field order and JSON types,
 * the result codes with their Korean messages, which code wins when two things are wrong, and
 * the lookup services' rows. Each is written from /work/shared/ecos-wire.md ("the wire notes"),
 * with its evidence; the messages are the module's own table (`ECOS_CODES`), which is what the
 * client explains and the bundled server answers.
 *
 * @module
 */

import { ECOS_CODES, type EcosResultCode } from "../wire/codes.ts";
import {
  type ColumnSpec,
  STATISTIC_ITEM_LIST_SCHEMA,
  STATISTIC_META_SCHEMA,
  STATISTIC_SEARCH_SCHEMA,
  STATISTIC_TABLE_LIST_SCHEMA,
  STATISTIC_WORD_SCHEMA,
} from "../wire/columns.ts";
import { SAMPLE_LIMIT_MESSAGE } from "../wire/sample.ts";
import { agree, type Answers, describe, differ, type FactCheck, quote, verdict } from "./fact.ts";

/**
 * A service's fields in wire order: those its frame's columns are read from. The frames keep
 * the wire's order, and a column read from another's field (PERIOD, START_DATE) adds none.
 */
const wireFields = (schema: readonly ColumnSpec[]): readonly string[] => [
  ...new Set(schema.map((c) => c.source ?? c.name)),
];

/** StatisticSearch's fields, in wire order. */
export const SEARCH_FIELDS: readonly string[] = wireFields(STATISTIC_SEARCH_SCHEMA);

/** The JSON success bodies of the run, with their service. */
const JSON_BODIES: readonly (readonly [string, string])[] = [
  ["keystats-json", "KeyStatisticList"],
  ["search-m-json", "StatisticSearch"],
  ["tables", "StatisticTableList"],
  ["items", "StatisticItemList"],
  ["word", "StatisticWord"],
  ["meta", "StatisticMeta"],
];

/** The sample key's own ERROR-301 ending: its last line, which the generic text lacks. */
export const SAMPLE_LIMIT_ENDING = SAMPLE_LIMIT_MESSAGE.kr.slice(
  SAMPLE_LIMIT_MESSAGE.kr.lastIndexOf("\n"),
);

const typeOf = (v: unknown) => v === null ? "null" : Array.isArray(v) ? "array" : typeof v;

/** Problems of one body against `want`, or the body's rows when it is a success body. */
function successRows(a: Answers, name: string, format: "json" | "xml") {
  const read = a.body(name);
  const status = a.exchange(name)?.status;
  if (read.kind !== "rows") return { problem: `${name}: ${describe(read)}` };
  if (read.format !== format) return { problem: `${name}: ${read.format}, not ${format}` };
  if (status !== 200) return { problem: `${name}: HTTP ${status}` };
  return { read };
}

/** Whether every row's fields are `fields`, in order; else the first wrong row's fields. */
function fieldOrder(rows: readonly Record<string, unknown>[], fields: readonly string[]) {
  const want = fields.join(",");
  const wrong = rows.find((r) => Object.keys(r).join(",") !== want);
  return wrong === undefined ? undefined : Object.keys(wrong).join(", ");
}

/** A fact on one lookup body: rows present, fields in order, and an extra test of the rows. */
function lookupFact(
  fact: string,
  name: string,
  fields: readonly string[],
  evidence: string,
  extra?: (rows: readonly Record<string, unknown>[]) => string | undefined,
): FactCheck {
  return {
    fact,
    expected: `rows of ${fields.length} fields: ${fields.slice(0, 3).join(", ")}, ...`,
    evidence,
    requests: [name],
    check(a) {
      const { read, problem } = successRows(a, name, "json");
      if (!read) return differ(problem);
      if (read.rows.length === 0) return differ("no rows");
      const order = fieldOrder(read.rows, fields);
      if (order !== undefined) return differ(`fields ${order}`);
      const more = extra?.(read.rows);
      if (more !== undefined) return differ(more);
      return agree(`${read.rows.length} ${read.rows.length === 1 ? "row" : "rows"}, those fields`);
    },
  };
}

/**
 * A result-code fact: the code, and the module's Korean text for it (or a text ending as given).
 */
function codeFact(
  fact: string,
  name: string,
  code: EcosResultCode,
  evidence: string,
  ending?: string,
): FactCheck {
  const text = ending === undefined ? ECOS_CODES[code].kr : ending;
  return {
    fact,
    expected: ending === undefined
      ? `${code}, its documented text`
      : `${code}, ending ${quote(ending)}`,
    evidence,
    requests: [name],
    check(a) {
      const read = a.body(name);
      if (read.kind !== "result") return differ(describe(read));
      if (read.code !== code) return differ(`${read.code}: ${quote(read.message, 40)}`);
      const same = ending === undefined ? read.message === text : read.message.endsWith(text);
      if (same) return agree(`${code}, ${ending === undefined ? "the same text" : "that ending"}`);
      const fold = (s: string) => s.replace(/\s+/g, " ").trim();
      const spacing = ending === undefined && fold(read.message) === fold(text);
      return differ(`${code}, ${spacing ? "other spacing" : "other text"}: ${quote(read.message)}`);
    },
  };
}

/** The facts of envelopes, codes, the order of checks and the lookups. */
export const WIRE_FACTS: readonly FactCheck[] = [
  {
    fact: "JSON body: {Service: {list_total_count, row}}",
    expected: "top key the service; total a JSON number; rows a list",
    evidence: "captured",
    requests: JSON_BODIES.map(([n]) => n),
    check(a) {
      const problems: string[] = [];
      for (const [name, service] of JSON_BODIES) {
        const { read, problem } = successRows(a, name, "json");
        if (!read) problems.push(problem);
        else if (read.top.join(",") !== service) problems.push(`${name}: top ${read.top}`);
        else if (typeof read.total !== "number") {
          problems.push(`${name}: list_total_count ${typeOf(read.total)}`);
        } else if (read.rows.length === 0) problems.push(`${name}: no rows`);
      }
      return problems.length > 0
        ? differ(problems.join("; "))
        : agree(`${JSON_BODIES.length} bodies so`);
    },
  },
  {
    fact: "JSON field values: strings or null",
    expected: "string or null; DATA_CNT a number",
    evidence: "captured",
    requests: JSON_BODIES.map(([n]) => n),
    check(a) {
      const wrong = new Set<string>();
      let rows = 0;
      for (const [name] of JSON_BODIES) {
        const read = a.body(name);
        if (read.kind !== "rows") continue; // the envelope fact says so
        for (const row of read.rows) {
          rows++;
          for (const [k, v] of Object.entries(row)) {
            const want = k === "DATA_CNT" && name === "items" ? "number" : "string|null";
            if (!want.split("|").includes(typeOf(v))) wrong.add(`${k} ${typeOf(v)} (${name})`);
          }
        }
      }
      if (rows === 0) return differ("no rows to look at");
      return wrong.size > 0
        ? differ([...wrong].slice(0, 4).join(", "))
        : agree(`so in all ${rows} rows`);
    },
  },
  {
    fact: "StatisticSearch: the fields in wire order",
    expected: "STAT_CODE, STAT_NAME, ITEM_CODE1, ... TIME, DATA_VALUE",
    evidence: "captured",
    requests: ["search-m-json"],
    check(a) {
      const { read, problem } = successRows(a, "search-m-json", "json");
      if (!read) return differ(problem);
      const order = fieldOrder(read.rows, SEARCH_FIELDS);
      return order === undefined ? agree("that order in every row") : differ(order);
    },
  },
  {
    fact: "StatisticSearch: unused fields are null, codes stay text",
    expected: 'ITEM_CODE2..4, ITEM_NAME2..4, WGT null; "0101000", "202301"',
    evidence: "captured",
    requests: ["search-m-json"],
    check(a) {
      const { read, problem } = successRows(a, "search-m-json", "json");
      if (!read) return differ(problem);
      const unused = SEARCH_FIELDS.filter((f) => /^ITEM_(CODE|NAME)[234]$|^WGT$/.test(f));
      const notNull = unused.filter((f) => read.rows.some((r) => r[f] !== null));
      if (notNull.length > 0) return differ(`not null: ${notNull.join(", ")}`);
      const first = read.rows[0];
      if (first?.ITEM_CODE1 !== "0101000" || first?.TIME !== "202301") {
        return differ(
          `ITEM_CODE1 ${JSON.stringify(first?.ITEM_CODE1)}, TIME ${JSON.stringify(first?.TIME)}`,
        );
      }
      return agree('null; "0101000", "202301"');
    },
  },
  {
    fact: "XML body: <Service><list_total_count>..<row>",
    expected: "root the service; attributes or none; a lone <row> a list",
    evidence: "captured; the guide",
    requests: ["keystats-xml", "search-m-xml"],
    check(a) {
      const problems: string[] = [];
      const shapes = new Set<string>();
      for (
        const [name, service, rows] of [
          ["keystats-xml", "KeyStatisticList", 1],
          ["search-m-xml", "StatisticSearch", 12],
        ] as const
      ) {
        const { read, problem } = successRows(a, name, "xml");
        if (!read) {
          problems.push(problem);
          continue;
        }
        if (read.top.join(",") !== service) problems.push(`${name}: root ${read.top}`);
        if (!/^[0-9]+$/.test(String(read.total))) problems.push(`${name}: total ${read.total}`);
        if (read.rows.length !== rows) problems.push(`${name}: ${read.rows.length} rows`);
        const declared = a.exchange(name)?.body.trimStart().startsWith("<?xml") ?? false;
        shapes.add(
          (declared ? "declaration" : "no declaration") +
            (read.attributes.length > 0 ? `, ${read.attributes.join(", ")}` : ", no attributes"),
        );
      }
      return problems.length > 0 ? differ(problems.join("; ")) : agree([...shapes].join("; "));
    },
  },
  {
    fact: "XML: empty values are self-closing tags",
    expected: "<WGT/>, <ITEM_CODE2/>, ...",
    evidence: "captured",
    requests: ["search-m-xml"],
    check(a) {
      const body = a.exchange("search-m-xml")?.body ?? "";
      const closed = (body.match(/<WGT\s*\/>/g) ?? []).length;
      const open = (body.match(/<WGT>\s*<\/WGT>/g) ?? []).length;
      if (closed > 0 && open === 0) return agree(`<WGT/> in ${closed} rows`);
      return differ(open > 0 ? `<WGT></WGT> in ${open} rows` : "no empty WGT element");
    },
  },
  {
    fact: "XML RESULT: <RESULT><CODE>..<MESSAGE>..",
    expected: "root RESULT, in the format asked",
    evidence: "captured",
    requests: ["rows-not-integers"],
    check(a) {
      const read = a.body("rows-not-integers");
      if (read.kind !== "result") return differ(describe(read));
      if (read.format !== "xml" || read.top.join(",") !== "RESULT") {
        return differ(`${read.format}, top ${read.top}`);
      }
      return agree(`<RESULT>, ${read.code}`);
    },
  },
  {
    fact: "RESULT bodies: HTTP 200, no service wrapper",
    expected: "HTTP 200; RESULT the only top-level key",
    evidence: "captured",
    requests: [
      "bad-key",
      "no-such-table",
      "args-missing",
      "date-shape",
      "bad-format",
      "rows-missing",
      "rows-not-integers",
      "unknown-service",
      "sample-11",
      "order-key-format",
      "order-old-cycle",
      "future-range",
    ],
    check(a) {
      let n = 0;
      const problems: string[] = [];
      for (const e of a.all) {
        const read = a.body(e.name);
        if (read.kind !== "result") continue;
        n++;
        if (e.status !== 200) problems.push(`${e.name}: HTTP ${e.status}`);
        if (read.top.join(",") !== "RESULT") problems.push(`${e.name}: top ${read.top}`);
      }
      if (n === 0) return differ("no RESULT body at all");
      return problems.length > 0 ? differ(problems.join("; ")) : agree(`${n} RESULT bodies so`);
    },
  },
  codeFact("INFO-100: a key no account has", "bad-key", "INFO-100", "captured"),
  codeFact(
    "INFO-200: a table code that does not exist",
    "no-such-table",
    "INFO-200",
    "measured live",
  ),
  codeFact("ERROR-100: row numbers, no service arguments", "args-missing", "ERROR-100", "captured"),
  codeFact(
    "ERROR-101: a date not in the cycle's shape",
    "date-shape",
    "ERROR-101",
    "measured live",
  ),
  codeFact("ERROR-200: the format csv", "bad-format", "ERROR-200", "measured live"),
  codeFact("ERROR-301: row numbers abc/xyz", "rows-not-integers", "ERROR-301", "measured live"),
  codeFact("ERROR-500: a service that does not exist", "unknown-service", "ERROR-500", "guide"),
  codeFact(
    "Order: no row numbers, no arguments: ERROR-300",
    "rows-missing",
    "ERROR-300",
    "guide (the definition); the order inferred",
  ),
  codeFact(
    "Order: a bad key wins over a bad format",
    "order-key-format",
    "INFO-100",
    "measured live",
  ),
  codeFact(
    "Order: old cycle MM: ERROR-100, not ERROR-101",
    "order-old-cycle",
    "ERROR-100",
    "measured live",
  ),
  codeFact(
    "Sample key, 11 rows: ERROR-301, its own text",
    "sample-11",
    "ERROR-301",
    "captured 2026-09",
    SAMPLE_LIMIT_ENDING,
  ),
  {
    fact: "Sample key, rows 0 to 5: answered",
    expected: "rows (the cap counts rows; start 0 is taken)",
    evidence: "captured 2026-09",
    requests: ["sample-0-5"],
    check(a) {
      const read = a.body("sample-0-5");
      return {
        seen: describe(read),
        verdict: verdict(read.kind === "rows" && read.rows.length > 0),
      };
    },
  },
  {
    fact: "StatisticTableList: how many tables",
    expected: "834 or more (834-844 in Aug-Sep 2026, growing)",
    evidence: "measured live",
    requests: ["tables"],
    check(a) {
      const read = a.body("tables");
      if (read.kind !== "rows") return differ(describe(read));
      const total = Number(read.total);
      return {
        seen: `${read.total} rows`,
        verdict: verdict(Number.isInteger(total) && total >= 834),
      };
    },
  },
  lookupFact(
    "StatisticTableList: fields",
    "tables",
    wireFields(STATISTIC_TABLE_LIST_SCHEMA),
    "measured live",
  ),
  lookupFact(
    "StatisticItemList: fields (WEIGHT, not WGT)",
    "items",
    wireFields(STATISTIC_ITEM_LIST_SCHEMA),
    "measured live",
    (rows) =>
      rows.every((r) => typeof r.DATA_CNT === "number") ? undefined : "DATA_CNT not a number",
  ),
  lookupFact(
    "StatisticWord: a Korean word, encoded",
    "word",
    wireFields(STATISTIC_WORD_SCHEMA),
    "measured live",
  ),
  lookupFact(
    "StatisticMeta: a Korean name, encoded",
    "meta",
    wireFields(STATISTIC_META_SCHEMA),
    "measured live",
    (rows) => rows.every((r) => typeof r.LVL === "string") ? undefined : "LVL not a string",
  ),
];
