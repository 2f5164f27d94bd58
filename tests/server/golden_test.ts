/**
 * Golden bodies: for every service and every result code, a body from the bundled server is
 * compared field by field (names, order, JSON types, nulls) with the shapes the wire file
 * documents (tests/testdata/server/golden.ts), in JSON and in both XML styles; and every
 * code's Korean MESSAGE is compared byte for byte with the wire file's table. The values of
 * rows are generated data and are not pinned here; their shapes are.
 *
 * @module
 */

import assert from "node:assert/strict";
import { type EcosServerOptions, startEcosServer } from "../../src/server/mod.ts";
import { ECOS_CODES, type EcosResultCode } from "../../src/wire/codes.ts";
import {
  ITEM,
  KEY_STATISTIC,
  MESSAGES,
  META,
  parseXml,
  type RowShape,
  SEARCH_FOUR_LEVELS,
  SEARCH_ONE_LEVEL,
  TABLE_NODE,
  WORD,
  type XmlNode,
} from "../testdata/server/golden.ts";
import { type Json, KEY, type Query, request, type Target } from "../testdata/server/http.ts";

const DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';

/** A service's golden case: a request, the shape of its rows, and what else must hold. */
interface ServiceCase {
  /** The request (JSON is asked for; XML is the same request in xml). */
  query: Query;
  /** The rows' shape. */
  shape: RowShape;
  /** Whether the body carries row_count. */
  rowCount?: boolean;
  /** Field-by-field expectations beyond the types, on the JSON rows. */
  check?: (rows: Json[]) => void;
}

const SERVICE_CASES: Record<string, ServiceCase> = {
  "StatisticSearch (the guide's sample: one item level)": {
    query: { end: 10, args: ["200Y101", "A", "2020", "2023", "10101"] },
    shape: SEARCH_ONE_LEVEL,
    check: (rows) => {
      assert.deepEqual(rows.map((r) => r.TIME), ["2020", "2021", "2022", "2023"]);
      assert.ok(rows.every((r) => r.ITEM_CODE1 === "10101"));
    },
  },
  "StatisticSearch (four item levels)": {
    query: { end: 10, args: ["601Y002", "M", "202401", "202401", "X", "C", "1", "P"] },
    shape: SEARCH_FOUR_LEVELS,
    check: (rows) => {
      for (const r of rows) {
        for (const n of [1, 2, 3, 4]) assert.equal(typeof r[`ITEM_CODE${n}`], "string");
      }
    },
  },
  "StatisticSearch (one row)": {
    query: { end: 10, args: ["200Y101", "A", "2020", "2020", "10101", "?", "?", "?"] },
    shape: SEARCH_ONE_LEVEL,
    check: (rows) => assert.equal(rows.length, 1),
  },
  KeyStatisticList: {
    query: { service: "KeyStatisticList", end: 101 },
    shape: KEY_STATISTIC,
    rowCount: true,
    check: (rows) => {
      const shapes = new Set(rows.map((r) => r.CYCLE.replace(/\d/g, "9")));
      assert.deepEqual([...shapes].sort(), ["999999", "99999999", "9999Q9"]);
    },
  },
  "StatisticTableList (the whole tree)": {
    query: { service: "StatisticTableList", end: 1000 },
    shape: TABLE_NODE,
    check: (rows) => {
      for (const r of rows) {
        assert.match(r.STAT_NAME, /^(\d+\.)+ \S/);
        if (r.SRCH_YN === "N") {
          assert.match(r.STAT_CODE, /^\d{10}$/);
          assert.equal(r.CYCLE, null);
          assert.equal(r.ORG_NAME, null);
        } else {
          assert.equal(r.SRCH_YN, "Y");
        }
      }
      assert.ok(rows.filter((r) => r.ORG_NAME === null).length > rows.length * 0.75);
    },
  },
  "StatisticTableList (the guide's sample: 102Y004)": {
    query: { service: "StatisticTableList", args: ["102Y004"] },
    shape: TABLE_NODE,
    check: (rows) => assert.equal(rows[0].STAT_CODE, "102Y004"),
  },
  "StatisticItemList (the guide's sample: 601Y002)": {
    query: { service: "StatisticItemList", end: 100, args: ["601Y002"] },
    shape: ITEM,
    check: (rows) => assert.ok(rows.some((r) => r.P_ITEM_CODE === null)),
  },
  "StatisticWord (the guide's sample: 소비자동향지수)": {
    query: { service: "StatisticWord", args: ["소비자동향지수"] },
    shape: WORD,
    check: (rows) => assert.equal(rows[0].WORD, "소비자동향지수"),
  },
  "StatisticMeta (the guide's sample: 경제심리지수)": {
    query: { service: "StatisticMeta", end: 100, args: ["경제심리지수"] },
    shape: META,
    check: (rows) => {
      assert.equal(rows[0].META_DATA, "경제심리지수");
      for (const r of rows) {
        if (r.LVL === "1") assert.equal(r.P_CONT_CODE, null);
        else assert.equal(typeof r.P_CONT_CODE, "string");
      }
    },
  },
};

/** The JSON type of a value, in the shapes' words. */
const jsonType = (value: unknown) =>
  value === null ? "null" : typeof value === "number" ? "number" : typeof value;

function assertRowShape(row: Json, shape: RowShape, where: string): void {
  assert.deepEqual(Object.keys(row), shape.map(([name]) => name), where);
  for (const [name, type] of shape) {
    const got = jsonType(row[name]);
    const allowed = type === "string|null" ? ["string", "null"] : [type];
    assert.ok(allowed.includes(got), `${where}: ${name} is ${got}, expected ${type}`);
  }
}

/** Checks a JSON success body; returns its rows. */
function assertJsonBody(text: string, service: string, c: ServiceCase): Json[] {
  const body = JSON.parse(text);
  assert.deepEqual(Object.keys(body), [service]);
  const inner = body[service];
  assert.deepEqual(
    Object.keys(inner),
    c.rowCount ? ["list_total_count", "row_count", "row"] : ["list_total_count", "row"],
  );
  assert.equal(typeof inner.list_total_count, "number");
  assert.ok(Array.isArray(inner.row) && inner.row.length > 0);
  if (c.rowCount) assert.equal(inner.row_count, inner.row.length);
  assert.ok(inner.list_total_count >= inner.row.length);
  inner.row.forEach((row: Json, i: number) => assertRowShape(row, c.shape, `row ${i + 1}`));
  return inner.row;
}

/** Checks an XML success body against the JSON rows of the same request. */
function assertXmlBody(
  text: string,
  service: string,
  c: ServiceCase,
  rows: Json[],
  total: number,
  style: "guide" | "bare",
): void {
  const { declaration, root } = parseXml(text);
  const guide = style === "guide";
  assert.equal(declaration, guide ? DECLARATION : null);
  assert.equal(root.name, service);
  assert.deepEqual(root.attributes, []);
  const counts = c.rowCount ? ["list_total_count", "row_count"] : ["list_total_count"];
  assert.deepEqual(
    root.children.map((n) => n.name),
    [...counts, ...rows.map(() => "row")],
  );
  const number = guide ? [["number", "true"]] : [];
  for (const [i, name] of counts.entries()) {
    const node = root.children[i]!;
    assert.deepEqual(node.attributes, number, name);
    assert.equal(node.text, String(name === "row_count" ? rows.length : total));
  }
  const xmlRows = root.children.slice(counts.length);
  xmlRows.forEach((row: XmlNode, i) => {
    const where = `row ${i + 1}`;
    // The guide marks the lone row of a one-row answer.
    assert.deepEqual(row.attributes, guide && rows.length === 1 ? [["array", "true"]] : [], where);
    assert.deepEqual(row.children.map((n) => n.name), c.shape.map(([name]) => name), where);
    for (const field of row.children) {
      const value = rows[i][field.name];
      if (value === null || value === "") {
        assert.equal(field.text, null, `${where}: ${field.name} self-closing`);
        assert.deepEqual(field.attributes, []);
      } else {
        assert.equal(field.text, String(value), `${where}: ${field.name}`);
        assert.deepEqual(field.attributes, typeof value === "number" ? number : [], field.name);
      }
    }
  });
}

for (const [name, c] of Object.entries(SERVICE_CASES)) {
  Deno.test(`golden body: ${name} in JSON and in both XML styles`, async (t) => {
    const service = c.query.service ?? "StatisticSearch";
    await using guide = await startEcosServer({ keys: [KEY] });
    await using bare = await startEcosServer({ keys: [KEY], xmlStyle: "bare" });
    const json = await request(guide, { ...c.query, format: "json" });
    assert.equal(json.status, 200);
    assert.equal(json.type, "application/json; charset=utf-8");
    const rows = assertJsonBody(json.text, service, c);
    const total = JSON.parse(json.text)[service].list_total_count;
    await t.step("JSON: fields, order, types and nulls", () => c.check?.(rows));
    for (const [style, server] of [["guide", guide], ["bare", bare]] as const) {
      await t.step(`XML (${style}): the same fields, order and values`, async () => {
        const xml = await request(server, { ...c.query, format: "xml" });
        assert.equal(xml.status, 200);
        assert.equal(xml.type, "application/xml; charset=utf-8");
        assertXmlBody(xml.text, service, c, rows, total, style);
      });
    }
  });
}

/** How to make each code happen: a server's options and a request. */
const TRIGGERS: Record<EcosResultCode, { options?: EcosServerOptions; query: Query }> = {
  "INFO-100": { query: { key: "not-a-key", args: ["722Y001", "A", "2020", "2020"] } },
  "INFO-200": { query: { args: ["000Y000", "A", "2020", "2020"] } },
  "ERROR-100": { query: { args: ["722Y001", "A", "2020"] } },
  "ERROR-101": { query: { args: ["722Y001", "A", "202001", "2020"] } },
  "ERROR-200": { query: { format: "csv", args: ["722Y001", "A", "2020", "2020"] } },
  "ERROR-300": { query: { start: "", end: "", args: [] } },
  "ERROR-301": { query: { start: "abc", end: "xyz", args: ["722Y001", "A", "2020", "2020"] } },
  "ERROR-400": {
    options: { workLimit: 10 },
    query: { args: ["722Y001", "D", "20200101", "20201231"] },
  },
  "ERROR-500": { query: { service: "NoSuchService" } },
  "ERROR-600": {
    options: { fault: () => ({ kind: "code", code: "ERROR-600" }) },
    query: { args: ["722Y001", "A", "2020", "2020"] },
  },
  "ERROR-601": {
    options: { fault: () => ({ kind: "code", code: "ERROR-601" }) },
    query: { args: ["722Y001", "A", "2020", "2020"] },
  },
  "ERROR-602": {
    // One request a minute: the first is admitted (sent before the checks), the rest refused.
    options: { rateLimit: { requests: 1, windowMs: 60_000 } },
    query: { args: ["722Y001", "A", "2020", "2020"] },
  },
};

/** A server for a code's trigger, with the first (admitted) request of a rate limit spent. */
async function serverFor(code: EcosResultCode, xmlStyle: "guide" | "bare") {
  const { options = {} } = TRIGGERS[code];
  const server = await startEcosServer({ keys: [KEY], xmlStyle, ...options });
  if (options.rateLimit) await request(server, { service: "KeyStatisticList", end: 1 });
  return server;
}

async function resultBody(server: Target, code: EcosResultCode, query: Query) {
  const got = await request(server, { ...TRIGGERS[code].query, ...query });
  assert.equal(got.status, 200, `${code}: HTTP 200, as every ECOS answer`);
  return got;
}

/** Checks a RESULT body: no service wrapper, CODE then MESSAGE. */
function assertResult(text: string, format: "json" | "xml", style: "guide" | "bare") {
  if (format === "json") {
    const body = JSON.parse(text);
    assert.deepEqual(Object.keys(body), ["RESULT"]);
    assert.deepEqual(Object.keys(body.RESULT), ["CODE", "MESSAGE"]);
    assert.equal(typeof body.RESULT.MESSAGE, "string");
    return { code: body.RESULT.CODE, message: body.RESULT.MESSAGE };
  }
  const { declaration, root } = parseXml(text);
  assert.equal(declaration, style === "guide" ? DECLARATION : null);
  assert.equal(root.name, "RESULT");
  assert.deepEqual(root.children.map((n) => n.name), ["CODE", "MESSAGE"]);
  for (const node of [root, ...root.children]) assert.deepEqual(node.attributes, []);
  return { code: root.children[0]!.text, message: root.children[1]!.text };
}

Deno.test("golden bodies: every result code's RESULT in JSON and both XML styles", async (t) => {
  for (const code of Object.keys(TRIGGERS) as EcosResultCode[]) {
    await t.step(code, async () => {
      for (const style of ["guide", "bare"] as const) {
        await using server = await serverFor(code, style);
        // ERROR-200 has no JSON body: without a valid format the answer is XML.
        const formats = code === "ERROR-200" ? ["xml"] as const : ["json", "xml"] as const;
        for (const format of formats) {
          const got = await resultBody(server, code, code === "ERROR-200" ? {} : { format });
          assert.equal(got.type, `application/${format}; charset=utf-8`);
          assert.deepEqual(assertResult(got.text, format, style).code, code);
        }
      }
    });
  }
});

Deno.test("every code's Korean MESSAGE is the wire file's, byte for byte, in JSON and XML", async (t) => {
  assert.deepEqual(Object.keys(MESSAGES).sort(), Object.keys(ECOS_CODES).sort());
  for (const code of Object.keys(TRIGGERS) as EcosResultCode[]) {
    const [expected, evidence] = MESSAGES[code]!;
    await t.step(`${code} (${evidence})`, async () => {
      await using server = await serverFor(code, "guide");
      const formats = code === "ERROR-200" ? ["xml"] as const : ["json", "xml"] as const;
      for (const format of formats) {
        const got = await resultBody(server, code, code === "ERROR-200" ? {} : { format });
        assert.equal(assertResult(got.text, format, "guide").message, expected, format);
      }
    });
  }
});

Deno.test("English RESULT messages are the project's own, from ECOS_CODES", async (t) => {
  for (const code of Object.keys(TRIGGERS) as EcosResultCode[]) {
    await t.step(code, async () => {
      await using server = await serverFor(code, "guide");
      const format = code === "ERROR-200" ? "xml" : "json";
      const query: Query = code === "ERROR-200" ? { language: "en" } : { format, language: "en" };
      const got = await resultBody(server, code, query);
      assert.equal(assertResult(got.text, format, "guide").message, ECOS_CODES[code].en);
    });
  }
});
