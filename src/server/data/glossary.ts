/**
 * The glossary StatisticWord searches: a small set of economic terms in Korean, with English
 * equivalents for answers under `en`.
 *
 * @module
 */

import type { Text } from "./table.ts";

/** A glossary entry. */
export interface WordDef {
  /** The term. */
  word: Text;
  /** Its explanation. */
  content: Text;
}

const w = (kr: string, en: string, ckr: string, cen: string): WordDef => ({
  word: { kr, en },
  content: { kr: ckr, en: cen },
});

/** The glossary, in answer order. */
export const GLOSSARY: readonly WordDef[] = [
  w(
    "기준금리",
    "Base rate",
    "한국은행 금융통화위원회가 결정하는 정책금리로, 금융기관과의 환매조건부증권 매매 등 거래의 기준이 되는 금리이다.",
    "The policy rate set by the Monetary Policy Board of the Bank of Korea, the reference for its repurchase transactions with financial institutions.",
  ),
  w(
    "환율",
    "Exchange rate",
    "한 나라 통화와 다른 나라 통화의 교환 비율로, 외국 통화 한 단위와 교환되는 원화의 양으로 표시한다.",
    "The price of one currency in another, quoted as won per unit of foreign currency.",
  ),
  w(
    "소비자물가지수",
    "Consumer price index",
    "가구가 소비하는 상품과 서비스의 가격 변동을 기준연도(2020=100) 대비 지수로 나타낸 지표이다.",
    "An index of the prices of goods and services households buy, relative to a base year (2020=100).",
  ),
  w(
    "근원물가",
    "Core inflation",
    "소비자물가에서 농산물과 석유류처럼 가격 변동이 큰 품목을 제외하여 산출한 물가 지표이다.",
    "Consumer prices excluding volatile items such as agricultural products and oil.",
  ),
  w(
    "기대인플레이션율",
    "Expected inflation",
    "경제주체들이 예상하는 향후 1년간의 물가상승률이다.",
    "The inflation rate that households and firms expect over the next year.",
  ),
  w(
    "국내총생산",
    "Gross domestic product",
    "일정 기간 동안 한 나라 안에서 생산된 모든 최종 재화와 서비스의 시장가치 합계이다.",
    "The market value of all final goods and services produced within a country in a period.",
  ),
  w(
    "경제성장률",
    "Economic growth rate",
    "실질 국내총생산의 증가율로, 보통 전기 대비 또는 전년동기 대비로 나타낸다.",
    "The growth of real GDP, usually quarter on quarter or year on year.",
  ),
  w(
    "국민총소득",
    "Gross national income",
    "한 나라 국민이 국내외에서 벌어들인 소득의 합계이다.",
    "The total income earned by a country's residents at home and abroad.",
  ),
  w(
    "통화량",
    "Money supply",
    "시중에 유통되는 화폐의 양으로, M1(협의통화), M2(광의통화), Lf 등으로 측정한다.",
    "The amount of money in circulation, measured as M1, M2, Lf and so on.",
  ),
  w(
    "본원통화",
    "Reserve base",
    "중앙은행이 공급하는 현금통화와 금융기관의 지급준비금의 합계이다.",
    "Currency issued by the central bank plus the reserves of financial institutions.",
  ),
  w(
    "콜금리",
    "Call rate",
    "금융기관 사이의 초단기 자금거래(콜거래)에 적용되는 금리이다.",
    "The rate on very short-term lending between financial institutions.",
  ),
  w(
    "국고채",
    "Treasury bond",
    "정부가 재정 자금을 조달하기 위하여 발행하는 채권이다.",
    "A bond the government issues to finance its spending.",
  ),
  w(
    "경상수지",
    "Current account",
    "상품, 서비스, 본원소득, 이전소득 거래의 수지를 합한 것이다.",
    "The balance of trade in goods and services plus primary and secondary income.",
  ),
  w(
    "외환보유액",
    "Foreign exchange reserves",
    "통화당국이 보유한 대외 지급준비자산이다.",
    "The external reserve assets held by the monetary authorities.",
  ),
  w(
    "실업률",
    "Unemployment rate",
    "경제활동인구 가운데 실업자가 차지하는 비율이다.",
    "The share of the labour force that is unemployed.",
  ),
  w(
    "고용률",
    "Employment-population ratio",
    "15세 이상 인구 가운데 취업자가 차지하는 비율이다.",
    "The share of the population aged 15 and over that is employed.",
  ),
  w(
    "경제활동인구",
    "Labour force",
    "15세 이상 인구 가운데 취업자와 실업자를 합한 인구이다.",
    "The employed plus the unemployed among those aged 15 and over.",
  ),
  w(
    "가계신용",
    "Household credit",
    "가계대출과 판매신용을 합한 가계의 부채이다.",
    "Household debt: household loans plus credit purchases.",
  ),
  w(
    "기업경기실사지수",
    "Business survey index",
    "기업가의 경기 판단을 조사하여 지수화한 것으로, 100을 넘으면 긍정적 응답이 많음을 뜻한다.",
    "An index of firms' views of business conditions; above 100 means more positive answers.",
  ),
  w(
    "소비자심리지수",
    "Consumer sentiment index",
    "소비자의 경제 인식을 종합한 지수로, 장기평균 100을 기준으로 한다.",
    "A composite index of consumers' views of the economy, with a long-run average of 100.",
  ),
  // The term of the official guide's own StatisticWord sample request.
  w(
    "소비자동향지수",
    "Consumer survey index",
    "소비자동향조사 결과를 바탕으로 가계의 경기 판단과 전망을 지수화한 것으로, 100을 넘으면 긍정적으로 응답한 가구가 부정적으로 응답한 가구보다 많음을 뜻한다.",
    "An index of households' views of present and future economic conditions from the consumer survey; above 100 means more positive than negative answers.",
  ),
  w(
    "경제심리지수",
    "Economic sentiment index",
    "기업과 소비자의 경제 심리를 종합하여 파악하기 위해 기업경기실사지수와 소비자동향지수를 합성한 지수로, 장기평균 100을 기준으로 한다.",
    "A composite of the business survey and consumer survey indices, summing up firms' and households' sentiment, with a long-run average of 100.",
  ),
];
