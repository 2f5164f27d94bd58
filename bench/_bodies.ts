/**
 * The bodies the decode benchmarks read, and the paths they time.
 *
 * Bodies are rendered by the bundled server (table 999Y001, a daily panel: Korean names, item
 * codes, nulls for ITEM_CODE3/4, ITEM_NAME3/4 and WGT), fetched with a benchmark key so that a
 * page can hold 100,000 rows. 999Y001 has no missing values, so every 97th DATA_VALUE becomes
 * "-" and every 89th "" (an empty element in XML, as the server writes ""): the same rows in
 * both formats, so that the two decode to the same frame.
 *
 * @module
 */

import { startEcosServer } from "../src/server/mod.ts";
import { buildUrl } from "../src/client/_transport.ts";
import { decodeBody, decodeBytes } from "../src/client/_decode.ts";
import { type DataFrame, FrameBuilder, scanFieldsOf } from "../src/client/_frame.ts";
import { STATISTIC_SEARCH_SCHEMA } from "../src/wire/columns.ts";
import type { Format } from "../src/wire/format.ts";
import { loadXmlParser, type XMLParser } from "../src/deps.ts";
import { XML_PARSER_OPTIONS } from "../src/client/_decode.ts";
import { scanPage } from "../src/client/_scan.ts";
import type { Page } from "../src/client/_page.ts";
import { PullChecks } from "../src/client/_checks.ts";
import { Redactor } from "../src/client/_errors.ts";

/** The key the benchmark servers accept besides "sample". */
export const BENCH_KEY = "bench";
/** The table the server-rendered bodies come from. */
export const PANEL = { statCode: "999Y001", cycle: "D", start: "20100101", end: "20261231" };
const SEARCH = "StatisticSearch";
/** The fields the client scans a search page for. */
export const FIELDS = scanFieldsOf(STATISTIC_SEARCH_SCHEMA, SEARCH);

/**
 * The URL of rows `startNo` to `endNo` of a StatisticSearch with `args`, on a server that
 * accepts {@linkcode BENCH_KEY}: the one the client would fetch.
 */
export function searchUrl(
  baseUrl: string,
  args: readonly string[],
  startNo: number,
  endNo: number,
  format: Format = "json",
): string {
  const page = { service: SEARCH, format, language: "kr" as const, startNo, endNo, args };
  return buildUrl(baseUrl, BENCH_KEY, page).url;
}

/** One page in both formats. */
export interface PageBodies {
  /** Rows in the page. */
  rows: number;
  /** The JSON body, as UTF-8 bytes. */
  json: Uint8Array;
  /** The XML body (the guide's style, as the server writes it by default). */
  xml: Uint8Array;
}

/**
 * Marks some values missing, the same rows in either format: every 97th value "-", every 89th
 * "" (97 wins where both fall).
 */
export function withMissingValues(body: string, format: "json" | "xml"): string {
  let n = 0;
  const pick = (value: string) => {
    n++;
    return n % 97 === 0 ? "-" : n % 89 === 0 ? "" : value;
  };
  if (format === "json") {
    return body.replace(
      /"DATA_VALUE":"([^"]*)"/g,
      (_, v: string) => `"DATA_VALUE":${JSON.stringify(pick(v))}`,
    );
  }
  return body.replace(/<DATA_VALUE>([^<]*)<\/DATA_VALUE>|<DATA_VALUE\/>/g, (_, v = "") => {
    const out = pick(v);
    return out === "" ? "<DATA_VALUE/>" : `<DATA_VALUE>${out}</DATA_VALUE>`;
  });
}

/**
 * Renders pages of 999Y001 from a bundled server started for the purpose.
 *
 * @param sizes Rows a page; each page holds rows 1 to size.
 * @returns The bodies, by size.
 */
export async function renderPanelPages(sizes: readonly number[]): Promise<Map<number, PageBodies>> {
  await using server = await startEcosServer({ keys: [BENCH_KEY] });
  const out = new Map<number, PageBodies>();
  const encoder = new TextEncoder();
  for (const size of sizes) {
    const get = async (format: "json" | "xml") => {
      const { statCode, cycle, start, end } = PANEL;
      const res = await fetch(
        searchUrl(server.url, [statCode, cycle, start, end], 1, size, format),
      );
      if (!res.ok) throw new Error(`Cannot render the bench page: HTTP ${res.status}`);
      return encoder.encode(withMissingValues(await res.text(), format));
    };
    out.set(size, { rows: size, json: await get("json"), xml: await get("xml") });
  }
  return out;
}

/** The floor: UTF-8 to text, then JSON.parse, and nothing else. */
export function floorJson(bytes: Uint8Array): unknown {
  return JSON.parse(new TextDecoder().decode(bytes));
}

/**
 * The reference path's first half: UTF-8 to text, then `decodeBody` (JSON.parse, the envelope,
 * the rows into a page).
 */
export function decodeReference(bytes: Uint8Array): Page {
  const decoded = decodeBody(new TextDecoder().decode(bytes), SEARCH, FIELDS);
  if (decoded.kind !== "rows") throw new Error(`The bench page answered ${decoded.code}`);
  return decoded.page;
}

/**
 * The reference path: text, JSON.parse, the rows into a page, its checks, and a frame built
 * with Polars expressions.
 */
export function referenceDecode(bytes: Uint8Array): DataFrame {
  const page = decodeReference(bytes);
  newChecks().page(page, 1, REDACTOR);
  return new FrameBuilder(STATISTIC_SEARCH_SCHEMA).add(page).finish("expressions");
}

/** The scanner alone: bytes to columns. */
export function scanOnly(bytes: Uint8Array): Page {
  const page = scanPage(bytes, FIELDS, 1 << 20);
  if (page === undefined) throw new Error("The scanner gave up on the bench page");
  return page;
}

/** The frame alone, from scanned columns, built the way `finish()` chooses (or as told). */
export function scannedFrame(page: Page, way?: "ipc" | "expressions"): DataFrame {
  return new FrameBuilder(STATISTIC_SEARCH_SCHEMA).add(page).finish(way);
}

/**
 * A page as the client decodes it in a pull of one page: its bytes through `decodeBytes`
 * (the scanner for JSON, with the reference path behind it; the XML reader for XML), paging's
 * checks (in the page's columns), then `FrameBuilder`, whose `finish()` picks
 * Arrow IPC or expressions by the height.
 */
export function clientDecode(bytes: Uint8Array): DataFrame {
  const decoded = decodeBytes(bytes, SEARCH, FIELDS, 1 << 20);
  if (decoded.kind !== "rows") throw new Error(`The bench page answered ${decoded.code}`);
  newChecks().page(decoded.page, 1, REDACTOR);
  return new FrameBuilder(STATISTIC_SEARCH_SCHEMA).add(decoded.page).finish();
}

const REDACTOR = new Redactor(BENCH_KEY);

/** A pull's checks of the bench query (each pull has its own). */
function newChecks(): PullChecks {
  const { statCode, cycle, start, end } = PANEL;
  return new PullChecks(SEARCH, [statCode, cycle, start, end]);
}

/** Paging's checks of a scanned page alone, as the client runs them (part of its figure). */
export function checksOf(bytes: Uint8Array): () => void {
  const page = scanOnly(bytes);
  return () => void newChecks().page(page, 1, REDACTOR);
}

let xmlParser: XMLParser | undefined;

/** fast-xml-parser with the options of src/client/_decode.ts, loaded. */
export async function loadBenchXmlParser(): Promise<void> {
  const { XMLParser } = await loadXmlParser();
  xmlParser = new XMLParser(XML_PARSER_OPTIONS);
}

/** fast-xml-parser alone: UTF-8 to text, then parse, as the client configures it. */
export function xmlParserAlone(bytes: Uint8Array): unknown {
  if (xmlParser === undefined) throw new Error("Call loadBenchXmlParser() first");
  return xmlParser.parse(new TextDecoder().decode(bytes));
}
