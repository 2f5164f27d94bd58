/**
 * XML bodies: `<StatisticSearch><list_total_count>4</list_total_count><row>...</row>...` or
 * `<RESULT><CODE>INFO-200</CODE><MESSAGE>...</MESSAGE></RESULT>`.
 *
 * fast-xml-parser reads it. It is about 50 µs a row, far slower than JSON.parse, which is why
 * JSON is the default format; XML stays correct on every shape XML allows (entities, CDATA,
 * attributes, whitespace).
 *
 * @module
 */

import { XMLParser } from "../deps.ts";
import { badResponse, type Decoded, readEnvelope, snippet } from "./envelope.ts";

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
  // Numeric references (&#47;) as well as the five XML entities.
  htmlEntities: true,
  isArray: (_name: string, jpath: unknown) => String(jpath).endsWith(".row"),
};
const parser = new XMLParser(options);

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
    parsed = parser.parse(body);
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
