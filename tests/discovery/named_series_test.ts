import assert from "node:assert/strict";
import { NAMED_SERIES, type SeriesName } from "../../src/discovery/named_series.ts";
import { parseUnit, type UnitKind } from "../../src/analysis/units.ts";
import { columnUnits } from "../../src/analysis/column_units.ts";
import { withChange } from "../../src/analysis/change.ts";
import { findTable } from "../../src/server/data/catalogue.ts";
import { frame, series } from "../analysis/_frame.ts";

/**
 * What each named series must be: a rate, a yield or a growth is a percent; a price or
 * production index an index; a level money (or a count of persons); an exchange rate won
 * (731Y001 quotes KRW per unit of the foreign currency, 100 for the yen); the survey indices
 * have no unit in the item lists (ITEMS: choo121600/ecos-reader
 * tests/fixtures/ecos_item_catalog.json gives 511Y002, 512Y014 items without one).
 */
const KINDS: Readonly<Record<SeriesName, [UnitKind, string | null]>> = {
  base_rate: ["percent", null],
  call_rate: ["percent", null],
  cd_91d: ["percent", null],
  ktb_3y: ["percent", null],
  ktb_5y: ["percent", null],
  ktb_10y: ["percent", null],
  corp_aa_3y: ["percent", null],
  usd_krw: ["money", "KRW"],
  jpy_krw: ["money", "KRW"],
  eur_krw: ["money", "KRW"],
  cny_krw: ["money", "KRW"],
  cpi: ["index", null],
  core_cpi: ["index", null],
  ppi: ["index", null],
  gdp_growth: ["percent", null],
  gdp_real: ["money", "KRW"],
  gdp_nominal: ["money", "KRW"],
  gni: ["money", "KRW"],
  current_account: ["money", "USD"],
  exports: ["money", "USD"],
  imports: ["money", "USD"],
  m1: ["money", "KRW"],
  m2: ["money", "KRW"],
  lf: ["money", "KRW"],
  household_credit: ["money", "KRW"],
  employed: ["count", null],
  unemployment_rate: ["percent", null],
  industrial_production: ["index", null],
  house_prices: ["index", null],
  bsi: ["other", null],
  csi: ["other", null],
  esi: ["other", null],
  esi_cyclical: ["other", null],
};

Deno.test("each named series' unit kind agrees with its name", async (t) => {
  assert.deepEqual(Object.keys(KINDS).sort(), Object.keys(NAMED_SERIES).sort());
  for (const [name, s] of Object.entries(NAMED_SERIES)) {
    await t.step(name, () => {
      const unit = parseUnit(s.unit);
      assert.deepEqual([unit.kind, unit.currency], KINDS[name as SeriesName]);
      // The name's own words agree: rates, yields and growth are percents; the indices
      // are indices; the rest are levels.
      if (/_rate$|_growth$|^ktb_|^cd_|^corp_/.test(name) && !name.endsWith("_krw")) {
        assert.equal(unit.kind, "percent", `${name} is named a rate`);
      }
      if (/\b(yield|rate|growth)\b/i.test(s.title) && !/ per /.test(s.title)) {
        assert.equal(unit.kind, "percent", `"${s.title}" is a percent`);
      }
      if (/price index|production index/i.test(s.title) || /cpi|ppi/.test(name)) {
        assert.equal(unit.kind, "index", `"${s.title}" is an index`);
      }
      if (unit.kind === "other") assert.equal(s.unit, null, `${name}'s unit is read`);
    });
  }
});

Deno.test("the rates are per year, the growth is not", () => {
  for (const name of ["base_rate", "call_rate", "cd_91d", "ktb_3y", "corp_aa_3y"] as const) {
    assert.equal(parseUnit(NAMED_SERIES[name].unit).annual, true, name);
  }
  assert.equal(parseUnit(NAMED_SERIES.gdp_growth.unit).annual, false);
  assert.equal(parseUnit(NAMED_SERIES.unemployment_rate.unit).annual, false);
});

Deno.test("core CPI is the core item, not the headline index", () => {
  // ecos-reader #133 returned headline CPI for "core CPI". The core index is 901Y010 QB,
  // 농산물및석유류제외지수 (CONSTANTS: choo121600/ecos-reader src/ecos/constants.py; an item
  // list audit in another client's docs: 901Y010 QB 농산물및석유류제외지수); the headline is
  // 901Y009 item 0, 총지수 (WIRE).
  const core = NAMED_SERIES.core_cpi;
  const headline = NAMED_SERIES.cpi;
  assert.deepEqual([core.statCode, core.items], ["901Y010", ["QB"]]);
  assert.deepEqual([headline.statCode, headline.items], ["901Y009", ["0"]]);
  const name = (stat: string, code: string) =>
    findTable(stat)?.dims[0]?.items.find((i) => i.code === code)?.name;
  assert.deepEqual(name("901Y010", "QB"), {
    kr: "농산물및석유류제외지수",
    en: "All items less agricultural products and oils",
  });
  assert.equal(name("901Y009", "0")?.kr, "총지수");
  assert.match(core.title, /less agricultural products and oils/);
  assert.doesNotMatch(headline.title, /less/);
});

Deno.test("GDP growth is a growth rate; the GDP levels are money", () => {
  // ecos-reader #134 returned levels for "GDP growth". 200Y102 is growth quarter on quarter
  // (GETMF: github.com/morner75/getMFdata README.md, 200Y102 10111 국내총생산(GDP)(실질,
  // 계절조정, 전기비)); its unit is %.
  const growth = NAMED_SERIES.gdp_growth;
  assert.deepEqual([growth.statCode, growth.items, growth.unit], ["200Y102", ["10111"], "%"]);
  assert.match(findTable("200Y102")!.name.kr, /전기비/);
  assert.equal(findTable("200Y102")!.unit.kr, "%");
  for (const level of ["gdp_real", "gdp_nominal", "gni"] as const) {
    const s = NAMED_SERIES[level];
    assert.equal(s.unit, "십억원", level);
    assert.notEqual(s.statCode, "200Y102", level);
  }
});

Deno.test("a change of a named index says it is a percent (CHANGE_YOY of CPI is %)", () => {
  // ecos-reader #136 returned the index where the change was asked for: the change column
  // carries its own unit.
  const cpi = NAMED_SERIES.cpi;
  const df = frame(
    series(["202301", "202401"], [110.1, 113.2], {
      stat: cpi.statCode,
      codes: cpi.items,
      unit: cpi.unit!,
    }),
  );
  const yoy = withChange(df, "yoy");
  assert.equal(columnUnits(yoy)?.get("CHANGE_YOY"), "%");
  assert.equal(parseUnit(columnUnits(yoy)?.get("CHANGE_YOY")).kind, "percent");
  // The level keeps its own unit.
  assert.equal(yoy.getColumn("UNIT_NAME").get(0), "2020=100");
});
