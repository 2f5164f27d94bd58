/**
 * XML bodies: `<StatisticSearch><list_total_count>4</list_total_count><row>...</row>...` or
 * `<RESULT><CODE>INFO-200</CODE><MESSAGE>...</MESSAGE></RESULT>`.
 *
 * The flat shape ECOS sends is read by a one-pass scanner (xml_flat.ts); anything else by
 * fast-xml-parser, which is correct on every shape XML allows (entities, CDATA, comments,
 * attributes, whitespace) but some ten times slower. The parser is loaded only when a body
 * needs it ({@linkcode loadXmlParser}): importing the module does not pay for it.
 *
 * @module
 */

import { loadXmlParser as loadParserModule, type XMLParser } from "../deps.ts";
import { BodyError, type Decoded, readEnvelope } from "./_envelope.ts";
import { readFlatXml } from "./_xml_flat.ts";

// Values stay strings ("0101000" is an item code, "2020" a label): the frame converts them.
// Attributes (number="true" in the official guide) carry nothing we need. A lone <row> must
// still be a list. Whitespace is kept so that values equal their JSON twins; the whitespace
// between tags lands in "#text" keys, which nobody reads.
/**
 * The options the client reads XML with (also the reference of the fast path's tests).
 *
 * @internal
 */
export const XML_PARSER_OPTIONS = {
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
let parser: XMLParser | undefined;
let loading: Promise<void> | undefined;

/**
 * Loads fast-xml-parser, once: {@linkcode decodeXml} needs it for XML of another shape than
 * ECOS's flat one.
 *
 * @returns When it is loaded.
 */
export function loadXmlParser(): Promise<void> {
  loading ??= loadParserModule().then((m) => {
    parser = new m.XMLParser(XML_PARSER_OPTIONS);
  });
  return loading;
}

/**
 * Raised by {@linkcode decodeXml} for a body that needs fast-xml-parser before it is loaded:
 * load it ({@linkcode loadXmlParser}) and decode the body again.
 */
export class XmlParserNotLoaded extends Error {
  constructor() {
    super("fast-xml-parser is not loaded: await loadXmlParser(), then decode again");
    this.name = "XmlParserNotLoaded";
  }
}

/**
 * Decodes an XML body.
 *
 * @param text The body.
 * @param service The service that was called: its name is the root element.
 * @returns Rows with their total, or the result code.
 * @throws {BodyError} When the body is not well-formed XML (cut short, an HTML
 * page) or not an ECOS envelope.
 * @throws {XmlParserNotLoaded} When the body needs fast-xml-parser and it is not loaded yet.
 */
export function decodeXml(text: string, service: string): Decoded {
  const body = text.trim();
  const root = rootElement(body);
  if (root === undefined) throw new BodyError("no root element", { quote: body });
  // ECOS bodies have no DOCTYPE; one could declare entities that expand without bound.
  if (root === DOCTYPE) {
    throw new BodyError("a DOCTYPE, which ECOS bodies never have", { quote: body });
  }
  // A body cut short cannot end with its root's closing tag; checking this is far cheaper than
  // validating the whole document.
  if (!closesWith(body, root)) {
    throw new BodyError(`the XML is cut short (no closing </${root}>)`, {
      quote: body,
      quoteEnd: true,
    });
  }
  // The flat shape ECOS sends is read in one pass; anything else goes to fast-xml-parser.
  let parsed: unknown = readFlatXml(body);
  if (parsed === undefined) {
    if (parser === undefined) throw new XmlParserNotLoaded();
    try {
      parsed = parser.parse(body);
    } catch (e) {
      // The parser's message quotes a window of the body ("Context: ..."), which may cut a key
      // echoed there in two: keep only its words, and quote the body ourselves (redacted first).
      const reason = String((e as Error).message).replace(/\s*Context:.*$/s, "");
      throw new BodyError(`the XML does not parse (${reason})`, { quote: text });
    }
  }
  return readEnvelope(trimScalars(parsed), service);
}

const DOCTYPE = "!DOCTYPE";
const NAME = /^[A-Za-z_][\w.-]{0,199}/;

/**
 * The root element's name, after whitespace, an XML declaration, processing instructions and
 * comments; {@linkcode DOCTYPE} for a document type declaration. One pass: each step moves
 * forward with indexOf, so hostile bodies cost linear time (a regular expression over
 * repeated comments can backtrack exponentially).
 *
 * @param body The body, trimmed.
 * @returns The name, or `undefined` when there is none.
 * @internal
 */
export function rootElement(body: string): string | undefined {
  let i = 0;
  for (;;) {
    while (i < body.length && /\s/.test(body[i]!)) i++;
    if (body.startsWith("<?", i)) {
      const end = body.indexOf("?>", i + 2);
      if (end < 0) return undefined;
      i = end + 2;
    } else if (body.startsWith("<!--", i)) {
      const end = body.indexOf("-->", i + 4);
      if (end < 0) return undefined;
      i = end + 3;
    } else if (body.startsWith("<!", i)) {
      return DOCTYPE;
    } else break;
  }
  if (body[i] !== "<") return undefined;
  return NAME.exec(body.slice(i + 1, i + 201))?.[0];
}

/** Whether a body ends with the closing tag of `root` (spaces allowed before its `>`). */
function closesWith(body: string, root: string): boolean {
  const end = body.trimEnd();
  if (!end.endsWith(">")) return false;
  const tail = end.slice(0, -1).trimEnd();
  return tail.endsWith(`</${root}`);
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
