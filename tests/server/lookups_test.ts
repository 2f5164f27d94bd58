import assert from "node:assert/strict";
import { CATALOGUE_ROWS } from "../../src/discovery/catalogue_data.ts";
import { startEcosServer } from "../../src/server/mod.ts";
import {
  KEY,
  page,
  type Query,
  request,
  requestJson,
  xmlRoot,
  xmlValues,
} from "../testdata/server/http.ts";

/** More rows than any lookup holds: the whole list in one page. */
const EVERY_ROW = 100_000;
/** Every key statistic. */
const KEY_STATS: Query = { service: "KeyStatisticList", end: EVERY_ROW };
/** The whole of each lookup; a test adds its arguments. */
const TABLES: Query = { service: "StatisticTableList", end: EVERY_ROW };
const ITEMS: Query = { service: "StatisticItemList", end: EVERY_ROW };
const WORDS: Query = { service: "StatisticWord", end: EVERY_ROW };
const META: Query = { service: "StatisticMeta", end: EVERY_ROW };

Deno.test("KeyStatisticList: 101 indicators in groups, paged, with row_count", async (t) => {
  await using server = await startEcosServer({ keys: [KEY] });
  const whole = await page(server, KEY_STATS);
  assert.equal(whole.total, 101);
  const rows = whole.rows;

  await t.step("fields and groups", () => {
    for (const row of rows) {
      assert.deepEqual(Object.keys(row), [
        "CLASS_NAME",
        "KEYSTAT_NAME",
        "DATA_VALUE",
        "CYCLE",
        "UNIT_NAME",
      ]);
      assert.ok(Object.values(row).every((v) => typeof v === "string"));
      assert.ok(Number.isFinite(Number(row.DATA_VALUE)), row.KEYSTAT_NAME);
    }
    const groups = new Set(rows.map((r) => r.CLASS_NAME));
    assert.ok(groups.size >= 8 && groups.size <= 12, [...groups].join());
    for (
      const g of ["금리", "통화량", "환율", "물가", "경기", "국민소득", "고용", "국제수지"]
    ) {
      assert.ok(groups.has(g), g);
    }
    // The 2026 order: exchange rates, then rates.
    assert.deepEqual([...groups].slice(0, 2), ["환율", "금리"]);
    // Groups are contiguous.
    const order = rows.map((r) => r.CLASS_NAME).filter((g, i, a) => g !== a[i - 1]);
    assert.equal(order.length, groups.size);
  });

  await t.step("pages concatenate; JSON carries row_count after list_total_count", async () => {
    const paged: typeof rows = [];
    for (let start = 1; start <= 101; start += 30) {
      const body = await requestJson(server, { ...KEY_STATS, start, end: start + 29 });
      assert.deepEqual(Object.keys(body.KeyStatisticList), [
        "list_total_count",
        "row_count",
        "row",
      ]);
      assert.equal(body.KeyStatisticList.row_count, body.KeyStatisticList.row.length);
      paged.push(...body.KeyStatisticList.row);
    }
    assert.deepEqual(paged, rows);
  });

  await t.step("XML has row_count and the same rows", async () => {
    const xml = xmlRoot((await request(server, { ...KEY_STATS, format: "xml", end: 101 })).text);
    assert.match(
      xml,
      /^<KeyStatisticList><list_total_count number="true">101<\/list_total_count><row_count number="true">101<\/row_count><row>/,
    );
    assert.deepEqual(xmlValues(xml, "KEYSTAT_NAME"), rows.map((r) => r.KEYSTAT_NAME));
  });

  await t.step("English names and units", async () => {
    const en = (await page(server, { ...KEY_STATS, language: "en" })).rows;
    assert.equal(en.length, 101);
    assert.equal(en[0].CLASS_NAME, "Exchange rates");
    assert.deepEqual(en.map((r) => r.DATA_VALUE), rows.map((r) => r.DATA_VALUE));
    assert.ok(en.every((r) => !/[가-힣]/.test(r.KEYSTAT_NAME + r.UNIT_NAME + r.CLASS_NAME)));
  });
});

Deno.test("KeyStatisticList agrees with the bundled tables where they overlap", async () => {
  for (const dialect of ["spec", "live"] as const) {
    await using server = await startEcosServer({ keys: [KEY], dialect });
    const rows = (await page(server, KEY_STATS)).rows;
    const find = (name: string) => rows.find((r) => r.KEYSTAT_NAME === name)!;
    const value = async (args: string[]) =>
      (await page(server, { end: 1, args })).rows[0].DATA_VALUE;
    const base = find("한국은행 기준금리");
    assert.equal(base.DATA_VALUE, await value(["722Y001", "D", "20260930", "20260930", "0101000"]));
    assert.equal(base.CYCLE, dialect === "live" ? "20260930" : "202609");
    const usd = find("원/달러 환율(매매기준율)");
    assert.equal(usd.DATA_VALUE, await value(["731Y001", "D", "20260930", "20260930", "0000001"]));
    const cpi = find("소비자물가지수");
    assert.equal(cpi.DATA_VALUE, await value(["901Y009", "M", "202608", "202608", "0"]));
    assert.equal(cpi.CYCLE, "202608");
    const growth = find("경제성장률(실질, 계절조정 전기대비)");
    assert.equal(growth.DATA_VALUE, await value(["200Y102", "Q", "2026Q2", "2026Q2", "10111"]));
    assert.equal(growth.CYCLE, dialect === "live" ? "2026Q2" : "202606");
    const ktb = find("국고채수익률(3년)");
    assert.equal(
      ktb.DATA_VALUE,
      await value(["817Y002", "D", "20260930", "20260930", "010200000"]),
    );
  }
});

Deno.test("StatisticTableList: a tree with * roots, groups without cycle, searchable tables", async () => {
  await using server = await startEcosServer({ keys: [KEY] });
  const tree = await page(server, TABLES);
  assert.equal(tree.total, tree.rows.length);
  const row = tree.rows;
  const codes = new Set(row.map((r) => r.STAT_CODE));
  for (const r of row) {
    assert.deepEqual(Object.keys(r), [
      "P_STAT_CODE",
      "STAT_CODE",
      "STAT_NAME",
      "CYCLE",
      "SRCH_YN",
      "ORG_NAME",
    ]);
    assert.ok(r.P_STAT_CODE === "*" || codes.has(r.P_STAT_CODE), r.STAT_CODE);
    if (r.SRCH_YN === "N") {
      assert.match(r.STAT_CODE, /^\d{10}$/);
      assert.equal(r.CYCLE, null);
      assert.equal(r.ORG_NAME, null);
    } else {
      assert.equal(r.SRCH_YN, "Y");
      assert.match(r.CYCLE, /^(A|S|Q|M|SM|D)$/);
      assert.ok(r.ORG_NAME === null || typeof r.ORG_NAME === "string");
    }
  }
  assert.ok(row.some((r) => r.P_STAT_CODE === "*"));
  for (
    const code of [
      "722Y001",
      "731Y001",
      "901Y009",
      "200Y101",
      "200Y102",
      "817Y002",
      "105Y001",
      "814Y002",
      "102Y004",
      "513Y001",
      "999Y001",
    ]
  ) {
    assert.ok(codes.has(code), code);
  }
});

Deno.test("StatisticTableList numbers every STAT_NAME as the live tree does: under its parent's number", async () => {
  await using server = await startEcosServer({ keys: [KEY] });
  const rows = (await page(server, TABLES)).rows;
  const numberOf = new Map<string, string>();
  for (const r of rows) {
    // The live numbering is the parent's number and a place; it may skip or repeat a place
    // ("2.2.1.2." with no "2.2.1.1.", "8.7.1.5." twice), so only the prefix is held.
    const number = /^((?:\d+\.)+) /.exec(r.STAT_NAME)?.[1];
    assert.ok(number !== undefined, r.STAT_NAME);
    const parent = r.P_STAT_CODE === "*" ? "" : numberOf.get(r.P_STAT_CODE);
    assert.ok(parent !== undefined, `${r.STAT_CODE} comes before its parent`);
    assert.match(number.slice(parent.length), /^\d+\.$/, `${r.STAT_CODE}: ${r.STAT_NAME}`);
    assert.ok(number.startsWith(parent), `${r.STAT_CODE}: ${r.STAT_NAME}`);
    numberOf.set(r.STAT_CODE, number);
  }
  assert.equal(rows[0].STAT_NAME, "1. 통화/금융");
  assert.equal(rows.find((r) => r.STAT_CODE === "903Y205").STAT_NAME.slice(0, 9), "8.7.1.5. ");
  // The sample tables the live service lacks come last, under a root of their own.
  assert.deepEqual(rows.slice(-4).map((r) => r.STAT_NAME.split(" ")[0]), [
    "10.",
    "10.1.",
    "10.1.1.",
    "10.1.2.",
  ]);
});

Deno.test("StatisticTableList lists every row of the catalogue snapshot, in its order, and the sample tables it lacks", async () => {
  await using server = await startEcosServer({ keys: [KEY] });
  const kr = await page(server, TABLES);
  assert.equal(kr.total, 838, "834 snapshot rows, 2 sample groups, 2 sample tables");
  assert.equal(kr.rows.filter((r) => r.SRCH_YN === "Y").length, 611);
  assert.deepEqual(
    kr.rows.slice(0, 834).map((r) => r.STAT_CODE),
    CATALOGUE_ROWS.map((r) => r.STAT_CODE),
  );
  const row = (rows: Record<string, string | null>[], code: string) =>
    rows.find((r) => r.STAT_CODE === code);
  assert.deepEqual(row(kr.rows, "102Y001"), {
    P_STAT_CODE: "0000000622",
    STAT_CODE: "102Y001",
    STAT_NAME: "1.1.1.1.4. 본원통화 구성내역(말잔, 원계열)",
    CYCLE: "M",
    SRCH_YN: "Y",
    ORG_NAME: null,
  });
  // Under en: a sample table's English name; a table without sample data keeps its Korean one.
  const en = await page(server, { ...TABLES, language: "en" });
  assert.equal(en.total, 838);
  assert.equal(row(en.rows, "901Y009")?.STAT_NAME, "4.2.1. Consumer Price Indices (2020=100)");
  assert.equal(row(en.rows, "102Y001")?.STAT_NAME, "1.1.1.1.4. 본원통화 구성내역(말잔, 원계열)");
});

Deno.test("A table of the catalogue without sample data answers as the live service answers no match: INFO-200", async () => {
  await using server = await startEcosServer({ keys: [KEY] });
  for (
    const query of [
      { service: "StatisticItemList", args: ["102Y001"] },
      { service: "StatisticSearch", args: ["102Y001", "M", "202001", "202012"] },
    ]
  ) {
    const body = await requestJson(server, { ...query, end: 10 });
    assert.deepEqual(body, {
      RESULT: { CODE: "INFO-200", MESSAGE: "해당하는 데이터가 없습니다." },
    });
  }
  const one = await page(server, { ...TABLES, args: ["102Y001"] });
  assert.equal(one.total, 1);
});

Deno.test("StatisticTableList leaves ORG_NAME null on almost every row: groups and the Bank's own tables", async () => {
  await using server = await startEcosServer({ keys: [KEY] });
  const rows = (await page(server, TABLES)).rows;
  const named = rows.filter((r) => r.ORG_NAME !== null);
  assert.ok(named.length * 4 < rows.length, `${named.length} of ${rows.length} rows name an org`);
  assert.ok(named.every((r) => r.SRCH_YN === "Y" && r.ORG_NAME !== "한국은행"));
  assert.equal(rows.find((r) => r.STAT_CODE === "901Y009").ORG_NAME, "통계청");
  assert.equal(rows.find((r) => r.STAT_CODE === "722Y001").ORG_NAME, null);
});

Deno.test("StatisticTableList/{code}: a table alone, or a group with everything under it", async () => {
  await using server = await startEcosServer({ keys: [KEY] });
  const one = await page(server, { ...TABLES, language: "en", args: ["722Y001"] });
  assert.equal(one.total, 1);
  assert.equal(one.rows[0].STAT_NAME, "1.3.1. Bank of Korea Base Rate and Lending/Deposit Rates");
  const root = (await page(server, TABLES)).rows.find((r) => r.P_STAT_CODE === "*")!;
  const subtree = await page(server, { ...TABLES, args: [root.STAT_CODE] });
  assert.ok(subtree.total > 2);
  assert.equal(subtree.rows[0].STAT_CODE, root.STAT_CODE);
});

Deno.test("StatisticTableList pages the tree by row numbers", async () => {
  await using server = await startEcosServer({ keys: [KEY] });
  const tree = await page(server, TABLES);
  const middle = await page(server, { ...TABLES, start: 2, end: 3 });
  assert.deepEqual(middle.rows, tree.rows.slice(1, 3));
});

Deno.test("StatisticItemList: one row per item and cycle, DATA_CNT a number that StatisticSearch agrees with", async () => {
  await using server = await startEcosServer({ keys: [KEY] });
  const base = (await page(server, { ...ITEMS, args: ["722Y001"] })).rows;
  const fields = [
    "STAT_CODE",
    "STAT_NAME",
    "GRP_CODE",
    "GRP_NAME",
    "ITEM_CODE",
    "ITEM_NAME",
    "P_ITEM_CODE",
    "P_ITEM_NAME",
    "CYCLE",
    "START_TIME",
    "END_TIME",
    "DATA_CNT",
    "UNIT_NAME",
    "WEIGHT",
  ];
  for (const r of base) assert.deepEqual(Object.keys(r), fields);
  const rate = base.filter((r) => r.ITEM_CODE === "0101000");
  assert.deepEqual(rate.map((r) => r.CYCLE), ["D", "M", "Q", "A"]);
  const daily = rate[0];
  assert.equal(typeof daily.DATA_CNT, "number");
  assert.equal(daily.END_TIME, "20260930");
  const search = await requestJson(server, {
    end: 1,
    args: ["722Y001", "D", daily.START_TIME, daily.END_TIME, "0101000"],
  });
  assert.equal(search.StatisticSearch.list_total_count, daily.DATA_CNT);
});

Deno.test("StatisticItemList carries weights and parent items (901Y009)", async () => {
  await using server = await startEcosServer({ keys: [KEY] });
  const cpi = (await page(server, { ...ITEMS, language: "en", args: ["901Y009"] })).rows;
  assert.equal(cpi[0].WEIGHT, "1000");
  const food = cpi.find((r) => r.ITEM_CODE === "A")!;
  assert.equal(food.P_ITEM_CODE, "0");
  assert.equal(food.P_ITEM_NAME, "All items");
});

Deno.test("StatisticItemList groups a four-level table's items as Group1..Group4 (601Y002)", async () => {
  await using server = await startEcosServer({ keys: [KEY] });
  const cards = (await page(server, { ...ITEMS, args: ["601Y002"] })).rows;
  assert.deepEqual([...new Set(cards.map((r) => r.GRP_CODE))], [
    "Group1",
    "Group2",
    "Group3",
    "Group4",
  ]);
});

Deno.test("StatisticItemList in XML: DATA_CNT as a number, a null WEIGHT self-closing", async () => {
  await using server = await startEcosServer({ keys: [KEY] });
  const xml = (await request(server, { ...ITEMS, format: "xml", end: 2, args: ["601Y002"] })).text;
  assert.match(xml, /<DATA_CNT number="true">200<\/DATA_CNT>/);
  assert.match(xml, /<WEIGHT\/>/);
});

Deno.test("StatisticWord: substring match in the glossary, answered in kr or en", async () => {
  await using server = await startEcosServer({ keys: [KEY] });
  const kr = await page(server, { ...WORDS, args: ["물가"] });
  assert.ok(kr.total >= 2);
  for (const r of kr.rows) {
    assert.deepEqual(Object.keys(r), ["WORD", "CONTENT"]);
    assert.ok(r.WORD.includes("물가"));
    assert.ok(r.CONTENT.length > 0);
  }
  const en = await page(server, { ...WORDS, language: "en", args: ["기준금리"] });
  assert.equal(en.rows[0].WORD, "Base rate");
  const none = await requestJson(server, { service: "StatisticWord", args: ["없는말"] });
  assert.equal(none.RESULT.CODE, "INFO-200");
});

Deno.test("StatisticMeta: a table's description, found by name", async () => {
  await using server = await startEcosServer({ keys: [KEY] });
  const meta = await page(server, { ...META, args: ["시장금리(일별)"] });
  assert.ok(meta.total >= 5);
  for (const r of meta.rows) {
    assert.deepEqual(Object.keys(r), ["LVL", "P_CONT_CODE", "CONT_CODE", "CONT_NAME", "META_DATA"]);
    assert.match(r.LVL, /^[12]$/);
  }
  assert.equal(meta.rows[0].META_DATA, "시장금리(일별)");
  assert.ok(meta.rows.some((r) => r.LVL === "2" && r.P_CONT_CODE === "04"));
  // Top-level entries have no parent: null, as on the live service.
  assert.ok(meta.rows.filter((r) => r.LVL === "1").every((r) => r.P_CONT_CODE === null));
  assert.ok(meta.rows.some((r) => String(r.META_DATA).includes("공식 통계가 아닙니다")));
  const en = await page(server, {
    ...META,
    language: "en",
    args: ["market interest rates (daily)"],
  });
  assert.equal(en.rows[0].META_DATA, "Market Interest Rates (Daily)");
  const none = await requestJson(server, { service: "StatisticMeta", args: ["없는 통계"] });
  assert.equal(none.RESULT.CODE, "INFO-200");
});
