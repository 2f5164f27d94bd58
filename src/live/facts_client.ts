/**
 * Facts of the module itself over what came back: the client (EcosClient, its whole request
 * core and decoders) is run over the run's own bodies, replayed by an injected fetch, so these
 * facts cost no request and run the same over recorded fixtures. A request the client makes
 * that the run did not is answered 404, and the fact says so.
 *
 * @module
 */

import { type DataFrame, EcosClient, type StatisticSearchQuery } from "../client/mod.ts";
import type { Format } from "../wire/format.ts";
import type { LiveExchange } from "./exchange.ts";
import type { Answers, FactCheck, Seen } from "./fact.ts";
import { quote, verdict } from "./fact.ts";

/** The base URL the replayed client is given; nothing is sent there. */
const REPLAY_BASE = "https://replay.invalid/api";

/** Edits a body before the client sees it: the run's body, and the request's name. */
type Edit = (body: string, name: string) => string;

/**
 * A fetch that answers from the run's exchanges, by the path after the base URL (the key
 * segment `***`, as the exchanges keep it), and notes every URL asked.
 */
function replayFetch(
  exchanges: readonly LiveExchange[],
  asked: string[],
  edit?: Edit,
): typeof fetch {
  const byPath = new Map(exchanges.map((e) => [e.path, e]));
  return (input: string | URL | Request) => {
    const url = input instanceof Request ? input.url : String(input);
    asked.push(url);
    const path = url.startsWith(`${REPLAY_BASE}/`) ? url.slice(REPLAY_BASE.length + 1) : url;
    const e = byPath.get(path);
    if (e === undefined || e.status === 0) {
      return Promise.resolve(
        new Response(`not in this run: ${path}`, {
          status: 404,
          headers: { "content-type": "text/plain" },
        }),
      );
    }
    const body = edit ? edit(e.body, e.name) : e.body;
    return Promise.resolve(
      new Response(body, { status: e.status, headers: { "content-type": e.contentType } }),
    );
  };
}

/** A client over the run's bodies; the URLs it asks go to `asked` when given. */
function replayClient(
  a: Answers,
  format: Format,
  pageSize: number,
  { edit, asked = [] }: { edit?: Edit; asked?: string[] } = {},
): EcosClient {
  return new EcosClient({
    baseUrl: REPLAY_BASE,
    apiKey: "***",
    format,
    pageSize,
    fetch: replayFetch(a.all, asked, edit),
    env: {},
    cache: false,
    rateLimit: false,
    retry: { attempts: 1 },
  });
}

/** The base rate query of search-m-json and search-m-xml. */
const BASE_RATE: StatisticSearchQuery = {
  statCode: "722Y001",
  cycle: "M",
  start: "202301",
  end: "202312",
  items: ["0101000"],
};

/** A column's values as plain JSON-able values (dates as ISO days). */
function values(df: DataFrame, column: string): unknown[] {
  return df.getColumn(column).toArray().map((v: unknown) =>
    v instanceof Date ? v.toISOString().slice(0, 10) : v
  );
}

/** Adds a space to the end of every name and unit of a JSON body, as 2023 bodies had. */
function padNames(body: string): string {
  return body.replace(/"(STAT_NAME|ITEM_NAME1|UNIT_NAME)":"([^"\\]*)"/g, '"$1":"$2 "');
}

/** The facts of the client over the run's bodies. */
export const CLIENT_FACTS: readonly FactCheck[] = [
  {
    fact: "Client: JSON and XML give the same frame",
    expected: "equal frames (TIME dates, DATA_VALUE numbers)",
    evidence: "the module's contract",
    requests: ["search-m-json", "search-m-xml"],
    async check(a): Promise<Seen> {
      const json = await replayClient(a, "json", 100).statisticSearch(BASE_RATE);
      const xml = await replayClient(a, "xml", 100).statisticSearch(BASE_RATE);
      const same = json.height > 0 && json.frameEqual(xml);
      return {
        seen: `${json.height} and ${xml.height} rows, ${same ? "equal" : "not equal"}`,
        verdict: verdict(same),
      };
    },
  },
  {
    fact: "Client: KeyStatisticList all paged, all dated",
    expected: "every row; TIME set on each",
    evidence: "the module's contract",
    requests: ["keystats-json"],
    async check(a): Promise<Seen> {
      const read = a.body("keystats-json");
      const total = read.kind === "rows" ? Number(read.total) : NaN;
      const df = await replayClient(a, "json", 200).keyStatisticList();
      const undated = df.getColumn("TIME").nullCount();
      return {
        seen: `${df.height} rows of ${total}, ${undated} undated`,
        verdict: verdict(df.height === total && undated === 0),
      };
    },
  },
  {
    fact: "Client: half-monthly labels to dates",
    expected: "200401S2 is 2004-01-16",
    evidence: "the module's contract",
    requests: ["sm-live"],
    async check(a): Promise<Seen> {
      const df = await replayClient(a, "json", 100).statisticSearch({
        statCode: "814Y002",
        cycle: "SM",
        start: "200401S1",
        end: "200402S2",
      });
      const periods = values(df, "PERIOD");
      const times = values(df, "TIME");
      // The label as the service spelt it: the live YYYYMMSn or the specification's YYYYMMSMn.
      const at = periods.findIndex((p) => p === "200401S2" || p === "200401SM2");
      const seen = at === -1 ? `no 200401S2 among ${df.height} rows` : `200401S2 is ${times[at]}`;
      return { seen, verdict: verdict(at !== -1 && times[at] === "2004-01-16") };
    },
  },
  {
    fact: 'Client: text fields trimmed (UNIT_NAME "원 ")',
    expected: "names and units without the spaces",
    evidence: "captured 2023; clients trim",
    requests: ["search-m-json"],
    async check(a): Promise<Seen> {
      const edit: Edit = (body, name) => name === "search-m-json" ? padNames(body) : body;
      const df = await replayClient(a, "json", 100, { edit }).statisticSearch(BASE_RATE);
      const kept = ["STAT_NAME", "ITEM_NAME1", "UNIT_NAME"].flatMap((c) =>
        values(df, c).filter((v) => typeof v === "string" && v !== v.trim()).map((v) =>
          `${c} ${quote(String(v), 16)}`
        )
      );
      return {
        seen: kept.length === 0 ? `${df.height} rows, trimmed` : `kept: ${kept[0]}`,
        verdict: verdict(df.height > 0 && kept.length === 0),
      };
    },
  },
  {
    fact: "Client: no query string appended",
    expected: 'paths only: no "?" in any URL',
    evidence: "a client broke with one in 2025",
    requests: ["keystats-json", "search-m-xml"],
    async check(a): Promise<Seen> {
      const asked: string[] = [];
      await replayClient(a, "json", 200, { asked }).keyStatisticList();
      await replayClient(a, "xml", 100, { asked }).statisticSearch(BASE_RATE);
      const withQuery = asked.filter((u) => u.includes("?"));
      return {
        seen: withQuery.length === 0 ? `${asked.length} URLs, none` : quote(withQuery[0]!, 50),
        verdict: verdict(asked.length > 0 && withQuery.length === 0),
      };
    },
  },
];
