/**
 * The words people and assistants type for ECOS tables, in English and Korean, each mapped to
 * the tables of the catalogue (src/discovery/catalogue_data.ts) that answer it, best first.
 * "CPI" and "inflation" find 901Y009, whose name says "소비자물가지수" (and, in English,
 * "Consumer Price Indices"); "policy rate" finds the base rate's table.
 *
 * Each entry cites its source: the ECOS table names (StatisticTableList, the snapshot's
 * evidence: choo121600/ecos-reader docs/reference/ecos_code_catalog.md) of the tables it
 * lists, and for the English term the English name it renders where one is on record (WIRE:
 * the project's wire notes, "Well-known series"; SERIES: src/discovery/named_series.ts, whose
 * entries cite their own evidence). A test holds every code against the snapshot.
 *
 * Terms are matched as whole words (English, singular or plural) or as parts of Korean words
 * (with or without spaces, or by initial consonants).
 *
 * @module
 */

/** One concept: the words for it, and the tables that answer it. */
export interface Concept {
  /** English words and abbreviations, lower case. */
  readonly en: readonly string[];
  /** Korean words. */
  readonly kr: readonly string[];
  /** The table codes, best first. */
  readonly tables: readonly string[];
  /** The evidence: the ECOS names of the tables, and of the English term where on record. */
  readonly source: string;
}

const list = (text: string) => text === "" ? [] : text.split(",").map((t) => t.trim());

/** A concept from comma-separated words and codes. */
const c = (en: string, kr: string, tables: string, source: string): Concept => ({
  en: list(en),
  kr: list(kr),
  tables: list(tables),
  source,
});

/** Every concept, most common first. */
export const VOCABULARY: readonly Concept[] = [
  c(
    "cpi, consumer price index, consumer prices, consumer price, inflation, inflation rate, " +
      "headline inflation, cost of living",
    "소비자물가, 소비자물가지수, 인플레이션, 물가상승률, 물가상승",
    "901Y009, 901Y010, 511Y003, 902Y008",
    "901Y009 소비자물가지수, 901Y010 소비자물가지수(특수분류), 511Y003 기대인플레이션율, " +
      "902Y008 국제 주요국 소비자물가지수; WIRE: cpi, Consumer price index, all items",
  ),
  c(
    "core inflation, core cpi, core consumer prices",
    "근원물가, 근원인플레이션",
    "901Y010",
    "901Y010 소비자물가지수(특수분류); SERIES core_cpi: all items less agricultural products and oils",
  ),
  c(
    "expected inflation, inflation expectations, inflation expectation",
    "기대인플레이션, 기대인플레이션율, 기대물가",
    "511Y003",
    "511Y003 기대인플레이션율(전국, 월)",
  ),
  c(
    "prices, price index, price level",
    "물가, 물가지수",
    "901Y009, 404Y014, 401Y015, 402Y014, 901Y062",
    "901Y009 소비자물가지수, 404Y014 생산자물가지수(기본분류), 401Y015 수입물가지수(기본분류), " +
      "402Y014 수출물가지수(기본분류), 901Y062 주택매매가격지수(KB); group 4. 물가",
  ),
  c(
    "ppi, producer price index, producer prices, producer price, wholesale prices",
    "생산자물가, 생산자물가지수",
    "404Y014, 404Y015, 404Y016, 405Y007",
    "404Y014 생산자물가지수(기본분류), 404Y015 (특수분류), 404Y016 (품목별), 405Y007 총산출물가지수; " +
      "SERIES ppi: Producer price index, all items",
  ),
  c(
    "import prices, import price index",
    "수입물가, 수입물가지수",
    "401Y015, 401Y016, 401Y017",
    "401Y015 수입물가지수(기본분류), 401Y016 (특수분류), 401Y017 (품목별)",
  ),
  c(
    "export prices, export price index",
    "수출물가, 수출물가지수",
    "402Y014, 402Y015, 402Y016",
    "402Y014 수출물가지수(기본분류), 402Y015 (특수분류), 402Y016 (품목별)",
  ),
  c(
    "gdp, gross domestic product, economic growth, growth rate, gdp growth, real gdp, output, " +
      "nominal gdp",
    "국내총생산, 경제성장률, 성장률, 경제성장",
    "200Y102, 200Y101, 200Y108, 200Y107, 200Y110, 200Y109",
    "200Y102 주요지표(분기지표), 200Y101 주요지표(연간지표), 200Y107-200Y110 국내총생산에 대한 " +
      "지출; WIRE: gdp_growth, Real GDP growth, q/q s.a.; gdp_nominal, Nominal GDP, annual",
  ),
  c(
    "gni, gross national income, national income, income per capita, per capita income",
    "국민총소득, 국민소득, 1인당국민소득",
    "200Y101, 200Y102, 200Y105",
    "200Y101 주요지표(연간지표), 200Y105 경제활동별 GDP 및 GNI; SERIES gni",
  ),
  c(
    "gdp deflator, deflator",
    "디플레이터",
    "200Y112, 200Y111",
    "200Y112 국내총생산에 대한 지출 디플레이터, 200Y111 경제활동별 국내총생산 디플레이터",
  ),
  c(
    "private consumption, household consumption, consumer spending, consumption expenditure",
    "민간소비, 최종소비지출, 가계소비",
    "200Y140, 200Y142, 200Y108",
    "200Y140 가계의 목적별 최종소비지출, 200Y108 국내총생산에 대한 지출(계절조정, 실질, 분기)",
  ),
  c(
    "m2, broad money, money supply, money stock, money",
    "광의통화, 통화량, 통화공급",
    "161Y008, 161Y006, 161Y005, 161Y007, 161Y004",
    "161Y005-161Y008 M2 상품별 구성내역, 161Y004 M1 상품별 구성내역; group 1.1.3. M2(광의통화); " +
      "SERIES m2: M2 (broad money)",
  ),
  c(
    "m1, narrow money",
    "협의통화",
    "161Y004, 161Y002, 161Y001, 161Y003",
    "161Y001-161Y004 M1 상품별 구성내역; group 1.1.2. M1(협의통화); SERIES m1: M1 (narrow money)",
  ),
  c(
    "lf, liquidity, liquidity aggregate",
    "금융기관유동성, 유동성",
    "171Y002, 171Y001, 172Y002",
    "171Y002 Lf 상품별 구성내역(말잔, 원계열), 171Y001 (말잔, 계절조정계열), 172Y002 L(광의유동성) 구성내역; " +
      "SERIES lf",
  ),
  c(
    "monetary base, reserve money, base money",
    "본원통화",
    "102Y002, 102Y004, 102Y001, 102Y003",
    "102Y002 본원통화 구성내역(평잔, 원계열), 102Y004 (평잔, 계절조정계열), 102Y001, 102Y003 (말잔)",
  ),
  c(
    "base rate, bok base rate, bank of korea base rate, key rate, key interest rate",
    "기준금리, 한국은행기준금리",
    "722Y001",
    "722Y001 한국은행 기준금리 및 여수신금리; WIRE: base_rate, Bank of Korea base rate",
  ),
  c(
    "policy rate, policy interest rate, central bank rate",
    "정책금리",
    "722Y001, 902Y006",
    "722Y001 한국은행 기준금리 및 여수신금리, 902Y006 국제 주요국 중앙은행 정책금리",
  ),
  c(
    "interest rate, market rate, market interest rate, yield, bond yield",
    "금리, 시장금리, 이자율, 수익률",
    "817Y002, 721Y001, 722Y001, 121Y006, 121Y002",
    "817Y002 시장금리(일별), 721Y001 시장금리(월,분기,년), 121Y006 예금은행 대출금리, 121Y002 " +
      "예금은행 수신금리",
  ),
  c(
    "treasury yield, treasury bond, treasury, government bond yield, government bond, ktb, " +
      "ktb yield, 3-year treasury, 10-year treasury",
    "국고채, 국고채금리, 국채금리, 국고채수익률, 국채",
    "817Y002, 721Y001",
    "817Y002 시장금리(일별), 721Y001 시장금리(월,분기,년); WIRE: ktb_3y, Treasury bonds 3-year yield",
  ),
  c(
    "corporate bond, corporate bond yield, corporate yield",
    "회사채, 회사채금리, 회사채수익률",
    "817Y002, 721Y001",
    "817Y002 시장금리(일별); SERIES corp_aa_3y: Corporate bonds, 3-year AA- yield",
  ),
  c(
    "call rate, cd rate, cd yield, money market rate",
    "콜금리, cd금리",
    "817Y002, 721Y001",
    "817Y002 시장금리(일별); SERIES call_rate, cd_91d",
  ),
  c(
    "lending rate, loan rate, loan interest rate, mortgage rate",
    "대출금리",
    "121Y006, 121Y015, 121Y007",
    "121Y006 예금은행 대출금리(신규취급액 기준), 121Y015 (잔액 기준), 121Y007 비은행금융기관 대출금리",
  ),
  c(
    "deposit rate, deposit interest rate, savings rate",
    "예금금리, 수신금리",
    "121Y002, 121Y013, 121Y004",
    "121Y002 예금은행 수신금리(신규취급액 기준), 121Y013 (잔액 기준), 121Y004 비은행금융기관 수신금리",
  ),
  c(
    "exchange rate, fx rate, forex, currency, won-dollar, won dollar, usd krw, krw, dollar, won, " +
      "yen, euro, yuan, won-yen, dollar rate",
    "환율, 원달러, 원달러환율, 달러, 엔화, 위안화, 유로, 원화",
    "731Y001, 731Y004, 731Y003, 731Y006, 731Y002",
    "731Y001 주요국 통화의 대원화환율, 731Y004 (월), 731Y003 원화의 대미달러, 원화의 대위안/대엔 환율; " +
      "WIRE: usd_krw, KRW per USD (trading basis)",
  ),
  c(
    "fx reserves, foreign exchange reserves, foreign reserves, reserves, international reserves",
    "외환보유액, 외환보유고",
    "732Y001, 902Y014",
    "732Y001 외환보유액, 902Y014 국제 주요국 외환보유액",
  ),
  c(
    "current account, current account balance, balance of payments, bop",
    "경상수지, 국제수지",
    "301Y013, 301Y017, 301Y015",
    "301Y013 국제수지, 301Y017 경상수지(계절조정), 301Y015 지역별 경상수지; SERIES current_account",
  ),
  c(
    "trade balance, goods balance, trade surplus, trade deficit",
    "무역수지, 상품수지",
    "301Y013, 901Y118",
    "301Y013 국제수지 (상품수지), 901Y118 수출입 총괄",
  ),
  c(
    "exports, imports, trade, customs, external trade",
    "수출, 수입, 수출입, 무역, 통관",
    "901Y118, 901Y119, 901Y121, 901Y092, 403Y001, 403Y003",
    "901Y118 수출입 총괄, 901Y119 대륙별 수출입, 901Y121 국가별 수출입, 901Y092 성질별 수출입, " +
      "403Y001 수출금액지수; SERIES exports, imports: customs basis",
  ),
  c(
    "terms of trade",
    "교역조건, 교역조건지수",
    "403Y005",
    "403Y005 교역조건지수",
  ),
  c(
    "export volume, import volume, trade volume",
    "수출물량, 수입물량",
    "403Y002, 403Y004",
    "403Y002 수출물량지수, 403Y004 수입물량지수",
  ),
  c(
    "unemployment, unemployment rate, jobless rate, jobless, labor force, labour force, " +
      "economically active population",
    "실업률, 실업, 실업자, 경제활동인구",
    "901Y027, 902Y021, 901Y084",
    "901Y027 경제활동인구, 902Y021 국제 주요국 실업률, 901Y084 실업급여수급실적; " +
      "SERIES unemployment_rate",
  ),
  c(
    "employment, employed, jobs, employment rate, labor market, labour market, workers",
    "고용, 취업자, 고용률, 취업",
    "901Y027, 901Y083, 902Y022",
    "901Y027 경제활동인구, 901Y083 고용보험 가입자수, 902Y022 국제 주요국 취업자수; SERIES employed",
  ),
  c(
    "wages, wage, earnings, salary, pay",
    "임금, 월급, 급여",
    "901Y052, 901Y086, 901Y102",
    "901Y052 산업/규모별 임금 및 근로시간, 901Y086 직종별평균임금, 901Y102 시간당 명목임금지수",
  ),
  c(
    "house prices, housing prices, home prices, house price index, housing price index, " +
      "real estate prices, property prices, apartment prices, housing market",
    "집값, 주택가격, 주택매매가격, 부동산가격, 아파트가격, 주택가격지수, 아파트값",
    "901Y062, 901Y113, 901Y089, 901Y093",
    "901Y062 주택매매가격지수(KB), 901Y113 유형별 주택매매가격지수, 901Y089 아파트 매매 실거래가격지수; " +
      "SERIES house_prices: KB housing sale price index",
  ),
  c(
    "jeonse, rent, rents, rental prices, lease prices",
    "전세, 전세가격, 월세, 임대료, 전세값",
    "901Y063, 901Y114, 901Y115",
    "901Y063 주택전세가격지수(KB), 901Y114 유형별 주택전세가격지수, 901Y115 유형별 주택월세통합가격지수",
  ),
  c(
    "land prices, land price",
    "지가, 땅값, 지가변동률",
    "901Y064",
    "901Y064 지역별 지가변동률",
  ),
  c(
    "household debt, household credit, household loans, household borrowing, consumer credit, " +
      "household lending",
    "가계부채, 가계신용, 가계대출, 가계빚",
    "151Y001, 151Y002, 151Y004, 151Y005, 181Y001, 181Y002",
    "151Y001 가계신용(업권별, 분기), 151Y002 예금취급기관 가계대출, 181Y001-181Y002 차주당 가계대출; " +
      "group 1.6. 차주별 가계부채; SERIES household_credit",
  ),
  c(
    "mortgage, mortgages, mortgage loans, housing loans, home loans",
    "주택담보대출, 주담대",
    "151Y005, 181Y011, 181Y012, 151Y004",
    "151Y005 예금취급기관 가계대출(용도별, 월), 181Y011 차주당 주택담보대출 신규취급액, 181Y012 잔액",
  ),
  c(
    "bank loans, loans, lending, credit, corporate loans, business loans",
    "대출, 대출금, 여신, 기업대출",
    "104Y016, 151Y002, 131Y013, 141Y004",
    "104Y016 예금은행 대출금(말잔), 131Y013 산업별대출금(예금은행, 전산업), 141Y004 예금은행 지역별 기업대출",
  ),
  c(
    "deposits, bank deposits",
    "예금, 수신, 총수신",
    "104Y013, 104Y014, 104Y015",
    "104Y013 예금은행 총수신(말잔), 104Y014 (평잔), 104Y015 예금은행 원화예금(종별, 말잔)",
  ),
  c(
    "kospi, kosdaq, stock market, stock prices, stock price, stock index, stocks, equities, " +
      "share prices, equity market",
    "코스피, 코스닥, 주가, 주가지수, 주식시장, 증시, 주식",
    "802Y001, 901Y014, 902Y002, 901Y055",
    "802Y001 주식시장(일), 901Y014 주식시장(월,년), 902Y002 국제 주요국 주가지수, 901Y055 투자자별 주식거래",
  ),
  c(
    "bsi, business survey, business sentiment, business confidence, business survey index, " +
      "business conditions, business outlook",
    "기업경기, 기업경기조사, 기업경기실사지수, 기업심리",
    "512Y014, 512Y013, 512Y015, 512Y016",
    "512Y013 기업경기조사(실적), 512Y014 기업경기조사(전망); SERIES bsi: Business survey index",
  ),
  c(
    "csi, consumer sentiment, consumer confidence, consumer survey, consumer sentiment index",
    "소비자심리, 소비자심리지수, 소비자동향, 소비자동향지수, 소비자동향조사",
    "511Y002, 511Y004",
    "511Y002 소비자동향조사(전국, 월, 2008.9~), 511Y004 소비자동향조사(지역, 월); SERIES csi",
  ),
  c(
    "esi, economic sentiment, economic sentiment index, sentiment",
    "경제심리, 경제심리지수, 심리지수",
    "513Y001, 521Y001",
    "513Y001 경제심리지수, 521Y001 뉴스심리지수; SERIES esi: Economic sentiment index",
  ),
  c(
    "news sentiment, news sentiment index",
    "뉴스심리, 뉴스심리지수",
    "521Y001",
    "521Y001 뉴스심리지수(실험적 통계)",
  ),
  c(
    "industrial production, production index, industrial output, manufacturing output, " +
      "manufacturing production, production",
    "산업생산, 전산업생산, 광공업생산, 생산지수, 제조업생산",
    "901Y033, 901Y032, 901Y034",
    "901Y033 전산업생산지수(농림어업제외), 901Y032 산업별 생산/출하/재고 지수, 901Y034 재별 제조업생산지수; " +
      "SERIES industrial_production",
  ),
  c(
    "capacity utilization, utilization rate, operating ratio",
    "가동률, 평균가동률",
    "901Y035, 901Y025",
    "901Y035 제조업 생산능력 및 가동률 지수, 901Y025 제조업 평균가동률",
  ),
  c(
    "services production, service output, service industry",
    "서비스업생산, 서비스업",
    "901Y038",
    "901Y038 산업별 서비스업생산지수",
  ),
  c(
    "retail sales, retail, consumption, sales",
    "소매판매, 판매액지수, 소비",
    "901Y100, 901Y098",
    "901Y100 재별 및 상품군별 판매액지수, 901Y098 소매업태별 판매액지수",
  ),
  c(
    "leading index, leading indicators, composite index, coincident index, business cycle, " +
      "cli, economic indicators",
    "경기종합지수, 선행지수, 동행지수, 경기",
    "901Y067",
    "901Y067 경기종합지수",
  ),
  c(
    "investment, facilities investment, equipment investment, capex, capital expenditure",
    "설비투자, 투자",
    "901Y066, 200Y138, 200Y127",
    "901Y066 설비투자지수, 200Y138 경제활동별 설비투자, 200Y127 자본재형태별 총자본형성",
  ),
  c(
    "construction, construction orders, building permits, housing starts, housing construction",
    "건설, 건설수주, 건설기성, 건축허가, 착공, 주택건설",
    "901Y020, 901Y104, 901Y037, 901Y103, 901Y105",
    "901Y020 국내건설수주액, 901Y104 건설기성액, 901Y037 건축허가현황, 901Y103 건축착공현황, " +
      "901Y105 주택건설인허가실적",
  ),
  c(
    "unsold homes, unsold housing, housing inventory",
    "미분양, 미분양주택",
    "901Y074",
    "901Y074 미분양주택현황",
  ),
  c(
    "fiscal balance, government budget, budget balance, fiscal, government finance, deficit",
    "재정수지, 통합재정수지, 재정",
    "901Y013",
    "901Y013 통합재정수지",
  ),
  c("tax revenue, taxes, tax", "조세, 세수, 조세징수액", "901Y081", "901Y081 조세징수액"),
  c(
    "bond issuance, government bonds issued, public bonds",
    "국공채, 국공채발행",
    "191Y001",
    "191Y001 주요 국공채 발행액/잔액",
  ),
  c(
    "population, fertility rate, birth rate, aging, ageing",
    "인구, 출산율, 합계출산율, 고령인구, 고령화",
    "901Y028",
    "901Y028 추계인구/고령인구비율/합계출산율",
  ),
  c(
    "income distribution, inequality, gini, gini coefficient",
    "소득분배, 지니계수, 불평등",
    "901Y112",
    "901Y112 소득분배지표(2011~)",
  ),
  c(
    "household income, household spending, household expenditure, household budget",
    "가계수지, 가계소득, 가계지출",
    "901Y117, 901Y116",
    "901Y117 가구당 월평균 가계수지(전국, 2인이상), 901Y116 (전국, 1인이상)",
  ),
  c(
    "household assets, household wealth, net worth, household survey",
    "가계자산, 가계금융복지조사, 자산",
    "903Y201, 903Y210, 291Y505",
    "903Y201 시도별 자산, 부채, 소득 현황, 903Y210 소득5분위별, 291Y505 제도부문별 대차대조표",
  ),
  c(
    "flow of funds, financial accounts",
    "자금순환, 자금순환표",
    "283Y001, 281Y001, 281Y002",
    "283Y001 주요지표(2009~), 281Y001 금융거래표(2009~), 281Y002 금융자산부채잔액표; group 2.3. 자금순환표",
  ),
  c(
    "international investment position, iip, external debt, foreign debt, external assets",
    "국제투자대조표, 대외채무, 외채, 대외채권",
    "311Y001, 311Y004, 311Y005, 311Y006",
    "311Y001 국제투자대조표(IIP), 311Y004 대외채무, 311Y005 대외채권, 311Y006 순대외채권",
  ),
  c(
    "fdi, foreign direct investment, direct investment, overseas investment",
    "직접투자, 외국인직접투자, 해외직접투자",
    "901Y061, 901Y060",
    "901Y061 외국인직접투자, 901Y060 해외직접투자",
  ),
  c(
    "card spending, credit card, credit cards, card payments, card",
    "카드, 신용카드, 카드승인, 카드사용",
    "601Y002, 601Y003",
    "601Y002 지역별 소비유형별 개인 신용카드, 601Y003 신용카드",
  ),
  c(
    "payments, payment systems, settlement, bok-wire",
    "지급결제, 한은금융망, 결제",
    "603Y010, 606Y002, 602Y001",
    "603Y010 지급결제동향, 606Y002 한은금융망, 602Y001 결제시스템별 통계",
  ),
  c(
    "delinquency, delinquency rate, default rate, loan delinquency, arrears",
    "연체율, 연체",
    "901Y054, 901Y124, 141Y005",
    "901Y054 은행대출금 연체율(1일 이상), 901Y124 (1개월 이상), 141Y005 예금은행 지역별 연체율",
  ),
  c(
    "lending survey, loan officer survey, credit conditions",
    "대출행태서베이, 대출태도, 대출수요, 신용위험",
    "514Y001, 514Y002, 514Y003",
    "514Y001 대출행태서베이(대출태도), 514Y002 (신용위험), 514Y003 (대출수요)",
  ),
  c(
    "input-output, input output table, io table, input-output table",
    "산업연관표, 투입산출표",
    "271Y110, 271Y120",
    "271Y110 투입산출표 총거래표(생산자가격, 대분류), 271Y120 (중분류); group 2.2. 산업연관표",
  ),
  c(
    "national balance sheet, national wealth, capital stock",
    "국민대차대조표, 자본스톡, 국부, 순자본스톡",
    "291Y505, 291Y501",
    "291Y505 제도부문별 대차대조표, 291Y501 자산별 순자본스톡; group 2.4. 국민대차대조표",
  ),
  c(
    "financial statements, corporate finance, business management analysis, profitability, " +
      "corporate profits",
    "기업경영분석, 재무상태표, 손익계산서, 기업재무",
    "501Y001, 501Y002, 502Y001, 501Y006",
    "501Y001 재무상태표, 501Y002 손익계산서, 502Y001 성장성 지표(분기), 501Y006 손익 지표",
  ),
  c(
    "global interest rates, international interest rates, libor, us treasury, fed funds",
    "국제금리, 주요국제금리, 미국금리",
    "902Y023, 902Y006",
    "902Y023 주요국제금리, 902Y006 국제 주요국 중앙은행 정책금리",
  ),
  c(
    "commodity prices, commodities, oil price, oil, gold price, crude oil",
    "국제상품가격, 유가, 원자재, 국제유가",
    "902Y003",
    "902Y003 국제상품가격",
  ),
  c(
    "north korea",
    "북한",
    "251Y001, 251Y003, 252Y001, 252Y002",
    "251Y001 북한의 경제활동별 국내총생산, 251Y003 총량, 252Y001 시장물가지수, 252Y002 시장환율",
  ),
  c(
    "electricity, power consumption, energy, power generation",
    "전력, 전력사용량, 에너지, 발전",
    "901Y019, 901Y071, 901Y072",
    "901Y019 부문별전력사용량, 901Y071 발전전력량, 901Y072 일차에너지 공급",
  ),
  c(
    "reserve requirements, required reserves, bank reserves",
    "지급준비, 지급준비금, 지준",
    "814Y001, 814Y002",
    "814Y001 예금은행 지급준비액(신기준, 평잔), 814Y002 (구기준, 평잔)",
  ),
  c(
    "currency in circulation, banknotes, currency issued, cash",
    "화폐발행, 화폐발행잔액, 현금",
    "871Y001",
    "871Y001 화폐발행잔액",
  ),
  c(
    "productivity, labor productivity, labour productivity, unit labor cost, unit labour cost",
    "노동생산성, 단위노동비용, 생산성",
    "901Y107, 901Y088",
    "901Y107 노동생산성지수, 901Y088 단위노동비용지수",
  ),
  c(
    "saving, savings, gross saving, saving rate",
    "총저축, 저축률, 저축",
    "200Y155, 200Y156",
    "200Y155 총저축과 총투자(계절조정, 명목, 분기), 200Y156 (원계열)",
  ),
  c(
    "international, global, world economy, major countries",
    "국제, 주요국, 해외",
    "902Y015, 902Y016, 902Y008, 902Y021",
    "902Y015 국제 주요국 경제성장률, 902Y016 국내총생산(GDP), 902Y008 소비자물가지수; group 9.1. 주요국제통계",
  ),
];
