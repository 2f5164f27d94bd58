/**
 * Every XML shape ECOS bodies come in: the guide's (declaration, `number="true"` on counts,
 * `array="true"` on a lone row, indented) and the bare one seen in the wild, decode to the same
 * rows as the JSON twin.
 */

import assert from "node:assert/strict";
import { decodeJson, decodeXml, loadXmlParser } from "../../src/client/_decode.ts";
import { buildFrame } from "../../src/client/_frame.ts";
import { STATISTIC_SEARCH_SCHEMA } from "../../src/wire/columns.ts";

await loadXmlParser(); // for shapes the flat reader leaves to fast-xml-parser

const ROW = {
  STAT_CODE: "200Y101",
  STAT_NAME: "주요지표(연간지표)",
  ITEM_CODE1: "10101",
  ITEM_NAME1: "국내총생산(GDP)(명목, 원화표시)",
  ITEM_CODE2: null,
  ITEM_NAME2: null,
  ITEM_CODE3: null,
  ITEM_NAME3: null,
  ITEM_CODE4: null,
  ITEM_NAME4: null,
  UNIT_NAME: "십억원",
  WGT: null,
  TIME: "2020",
  DATA_VALUE: "2058466.5",
};

/** The body in the guide's shape or the bare one, indented or not. */
function xml(rows: typeof ROW[], shape: "guide" | "bare", indent: boolean): string {
  const nl = indent ? "\n" : "";
  const pad = (n: number) => indent ? "  ".repeat(n) : "";
  const num = shape === "guide" ? ' number="true"' : "";
  const arr = shape === "guide" && rows.length === 1 ? ' array="true"' : "";
  const fields = (row: typeof ROW) =>
    Object.entries(row).map(([k, v]) =>
      `${pad(2)}${v === null ? `<${k}/>` : `<${k}>${v}</${k}>`}${nl}`
    ).join("");
  return (shape === "guide" ? `<?xml version="1.0" encoding="UTF-8"?>${nl}` : "") +
    `<StatisticSearch>${nl}${
      pad(1)
    }<list_total_count${num}>${rows.length}</list_total_count>${nl}` +
    rows.map((r) => `${pad(1)}<row${arr}>${nl}${fields(r)}${pad(1)}</row>${nl}`).join("") +
    `</StatisticSearch>${nl}`;
}

Deno.test("decodeXml() reads the guide's shape and the bare one, indented or not", async (t) => {
  for (const rows of [[ROW], [ROW, { ...ROW, TIME: "2021", DATA_VALUE: "2221913.0" }]]) {
    const json = decodeJson(
      JSON.stringify({ StatisticSearch: { list_total_count: rows.length, row: rows } }),
      "StatisticSearch",
    );
    const expected = buildFrame(json.kind === "rows" ? json.rows : [], STATISTIC_SEARCH_SCHEMA);
    for (const shape of ["guide", "bare"] as const) {
      for (const indent of [true, false]) {
        await t.step(`${rows.length} row(s), ${shape}, ${indent ? "indented" : "flat"}`, () => {
          const decoded = decodeXml(xml(rows, shape, indent), "StatisticSearch");
          assert.equal(decoded.kind, "rows");
          if (decoded.kind !== "rows") return;
          assert.equal(decoded.total, rows.length);
          assert.equal(decoded.rows.length, rows.length);
          const frame = buildFrame(decoded.rows, STATISTIC_SEARCH_SCHEMA);
          assert.ok(frame.frameEqual(expected, true));
          assert.equal(decoded.rows[0]?.ITEM_CODE1, "10101", "codes stay strings");
        });
      }
    }
  }
});

Deno.test("decodeXml() reads the guide's RESULT body with its declaration", () => {
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<RESULT>\n  <CODE>INFO-200</CODE>\n` +
    `  <MESSAGE>해당하는 데이터가 없습니다.</MESSAGE>\n</RESULT>\n`;
  assert.deepEqual(decodeXml(body, "StatisticSearch"), {
    kind: "result",
    code: "INFO-200",
    message: "해당하는 데이터가 없습니다.",
  });
});
