/**
 * A body's bytes to a {@linkcode Page} of rows or a RESULT code: JSON pages through the scanner
 * (`_scan.ts`), the rest the reference way (JSON.parse, a one-pass reader of ECOS's flat XML or
 * fast-xml-parser, one envelope reader), which words every error and is the scanner's oracle.
 *
 * @module
 */

import { loadXmlParser as loadParserModule, type XMLParser } from "../deps.ts";
import { BodyError, fieldName } from "./_errors.ts";
import { ABSENT_ID, isPlainNumber, type Page, type PageFields } from "./_page.ts";
import { scanPage } from "./_scan.ts";

/** One row as the service sent it: field name to string, number or null. */
export type RawRow = Record<string, unknown>;

/** A RESULT body: an information or error code (e.g. "INFO-200") and the service's message. */
export type ResultBody = { kind: "result"; code: string; message: string };

/** A body as the reference decoders read it: rows with `list_total_count`, or a RESULT. */
export type Envelope = { kind: "rows"; total: number; rows: RawRow[] } | ResultBody;

/** A body decoded: a page of rows as columns, or a RESULT. */
export type Decoded = { kind: "rows"; page: Page } | ResultBody;

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

function readResult(v: Record<string, unknown>): ResultBody {
  const code = typeof v.CODE === "string" ? v.CODE.trim() : "";
  if (!/^[A-Z]{1,10}-\d{1,6}$/.test(code)) throw new BodyError("a RESULT without a CODE");
  const message = typeof v.MESSAGE === "string" ? v.MESSAGE : "";
  return { kind: "result", code, message };
}

/** Reads a parsed body: `{Service: {list_total_count, row}}` or `{RESULT: {CODE, MESSAGE}}`. */
export function readEnvelope(parsed: unknown, service: string): Envelope {
  if (!isObject(parsed)) throw new BodyError("the body is not an object");
  if (isObject(parsed.RESULT)) return readResult(parsed.RESULT);
  const body = parsed[service];
  if (!isObject(body)) {
    const keys = Object.keys(parsed).filter((k) => !k.startsWith("#") && !k.startsWith("?"));
    const shown = keys.slice(0, 5).map(fieldName).join(", ") + (keys.length > 5 ? ", ..." : "");
    throw new BodyError(`expected a ${service} envelope, got ${shown || "nothing"}`);
  }
  // Some gateways nest the RESULT inside the envelope; read it the same way.
  if (isObject(body.RESULT) && body.list_total_count === undefined) return readResult(body.RESULT);
  const rawTotal = body.list_total_count;
  const total = typeof rawTotal === "string" ? Number(rawTotal.trim()) : rawTotal;
  if (typeof total !== "number" || !Number.isSafeInteger(total) || total < 0) {
    throw new BodyError(`list_total_count is not a count: ${JSON.stringify(rawTotal)}`);
  }
  const raw = body.row;
  // XML empty envelopes and odd JSON can carry one row as an object, or none at all.
  const none = raw === undefined || raw === null || raw === "";
  const rows: unknown[] = none ? [] : Array.isArray(raw) ? raw : [raw];
  const bad = rows.findIndex((row) => !isObject(row));
  if (bad >= 0) throw new BodyError(`row ${bad + 1} is not an object`);
  return { kind: "rows", total, rows: rows as RawRow[] };
}

/** Decodes a JSON body. */
export function decodeJson(text: string, service: string): Envelope {
  try {
    return readEnvelope(JSON.parse(text), service);
  } catch (e) {
    if (!(e instanceof SyntaxError)) throw e;
    // The parser's own message quotes a window of the body, which may cut a key echoed there
    // in two; keep only its words, and quote the body ourselves (redacted before the cut).
    const reason = e.message.replace(/".*"(?:\.\.\.)?/s, "…");
    throw new BodyError(`the JSON does not parse (${reason})`, { quote: text });
  }
}

// Values stay strings ("0101000" is an item code): the frame converts them. Attributes
// (number="true" in the guide) carry nothing we need. A lone <row> must still be a list.
// Whitespace is kept so that values equal their JSON twins (between tags it lands in "#text").
/** The options the client reads XML with (also the flat reader's reference in tests). @internal */
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

/** Loads fast-xml-parser, once: {@linkcode decodeXml} needs it for XML not in ECOS's flat shape. */
export function loadXmlParser(): Promise<void> {
  loading ??= loadParserModule().then((m) => {
    parser = new m.XMLParser(XML_PARSER_OPTIONS);
  });
  return loading;
}

/** Raised by {@linkcode decodeXml} for a body that needs fast-xml-parser before it is loaded. */
export class XmlParserNotLoaded extends Error {
  constructor() {
    super("fast-xml-parser is not loaded: await loadXmlParser(), then decode again");
    this.name = "XmlParserNotLoaded";
  }
}

/** Decodes an XML body. */
export function decodeXml(text: string, service: string): Envelope {
  const body = text.trim();
  const root = rootElement(body);
  if (root === undefined) throw new BodyError("no root element", { quote: body });
  // ECOS bodies have no DOCTYPE; one could declare entities that expand without bound.
  if (root === DOCTYPE) {
    throw new BodyError("a DOCTYPE, which ECOS bodies never have", { quote: body });
  }
  // A body cut short cannot end with its root's closing tag (spaces allowed before its ">"):
  // far cheaper than validating the whole document.
  if (!body.endsWith(">") || !body.slice(0, -1).trimEnd().endsWith(`</${root}`)) {
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
      // As for JSON: the parser's own words, the body quoted by us.
      const reason = String((e as Error).message).replace(/\s*Context:.*$/s, "");
      throw new BodyError(`the XML does not parse (${reason})`, { quote: text });
    }
  }
  return readEnvelope(parsed, service);
}

const DOCTYPE = "!DOCTYPE";
const NAME = /^[A-Za-z_][\w.-]{0,199}/;

/**
 * The root element's name (`undefined` if none), after whitespace, an XML declaration,
 * processing instructions and comments; {@linkcode DOCTYPE} for a document type declaration.
 * Each step moves forward with indexOf: linear time for hostile bodies, where a regular
 * expression over repeated comments can backtrack exponentially.
 *
 * @internal
 */
export function rootElement(body: string): string | undefined {
  let i = 0;
  for (;;) {
    while (i < body.length && /\s/.test(body[i]!)) i++;
    const open = ["<?", "<!--"].find((o) => body.startsWith(o, i));
    if (open === undefined) break;
    const close = open === "<?" ? "?>" : "-->";
    const end = body.indexOf(close, i + open.length);
    if (end < 0) return undefined;
    i = end + close.length;
  }
  if (body.startsWith("<!", i)) return DOCTYPE;
  if (body[i] !== "<") return undefined;
  return NAME.exec(body.slice(i + 1, i + 201))?.[0];
}

// A name: A-Z, a-z or _, then also 0-9, "." and "-".
const nameStart = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
const nameChar = (c: number) => nameStart(c) || (c >= 48 && c <= 57) || c === 46 || c === 45;
const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

/** Thrown inside the reader when the body leaves the flat shape; caught at its top. */
const NOT_FLAT = new (class NotFlat {})();

const ENTITY = /&(?:#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6})|(amp|lt|gt|quot|apos));/g;

/** Decodes the entities of a value. */
function unescape(text: string): string {
  let seen = 0;
  const out = text.replace(ENTITY, (_, dec?: string, hex?: string, named?: string) => {
    seen++;
    if (named !== undefined) return ENTITIES[named]!;
    const code = dec !== undefined ? Number.parseInt(dec, 10) : Number.parseInt(hex!, 16);
    if (code > 0x10ffff) throw NOT_FLAT;
    return String.fromCodePoint(code);
  });
  if (seen !== text.split("&").length - 1) throw NOT_FLAT;
  return out;
}

/** Reads a flat ECOS body. */
export function readFlatXml(body: string): Record<string, unknown> | undefined {
  const n = body.length;
  let i = 0;

  const isSpace = (c: number) => c === 32 || c === 10 || c === 13 || c === 9;
  const space = () => {
    while (i < n && isSpace(body.charCodeAt(i))) i++;
  };
  const name = (): string => {
    const from = i;
    if (i >= n || !nameStart(body.charCodeAt(i))) throw NOT_FLAT;
    i++;
    while (i < n && nameChar(body.charCodeAt(i))) i++;
    return body.slice(from, i);
  };
  /** An opening tag at `i`: its name (`guess`, if so, not read anew), whether it is empty. */
  const open = (guess?: string): { tag: string; empty: boolean } => {
    if (body.charCodeAt(i) !== 60 /* < */) throw NOT_FLAT;
    i++;
    const g = guess ?? "";
    const guessed = g !== "" && body.startsWith(g, i) && !nameChar(body.charCodeAt(i + g.length));
    const tag = guessed ? g : name();
    if (guessed) i += g.length;
    for (;;) {
      const before = i;
      space();
      const c = body.charCodeAt(i);
      if (c === 62 /* > */ || (c === 47 /* / */ && body.charCodeAt(i + 1) === 62)) {
        i += c === 62 ? 1 : 2;
        return { tag, empty: c === 47 };
      }
      if (i === before) throw NOT_FLAT; // attributes (skipped) follow a space
      name();
      if (body[i] !== "=") throw NOT_FLAT;
      const quote = body[i + 1];
      if (quote !== '"' && quote !== "'") throw NOT_FLAT;
      const end = body.indexOf(quote, i + 2);
      if (end < 0 || body.slice(i + 2, end).includes("<")) throw NOT_FLAT;
      i = end + 1;
    }
  };
  /** The closing tag of `tag`, at a `<`. */
  const close = (tag: string) => {
    if (body.charCodeAt(i + 1) !== 47 || !body.startsWith(tag, i + 2)) throw NOT_FLAT;
    i += 2 + tag.length;
    space();
    if (body.charCodeAt(i++) !== 62) throw NOT_FLAT;
  };
  /** A leaf's value, after its opening tag. */
  const value = (tag: string, empty: boolean): string => {
    if (empty) return "";
    const end = body.indexOf("<", i);
    if (end < 0) throw NOT_FLAT;
    const raw = body.slice(i, end);
    i = end;
    close(tag);
    return raw.includes("&") ? unescape(raw) : raw;
  };

  try {
    space();
    if (body.startsWith("<?xml", i)) {
      const end = body.indexOf("?>", i);
      if (end < 0 || !/^<\?xml\s[^<>]*$/.test(body.slice(i, end))) throw NOT_FLAT;
      i = end + 2;
      space();
    }
    const root = open();
    if (root.empty) throw NOT_FLAT;
    const top: Record<string, unknown> = {};
    const rows: Record<string, string>[] = [];
    let template: string[] = [];
    for (;;) {
      space();
      if (body.charCodeAt(i) === 60 && body.charCodeAt(i + 1) === 47) break;
      const el = open();
      if (el.tag !== "row") {
        if (Object.hasOwn(top, el.tag)) throw NOT_FLAT;
        top[el.tag] = value(el.tag, el.empty);
        continue;
      }
      if (el.empty) throw NOT_FLAT;
      const row: Record<string, string> = {};
      // Rows repeat the previous row's fields in the same order: look for the expected name
      // first, which spares reading a name, a new string and the duplicate check per field.
      let expected = true;
      let fields = 0;
      for (;;) {
        space();
        if (body.charCodeAt(i) === 60 && body.charCodeAt(i + 1) === 47) break;
        const guess = expected ? template[fields] : undefined;
        const field = open(guess);
        if (field.tag !== guess) {
          expected = false;
          if (field.tag === "row" || Object.hasOwn(row, field.tag)) throw NOT_FLAT;
        }
        row[field.tag] = value(field.tag, field.empty);
        fields++;
      }
      close("row");
      if (fields === 0) throw NOT_FLAT;
      if (!expected || fields !== template.length) template = Object.keys(row);
      rows.push(row);
    }
    close(root.tag);
    space();
    // An element without child elements is text to fast-xml-parser: leave such bodies to it.
    if (i !== n || (rows.length === 0 && Object.keys(top).length === 0)) throw NOT_FLAT;
    if (rows.length > 0) top.row = rows;
    return { [root.tag]: top };
  } catch (e) {
    if (e === NOT_FLAT) return undefined;
    throw e;
  }
}

/** The fields of rows of a service not modelled here: every key, in first-seen order, as text. */
function fieldsOfRows(rows: readonly RawRow[], service: string): PageFields {
  const keys = new Set<string>();
  for (const row of rows) {
    for (const key of Object.keys(row)) {
      // A hostile body costs no more than this.
      if (keys.add(key).size > 1000) throw new BodyError("rows hold more than 1000 fields");
    }
  }
  return { service, text: [...keys], numbers: [], whole: [] };
}

/** A numeric field's value, NaN for "", "-" or unreadable; spaces and thousands separators pass. */
function numberOf(v: unknown): number {
  if (typeof v === "number") return v;
  if (typeof v !== "string" || v === "" || v === "-") return NaN;
  const n = +v;
  // The common case, a plain number; +" " is 0 and +"1,000" NaN, so those take the long way.
  if (n !== 0 && n === n) return n;
  const s = v.trim();
  if (s === "" || s === "-") return NaN;
  return Number(s.includes(",") ? s.replaceAll(",", "") : s);
}

/** Rows as a page; a numeric field's first value that is not a plain number is kept for the checks. */
export function pageOf(
  rows: readonly RawRow[],
  total: number,
  fields?: PageFields,
  service = fields?.service ?? "",
): Page {
  const own = fields === undefined; // keys from the rows: read own properties only
  fields ??= fieldsOfRows(rows, service);
  const count = rows.length;
  const at = (row: RawRow, field: string) =>
    own && !Object.hasOwn(row, field) ? undefined : row[field];
  const texts = fields.text.map((field) => {
    const values: unknown[] = [null, undefined];
    const seen = new Map<unknown, number>();
    let ids: Uint32Array | undefined;
    let constant = -1;
    for (let r = 0; r < count; r++) {
      const v = at(rows[r]!, field);
      let id = v === null ? 0 : v === undefined ? ABSENT_ID : seen.get(v);
      if (id === undefined) {
        id = values.length;
        values.push(v);
        seen.set(v, id);
      }
      if (ids !== undefined) ids[r] = id;
      else if (constant < 0) constant = id;
      else if (id !== constant) {
        ids = new Uint32Array(count).fill(constant, 0, r);
        ids[r] = id;
      }
    }
    return { values, ids, constant: constant < 0 ? ABSENT_ID : constant };
  });
  const odd: { row: number; value: unknown }[] = [];
  const numbers = fields.numbers.map((field, j) => {
    const whole = fields.whole.includes(field);
    let values: Float64Array | undefined;
    for (let r = 0; r < count; r++) {
      const v = at(rows[r]!, field);
      // The checks refuse such a value; a frame built without them reads it as it can.
      if (!isPlainNumber(v, whole)) odd[j] ??= { row: r, value: v };
      const x = numberOf(v);
      if (x !== x) continue;
      values ??= new Float64Array(count).fill(NaN);
      values[r] = x;
    }
    return values;
  });
  return { fields, total, count, texts, numbers, odd: odd.length > 0 ? odd : undefined };
}

/**
 * Decodes a body the reference way, its format by its first character: a service can answer an
 * error in another format than the one asked, and a maintenance page is HTML whatever was asked.
 */
export function decodeBody(text: string, service: string, fields?: PageFields): Decoded {
  const start = text.trimStart();
  if (start === "") throw new BodyError("the body is empty");
  if (/^<(?:!doctype\s+html|html[\s>]|head[\s>]|body[\s>])/i.test(start)) {
    throw new BodyError("an HTML page", { quote: start });
  }
  let envelope: Envelope;
  if (start.startsWith("{")) envelope = decodeJson(start, service);
  else if (start.startsWith("<")) envelope = decodeXml(start, service);
  else throw new BodyError("neither JSON nor XML", { quote: start });
  if (envelope.kind === "result") return envelope;
  return { kind: "rows", page: pageOf(envelope.rows, envelope.total, fields, service) };
}

const utf8 = new TextDecoder();

/** `scan: false` sends every body the reference way (bench/pull_memory.ts compares them). @internal */
export const _decoding: { scan: boolean } = { scan: true };

/**
 * Decodes a body's bytes: a JSON page of known fields through the scanner; what it does not take,
 * and every other body, as text by {@linkcode decodeBody}.
 */
export function decodeBytes(
  bytes: Uint8Array,
  service: string,
  fields?: PageFields,
  expectedRows?: number,
): Decoded {
  // Whole numbers are the reference path's to check: the scanner reads any plain decimal.
  if (fields !== undefined && fields.whole.length === 0 && _decoding.scan) {
    const page = scanPage(bytes, fields, expectedRows);
    if (page !== undefined) return { kind: "rows", page };
  }
  return decodeBody(utf8.decode(bytes), service, fields);
}

/** {@linkcode decodeBytes}, loading fast-xml-parser first when the body needs it. */
export async function decodeBytesLoading(
  ...args: Parameters<typeof decodeBytes>
): Promise<Decoded> {
  try {
    return decodeBytes(...args);
  } catch (e) {
    if (!(e instanceof XmlParserNotLoaded)) throw e;
    await loadXmlParser();
    return decodeBytes(...args);
  }
}
