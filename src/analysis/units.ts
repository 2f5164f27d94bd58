/**
 * ECOS units as data: {@linkcode parseUnit} reads a UNIT_NAME (Korean or English) into its
 * kind, its power of ten, its currency or index base, and an English label. A unit it cannot
 * read is kind "other" with scale 1: never a guess.
 *
 * The unit strings the service sends, and where each was seen, are listed in
 * tests/analysis/units_test.ts.
 *
 * @module
 */

/** A UNIT_NAME read: what {@linkcode parseUnit} returns. */
export interface UnitInfo {
  /**
   * What the unit measures. `money` is an amount in a currency; `exchange_rate` a price of one
   * currency in another; `count` a number of things (persons, accounts, shares); `ratio` a
   * multiple ("배", times); `other` what {@linkcode parseUnit} cannot read.
   */
  kind:
    | "money"
    | "percent"
    | "percentage_point"
    | "index"
    | "count"
    | "exchange_rate"
    | "ratio"
    | "other";
  /** The multiplier to base units: 1e9 for 십억원 (billion KRW); 1 when none. */
  scale: number;
  /**
   * The ISO 4217 code of money, or of the quoting side of an exchange rate (KRW for 원/100엔);
   * null otherwise.
   */
  currency: string | null;
  /** For an exchange rate, the currency quoted (JPY for 원/100엔); null otherwise. */
  per: string | null;
  /** For an exchange rate, the amount quoted (100 for 원/100엔); null otherwise. */
  perAmount: number | null;
  /**
   * For an index, its base period as written, normalised: "2020", "2021-06", "1996-07-01";
   * null otherwise, and for an index whose base the unit does not say ("지수").
   */
  base: string | null;
  /** For an index with a base, the index's value in it (100, 1000); null otherwise. */
  baseValue: number | null;
  /** True for a rate per year (연%, 연리%, % p.a.). */
  annual: boolean;
  /** The unit as given (null and undefined are ""). */
  text: string;
  /** The unit in English words: "billion KRW", "% per year", "index (2020=100)". */
  label: string;
}

/** What a unit measures: {@linkcode UnitInfo.kind}. */
export type UnitKind = UnitInfo["kind"];

/** The Korean currency words, and the ISO code of each. */
const KOREAN_CURRENCIES: Readonly<Record<string, string>> = {
  "원": "KRW",
  "달러": "USD",
  "미달러": "USD",
  "불": "USD",
  "엔": "JPY",
  "유로": "EUR",
  "위안": "CNY",
  "파운드": "GBP",
};

/** English currency words (the service's English answers use the ISO codes). */
const ENGLISH_CURRENCIES: Readonly<Record<string, string>> = {
  krw: "KRW",
  won: "KRW",
  usd: "USD",
  "us$": "USD",
  dollar: "USD",
  dollars: "USD",
  jpy: "JPY",
  yen: "JPY",
  eur: "EUR",
  euro: "EUR",
  euros: "EUR",
  cny: "CNY",
  yuan: "CNY",
  gbp: "GBP",
};

/** Korean counting words, and the English noun of each. */
const KOREAN_COUNTS: Readonly<Record<string, string>> = {
  "명": "persons",
  "좌": "accounts",
  "주": "shares",
  "사": "companies",
  "종목": "issues",
  "개": "units",
  "건": "cases",
  "호": "dwellings",
};

/** English counting nouns. */
const ENGLISH_COUNTS = new Set([
  "persons",
  "people",
  "accounts",
  "shares",
  "companies",
  "issues",
  "units",
  "cases",
]);

/** Korean digits of scale: 십 10, 백 100, 천 1,000; then the myriads 만, 억, 조. */
const KOREAN_DIGITS: Readonly<Record<string, number>> = { "십": 1e1, "백": 1e2, "천": 1e3 };
const KOREAN_MYRIADS: Readonly<Record<string, number>> = { "만": 1e4, "억": 1e8, "조": 1e12 };

/** English scale words. */
const ENGLISH_SCALES: Readonly<Record<string, number>> = {
  thousand: 1e3,
  thousands: 1e3,
  million: 1e6,
  millions: 1e6,
  billion: 1e9,
  billions: 1e9,
  trillion: 1e12,
  trillions: 1e12,
};

/**
 * A power of ten in English words: 1e9 "billion", 1e8 "100 million", 1 "".
 *
 * @param scale A power of ten from 1 to 1e14.
 * @returns The words.
 */
export function scaleWords(scale: number): string {
  if (scale === 1) return "";
  const exponent = Math.round(Math.log10(scale));
  const names = ["", "thousand", "million", "billion", "trillion"];
  const group = Math.min(Math.floor(exponent / 3), names.length - 1);
  const rest = exponent - group * 3;
  const lead = rest === 0 ? "" : `${10 ** rest} `;
  return group === 0 ? String(scale) : `${lead}${names[group]}`;
}

/**
 * A power of ten as a Korean prefix: 1e9 "십억", 1e6 "백만", 1e3 "천", 1 "".
 *
 * @param scale A power of ten from 1 to 1e15.
 * @returns The prefix.
 */
export function koreanScale(scale: number): string {
  if (scale === 1) return "";
  const exponent = Math.round(Math.log10(scale));
  const myriad = exponent >= 12 ? 12 : exponent >= 8 ? 8 : exponent >= 4 ? 4 : 0;
  const digit = exponent - myriad;
  const digitWord = ["", "십", "백", "천"][digit] ?? "";
  const myriadWord = { 0: "", 4: "만", 8: "억", 12: "조" }[myriad];
  return `${digitWord}${myriadWord}`;
}

/** A Korean scale prefix's value ("십억" 1e9), or undefined when the text is not one. */
function koreanPrefix(text: string): number | undefined {
  if (text === "") return 1;
  const m = /^([십백천])?([만억조])?$/.exec(text);
  if (m === null || (m[1] === undefined && m[2] === undefined)) return undefined;
  return (m[1] ? KOREAN_DIGITS[m[1]]! : 1) * (m[2] ? KOREAN_MYRIADS[m[2]]! : 1);
}

/** An index base as written ("2021.6", "1996.07.01", "2020") in ISO shape. */
function normaliseBase(text: string): string | undefined {
  const m = /^(\d{4})(?:[.\-/](\d{1,2})(?:[.\-/](\d{1,2}))?)?$/.exec(text);
  if (m === null) return undefined;
  const pad = (s: string) => s.padStart(2, "0");
  return [m[1], m[2] && pad(m[2]), m[3] && pad(m[3])].filter(Boolean).join("-");
}

type Parts = Omit<UnitInfo, "text" | "label">;

const NOTHING: Parts = {
  kind: "other",
  scale: 1,
  currency: null,
  per: null,
  perAmount: null,
  base: null,
  baseValue: null,
  annual: false,
};

const parts = (p: Partial<Parts>): Parts => ({ ...NOTHING, ...p });

/** A percent, a percentage point, or an index. */
function readRelative(t: string): Parts | undefined {
  const lower = t.toLowerCase();
  if (t === "%" || lower === "percent") return parts({ kind: "percent" });
  if (/^(연|연리)\s*%$/.test(t) || /^%\s*(p\.?\s*a\.?|per\s+(year|annum))$/i.test(t)) {
    return parts({ kind: "percent", annual: true });
  }
  if (/^%\s*p$/i.test(t) || /^(%\s*pt|percentage\s+points?)$/i.test(t)) {
    return parts({ kind: "percentage_point" });
  }
  if (t === "지수" || lower === "index") return parts({ kind: "index" });
  const index = /^(?:index\s*)?\(?\s*([\d.\-/]+)\s*=\s*(\d+(?:\.\d+)?)\s*\)?$/i.exec(t);
  if (index !== null) {
    const base = normaliseBase(index[1]!);
    if (base !== undefined) {
      return parts({ kind: "index", base, baseValue: Number(index[2]) });
    }
  }
  if (t === "배" || lower === "times") return parts({ kind: "ratio" });
  return undefined;
}

/** Korean money, counts and exchange rates: 십억원, 천불, 천명, 원/100엔. */
function readKorean(t: string): Parts | undefined {
  const rate = /^(원|달러|엔|유로|위안|파운드)\s*\/\s*(\d+)?\s*(미?달러|불|엔|유로|위안|파운드|원)$/
    .exec(t);
  if (rate !== null) {
    return parts({
      kind: "exchange_rate",
      currency: KOREAN_CURRENCIES[rate[1]!]!,
      per: KOREAN_CURRENCIES[rate[3]!]!,
      perAmount: rate[2] === undefined ? 1 : Number(rate[2]),
    });
  }
  for (const [word, code] of Object.entries(KOREAN_CURRENCIES)) {
    if (!t.endsWith(word)) continue;
    const scale = koreanPrefix(t.slice(0, t.length - word.length));
    if (scale !== undefined) return parts({ kind: "money", scale, currency: code });
  }
  for (const word of Object.keys(KOREAN_COUNTS)) {
    if (!t.endsWith(word)) continue;
    const scale = koreanPrefix(t.slice(0, t.length - word.length));
    if (scale !== undefined) return parts({ kind: "count", scale });
  }
  return undefined;
}

/** English money, counts and exchange rates: "KRW billion", "USD thousand", "KRW per 100 JPY". */
function readEnglish(t: string): Parts | undefined {
  // "US dollars", "U.S. dollar" and "US$" are the dollar's code.
  const plain = t.replace(/\bu\.?s\.?\s*(dollars?\b|\$)/i, "USD");
  const words = plain.toLowerCase().replace(/,/g, "").split(/\s+/).filter((w) =>
    w !== "" && w !== "of"
  );
  const rate = /^([a-z]{3})\s*(?:\/|per)\s*(\d+)?\s*([a-z]{3})$/i.exec(t);
  if (rate !== null) {
    const currency = ENGLISH_CURRENCIES[rate[1]!.toLowerCase()];
    const per = ENGLISH_CURRENCIES[rate[3]!.toLowerCase()];
    if (currency !== undefined && per !== undefined) {
      return parts({
        kind: "exchange_rate",
        currency,
        per,
        perAmount: rate[2] === undefined ? 1 : Number(rate[2]),
      });
    }
  }
  let scale = 1;
  let currency: string | undefined;
  let counted = false;
  let number = 1;
  for (const w of words) {
    if (/^\d+$/.test(w) && number === 1 && Number(w) > 1) number = Number(w);
    else if (ENGLISH_SCALES[w] !== undefined) scale *= ENGLISH_SCALES[w]!;
    else if (ENGLISH_CURRENCIES[w] !== undefined && currency === undefined) {
      currency = ENGLISH_CURRENCIES[w];
    } else if (ENGLISH_COUNTS.has(w)) counted = true;
    else return undefined;
  }
  // A bare number ("100") is no unit; "10 thousand" and "100 million" are.
  if (number !== 1 && (scale === 1 || !Number.isInteger(Math.log10(number)))) return undefined;
  scale *= number;
  if (currency !== undefined && !counted) return parts({ kind: "money", scale, currency });
  if (currency === undefined && (counted || scale > 1)) return parts({ kind: "count", scale });
  return undefined;
}

/** The English label of a unit read. */
function labelOf(p: Parts, text: string): string {
  const scaled = (rest: string) => [scaleWords(p.scale), rest].filter(Boolean).join(" ");
  switch (p.kind) {
    case "money":
      return scaled(p.currency!);
    case "percent":
      return p.annual ? "% per year" : "%";
    case "percentage_point":
      return "percentage points";
    case "index":
      return p.base === null ? "index" : `index (${p.base}=${p.baseValue})`;
    case "exchange_rate":
      return `${p.currency} per ${p.perAmount === 1 ? "" : `${p.perAmount} `}${p.per}`;
    case "count":
      return scaled(countNoun(text));
    case "ratio":
      return "times";
    case "other":
      return text === "세" ? "years of age" : text;
  }
}

/** What a count counts, in English ("persons" for 천명); "" when the unit does not say. */
function countNoun(text: string): string {
  for (const [word, noun] of Object.entries(KOREAN_COUNTS)) if (text.endsWith(word)) return noun;
  const last = text.toLowerCase().split(/\s+/).at(-1) ?? "";
  return ENGLISH_COUNTS.has(last) ? (last === "people" ? "persons" : last) : "";
}

/**
 * Reads a UNIT_NAME: its kind, the power of ten that takes its values to base units, its
 * currency, the quoted currency of an exchange rate, an index's base, whether a rate is per
 * year, and an English label. Korean units (십억원, 백만달러, 천불, 연%, 2021.6=100, 천명) and
 * the English answers' units (KRW billion, USD thousand, % p.a., thousand persons) are read
 * alike; spaces around the text are ignored (the service has sent "원 " and "1980.01.04=100 ").
 * A unit it cannot read, or none (null, ""), is kind "other" with scale 1: never a guess.
 *
 * @param unitName A UNIT_NAME as the service sent it.
 * @returns The unit read.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseUnit } from "./units.ts";
 *
 * const gdp = parseUnit("십억원");
 * assert.equal(gdp.kind, "money");
 * assert.equal(gdp.scale, 1e9);
 * assert.equal(gdp.currency, "KRW");
 * assert.equal(gdp.label, "billion KRW");
 * assert.equal(parseUnit("천불").scale, 1e3);
 * assert.equal(parseUnit("연%").label, "% per year");
 * assert.equal(parseUnit("2021.6=100").base, "2021-06");
 * assert.equal(parseUnit("원/100엔").perAmount, 100);
 * assert.equal(parseUnit("furlongs").kind, "other");
 * ```
 */
export function parseUnit(unitName: string | null | undefined): UnitInfo {
  const text = unitName ?? "";
  const t = text.trim();
  const p = t === "" ? NOTHING : readRelative(t) ?? readKorean(t) ?? readEnglish(t) ?? NOTHING;
  return { ...p, text, label: labelOf(p, t) };
}

/**
 * The base unit of a unit read, as {@linkcode inBaseUnits} names it: the currency code for
 * money ("KRW"), "%" ("% p.a." per year), "%p", "index 2020=100" (the base as {@linkcode UnitInfo.base} writes it), what a count counts
 * ("persons"), "times", an exchange rate's quote ("KRW per 100 JPY"); the text itself (trimmed)
 * for a unit of kind "other", and null for none.
 *
 * @param unit The unit read.
 * @returns The base unit.
 */
export function baseUnit(unit: UnitInfo): string | null {
  switch (unit.kind) {
    case "money":
      return unit.currency;
    case "percent":
      return unit.annual ? "% p.a." : "%";
    case "percentage_point":
      return "%p";
    case "index":
      return unit.base === null ? "index" : `index ${unit.base}=${unit.baseValue}`;
    case "count":
      return countNoun(unit.text.trim()) || "units";
    case "ratio":
      return "times";
    case "exchange_rate":
      return unit.label;
    case "other":
      return unit.text.trim() === "" ? null : unit.text.trim();
  }
}

/**
 * Whether two units read are one unit: the same kind, scale, currency, quote, base and
 * annuality, whatever the language ("십억원" and "KRW billion" are).
 *
 * @param a A unit read.
 * @param b Another.
 * @returns True when they are the same.
 */
export function sameUnit(a: UnitInfo, b: UnitInfo): boolean {
  if (a.kind === "other" || b.kind === "other") return a.text.trim() === b.text.trim();
  return a.kind === b.kind && a.scale === b.scale && a.currency === b.currency &&
    a.per === b.per && a.perAmount === b.perAmount && a.base === b.base &&
    a.baseValue === b.baseValue && a.annual === b.annual &&
    (a.kind !== "count" || countNoun(a.text.trim()) === countNoun(b.text.trim()));
}
