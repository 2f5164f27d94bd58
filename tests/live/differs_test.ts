/**
 * The check against servers that differ from the live service on purpose, one fact at a time:
 * the bundled server's answers rewritten on the way (a wrapped fetch), its fault hook, or its
 * specification dialect. Each difference must show in the table as "differ", besides the known
 * ones, and make the exit status 1.
 */

import assert from "node:assert/strict";
import {
  buildLiveUrl,
  exitStatus,
  formatReport,
  LIVE_REQUESTS,
  runLiveCheck,
} from "../../src/live/mod.ts";
import { type EcosServerOptions, startEcosServer } from "../../src/server/mod.ts";
import { factsOf, KEY, KNOWN_DIFFERENCES } from "./_known.ts";

/** Rewrites the answer to one request: its body, and its status if given. */
interface Rewrite {
  request: string;
  body?: (body: string) => string;
  status?: number;
}

interface Case {
  name: string;
  server?: EcosServerOptions;
  rewrite?: Rewrite;
  /** The facts that must differ besides the known ones. */
  differ: string[];
}

const CASES: Case[] = [
  {
    name: "INFO-100 comes with another message",
    rewrite: {
      request: "bad-key",
      body: (b) => b.replace(/"MESSAGE":"[^"]*"/, '"MESSAGE":"인증키가 유효하지 않습니다."'),
    },
    differ: ["INFO-100: a key no account has"],
  },
  {
    name: "ERROR-100 loses the line break inside its message",
    rewrite: { request: "args-missing", body: (b) => b.replace("\\n ", " ") },
    differ: ["ERROR-100: row numbers, no service arguments"],
  },
  {
    name: "a RESULT body comes with HTTP 500",
    rewrite: { request: "date-shape", status: 500 },
    differ: ["RESULT bodies: HTTP 200, no service wrapper"],
  },
  {
    name: "a table code that does not exist answers ERROR-500 (the server's fault hook)",
    server: {
      fault: (ctx) => ctx.args[0] === "000Y000" ? { kind: "code", code: "ERROR-500" } : undefined,
    },
    differ: ["INFO-200: a table code that does not exist"],
  },
  {
    name: "a bad format wins over a bad key",
    rewrite: {
      request: "order-key-format",
      body: () => "<RESULT><CODE>ERROR-200</CODE><MESSAGE>요청타입 값이 누락</MESSAGE></RESULT>",
    },
    differ: ["Order: a bad key wins over a bad format"],
  },
  {
    name: "the specification's dialect: SM spelt YYYYMMSMn, 100 key statistics of YYYYMM",
    server: { dialect: "spec" },
    differ: [
      "TIME labels of cycle SM (answered)",
      "KeyStatisticList: list_total_count",
      "KeyStatisticList: CYCLE label shapes",
    ],
  },
  {
    name: "quarters labelled 20231 rather than 2023Q1",
    rewrite: { request: "search-q", body: (b) => b.replaceAll(/"(\d{4})Q([1-4])"/g, '"$1$2"') },
    differ: ["TIME labels of cycle Q"],
  },
  {
    name: "rows 1 to 100000 refused",
    rewrite: {
      request: "page-100000",
      body: () =>
        '{"RESULT":{"CODE":"ERROR-301","MESSAGE":"조회건수 값의 타입이 유효하지 않습니다."}}',
    },
    differ: ["Exchange rate 731Y001 D: business days only", "Rows 1 to 100000 in one request"],
  },
  {
    name: "an end past the data counted to 209912",
    rewrite: {
      request: "end-future",
      body: (b) => b.replace(/"list_total_count":\d+/, '"list_total_count":912'),
    },
    differ: ["An end period after the latest (202401-209912)"],
  },
  {
    name: "the lone row of an XML answer missing",
    rewrite: { request: "keystats-xml", body: (b) => b.replace(/<row[\s\S]*<\/row>/, "") },
    differ: ["XML body: <Service><list_total_count>..<row>"],
  },
  {
    name: "empty XML values written <WGT></WGT>",
    rewrite: { request: "search-m-xml", body: (b) => b.replaceAll("<WGT/>", "<WGT></WGT>") },
    differ: ["XML: empty values are self-closing tags"],
  },
  {
    name: "the table list's rows without ORG_NAME",
    rewrite: { request: "tables", body: (b) => b.replace(/,"ORG_NAME":null/g, "") },
    differ: ["StatisticTableList: fields"],
  },
  {
    name: "a maintenance page instead of the key statistics",
    rewrite: {
      request: "keystats-json",
      body: () => "<html><body>점검 중입니다</body></html>",
    },
    differ: [
      "JSON body: {Service: {list_total_count, row}}",
      "KeyStatisticList: list_total_count",
      "An end row number past the total",
      "KeyStatisticList: row_count",
      "KeyStatisticList: CYCLE label shapes",
      "KeyStatisticList: CLASS_NAME order (it changes)",
      "Client: KeyStatisticList all paged, all dated",
      "Client: no query string appended",
    ],
  },
];

/** The bundled server's fetch with one request's answer rewritten. */
function rewriting(baseUrl: string, rewrite: Rewrite | undefined): typeof fetch {
  const request = LIVE_REQUESTS.find((r) => r.name === rewrite?.request);
  const target = request && buildLiveUrl(baseUrl, KEY, request).url;
  return async (input, init) => {
    const res = await fetch(input, init);
    if (rewrite === undefined || String(input) !== target) return res;
    const body = await res.text();
    return new Response(rewrite.body ? rewrite.body(body) : body, {
      status: rewrite.status ?? res.status,
      headers: res.headers,
    });
  };
}

/** The known differences and the case's, in table order (the order of KNOWN and the case). */
const inTableOrder = (facts: readonly string[], order: readonly string[]) =>
  [...facts].sort((a, b) => order.indexOf(a) - order.indexOf(b));

Deno.test("runLiveCheck() reports each fact a server changes, and exit status 1", async (t) => {
  for (const c of CASES) {
    await t.step(c.name, async () => {
      await using server = await startEcosServer({ keys: [KEY], ...c.server });
      const run = await runLiveCheck({
        apiKey: KEY,
        baseUrl: server.url,
        fetch: rewriting(server.url, c.rewrite),
      });
      const order = run.results.map((r) => r.fact);
      for (const fact of c.differ) assert.ok(order.includes(fact), `no fact ${fact}`);
      const want = inTableOrder([...new Set([...KNOWN_DIFFERENCES, ...c.differ])], order);
      assert.deepEqual(factsOf(run.results, "differ"), want);
      assert.equal(exitStatus(run.results), 1);
      const report = formatReport(run.results, run.exchanges);
      for (const fact of c.differ) {
        const line = report.split("\n").find((l) => l.startsWith(fact.slice(0, 40)));
        assert.match(line ?? "", / \| differ$/, fact);
        assert.ok(report.includes(`\n- ${fact}\n    expected: `), fact);
      }
    });
  }
});
