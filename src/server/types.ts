/**
 * The public types of the bundled server: its options, fault injection, statistics and the row
 * shapes it answers.
 *
 * @module
 */

import type { EcosResultCode } from "../wire/codes.ts";
import type { Dialect } from "../wire/dialect.ts";

export type { Dialect } from "../wire/dialect.ts";

/**
 * How XML bodies are written: "guide" as the official guide shows them (declaration,
 * `number="true"` and `array="true"` attributes), "bare" without declaration or attributes.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { startEcosServer, type XmlStyle } from "./mod.ts";
 *
 * const xmlStyle: XmlStyle = "bare";
 * await using server = await startEcosServer({ xmlStyle });
 * const res = await fetch(`${server.url}/KeyStatisticList/sample/xml/kr/1/1`);
 * assert.match(await res.text(), /^<KeyStatisticList><list_total_count>101</);
 * ```
 */
export type XmlStyle = "guide" | "bare";
export type { EcosServiceName } from "../wire/services.ts";

/**
 * Where the server listens, as given to {@linkcode EcosServerOptions.onListen}.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { type EcosServerListenInfo, startEcosServer } from "./mod.ts";
 *
 * let info: EcosServerListenInfo | undefined;
 * await using server = await startEcosServer({ onListen: (i) => (info = i) });
 * assert.equal(info?.url, server.url);
 * assert.equal(server.url, `http://127.0.0.1:${info?.port}/api`);
 * ```
 */
export interface EcosServerListenInfo {
  /** The base URL ending in "/api". */
  url: string;
  /** The host name or address the server is bound to. */
  hostname: string;
  /** The port the server is bound to. */
  port: number;
}

/**
 * Options of {@linkcode startEcosServer}.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { type EcosServerOptions, startEcosServer } from "./mod.ts";
 *
 * const options: EcosServerOptions = {
 *   keys: ["my-test-key"],
 *   rateLimit: { requests: 300, windowMs: 180_000 },
 *   workLimit: 50_000,
 *   dialect: "live",
 *   seed: 0,
 *   dataEnd: "2026-09-30",
 *   revision: 0,
 * };
 * await using server = await startEcosServer(options);
 * const res = await fetch(
 *   `${server.url}/StatisticSearch/my-test-key/json/kr/1/100/814Y002/SM/201801SM1/201801SM2/1`,
 * );
 * const body = await res.json();
 * // The live dialect spells half-monthly labels YYYYMMSn.
 * assert.deepEqual(body.StatisticSearch.row.map((r: { TIME: string }) => r.TIME), [
 *   "201801S1",
 *   "201801S2",
 * ]);
 * ```
 */
export interface EcosServerOptions {
  /**
   * The port to listen on; 0 picks any free port.
   *
   * @default {0}
   */
  port?: number;
  /**
   * The address to bind.
   *
   * @default {"127.0.0.1"}
   */
  hostname?: string;
  /**
   * API keys accepted besides "sample". The key "sample" is always accepted and, as on the live
   * service, may ask for at most 10 rows a request (more answers ERROR-301).
   *
   * @default {[]}
   */
  keys?: string[];
  /**
   * A delay in milliseconds added to every answer. It ends early when the client disconnects
   * or the server closes.
   *
   * @default {0}
   */
  latencyMs?: number;
  /**
   * At most `requests` admitted requests in any `windowMs` window (over all keys); requests
   * beyond it answer ERROR-602 and do not count towards the window.
   *
   * @default {undefined} no limit
   */
  rateLimit?: { requests: number; windowMs: number };
  /**
   * The most rows a StatisticSearch query may match over its whole date range and item filter
   * (its `list_total_count`, not the page). Every request of a query beyond it answers
   * ERROR-400, so a client must split the date range.
   *
   * @default {undefined} no limit
   */
  workLimit?: number;
  /**
   * How the server spells what the specification and the live service disagree on. "live"
   * (the default, as the live service answers): half-monthly labels as `YYYYMMSn`, 101 key
   * statistics with CYCLE labels `YYYYMM`, `YYYYMMDD` or `YYYYQn`. "spec" (the specification's
   * shape, for tests): half-monthly labels as `YYYYMMSMn`, 100 key statistics whose CYCLE
   * labels are all `YYYYMM`. Queries accept both half-monthly spellings either way.
   *
   * @default {"live"}
   */
  dialect?: Dialect;
  /**
   * How XML bodies are written. "guide", as the official guide shows them: the
   * `<?xml version="1.0" encoding="UTF-8"?>` declaration first (RESULT bodies too),
   * `number="true"` on `list_total_count`, `row_count` and `DATA_CNT`, and `array="true"` on
   * the lone `<row>` of a one-row answer. "bare", as bodies have also been seen in the wild: no
   * declaration and no attributes. Neither is indented.
   *
   * @default {"guide"}
   */
  xmlStyle?: XmlStyle;
  /**
   * How long a connection may take to send a request's line and headers, in milliseconds,
   * counted from the connection's start (or, on a kept-alive connection, from the request's
   * first byte). A connection over the limit is answered 408 and closed.
   *
   * @default {10_000}
   */
  headerTimeoutMs?: number;
  /**
   * How long a connection may stay open with no request in progress, in milliseconds,
   * counted from the end of its last answer. It is then closed.
   *
   * @default {30_000}
   */
  idleTimeoutMs?: number;
  /**
   * How many of the most recent requests {@linkcode ServerStats.requests} keeps; 0 keeps none.
   * The counters cover every request whatever this is.
   *
   * @default {1000}
   */
  requestLogLimit?: number;
  /**
   * The generation seed, a whole number: another seed draws every generated value anew, while
   * tables, items, codes, names, calendars, labels and row counts stay the same. Values set by
   * declaration rather than drawn stay too: the base rate, which follows the Bank of Korea's
   * decisions (722Y001), GDP from 2019 on (pinned at its published 2020 level and chained with
   * the growth set for 2020-2025, 200Y101), the real-growth quarters set by hand (200Y102),
   * CPI's 2020 averages (100, its base year), and the first row of a series that starts from a
   * declared level. Servers with different seeds
   * in one process never share a value.
   *
   * @default {0} the default data, the same in every process
   *
   * @example Another seed: the same rows and labels, other values
   * ```ts
   * import assert from "node:assert/strict";
   * import { startEcosServer } from "./mod.ts";
   *
   * await using plain = await startEcosServer();
   * await using seeded = await startEcosServer({ seed: 7 });
   * const path = "StatisticSearch/sample/json/kr/1/10/731Y001/D/20240102/20240112/0000001";
   * const rows = async (url: string) =>
   *   (await (await fetch(`${url}/${path}`)).json()).StatisticSearch.row as {
   *     TIME: string;
   *     DATA_VALUE: string;
   *   }[];
   * const [a, b] = [await rows(plain.url), await rows(seeded.url)];
   * assert.deepEqual(b.map((r) => r.TIME), a.map((r) => r.TIME));
   * assert.notDeepEqual(b.map((r) => r.DATA_VALUE), a.map((r) => r.DATA_VALUE));
   * ```
   */
  seed?: number;
  /**
   * The data's last day, an ISO date "YYYY-MM-DD" from 2024-01-01 to 2099-12-31, for tests of
   * incremental mirroring. Every table still compiled gains (or, for an earlier date, loses)
   * periods: each cycle keeps the publication lag it has at the default end, in whole periods
   * behind the last period complete by the end (CPI trails by a month, 200Y102 by a quarter),
   * so "2026-12-31" adds three months of daily and monthly rows, a quarter, a half-year and the
   * year 2026 where the default has the year 2025; an annual view derived from monthly data
   * (CPI's, say) waits until its December is there. Daily market tables end on the last
   * business day up to the end. Tables no longer compiled (814Y002, ending 2018) do not move.
   * StatisticItemList's END_TIME and DATA_CNT, StatisticMeta's coverage and KeyStatisticList's
   * latest periods follow.
   *
   * Moving the end never changes a value already there: every series is generated from its
   * start, so a period holds the same value under every end that has it (outside the window
   * of a {@linkcode EcosServerOptions.revision} round). The earliest end, 2024-01-01, keeps
   * every period the tables are pinned to (CPI's 2020 base year, GDP's published 2020 level).
   *
   * @default {"2026-09-30"} `SERVER_DATA_END`
   *
   * @example Three months later: new periods, the old ones unchanged
   * ```ts
   * import assert from "node:assert/strict";
   * import { startEcosServer } from "./mod.ts";
   *
   * await using now = await startEcosServer();
   * await using later = await startEcosServer({ dataEnd: "2026-12-31" });
   * const path = "StatisticSearch/sample/json/kr/1/10/901Y009/M/202606/202612/0";
   * const rows = async (url: string) =>
   *   (await (await fetch(`${url}/${path}`)).json()).StatisticSearch.row as {
   *     TIME: string;
   *     DATA_VALUE: string;
   *   }[];
   * const [a, b] = [await rows(now.url), await rows(later.url)];
   * // CPI comes a month after: August 2026 at the default end, November at the later one.
   * assert.deepEqual(a.map((r) => r.TIME), ["202606", "202607", "202608"]);
   * assert.deepEqual(b.map((r) => r.TIME), ["202606", "202607", "202608", "202609", "202610", "202611"]);
   * assert.deepEqual(b.slice(0, 3), a);
   * ```
   */
  dataEnd?: string;
  /**
   * The revision round, a whole number >= 0: round `n > 0` changes the most recent periods of
   * every generated series, deterministically by `n`, as a source revises its recent data; no
   * older value ever changes. The window counts a series' last rows: 20 for D (business days
   * for a market table), 4 for SM, 3 for M, 2 for Q, 1 for S and A. Only a table's first cycle
   * is revised; cycles derived from it (722Y001's M, Q and A from D) change where their periods
   * take in a revised row. Tables no longer compiled (814Y002) are not revised. Every revised
   * value reads differently from the original, by about 0.2% or at least one unit of its last
   * decimal. The window is counted back from the data's end (see
   * {@linkcode EcosServerOptions.dataEnd}), and a revised value depends only on its period and
   * the round, so a period keeps its revised value while it stays in the window. KeyStatisticList
   * follows.
   *
   * @default {0} the original release
   *
   * @example Round 1 revises CPI's last three months only
   * ```ts
   * import assert from "node:assert/strict";
   * import { startEcosServer } from "./mod.ts";
   *
   * await using first = await startEcosServer();
   * await using revised = await startEcosServer({ revision: 1 });
   * const path = "StatisticSearch/sample/json/kr/1/10/901Y009/M/202603/202608/0";
   * const values = async (url: string) =>
   *   (await (await fetch(`${url}/${path}`)).json()).StatisticSearch.row.map(
   *     (r: { DATA_VALUE: string }) => r.DATA_VALUE,
   *   ) as string[];
   * const [a, b] = [await values(first.url), await values(revised.url)];
   * assert.deepEqual(b.slice(0, 3), a.slice(0, 3)); // March to May: as first released
   * for (let k = 3; k < 6; k++) assert.notEqual(b[k], a[k]); // June to August: revised
   * ```
   */
  revision?: number;
  /**
   * Fault injection for tests: called for every request under `/api` after its path has been
   * read; a returned fault replaces (or, for "total", alters) the answer.
   *
   * @default {undefined} no faults
   */
  fault?: (ctx: FaultContext) => Fault | undefined | Promise<Fault | undefined>;
  /**
   * Called once the server listens. The server itself prints nothing.
   *
   * @default {undefined} quiet
   */
  onListen?: (info: EcosServerListenInfo) => void;
}

/**
 * What a {@linkcode EcosServerOptions.fault} function is told about a request.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { type FaultContext, startEcosServer } from "./mod.ts";
 *
 * const seen: FaultContext[] = [];
 * await using server = await startEcosServer({ fault: (ctx) => void seen.push(ctx) });
 * await (await fetch(`${server.url}/KeyStatisticList/sample/json/kr/1/3`)).body?.cancel();
 * assert.equal(seen[0]?.service, "KeyStatisticList");
 * assert.equal(seen[0]?.endNo, 3);
 * ```
 */
export interface FaultContext {
  /** The 1-based number of this request since the server started. */
  n: number;
  /** The service segment, e.g. "StatisticSearch" ("" when absent). */
  service: string;
  /** The format segment as sent ("" when absent). */
  format: string;
  /** The language segment as sent ("" when absent). */
  language: string;
  /** The start row number, when it is a whole number. */
  startNo: number | undefined;
  /** The end row number, when it is a whole number. */
  endNo: number | undefined;
  /** The decoded service arguments after the end row number. */
  args: string[];
}

/**
 * The result codes a `{ kind: "code" }` fault may answer.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { type FaultCode, startEcosServer } from "./mod.ts";
 *
 * const code: FaultCode = "ERROR-601";
 * await using server = await startEcosServer({ fault: () => ({ kind: "code", code }) });
 * const res = await fetch(`${server.url}/KeyStatisticList/sample/json/kr/1/1`);
 * assert.equal((await res.json()).RESULT.CODE, code);
 * ```
 */
export type FaultCode =
  | "ERROR-400"
  | "ERROR-500"
  | "ERROR-600"
  | "ERROR-601"
  | "ERROR-602"
  | "ERROR-101";

/**
 * A fault to inject into one answer.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { type Fault, startEcosServer } from "./mod.ts";
 *
 * // Every other request is rate-limited.
 * const fault = (ctx: { n: number }): Fault | undefined =>
 *   ctx.n % 2 === 0 ? { kind: "code", code: "ERROR-602" } : undefined;
 * await using server = await startEcosServer({ fault });
 * const url = `${server.url}/KeyStatisticList/sample/json/kr/1/1`;
 * await (await fetch(url)).body?.cancel();
 * const second = await (await fetch(url)).json();
 * assert.equal(second.RESULT.CODE, "ERROR-602");
 * ```
 */
export type Fault =
  /** An ECOS error body (HTTP 200) in the request's format and language. */
  | { kind: "code"; code: FaultCode }
  /** A proxy-like text/html answer with this HTTP status, e.g. 502 or 503. */
  | { kind: "status"; status: number }
  /** A maintenance HTML page with status 200. */
  | { kind: "html" }
  /** Headers arrive, then the connection ends before any byte of the body. */
  | { kind: "drop" }
  /** The real body, cut off in the middle. */
  | { kind: "truncate" }
  /**
   * No answer until `ms` passes (then the real answer), the client disconnects, or the server
   * closes (then the connection fails). Without `ms`, until one of the latter.
   */
  | { kind: "stall"; ms?: number }
  /** The real answer with `list_total_count` replaced (an inconsistent total). */
  | { kind: "total"; listTotalCount: number };

/**
 * One request as the server saw it. The API key is never recorded.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { startEcosServer } from "./mod.ts";
 *
 * await using server = await startEcosServer({ keys: ["secret"] });
 * await (await fetch(`${server.url}/KeyStatisticList/secret/xml/en/1/2`)).body?.cancel();
 * const record = server.stats.requests[0];
 * assert.ok(record);
 * assert.equal(record.outcome, "ok");
 * assert.equal(record.rows, 2);
 * assert.ok(!JSON.stringify(record).includes("secret"));
 * ```
 */
export interface RequestRecord {
  /** The 1-based number of the request since the server started. */
  n: number;
  /** The service segment ("" when absent). */
  service: string;
  /** The format segment ("" when absent). */
  format: string;
  /** The language segment ("" when absent). */
  language: string;
  /** The start row number, when it is a whole number. */
  startNo?: number;
  /** The end row number, when it is a whole number. */
  endNo?: number;
  /** The decoded service arguments after the end row number. */
  args: string[];
  /**
   * "ok", a result code such as "INFO-200", "fault:<kind>" such as "fault:drop" (for every
   * injected fault, "fault:code" included), "closed" when the server closed during the added
   * latency, or "pending" while the request is being answered.
   */
  outcome: string;
  /** Rows in the answer (0 for anything but a success body). */
  rows: number;
}

/**
 * Counters of a running server, and a bounded log of its latest requests. They are live: read
 * them at any time. Memory stays flat however many requests arrive: the counters are numbers
 * and the log keeps only the latest {@linkcode EcosServerOptions.requestLogLimit} records.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { startEcosServer } from "./mod.ts";
 *
 * await using server = await startEcosServer();
 * await (await fetch(`${server.url}/NoSuchService/sample/json/kr/1/1`)).body?.cancel();
 * assert.equal(server.stats.byOutcome["ERROR-500"], 1);
 * server.stats.reset();
 * assert.equal(server.stats.total, 0);
 * ```
 */
export interface ServerStats {
  /** Requests under `/api` since start (or the last reset). */
  total: number;
  /** Requests by service segment. */
  byService: Record<string, number>;
  /** Answered requests by outcome: "ok", a result code, "fault:<kind>" or "closed". */
  byOutcome: Record<string, number>;
  /** The highest number of requests being answered at once. */
  maxInFlight: number;
  /**
   * The most recent requests in arrival order, without the API key: at most
   * {@linkcode EcosServerOptions.requestLogLimit} (1000 by default); older ones are dropped,
   * while the counters above keep counting them.
   */
  requests: RequestRecord[];
  /** Clears every counter and record (the request numbering `n` goes on). */
  reset(): void;
}

/**
 * A running bundled server.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { startEcosServer } from "./mod.ts";
 *
 * const server = await startEcosServer();
 * try {
 *   const word = encodeURIComponent("금리");
 *   const res = await fetch(`${server.url}/StatisticWord/sample/json/kr/1/5/${word}`);
 *   assert.ok((await res.json()).StatisticWord.list_total_count >= 1);
 * } finally {
 *   await server.close();
 * }
 * ```
 */
export interface EcosServer {
  /** The base URL ending in "/api", e.g. "http://127.0.0.1:43123/api". */
  url: string;
  /**
   * Ends stalled and delayed requests, lets the answers in progress be written, then closes
   * every connection and stops listening. Safe to call twice.
   */
  close(): Promise<void>;
  /** Counters, and the log of the latest requests. */
  stats: ServerStats;
  /** Same as {@linkcode EcosServer.close}, for `await using`. */
  [Symbol.asyncDispose](): Promise<void>;
}

/**
 * A result code the server answers in a RESULT body.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { type ServerResultCode, startEcosServer } from "./mod.ts";
 *
 * await using server = await startEcosServer();
 * const res = await fetch(`${server.url}/StatisticSearch/sample/json/kr/1/1/000Y000/A/2020/2020`);
 * const code: ServerResultCode = (await res.json()).RESULT.CODE;
 * assert.equal(code, "INFO-200");
 * ```
 */
export type ServerResultCode = EcosResultCode;

/**
 * A row of StatisticSearch, in the wire's field order.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { startEcosServer, type StatisticSearchRow } from "./mod.ts";
 *
 * await using server = await startEcosServer();
 * const res = await fetch(
 *   `${server.url}/StatisticSearch/sample/json/kr/1/1/722Y001/A/2020/2020/0101000`,
 * );
 * const row: StatisticSearchRow = (await res.json()).StatisticSearch.row[0];
 * assert.equal(row.TIME, "2020");
 * assert.equal(row.ITEM_CODE2, null);
 * ```
 */
export interface StatisticSearchRow {
  /** The table code, e.g. "722Y001". */
  STAT_CODE: string;
  /** The table name. */
  STAT_NAME: string;
  /** The first item code. */
  ITEM_CODE1: string;
  /** The first item name. */
  ITEM_NAME1: string;
  /** The second item code, or null. */
  ITEM_CODE2: string | null;
  /** The second item name, or null. */
  ITEM_NAME2: string | null;
  /** The third item code, or null. */
  ITEM_CODE3: string | null;
  /** The third item name, or null. */
  ITEM_NAME3: string | null;
  /** The fourth item code, or null. */
  ITEM_CODE4: string | null;
  /** The fourth item name, or null. */
  ITEM_NAME4: string | null;
  /** The unit, e.g. "연%". */
  UNIT_NAME: string | null;
  /** The item's weight, or null. */
  WGT: string | null;
  /** The period label, e.g. "20240131". */
  TIME: string;
  /** The value as a string; "" or "-" when missing. */
  DATA_VALUE: string;
}

/**
 * A row of KeyStatisticList.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { type KeyStatisticRow, startEcosServer } from "./mod.ts";
 *
 * await using server = await startEcosServer();
 * const res = await fetch(`${server.url}/KeyStatisticList/sample/json/kr/1/1`);
 * const row: KeyStatisticRow = (await res.json()).KeyStatisticList.row[0];
 * // The latest period's label in the indicator's own shape: a day for the daily base rate.
 * assert.match(row.CYCLE, /^\d{8}$/);
 * ```
 */
export interface KeyStatisticRow {
  /** The group, e.g. "시장금리". */
  CLASS_NAME: string;
  /** The indicator's name. */
  KEYSTAT_NAME: string;
  /** The latest value as a string. */
  DATA_VALUE: string;
  /**
   * The latest period's label (not a cycle code), in the indicator's own shape: `YYYYMM`,
   * `YYYYMMDD` or `YYYYQn` (live dialect); always `YYYYMM` (spec dialect).
   */
  CYCLE: string;
  /** The unit. */
  UNIT_NAME: string;
}

/**
 * A row of StatisticTableList: a node of the table tree.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { startEcosServer, type StatisticTableRow } from "./mod.ts";
 *
 * await using server = await startEcosServer();
 * const res = await fetch(`${server.url}/StatisticTableList/sample/json/kr/1/1`);
 * const root: StatisticTableRow = (await res.json()).StatisticTableList.row[0];
 * assert.equal(root.P_STAT_CODE, "*");
 * assert.equal(root.SRCH_YN, "N");
 * ```
 */
export interface StatisticTableRow {
  /** The parent node's code; "*" for a root. */
  P_STAT_CODE: string;
  /** The node's code: a table code, or a group code. */
  STAT_CODE: string;
  /** The node's name, after its number in the tree, e.g. "1.2.1. 한국은행 기준금리 및 여수신금리". */
  STAT_NAME: string;
  /** The table's cycle; null for a group. */
  CYCLE: string | null;
  /** "Y" for a searchable table, "N" for a group. */
  SRCH_YN: "Y" | "N";
  /**
   * The compiling organisation; null for a group and for the Bank of Korea's own tables, that
   * is, on almost every row, as on the live service.
   */
  ORG_NAME: string | null;
}

/**
 * A row of StatisticItemList: one item in one cycle.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { startEcosServer, type StatisticItemRow } from "./mod.ts";
 *
 * await using server = await startEcosServer();
 * const res = await fetch(`${server.url}/StatisticItemList/sample/json/kr/1/1/901Y009`);
 * const item: StatisticItemRow = (await res.json()).StatisticItemList.row[0];
 * assert.equal(typeof item.DATA_CNT, "number");
 * assert.equal(item.WEIGHT, "1000");
 * ```
 */
export interface StatisticItemRow {
  /** The table code. */
  STAT_CODE: string;
  /** The table name. */
  STAT_NAME: string;
  /** The item group ("Group1" for ITEM_CODE1, ...). */
  GRP_CODE: string;
  /** The item group's name. */
  GRP_NAME: string;
  /** The item code. */
  ITEM_CODE: string;
  /** The item name. */
  ITEM_NAME: string;
  /** The parent item's code, or null. */
  P_ITEM_CODE: string | null;
  /** The parent item's name, or null. */
  P_ITEM_NAME: string | null;
  /** The cycle code. */
  CYCLE: string;
  /** The first period's label. */
  START_TIME: string;
  /** The last period's label. */
  END_TIME: string;
  /** How many periods the item has in this cycle (a JSON number). */
  DATA_CNT: number;
  /** The unit, or null. */
  UNIT_NAME: string | null;
  /** The item's weight, or null. */
  WEIGHT: string | null;
}

/**
 * A row of StatisticWord.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { startEcosServer, type StatisticWordRow } from "./mod.ts";
 *
 * await using server = await startEcosServer();
 * const term = encodeURIComponent("기준금리");
 * const res = await fetch(`${server.url}/StatisticWord/sample/json/en/1/1/${term}`);
 * const word: StatisticWordRow = (await res.json()).StatisticWord.row[0];
 * assert.equal(word.WORD, "Base rate");
 * ```
 */
export interface StatisticWordRow {
  /** The glossary word. */
  WORD: string;
  /** Its explanation. */
  CONTENT: string;
}

/**
 * A row of StatisticMeta.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { startEcosServer, type StatisticMetaRow } from "./mod.ts";
 *
 * await using server = await startEcosServer();
 * const name = encodeURIComponent("시장금리(일별)");
 * const res = await fetch(`${server.url}/StatisticMeta/sample/json/kr/1/1/${name}`);
 * const meta: StatisticMetaRow = (await res.json()).StatisticMeta.row[0];
 * assert.equal(meta.LVL, "1");
 * assert.equal(meta.P_CONT_CODE, null);
 * assert.equal(meta.META_DATA, "시장금리(일별)");
 * ```
 */
export interface StatisticMetaRow {
  /** The level in the description tree, "1" or "2". */
  LVL: string;
  /** The parent entry's code; null at level 1 (the top-level rows), as on the live service. */
  P_CONT_CODE: string | null;
  /** The entry's code. */
  CONT_CODE: string;
  /** The entry's heading. */
  CONT_NAME: string;
  /** The entry's text, or null for a heading only. */
  META_DATA: string | null;
}
