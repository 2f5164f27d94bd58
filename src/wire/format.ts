/**
 * The body formats and languages of the wire: the `{json|xml}` and `{kr|en}` path segments.
 * Declared once; the client asks in them and the bundled server answers in them.
 *
 * @module
 */

/** The body format asked of the service. */
export type Format = "json" | "xml";
/** The body formats the service answers in. */
export const FORMATS: readonly ["json", "xml"] = ["json", "xml"];

/** The language of names and messages. */
export type Language = "kr" | "en";
/** The languages of names and messages. */
export const LANGUAGES: readonly ["kr", "en"] = ["kr", "en"];

/**
 * Whether a value is a format segment.
 *
 * @param value Any value.
 * @returns `true` for "json" and "xml".
 */
export function isFormat(value: unknown): value is Format {
  return value === "json" || value === "xml";
}

/**
 * Whether a value is a language segment.
 *
 * @param value Any value.
 * @returns `true` for "kr" and "en".
 */
export function isLanguage(value: unknown): value is Language {
  return value === "kr" || value === "en";
}
