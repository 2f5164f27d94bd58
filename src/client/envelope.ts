/**
 * What a body says, whatever its format: rows with the total they belong to, or a RESULT code.
 * Both decoders (decode_json.ts, decode_xml.ts) parse into the same object shape and hand it to
 * {@linkcode readEnvelope}, so the two formats cannot drift apart.
 *
 * @module
 */

import { EcosError } from "./errors.ts";

/** One row as the service sent it: field name to string, number or null. */
export type RawRow = Record<string, unknown>;

/** A decoded body. */
export type Decoded =
  | {
    /** A page of rows. */
    kind: "rows";
    /** `list_total_count`: the rows of the whole query, over all pages. */
    total: number;
    /** The rows of this page. */
    rows: RawRow[];
  }
  | {
    /** A RESULT body: an information or error code. */
    kind: "result";
    /** The code, e.g. "INFO-200". */
    code: string;
    /** The service's message. */
    message: string;
  };

/** The error for a body that is not an ECOS answer: retryable, since such pages are transient. */
export function badResponse(detail: string, cause?: unknown): EcosError {
  return new EcosError(
    "BAD_RESPONSE",
    `The service sent something other than an ECOS answer; try again later: ${detail}`,
    cause === undefined ? {} : { cause },
  );
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

function readResult(v: Record<string, unknown>): Decoded {
  const code = v.CODE;
  if (typeof code !== "string" || code === "") throw badResponse("a RESULT without a CODE");
  const message = typeof v.MESSAGE === "string" ? v.MESSAGE : "";
  return { kind: "result", code: code.trim(), message };
}

/**
 * Reads a parsed body: `{Service: {list_total_count, row}}` or `{RESULT: {CODE, MESSAGE}}`.
 *
 * @param parsed The body as JSON.parse or the XML parser gave it.
 * @param service The service that was called: its name is the envelope's key.
 * @returns Rows with their total, or the result code.
 * @throws {EcosError} BAD_RESPONSE when the shape is neither.
 */
export function readEnvelope(parsed: unknown, service: string): Decoded {
  if (!isObject(parsed)) throw badResponse("the body is not an object");
  if (isObject(parsed.RESULT)) return readResult(parsed.RESULT);
  const body = parsed[service];
  if (!isObject(body)) {
    const keys = Object.keys(parsed).filter((k) => !k.startsWith("#") && !k.startsWith("?"));
    throw badResponse(`expected a ${service} envelope, got ${keys.join(", ") || "nothing"}`);
  }
  // Some gateways nest the RESULT inside the envelope; read it the same way.
  if (isObject(body.RESULT) && body.list_total_count === undefined) return readResult(body.RESULT);
  const rawTotal = body.list_total_count;
  const total = typeof rawTotal === "string" ? Number(rawTotal.trim()) : rawTotal;
  if (typeof total !== "number" || !Number.isSafeInteger(total) || total < 0) {
    throw badResponse(`list_total_count is not a count: ${JSON.stringify(rawTotal)}`);
  }
  const raw = body.row;
  // XML empty envelopes and odd JSON can carry one row as an object, or none at all.
  const rows = raw === undefined || raw === null || raw === ""
    ? []
    : Array.isArray(raw)
    ? raw
    : [raw];
  if (!rows.every(isObject)) throw badResponse("a row is not an object");
  return { kind: "rows", total, rows: rows as RawRow[] };
}

/** The start of a body, for messages. */
export function snippet(text: string): string {
  const s = text.replace(/\s+/g, " ").trim();
  return JSON.stringify(s.length > 80 ? `${s.slice(0, 80)}...` : s);
}
