/**
 * Writing answers as the wire does: JSON or XML, success bodies and RESULT bodies, always
 * HTTP 200, in chunks of bounded size made as the transport asks for them. XML comes in two
 * styles: "guide", as the official guide prints it (the XML declaration, `number="true"` on
 * the numbers, `array="true"` on a lone row), and "bare", as bodies have also been seen in the
 * wild.
 *
 * @module
 */

import { ECOS_CODES } from "../wire/codes.ts";
import type { Format, Language } from "../wire/format.ts";
import type { Answer, ResultAnswer } from "./answer.ts";
import { SAMPLE_LIMIT_MESSAGE } from "../wire/sample.ts";
import type { Route } from "./route.ts";
import type { RowSource, WireRow } from "./services/service.ts";
import type { XmlStyle } from "./types.ts";

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
 * The characters after which a chunk of a body is handed on, at the next row's end. A chunk
 * is at most this plus one row (and UTF-8 takes at most 3 bytes a character), however large
 * the body: the transport writes each before the next is made.
 */
export const CHUNK_CHARS = 16 * 1024;
/** How many rows are asked of a page's row source at a time. */
const ROWS_PER_SLICE = 256;

/**
 * The body of an answer, its rows or its RESULT, in chunks made as they are pulled: a page's
 * rows are asked of its source a slice at a time, and a chunk ends at the first row's end past
 * {@linkcode CHUNK_CHARS} characters. The chunks joined are the whole body.
 *
 * @param answer The answer.
 * @param style The format, the language of messages and the XML style.
 */
export function* renderAnswer(answer: Answer, style: BodyStyle): Generator<string, void> {
  if ("code" in answer) {
    yield renderResult(answer, style);
    return;
  }
  yield* renderRows(answer.service, answer.total, answer.rows, style, answer.rowCount);
}

/**
 * A RESULT body (an error or information code): `{"RESULT":{"CODE","MESSAGE"}}` or its XML.
 *
 * @param code The result code.
 * @param style The format, the message's language and the XML style.
 */
function renderResult({ code, text }: ResultAnswer, style: BodyStyle): string {
  const message = text === "sample-limit"
    ? SAMPLE_LIMIT_MESSAGE[style.language]
    : ECOS_CODES[code][style.language];
  if (style.format === "json") return JSON.stringify({ RESULT: { CODE: code, MESSAGE: message } });
  return xmlDocument(
    `<RESULT>${xmlField("CODE", code, false)}${xmlField("MESSAGE", message, false)}</RESULT>`,
    style.xml,
  );
}

/**
 * A success body, `{Service: {list_total_count, [row_count], row: [...]}}` or its XML, in
 * chunks. The JSON is byte for byte what `JSON.stringify` makes of the whole object.
 *
 * @param service The service name, the body's top-level key.
 * @param total The total over all pages.
 * @param rows The page's rows.
 * @param style The format and the XML style.
 * @param rowCount Whether to add `row_count` (KeyStatisticList).
 */
function* renderRows(
  service: string,
  total: number,
  rows: RowSource,
  style: BodyStyle,
  rowCount: boolean,
): Generator<string, void> {
  const count = rows.length;
  let head: string;
  let row: (row: WireRow, i: number) => string;
  let tail: string;
  if (style.format === "json") {
    const counts = rowCount
      ? { list_total_count: total, row_count: count }
      : { list_total_count: total };
    // The object without its rows, opened where `"row":[` goes.
    head = `${JSON.stringify({ [service]: counts }).slice(0, -2)},"row":[`;
    row = (r, i) => (i === 0 ? "" : ",") + JSON.stringify(r);
    tail = "]}}";
  } else {
    const guide = style.xml === "guide";
    head = `<${service}>${xmlField("list_total_count", total, guide)}` +
      (rowCount ? xmlField("row_count", count, guide) : "");
    if (guide) head = `${XML_DECLARATION}\n${head}`;
    // The guide marks a lone row, so that a reader without a schema still sees a list.
    const open = guide && count === 1 ? '<row array="true">' : "<row>";
    row = (r) => xmlRow(r, open, guide);
    tail = `</${service}>`;
  }
  let chunk = head;
  for (let at = 0; at < count; at += ROWS_PER_SLICE) {
    const slice = rows.slice(at, Math.min(count, at + ROWS_PER_SLICE));
    for (let k = 0; k < slice.length; k++) {
      chunk += row(slice[k]!, at + k);
      if (chunk.length >= CHUNK_CHARS) {
        yield chunk;
        chunk = "";
      }
    }
  }
  yield chunk + tail;
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
