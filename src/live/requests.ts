/**
 * The live check's fixed list of requests: at most {@linkcode MAX_LIVE_REQUESTS}, each named
 * (the name is also its fixture file's), each provoking what one or more facts read. The list is
 * data: the budget is the list's length, whatever the facts do with the answers.
 *
 * URLs are built as the client builds them: every segment percent-encoded, the key a path
 * segment, no query string (one request appends the guide's `/?/?/?` on purpose, to see how
 * the service takes it).
 *
 * @module
 */

/** The most requests one run sends: well within the rate limit (about 300 in 3 minutes). */
export const MAX_LIVE_REQUESTS = 30;

/**
 * The key a request carries: the user's own (`own`), ECOS's public `sample` key, or a key that
 * cannot be valid (to provoke INFO-100).
 */
export type KeyKind = "own" | "sample" | "invalid";

/** A key no account has: the check asks with it to see INFO-100. */
export const INVALID_KEY = "ecos-live-check-invalid-key";

/** One request of the check. */
export interface LiveRequest {
  /** Its name: the fixture's file name, and how facts refer to it, e.g. "keystats-json". */
  readonly name: string;
  /** What it provokes, for people reading the list. */
  readonly purpose: string;
  /** The service segment. */
  readonly service: string;
  /** Which key it carries. */
  readonly key: KeyKind;
  /** The segments after the key: format, language, row numbers, service arguments. */
  readonly segments: readonly string[];
  /** Text appended verbatim after the encoded path (only the guide's `/?/?/?`). */
  readonly suffix?: string;
}

/**
 * A request, its segments after the key written as a path ("json/kr/1/10/722Y001": no segment
 * holds a "/"), as the report shows it.
 */
const ask = (
  name: string,
  purpose: string,
  service: string,
  path: string,
  key: KeyKind = "own",
): LiveRequest => ({ name, purpose, service, key, segments: path.split("/") });

const search = (name: string, purpose: string, path: string): LiveRequest =>
  ask(name, purpose, "StatisticSearch", path);

const KEYSTATS = "KeyStatisticList";

/** Base rate, monthly, 2023: twelve rows, one item. */
const BASE_RATE_2023 = "722Y001/M/202301/202312/0101000";

/**
 * The requests, in the order they are sent.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { LIVE_REQUESTS, MAX_LIVE_REQUESTS } from "./requests.ts";
 *
 * assert.ok(LIVE_REQUESTS.length <= MAX_LIVE_REQUESTS);
 * assert.equal(new Set(LIVE_REQUESTS.map((r) => r.name)).size, LIVE_REQUESTS.length);
 * ```
 */
export const LIVE_REQUESTS: readonly LiveRequest[] = [
  ask("keystats-json", "KeyStatisticList, rows 1-200 of about 101", KEYSTATS, "json/kr/1/200"),
  ask("keystats-xml", "KeyStatisticList in XML, one row", KEYSTATS, "xml/kr/1/1"),
  search(
    "search-m-json",
    "monthly TIME labels; field order and types",
    `json/kr/1/100/${BASE_RATE_2023}`,
  ),
  search("search-m-xml", "the same rows in XML", `xml/kr/1/100/${BASE_RATE_2023}`),
  search("search-a", "annual TIME labels", "json/kr/1/100/200Y101/A/2020/2023/10101"),
  search("search-s", "semi-annual TIME labels", "json/kr/1/100/105Y001/S/2020S1/2021S2"),
  search("search-q", "quarterly TIME labels", "json/kr/1/100/200Y102/Q/2023Q1/2023Q4/10111"),
  search(
    "sm-live",
    "half-monthly, asked in the live spelling YYYYMMSn",
    "json/kr/1/100/814Y002/SM/200401S1/200402S2",
  ),
  search(
    "sm-spec",
    "half-monthly, asked in the specification's YYYYMMSMn",
    "json/kr/1/100/814Y002/SM/200401SM1/200402SM2",
  ),
  search(
    "search-d",
    "daily TIME labels; the base rate has every calendar day",
    "json/kr/1/100/722Y001/D/20240101/20240110/0101000",
  ),
  search(
    "page-100000",
    "rows 1 to 100000 in one request (a modest table)",
    "json/kr/1/100000/731Y001/D/20240101/20241231/0000001",
  ),
  search(
    "end-future",
    "an end period long after the latest",
    "json/kr/1/1000/722Y001/M/202401/209912/0101000",
  ),
  search(
    "future-range",
    "a range wholly in the future",
    "json/kr/1/10/722Y001/D/20991230/20991231/0101000",
  ),
  ask("bad-key", "INFO-100: a key no account has", KEYSTATS, "json/kr/1/1", "invalid"),
  search(
    "no-such-table",
    "INFO-200: a table code that does not exist",
    "json/kr/1/10/000Y000/A/2020/2020",
  ),
  search("args-missing", "ERROR-100: row numbers but no service arguments", "json/kr/1/10"),
  search(
    "date-shape",
    "ERROR-101: a year asked of a monthly cycle",
    "json/kr/1/10/722Y001/M/2023/2023/0101000",
  ),
  ask("bad-format", "ERROR-200: the format csv", KEYSTATS, "csv/kr/1/10"),
  search("rows-missing", "ERROR-300: no row numbers (and no arguments)", "json/kr"),
  search(
    "rows-not-integers",
    "ERROR-301 in XML: row numbers abc/xyz",
    `xml/kr/abc/xyz/${BASE_RATE_2023}`,
  ),
  ask(
    "unknown-service",
    "ERROR-500: a service that does not exist",
    "StatisticNothing",
    "json/kr/1/1",
  ),
  ask("sample-11", "the sample key asked for 11 rows", KEYSTATS, "json/kr/1/11", "sample"),
  ask("sample-0-5", "the sample key asked for rows 0 to 5", KEYSTATS, "json/kr/0/5", "sample"),
  ask(
    "order-key-format",
    "which wins: a bad key or a bad format",
    KEYSTATS,
    "csv/kr/1/10",
    "invalid",
  ),
  search(
    "order-old-cycle",
    "which wins: the old cycle MM or its dates",
    "json/kr/1/10/722Y001/MM/202301/202312/0101000",
  ),
  ask("tables", "StatisticTableList: its size and first row", "StatisticTableList", "json/kr/1/1"),
  ask("items", "StatisticItemList of 722Y001", "StatisticItemList", "json/kr/1/10/722Y001"),
  ask("word", "StatisticWord: a Korean argument", "StatisticWord", "json/kr/1/10/소비자동향지수"),
  ask("meta", "StatisticMeta: a Korean argument", "StatisticMeta", "json/kr/1/10/경제심리지수"),
  {
    ...search(
      "guide-query",
      "the guide's own sample URL, ending /?/?/?",
      "json/kr/1/10/200Y101/A/2020/2023/10101",
    ),
    suffix: "/?/?/?",
  },
];

/**
 * The key a request carries.
 *
 * @param request The request.
 * @param apiKey The user's key.
 * @returns The key segment's text.
 */
export function keyFor(request: LiveRequest, apiKey: string): string {
  return request.key === "own" ? apiKey : request.key === "sample" ? "sample" : INVALID_KEY;
}

/**
 * A request's URL, built as the client builds its own: each segment percent-encoded, the key a
 * path segment. Also the path to show, with the user's key as `***`.
 *
 * @param baseUrl The service's base URL, ending before the service name.
 * @param apiKey The user's key.
 * @param request The request.
 * @returns The URL to fetch, and the path after the base URL with the key hidden.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { buildLiveUrl, LIVE_REQUESTS } from "./requests.ts";
 *
 * const word = LIVE_REQUESTS.find((r) => r.name === "word")!;
 * const { url, path } = buildLiveUrl("https://ecos.bok.or.kr/api/", "K E Y", word);
 * assert.equal(
 *   url,
 *   "https://ecos.bok.or.kr/api/StatisticWord/K%20E%20Y/json/kr/1/10/" +
 *     "%EC%86%8C%EB%B9%84%EC%9E%90%EB%8F%99%ED%96%A5%EC%A7%80%EC%88%98",
 * );
 * assert.equal(path.startsWith("StatisticWord/***\/json/kr/1/10/"), true);
 * ```
 */
export function buildLiveUrl(
  baseUrl: string,
  apiKey: string,
  request: LiveRequest,
): { url: string; path: string } {
  const base = baseUrl.replace(/\/+$/, "");
  const tail = request.segments.map(encodeURIComponent).join("/");
  const key = keyFor(request, apiKey);
  const shown = request.key === "own" ? "***" : key;
  const at = (k: string) =>
    [encodeURIComponent(request.service), encodeURIComponent(k), tail].filter((s) => s !== "")
      .join("/") + (request.suffix ?? "");
  return { url: `${base}/${at(key)}`, path: at(shown) };
}
