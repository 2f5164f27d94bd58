import assert from "node:assert/strict";
import { baseUnit, parseUnit, sameUnit, type UnitKind } from "../../src/analysis/units.ts";
import { TABLES } from "../../src/server/data/catalogue.ts";

/**
 * Every UNIT_NAME found in the evidence, with what it must read as. Sources:
 * - ITEMS: github.com/choo121600/ecos-reader tests/fixtures/ecos_item_catalog.json (the units
 *   of StatisticItemList rows, kept with the service's trailing spaces; "None" there is null).
 * - WIRE: the project's wire notes (captured StatisticSearch bodies: 연%, 원, "원 " with a
 *   trailing space in 2023, 2020=100, 십억원, %).
 * - KEYSTATS: the key statistic list as the bundled server answers it
 *   (src/server/data/key_stats.ts), Korean units and their English (`en`) spellings.
 * - TABLES: the bundled tables (src/server/data/tables/), Korean and English.
 * - ETORCH: github.com/Seungwoo321/etorch-server scripts/README.md (a GDP in 억달러).
 */
const EVIDENCE: readonly [
  unit: string | null,
  kind: UnitKind,
  scale: number,
  currency: string | null,
  source: string,
][] = [
  // Korean: money.
  ["원", "money", 1, "KRW", "ITEMS 731Y001; WIRE; KEYSTATS"],
  ["원 ", "money", 1, "KRW", "WIRE (2023 bodies)"],
  ["천원", "money", 1e3, "KRW", "ITEMS 901Y014; KEYSTATS"],
  ["만원", "money", 1e4, "KRW", "TABLES national_accounts.ts"],
  ["십만원", "money", 1e5, "KRW", "ITEMS 181Y001"],
  ["백만원", "money", 1e6, "KRW", "ITEMS 901Y055"],
  ["억원", "money", 1e8, "KRW", "ITEMS 802Y001; KEYSTATS"],
  ["십억원", "money", 1e9, "KRW", "ITEMS 200Y101..; WIRE; KEYSTATS; TABLES"],
  ["조원", "money", 1e12, "KRW", "KEYSTATS; TABLES market_panel.ts"],
  ["천불", "money", 1e3, "USD", "ITEMS 901Y118; TABLES external.ts"],
  ["백만달러", "money", 1e6, "USD", "ITEMS 301Y013; KEYSTATS; TABLES external.ts"],
  ["억달러", "money", 1e8, "USD", "ETORCH (명목 GDP 달러표시)"],
  ["엔", "money", 1, "JPY", "KEYSTATS (엔/달러 환율)"],
  // Korean: rates and indices.
  ["%", "percent", 1, null, "ITEMS 902Y015; WIRE; KEYSTATS; TABLES"],
  ["연%", "percent", 1, null, "ITEMS 722Y001, 817Y002; WIRE; KEYSTATS; TABLES rates.ts"],
  ["연리%", "percent", 1, null, "ITEMS 121Y002, 121Y006"],
  ["2020=100", "index", 1, null, "ITEMS 901Y009, 404Y014; WIRE; KEYSTATS; TABLES"],
  ["2015=100", "index", 1, null, "KEYSTATS (순상품교역조건지수)"],
  ["2021.6=100", "index", 1, null, "KEYSTATS; TABLES price_indices.ts"],
  ["2025.12=100", "index", 1, null, "ITEMS 404Y014 304128AA"],
  ["1980.01.04=100 ", "index", 1, null, "ITEMS 802Y001, 901Y014"],
  ["1980.01.04=100", "index", 1, null, "KEYSTATS (KOSPI)"],
  ["1996.07.01=1000", "index", 1, null, "ITEMS 802Y001, 901Y014; KEYSTATS (KOSDAQ)"],
  ["2010.1.4=1000", "index", 1, null, "TABLES market_panel.ts"],
  ["지수", "index", 1, null, "KEYSTATS (BSI, CSI, ESI)"],
  ["배 ", "ratio", 1, null, "ITEMS 901Y014 (PER)"],
  // Korean: counts.
  ["명", "count", 1, null, "ITEMS 901Y050"],
  ["천명", "count", 1e3, null, "KEYSTATS; TABLES labour.ts"],
  ["천좌", "count", 1e3, null, "TABLES money.ts"],
  ["주 ", "count", 1, null, "ITEMS 901Y014"],
  ["천주 ", "count", 1e3, null, "ITEMS 901Y055; TABLES market_panel.ts (천주)"],
  ["천주", "count", 1e3, null, "TABLES market_panel.ts"],
  ["만주", "count", 1e4, null, "ITEMS 802Y001"],
  ["사", "count", 1, null, "ITEMS 901Y014 (상장회사수)"],
  ["종목", "count", 1, null, "ITEMS 901Y014, 901Y015"],
  // Read, but none of the kinds: years of age.
  ["세", "other", 1, null, "ITEMS 901Y050"],
  // No unit: null in the item lists, "" in the bundled survey tables.
  [null, "other", 1, null, "ITEMS 511Y002, 512Y014 (None)"],
  ["", "other", 1, null, "TABLES sentiment.ts"],
  // English (`en` answers).
  ["% p.a.", "percent", 1, null, "KEYSTATS; TABLES rates.ts"],
  ["KRW", "money", 1, "KRW", "KEYSTATS; TABLES exchange_rates.ts"],
  ["KRW thousand", "money", 1e3, "KRW", "KEYSTATS"],
  ["KRW 10 thousand", "money", 1e4, "KRW", "TABLES national_accounts.ts"],
  ["KRW 100 million", "money", 1e8, "KRW", "KEYSTATS"],
  ["KRW billion", "money", 1e9, "KRW", "KEYSTATS; TABLES"],
  ["KRW trillion", "money", 1e12, "KRW", "KEYSTATS; TABLES market_panel.ts"],
  ["JPY", "money", 1, "JPY", "KEYSTATS"],
  ["USD thousand", "money", 1e3, "USD", "TABLES external.ts"],
  ["USD million", "money", 1e6, "USD", "KEYSTATS; TABLES external.ts"],
  ["thousand persons", "count", 1e3, null, "KEYSTATS; TABLES labour.ts"],
  ["thousand shares", "count", 1e3, null, "TABLES market_panel.ts"],
  ["thousand", "count", 1e3, null, "TABLES money.ts (천좌)"],
  ["index", "index", 1, null, "KEYSTATS (지수)"],
];

Deno.test("parseUnit() reads every unit found in the evidence and the bundled data", async (t) => {
  for (const [unit, kind, scale, currency, source] of EVIDENCE) {
    await t.step(`${JSON.stringify(unit)} (${source})`, () => {
      const read = parseUnit(unit);
      assert.deepEqual([read.kind, read.scale, read.currency], [kind, scale, currency]);
      assert.equal(read.text, unit ?? "");
    });
  }
});

Deno.test("parseUnit() reads every unit of the bundled tables", () => {
  // Whatever units the bundled server serves, in both languages, are read (none is "other"
  // but the survey tables' empty unit).
  const seen = new Set<string>();
  for (const table of TABLES) {
    for (const text of [table.unit, ...table.dims.flatMap((d) => d.items.map((i) => i.unit))]) {
      if (text !== undefined) { for (const u of [text.kr, text.en]) seen.add(u); }
    }
  }
  const unread = [...seen].filter((u) => u.trim() !== "" && parseUnit(u).kind === "other");
  assert.deepEqual(unread, []);
  assert.ok(seen.size >= 20, `only ${seen.size} units`);
});

Deno.test("parseUnit() reads indices: base normalised, base value", () => {
  const cases: [string, string | null, number | null, string][] = [
    ["2020=100", "2020", 100, "index 2020=100"],
    ["2021.6=100", "2021-06", 100, "index 2021-06=100"],
    ["1996.07.01=1000", "1996-07-01", 1000, "index 1996-07-01=1000"],
    ["1980.01.04=100 ", "1980-01-04", 100, "index 1980-01-04=100"],
    ["2010.1.4=1000", "2010-01-04", 1000, "index 2010-01-04=1000"],
    ["지수", null, null, "index"],
  ];
  for (const [text, base, value, unit] of cases) {
    const read = parseUnit(text);
    assert.deepEqual([read.kind, read.base, read.baseValue, baseUnit(read)], [
      "index",
      base,
      value,
      unit,
    ]);
  }
});

Deno.test("parseUnit() reads rates per year, percentage points and exchange rates", () => {
  assert.deepEqual(
    ["연%", "연리%", "% p.a.", "%"].map((u) => [parseUnit(u).annual, parseUnit(u).label]),
    [[true, "% per year"], [true, "% per year"], [true, "% per year"], [false, "%"]],
  );
  assert.equal(parseUnit("%p").kind, "percentage_point");
  const yen = parseUnit("원/100엔");
  assert.deepEqual(
    [yen.kind, yen.currency, yen.per, yen.perAmount, yen.label],
    ["exchange_rate", "KRW", "JPY", 100, "KRW per 100 JPY"],
  );
  const dollar = parseUnit("KRW/USD");
  assert.deepEqual([dollar.kind, dollar.per, dollar.perAmount], ["exchange_rate", "USD", 1]);
});

Deno.test("parseUnit() labels units in English words", () => {
  const labels = ["십억원", "백만달러", "천불", "억원", "천명", "만주", "배", "2020=100", "세"]
    .map((u) => parseUnit(u).label);
  assert.deepEqual(labels, [
    "billion KRW",
    "million USD",
    "thousand USD",
    "100 million KRW",
    "thousand persons",
    "10 thousand shares",
    "times",
    "index (2020=100)",
    "years of age",
  ]);
});

Deno.test("parseUnit() never guesses: unknown text is kind other with scale 1", () => {
  for (const text of ["furlongs", "100", "십억", "억원원", "dozen", "KRW USD", "원/펭귄"]) {
    const read = parseUnit(text);
    assert.deepEqual([read.kind, read.scale, read.currency], ["other", 1, null], text);
    assert.equal(read.label, text);
  }
});

Deno.test("sameUnit() matches a unit across languages and tells scales apart", () => {
  assert.ok(sameUnit(parseUnit("십억원"), parseUnit("KRW billion")));
  assert.ok(sameUnit(parseUnit("연%"), parseUnit("% p.a.")));
  assert.ok(sameUnit(parseUnit("천명"), parseUnit("thousand persons")));
  assert.ok(!sameUnit(parseUnit("십억원"), parseUnit("조원")));
  assert.ok(!sameUnit(parseUnit("천불"), parseUnit("천원")));
  assert.ok(!sameUnit(parseUnit("%"), parseUnit("연%")));
  assert.ok(!sameUnit(parseUnit("천명"), parseUnit("천좌")));
  assert.ok(!sameUnit(parseUnit("2020=100"), parseUnit("2015=100")));
});

Deno.test("parseUnit() reads other English spellings of money and counts", () => {
  // No live `en` body is in the evidence; these are spellings the same grammar reads.
  const cases: [string, number, string | null][] = [
    ["Billion Won", 1e9, "KRW"],
    ["Millions of US dollars", 1e6, "USD"],
    ["US$ million", 1e6, "USD"],
    ["100 million won", 1e8, "KRW"],
    ["Thousands of persons", 1e3, null],
  ];
  for (const [text, scale, currency] of cases) {
    const read = parseUnit(text);
    assert.deepEqual([read.scale, read.currency], [scale, currency], text);
    assert.equal(read.kind, currency === null ? "count" : "money", text);
  }
});
