/**
 * XML bodies: `<StatisticSearch><list_total_count>4</list_total_count><row>...</row>...` or
 * `<RESULT><CODE>INFO-200</CODE><MESSAGE>...</MESSAGE></RESULT>`.
 *
 * fast-xml-parser reads the document. It spends most of its time inside rows (about 40 ms per
 * 1,000 rows), so rows are kept as raw text (a stop node) and read by a strict scanner for the
 * flat `<FIELD>text</FIELD>` / `<FIELD/>` shape every ECOS row has; a row of any other shape
 * (attributes, CDATA, nesting) goes back to fast-xml-parser. Both paths give the same values.
 *
 * @module
 */

import { XMLParser } from "./deps.ts";
import { badResponse, type Decoded, type RawRow, readEnvelope, snippet } from "./envelope.ts";

// Values stay strings ("0101000" is an item code, "2020" a label): the frame converts them.
// Attributes (number="true" in the official guide) carry nothing we need. A lone <row> must
// still be a list. Whitespace is kept so that values equal their JSON twins; the whitespace
// between tags lands in "#text" keys, which nobody reads.
const options = {
  ignoreAttributes: true,
  parseTagValue: false,
  parseAttributeValue: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
  trimValues: false,
  processEntities: true,
  isArray: (_name: string, jpath: unknown) => String(jpath).endsWith(".row"),
};
const documentParser = new XMLParser({ ...options, stopNodes: ["*.row"] });
const rowParser = new XMLParser(options);

const FIELD = /\s*<([A-Za-z_][\w.-]*)\s*(?:\/>|>([^<]*)<\/\1\s*>)/y;
const ENTITY = /&(?:#x([0-9a-fA-F]+)|#(\d+)|(amp|lt|gt|quot|apos));/g;
const NAMED: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

function decodeEntities(v: string): string {
  if (!v.includes("&")) return v;
  return v.replace(ENTITY, (_m, hex?: string, dec?: string, name?: string) => {
    if (name !== undefined) return NAMED[name] as string;
    return String.fromCodePoint(parseInt((hex ?? dec) as string, hex !== undefined ? 16 : 10));
  });
}

/** A flat row's fields, or `undefined` when the row has any other shape. */
function scanRow(text: string): RawRow | undefined {
  const row: RawRow = {};
  let at = 0;
  while (at < text.length) {
    FIELD.lastIndex = at;
    const m = FIELD.exec(text);
    if (m === null) return text.slice(at).trim() === "" ? row : undefined;
    row[m[1] as string] = m[2] === undefined ? "" : decodeEntities(m[2]);
    at = FIELD.lastIndex;
  }
  return row;
}

function readRow(raw: unknown): unknown {
  if (typeof raw !== "string") return raw;
  const fast = scanRow(raw);
  if (fast !== undefined) return fast;
  const parsed = rowParser.parse(`<r><row>${raw}</row></r>`, true) as { r?: { row?: unknown[] } };
  const row = parsed.r?.row?.[0];
  return row === "" ? {} : row;
}

/**
 * Decodes an XML body.
 *
 * @param text The body.
 * @param service The service that was called: its name is the root element.
 * @returns Rows with their total, or the result code.
 * @throws {EcosError} BAD_RESPONSE when the body is not well-formed XML (cut short, an HTML
 * page) or not an ECOS envelope.
 */
export function decodeXml(text: string, service: string): Decoded {
  const body = text.trim();
  // A body cut short cannot end with its root's closing tag; checking this is far cheaper than
  // validating the whole document.
  const root = /^(?:<\?[^>]*\?>\s*)?(?:<!--[\s\S]*?-->\s*)*<([A-Za-z_][\w.-]*)/.exec(body)?.[1];
  if (root === undefined) throw badResponse(`no root element: ${snippet(body)}`);
  if (!new RegExp(`</${root.replaceAll(".", "\\.")}\\s*>$`).test(body)) {
    throw badResponse(`the XML is cut short (no closing </${root}>): ${snippet(body.slice(-80))}`);
  }
  let parsed: unknown;
  try {
    parsed = documentParser.parse(body);
    const envelope = (parsed as Record<string, unknown>)[service];
    if (typeof envelope === "object" && envelope !== null) {
      const e = envelope as Record<string, unknown>;
      if (Array.isArray(e.row)) e.row = e.row.map(readRow);
    }
  } catch (e) {
    throw badResponse(`the XML does not parse (${(e as Error).message}): ${snippet(text)}`, e);
  }
  return readEnvelope(trimScalars(parsed), service);
}

/** list_total_count and CODE may be surrounded by whitespace in pretty-printed XML. */
function trimScalars(parsed: unknown): unknown {
  if (typeof parsed !== "object" || parsed === null) return parsed;
  for (const body of Object.values(parsed as Record<string, unknown>)) {
    if (typeof body !== "object" || body === null) continue;
    const b = body as Record<string, unknown>;
    for (const key of ["list_total_count", "row_count", "CODE"]) {
      if (typeof b[key] === "string") b[key] = (b[key] as string).trim();
    }
  }
  return parsed;
}
