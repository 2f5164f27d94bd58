import assert from "node:assert/strict";
import { EcosClient } from "../../src/client/mod.ts";
import { isEcosError } from "../../src/errors.ts";
import { pl } from "../../src/deps.ts";
import {
  STATISTIC_ITEM_LIST_SCHEMA,
  STATISTIC_META_SCHEMA,
  STATISTIC_TABLE_LIST_SCHEMA,
  STATISTIC_WORD_SCHEMA,
} from "../../src/wire/columns.ts";

/** A fetch that answers canned bodies by service and records every URL. */
function canned(bodies: Record<string, unknown>) {
  const urls: string[] = [];
  const fetchImpl = (url: string | URL | Request) => {
    urls.push(String(url));
    const service = new URL(String(url)).pathname.split("/")[2] ?? "";
    return Promise.resolve(
      new Response(
        JSON.stringify(bodies[service] ?? { RESULT: { CODE: "INFO-200", MESSAGE: "" } }),
      ),
    );
  };
  return { fetchImpl: fetchImpl as typeof fetch, urls };
}

Deno.test("EcosClient reads its defaults, and works without --allow-env", {
  permissions: { env: false },
}, () => {
  const client = new EcosClient();
  assert.equal(client.baseUrl, "https://ecos.bok.or.kr/api");
  assert.equal(client.format, "json");
  assert.equal(client.language, "kr");
  assert.equal(client.pageSize, 10); // the sample key
  assert.equal(client.concurrency, 4);
  assert.equal(new EcosClient({ apiKey: "mine" }).pageSize, 50_000);
  assert.equal(new EcosClient({ baseUrl: "https://x/api///" }).baseUrl, "https://x/api");
});

Deno.test("EcosClient rejects bad options at construction", () => {
  assert.throws(
    () => new EcosClient({ concurrency: 0 }),
    (e: unknown) => isEcosError(e) && e.code === "INVALID_ARGUMENT",
  );
});

Deno.test("statisticSearch() sends nothing when the query is invalid", async () => {
  const { fetchImpl, urls } = canned({});
  const client = new EcosClient({ apiKey: "k", fetch: fetchImpl, rateLimit: false, cache: false });
  await assert.rejects(
    client.statisticSearch({
      statCode: "722Y001",
      cycle: "M",
      start: "202001",
      end: "202012",
      items: ["1", "2", "3", "4", "5"],
    }),
    /^EcosError: Cannot query more than 4 item codes: got 5$/,
  );
  await assert.rejects(client.statisticTableList("x/y"), /statCode/);
  assert.equal(urls.length, 0);
});

Deno.test("the lookup services give typed frames with the wire's fields", async () => {
  const { fetchImpl, urls } = canned({
    StatisticTableList: {
      StatisticTableList: {
        list_total_count: 2,
        row: [
          {
            P_STAT_CODE: "*",
            STAT_CODE: "0000000001",
            STAT_NAME: "1. 통화/금융",
            CYCLE: null,
            SRCH_YN: "N",
            ORG_NAME: null,
          },
          {
            P_STAT_CODE: "0000000001",
            STAT_CODE: "722Y001",
            STAT_NAME: "1.3.1. 한국은행 기준금리",
            CYCLE: "D",
            SRCH_YN: "Y",
            ORG_NAME: "한국은행",
          },
        ],
      },
    },
    StatisticItemList: {
      StatisticItemList: {
        list_total_count: 1,
        row: [{
          STAT_CODE: "722Y001",
          STAT_NAME: "x",
          GRP_CODE: "Group1",
          GRP_NAME: "g",
          ITEM_CODE: "0101000",
          ITEM_NAME: "기준금리",
          P_ITEM_CODE: null,
          P_ITEM_NAME: null,
          CYCLE: "D",
          START_TIME: "19990506",
          END_TIME: "20240930",
          DATA_CNT: 9280,
          UNIT_NAME: "연%",
          WEIGHT: null,
        }],
      },
    },
    StatisticWord: {
      StatisticWord: { list_total_count: 1, row: [{ WORD: "소비자물가지수", CONTENT: "..." }] },
    },
    StatisticMeta: {
      StatisticMeta: {
        list_total_count: 1,
        row: [{
          LVL: "2",
          P_CONT_CODE: "0000000040",
          CONT_CODE: "0000000042",
          CONT_NAME: "작성목적",
          META_DATA: "...",
        }],
      },
    },
  });
  const client = new EcosClient({
    apiKey: "k",
    baseUrl: "https://ecos.test/api",
    fetch: fetchImpl,
    rateLimit: false,
    cache: false,
  });
  const tables = await client.statisticTableList();
  assert.deepEqual(tables.columns, STATISTIC_TABLE_LIST_SCHEMA.map((c) => c.name));
  assert.deepEqual(tables.getColumn("CYCLE").toArray(), [null, "D"]);
  const items = await client.statisticItemList("722Y001");
  assert.deepEqual(items.columns, STATISTIC_ITEM_LIST_SCHEMA.map((c) => c.name));
  assert.ok(items.getColumn("DATA_CNT").dtype.equals(pl.Int64));
  assert.equal(Number(items.getColumn("DATA_CNT").get(0)), 9280);
  const word = await client.statisticWord("소비자물가지수", { language: "en" });
  assert.deepEqual(word.columns, STATISTIC_WORD_SCHEMA.map((c) => c.name));
  const meta = await client.statisticMeta("경제심리지수", { format: "xml" });
  assert.deepEqual(meta.columns, STATISTIC_META_SCHEMA.map((c) => c.name));
  assert.deepEqual(urls, [
    "https://ecos.test/api/StatisticTableList/k/json/kr/1/50000",
    "https://ecos.test/api/StatisticItemList/k/json/kr/1/50000/722Y001",
    `https://ecos.test/api/StatisticWord/k/json/en/1/50000/${encodeURIComponent("소비자물가지수")}`,
    `https://ecos.test/api/StatisticMeta/k/xml/kr/1/50000/${encodeURIComponent("경제심리지수")}`,
  ]);
  const empty = await new EcosClient({
    apiKey: "k",
    fetch: canned({}).fetchImpl,
    rateLimit: false,
    cache: false,
  })
    .statisticWord("없음");
  assert.equal(empty.height, 0);
  assert.deepEqual(empty.columns, ["WORD", "CONTENT"]);
});
