/**
 * Table search over the whole catalogue, offline: concepts, Korean and Latin matching, group
 * names, ranking, the list's language, and what a search that finds nothing suggests.
 */

import assert from "node:assert/strict";
import type { DataFrame } from "../../src/deps.ts";
import { catalogueFrame } from "../../src/discovery/catalogue.ts";
import { searchTablesIn } from "../../src/discovery/mod.ts";
import { searchHint } from "../../src/discovery/table_search.ts";
import { VOCABULARY } from "../../src/discovery/vocabulary.ts";
import { CATALOGUE_ROWS } from "../../src/discovery/catalogue_data.ts";
import { bundledTables } from "../testdata/bundled_tables.ts";

const codes = (df: DataFrame) => df.getColumn("STAT_CODE").toArray() as string[];
const search = (text: string, tables = catalogueFrame()) => codes(searchTablesIn(tables, text));

Deno.test("searchTablesIn() finds Korean with or without spaces, by part of a word, or by initial consonants", () => {
  for (const text of ["기준금리", "기준 금리", "준금", "ㄱㅈㄱㄹ", "한국은행 기준금리"]) {
    assert.equal(search(text)[0], "722Y001", text);
  }
  assert.equal(search("ㅅㅂㅈㅁㄱㅈㅅ")[0], "901Y009", "소비자물가지수 by its initials");
});

Deno.test("searchTablesIn() matches Latin script by whole words, singular or plural: rate never finds Generated", () => {
  const en = bundledTables("en");
  const rate = search("rate", en);
  assert.ok(!rate.includes("999Y001"), "Generated Daily Market Panel");
  // The names that hold the word first; then tables under groups that do ("Interest Rates").
  assert.deepEqual(rate.slice(0, 3).sort(), ["722Y001", "731Y001", "817Y002"]);
  assert.ok(rate.includes("721Y001"), "시장금리(월,분기,년) under Market Interest Rates");
  assert.deepEqual(search("rates", en), rate);
  assert.deepEqual(search("Index", en), search("indices", en));
  assert.ok(search("index", en).includes("901Y062"), "Housing Sale Price Index (KB)");
  // Latin words inside Korean names count as words too.
  assert.ok(search("M2 경제주체별").includes("161Y009"));
});

Deno.test("searchTablesIn() finds tables by the names of the groups above them", () => {
  // 181Y001 차주당 가계대출 신규취급액 sits under 1.6. 차주별 가계부채.
  const found = search("가계부채");
  assert.ok(found.includes("181Y001") && found.includes("181Y014"));
  assert.equal(found[0], "151Y001", "the concept first: 가계신용(업권별, 분기)");
});

Deno.test("searchTablesIn() finds a table by the names of its items where known, in a list of English names", () => {
  // The named series' titles: 817Y002 holds "Call rate, overnight (all transactions)".
  assert.deepEqual(search("overnight", bundledTables("en")), ["817Y002"]);
  assert.deepEqual(search("KRW per EUR", bundledTables("en")), ["731Y001"]);
  assert.deepEqual(search("overnight", bundledTables("kr")), []);
});

Deno.test("searchTablesIn() ranks the concept first, then name matches, then group matches", () => {
  const found = searchTablesIn(catalogueFrame(), "지급결제");
  const names = found.getColumn("STAT_NAME").toArray() as string[];
  // The concept's tables, in the vocabulary's order.
  assert.deepEqual(codes(found).slice(0, 3), ["603Y010", "606Y002", "602Y001"]);
  // Then the tables whose name holds it (전자지급결제대행), then the rest of 7. 지급결제, found
  // by their group.
  const tiers = names.slice(3).map((n) => n.includes("지급결제") ? 1 : 2);
  assert.deepEqual(tiers.slice(0, 2), [1, 2]);
  assert.deepEqual(tiers, tiers.slice().sort());
  assert.ok(found.height > 10);
  // A name match before a group match: 주식시장 names two tables; the rest of its group follows.
  const stocks = search("주식");
  assert.deepEqual(stocks.slice(0, 2), ["802Y001", "901Y014"]);
});

Deno.test("searchTablesIn() puts current tables before those of an old base year or a closed range", () => {
  const m2 = search("M2 상품별 구성내역");
  const current = m2.indexOf("161Y005");
  const old = m2.indexOf("101Y003"); // 1.7. 통화/유동성(구지표)
  assert.ok(current >= 0 && old > current, `${current} ${old}`);
  const bsi = search("기업경기조사");
  assert.ok(bsi.indexOf("512Y013") < bsi.indexOf("512Y017"), "(구)실적(~2012.6) after");
  const houses = search("유형별 주택매매가격지수");
  assert.deepEqual(houses, ["901Y113", "901Y093"], "기준월: 2025.03 before 2021.06");
});

Deno.test("searchTablesIn() maps English terms through the vocabulary only for a list of English names", () => {
  assert.equal(search("CPI", bundledTables("en"))[0], "901Y009");
  assert.equal(search("inflation", bundledTables("en"))[0], "901Y009");
  // A Korean list is searched by its Korean names: English words find nothing there.
  assert.deepEqual(search("base rate", bundledTables("kr")), []);
  assert.deepEqual(search("inflation"), []);
  assert.equal(search("인플레이션")[0], "901Y009");
});

Deno.test("searchTablesIn() matches a word without letters in codes only; a code finds its table", () => {
  assert.deepEqual(search("1."), []);
  assert.equal(search("722")[0], "722Y001");
  assert.deepEqual(search("722Y001"), ["722Y001"]);
  assert.equal(search("").length, 609, "no words: every searchable table");
  assert.deepEqual(search("").slice(0, 2), ["102Y004", "102Y002"], "in the tree's order");
});

Deno.test("searchHint() suggests close words and the named series that fit, in one line", () => {
  assert.equal(searchHint("inflaton"), "close words: inflation; named series: cpi, core_cpi");
  assert.match(
    searchHint("unemploymnt"),
    /^close words: unemployment; named series: .*unemployment_rate/,
  );
  assert.match(searchHint("policy rate"), /named series: base_rate/);
  assert.equal(searchHint("zzzz qqqq"), "");
  assert.ok(!searchHint("inflaton").includes("\n"));
});

Deno.test("the vocabulary cites its source and names only searchable tables of the catalogue", () => {
  const searchable = new Map(
    CATALOGUE_ROWS.filter((r) => r.SRCH_YN === "Y").map((r) => [r.STAT_CODE, r.STAT_NAME]),
  );
  assert.ok(VOCABULARY.length >= 60);
  for (const concept of VOCABULARY) {
    assert.ok(concept.en.length + concept.kr.length > 0);
    for (const code of concept.tables) assert.ok(searchable.has(code), code);
    // The source names the first table, by code and by its ECOS name.
    const first = concept.tables[0]!;
    assert.ok(concept.source.includes(first), `${first}: ${concept.source}`);
    const name = searchable.get(first)!.replace(/^(\d+\.)+ /, "").replace(/\(.*$/, "");
    assert.ok(concept.source.includes(name), `${first} ${name}: ${concept.source}`);
  }
});
