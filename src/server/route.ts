/**
 * Reading a request path: `/api/{Service}/{KEY}/{format}/{lang}/{start}/{end}/{args...}`.
 * Every segment is percent-decoded; a bad escape keeps the segment as sent, never throws. The
 * row numbers are read here, once, for the checks, the fault context and the request log.
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
 * A row number segment, read: its value (Infinity when absurdly long), "missing" when the
 * segment is absent or empty, "invalid" when it is not all digits.
 */
export type RowNumber = number | "missing" | "invalid";

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
  return {
    service: at(0),
    key: at(1),
    format: at(2),
    language: at(3),
    startNo: readRowNumber(at(4)),
    endNo: readRowNumber(at(5)),
    args: segments.slice(FIXED_SEGMENTS),
  };
}

/**
 * A row number the fault context and the request log can hold: a whole number, else
 * undefined.
 *
 * @param rowNumber A row number as read.
 */
export function wholeRowNumber(rowNumber: RowNumber): number | undefined {
  return typeof rowNumber === "number" && Number.isSafeInteger(rowNumber) ? rowNumber : undefined;
}

/** Splits the path after `/api/` into decoded segments; one trailing slash is allowed. */
function splitSegments(rest: string): string[] {
  const path = rest.endsWith("/") ? rest.slice(0, -1) : rest;
  if (path === "") return [];
  const segments: string[] = [];
  let from = 0;
  while (segments.length < FIXED_SEGMENTS + MAX_ARGS && from <= path.length) {
    const slash = path.indexOf("/", from);
    const to = slash === -1 ? path.length : slash;
    segments.push(decodeSegment(path.slice(from, to)));
    if (slash === -1) break;
    from = slash + 1;
  }
  return segments;
}

/** Percent-decodes a segment, bounded in length; a bad escape keeps the segment as sent. */
function decodeSegment(segment: string): string {
  const cut = segment.slice(0, MAX_SEGMENT * 3);
  let text: string;
  try {
    text = decodeURIComponent(cut);
  } catch {
    text = cut;
  }
  return text.slice(0, MAX_SEGMENT);
}

/** Reads a row number: digits only; absurd lengths read as Infinity rather than allocating. */
function readRowNumber(segment: string): RowNumber {
  if (segment === "") return "missing";
  if (!/^[0-9]+$/.test(segment)) return "invalid";
  return segment.length > 15 ? Number.POSITIVE_INFINITY : Number(segment);
}
