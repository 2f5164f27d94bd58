/**
 * 999Y001: a generated daily market panel, 8 sectors by 8 measures on Korean business days
 * since 2010 (265,088 rows to 2026-09-30): the large table for paging, range splitting and
 * benchmarks. It is not an ECOS table; its code is outside the live numbering on purpose.
 *
 * Rows follow the "krx" calendar (business_days.ts), as a market's would: no weekends, no
 * Korean public holidays, substitutes, Labour Day or year-end closing day. The lunar holidays
 * (Seollal, Buddha's Birthday, Chuseok) are computed from the platform's Korean lunisolar
 * (`dangi`) calendar; election days and one-off temporary holidays are left out.
 *
 * @module
 */

import { compound } from "../generators.ts";
import type { TableDef } from "../table.ts";

const SECTORS: [string, string, string][] = [
  ["01", "반도체", "Semiconductors"],
  ["02", "자동차", "Automobiles"],
  ["03", "화학", "Chemicals"],
  ["04", "금융", "Financials"],
  ["05", "유통", "Retail"],
  ["06", "건설", "Construction"],
  ["07", "통신", "Telecoms"],
  ["08", "바이오", "Biotech"],
];

const MEASURES: [string, string, string, string, string][] = [
  ["P", "종가지수", "Closing index", "2010.1.4=1000", "2010.1.4=1000"],
  ["H", "고가지수", "High index", "2010.1.4=1000", "2010.1.4=1000"],
  ["L", "저가지수", "Low index", "2010.1.4=1000", "2010.1.4=1000"],
  ["R", "일간수익률", "Daily return", "%", "%"],
  ["S", "변동성(20일)", "Volatility (20 days)", "%", "%"],
  ["V", "거래량", "Volume", "천주", "thousand shares"],
  ["A", "거래대금", "Turnover", "십억원", "KRW billion"],
  ["M", "시가총액", "Market capitalisation", "조원", "KRW trillion"],
];

/** 999Y001: the generated daily market panel. */
export const MARKET_PANEL: TableDef = {
  code: "999Y001",
  name: { kr: "생성 일별 시장 패널(샘플)", en: "Generated Daily Market Panel (sample)" },
  parent: "0000000091",
  org: { kr: "ECOS 샘플 서버", en: "ECOS sample server" },
  unit: { kr: "", en: "" },
  decimals: 2,
  dims: [
    {
      name: { kr: "업종", en: "Sector" },
      items: SECTORS.map(([code, kr, en]) => ({ code, name: { kr, en } })),
    },
    {
      name: { kr: "지표", en: "Measure" },
      items: MEASURES.map(([code, kr, en, ukr, uen]) => ({
        code,
        name: { kr, en },
        unit: { kr: ukr, en: uen },
      })),
    },
  ],
  cycles: [{ cycle: "D", first: "20100104", last: "20260930", calendar: "krx" }],
  generate({ count, items, sharedRng, rng }) {
    const sector = items[0]?.code ?? "01";
    const measure = items[1]?.code ?? "P";
    // Every measure of a sector derives from one shared price path.
    const drift = 0.0002 + 0.00005 * Number(sector);
    const close = compound(sharedRng(`price/${sector}`), count, 1000, () => drift, 0.013);
    const r = rng();
    const out = new Float64Array(count);
    for (let k = 0; k < count; k++) {
      const p = close[k]!;
      const prev = close[k - 1] ?? p;
      const ret = (p / prev - 1) * 100;
      switch (measure) {
        case "P":
          out[k] = p;
          break;
        case "H":
          out[k] = Math.max(p, prev) * (1 + 0.004 * Math.abs(r.normal()));
          break;
        case "L":
          out[k] = Math.min(p, prev) * (1 - 0.004 * Math.abs(r.normal()));
          break;
        case "R":
          out[k] = ret;
          break;
        case "S": {
          let sq = 0;
          let n = 0;
          for (let j = Math.max(1, k - 19); j <= k; j++) {
            sq += (close[j]! / close[j - 1]! - 1) ** 2;
            n++;
          }
          out[k] = n > 0 ? Math.sqrt((sq / n) * 250) * 100 : 0;
          break;
        }
        case "V":
          out[k] = 5000 * (1 + 0.4 * Math.abs(r.normal()) + 8 * Math.abs(ret) / 100);
          break;
        case "A":
          out[k] = (5000 * p * (1 + 0.4 * Math.abs(r.normal()))) / 1e6;
          break;
        default:
          out[k] = p * 0.05 * (1 + Number(sector) / 10);
      }
    }
    return out;
  },
};
