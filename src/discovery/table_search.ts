/**
 * Table search over a StatisticTableList frame: the one search behind `searchTables`,
 * `ecos tables` and the MCP `search_tables`.
 *
 * Every word of the text must be found, in one of three places:
 * - a concept of the vocabulary (src/discovery/vocabulary.ts) that lists the table: "CPI",
 *   "inflation" and "물가상승률" find 901Y009. Only the words of the list's language count
 *   (English terms for a list of English names, Korean for Korean), so a language asked for
 *   still decides what is searched;
 * - the table's name: Korean as part of a word, with or without spaces ("기준 금리", "기준금리",
 *   "준금"), or by initial consonants ("ㄱㅈㄱㄹ"); Latin script as whole words, singular or
 *   plural ("rate" finds "Rates", never "Generated"); a word without letters only in the code;
 * - the names of the groups above it: "가계부채" finds the tables under "차주별 가계부채";
 * - in a list of English names, the names of its items where known (the named series' titles):
 *   "call rate" finds 817Y002 through "Call rate, overnight".
 *
 * Ranking: the concept asked for first (in the vocabulary's order), then tables whose name
 * holds every word, then those found through their items' names, then through their groups; within each, current tables before
 * those of an old base year or a closed range ("(구)", "구지표", "(1998~2007)", "기준월:
 * 2021.06"), then the closest name, then the tree's order.
 *
 * Names are normalised once per frame (a WeakMap keyed by the frame): a search over the whole
 * catalogue takes well under a millisecond or two (`deno task bench`).
 *
 * @module
 */

import { type DataFrame, pl } from "../deps.ts";
import type { Language } from "../wire/format.ts";
import { closest } from "../util/closest.ts";
import { hasHangul, initials, isInitials } from "./hangul.ts";
import { NAMED_SERIES } from "./named_series.ts";
import { VOCABULARY } from "./vocabulary.ts";

/** The tree numbering at the start of a table name: "1.3.1. ". */
const NUMBERING = /^\s*(?:\d+\.)+\s*/;

/** An English word in one form for singular and plural: "rates" and "rate" are "rate". */
export function singular(word: string): string {
  if (word.length <= 3 || /ss$/.test(word)) return word;
  if (word === "indices") return "index";
  if (/ies$/.test(word)) return `${word.slice(0, -3)}y`;
  if (/(?:x|ch|sh|ss)es$/.test(word)) return word.slice(0, -2);
  return word.endsWith("s") ? word.slice(0, -1) : word;
}

/** The Latin-script and digit words of a text, lower case and singular. */
const latinWords = (lower: string): string[] => (lower.match(/[a-z0-9]+/g) ?? []).map(singular);

/** A name made ready to match: folded once per frame. */
interface Folded {
  /** Lower case, spaces removed: Korean is matched as part of it. */
  compact: string;
  /** The initial consonants of `compact`. */
  init: string;
  /** Its Latin-script and digit words, singular. */
  words: Set<string>;
}

const fold = (name: string): Folded => {
  const lower = name.normalize("NFC").toLowerCase();
  const compact = lower.replace(/\s+/g, "");
  return { compact, init: initials(compact), words: new Set(latinWords(lower)) };
};

/** A searchable table, folded. */
interface Entry {
  code: string;
  name: string;
  cycle: string | null;
  org: string | null;
  groupCode: string | null;
  groupName: string | null;
  own: Folded;
  /** The groups above it, nearest first. */
  groups: Folded[];
  /** The names of its items where known (the named series on it, in English), if any. */
  items: Folded | undefined;
  /** Of an old base year, a closed range or a former classification. */
  old: boolean;
}

/** A frame's tables, folded, and the language of its names. */
interface Index {
  entries: Entry[];
  byCode: Map<string, Entry>;
  language: "kr" | "en";
}

/** The last year a range in a name closes on, when it closes before this catalogue's year. */
const CLOSED_RANGE = /(\d{4})[.\d/]*\s*[~-]\s*(\d{4})(?![\d])/g;
const OLD_MARKS = /\(구\)|구지표|구기준|구분류|기준월: 20(?:1\d|2[0-4])|\bold\b|former/i;

/** Whether a table is of an old base year or a closed range, by its and its groups' names. */
function isOld(names: readonly string[]): boolean {
  for (const name of names) {
    if (OLD_MARKS.test(name)) return true;
    for (const m of name.matchAll(CLOSED_RANGE)) if (Number(m[2]) < 2026) return true;
    // "~2012.6", "~2009.7": a range open at its start, closed before now.
    for (const m of name.matchAll(/~\s*(\d{4})/g)) if (Number(m[1]) < 2026) return true;
  }
  return false;
}

/**
 * The item names known offline: the titles of the named series (src/discovery/named_series.ts,
 * each citing its evidence), by table. "call rate" finds 817Y002 through "Call rate, overnight".
 */
const ITEM_NAMES: ReadonlyMap<string, Folded> = (() => {
  const titles = new Map<string, string[]>();
  for (const s of Object.values(NAMED_SERIES)) {
    titles.set(s.statCode, [...titles.get(s.statCode) ?? [], s.title]);
  }
  return new Map([...titles].map(([code, t]) => [code, fold(t.join(" / "))]));
})();

const indexes = new WeakMap<DataFrame, Index>();

/** The folded tables of a frame, built on first use. */
function indexOf(tables: DataFrame): Index {
  const known = indexes.get(tables);
  if (known) return known;
  const col = (name: string) =>
    tables.columns.includes(name)
      ? (tables.getColumn(name).toArray() as (string | null)[])
      : new Array<null>(tables.height).fill(null);
  const codes = col("STAT_CODE");
  const parents = col("P_STAT_CODE");
  const names = col("STAT_NAME").map((n) => (n ?? "").replace(NUMBERING, "").trim());
  const cycles = col("CYCLE");
  const orgs = col("ORG_NAME");
  const flags = col("SRCH_YN");
  const row = new Map<string, number>();
  codes.forEach((code, i) => code !== null && row.set(code, i));
  const foldedAt = new Map<number, Folded>();
  const folded = (i: number) => {
    let f = foldedAt.get(i);
    if (!f) foldedAt.set(i, f = fold(names[i]!));
    return f;
  };
  const entries: Entry[] = [];
  let latinOnly = 0;
  for (let i = 0; i < codes.length; i++) {
    const code = codes[i];
    if (code === null || code === undefined || flags[i] !== "Y") continue;
    const chain: number[] = [];
    for (
      let p = parents[i], seen = 0;
      p !== null && p !== undefined && row.has(p) && seen < 20;
      p = parents[row.get(p)!], seen++
    ) chain.push(row.get(p)!);
    const own = folded(i);
    own.words.add(code.toLowerCase());
    const parent = chain[0];
    if (!hasHangul(names[i]!) && /[a-z]/i.test(names[i]!)) latinOnly++;
    entries.push({
      code,
      name: names[i]!,
      cycle: cycles[i] ?? null,
      org: orgs[i] ?? null,
      groupCode: parents[i] ?? null,
      groupName: parent === undefined ? null : names[parent]!,
      own,
      groups: chain.map(folded),
      items: ITEM_NAMES.get(code),
      old: isOld([names[i]!, ...chain.map((g) => names[g]!)]),
    });
  }
  // A Korean list names every table in Hangul; an English one has tables with Latin-only names
  // (all of them live; the bundled server's sample tables at least).
  const index: Index = {
    entries,
    byCode: new Map(entries.map((e) => [e.code, e])),
    language: latinOnly > 0 ? "en" : "kr",
  };
  indexes.set(tables, index);
  return index;
}

/** One word of a search text, and how it is matched. */
interface Word {
  /** "kr": part of a Korean word; "init": initial consonants; "latin": whole words; "code". */
  kind: "kr" | "init" | "latin" | "code";
  text: string;
  /** For "latin": its words, singular. */
  words: string[];
  /** A stop word among others: it may match, need not. */
  stop: boolean;
}

/**
 * Words that say nothing of which table: "the", "of", "korea", "통계". They need not be found
 * (unless the text has nothing else), but may be part of a term ("flow of funds").
 */
const STOP_WORDS = new Set([
  "a",
  "an",
  "the",
  "of",
  "in",
  "on",
  "for",
  "by",
  "and",
  "to",
  "korea",
  "korean",
  "south",
  "bok",
  "data",
  "statistics",
  "stats",
  "table",
  "한국",
  "우리나라",
  "통계",
  "데이터",
  "추이",
]);

function parse(text: string): Word[] {
  const lower = text.normalize("NFC").toLowerCase().trim();
  if (lower === "") return [];
  const all = lower.split(/\s+/);
  const optional = all.some((w) => !STOP_WORDS.has(w));
  return all.map((w): Word => {
    const stop = optional && STOP_WORDS.has(w);
    if (isInitials(w)) return { kind: "init", text: w, words: [], stop };
    if (hasHangul(w)) return { kind: "kr", text: w, words: [], stop };
    const words = latinWords(w);
    return { kind: /[a-z]/.test(w) ? "latin" : "code", text: w, words, stop };
  });
}

/** Whether a Latin word is found in a name's words: each of its parts, whole or begun (4+). */
const latinIn = (parts: readonly string[], words: Set<string>) =>
  parts.every((p) => {
    if (words.has(p)) return true;
    if (p.length < 4) return false;
    for (const w of words) if (w.startsWith(p)) return true;
    return false;
  });

/** Whether a word of the search is found in a folded name. */
function wordIn(word: Word, name: Folded, code: string): boolean {
  switch (word.kind) {
    case "kr":
      return name.compact.includes(word.text);
    case "init":
      return name.init.includes(word.text);
    case "latin":
      return word.words.length > 0 && latinIn(word.words, name.words);
    case "code":
      return code.toLowerCase().includes(word.text) ||
        (/^\d{2,}$/.test(word.text) && name.words.has(word.text));
  }
}

/** A vocabulary concept a search text names: which words it covers, and how closely. */
interface ConceptHit {
  tables: readonly string[];
  covers: Set<number>;
  /** 3: the term is the whole text; 2: the text holds the term; 1: a word is part of a term. */
  strength: number;
  index: number;
}

/** The concepts of the list's language that the words name: each term's words, together. */
function conceptsOf(words: readonly Word[], language: "kr" | "en"): ConceptHit[] {
  const hits: ConceptHit[] = [];
  const whole = words.map((w) => w.text).join(language === "kr" ? "" : " ");
  VOCABULARY.forEach((concept, index) => {
    const covers = new Set<number>();
    let strength = 0;
    for (const term of language === "kr" ? concept.kr : concept.en) {
      const hit = language === "kr" ? krTerm(term, words, whole) : enTerm(term, words);
      if (hit === undefined) continue;
      for (const i of hit.covers) covers.add(i);
      strength = Math.max(strength, hit.strength);
    }
    if (strength > 0) hits.push({ tables: concept.tables, covers, strength, index });
  });
  return hits;
}

type TermHit = Pick<ConceptHit, "covers" | "strength">;

/** A Korean term against the words: within a word, spanning them, or by initials. */
function krTerm(term: string, words: readonly Word[], whole: string): TermHit | undefined {
  const compact = term.toLowerCase().replace(/\s+/g, "");
  const termInit = initials(compact);
  if (whole === compact || whole === termInit) {
    return { covers: new Set(words.map((_, i) => i)), strength: 3 };
  }
  const covers = new Set<number>();
  let strength = 0;
  words.forEach((w, i) => {
    const within = (w.kind === "kr" && w.text.includes(compact)) ||
      (w.kind === "init" && w.text.length >= 2 && w.text === termInit);
    const part = w.kind === "kr" && w.text.length >= 2 && compact.includes(w.text);
    if (within || part) covers.add(i);
    strength = Math.max(strength, within ? 2 : part ? 1 : 0);
  });
  // Words that together spell the term ("기준 금리").
  if (covers.size === 0 && whole.includes(compact)) {
    words.forEach((w, i) => w.kind === "kr" && compact.includes(w.text) && covers.add(i));
    strength = 2;
  }
  return covers.size === 0 ? undefined : { covers, strength };
}

/** An English term against the words: its words in a row, whole (singular or plural). */
function enTerm(term: string, words: readonly Word[]): TermHit | undefined {
  const parts = latinWords(term.toLowerCase());
  if (parts.length === 0) return undefined;
  // The text's Latin words in order, each with the search word it came from.
  const flat: [string, number][] = [];
  words.forEach((w, i) => w.kind === "latin" && w.words.forEach((p) => flat.push([p, i])));
  for (let at = 0; at + parts.length <= flat.length; at++) {
    if (parts.every((p, k) => flat[at + k]![0] === p)) {
      const covers = new Set(flat.slice(at, at + parts.length).map(([, i]) => i));
      // A search word split in two ("won-dollar") is covered only when all of it is.
      for (const i of [...covers]) {
        if (words[i]!.words.some((p) => !parts.includes(p))) covers.delete(i);
      }
      if (covers.size === 0) continue;
      return { covers, strength: covers.size === words.length ? 3 : 2 };
    }
  }
  return undefined;
}

/** A table found, with what ranks it. */
interface Found {
  entry: Entry;
  tier: number;
  strength: number;
  place: number;
  closeness: number;
  order: number;
}

/**
 * The searchable tables of a StatisticTableList frame that a text finds, best first (see the
 * module's notes). Columns: STAT_CODE, STAT_NAME (without numbering), CYCLE, ORG_NAME,
 * GROUP_CODE, GROUP_NAME (the parent group, without numbering). An empty text: every
 * searchable table, in the tree's order. Nothing matches: no rows.
 *
 * @param tables A StatisticTableList frame (the service's, or the bundled server's).
 * @param text The words to look for.
 * @param language The language whose vocabulary applies; by default the language of the
 * frame's names (English when some table's name has no Hangul).
 * @returns The tables found.
 */
export function rankTables(tables: DataFrame, text: string, language?: Language): DataFrame {
  const index = indexOf(tables);
  const words = parse(text);
  if (words.length === 0) return frameOf(index.entries);
  language ??= index.language;
  const hits = conceptsOf(words, language);
  const compactText = words.map((w) => w.text).join("");
  const found: Found[] = [];
  index.entries.forEach((entry, order) => {
    let strength = 0;
    let place = Infinity;
    const covered = new Set<number>();
    for (const hit of hits) {
      const at = hit.tables.indexOf(entry.code);
      if (at < 0) continue;
      for (const i of hit.covers) covered.add(i);
      const rank = hit.index * 100 + at;
      if (hit.strength > strength || (hit.strength === strength && rank < place)) {
        [strength, place] = [hit.strength, rank];
      }
    }
    let inItems = false;
    let inGroups = false;
    for (let i = 0; i < words.length; i++) {
      const word = words[i]!;
      if (covered.has(i) || word.stop) continue;
      if (wordIn(word, entry.own, entry.code)) continue;
      // An item's name, in a list of English names (the language of the names known).
      if (entry.items && language === "en" && wordIn(word, entry.items, "")) inItems = true;
      else if (entry.groups.some((g) => wordIn(word, g, ""))) inGroups = true;
      else return;
    }
    const tier = strength > 0 ? 0 : inGroups ? 3 : inItems ? 2 : 1;
    const name = entry.own.compact;
    const closeness = name === compactText ? 0 : name.startsWith(compactText) ? 1 : 2;
    found.push({ entry, tier, strength, place, closeness: closeness * 1000 + name.length, order });
  });
  found.sort((a, b) =>
    a.tier - b.tier || Number(a.entry.old) - Number(b.entry.old) || b.strength - a.strength ||
    a.place - b.place || a.closeness - b.closeness || a.order - b.order
  );
  return frameOf(found.map((f) => f.entry));
}

/** The result frame of some tables, in the order given. */
function frameOf(entries: readonly Entry[]): DataFrame {
  const text = (name: string, values: (string | null)[]) => pl.Series(name, values, pl.String);
  return pl.DataFrame([
    text("STAT_CODE", entries.map((e) => e.code)),
    text("STAT_NAME", entries.map((e) => e.name)),
    text("CYCLE", entries.map((e) => e.cycle)),
    text("ORG_NAME", entries.map((e) => e.org)),
    text("GROUP_CODE", entries.map((e) => e.groupCode)),
    text("GROUP_NAME", entries.map((e) => e.groupName)),
  ]);
}

/** Every word of the vocabulary, in both languages: what a misspelt word is held against. */
const KNOWN_WORDS: readonly string[] = [
  ...new Set(VOCABULARY.flatMap((c) => [...c.en, ...c.kr].flatMap((t) => [t, ...t.split(" ")]))),
];

/**
 * What to try when a search finds nothing, in one line: the vocabulary's words close to the
 * text's, and the named series that fit it (by their name, their title or a concept of the
 * text's words, misspelt or not). Empty when there is nothing to suggest.
 *
 * @param text The search text that found nothing.
 * @returns E.g. `close words: inflation; named series: cpi, core_cpi`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { searchHint } from "./table_search.ts";
 *
 * assert.match(searchHint("inflaton"), /close words: inflation; named series: cpi, core_cpi/);
 * assert.equal(searchHint("zzzz qqqq"), "");
 * ```
 */
export function searchHint(text: string): string {
  const words = parse(text);
  const close: string[] = [];
  const fixed = words.map((w) => {
    // A word that is (part of) a known one is kept; another is held against the known words,
    // if it is long enough for a near miss to mean something ("such" is not "cash").
    const fine = KNOWN_WORDS.some((k) => w.kind === "kr" ? k.includes(w.text) : k === w.text);
    const long = w.kind === "kr" ? w.text.length >= 2 : w.kind === "latin" && w.text.length >= 5;
    const known = fine || !long || w.stop ? undefined : closest(w.text, KNOWN_WORDS);
    if (known !== undefined) close.push(known);
    return known ?? w.text;
  });
  const series = new Set<string>();
  const asked = parse(fixed.join(" "));
  // The concepts named most closely: "기준금리" is the base rate, not every 금리.
  const hits = [...conceptsOf(asked, "en"), ...conceptsOf(asked, "kr")];
  const strongest = Math.max(0, ...hits.map((h) => h.strength));
  const codes = new Set(hits.filter((h) => h.strength === strongest).flatMap((h) => h.tables));
  const mentioned = asked.filter((w) => !w.stop).flatMap((w) =>
    w.kind === "latin" ? w.words : [w.text]
  );
  for (const [name, s] of Object.entries(NAMED_SERIES)) {
    const own = new Set([...name.split("_"), ...latinWords(s.title.toLowerCase())].map(singular));
    if (mentioned.every((w) => own.has(w)) || codes.has(s.statCode)) series.add(name);
  }
  const parts = [];
  if (close.length > 0) parts.push(`close words: ${[...new Set(close)].join(", ")}`);
  if (series.size > 0) {
    parts.push(`named series: ${[...series].slice(0, 6).join(", ")}`);
  }
  return parts.join("; ");
}
