/**
 * Reading a request path: `/api/{Service}/{KEY}/{format}/{lang}/{start}/{end}/{args...}`.
 * Every segment is percent-decoded; a bad escape keeps the segment as sent, never throws.
 *
 * @module
 */

/** The most service arguments read; further segments are ignored (bounded memory). */
export const MAX_ARGS = 12;
/** The longest argument kept, in characters; longer ones are cut (bounded memory). */
export const MAX_SEGMENT = 1000;

/** The segments of a request under `/api`. An absent segment is "". */
export interface Route {
  /** The service segment. */
  service: string;
  /** The API key segment: used for the key check only, never recorded. */
  key: string;
  /** The format segment. */
  format: string;
  /** The language segment. */
  language: string;
  /** The start row number segment. */
  start: string;
  /** The end row number segment. */
  end: string;
  /** The service arguments after the end row number. */
  args: string[];
}

function decode(segment: string): string {
  const cut = segment.length > MAX_SEGMENT * 3 ? segment.slice(0, MAX_SEGMENT * 3) : segment;
  let text: string;
  try {
    text = decodeURIComponent(cut);
  } catch {
    text = cut;
  }
  return text.length > MAX_SEGMENT ? text.slice(0, MAX_SEGMENT) : text;
}

/**
 * Splits a raw (still percent-encoded) path into the segments of the address.
 *
 * @param pathname The URL's path, e.g. "/api/StatisticSearch/KEY/json/kr/1/10/722Y001/D/2024/2025".
 * @returns The route, or undefined when the path is not under `/api`.
 */
export function parseRoute(pathname: string): Route | undefined {
  if (pathname !== "/api" && !pathname.startsWith("/api/")) return undefined;
  let rest = pathname.slice(5);
  // One trailing slash is allowed: ".../2025/" is ".../2025".
  if (rest.endsWith("/")) rest = rest.slice(0, -1);
  const segments: string[] = [];
  let from = 0;
  while (segments.length < 6 + MAX_ARGS && from <= rest.length) {
    const slash = rest.indexOf("/", from);
    const to = slash === -1 ? rest.length : slash;
    segments.push(decode(rest.slice(from, to)));
    if (slash === -1) break;
    from = slash + 1;
  }
  if (pathname === "/api" || rest === "") segments.length = 0;
  const at = (i: number) => segments[i] ?? "";
  return {
    service: at(0),
    key: at(1),
    format: at(2),
    language: at(3),
    start: at(4),
    end: at(5),
    args: segments.slice(6),
  };
}
