/**
 * 601Y002: card spending by region, card type, category and holder: the table with four item
 * levels, and the one with missing values of both spellings ("" and "-").
 *
 * @module
 */

import { compound, seasonal } from "../generators.ts";
import type { TableDef } from "../table.ts";

const REGION_SIZE: Record<string, number> = { X: 1, A: 0.38, B: 0.065 };
const CARD_SIZE: Record<string, number> = { C: 0.78, D: 0.22 };
const CATEGORY_SIZE: Record<string, number> = { "1": 1, "2": 0.18, "3": 0.26 };
const HOLDER_SIZE: Record<string, number> = { P: 0.86, Q: 0.14 };

/** 601Y002: card spending, monthly, billions of won. */
export const CARD_SPENDING: TableDef = {
  code: "601Y002",
  name: {
    kr: "지역별 카드 종류별 소비유형별 카드승인실적",
    en: "Card Approvals by Region, Card Type and Category",
  },
  parent: "0000000014",
  org: { kr: "한국은행", en: "Bank of Korea" },
  unit: { kr: "십억원", en: "KRW billion" },
  decimals: 1,
  dims: [
    {
      name: { kr: "지역", en: "Region" },
      items: [
        { code: "X", name: { kr: "전국", en: "Nationwide" } },
        { code: "A", name: { kr: "서울", en: "Seoul" }, parent: "X" },
        { code: "B", name: { kr: "부산", en: "Busan" }, parent: "X" },
      ],
    },
    {
      name: { kr: "카드종류", en: "Card type" },
      items: [
        { code: "C", name: { kr: "신용카드", en: "Credit card" } },
        { code: "D", name: { kr: "체크카드", en: "Debit card" } },
      ],
    },
    {
      name: { kr: "소비유형", en: "Category" },
      items: [
        { code: "1", name: { kr: "합계", en: "Total" } },
        { code: "2", name: { kr: "음식점", en: "Restaurants" }, parent: "1" },
        { code: "3", name: { kr: "온라인쇼핑", en: "Online shopping" }, parent: "1" },
      ],
    },
    {
      name: { kr: "소지자", en: "Holder" },
      items: [
        { code: "P", name: { kr: "개인", en: "Individual" } },
        { code: "Q", name: { kr: "법인", en: "Corporate" } },
      ],
    },
  ],
  cycles: [{ cycle: "M", first: "201001", last: "202608" }],
  generate({ count, items, rng, ordinalAt }) {
    const [region, card, category, holder] = items.map((it) => it.code);
    const size = (REGION_SIZE[region ?? "X"] ?? 1) * (CARD_SIZE[card ?? "C"] ?? 1) *
      (CATEGORY_SIZE[category ?? "1"] ?? 1) * (HOLDER_SIZE[holder ?? "P"] ?? 1);
    // Online shopping grows fastest; debit cards gain share.
    const growth = 0.004 + (category === "3" ? 0.008 : 0) + (card === "D" ? 0.002 : 0);
    const path = compound(rng(), count, 48_000 * size, () => growth, 0.02);
    return path.map((v, k) => v * (1 + 0.05 * seasonal(ordinalAt(k) % 12, 11)));
  },
  missing({ key, k }) {
    // Corporate debit cards were not compiled before 2012, and Busan has a few gaps.
    if (key.includes("/D/") && key.endsWith("/Q") && k < 24) return "-";
    if (key.startsWith("B/") && k % 37 === 11) return "";
    return undefined;
  },
};
