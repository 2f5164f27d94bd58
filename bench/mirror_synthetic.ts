/**
 * A synthetic ECOS catalogue of many tables, served by a fake `fetch` (no socket): the scale
 * the mirror's benchmark needs, which the bundled server (a dozen tables) does not have.
 *
 * Table `k` (1-based) is `BT<kkkk>`: a monthly cycle (2010-01 to 2026-08, 200 periods) with
 * `1 + k % 12` level-1 items, and, for even `k`, a quarterly one (2010Q1 to 2026Q2, 66
 * periods) with the same items. 1,000 tables: 6,500 items, 1,500 table-and-cycle partitions,
 * 9,750 table-cycle-item units, about 1.5 million rows. Values are a function of the table,
 * item, period and `revision`, so that a second catalogue with `revision: 1` changes the last
 * three months and last two quarters of every series.
 *
 * @module
 */

/** What the fake service answers. */
export interface SyntheticOptions {
  /** Tables in the catalogue. */
  tables: number;
  /** The revision round: its values change the latest periods. @default {0} */
  revision?: number;
}

/** Requests counted by service. */
export interface SyntheticService {
  /** The fetch to give the client (`new EcosClient({ fetch })`). */
  fetch: typeof fetch;
  /** Requests answered, by service name. */
  requests: Record<string, number>;
  /** The table codes. */
  codes: string[];
}

const MONTHS = 200; // 2010-01 .. 2026-08
const QUARTERS = 66; // 2010Q1 .. 2026Q2

const monthLabel = (i: number) =>
  `${2010 + Math.floor(i / 12)}${String((i % 12) + 1).padStart(2, "0")}`;
const quarterLabel = (i: number) => `${2010 + Math.floor(i / 4)}Q${(i % 4) + 1}`;

function monthIndex(label: string): number {
  return (Number(label.slice(0, 4)) - 2010) * 12 + Number(label.slice(4, 6)) - 1;
}
function quarterIndex(label: string): number {
  return (Number(label.slice(0, 4)) - 2010) * 4 + Number(label.slice(5, 6)) - 1;
}

function itemsOf(k: number): string[] {
  return Array.from({ length: 1 + (k % 12) }, (_, j) => `I${String(j + 1).padStart(3, "0")}`);
}

function cyclesOf(k: number): ("M" | "Q")[] {
  return k % 2 === 0 ? ["Q", "M"] : ["M"];
}

/** A value: deterministic, with the latest periods revised by `revision`. */
function value(k: number, item: number, i: number, periods: number, window: number, rev: number) {
  const base = 100 + k * 0.5 + item * 3 + i * 0.25 + Math.sin(k * 7 + item * 13 + i) * 2;
  const revised = rev > 0 && i >= periods - window ? rev * 0.125 : 0;
  return (Math.round((base + revised) * 1000) / 1000).toString();
}

function json(body: unknown): Response {
  return new Response(JSON.stringify(body), {
    headers: { "content-type": "application/json;charset=UTF-8" },
  });
}

const noData = () => json({ RESULT: { CODE: "INFO-200", MESSAGE: "해당하는 데이터가 없습니다." } });

/**
 * The fake service.
 *
 * @param options How many tables, and the revision round.
 * @returns Its fetch, its request counters and its table codes.
 */
export function syntheticService(options: SyntheticOptions): SyntheticService {
  const rev = options.revision ?? 0;
  const codes = Array.from(
    { length: options.tables },
    (_, i) => `BT${String(i + 1).padStart(4, "0")}`,
  );
  const requests: Record<string, number> = {};
  const fake = (input: string | URL | Request): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const parts = url.pathname.split("/").filter((p) => p !== "").map(decodeURIComponent);
    const at = parts.indexOf("api");
    const [service = "", , , , startNo = "1", endNo = "1", ...args] = parts.slice(at + 1);
    requests[service] = (requests[service] ?? 0) + 1;
    const from = Number(startNo);
    const to = Number(endNo);
    const page = <T>(rows: T[]) => ({
      [service]: { list_total_count: rows.length, row: rows.slice(from - 1, to) },
    });
    const k = codes.indexOf(args[0] ?? "") + 1;
    if (service === "StatisticTableList") {
      return Promise.resolve(json(page(codes.map((code, i) => ({
        P_STAT_CODE: "*",
        STAT_CODE: code,
        STAT_NAME: `Table ${i + 1}`,
        CYCLE: cyclesOf(i + 1).join(","),
        SRCH_YN: "Y",
        ORG_NAME: null,
      })))));
    }
    if (k === 0) return Promise.resolve(noData());
    const code = codes[k - 1]!;
    if (service === "StatisticItemList") {
      const rows = cyclesOf(k).flatMap((cycle) =>
        itemsOf(k).map((item) => ({
          STAT_CODE: code,
          STAT_NAME: `Table ${k}`,
          GRP_CODE: "Group1",
          GRP_NAME: "Items",
          ITEM_CODE: item,
          ITEM_NAME: `Item ${item}`,
          P_ITEM_CODE: null,
          P_ITEM_NAME: null,
          CYCLE: cycle,
          START_TIME: cycle === "M" ? "201001" : "2010Q1",
          END_TIME: cycle === "M" ? monthLabel(MONTHS - 1) : quarterLabel(QUARTERS - 1),
          DATA_CNT: cycle === "M" ? MONTHS : QUARTERS,
          UNIT_NAME: "index",
          WEIGHT: null,
        }))
      );
      return Promise.resolve(json(page(rows)));
    }
    if (service !== "StatisticSearch") return Promise.resolve(noData());
    const [, cycle, start = "", end = "", item1] = args;
    if (cycle !== "M" && cycle !== "Q" || !cyclesOf(k).includes(cycle)) {
      return Promise.resolve(noData());
    }
    const periods = cycle === "M" ? MONTHS : QUARTERS;
    const index = cycle === "M" ? monthIndex : quarterIndex;
    const label = cycle === "M" ? monthLabel : quarterLabel;
    const lo = Math.max(0, index(start));
    const hi = Math.min(periods - 1, index(end));
    const items = itemsOf(k).filter((it) => item1 === undefined || it === item1);
    const rows = [];
    for (const item of items) {
      const j = Number(item.slice(1));
      for (let i = lo; i <= hi; i++) {
        rows.push({
          STAT_CODE: code,
          STAT_NAME: `Table ${k}`,
          ITEM_CODE1: item,
          ITEM_NAME1: `Item ${item}`,
          ITEM_CODE2: null,
          ITEM_NAME2: null,
          ITEM_CODE3: null,
          ITEM_NAME3: null,
          ITEM_CODE4: null,
          ITEM_NAME4: null,
          UNIT_NAME: "index",
          WGT: null,
          TIME: label(i),
          DATA_VALUE: value(k, j, i, periods, cycle === "M" ? 3 : 2, rev),
        });
      }
    }
    return Promise.resolve(rows.length === 0 ? noData() : json(page(rows)));
  };
  return { fetch: fake as typeof fetch, requests, codes };
}
