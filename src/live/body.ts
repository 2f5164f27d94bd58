/**
 * Reading an answer for the facts, on its own terms rather than the client's: the shape as it
 * came (top-level keys, JSON types, field order, XML attributes), so that a fact can say what
 * differs. Bodies are hostile: nothing here throws on any text, and XML with a DOCTYPE is not
 * parsed.
 *
 * @module
 */

import { XML_PARSER_OPTIONS } from "../client/mod.ts";
import { loadXmlParser, type XMLParser } from "../deps.ts";
import type { LiveExchange } from "./exchange.ts";

/** A row as it came: field names in their order, values of any JSON type (XML: strings). */
export type WireRow = Record<string, unknown>;

/** An answer read. */
export type ReadBody =
  /** A success body: `{Service: {list_total_count, row}}` or its XML twin. */
  | {
    kind: "rows";
    format: "json" | "xml";
    /** The top-level keys (JSON) or the root element (XML). */
    top: string[];
    /** `list_total_count` as it came (a number in JSON; XML: the element's text). */
    total: unknown;
    /** `row_count` as it came, when present. */
    rowCount: unknown;
    /** The rows; [] when the body has none. */
    rows: WireRow[];
    /** XML only: attributes seen on list_total_count, row_count and row, e.g. `number="true"`. */
    attributes: string[];
  }
  /** A RESULT body. */
  | {
    kind: "result";
    format: "json" | "xml";
    top: string[];
    code: string;
    message: string;
  }
  /** No answer, an HTML page, or a body that is neither. */
  | { kind: "none"; why: string };

let parser: XMLParser | undefined;

/**
 * Loads fast-xml-parser, once, for {@linkcode readBody}'s XML. Not at import: the command line
 * imports this folder (for `ecos doctor`) on every start.
 */
export async function loadBodyParser(): Promise<void> {
  if (parser !== undefined) return;
  const { XMLParser } = await loadXmlParser();
  // The client's options, with the attributes kept: a fact reports them.
  parser ??= new XMLParser({
    ...XML_PARSER_OPTIONS,
    ignoreAttributes: false,
    attributeNamePrefix: "@",
  });
}

/** What a body is, by its first characters: how {@linkcode readBody} and the recorder sort it. */
export type BodyShape = "empty" | "html" | "json" | "xml" | "other";

/**
 * A body's shape, by its first characters after whitespace.
 *
 * @param body The body.
 * @returns Its shape.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { bodyShape } from "./body.ts";
 *
 * assert.equal(bodyShape(' {"RESULT":{}}'), "json");
 * assert.equal(bodyShape("<!DOCTYPE html><html></html>"), "html");
 * assert.equal(bodyShape("<RESULT></RESULT>"), "xml");
 * ```
 */
export function bodyShape(body: string): BodyShape {
  const start = body.trimStart();
  if (start === "") return "empty";
  if (/^<(?:!doctype\s+html|html[\s>])/i.test(start)) return "html";
  if (start.startsWith("{")) return "json";
  if (start.startsWith("<")) return "xml";
  return "other";
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * Reads an exchange's body.
 *
 * @param exchange The exchange.
 * @returns What the body is, or why it is none.
 * @throws {Error} For XML before {@linkcode loadBodyParser} was awaited (never for a body's text).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { readBody } from "./body.ts";
 *
 * const ex = { name: "x", path: "x", status: 200, contentType: "", body: "" };
 * const read = readBody({
 *   ...ex,
 *   body: '{"RESULT":{"CODE":"INFO-200","MESSAGE":"해당하는 데이터가 없습니다."}}',
 * });
 * assert.deepEqual(read, {
 *   kind: "result",
 *   format: "json",
 *   top: ["RESULT"],
 *   code: "INFO-200",
 *   message: "해당하는 데이터가 없습니다.",
 * });
 * assert.equal(readBody({ ...ex, body: "<html>down</html>" }).kind, "none");
 * ```
 */
export function readBody(exchange: LiveExchange): ReadBody {
  if (exchange.error !== undefined) return { kind: "none", why: `no answer (${exchange.error})` };
  const text = exchange.body.trimStart();
  const shape = bodyShape(text);
  if (shape === "json") return readJson(text);
  if (shape === "xml") return readXml(text);
  return { kind: "none", why: `HTTP ${exchange.status}, ${UNREAD[shape]}` };
}

/** Why a body of another shape is not read. */
const UNREAD = {
  empty: "an empty body",
  html: "an HTML page",
  other: "neither JSON nor XML",
} as const;

function readJson(text: string): ReadBody {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { kind: "none", why: "JSON that does not parse" };
  }
  if (!isRecord(parsed)) return { kind: "none", why: "JSON that is not an object" };
  const top = Object.keys(parsed);
  const inner = parsed[top[0] ?? ""];
  if (top[0] === "RESULT" && isRecord(inner)) {
    return {
      kind: "result",
      format: "json",
      top,
      code: String(inner.CODE ?? ""),
      message: String(inner.MESSAGE ?? ""),
    };
  }
  if (!isRecord(inner)) return { kind: "none", why: "JSON without an envelope" };
  const rows = Array.isArray(inner.row) ? inner.row.filter(isRecord) : [];
  return {
    kind: "rows",
    format: "json",
    top,
    total: inner.list_total_count,
    rowCount: inner.row_count,
    rows,
    attributes: [],
  };
}

function readXml(text: string): ReadBody {
  // ECOS bodies have no DOCTYPE; one could declare entities that expand without bound.
  if (/<!DOCTYPE/i.test(text)) return { kind: "none", why: "XML with a DOCTYPE" };
  if (parser === undefined) throw new Error("XML read before loadBodyParser() was awaited");
  let parsed: unknown;
  try {
    parsed = parser.parse(text, true);
  } catch (e) {
    return { kind: "none", why: `XML that does not parse (${(e as Error).message})` };
  }
  if (!isRecord(parsed)) return { kind: "none", why: "XML without a root" };
  const top = Object.keys(parsed).filter((k) => !k.startsWith("#"));
  const inner = parsed[top[0] ?? ""];
  if (top[0] === "RESULT" && isRecord(inner)) {
    return {
      kind: "result",
      format: "xml",
      top,
      code: textOf(inner.CODE),
      message: textOf(inner.MESSAGE),
    };
  }
  if (!isRecord(inner)) return { kind: "none", why: "XML without an envelope" };
  const attributes = new Set<string>();
  const note = (name: string, v: unknown) => {
    if (!isRecord(v)) return;
    for (const [k, a] of Object.entries(v)) {
      if (k.startsWith("@")) attributes.add(`${name} ${k.slice(1)}="${a}"`);
    }
  };
  note("list_total_count", inner.list_total_count);
  note("row_count", inner.row_count);
  const rawRows = Array.isArray(inner.row) ? inner.row : [];
  const rows: WireRow[] = [];
  for (const r of rawRows) {
    note("row", r);
    if (!isRecord(r)) continue;
    const row: WireRow = {};
    for (const [k, v] of Object.entries(r)) {
      if (!k.startsWith("@") && !k.startsWith("#")) row[k] = textOf(v);
    }
    rows.push(row);
  }
  return {
    kind: "rows",
    format: "xml",
    top,
    total: inner.list_total_count === undefined ? undefined : textOf(inner.list_total_count),
    rowCount: inner.row_count === undefined ? undefined : textOf(inner.row_count),
    rows,
    attributes: [...attributes].sort(),
  };
}

/** An element's text: a string as is, the "#text" of one with attributes, "" when empty. */
function textOf(v: unknown): string {
  if (typeof v === "string") return v;
  if (isRecord(v)) return typeof v["#text"] === "string" ? v["#text"] : "";
  return v === undefined || v === null ? "" : String(v);
}
