/**
 * The reserve base (102Y004, monthly averages): the table of the official guide's own
 * StatisticTableList sample request, so that the guide's example answers a row here too.
 *
 * @module
 */

import { compound } from "../generators.ts";
import type { TableDef } from "../table.ts";

/** Starting level (January 2000, billions of won) and monthly growth of each component. */
const COMPONENTS: Record<string, { start: number; growth: number }> = {
  ABA1: { start: 28_000, growth: 0.0075 },
  ABA11: { start: 19_500, growth: 0.0078 },
  ABA12: { start: 8_500, growth: 0.0068 },
};

/** 102Y004: the reserve base and its components, monthly averages, billions of won. */
export const RESERVE_BASE: TableDef = {
  code: "102Y004",
  name: {
    kr: "본원통화 구성내역(평잔, 원계열)",
    en: "Composition of Reserve Base (average, n.s.a.)",
  },
  parent: "0000000011",
  org: { kr: "한국은행", en: "Bank of Korea" },
  unit: { kr: "십억원", en: "KRW billion" },
  decimals: 1,
  dims: [{
    name: { kr: "계정항목", en: "Account" },
    items: [
      { code: "ABA1", name: { kr: "본원통화", en: "Reserve base" } },
      {
        code: "ABA11",
        name: { kr: "화폐발행액", en: "Currency issued" },
        parent: "ABA1",
      },
      {
        code: "ABA12",
        name: { kr: "지급준비예치금", en: "Reserve deposits" },
        parent: "ABA1",
      },
    ],
  }],
  cycles: [
    { cycle: "M", first: "200001", last: "202607" },
    { cycle: "A", first: "2000", last: "2025", derive: "mean" },
  ],
  generate({ count, key, rng }) {
    const spec = COMPONENTS[key] ?? { start: 10_000, growth: 0.007 };
    return compound(rng(), count, spec.start, () => spec.growth, 0.006);
  },
};
