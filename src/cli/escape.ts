/**
 * Text from the service shown on a terminal with its control characters written out: an ESC
 * in a name would otherwise start an escape sequence (colours, a moved cursor, a retitled
 * window), a BEL ring, and a bidi override turn the rest of the line around. Files written with
 * `--out` keep the text byte for byte; only what is drawn on the terminal is escaped.
 *
 * @module
 */

/**
 * C0 controls (but the line break, which tables draw as a new line), DEL, C1 controls, and the
 * invisible characters that reorder or break a line: bidi marks, embeddings, overrides and
 * isolates, and the line and paragraph separators.
 */
const CONTROLS =
  // deno-lint-ignore no-control-regex -- matching control characters is the point
  /[\0-\x09\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

const NAMED: Readonly<Record<string, string>> = { "\t": "\\t", "\r": "\\r" };

/** One control character as the escape a programmer would write: `\x1b`, `\t`, `\u202e`. */
function spell(ch: string): string {
  const named = NAMED[ch];
  if (named !== undefined) return named;
  const code = ch.charCodeAt(0);
  return code <= 0xff
    ? `\\x${code.toString(16).padStart(2, "0")}`
    : `\\u${code.toString(16).padStart(4, "0")}`;
}

/**
 * A text with its control characters written as escapes, for a terminal: ESC as `\x1b`, BEL as
 * `\x07`, a tab as `\t`, a right-to-left override as `\u202e`. Line breaks are kept unless
 * `keepLineBreaks` is false.
 *
 * @param text Text from the service (a name, a message).
 * @param keepLineBreaks Keep `\n` as it is (tables draw it as a new line in the cell).
 * @returns The text, safe to print.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { escapeControls } from "./escape.ts";
 *
 * assert.equal(escapeControls("기준금리\x1b[2J\x07"), "기준금리\\x1b[2J\\x07");
 * assert.equal(escapeControls("abc\u202edef"), "abc\\u202edef");
 * assert.equal(escapeControls("two\nlines"), "two\nlines");
 * assert.equal(escapeControls("two\nlines", false), "two\\x0alines");
 * ```
 */
export function escapeControls(text: string, keepLineBreaks = true): string {
  const escaped = text.replace(CONTROLS, spell);
  return keepLineBreaks ? escaped : escaped.replaceAll("\n", "\\x0a");
}
