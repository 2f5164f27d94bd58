/**
 * Finding a secret in a text however a server, a proxy or a page spelt it: each character raw,
 * percent-encoded (either case of hex, once or more: `%2F`, `%2f`, `%252F`, and the bytes of
 * UTF-8), as an HTML or XML character reference (`&#47;`, `&#x2F;`, `&sol;`), as a JSON or
 * JavaScript escape (`\/`, `\u002F`, `\x2F`, `\u{2F}`), or `+` for a space, each character
 * spelt its own way. At each place a spelling could start, every reading of the characters
 * there is tried against the secret's next character, so that no reading of the text hides it
 * (a secret may itself look like an escape: "%4e..."). Linear in the text for any one secret,
 * and a plain `indexOf` for a text with no `%`, `&`, `\` or `+`.
 *
 * @module
 */

/** Named character references, by name, as HTML defines them (those of ASCII, and nbsp). */
const NAMED: Readonly<Record<string, number>> = Object.fromEntries(
  Object.entries({
    amp: "&",
    AMP: "&",
    lt: "<",
    LT: "<",
    gt: ">",
    GT: ">",
    quot: '"',
    QUOT: '"',
    apos: "'",
    sol: "/",
    plus: "+",
    equals: "=",
    num: "#",
    quest: "?",
    percnt: "%",
    colon: ":",
    semi: ";",
    excl: "!",
    dollar: "$",
    lpar: "(",
    rpar: ")",
    ast: "*",
    midast: "*",
    comma: ",",
    period: ".",
    commat: "@",
    lsqb: "[",
    lbrack: "[",
    rsqb: "]",
    rbrack: "]",
    bsol: "\\",
    Hat: "^",
    lowbar: "_",
    UnderBar: "_",
    grave: "`",
    DiacriticalGrave: "`",
    lcub: "{",
    lbrace: "{",
    rcub: "}",
    rbrace: "}",
    verbar: "|",
    vert: "|",
    VerticalLine: "|",
    tilde: "~",
    hyphen: "-",
    dash: "-",
    nbsp: " ",
  }).map(([name, char]) => [name, char.codePointAt(0)!]),
);

const REFERENCE = /&(?:#(?:[xX]0*([0-9a-fA-F]{1,6})|0*(\d{1,7}))|([A-Za-z]{2,16}));/y;
const ESCAPE =
  /\\(?:u\{0*([0-9a-fA-F]{1,6})\}|[uU]([0-9a-fA-F]{4})|[xX]([0-9a-fA-F]{2})|([/"\\'`]))/y;

/** One reading of the text at a place: a code point, and where its spelling ends. */
interface Token {
  cp: number;
  end: number;
}

const hexValue = (c: number) =>
  c >= 48 && c <= 57 ? c - 48 : c >= 65 && c <= 70 ? c - 55 : c >= 97 && c <= 102 ? c - 87 : -1;

/**
 * The percent-escaped byte at `i` (a `%`) read through `layers` extra layers of "%25": with 0,
 * "%2F" is 0x2F; with 1, "%252F" is.
 */
function percentByte(text: string, i: number, layers: number): Token | undefined {
  let j = i + 1;
  for (let k = 0; k < layers; k++, j += 2) {
    if (text.charCodeAt(j) !== 50 || text.charCodeAt(j + 1) !== 53) return undefined; // "25"
  }
  const hi = hexValue(text.charCodeAt(j));
  const lo = hexValue(text.charCodeAt(j + 1));
  return hi < 0 || lo < 0 ? undefined : { cp: hi * 16 + lo, end: j + 2 };
}

/** A percent-encoded character at `i`: one byte, or the bytes of one UTF-8 sequence. */
function percentChar(text: string, i: number, layers: number): Token | undefined {
  const first = percentByte(text, i, layers);
  if (first === undefined || first.cp < 0x80) return first;
  const lead = first.cp;
  const more = lead >= 0xf0 ? 3 : lead >= 0xe0 ? 2 : lead >= 0xc0 ? 1 : -1;
  if (more < 0) return undefined;
  let cp = lead & (0x3f >> more);
  let end = first.end;
  for (let k = 0; k < more; k++) {
    const next = text.charCodeAt(end) === 37 ? percentByte(text, end, layers) : undefined;
    if (next === undefined || (next.cp & 0xc0) !== 0x80) return undefined;
    cp = (cp << 6) | (next.cp & 0x3f);
    end = next.end;
  }
  return cp > 0x10ffff ? undefined : { cp, end };
}

/** A backslash escape at `i`: a pair of \u escapes of one character beyond the BMP included. */
function escapeChar(text: string, i: number): Token | undefined {
  ESCAPE.lastIndex = i;
  const m = ESCAPE.exec(text);
  if (m === null) return undefined;
  let end = ESCAPE.lastIndex;
  if (m[4] !== undefined) return { cp: m[4].charCodeAt(0), end };
  const cp = parseInt(m[1] ?? m[2] ?? m[3]!, 16);
  if (cp > 0x10ffff) return undefined;
  if (m[2] !== undefined && cp >= 0xd800 && cp <= 0xdbff) {
    ESCAPE.lastIndex = end;
    const low = ESCAPE.exec(text);
    const unit = low?.[2] === undefined ? -1 : parseInt(low[2], 16);
    if (unit >= 0xdc00 && unit <= 0xdfff) {
      end = ESCAPE.lastIndex;
      return { cp: 0x10000 + ((cp - 0xd800) << 10) + (unit - 0xdc00), end };
    }
  }
  return { cp, end };
}

/** Every reading of the text at `i`: the character itself, and any escape that starts there. */
function tokensAt(text: string, i: number): Token[] {
  const raw = text.codePointAt(i)!;
  const out: Token[] = [{ cp: raw, end: i + (raw > 0xffff ? 2 : 1) }];
  const c = text.charCodeAt(i);
  if (c === 43) out.push({ cp: 32, end: i + 1 }); // "+" for a space (forms)
  if (c === 37) { // %, and "%25" layers of it: "%252F" is "%2F" read once, "/" read twice
    for (let layers = 0; layers <= 8 && percentByte(text, i, layers) !== undefined; layers++) {
      const t = percentChar(text, i, layers);
      if (t !== undefined) out.push(t);
    }
  } else if (c === 38) { // &
    REFERENCE.lastIndex = i;
    const m = REFERENCE.exec(text);
    if (m !== null) {
      const cp = m[3] !== undefined
        ? NAMED[m[3]]
        : m[1] !== undefined
        ? parseInt(m[1], 16)
        : Number(m[2]);
      if (cp !== undefined && cp <= 0x10ffff) out.push({ cp, end: REFERENCE.lastIndex });
    }
  } else if (c === 92) { // \
    const t = escapeChar(text, i);
    if (t !== undefined) out.push(t);
  }
  return out;
}

/** Whether a text may hold a spelling other than the raw one: most do not. */
const mayHoldEscapes = (text: string): boolean => /[%&\\+]/.test(text);

/**
 * Where a secret occurs in a text, in any spelling, as [start, end) spans in order, none
 * overlapping (each the longest reading from its start).
 *
 * @param text Any text.
 * @param secret The secret, as it is.
 * @param first Stop at the first occurrence.
 * @returns The spans.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { findSpelled } from "./_spellings.ts";
 *
 * const text = "a%2fb c/d ab&#x2F;c a\\/b%252Fc";
 * assert.deepEqual(findSpelled(text, "a/b"), [[0, 5], [20, 24]]);
 * assert.deepEqual(findSpelled(text, "b/c"), [[11, 19], [23, 30]]);
 * ```
 */
export function findSpelled(text: string, secret: string, first = false): [number, number][] {
  const spans: [number, number][] = [];
  if (secret === "") return spans;
  if (!mayHoldEscapes(text)) {
    for (let at = text.indexOf(secret); at >= 0; at = text.indexOf(secret, at + secret.length)) {
      spans.push([at, at + secret.length]);
      if (first) break;
    }
    return spans;
  }
  const cps = Array.from(secret, (ch) => ch.codePointAt(0)!);
  // Where a spelling of the secret may start: its first character, or an escape's first.
  const lead = secret[0]!.replace(/[\\^\]-]/g, "\\$&");
  const starts = new RegExp(`[%&\\\\${cps[0] === 32 ? "+" : ""}${lead}]`, "g");
  for (let i = 0; i < text.length; i++) {
    starts.lastIndex = i;
    const found = starts.exec(text);
    if (found === null) break;
    i = found.index;
    // The places reachable after each character of the secret, read every way.
    let places = [i];
    for (const cp of cps) {
      const next: number[] = [];
      for (const at of places) {
        if (at >= text.length) continue;
        for (const t of tokensAt(text, at)) {
          if (t.cp === cp && !next.includes(t.end)) next.push(t.end);
        }
      }
      places = next;
      if (places.length === 0) break;
    }
    if (places.length === 0) continue;
    const end = Math.max(...places);
    spans.push([i, end]);
    if (first) break;
    i = end - 1;
  }
  return spans;
}
