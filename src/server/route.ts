/**
 * Reading a request path: `/api/{Service}/{KEY}/{format}/{lang}/{start}/{end}/{args...}`.
 * Every segment is percent-decoded; a bad escape keeps the segment as sent, never throws. The
 * row numbers are read here, once, for the checks, the fault context and the request log:
 * exactly, as digit strings, so that "0000000000000001" is 1 and two long numbers compare as
 * numbers (a path is at most the server's head limit, 128 KiB, so this stays bounded).
 *
 * @module
 */

/** The most service arguments read; further segments are ignored (bounded memory). */
const MAX_ARGS = 12;
/** The longest segment kept, in characters; longer ones are cut (bounded memory). */
const MAX_SEGMENT = 1000;
/** The segments before the service arguments: service, key, format, language, start, end. */
const FIXED_SEGMENTS = 6;

/**
 * A row number segment, read exactly: its digits without leading zeros ("0" for zero), however
 * many there are; "missing" when the segment is absent or empty, "invalid" when it is not all
 * digits.
 */
export type RowNumber = { digits: string } | "missing" | "invalid";

/** A request under `/api`, its segments decoded. An absent segment is "". */
export interface Route {
  /** The service segment. */
  service: string;
  /** The API key segment: used for the key check only, never recorded. */
  key: string;
  /** The format segment. */
  format: string;
  /** The language segment. */
  language: string;
  /** The start row number. */
  startNo: RowNumber;
  /** The end row number. */
  endNo: RowNumber;
  /** The service arguments after the end row number. */
  args: string[];
}

/**
 * Reads a request path.
 *
 * @param pathname The URL's path, still percent-encoded, e.g.
 *   "/api/StatisticSearch/KEY/json/kr/1/10/722Y001/D/20240101/20241231".
 * @returns The route, or undefined when the path is not under `/api`.
 */
export function parseRoute(pathname: string): Route | undefined {
  if (pathname !== "/api" && !pathname.startsWith("/api/")) return undefined;
  const segments = splitSegments(pathname.slice("/api/".length));
  const at = (i: number) => segments[i] ?? "";
  // Row numbers are decoded in full: cut to MAX_SEGMENT, a long number would change value.
  const rows = (i: number) => readRowNumber(decodeSegment(segments[i] ?? "", Infinity));
  return {
    service: decodeSegment(at(0)),
    key: decodeSegment(at(1)),
    format: decodeSegment(at(2)),
    language: decodeSegment(at(3)),
    startNo: rows(4),
    endNo: rows(5),
    args: segments.slice(FIXED_SEGMENTS).map((segment) => decodeSegment(segment)),
  };
}

/**
 * A row number the fault context and the request log can hold: a whole number up to
 * `Number.MAX_SAFE_INTEGER`, else undefined.
 *
 * @param rowNumber A row number as read.
 */
export function wholeRowNumber(rowNumber: RowNumber): number | undefined {
  if (typeof rowNumber === "string" || rowNumber.digits.length > SAFE_DIGITS) return undefined;
  const value = Number(rowNumber.digits);
  return Number.isSafeInteger(value) ? value : undefined;
}

/**
 * Compares two row numbers exactly.
 *
 * @returns A negative number when `a < b`, 0 when equal, a positive number when `a > b`.
 */
export function compareRowNumbers(a: { digits: string }, b: { digits: string }): number {
  const x = a.digits;
  const y = b.digits;
  if (x.length !== y.length) return x.length - y.length;
  return x < y ? -1 : x > y ? 1 : 0;
}

/**
 * A row number plus a small whole number, exactly (decimal addition on the digits).
 *
 * @param a The row number.
 * @param n The number to add, a whole number >= 0.
 */
export function addToRowNumber(a: { digits: string }, n: number): { digits: string } {
  const digits = a.digits.split("");
  let carry = n;
  for (let i = digits.length - 1; i >= 0 && carry > 0; i--) {
    const sum = Number(digits[i]) + carry;
    digits[i] = String(sum % 10);
    carry = Math.floor(sum / 10);
  }
  return { digits: (carry > 0 ? String(carry) : "") + digits.join("") };
}

/**
 * A row number as a JavaScript number, for paging once the checks are done: exact up to
 * `Number.MAX_SAFE_INTEGER`, larger ones rounded (or Infinity), which paging clips to the
 * data anyway.
 *
 * @param a The row number.
 */
export function rowNumberValue(a: { digits: string }): number {
  return a.digits.length > MAX_FINITE_DIGITS ? Number.POSITIVE_INFINITY : Number(a.digits);
}

/** Digits of the longest numbers that may be safe integers (2^53 - 1 has 16). */
const SAFE_DIGITS = 16;
/** Digits beyond which a number is Infinity as a double (about 1.8e308). */
const MAX_FINITE_DIGITS = 309;

/** Splits the path after `/api/` into segments, still encoded; one trailing slash is allowed. */
function splitSegments(rest: string): string[] {
  const path = rest.endsWith("/") ? rest.slice(0, -1) : rest;
  if (path === "") return [];
  const segments: string[] = [];
  let from = 0;
  while (segments.length < FIXED_SEGMENTS + MAX_ARGS && from <= path.length) {
    const slash = path.indexOf("/", from);
    const to = slash === -1 ? path.length : slash;
    segments.push(path.slice(from, to));
    if (slash === -1) break;
    from = slash + 1;
  }
  return segments;
}

/**
 * Percent-decodes a segment, bounded in length (`max` characters); a bad escape keeps the
 * segment as sent.
 */
function decodeSegment(segment: string, max: number = MAX_SEGMENT): string {
  const cut = segment.slice(0, max * 3);
  let text: string;
  try {
    text = decodeURIComponent(cut);
  } catch {
    text = cut;
  }
  return text.slice(0, max);
}

/** Reads a row number exactly: digits only, leading zeros dropped. */
function readRowNumber(segment: string): RowNumber {
  if (segment === "") return "missing";
  if (!/^[0-9]+$/.test(segment)) return "invalid";
  return { digits: segment.replace(/^0+(?=.)/, "") };
}
