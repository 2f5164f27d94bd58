/**
 * Writing answers as the wire does: JSON or XML, success bodies and RESULT bodies, always
 * HTTP 200.
 *
 * @module
 */

import { ECOS_CODES, type EcosResultCode } from "../wire/codes.ts";
import type { Format, Language } from "../wire/format.ts";
import type { Answer } from "./answer.ts";
import type { Route } from "./route.ts";
import type { WireRow } from "./services/service.ts";

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
}

/** Content types by format. */
const CONTENT_TYPES: Readonly<Record<Format, string>> = {
  json: "application/json; charset=utf-8",
  xml: "application/xml; charset=utf-8",
};

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
 */
export function bodyStyle(route: Route): BodyStyle {
  return {
    format: route.format === "json" ? "json" : "xml",
    language: route.language === "en" ? "en" : "kr",
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
 * @param style The format and the language of messages.
 */
export function renderAnswer(answer: Answer, style: BodyStyle): Rendered {
  return "code" in answer
    ? renderResult(answer.code, style)
    : renderRows(answer.service, answer.total, answer.rows, style.format, answer.rowCount);
}

/**
 * A RESULT body (an error or information code).
 *
 * @param code The result code.
 * @param style The format and the message's language.
 */
function renderResult(code: EcosResultCode, style: BodyStyle): Rendered {
  const message = ECOS_CODES[code][style.language];
  const body = style.format === "json"
    ? JSON.stringify({ RESULT: { CODE: code, MESSAGE: message } })
    : `<RESULT>${xmlField("CODE", code)}${xmlField("MESSAGE", message)}</RESULT>`;
  return { body, contentType: CONTENT_TYPES[style.format] };
}

/**
 * A success body: `{Service: {list_total_count, [row_count], row: [...]}}` or its XML.
 *
 * @param service The service name, the body's top-level key.
 * @param total The total over all pages.
 * @param rows The page's rows.
 * @param format The format.
 * @param rowCount Whether to add `row_count` (KeyStatisticList).
 */
function renderRows(
  service: string,
  total: number,
  rows: readonly WireRow[],
  format: Format,
  rowCount: boolean,
): Rendered {
  const body = format === "json"
    ? jsonRows(service, total, rows, rowCount)
    : xmlRows(service, total, rows, rowCount);
  return { body, contentType: CONTENT_TYPES[format] };
}

function jsonRows(service: string, total: number, rows: readonly WireRow[], rowCount: boolean) {
  const inner = rowCount
    ? { list_total_count: total, row_count: rows.length, row: rows }
    : { list_total_count: total, row: rows };
  return JSON.stringify({ [service]: inner });
}

function xmlRows(service: string, total: number, rows: readonly WireRow[], rowCount: boolean) {
  const parts: string[] = [`<${service}>`, xmlField("list_total_count", total)];
  if (rowCount) parts.push(xmlField("row_count", rows.length));
  for (const row of rows) parts.push(xmlRow(row));
  parts.push(`</${service}>`);
  return parts.join("");
}

function xmlRow(row: WireRow): string {
  let xml = "<row>";
  for (const [name, value] of Object.entries(row)) xml += xmlField(name, value ?? null);
  return xml + "</row>";
}

/** An element; null and "" become a self-closing tag. */
function xmlField(name: string, value: unknown): string {
  if (value === null || value === "") return `<${name}/>`;
  return `<${name}>${escapeXml(String(value))}</${name}>`;
}

/** Escapes text for XML content, dropping characters XML 1.0 cannot carry at all. */
function escapeXml(text: string): string {
  return text
    // deno-lint-ignore no-control-regex
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, "")
    .replace(/[&<>"']/g, (c) => XML_ESCAPES[c]!);
}
