/**
 * KeyStatisticList: the "100대 통계지표" (100 key statistics by name; 101 as the live service
 * answers, the server's default dialect). Indicators that the bundled tables also hold are
 * read from them, so the two agree; the rest are drawn from a seeded generator around
 * plausible levels, for a latest period that follows the data's end (a daily indicator's on
 * the last Korean business day) and under the dataset's seed and revision round.
 *
 * @module
 */

import type { Dialect } from "../../wire/dialect.ts";
import type { Language } from "../../wire/format.ts";
import {
  type Cycle,
  DAY_MS,
  formatPeriod,
  periodEndDays,
  tryParseLabel,
} from "../../wire/period.ts";
import type { KeyStatisticRow } from "../rows.ts";
import { isKoreanBusinessDay } from "./business_days.ts";
import { findTable } from "./catalogue.ts";
import type { Dataset } from "./dataset.ts";
import { DATA_END, isoDay } from "./dates.ts";
import { reviseValue } from "./revision.ts";
import { shiftLast } from "./table.ts";

/** An indicator read from a bundled table: [table, item codes joined by "/", cycle]. */
type Linked = { link: readonly [string, string, Cycle] };
/** A generated indicator: [cycle, level, relative volatility, decimals]. */
type Drawn = { gen: readonly [Cycle, number, number, number] };
type Source = Linked | Drawn;

/** [Korean name, English name, unit (Korean; English from UNITS), source]. */
type Indicator = readonly [string, string, string, Source];

const UNITS: Record<string, string> = {
  "연%": "% p.a.",
  "%": "%",
  "십억원": "KRW billion",
  "조원": "KRW trillion",
  "억원": "KRW 100 million",
  "원": "KRW",
  "천원": "KRW thousand",
  "엔": "JPY",
  "백만달러": "USD million",
  "천명": "thousand persons",
  "2020=100": "2020=100",
  "2015=100": "2015=100",
  "2021.6=100": "2021.6=100",
  "1980.01.04=100": "1980.01.04=100",
  "1996.07.01=1000": "1996.07.01=1000",
  "지수": "index",
};

const link = (stat: string, item: string, cycle: Cycle): Linked => ({
  link: [stat, item, cycle],
});
const gen = (cycle: Cycle, level: number, vol: number, decimals = 1): Drawn => ({
  gen: [cycle, level, vol, decimals],
});

/**
 * The groups and their indicators, in answer order. Their names and order change over time on
 * the live service (2023: 시장금리 first; 2026: 환율, then 금리): this is the 2026 answer.
 */
const GROUPS: readonly (readonly [string, string, readonly Indicator[]])[] = [
  ["환율", "Exchange rates", [
    ["원/달러 환율(매매기준율)", "KRW/USD (basic rate)", "원", link("731Y001", "0000001", "D")],
    ["원/엔(100엔) 환율", "KRW/JPY (100 yen)", "원", link("731Y001", "0000002", "D")],
    ["원/유로 환율", "KRW/EUR", "원", link("731Y001", "0000003", "D")],
    ["원/위안 환율", "KRW/CNY", "원", link("731Y001", "0000053", "D")],
    ["원/파운드 환율", "KRW/GBP", "원", gen("D", 1862, 0.01, 2)],
    ["엔/달러 환율", "JPY/USD", "엔", gen("D", 147.8, 0.01, 2)],
  ]],
  ["금리", "Interest rates", [
    ["한국은행 기준금리", "BOK base rate", "연%", link("722Y001", "0101000", "D")],
    ["콜금리(익일물)", "Call rate (overnight)", "연%", link("817Y002", "010101000", "D")],
    ["CD수익률(91일)", "CD (91 days)", "연%", link("817Y002", "010502000", "D")],
    ["국고채수익률(3년)", "Treasury bonds (3 years)", "연%", link("817Y002", "010200000", "D")],
    ["국고채수익률(5년)", "Treasury bonds (5 years)", "연%", link("817Y002", "010200001", "D")],
    ["국고채수익률(10년)", "Treasury bonds (10 years)", "연%", link("817Y002", "010210000", "D")],
    [
      "회사채수익률(3년, AA-)",
      "Corporate bonds (3 years, AA-)",
      "연%",
      link("817Y002", "010300000", "D"),
    ],
    ["KORIBOR(3개월)", "KORIBOR (3 months)", "연%", gen("D", 2.62, 0.02, 2)],
    ["통안증권수익률(364일)", "MSB (364 days)", "연%", gen("D", 2.31, 0.02, 3)],
    [
      "예금은행 수신금리(신규취급액)",
      "Deposit rate (new business)",
      "연%",
      gen("M", 2.55, 0.03, 2),
    ],
    [
      "예금은행 대출금리(신규취급액)",
      "Lending rate (new business)",
      "연%",
      gen("M", 4.12, 0.03, 2),
    ],
    ["가계대출금리", "Household loan rate", "연%", gen("M", 4.21, 0.03, 2)],
    ["기업대출금리", "Corporate loan rate", "연%", gen("M", 4.05, 0.03, 2)],
  ]],
  ["통화량", "Money", [
    ["M1(협의통화, 평잔)", "M1 (narrow money, average)", "십억원", link("101Y003", "BBHS00", "M")],
    ["M2(광의통화, 평잔)", "M2 (broad money, average)", "십억원", link("101Y003", "BBGS00", "M")],
    ["Lf(평잔)", "Lf (average)", "십억원", link("101Y003", "BBLS00", "M")],
    ["본원통화(평잔)", "Reserve base (average)", "십억원", gen("M", 291_000, 0.02)],
    ["예금은행 총수신(말잔)", "Deposit bank deposits (end)", "십억원", gen("M", 2_420_000, 0.01)],
    ["예금은행 대출금(말잔)", "Deposit bank loans (end)", "십억원", gen("M", 2_530_000, 0.01)],
    ["가계신용", "Household credit", "십억원", gen("Q", 1_962_000, 0.01)],
    ["가계대출", "Household loans", "십억원", gen("Q", 1_834_000, 0.01)],
    ["M2 증가율(전년동월대비)", "M2 growth (y/y)", "%", gen("M", 6.4, 0.1)],
    ["어음부도율", "Dishonoured bill ratio", "%", gen("M", 0.15, 0.2, 2)],
  ]],
  ["증권", "Stocks and bonds", [
    ["KOSPI", "KOSPI", "1980.01.04=100", gen("D", 3215.4, 0.03, 2)],
    ["KOSDAQ", "KOSDAQ", "1996.07.01=1000", gen("D", 842.1, 0.04, 2)],
    ["주식거래대금(KOSPI)", "Stock turnover (KOSPI)", "십억원", gen("D", 9_540, 0.15)],
    ["투자자예탁금", "Investor deposits", "십억원", gen("D", 58_200, 0.03)],
    ["외국인 순매수(KOSPI)", "Foreign net purchases (KOSPI)", "억원", gen("D", 1_520, 0.8, 0)],
    ["상장주식 시가총액(KOSPI)", "Market capitalisation (KOSPI)", "조원", gen("D", 2_610, 0.03)],
    ["채권거래대금", "Bond turnover", "십억원", gen("D", 33_400, 0.1)],
    ["국고채 발행액", "Treasury bond issuance", "십억원", gen("M", 14_100, 0.15)],
  ]],
  ["물가", "Prices", [
    ["소비자물가지수", "Consumer price index", "2020=100", link("901Y009", "0", "M")],
    [
      "소비자물가지수(식료품 및 비주류음료)",
      "CPI (food and non-alcoholic beverages)",
      "2020=100",
      link("901Y009", "A", "M"),
    ],
    ["소비자물가지수(교통)", "CPI (transport)", "2020=100", link("901Y009", "G", "M")],
    ["소비자물가 상승률(전년동월비)", "CPI inflation (y/y)", "%", gen("M", 2.1, 0.1)],
    ["근원물가지수(농산물 및 석유류 제외)", "Core CPI", "2020=100", gen("M", 117.9, 0.003, 2)],
    ["생활물가지수", "Living-cost price index", "2020=100", gen("M", 121.4, 0.003, 2)],
    ["생산자물가지수", "Producer price index", "2020=100", gen("M", 121.8, 0.004, 2)],
    ["수출물가지수(원화기준)", "Export price index (KRW)", "2020=100", gen("M", 128.5, 0.01, 2)],
    ["수입물가지수(원화기준)", "Import price index (KRW)", "2020=100", gen("M", 139.2, 0.01, 2)],
    ["주택매매가격지수", "Housing sale price index", "2021.6=100", gen("M", 98.7, 0.003)],
    ["주택전세가격지수", "Housing lease price index", "2021.6=100", gen("M", 93.5, 0.003)],
    ["기대인플레이션율", "Expected inflation", "%", gen("M", 2.6, 0.04)],
  ]],
  ["경기", "Business cycle", [
    ["동행지수 순환변동치", "Coincident index cycle", "지수", gen("M", 99.3, 0.005)],
    ["선행지수 순환변동치", "Leading index cycle", "지수", gen("M", 100.4, 0.005)],
    ["제조업 업황실적BSI", "Manufacturing BSI", "지수", gen("M", 72, 0.04, 0)],
    ["비제조업 업황실적BSI", "Non-manufacturing BSI", "지수", gen("M", 70, 0.04, 0)],
    ["소비자심리지수(CSI)", "Consumer sentiment index", "지수", gen("M", 101.5, 0.02)],
    ["경제심리지수(ESI)", "Economic sentiment index", "지수", gen("M", 93.8, 0.02)],
    ["전산업생산지수", "All-industry production index", "2020=100", gen("M", 114.7, 0.01)],
    ["제조업 가동률지수", "Manufacturing operation ratio index", "2020=100", gen("M", 102.3, 0.02)],
    ["제조업 평균가동률", "Manufacturing average operation ratio", "%", gen("M", 72.3, 0.01)],
    ["제조업 재고율", "Manufacturing inventory ratio", "%", gen("M", 115.2, 0.02)],
    ["소매판매액지수", "Retail sales index", "2020=100", gen("M", 103.4, 0.01)],
    ["서비스업생산지수", "Services production index", "2020=100", gen("M", 116.5, 0.01)],
    ["설비투자지수", "Facilities investment index", "2020=100", gen("M", 111.2, 0.03)],
    ["건설기성액", "Construction completed", "십억원", gen("M", 12_400, 0.04)],
  ]],
  ["국민소득", "National income", [
    [
      "경제성장률(실질, 계절조정 전기대비)",
      "Real GDP growth (s.a., q/q)",
      "%",
      link("200Y102", "10111", "Q"),
    ],
    [
      "민간소비증감률(실질, 계절조정 전기대비)",
      "Private consumption growth",
      "%",
      link("200Y102", "10121", "Q"),
    ],
    [
      "정부소비증감률(실질, 계절조정 전기대비)",
      "Government consumption growth",
      "%",
      link("200Y102", "10122", "Q"),
    ],
    [
      "건설투자증감률(실질, 계절조정 전기대비)",
      "Construction investment growth",
      "%",
      link("200Y102", "10131", "Q"),
    ],
    [
      "설비투자증감률(실질, 계절조정 전기대비)",
      "Facilities investment growth",
      "%",
      link("200Y102", "10132", "Q"),
    ],
    ["GDP(명목, 계절조정)", "GDP (nominal, s.a.)", "십억원", gen("Q", 641_300, 0.005)],
    ["GNI(명목, 계절조정)", "GNI (nominal, s.a.)", "십억원", gen("Q", 652_800, 0.005)],
    ["GDP 디플레이터", "GDP deflator", "2020=100", gen("Q", 113.4, 0.004)],
    ["총저축률", "Gross saving ratio", "%", gen("Q", 34.5, 0.02)],
    ["국내총투자율", "Gross investment ratio", "%", gen("Q", 30.1, 0.02)],
  ]],
  ["고용", "Employment", [
    ["실업률", "Unemployment rate", "%", link("901Y027", "I61BC/I28A", "M")],
    ["경제활동인구", "Labour force", "천명", gen("M", 29_610, 0.004)],
    ["취업자수", "Employed persons", "천명", link("901Y027", "I61BA/I28A", "M")],
    ["실업자수", "Unemployed persons", "천명", gen("M", 860, 0.04)],
    ["청년실업률(15-29세)", "Youth unemployment rate (15-29)", "%", gen("M", 5.9, 0.05)],
    ["고용률", "Employment-population ratio", "%", link("901Y027", "I61E/I28A", "M")],
    ["경제활동참가율", "Participation rate", "%", gen("M", 64.6, 0.005)],
    ["월평균 명목임금", "Average monthly nominal wage", "천원", gen("M", 4_120, 0.03, 0)],
  ]],
  ["국제수지", "Balance of payments", [
    ["경상수지", "Current account", "백만달러", gen("M", 9_820, 0.3)],
    ["상품수지", "Goods balance", "백만달러", gen("M", 9_510, 0.3)],
    ["서비스수지", "Services balance", "백만달러", gen("M", -2_210, 0.3)],
    ["본원소득수지", "Primary income balance", "백만달러", gen("M", 2_530, 0.3)],
    ["이전소득수지", "Secondary income balance", "백만달러", gen("M", -240, 0.4)],
    ["금융계정", "Financial account", "백만달러", gen("M", 7_310, 0.4)],
    ["외환보유액", "Foreign exchange reserves", "백만달러", gen("M", 416_200, 0.01)],
    ["수출(통관)", "Exports (customs)", "백만달러", gen("M", 59_840, 0.05)],
    ["수입(통관)", "Imports (customs)", "백만달러", gen("M", 52_120, 0.05)],
    ["순대외채권", "Net external claims", "백만달러", gen("Q", 541_000, 0.02)],
    ["대외채무", "External debt", "백만달러", gen("Q", 681_000, 0.02)],
    ["순상품교역조건지수", "Net barter terms of trade", "2015=100", gen("M", 88.5, 0.01, 2)],
  ]],
  ["가계/기업", "Households and firms", [
    ["가구당 월평균 소득", "Household monthly income", "천원", gen("Q", 5_120, 0.02, 0)],
    ["가구당 월평균 소비지출", "Household monthly consumption", "천원", gen("Q", 2_910, 0.02, 0)],
    ["평균소비성향", "Average propensity to consume", "%", gen("Q", 70.2, 0.02)],
    ["가계 흑자율", "Household surplus ratio", "%", gen("Q", 29.8, 0.03)],
    ["기업 매출액증가율", "Corporate sales growth", "%", gen("Q", 4.3, 0.3)],
    ["기업 영업이익률", "Corporate operating margin", "%", gen("Q", 5.6, 0.1)],
    ["기업 부채비율", "Corporate debt ratio", "%", gen("Q", 91.2, 0.02)],
  ]],
];

/** The indicator the live service lists beyond the specification's 100, and where. */
const LIVE_EXTRA: { group: string; after: string; indicator: Indicator } = {
  group: "금리",
  after: "국고채수익률(10년)",
  indicator: ["국고채수익률(30년)", "Treasury bonds (30 years)", "연%", gen("D", 2.95, 0.02, 3)],
};

/** The latest period of the generated indicators at the default end, by cycle. */
const DEFAULT_LATEST: Partial<Record<Cycle, number>> = {
  D: isoDay(DATA_END),
  M: tryParseLabel("202608", "M")!.index,
  Q: tryParseLabel("2026Q2", "Q")!.index,
};

/**
 * The latest period of a generated indicator: for a daily (market) indicator the last Korean
 * business day up to the data's end, else the period keeping the default's publication lag.
 */
function latestOrdinal(cycle: Cycle, end: number): number {
  if (cycle === "D") {
    let day = end;
    while (!isKoreanBusinessDay(day)) day--;
    return day;
  }
  return shiftLast(cycle, DEFAULT_LATEST[cycle]!, end);
}

/** A period's label in the specification's shape: always the YYYYMM month it ends in. */
function specLabel(cycle: Cycle, ordinal: number): string {
  if (cycle === "M") return formatPeriod("M", ordinal, "spec");
  const last = new Date(periodEndDays(cycle, ordinal) * DAY_MS);
  return `${last.getUTCFullYear()}${String(last.getUTCMonth() + 1).padStart(2, "0")}`;
}

function evaluate(
  data: Dataset,
  ind: Indicator,
  dialect: Dialect,
): { value: string; cycle: string } {
  const [kr, , , source] = ind;
  if ("link" in source) {
    const [stat, key, cycle] = source.link;
    const table = findTable(stat);
    const series = table && data.series(table, cycle).find((s) => s.key === key);
    if (!series) throw new Error(`Key statistic ${kr}: no series ${stat} ${key} ${cycle}`);
    const value = data.valueAt(series, series.last) ?? "";
    const label = dialect === "live"
      ? formatPeriod(cycle, series.last, "live")
      : specLabel(cycle, series.last);
    return { value, cycle: label };
  }
  const [cycle, level, vol, decimals] = source.gen;
  const ordinal = latestOrdinal(cycle, data.end);
  // The default end's periods keep their old seed names, so the default data never changed.
  const name = ordinal === DEFAULT_LATEST[cycle] ? `keystat|${kr}` : `keystat|${kr}|${ordinal}`;
  let drawn = level * (1 + vol * data.rng(name).normal());
  if (data.revision > 0) {
    drawn = reviseValue(drawn, decimals, data.rng(`${name}|revision ${data.revision}`));
  }
  const value = String(Number(drawn.toFixed(decimals)));
  const label = dialect === "live"
    ? formatPeriod(cycle, ordinal, "live")
    : specLabel(cycle, ordinal);
  return { value, cycle: label };
}

/**
 * The key statistics: 100 rows in the "spec" dialect, 101 in "live".
 *
 * @param data The dataset they are read from (and cached in).
 * @param dialect Which count and CYCLE shapes to answer.
 * @param language Names in Korean or English.
 */
export function keyStatistics(
  data: Dataset,
  dialect: Dialect,
  language: Language,
): KeyStatisticRow[] {
  return data.memo(`keystats|${dialect}|${language}`, () => build(data, dialect, language));
}

function build(data: Dataset, dialect: Dialect, language: Language): KeyStatisticRow[] {
  const rows: KeyStatisticRow[] = [];
  for (const [clsKr, clsEn, indicators] of GROUPS) {
    const list = [...indicators];
    if (dialect === "live" && clsKr === LIVE_EXTRA.group) {
      const at = list.findIndex(([kr]) => kr === LIVE_EXTRA.after);
      list.splice(at + 1, 0, LIVE_EXTRA.indicator);
    }
    for (const ind of list) {
      const [kr, en, unit] = ind;
      const { value, cycle } = evaluate(data, ind, dialect);
      rows.push({
        CLASS_NAME: language === "kr" ? clsKr : clsEn,
        KEYSTAT_NAME: language === "kr" ? kr : en,
        DATA_VALUE: value,
        CYCLE: cycle,
        UNIT_NAME: language === "kr" ? unit : UNITS[unit] ?? unit,
      });
    }
  }
  return rows;
}
