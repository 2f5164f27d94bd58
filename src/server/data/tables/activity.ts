/**
 * Output and surveys: real GDP by expenditure, seasonally adjusted (200Y108, quarterly level),
 * the all-industry production index (901Y033, original and seasonally adjusted), the consumer
 * survey (511Y002) and the business survey's outlook (512Y014). Codes and units as the live
 * item lists give them (see src/discovery/named_series.ts for the evidence); the values are
 * generated.
 *
 * @module
 */

import { anchoredWalk, compound, interpolate, rebase, seasonal } from "../generators.ts";
import type { TableDef } from "../table.ts";

/** Quarterly real growth in percent, by year: the 2008-09 and 2020 contractions. */
const GROWTH: readonly (readonly [number, number])[] = [
  [2000, 1.5],
  [2008.5, 1],
  [2008.9, -3.3],
  [2009.3, 2],
  [2012, 0.7],
  [2019.9, 0.6],
  [2020.2, -3],
  [2020.6, 2],
  [2022, 0.6],
  [2026, 0.5],
];

/** 200Y108: expenditure on GDP, seasonally adjusted, real, quarterly, billions of won. */
export const REAL_GDP: TableDef = {
  code: "200Y108",
  name: {
    kr: "국내총생산에 대한 지출(계절조정, 실질, 분기)",
    en: "Expenditure on GDP (s.a., real, quarterly)",
  },
  parent: "0000000031",
  org: { kr: "한국은행", en: "Bank of Korea" },
  unit: { kr: "십억원", en: "KRW billion" },
  decimals: 1,
  dims: [{
    name: { kr: "계정항목", en: "Account" },
    items: [
      {
        code: "10601",
        name: { kr: "국내총생산에 대한 지출", en: "Expenditure on gross domestic product" },
      },
    ],
  }],
  cycles: [{ cycle: "Q", first: "2000Q1", last: "2026Q2" }],
  generate({ count, rng, ordinalAt }) {
    const r = rng();
    const out = new Float64Array(count);
    let level = 230_000;
    for (let k = 0; k < count; k++) {
      if (k > 0) level *= 1 + (interpolate(GROWTH, ordinalAt(k) / 4) + 0.35 * r.normal()) / 100;
      out[k] = level;
    }
    return out;
  },
};

/** 901Y033: the all-industry production index (excluding agriculture), 2020=100. */
export const PRODUCTION: TableDef = {
  code: "901Y033",
  name: {
    kr: "전산업생산지수(농림어업제외)",
    en: "All Industry Production Index (excluding agriculture)",
  },
  parent: "0000000062",
  org: { kr: "통계청", en: "Statistics Korea" },
  unit: { kr: "2020=100", en: "2020=100" },
  decimals: 1,
  dims: [
    {
      name: { kr: "산업별", en: "Industry" },
      items: [
        { code: "A00", name: { kr: "전산업생산지수", en: "All industries" } },
        {
          code: "AB00",
          name: { kr: "광공업생산지수", en: "Mining and manufacturing" },
          parent: "A00",
        },
      ],
    },
    {
      name: { kr: "계절조정여부", en: "Adjustment" },
      items: [
        { code: "1", name: { kr: "원계열", en: "Original series" } },
        { code: "2", name: { kr: "계절조정", en: "Seasonally adjusted" } },
      ],
    },
  ],
  cycles: [{ cycle: "M", first: "200001", last: "202608" }],
  generate({ count, items, sharedRng, ordinalAt }) {
    const [industry, adjustment] = items.map((it) => it.code);
    const trend = compound(
      sharedRng(`trend ${industry}`),
      count,
      60,
      () => (industry === "AB00" ? 0.0028 : 0.0024),
      0.006,
    );
    const base = 2020 * 12 - ordinalAt(0);
    rebase(trend, base, base + 11, 100);
    if (adjustment === "2") return trend;
    // The original series adds the calendar: February's short month, December's peak.
    return trend.map((v, k) => {
      const month = ordinalAt(k) % 12;
      return v * (1 + 0.04 * seasonal(month, 11) - (month === 1 ? 0.06 : 0));
    });
  },
};

/** No unit: the survey indices' item lists give none. */
const NO_UNIT = { kr: "", en: "" };

/** 511Y002: the consumer survey, monthly since September 2008 (CCSI long-run mean 100). */
export const CONSUMER_SURVEY: TableDef = {
  code: "511Y002",
  name: {
    kr: "소비자동향조사(전국, 월, 2008.9~)",
    en: "Consumer Survey (nationwide, monthly, 2008.9~)",
  },
  parent: "0000000061",
  org: { kr: "한국은행", en: "Bank of Korea" },
  unit: NO_UNIT,
  decimals: 1,
  dims: [
    {
      name: { kr: "지수코드별", en: "Index" },
      items: [{ code: "FME", name: { kr: "소비자심리지수", en: "Composite consumer sentiment" } }],
    },
    {
      name: { kr: "분류코드별", en: "Group" },
      items: [{ code: "99988", name: { kr: "전체", en: "All households" } }],
    },
  ],
  cycles: [{ cycle: "M", first: "200809", last: "202609" }],
  generate({ count, rng }) {
    return anchoredWalk(rng(), count, () => 100, { vol: 2.2, speed: 0.1, start: 82 });
  },
};

/** 512Y014: the business survey's outlook indices, monthly (100: as many up as down). */
export const BUSINESS_OUTLOOK: TableDef = {
  code: "512Y014",
  name: { kr: "기업경기조사(전망)", en: "Business Survey (outlook)" },
  parent: "0000000061",
  org: { kr: "한국은행", en: "Bank of Korea" },
  unit: NO_UNIT,
  decimals: 0,
  dims: [
    {
      name: { kr: "업종코드별", en: "Industry" },
      items: [
        { code: "99988", name: { kr: "전산업", en: "All industries" } },
        { code: "C0000", name: { kr: "제조업", en: "Manufacturing" }, parent: "99988" },
      ],
    },
    {
      name: { kr: "BSI코드별", en: "Index" },
      items: [{ code: "BA", name: { kr: "업황전망BSI", en: "Business conditions outlook" } }],
    },
  ],
  cycles: [{ cycle: "M", first: "200301", last: "202609" }],
  generate({ count, key, sharedRng, rng }) {
    const cycle = anchoredWalk(sharedRng("cycle"), count, () => 76, { vol: 3, speed: 0.12 });
    const own = rng();
    const lift = key.startsWith("C0000") ? 1.5 : 0;
    return cycle.map((v) => v + lift + 1.5 * own.normal());
  },
};
