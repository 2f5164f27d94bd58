import assert from "node:assert/strict";
import fc from "npm:fast-check@4.10.2";
import {
  decodeBytesLoading,
  decodeJson,
  decodeXml,
  loadXmlParser,
  XmlParserNotLoaded,
} from "../../src/client/_decode.ts";
import { BodyError } from "../../src/client/_errors.ts";
import { rowsOf } from "../testdata/pages.ts";
import { XMLParser } from "npm:fast-xml-parser@5.12.1";

const S = "StatisticSearch";

// First, while nothing in this file's isolate has loaded fast-xml-parser.
Deno.test("decodeXml() needs fast-xml-parser only for shapes the flat reader leaves", async () => {
  const flat = `<StatisticSearch><list_total_count>1</list_total_count>` +
    `<row><TIME>2020</TIME></row></StatisticSearch>`;
  const other = `<StatisticSearch><!-- a comment --><list_total_count>1</list_total_count>` +
    `<row><TIME><![CDATA[2020]]></TIME></row></StatisticSearch>`;
  assert.equal(decodeXml(flat, S).kind, "rows");
  assert.throws(() => decodeXml(other, S), XmlParserNotLoaded);
  // The request path loads it and decodes again.
  const decoded = await decodeBytesLoading(new TextEncoder().encode(other), S);
  assert.ok(decoded.kind === "rows");
  assert.equal(rowsOf(decoded.page)[0]?.TIME, "2020");
  assert.equal(decodeXml(other, S).kind, "rows");
});

const ROW = `<row><STAT_CODE>200Y101</STAT_CODE><STAT_NAME>국내총생산</STAT_NAME>` +
  `<ITEM_CODE1>0101000</ITEM_CODE1><ITEM_CODE2/><ITEM_NAME2/><WGT/><TIME>2020</TIME>` +
  `<DATA_VALUE>2058466.5</DATA_VALUE></row>`;

Deno.test("decodeXml() keeps values as strings and a single row as a list", async () => {
  await loadXmlParser();
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<StatisticSearch>` +
    `<list_total_count number="true">4</list_total_count>${ROW}</StatisticSearch>`;
  const d = decodeXml(body, S);
  assert.equal(d.kind, "rows");
  if (d.kind !== "rows") return;
  assert.equal(d.total, 4);
  assert.equal(d.rows.length, 1);
  assert.equal(d.rows[0]?.ITEM_CODE1, "0101000");
  assert.equal(d.rows[0]?.TIME, "2020");
  assert.equal(d.rows[0]?.ITEM_CODE2, "");
  assert.equal(d.rows[0]?.DATA_VALUE, "2058466.5");
});

Deno.test("decodeXml() reads pretty-printed bodies and entities", async () => {
  await loadXmlParser();
  const body = `<StatisticSearch>
  <list_total_count>
    2
  </list_total_count>
  <row>
    <STAT_NAME>A &amp; B &lt;x&gt; &#47;&#x41;</STAT_NAME>
    <TIME>202305SM2</TIME>
  </row>
  <row>
    <STAT_NAME attr="1">with an attribute</STAT_NAME>
    <TIME><![CDATA[2023]]></TIME>
  </row>
</StatisticSearch>`;
  const d = decodeXml(body, S);
  assert.equal(d.kind, "rows");
  if (d.kind !== "rows") return;
  assert.equal(d.total, 2);
  assert.equal(d.rows[0]?.STAT_NAME, "A & B <x> /A");
  assert.equal(d.rows[0]?.TIME, "202305SM2");
  assert.equal(d.rows[1]?.STAT_NAME, "with an attribute");
  assert.equal(d.rows[1]?.TIME, "2023");
});

Deno.test("decodeXml() reads RESULT bodies", async () => {
  await loadXmlParser();
  assert.deepEqual(
    decodeXml(
      `<RESULT><CODE>INFO-200</CODE><MESSAGE>해당하는 데이터가 없습니다.</MESSAGE></RESULT>`,
      S,
    ),
    { kind: "result", code: "INFO-200", message: "해당하는 데이터가 없습니다." },
  );
});

Deno.test("decodeXml() refuses anything else with a BodyError", async (t) => {
  await loadXmlParser();
  const full =
    `<StatisticSearch><list_total_count>2</list_total_count>${ROW}${ROW}</StatisticSearch>`;
  const cases: [string, string, RegExp][] = [
    [
      "cut after a row",
      full.slice(0, full.lastIndexOf("</StatisticSearch>")),
      /^the XML is cut short \(no closing <\/StatisticSearch>\)$/,
    ],
    ["cut in a row", full.slice(0, 120), /cut short/],
    [
      "HTML",
      `<html><body>점검 중</body></html>`,
      /expected a StatisticSearch envelope, got "html"/,
    ],
    [
      "another root",
      `<KeyStatisticList><list_total_count>1</list_total_count></KeyStatisticList>`,
      /expected a StatisticSearch envelope, got "KeyStatisticList"/,
    ],
    ["no root", `hello`, /^no root element$/],
  ];
  for (const [name, body, detail] of cases) {
    await t.step(name, () => {
      assert.throws(() => decodeXml(body, S), (e: unknown) => {
        assert.ok(e instanceof BodyError, String(e));
        assert.match(e.detail, detail);
        assert.equal(e.retryable, true);
        return true;
      });
    });
  }
});

const escapeXml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

Deno.test("decodeXml() rows equal the JSON twin's (property)", async () => {
  await loadXmlParser();
  const field = fc.constantFrom("STAT_CODE", "STAT_NAME", "ITEM_CODE1", "TIME", "DATA_VALUE");
  const value = fc.oneof(fc.string(), fc.constantFrom("", "-", "0101000", "2020", " a & b "));
  const reference = new XMLParser({
    ignoreAttributes: true,
    parseTagValue: false,
    trimValues: false,
    isArray: (_n: string, j: unknown) => String(j).endsWith(".row"),
  });
  fc.assert(
    fc.property(
      fc.array(fc.dictionary(field, value, { minKeys: 1 }), { minLength: 1, maxLength: 5 }),
      (rows) => {
        // XML 1.0 cannot carry control characters; the service does not send them.
        // deno-lint-ignore no-control-regex
        const control = /[\u0000-\u001f\ufffe\uffff]/g;
        const clean = rows.map((r) =>
          Object.fromEntries(
            Object.entries(r).map(([k, v]) => [k, v.replace(control, "")]),
          )
        );
        const xml = `<StatisticSearch><list_total_count>${clean.length}</list_total_count>` +
          clean.map((r) =>
            "<row>" +
            Object.entries(r).map(([k, v]) => v === "" ? `<${k}/>` : `<${k}>${escapeXml(v)}</${k}>`)
              .join("") +
            "</row>"
          ).join("") + "</StatisticSearch>";
        const ours = decodeXml(xml, S);
        const json = decodeJson(
          JSON.stringify({ StatisticSearch: { list_total_count: clean.length, row: clean } }),
          S,
        );
        assert.deepEqual(ours, json);
        const theirs = reference.parse(xml).StatisticSearch.row.map((r: Record<string, unknown>) =>
          Object.fromEntries(Object.entries(r).map(([k, v]) => [k, v ?? ""]))
        );
        assert.deepEqual(ours.kind === "rows" && ours.rows, theirs);
      },
    ),
  );
});
