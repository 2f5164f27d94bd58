/**
 * The columns a terminal gives a text: the command line's tables and progress line and the live
 * check's report line up Korean names by it.
 *
 * @module
 */

import { loadEastAsianWidth } from "../deps.ts";

const { eastAsianWidth } = await loadEastAsianWidth();

/** Text whose width is its length. */
export const PRINTABLE_ASCII: RegExp = /^[\x20-\x7e]*$/;
const ZERO_WIDTH = /^[\p{Mark}\p{Default_Ignorable_Code_Point}\p{Cf}\p{Cc}]$/u;

/**
 * The columns a terminal gives a character: 0 (marks, controls), 2 (wide, fullwidth) or 1.
 *
 * @param ch One code point.
 * @returns Its width.
 */
export function codePointWidth(ch: string): number {
  const cp = ch.codePointAt(0)!;
  if (cp < 0x7f) return cp < 0x20 ? 0 : 1;
  // Hangul syllables, the commonest wide characters here.
  if (cp >= 0xac00 && cp <= 0xd7a3) return 2;
  // Hangul vowels and final consonants that join a syllable.
  if (cp >= 0x1160 && cp <= 0x11ff) return 0;
  if (ZERO_WIDTH.test(ch)) return 0;
  return eastAsianWidth(cp);
}

/**
 * The columns a terminal gives a text: Hangul and other wide characters take two, marks none.
 *
 * @param text The text, one line.
 * @returns Its width.
 */
export function displayWidth(text: string): number {
  if (PRINTABLE_ASCII.test(text)) return text.length;
  let width = 0;
  for (const ch of text) width += codePointWidth(ch);
  return width;
}
