/**
 * Writing answers as the wire does: JSON or XML, success bodies and RESULT bodies, always
 * HTTP 200.
 *
 * @module
 */

import { ECOS_CODES, type EcosResultCode } from "../wire/codes.ts";
import type { WireRow } from "./services/service.ts";

/** The two formats of the service. */
export type Format = "json" | "xml";

/** A rendered body and its content type. */
export interface Rendered {
  /** The body text. */
  body: string;
  /** The Content-Type header. */
  contentType: string;
}

/** Content types by format. */
export const CONTENT_TYPES: Readonly<Record<Format, string>> = {
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
 * Escapes text for XML content, dropping characters XML 1.0 cannot carry at all.
 *
 * @param text Any text.
 */
export function escapeXml(text: string): string {
  return text
    // deno-lint-ignore no-control-regex
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, "")
    .replace(/[&<>"']/g, (c) => XML_ESCAPES[c]!);
}

function xmlField(name: string, value: unknown): string {
  if (value === null || value === "") return `<${name}/>`;
  return `<${name}>${escapeXml(String(value))}</${name}>`;
}

/**
 * A RESULT body (an error or information code).
 *
 * @param code The result code.
 * @param format The format.
 * @param language The message's language.
 */
export function renderResult(
  code: EcosResultCode,
  format: Format,
  language: "kr" | "en",
): Rendered {
  const message = ECOS_CODES[code][language];
  const body = format === "json"
    ? JSON.stringify({ RESULT: { CODE: code, MESSAGE: message } })
    : `<RESULT>${xmlField("CODE", code)}${xmlField("MESSAGE", message)}</RESULT>`;
  return { body, contentType: CONTENT_TYPES[format] };
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
export function renderRows(
  service: string,
  total: number,
  rows: readonly WireRow[],
  format: Format,
  rowCount: boolean,
): Rendered {
  if (format === "json") {
    const inner = rowCount
      ? { list_total_count: total, row_count: rows.length, row: rows }
      : { list_total_count: total, row: rows };
    return { body: JSON.stringify({ [service]: inner }), contentType: CONTENT_TYPES.json };
  }
  const parts: string[] = [`<${service}>`, xmlField("list_total_count", total)];
  if (rowCount) parts.push(xmlField("row_count", rows.length));
  for (const row of rows) {
    let xml = "<row>";
    for (const [name, value] of Object.entries(row)) xml += xmlField(name, value ?? null);
    parts.push(xml + "</row>");
  }
  parts.push(`</${service}>`);
  return { body: parts.join(""), contentType: CONTENT_TYPES.xml };
}
