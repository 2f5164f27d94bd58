/**
 * The public types of the bundled server: its options, fault injection and statistics. The
 * rows it answers are in rows.ts.
 *
 * @module
 */

import type { EcosResultCode } from "../wire/codes.ts";
import type { Dialect } from "../wire/dialect.ts";

export type { Dialect } from "../wire/dialect.ts";
export type { EcosServiceName } from "../wire/services.ts";

/**
 * How XML bodies are written. "guide", as the official guide shows them: the
 * `<?xml version="1.0" encoding="UTF-8"?>` declaration first (RESULT bodies too),
 * `number="true"` on `list_total_count`, `row_count` and `DATA_CNT`, and `array="true"` on the
 * lone `<row>` of a one-row answer. "bare", as bodies have also been seen in the wild: no
 * declaration and no attributes. Neither is indented.
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
   * The address to bind. An empty one is refused (it would bind every interface without
   * saying so); an address other machines can reach (0.0.0.0, ::, a LAN address) is told to
   * {@linkcode EcosServerOptions.onWarning}.
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
   * (nothing is then answered) or the server closes.
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
   * How XML bodies are written: as the official guide shows them, or bare (see
   * {@linkcode XmlStyle}).
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
   * How long a write may wait for the client to take bytes, in milliseconds: a client that
   * reads nothing of an answer for that long is cut off (its connection closed), so that it
   * cannot hold the answer's memory for good. Answers are written a chunk at a time, each
   * chunk made only once the one before is taken, so a client that reads slowly but steadily
   * is never cut.
   *
   * @default {30_000}
   */
  writeTimeoutMs?: number;
  /**
   * How long {@linkcode EcosServer.close} lets the answers in progress be written, in
   * milliseconds, before it closes every connection: stuck or slow clients cannot hold it
   * longer.
   *
   * @default {5_000}
   */
  shutdownTimeoutMs?: number;
  /**
   * The most connections open at once; a connection beyond it is closed as soon as it is
   * accepted. Each connection is a file descriptor: the default keeps connections, plus the
   * listen backlog, plus 64 descriptors for everything else, under the process's open-file
   * limit (read on Linux, else taken as 1024), since a listener that runs out of descriptors
   * stops accepting.
   *
   * @default {1024} or fewer when the open-file limit is lower
   */
  maxConnections?: number;
  /**
   * How many requests one connection may have in progress at once, sent ahead of their
   * answers (HTTP pipelining). A connection that sends more is closed; answers are written in
   * order, one at a time, so a client that never reads holds at most this many.
   *
   * @default {16}
   */
  pipelineLimit?: number;
  /**
   * How often the server checks that its listener still accepts connections, in
   * milliseconds. An interval in which one arrived proves it; after a quiet one the server
   * connects to itself, and when even that is not accepted within the next interval, it
   * opens its listener again on the same address and tells
   * {@linkcode EcosServerOptions.onWarning} (with Deno 2.9.6 a listener that met "too many
   * open files" stops accepting for good, silently).
   *
   * @default {5_000}
   */
  listenerCheckMs?: number;
  /**
   * How many of the most recent requests {@linkcode ServerStats.requests} keeps; 0 keeps none.
   * The counters cover every request whatever this is.
   *
   * @default {1000}
   */
  requestLogLimit?: number;
  /**
   * The generation seed, a whole number: another seed draws every generated value anew, while
   * tables, items, labels and row counts stay, and so do the values set by declaration (the
   * base rate's decisions, CPI's 2020 base year, ...). The rules are in
   * src/server/data/dataset.ts.
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
   * incremental mirroring. Tables still compiled gain periods (or, for an earlier date, lose
   * them), each cycle keeping its publication lag, and the lookups follow; a period already
   * there keeps its value. The rules are in src/server/data/dataset.ts and
   * src/server/data/table.ts.
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
   * The revision round, a whole number >= 0: round `n > 0` changes the latest periods of every
   * generated series (a monthly one's last 3, say), deterministically by `n`, as a source
   * revises its recent data; no older value changes. The rules are in
   * src/server/data/revision.ts.
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
  /**
   * Told, as one line, what a person running the server should know and the server would
   * otherwise keep quiet about: that it listens on an address other machines can reach, and
   * that its listener stopped accepting connections and was opened again (then that it
   * accepts again). The command line prints these on stderr.
   *
   * @default {undefined} quiet
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { startEcosServer } from "./mod.ts";
   *
   * const warnings: string[] = [];
   * await using server = await startEcosServer({ onWarning: (line) => warnings.push(line) });
   * const res = await fetch(`${server.url}/KeyStatisticList/sample/json/kr/1/1`);
   * assert.equal(res.status, 200);
   * await res.body?.cancel();
   * // Loopback only, and accepting: nothing to tell.
   * assert.deepEqual(warnings, []);
   * ```
   */
  onWarning?: (message: string) => void;
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
   * injected fault, "fault:code" included), "closed" when the server closed or the client
   * left during the added latency, or "pending" while the request is being answered.
   */
  outcome: string;
  /** Rows in the answer (0 for anything but a success body). */
  rows: number;
}

/**
 * Counters of a running server, and a bounded log of its latest requests, so memory stays flat
 * however many requests arrive. They are live: read them at any time.
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
  /**
   * Requests by service: one key for each of the six services asked for, and `"(other)"` for
   * every request naming anything else (an unknown or absent service), so that what clients
   * send cannot grow this object.
   */
  byService: Record<string, number>;
  /** Answered requests by outcome: "ok", a result code, "fault:<kind>" or "closed". */
  byOutcome: Record<string, number>;
  /** The highest number of requests being answered at once. */
  maxInFlight: number;
  /**
   * The most recent requests in arrival order, without the API key: at most
   * {@linkcode EcosServerOptions.requestLogLimit}; the counters count older ones too.
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
   * Stops listening, ends stalled and delayed requests, lets the answers in progress be
   * written for at most {@linkcode EcosServerOptions.shutdownTimeoutMs}, then closes every
   * connection: it finishes however stuck the clients are. Safe to call twice.
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
