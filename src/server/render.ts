/**
 * Writing answers as the wire does: JSON or XML, success bodies and RESULT bodies, always
 * HTTP 200. XML comes in two styles: "guide", as the official guide prints it (the XML
 * declaration, `number="true"` on the numbers, `array="true"` on a lone row), and "bare", as
 * bodies have also been seen in the wild.
 *
 * @module
 */

import { ECOS_CODES, type EcosResultCode } from "../wire/codes.ts";
import type { Format, Language } from "../wire/format.ts";
import type { Answer } from "./answer.ts";
import type { Route } from "./route.ts";
import type { WireRow } from "./services/service.ts";
import type { XmlStyle } from "./types.ts";

/** A rendered body and its content type. */
export interface Rendered {
  /** The body text. */
  body: string;
  /** The Content-Type header. */
  contentType: string;
}

/** How a request's bodies are written. */
export interface BodyStyle {
  /** The format. */
  format: Format;
  /** The language of RESULT messages. */
  language: Language;
  /** How XML is written. */
  xml: XmlStyle;
}

/** Content types by format. */
const CONTENT_TYPES: Readonly<Record<Format, string>> = {
  json: "application/json; charset=utf-8",
  xml: "application/xml; charset=utf-8",
};

/** The guide's first line of every XML body. */
export const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';

const XML_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&apos;",
};

/**
 * How a request's bodies are written: in its format when that is json or xml, else XML (the
 * live service's default), so that even ERROR-200 has a body a client can parse; messages in
 * English only when asked for.
 *
 * @param route The request's segments.
 * @param xml The server's XML style.
 */
export function bodyStyle(route: Route, xml: XmlStyle): BodyStyle {
  return {
    format: route.format === "json" ? "json" : "xml",
    language: route.language === "en" ? "en" : "kr",
    xml,
  };
}

/**
 * The Content-Type header of a format.
 *
 * @param format The format.
 */
export function contentType(format: Format): string {
  return CONTENT_TYPES[format];
}

/**
 * The body of an answer: its rows, or its RESULT.
 *
 * @param answer The answer.
 * @param style The format, the language of messages and the XML style.
 */
export function renderAnswer(answer: Answer, style: BodyStyle): Rendered {
  const body = "code" in answer
    ? renderResult(answer.code, style)
    : renderRows(answer.service, answer.total, answer.rows, style, answer.rowCount);
  return { body, contentType: CONTENT_TYPES[style.format] };
}

/**
 * A RESULT body (an error or information code): `{"RESULT":{"CODE","MESSAGE"}}` or its XML.
 *
 * @param code The result code.
 * @param style The format, the message's language and the XML style.
 */
function renderResult(code: EcosResultCode, style: BodyStyle): string {
  const message = ECOS_CODES[code][style.language];
  if (style.format === "json") return JSON.stringify({ RESULT: { CODE: code, MESSAGE: message } });
  return xmlDocument(
    `<RESULT>${xmlField("CODE", code, false)}${xmlField("MESSAGE", message, false)}</RESULT>`,
    style.xml,
  );
}

/**
 * A success body: `{Service: {list_total_count, [row_count], row: [...]}}` or its XML.
 *
 * @param service The service name, the body's top-level key.
 * @param total The total over all pages.
 * @param rows The page's rows.
 * @param style The format and the XML style.
 * @param rowCount Whether to add `row_count` (KeyStatisticList).
 */
function renderRows(
  service: string,
  total: number,
  rows: readonly WireRow[],
  style: BodyStyle,
  rowCount: boolean,
): string {
  if (style.format === "json") {
    const inner = rowCount
      ? { list_total_count: total, row_count: rows.length, row: rows }
      : { list_total_count: total, row: rows };
    return JSON.stringify({ [service]: inner });
  }
  const guide = style.xml === "guide";
  const parts: string[] = [`<${service}>`, xmlField("list_total_count", total, guide)];
  if (rowCount) parts.push(xmlField("row_count", rows.length, guide));
  // The guide marks a lone row, so that a reader without a schema still sees a list.
  const open = guide && rows.length === 1 ? '<row array="true">' : "<row>";
  for (const row of rows) parts.push(xmlRow(row, open, guide));
  parts.push(`</${service}>`);
  return xmlDocument(parts.join(""), style.xml);
}

/** The whole document: the declaration first in the guide's style. */
function xmlDocument(root: string, style: XmlStyle): string {
  return style === "guide" ? `${XML_DECLARATION}\n${root}` : root;
}

function xmlRow(row: WireRow, open: string, guide: boolean): string {
  let xml = open;
  for (const [name, value] of Object.entries(row)) xml += xmlField(name, value ?? null, guide);
  return xml + "</row>";
}

/**
 * An element; null and "" become a self-closing tag. In the guide's style a JSON number
 * (list_total_count, row_count, DATA_CNT) carries `number="true"`.
 */
function xmlField(name: string, value: unknown, guide: boolean): string {
  if (value === null || value === "") return `<${name}/>`;
  const open = guide && typeof value === "number" ? `<${name} number="true">` : `<${name}>`;
  return `${open}${escapeXml(String(value))}</${name}>`;
}

/** Escapes text for XML content, dropping characters XML 1.0 cannot carry at all. */
function escapeXml(text: string): string {
  return text
    // deno-lint-ignore no-control-regex
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, "")
    .replace(/[&<>"']/g, (c) => XML_ESCAPES[c]!);
}
