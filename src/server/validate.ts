/**
 * The checks of a request, in the specification's order, each with its result code:
 * unknown service ERROR-500, missing required value ERROR-100, bad format ERROR-200, missing
 * row numbers ERROR-300, bad row numbers ERROR-301, date shape ERROR-101, unknown key INFO-100.
 *
 * @module
 */

import type { EcosResultCode } from "../wire/codes.ts";
import { type Format, isFormat, isLanguage, type Language } from "../wire/format.ts";
import { SAMPLE_KEY, SAMPLE_MAX_ROWS } from "../wire/sample.ts";
import type { Route } from "./route.ts";
import type { ServiceDef } from "./services/service.ts";

/** A request that passed every check, with everything the answer needs already read. */
export interface ValidRequest {
  /** The service. */
  service: ServiceDef<unknown>;
  /** The service arguments, as the service's own check read them. */
  args: unknown;
  /** The format. */
  format: Format;
  /** The language. */
  language: Language;
  /** The first row number. */
  startNo: number;
  /** The last row number. */
  endNo: number;
}

/** A request checked: valid, or the first failing check's code. */
export type Checked = ValidRequest | { code: EcosResultCode };

/**
 * Checks a request in the specification's order.
 *
 * @param route The request's segments.
 * @param services The services by name.
 * @param keys The accepted API keys (with "sample").
 * @returns The valid request, or the first failing check's code.
 */
export function checkRequest(
  route: Route,
  services: ReadonlyMap<string, ServiceDef<unknown>>,
  keys: ReadonlySet<string>,
): Checked {
  const service = services.get(route.service);
  if (!service) return { code: "ERROR-500" };
  const { language, format } = route;
  // The language is a required value; so are the service's leading arguments.
  if (!isLanguage(language) || !hasRequired(route.args, service.required)) {
    return { code: "ERROR-100" };
  }
  if (!isFormat(format)) return { code: "ERROR-200" };
  if (route.startNo === "missing" || route.endNo === "missing") return { code: "ERROR-300" };
  const rows = rowRange(route);
  if (!rows) return { code: "ERROR-301" };
  const read = service.check(route.args);
  if ("code" in read) return read;
  if (!keys.has(route.key)) return { code: "INFO-100" };
  return { service, args: read.args, format, language, ...rows };
}

/** Whether the first `required` arguments are present and not empty. */
function hasRequired(args: readonly string[], required: number): boolean {
  return args.length >= required && args.slice(0, required).every((arg) => arg !== "");
}

/**
 * The row numbers when they are whole numbers from 1, start not after end, and within the
 * sample key's limit; else undefined (ERROR-301).
 */
function rowRange(route: Route): { startNo: number; endNo: number } | undefined {
  const { startNo, endNo } = route;
  if (typeof startNo !== "number" || typeof endNo !== "number") return undefined;
  if (startNo < 1 || startNo > endNo) return undefined;
  if (route.key === SAMPLE_KEY && endNo - startNo + 1 > SAMPLE_MAX_ROWS) return undefined;
  return { startNo, endNo };
}
