/**
 * The checks of a request, in the order the live service is seen to apply them, each with its
 * result code and the evidence for its place. The first failing check answers; later ones are
 * not run. Evidence: "captured" (a live body kept verbatim), "measured live" (a live answer
 * observed), "guide" (the official guide), "inferred" (none of these; the reason is given).
 *
 * 1. ERROR-500: the service is not one of the six. Guide: its message says the service cannot
 *    be found. First: inferred, as the service must be found before it can check anything.
 * 2. INFO-100: the key is neither "sample" nor a configured key. Measured live (reported in
 *    the issue that asked for this order; the wire file has no capture of it): a bad key
 *    answers INFO-100 even when other arguments are also wrong. After ERROR-500: inferred
 *    (step 1).
 * 3. ERROR-200: the format is not json or xml. The code and its message are measured live.
 *    After the key: as step 2. Before the row numbers: inferred from the path's order.
 * 4. ERROR-100: the language is not kr or en. Inferred: the guide lists the language among
 *    the required request variables and no other code names it; placed by the path's order.
 * 5. ERROR-300: a row number is missing. Guide (the definition). Before the service's
 *    arguments (even when they are missing too): inferred, because segments are positional, so
 *    a request without row numbers has no arguments either, and the guide's code for it is
 *    ERROR-300.
 * 6. ERROR-301: the row numbers are not whole numbers ("abc/xyz": measured live) or start >
 *    end (inferred: the same code for any unusable range), or the key "sample" asks for more
 *    than 10 rows (measured live, with its own text ending "sample은 최대 10건 이내에서 호출이
 *    가능합니다."). Start 0 is accepted (the sample key's rows 0 to 5 measured live). Numbers are read exactly, at any length:
 *    leading zeros change nothing ("0001" is 1; inferred, as a whole-number parse reads it),
 *    and a number beyond the data is clipped to it, as an end past the total is live.
 * 7. ERROR-100: a required service argument is absent or empty. Captured (row numbers
 *    present, arguments missing).
 * 8. ERROR-100: StatisticSearch's cycle is not A, S, Q, M, SM or D. Measured live for the
 *    old alphabet (MM, DD, QQ, YY answer ERROR-100, not ERROR-101); other strings (X, m)
 *    inferred alike.
 * 9. ERROR-101: StatisticSearch's start or end is not in the cycle's shape. Measured live.
 *
 * After these, answering may still give ERROR-400 (the server's `workLimit`, standing in for
 * the guide's 60-second timeout) and INFO-200 (nothing matched, or a page beyond the total;
 * measured live). RESULT bodies use the request's format when it is json or xml, otherwise
 * XML, and Korean unless the language is "en".
 *
 * @module
 */

import type { EcosResultCode } from "../wire/codes.ts";
import { type Format, isFormat, isLanguage, type Language } from "../wire/format.ts";
import { SAMPLE_KEY, SAMPLE_MAX_ROWS } from "../wire/sample.ts";
import { addToRowNumber, compareRowNumbers, type Route, rowNumberValue } from "./route.ts";
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
export type Checked = ValidRequest | { code: EcosResultCode; text?: "sample-limit" };

/**
 * Checks a request in the live service's order (see the module's table).
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
  if (!keys.has(route.key)) return { code: "INFO-100" };
  const { format, language } = route;
  if (!isFormat(format)) return { code: "ERROR-200" };
  if (!isLanguage(language)) return { code: "ERROR-100" };
  if (route.startNo === "missing" || route.endNo === "missing") return { code: "ERROR-300" };
  const rows = rowRange(route);
  if (rows === "sample-limit") return { code: "ERROR-301", text: "sample-limit" };
  if (!rows) return { code: "ERROR-301" };
  if (!hasRequired(route.args, service.required)) return { code: "ERROR-100" };
  const read = service.check(route.args);
  if ("code" in read) return read;
  return { service, args: read.args, format, language, ...rows };
}

/** Whether the first `required` arguments are present and not empty. */
function hasRequired(args: readonly string[], required: number): boolean {
  return args.length >= required && args.slice(0, required).every((arg) => arg !== "");
}

/**
 * The row numbers when they are whole numbers, start not after end, and within the sample
 * key's limit; else undefined, or "sample-limit" for the sample key's own ERROR-301. Start 0
 * is a number like any other (the sample key's rows 0 to 5 are answered live: the cap counts
 * rows, 0 to 9 is ten); row 0 holds nothing, so the page starts at row 1. Compared exactly, at
 * any length: leading zeros do not change a number, and two numbers past 2^53 still compare as
 * numbers.
 */
function rowRange(
  route: Route,
): { startNo: number; endNo: number } | "sample-limit" | undefined {
  const { startNo, endNo } = route;
  if (typeof startNo === "string" || typeof endNo === "string") return undefined;
  if (compareRowNumbers(startNo, endNo) > 0) return undefined;
  // More than SAMPLE_MAX_ROWS rows: end - start + 1 > max, i.e. end >= start + max.
  const tooMany = compareRowNumbers(endNo, addToRowNumber(startNo, SAMPLE_MAX_ROWS)) >= 0;
  if (route.key === SAMPLE_KEY && tooMany) return "sample-limit";
  return { startNo: Math.max(1, rowNumberValue(startNo)), endNo: rowNumberValue(endNo) };
}
