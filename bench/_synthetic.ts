/**
 * StatisticSearch JSON pages rendered on the fly for any total, for pulls larger than the
 * bundled server's biggest table: a `fetch` stub, so that a pull measures the client, not a
 * server. Rows are deterministic (row n is the same on every run): 1,000 daily series of 5,000
 * weekdays each (so 1,000,000 rows hold 200 series, and no pull of up to 5,000,000 rows holds a
 * row twice, which the client refuses), one item level with a Korean name, nulls
 * for ITEM_CODE2..4, ITEM_NAME2..4 and WGT, and about one value in fifty "-" or "".
 *
 * @module
 */

import { turn } from "./_measure.ts";

/** Days a series. */
const DAYS = 5000;
/** Series there are names for; row numbers beyond SERIES * DAYS repeat the names. */
const SERIES = 1000;

const SECTORS = [
  "반도체",
  "자동차",
  "화학",
  "금융",
  "유통",
  "건설",
  "통신",
  "바이오",
  "철강",
  "조선",
];
const MEASURES: [string, string][] = [
  ["종가지수", "2015=100"],
  ["거래량", "천주"],
  ["거래대금", "십억원"],
  ["수익률", "%"],
  ["시가총액", "조원"],
];
const REGIONS = ["서울", "부산", "대구", "인천", "광주", "대전", "울산", "세종"];

/** Weekday labels from 2000-01-03, YYYYMMDD. */
const LABELS: string[] = (() => {
  const out: string[] = [];
  const day = new Date(Date.UTC(2000, 0, 3));
  while (out.length < DAYS) {
    const wd = day.getUTCDay();
    if (wd !== 0 && wd !== 6) out.push(day.toISOString().slice(0, 10).replaceAll("-", ""));
    day.setUTCDate(day.getUTCDate() + 1);
  }
  return out;
})();

/** Each series' fields up to TIME, as JSON text: names, codes, unit, nulls. */
const PREFIXES: string[] = Array.from({ length: SERIES }, (_, s) => {
  const [measure, unit] = MEASURES[s % MEASURES.length]!;
  const sector = SECTORS[Math.floor(s / MEASURES.length) % SECTORS.length]!;
  const region = REGIONS[Math.floor(s / (MEASURES.length * SECTORS.length)) % REGIONS.length]!;
  const fields = {
    STAT_CODE: "998Y001",
    STAT_NAME: "합성 일별 지역 업종 패널(벤치마크)",
    ITEM_CODE1: `S${String(s + 1).padStart(4, "0")}`,
    ITEM_NAME1: `${region} ${sector} ${measure}`,
    ITEM_CODE2: null,
    ITEM_NAME2: null,
    ITEM_CODE3: null,
    ITEM_NAME3: null,
    ITEM_CODE4: null,
    ITEM_NAME4: null,
    UNIT_NAME: unit,
    WGT: null,
  };
  return JSON.stringify(fields).slice(0, -1);
});

/** A deterministic value for row n (0-based): a number with 0-3 decimals, "-" or "". */
function value(n: number): string {
  // An integer hash (Murmur3's finaliser), so that values look random but never change.
  let h = Math.imul(n ^ (n >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  h = (h ^ (h >>> 16)) >>> 0;
  const r = h % 1000;
  if (r < 10) return "-";
  if (r < 20) return "";
  return (((h >>> 10) % 10_000_000) / 10 ** (h % 4)).toString();
}

/**
 * One row as JSON text.
 *
 * @param n The row's number, 0-based.
 */
export function syntheticRow(n: number): string {
  const series = Math.floor(n / DAYS) % SERIES;
  return `${PREFIXES[series]},"TIME":"${LABELS[n % DAYS]}","DATA_VALUE":"${value(n)}"}`;
}

/**
 * A StatisticSearch JSON page: rows `startNo` to `endNo` (1-based, inclusive) of `total`.
 * A page beyond the total answers INFO-200, as the service does.
 */
export function renderPage(total: number, startNo: number, endNo: number): string {
  if (startNo > total) {
    return '{"RESULT":{"CODE":"INFO-200","MESSAGE":"해당하는 데이터가 없습니다."}}';
  }
  const last = Math.min(endNo, total);
  const rows = new Array<string>(last - startNo + 1);
  for (let n = startNo; n <= last; n++) rows[n - startNo] = syntheticRow(n - 1);
  return `{"StatisticSearch":{"list_total_count":${total},"row":[${rows.join(",")}]}}`;
}

const encoder = new TextEncoder();
const PREFIX_BYTES = PREFIXES.map((p) => encoder.encode(`${p},"TIME":"`));
const LABEL_BYTES = LABELS.map((l) => encoder.encode(`${l}","DATA_VALUE":"`));
const ROW_END = encoder.encode('"},');

/**
 * {@linkcode renderPage} as bytes, written from each series' and label's bytes made once: a
 * socket's body is bytes, and a page built as text would leave megabytes of heap garbage a page
 * in the measured process, charged to whichever path collects least often.
 */
export function renderPageBytes(
  total: number,
  startNo: number,
  endNo: number,
): Uint8Array<ArrayBuffer> {
  if (startNo > total) return encoder.encode(renderPage(total, startNo, endNo));
  const last = Math.min(endNo, total);
  const head = encoder.encode(`{"StatisticSearch":{"list_total_count":${total},"row":[`);
  let size = head.length + 2;
  for (let n = startNo - 1; n < last; n++) {
    const series = Math.floor(n / DAYS) % SERIES;
    size += PREFIX_BYTES[series]!.length + LABEL_BYTES[n % DAYS]!.length + 20 + ROW_END.length;
  }
  const out = new Uint8Array(size);
  out.set(head);
  let at = head.length;
  for (let n = startNo - 1; n < last; n++) {
    const series = Math.floor(n / DAYS) % SERIES;
    out.set(PREFIX_BYTES[series]!, at);
    at += PREFIX_BYTES[series]!.length;
    out.set(LABEL_BYTES[n % DAYS]!, at);
    at += LABEL_BYTES[n % DAYS]!.length;
    at += encoder.encodeInto(value(n), out.subarray(at)).written;
    out.set(ROW_END, at);
    at += ROW_END.length;
  }
  out[at - 1] = 0x5d; // the last row's comma: the end of the array
  out[at++] = 0x7d;
  out[at++] = 0x7d;
  return out.subarray(0, at);
}

/** A fetch stub and what it has cost. */
export interface SyntheticService {
  /** The stub to pass as the client's `fetch`. */
  fetch: typeof fetch;
  /** Milliseconds spent rendering and encoding bodies so far (to subtract from a pull's time). */
  renderMs: number;
  /** Requests answered so far. */
  requests: number;
}

/** The base URL to give a client that uses the stub. */
export const SYNTHETIC_BASE_URL = "https://synthetic.invalid/api";

/**
 * A `fetch` that answers StatisticSearch from {@linkcode renderPage}, whatever the query,
 * reading the row numbers from the path: `/StatisticSearch/{key}/json/{lang}/{start}/{end}/...`.
 *
 * @param total The rows every query matches.
 */
export function syntheticService(total: number): SyntheticService {
  const service: SyntheticService = {
    renderMs: 0,
    requests: 0,
    fetch: async (input) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      const parts = url.pathname.split("/");
      const at = parts.indexOf("StatisticSearch");
      const startNo = Number(parts[at + 4]);
      const endNo = Number(parts[at + 5]);
      if (at < 0 || parts[at + 2] !== "json" || !(startNo >= 1 && endNo >= startNo)) {
        return new Response("not a StatisticSearch JSON page", { status: 404 });
      }
      // A turn of the event loop, as a socket would take: timers (the memory sampler) run.
      await turn();
      const t0 = performance.now();
      const body = renderPageBytes(total, startNo, endNo);
      service.renderMs += performance.now() - t0;
      service.requests++;
      // A byte stream, as fetch gives for a body from the network, answering each read as a
      // socket does: into the reader's own buffer. A body copied into a queue instead (or kept by
      // a Response made from bytes) would be native garbage that only a collection frees, and
      // the pull that makes less heap garbage would be charged for it.
      let sent = 0;
      const stream = new ReadableStream({
        type: "bytes",
        pull(controller) {
          const request = controller.byobRequest;
          const view = request?.view;
          if (request === null || request === undefined || view === null || view === undefined) {
            controller.enqueue(body.slice(sent));
            sent = body.length;
          } else {
            const n = Math.min(view.byteLength, body.length - sent);
            new Uint8Array(view.buffer, view.byteOffset, n).set(body.subarray(sent, sent + n));
            sent += n;
            request.respond(n);
          }
          if (sent === body.length) {
            controller.close();
            controller.byobRequest?.respond(0);
            body.buffer.transfer(0); // the stub's own copy: sent
          }
        },
      });
      return new Response(stream, {
        headers: { "content-type": "application/json; charset=utf-8" },
      });
    },
  };
  return service;
}
