import assert from "node:assert/strict";
import { serverCatalogue, startEcosServer } from "../../src/server/mod.ts";
import { CYCLES } from "../../src/wire/period.ts";
import { KEY, page, type Query, request, requestJson, xmlValues } from "../testdata/server/http.ts";

const FIELDS = [
  "STAT_CODE",
  "STAT_NAME",
  "ITEM_CODE1",
  "ITEM_NAME1",
  "ITEM_CODE2",
  "ITEM_NAME2",
  "ITEM_CODE3",
  "ITEM_NAME3",
  "ITEM_CODE4",
  "ITEM_NAME4",
  "UNIT_NAME",
  "WGT",
  "TIME",
  "DATA_VALUE",
];

Deno.test("StatisticSearch answers JSON rows in the wire's field order and types", async () => {
  await using server = await startEcosServer({ keys: [KEY] });
  const got = await request(server, { args: ["722Y001", "M", "202401", "202403", "0101000"] });
  assert.equal(got.status, 200);
  assert.equal(got.type, "application/json; charset=utf-8");
  const body = JSON.parse(got.text);
  assert.deepEqual(Object.keys(body), ["StatisticSearch"]);
  assert.deepEqual(Object.keys(body.StatisticSearch), ["list_total_count", "row"]);
  assert.equal(body.StatisticSearch.list_total_count, 3);
  const rows = body.StatisticSearch.row;
  assert.equal(rows.length, 3);
  for (const row of rows) {
    assert.deepEqual(Object.keys(row), FIELDS);
    for (const v of Object.values(row)) assert.ok(v === null || typeof v === "string");
    assert.equal(row.STAT_CODE, "722Y001");
    assert.equal(row.ITEM_CODE1, "0101000");
    assert.equal(row.UNIT_NAME, "연%");
    assert.equal(row.ITEM_CODE2, null);
    assert.equal(row.ITEM_NAME4, null);
    assert.equal(row.WGT, null);
  }
  assert.deepEqual(rows.map((r: { TIME: string }) => r.TIME), ["202401", "202402", "202403"]);
  assert.deepEqual(rows.map((r: { DATA_VALUE: string }) => r.DATA_VALUE), ["3.5", "3.5", "3.5"]);
});

Deno.test("StatisticSearch answers XML with self-closing empty fields, the same rows as JSON", async () => {
  await using server = await startEcosServer({ keys: [KEY] });
  const args = ["731Y001", "D", "20240102", "20240110", "0000001"];
  const xml = await request(server, { format: "xml", language: "en", end: 100, args });
  assert.equal(xml.status, 200);
  assert.equal(xml.type, "application/xml; charset=utf-8");
  assert.match(
    xml.text,
    /^<\?xml version="1\.0" encoding="UTF-8"\?>\n<StatisticSearch><list_total_count number="true">7<\/list_total_count><row>/,
  );
  assert.match(xml.text, /<ITEM_CODE2\/><ITEM_NAME2\/>/);
  assert.match(xml.text, /<WGT\/>/);
  assert.ok(xml.text.endsWith("</row></StatisticSearch>"));
  const json = await page(server, { language: "en", end: 100, args });
  assert.deepEqual(xmlValues(xml.text, "TIME"), json.rows.map((r) => r.TIME));
  assert.deepEqual(xmlValues(xml.text, "DATA_VALUE"), json.rows.map((r) => r.DATA_VALUE));
  assert.deepEqual(xmlValues(xml.text, "UNIT_NAME"), json.rows.map((r) => r.UNIT_NAME));
  assert.equal(json.rows[0].ITEM_NAME1, "KRW/USD (Basic Rate)");
  // Weekends are skipped: 2024-01-06/07 are Saturday and Sunday.
  assert.deepEqual(json.rows.map((r) => r.TIME), [
    "20240102",
    "20240103",
    "20240104",
    "20240105",
    "20240108",
    "20240109",
    "20240110",
  ]);
});

Deno.test("StatisticSearch names rows in kr and en", async () => {
  await using server = await startEcosServer({ keys: [KEY] });
  const args = ["200Y101", "A", "2020", "2020", "10101"];
  const kr = await page(server, { language: "kr", end: 1, args });
  const en = await page(server, { language: "en", end: 1, args });
  assert.equal(kr.rows[0].STAT_NAME, "주요지표(연간지표)");
  assert.equal(en.rows[0].STAT_NAME, "Main Indicators (Annual)");
  assert.equal(kr.rows[0].UNIT_NAME, "십억원");
  assert.equal(en.rows[0].UNIT_NAME, "KRW billion");
  assert.equal(kr.rows[0].DATA_VALUE, en.rows[0].DATA_VALUE);
  assert.equal(kr.rows[0].DATA_VALUE, "2058466.5");
});

Deno.test("StatisticSearch pages by row numbers: totals, clipping, and pages that add up", async (t) => {
  await using server = await startEcosServer({ keys: [KEY] });
  const args = ["817Y002", "D", "20240101", "20241231"];
  const all = await page(server, { end: 100_000, args });
  assert.equal(all.rows.length, all.total);
  // 246 Korean business days in 2024 (262 weekdays less 16 closed ones).
  assert.equal(all.total, 6 * 246);

  await t.step("pages of 100 concatenate to the one big page", async () => {
    const pages = [];
    for (let start = 1; start <= all.total; start += 100) {
      const part = await page(server, { start, end: start + 99, args });
      assert.equal(part.total, all.total);
      pages.push(...part.rows);
    }
    assert.deepEqual(pages, all.rows);
  });

  await t.step("an end beyond the total is clipped", async () => {
    const tail = await page(server, { start: all.total - 4, end: all.total + 1000, args });
    assert.equal(tail.rows.length, 5);
    assert.deepEqual(tail.rows, all.rows.slice(-5));
  });

  await t.step("a single row page", async () => {
    const one = await page(server, { start: 7, end: 7, args });
    assert.deepEqual(one.rows, [all.rows[6]]);
  });

  await t.step("a start beyond the total is INFO-200", async () => {
    const body = await requestJson(server, { start: all.total + 1, end: all.total + 10, args });
    assert.equal(body.RESULT.CODE, "INFO-200");
  });

  await t.step("rows run item by item, then by time", () => {
    const items = all.rows.map((r) => r.ITEM_CODE1);
    const firstChange = items.findIndex((c) => c !== items[0]);
    assert.equal(firstChange, 246);
    const times = all.rows.slice(0, 246).map((r) => r.TIME);
    assert.deepEqual(times, [...times].sort());
  });
});

Deno.test("StatisticSearch labels every cycle in its own shape", async (t) => {
  await using server = await startEcosServer({ keys: [KEY] });
  const cases: [string, string, string, string, RegExp, number][] = [
    ["200Y101", "A", "2015", "2020", /^\d{4}$/, 6],
    ["105Y001", "S", "2020S1", "2021S2", /^\d{4}S[12]$/, 4],
    ["200Y102", "Q", "2023Q1", "2024Q4", /^\d{4}Q[1-4]$/, 8],
    ["901Y009", "M", "202301", "202312", /^\d{6}$/, 12],
    ["814Y002", "SM", "201801S1", "201806S2", /^\d{6}S[12]$/, 12],
    ["722Y001", "D", "20240201", "20240229", /^\d{8}$/, 29],
  ];
  assert.deepEqual(cases.map((c) => c[1]).sort(), [...CYCLES].sort());
  for (const [stat, cycle, start, end, shape, perItem] of cases) {
    await t.step(`${cycle} (${stat})`, async () => {
      const { rows } = await page(server, { end: 10_000, args: [stat, cycle, start, end] });
      assert.ok(rows.length > 0);
      assert.equal(rows.length % perItem, 0);
      for (const row of rows) assert.match(row.TIME, shape);
      assert.equal(rows[0].TIME, start);
      assert.equal(rows[perItem - 1].TIME, end);
    });
  }
});

Deno.test("StatisticSearch accepts both SM spellings and start == end", async () => {
  await using server = await startEcosServer({ keys: [KEY] });
  const spec = await page(server, {
    end: 100,
    args: ["814Y002", "SM", "201805SM2", "201805SM2", "1"],
  });
  const live = await page(server, {
    end: 100,
    args: ["814Y002", "SM", "201805S2", "201805S2", "1"],
  });
  assert.equal(spec.total, 1);
  assert.deepEqual(live, spec);
  // Answered in the live spelling (the default dialect) whichever spelling was asked.
  assert.equal(spec.rows[0].TIME, "201805S2");
});

Deno.test("StatisticSearch answers an end past its data as the live service does", async () => {
  await using server = await startEcosServer({ keys: [KEY] });
  // The rows up to the latest, list_total_count counting only those (live, 2026-09).
  const past = await page(server, {
    end: 100,
    args: ["722Y001", "M", "202401", "209912", "0101000"],
  });
  assert.equal(past.total, 33);
  assert.equal(past.rows.length, 33);
  assert.equal(past.rows[0]!.TIME, "202401");
  assert.equal(past.rows.at(-1)!.TIME, "202609");
  // A range wholly in the future: INFO-200 (live).
  const future = await requestJson(server, {
    args: ["722Y001", "D", "20991230", "20991231", "0101000"],
  });
  assert.equal(future.RESULT.CODE, "INFO-200");
});

Deno.test("StatisticSearch with start after end answers INFO-200", async () => {
  await using server = await startEcosServer({ keys: [KEY] });
  const body = await requestJson(server, { args: ["722Y001", "M", "202405", "202401"] });
  assert.equal(body.RESULT.CODE, "INFO-200");
});

Deno.test("StatisticSearch filters items by level, with ? or omission for any item", async (t) => {
  await using server = await startEcosServer({ keys: [KEY] });
  const range = ["601Y002", "M", "202401", "202401"];

  await t.step("no filter: every series (3 x 2 x 3 x 2)", async () => {
    const { total, rows } = await page(server, { end: 1000, args: range });
    assert.equal(total, 36);
    for (const r of rows) {
      for (const f of ["ITEM_CODE1", "ITEM_CODE2", "ITEM_CODE3", "ITEM_CODE4"]) {
        assert.equal(typeof r[f], "string");
      }
    }
  });

  await t.step("all four levels pick one series", async () => {
    const { total, rows } = await page(server, { args: [...range, "A", "C", "3", "P"] });
    assert.equal(total, 1);
    assert.deepEqual(
      [rows[0].ITEM_CODE1, rows[0].ITEM_CODE2, rows[0].ITEM_CODE3, rows[0].ITEM_CODE4],
      ["A", "C", "3", "P"],
    );
    assert.deepEqual(
      [rows[0].ITEM_NAME1, rows[0].ITEM_NAME2, rows[0].ITEM_NAME3, rows[0].ITEM_NAME4],
      ["서울", "신용카드", "온라인쇼핑", "개인"],
    );
  });

  await t.step("? in the middle matches any item at that level", async () => {
    const { total, rows } = await page(server, { end: 100, args: [...range, "A", "?", "3", "?"] });
    assert.equal(total, 4);
    assert.ok(rows.every((r) => r.ITEM_CODE1 === "A" && r.ITEM_CODE3 === "3"));
  });

  await t.step("trailing filters left out equal trailing ?", async () => {
    const short = await page(server, { end: 100, args: [...range, "B"] });
    const marks = await page(server, { end: 100, args: [...range, "B", "?", "?", "?"] });
    assert.equal(short.total, 12);
    assert.deepEqual(short, marks);
  });

  await t.step("a two-level table (999Y001) and a three-level table (999Y002)", async () => {
    const panel = await page(server, {
      end: 100,
      args: ["999Y001", "D", "20240102", "20240102", "03"],
    });
    assert.equal(panel.total, 8);
    assert.ok(panel.rows.every((r) => r.ITEM_CODE1 === "03" && r.ITEM_CODE3 === null));
    const labour = await page(server, {
      end: 100,
      args: ["999Y002", "M", "202401", "202401", "I61E", "2"],
    });
    assert.equal(labour.total, 4);
    assert.ok(labour.rows.every((r) => r.ITEM_CODE3 !== null && r.ITEM_CODE4 === null));
    assert.ok(labour.rows.every((r) => r.UNIT_NAME === "%"));
  });

  await t.step("an unknown item or a level the table lacks matches nothing", async () => {
    for (const extra of [["ZZ"], ["0101000", "X"]]) {
      const body = await requestJson(server, {
        args: ["722Y001", "D", "20240101", "20240102", ...extra],
      });
      assert.equal(body.RESULT.CODE, "INFO-200");
    }
  });
});

Deno.test("StatisticSearch carries item weights as WGT strings", async () => {
  await using server = await startEcosServer({ keys: [KEY] });
  const cpi = await page(server, { end: 100, args: ["901Y009", "M", "202001", "202001"] });
  assert.equal(cpi.total, 13);
  assert.equal(cpi.rows[0].WGT, "1000");
  assert.ok(cpi.rows.every((r) => typeof r.WGT === "string" && Number(r.WGT) > 0));
});

Deno.test('StatisticSearch answers missing values as the wire does: "-" or ""', async () => {
  await using server = await startEcosServer({ keys: [KEY] });
  const dash = await page(server, {
    end: 100,
    args: ["601Y002", "M", "201001", "201001", "X", "D", "1", "Q"],
  });
  assert.equal(dash.rows[0].DATA_VALUE, "-");
  const busan: Query = {
    end: 1000,
    args: ["601Y002", "M", "201001", "202608", "B", "C", "1", "P"],
  };
  const { rows } = await page(server, busan);
  assert.ok(rows.some((r) => r.DATA_VALUE === ""));
  assert.ok(
    rows.filter((r) => r.DATA_VALUE !== "").every((r) => Number.isFinite(Number(r.DATA_VALUE))),
  );
  const xml = await request(server, { ...busan, format: "xml" });
  assert.match(xml.text, /<DATA_VALUE\/>/);
  const bands = await page(server, { args: ["105Y001", "S", "2000S1", "2000S1", "2000", "BD"] });
  assert.equal(bands.rows[0].DATA_VALUE, "-");
});

Deno.test("StatisticSearch keeps the well-known series' calendars", async (t) => {
  await using server = await startEcosServer({ keys: [KEY] });

  await t.step("the daily base rate has a row for every calendar day", async () => {
    const { total, rows } = await page(server, {
      end: 1000,
      args: ["722Y001", "D", "20240101", "20241231", "0101000"],
    });
    assert.equal(total, 366);
    const days = rows.map((r) => r.TIME);
    assert.equal(days[0], "20240101");
    assert.equal(days.at(-1), "20241231");
    assert.ok(rows.every((r) => (Number(r.DATA_VALUE) * 100) % 25 === 0));
  });

  await t.step("the 3-year treasury yield is on Korean business days only", async () => {
    const { rows } = await page(server, {
      end: 1000,
      args: ["817Y002", "D", "20240101", "20241231", "010200000"],
    });
    assert.equal(rows.length, 246);
    for (const r of rows) {
      const d = new Date(
        `${r.TIME.slice(0, 4)}-${r.TIME.slice(4, 6)}-${r.TIME.slice(6)}T00:00:00Z`,
      );
      assert.ok(d.getUTCDay() >= 1 && d.getUTCDay() <= 5, r.TIME);
    }
    const days = new Set(rows.map((r) => r.TIME));
    // New Year, Seollal and its substitute, Chuseok, Christmas, the year-end closing day.
    for (const closed of ["20240101", "20240209", "20240212", "20240916", "20241225", "20241231"]) {
      assert.ok(!days.has(closed), closed);
    }
  });

  await t.step("every well-known code answers", async () => {
    const known: string[][] = [
      ["722Y001", "D", "20260930", "20260930", "0101000"],
      ["722Y001", "M", "202609", "202609", "0101000"],
      ["722Y001", "A", "2025", "2025", "0101000"],
      ["731Y001", "D", "20260930", "20260930", "0000001"],
      ["901Y009", "M", "202608", "202608", "0"],
      ["200Y101", "A", "2025", "2025", "10101"],
      ["200Y102", "Q", "2026Q2", "2026Q2", "10111"],
      ["817Y002", "D", "20260930", "20260930", "010200000"],
      ["105Y001", "S", "2026S1", "2026S1"],
      ["814Y002", "SM", "201812SM2", "201812SM2"],
    ];
    for (const args of known) {
      const { total } = await page(server, { end: 100, args });
      assert.ok(total >= 1, args.join("/"));
    }
  });

  await t.step("nothing is answered after the fixed end of the data", async () => {
    const body = await requestJson(server, { args: ["722Y001", "D", "20261001", "20301231"] });
    assert.equal(body.RESULT.CODE, "INFO-200");
  });
});

Deno.test("StatisticSearch's large table holds 265,088 rows and pages 10,000 rows fast", async () => {
  await using server = await startEcosServer({ keys: [KEY] });
  const args = ["999Y001", "D", "20000101", "20301231"];
  const info = serverCatalogue().find((c) => c.code === "999Y001")!;
  const expected = info.seriesCount * info.cycles[0]!.rowsPerSeries;
  // 64 series of 4,142 Korean business days (2010-01-04 to 2026-09-30).
  assert.equal(expected, 265_088);
  const first = await page(server, { end: 1, args });
  assert.equal(first.total, expected);
  const t0 = performance.now();
  const big = await page(server, { start: 200_001, end: 210_000, args });
  const ms = performance.now() - t0;
  assert.equal(big.rows.length, 10_000);
  assert.ok(ms < 1000, `a 10,000-row page took ${ms.toFixed(0)} ms`);
  const last = await page(server, { start: expected, end: expected + 5, args });
  assert.equal(last.rows.length, 1);
  assert.equal(last.rows[0].ITEM_CODE1, "08");
  assert.equal(last.rows[0].ITEM_CODE2, "M");
  assert.equal(last.rows[0].TIME, "20260930");
});

Deno.test("StatisticSearch answers the same bytes twice and across server instances", async () => {
  const query = { end: 500, args: ["731Y001", "D", "20200101", "20201231"] };
  let first: string;
  {
    await using a = await startEcosServer({ keys: [KEY] });
    first = (await request(a, query)).text;
    assert.equal((await request(a, query)).text, first);
  }
  await using b = await startEcosServer({ keys: [KEY] });
  assert.equal((await request(b, query)).text, first);
});

Deno.test("serverCatalogue() agrees with the answers' totals", async () => {
  await using server = await startEcosServer({ keys: [KEY] });
  for (const table of serverCatalogue()) {
    for (const c of table.cycles) {
      const { total } = await page(server, {
        end: 1,
        args: [table.code, c.cycle, c.first, c.last],
      });
      assert.equal(total, table.seriesCount * c.rowsPerSeries, `${table.code} ${c.cycle}`);
    }
  }
});

Deno.test("the guide's StatisticSearch sample answers the same rows with or without trailing ?/?/?", async () => {
  await using server = await startEcosServer({ keys: [KEY] });
  const args = ["200Y101", "A", "2020", "2023", "10101"];
  const plain = await page(server, { end: 10, args });
  const marked = await page(server, { end: 10, args: [...args, "?", "?", "?"] });
  assert.equal(plain.total, 4);
  assert.deepEqual(marked, plain);
  assert.deepEqual(plain.rows.map((r) => r.TIME), ["2020", "2021", "2022", "2023"]);
});
