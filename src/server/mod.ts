/**
 * The bundled ECOS-compatible HTTP server: the Bank of Korea ECOS Open API's wire format
 * (`{url}/{Service}/{KEY}/{json|xml}/{kr|en}/{start}/{end}/{args...}`), answered from
 * generated sample data for tests, notebooks and offline work. Its data is not official
 * statistics ({@linkcode SERVER_DATA_NOTICE}).
 *
 * Services: StatisticSearch, KeyStatisticList, and the live service's lookups
 * StatisticTableList, StatisticItemList, StatisticWord, StatisticMeta. Result codes follow the
 * specification's order of checks: ERROR-500 (unknown service), ERROR-100 (missing required
 * value, including a language other than kr/en), ERROR-200 (format), ERROR-300 (row numbers
 * missing), ERROR-301 (row numbers not whole numbers, start < 1, start > end, or more than 10
 * rows for the key "sample"), ERROR-101 (date shape), INFO-100 (key), then ERROR-400 (the
 * `workLimit`) and INFO-200 (nothing matched, or a page beyond the total). RESULT bodies use
 * the request's format when it is json or xml, otherwise XML.
 *
 * Tables: 722Y001 (base rate, D/M/Q/A, every calendar day), 731Y001 (exchange rates,
 * weekdays), 901Y009 (CPI, M/A, with weights), 200Y101 (nominal GDP, A), 200Y102 (real growth,
 * Q), 817Y002 (market rates, weekdays), 105Y001 (S, two item levels, "-" values), 814Y002
 * (SM and M, 2003-2018), 101Y003 (money, M/A), 901Y027 (labour force, three levels), 601Y002
 * (card spending, four levels, "" and "-" values) and 999Y001 (a generated daily panel of
 * 279,552 rows). Every table ends by 2026-09-30; see {@linkcode serverCatalogue}.
 *
 * ```ts
 * import assert from "node:assert/strict";
 * import { startEcosServer } from "./mod.ts";
 *
 * await using server = await startEcosServer({ dialect: "live" });
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
export { serverCatalogue, type ServerCycleInfo, type ServerTableInfo } from "./data/summary.ts";
export type * from "./types.ts";
export type { Cycle } from "../wire/period.ts";
