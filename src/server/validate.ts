/**
 * The checks of a request, in the specification's order, each with its result code:
 * unknown service ERROR-500, missing required value ERROR-100, bad format ERROR-200, missing
 * row numbers ERROR-300, bad row numbers ERROR-301, date shape ERROR-101, unknown key INFO-100.
 *
 * @module
 */

import type { EcosResultCode } from "../wire/codes.ts";
import type { Format } from "./render.ts";
import type { Route } from "./route.ts";
import type { ServiceDef } from "./services/service.ts";

/**
 * The key every server accepts, limited to 10 rows a request as on the live service.
 *
 * @example
 * ```ts
 * import { SAMPLE_KEY, startEcosServer } from "./mod.ts";
 *
 * await using server = await startEcosServer();
 * const res = await fetch(`${server.url}/KeyStatisticList/${SAMPLE_KEY}/json/kr/1/5`);
 * console.assert((await res.json()).KeyStatisticList.row_count === 5);
 * ```
 */
export const SAMPLE_KEY: string = "sample";

/**
 * The most rows the sample key may ask for in one request; more answers ERROR-301.
 *
 * @example
 * ```ts
 * import { SAMPLE_KEY, SAMPLE_MAX_ROWS, startEcosServer } from "./mod.ts";
 *
 * await using server = await startEcosServer();
 * const res = await fetch(
 *   `${server.url}/KeyStatisticList/${SAMPLE_KEY}/json/kr/1/${SAMPLE_MAX_ROWS + 1}`,
 * );
 * console.assert((await res.json()).RESULT.CODE === "ERROR-301");
 * ```
 */
export const SAMPLE_MAX_ROWS: number = 10;

/** A request that passed every check. */
export interface ValidRequest {
  /** The service. */
  def: ServiceDef;
  /** The format. */
  format: Format;
  /** The language. */
  language: "kr" | "en";
  /** The first row number. */
  startNo: number;
  /** The last row number. */
  endNo: number;
}

/**
 * The format a RESULT body is written in: the request's when it is json or xml, else XML (the
 * live service's default), so that even ERROR-200 has a body a client can parse.
 *
 * @param route The request's segments.
 */
export function answerFormat(route: Route): Format {
  return route.format === "json" ? "json" : "xml";
}

/** The language of messages: English only when asked for. */
export function answerLanguage(route: Route): "kr" | "en" {
  return route.language === "en" ? "en" : "kr";
}

/** Parses a row number: digits only; absurd lengths read as Infinity rather than allocating. */
function rowNumber(text: string): number | undefined {
  if (!/^[0-9]+$/.test(text)) return undefined;
  return text.length > 15 ? Number.POSITIVE_INFINITY : Number(text);
}

/** Row numbers as numbers, when they are whole numbers (for fault contexts and records). */
export function rowNumbers(
  route: Route,
): { startNo: number | undefined; endNo: number | undefined } {
  const start = rowNumber(route.start);
  const end = rowNumber(route.end);
  return {
    startNo: start !== undefined && Number.isSafeInteger(start) ? start : undefined,
    endNo: end !== undefined && Number.isSafeInteger(end) ? end : undefined,
  };
}

/**
 * Checks a request in the specification's order.
 *
 * @param route The request's segments.
 * @param services The services by name.
 * @param keys The accepted API keys (with "sample").
 * @returns The valid request, or the first failing check's code.
 */
export function validate(
  route: Route,
  services: ReadonlyMap<string, ServiceDef>,
  keys: ReadonlySet<string>,
): ValidRequest | { code: EcosResultCode } {
  const def = services.get(route.service);
  if (!def) return { code: "ERROR-500" };
  // The language is a required value; so are the service's leading arguments.
  if (route.language !== "kr" && route.language !== "en") return { code: "ERROR-100" };
  for (let i = 0; i < def.required; i++) {
    if (!route.args[i]) return { code: "ERROR-100" };
  }
  if (route.format !== "json" && route.format !== "xml") return { code: "ERROR-200" };
  if (route.start === "" || route.end === "") return { code: "ERROR-300" };
  const startNo = rowNumber(route.start);
  const endNo = rowNumber(route.end);
  if (startNo === undefined || endNo === undefined || startNo < 1 || startNo > endNo) {
    return { code: "ERROR-301" };
  }
  if (route.key === SAMPLE_KEY && endNo - startNo + 1 > SAMPLE_MAX_ROWS) {
    return { code: "ERROR-301" };
  }
  const dates = def.checkDates?.(route.args);
  if (dates) return { code: dates };
  if (!keys.has(route.key)) return { code: "INFO-100" };
  return { def, format: route.format, language: route.language, startNo, endNo };
}
