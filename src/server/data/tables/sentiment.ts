/**
 * The economic sentiment index (513Y001, monthly): the statistic of the official guide's own
 * StatisticMeta sample request ("경제심리지수"), so that the guide's example answers rows here
 * too.
 *
 * @module
 */

import { anchoredWalk } from "../generators.ts";
import type { TableDef } from "../table.ts";

/** 513Y001: the economic sentiment index, original and cyclical series, long-run mean 100. */
export const ECONOMIC_SENTIMENT: TableDef = {
  code: "513Y001",
  name: { kr: "경제심리지수", en: "Economic Sentiment Index" },
  parent: "0000000061",
  org: { kr: "한국은행", en: "Bank of Korea" },
  // The survey indices' item lists give no unit.
  unit: { kr: "", en: "" },
  decimals: 1,
  dims: [{
    name: { kr: "계정항목", en: "Account" },
    items: [
      { code: "E1000", name: { kr: "경제심리지수(원계열)", en: "ESI (original series)" } },
      { code: "E2000", name: { kr: "경제심리지수(순환변동치)", en: "ESI (cyclical component)" } },
    ],
  }],
  cycles: [{ cycle: "M", first: "200301", last: "202608" }],
  generate({ count, key, sharedRng, rng }) {
    // Both series follow one business cycle; the original series adds month-to-month noise.
    const cycle = anchoredWalk(sharedRng("cycle"), count, () => 100, { vol: 1.6, speed: 0.08 });
    if (key === "E2000") return cycle;
    const noise = rng();
    return cycle.map((v) => v + 1.8 * noise.normal());
  },
};
