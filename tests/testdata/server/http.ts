/**
 * The server tests' one way to make requests over real HTTP: a request is named by its parts
 * ({@linkcode Query}), each with a default, so a test writes only what matters to it.
 *
 * ```ts
 * import assert from "node:assert/strict";
 * import { startEcosServer } from "../../../src/server/mod.ts";
 * import { KEY, page, requestJson } from "./http.ts";
 *
 * await using server = await startEcosServer({ keys: [KEY] });
 * const rate = await page(server, { end: 100, args: ["722Y001", "A", "2020", "2024", "0101000"] });
 * assert.equal(rate.total, 5);
 * const keys = await requestJson(server, { service: "KeyStatisticList", language: "en" });
 * assert.equal(keys.KeyStatisticList.row_count, 10);
 * ```
 *
 * @module
 */

/** Where a server listens: a running server, or anything with its base URL. */
export interface Target {
  /** The base URL ending in "/api". */
  url: string;
}

/** The key the tests' servers accept besides "sample": `startEcosServer({ keys: [KEY] })`. */
export const KEY = "k";

/** A request by its parts: `{url}/{service}/{key}/{format}/{language}/{start}/{end}/{args...}`. */
export interface Query {
  /** The service segment. @default {"StatisticSearch"} */
  service?: string;
  /** The API key. @default {KEY} */
  key?: string;
  /** The format segment. @default {"json"} */
  format?: string;
  /** The language segment. @default {"kr"} */
  language?: string;
  /** The start row number. @default {1} */
  start?: number | string;
  /** The end row number. @default {10} */
  end?: number | string;
  /** The service arguments. @default {[]} */
  args?: readonly string[];
}

/** An answer, read whole. */
export interface Got {
  /** HTTP status. */
  status: number;
  /** Content-Type header. */
  type: string;
  /** Body text. */
  text: string;
}

/** A JSON answer's body. */
// deno-lint-ignore no-explicit-any
export type Json = any;

/** Builds a request's address, percent-encoding each segment. */
export function address(server: Target, query: Query = {}): string {
  const {
    service = "StatisticSearch",
    key = KEY,
    format = "json",
    language = "kr",
    start = 1,
    end = 10,
    args = [],
  } = query;
  const segments = [service, key, format, language, start, end, ...args];
  return [server.url, ...segments.map((s) => encodeURIComponent(String(s)))].join("/");
}

/** Sends a request; the caller reads (or cancels) the body. */
export function send(server: Target, query: Query = {}, init?: RequestInit): Promise<Response> {
  return fetch(address(server, query), init);
}

/** Sends a request and reads the whole answer. */
export async function request(server: Target, query: Query = {}): Promise<Got> {
  return read(await send(server, query));
}

/** Sends a request and parses its JSON body. */
export async function requestJson(server: Target, query: Query = {}): Promise<Json> {
  return JSON.parse((await request(server, query)).text);
}

/**
 * Sends a JSON request and returns its page: `list_total_count` and the rows.
 *
 * @throws {Error} When the answer is a RESULT body rather than rows.
 */
export async function page(
  server: Target,
  query: Query = {},
): Promise<{ total: number; rows: Json[] }> {
  const service = query.service ?? "StatisticSearch";
  const body = await requestJson(server, { ...query, format: "json" });
  const inner = body[service];
  if (!inner) throw new Error(`Expected rows: got ${JSON.stringify(body)}`);
  return { total: inner.list_total_count, rows: inner.row };
}

/** Fetches a raw URL and reads the whole answer: for paths {@linkcode address} cannot build. */
export async function get(url: string): Promise<Got> {
  return read(await fetch(url));
}

/** The XML declaration that starts every XML body in the guide's style (the default). */
export const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';

/** An XML body without its declaration, if it has one. */
export function xmlRoot(text: string): string {
  const head = `${XML_DECLARATION}\n`;
  return text.startsWith(head) ? text.slice(head.length) : text;
}

/** The XML RESULT body the server writes for a code and message, in either XML style. */
export function xmlResult(code: string, message: string, style: "guide" | "bare" = "guide") {
  const root = `<RESULT><CODE>${code}</CODE><MESSAGE>${message}</MESSAGE></RESULT>`;
  return style === "guide" ? `${XML_DECLARATION}\n${root}` : root;
}

/** The RESULT code of a JSON or XML error body (with or without declaration), or undefined. */
export function resultCode(text: string): string | undefined {
  if (text.startsWith("{")) return JSON.parse(text).RESULT?.CODE;
  return /^<RESULT><CODE>([^<]+)<\/CODE><MESSAGE>[^<]+<\/MESSAGE><\/RESULT>$/.exec(xmlRoot(text))
    ?.[1];
}

/**
 * Whether a body is an ECOS body: a RESULT in JSON or XML, or a service's rows (XML with or
 * without the guide's declaration and attributes).
 */
export function isEcosBody(text: string): boolean {
  if (text.startsWith("{")) {
    const body = JSON.parse(text);
    const keys = Object.keys(body);
    return keys.length === 1 &&
      (body.RESULT?.CODE !== undefined || typeof body[keys[0]!]?.list_total_count === "number");
  }
  const xml = xmlRoot(text);
  return /^<RESULT><CODE>[A-Z]+-\d{3}<\/CODE><MESSAGE>[^<]+<\/MESSAGE><\/RESULT>$/.test(xml) ||
    /^<([A-Za-z]+)><list_total_count( number="true")?>\d+<\/list_total_count>.*<\/\1>$/s.test(xml);
}

/** The values of the simple XML elements named `tag` (attributes allowed), in order. */
export function xmlValues(xml: string, tag: string): (string | null)[] {
  const out: (string | null)[] = [];
  const re = new RegExp(`<${tag}(?: [^>]*)?>([^<]*)</${tag}>|<${tag}/>`, "g");
  for (const m of xml.matchAll(re)) out.push(m[1] === undefined ? null : m[1]);
  return out;
}

async function read(res: Response): Promise<Got> {
  const text = await res.text();
  return { status: res.status, type: res.headers.get("content-type") ?? "", text };
}
