/**
 * The bundled ECOS-compatible HTTP server: the Bank of Korea ECOS Open API's wire format
 * (`{url}/{Service}/{KEY}/{json|xml}/{kr|en}/{start}/{end}/{args...}`), answered from
 * generated sample data for tests, notebooks and offline work. Its data is not official
 * statistics ({@linkcode SERVER_DATA_NOTICE}).
 *
 * It behaves like the live service by default: half-monthly labels `YYYYMMSn`, 101 key
 * statistics whose CYCLE labels mix `YYYYMM`, `YYYYMMDD` and `YYYYQn`, the live service's
 * Korean messages byte for byte, lookup rows shaped as the live ones, and XML as the official
 * guide prints it (declaration, `number="true"`, `array="true"`). The specification's shape
 * (`dialect: "spec"`) and bare XML (`xmlStyle: "bare"`) are options.
 *
 * Services: StatisticSearch, KeyStatisticList, and the live service's lookups
 * StatisticTableList, StatisticItemList, StatisticWord, StatisticMeta. The guide's own sample
 * requests all answer rows (StatisticTableList 102Y004, StatisticItemList 601Y002,
 * StatisticWord 소비자동향지수, StatisticMeta 경제심리지수, StatisticSearch
 * 200Y101/A/2020/2023/10101 with or without `/?/?/?`).
 *
 * Result codes, in the order of the checks (the first failing one answers; evidence in
 * brackets, details in validate.ts):
 * 1. ERROR-500, unknown service [guide; first: inferred, the service must be found first];
 * 2. INFO-100, key not accepted, even when other arguments are wrong too [measured live, as
 *    reported in the issue];
 * 3. ERROR-200, format not json/xml [measured live; its place: after the key as measured,
 *    before the row numbers inferred from the path's order];
 * 4. ERROR-100, language not kr/en [inferred: a required request variable in the guide];
 * 5. ERROR-300, a row number missing, even when service arguments are missing too [guide;
 *    the precedence inferred: positional segments leave no arguments without row numbers];
 * 6. ERROR-301, row numbers not whole numbers [measured live] or start > end [inferred],
 *    more than 10 rows for the key "sample", with its own text [measured live; start 0 is
 *    accepted];
 * 7. ERROR-100, a required service argument missing [captured];
 * 8. ERROR-100, a StatisticSearch cycle outside A/S/Q/M/SM/D, the old MM/DD/QQ/YY included
 *    [measured live];
 * 9. ERROR-101, a date not in the cycle's shape [measured live];
 *
 * then ERROR-400 (the `workLimit`, standing in for the guide's 60 s timeout) and INFO-200
 * (nothing matched, or a page beyond the total) [measured live]. RESULT bodies use the
 * request's format when it is json or xml, otherwise XML.
 *
 * Connections: a request's line and headers must arrive within `headerTimeoutMs` (else 408
 * and the connection closes), and a connection with no request in progress closes after
 * `idleTimeoutMs`. Answers are made and written a chunk at a time, as fast as the client
 * reads (a whole-table answer is never held at once, and others are answered meanwhile); a
 * client that takes no bytes for `writeTimeoutMs` is cut off; a connection may have
 * `pipelineLimit` requests in progress, and the server `maxConnections` connections (kept
 * under the open-file limit); its listener is checked every `listenerCheckMs` and opened
 * again if it stopped accepting; `close()` takes at most `shutdownTimeoutMs` with answers in
 * progress. The stats keep counters keyed by what the server knows and only the latest
 * `requestLogLimit` requests.
 *
 * Tables: 722Y001 (base rate, D/M/Q/A, every calendar day), 731Y001 (exchange rates,
 * Korean business days, returns with volatility clustering), 901Y009 (CPI, M/A, with
 * weights), 200Y101 (nominal GDP, A), 200Y102 (real growth, Q), 817Y002 (market rates, Korean
 * business days), 105Y001 (S, two item levels, "-" values), 814Y002 (SM and M, 2003-2018),
 * 101Y003 (money, M/A), 102Y004 (reserve base, M/A), 901Y027 (labour force, three levels),
 * 601Y002 (card spending, four levels, "" and "-" values), 513Y001 (economic sentiment, M) and
 * 999Y001 (a generated daily panel of 265,088 rows). Daily market tables skip weekends and
 * Korean market holidays (election days and one-off temporary holidays left out; the calendar
 * is data/business_days.ts). Every table ends by 2026-09-30; see {@linkcode serverCatalogue}.
 *
 * Data options: `seed` draws other values for the same tables and rows, `dataEnd` moves the
 * data's last day (new periods, the old ones unchanged) and `revision` revises the latest
 * periods of every series, for tests of incremental mirroring (the rules: data/dataset.ts).
 *
 * ```ts
 * import assert from "node:assert/strict";
 * import { startEcosServer } from "./mod.ts";
 *
 * await using server = await startEcosServer();
 * const res = await fetch(`${server.url}/KeyStatisticList/sample/json/en/1/10`);
 * const body = await res.json();
 * assert.equal(body.KeyStatisticList.list_total_count, 101);
 * ```
 *
 * @module
 */

export { startEcosServer } from "./server.ts";
/**
 * The key every server accepts, limited to {@linkcode SAMPLE_MAX_ROWS} rows a request as on
 * the live service.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { SAMPLE_KEY, startEcosServer } from "./mod.ts";
 *
 * await using server = await startEcosServer();
 * const res = await fetch(`${server.url}/KeyStatisticList/${SAMPLE_KEY}/json/kr/1/5`);
 * assert.equal((await res.json()).KeyStatisticList.row_count, 5);
 * ```
 */
export { SAMPLE_KEY } from "../wire/sample.ts";
/**
 * The most rows the sample key may ask for in one request; more answers ERROR-301.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { SAMPLE_KEY, SAMPLE_MAX_ROWS, startEcosServer } from "./mod.ts";
 *
 * await using server = await startEcosServer();
 * const res = await fetch(
 *   `${server.url}/KeyStatisticList/${SAMPLE_KEY}/json/kr/1/${SAMPLE_MAX_ROWS + 1}`,
 * );
 * assert.equal((await res.json()).RESULT.CODE, "ERROR-301");
 * ```
 */
export { SAMPLE_MAX_ROWS } from "../wire/sample.ts";
export { SERVER_DATA_NOTICE, SERVER_DATA_NOTICE_KR } from "./data/notice.ts";
export { DATA_END as SERVER_DATA_END } from "./data/dates.ts";
export {
  serverCatalogue,
  type ServerCatalogueOptions,
  type ServerCycleInfo,
  type ServerTableInfo,
} from "./data/summary.ts";
export type * from "./types.ts";
export type * from "./rows.ts";
export type { Cycle } from "../wire/period.ts";
