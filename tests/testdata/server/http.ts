/**
 * Helpers of the server tests: building addresses and reading answers over real HTTP.
 *
 * @module
 */

import type { EcosServer } from "../../../src/server/mod.ts";

/** A decoded answer. */
export interface Got {
  /** HTTP status. */
  status: number;
  /** Content-Type header. */
  type: string;
  /** Body text. */
  text: string;
}

/** Fetches a URL and reads the whole body. */
export async function get(url: string): Promise<Got> {
  const res = await fetch(url);
  const text = await res.text();
  return { status: res.status, type: res.headers.get("content-type") ?? "", text };
}

/** Builds `{url}/{segments...}`, percent-encoding each segment. */
export function address(server: EcosServer, ...segments: (string | number)[]): string {
  return [server.url, ...segments.map((s) => encodeURIComponent(String(s)))].join("/");
}

/** A JSON answer's body. */
// deno-lint-ignore no-explicit-any
export type Json = any;

/** Fetches a JSON answer. */
export async function getJson(url: string): Promise<Json> {
  const got = await get(url);
  return JSON.parse(got.text);
}

/** The RESULT code of a JSON or XML error body, or undefined. */
export function resultCode(text: string): string | undefined {
  if (text.startsWith("{")) return JSON.parse(text).RESULT?.CODE;
  return /^<RESULT><CODE>([^<]+)<\/CODE><MESSAGE>[^<]+<\/MESSAGE><\/RESULT>$/.exec(text)?.[1];
}

/** StatisticSearch rows of a JSON answer (throws on a RESULT body). */
export async function searchJson(
  server: EcosServer,
  start: number,
  end: number,
  args: string[],
  { key = "k", lang = "kr" }: { key?: string; lang?: string } = {},
): Promise<{ total: number; rows: Json[] }> {
  const body = await getJson(
    address(server, "StatisticSearch", key, "json", lang, start, end, ...args),
  );
  if (!body.StatisticSearch) throw new Error(`Expected rows: got ${JSON.stringify(body)}`);
  return { total: body.StatisticSearch.list_total_count, rows: body.StatisticSearch.row };
}

/** The values of the simple XML elements named `tag`, in order. */
export function xmlValues(xml: string, tag: string): (string | null)[] {
  const out: (string | null)[] = [];
  const re = new RegExp(`<${tag}>([^<]*)</${tag}>|<${tag}/>`, "g");
  for (const m of xml.matchAll(re)) out.push(m[1] === undefined ? null : m[1]);
  return out;
}
