/**
 * Korean initial consonants (초성): what people type to find "기준금리" fast, "ㄱㅈㄱㄹ". A
 * Hangul syllable is composed arithmetically (Unicode 3.12): its initial is
 * (code - 0xAC00) / 588, one of 19.
 *
 * @module
 */

/** The 19 initial consonants, as compatibility jamo (what a keyboard types). */
const INITIALS = "ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ";

/** Whether a text has Hangul (syllables or jamo). */
export const hasHangul = (text: string): boolean =>
  /[\u1100-\u11ff\u3130-\u318f\uac00-\ud7af]/.test(text);

/** Whether a text is made of compatibility consonants only, as "ㄱㅈㄱㄹ". */
export const isInitials = (text: string): boolean => /^[\u3131-\u314e]+$/.test(text);

/**
 * A text with each Hangul syllable replaced by its initial consonant; other characters stay.
 *
 * @param text A text, e.g. "기준금리".
 * @returns Its initials, e.g. "ㄱㅈㄱㄹ".
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { initials } from "./hangul.ts";
 *
 * assert.equal(initials("기준금리"), "ㄱㅈㄱㄹ");
 * assert.equal(initials("M2 통화"), "M2 ㅌㅎ");
 * ```
 */
export function initials(text: string): string {
  let out = "";
  for (const ch of text) {
    const code = ch.codePointAt(0)! - 0xac00;
    out += code >= 0 && code < 11172 ? INITIALS[Math.floor(code / 588)] : ch;
  }
  return out;
}
