/**
 * What a body says, whatever its format: rows with the total they belong to, or a RESULT code.
 * Both decoders (decode_json.ts, decode_xml.ts) parse into the same object shape and hand it to
 * {@linkcode readEnvelope}, so the two formats cannot drift apart.
 *
 * @module
 */

import type { BadBody } from "./_errors.ts";
import type { ScannedPage } from "./_scan_columns.ts";

/** One row as the service sent it: field name to string, number or null. */
export type RawRow = Record<string, unknown>;

/** A decoded body. */
export type Decoded =
  | {
    /** A page of rows. */
    kind: "rows";
    /** `list_total_count`: the rows of the whole query, over all pages. */
    total: number;
    /** The rows of this page, as decoded. */
    rows: RawRow[];
    scanned?: undefined;
  }
  | {
    /** A RESULT body: an information or error code. */
    kind: "result";
    /** The code, e.g. "INFO-200". */
    code: string;
    /** The service's message. */
    message: string;
  };

/**
 * A page of rows that the scanner read (see _scan_json.ts): its columns, from which rows are
 * made only where something reads rows (`rowsOf`).
 */
export interface ScannedDecoded {
  kind: "rows";
  /** `list_total_count`: the rows of the whole query, over all pages. */
  total: number;
  rows?: undefined;
  /** The page's columns. */
  scanned: ScannedPage;
}

/**
 * Raised by the decoders for a body that is not an ECOS answer. It never leaves the client: the
 * request core turns it into an EcosError (BAD_RESPONSE) with the request's facts, the key
 * removed from whatever it quotes.
 */
export class BodyError extends Error implements BadBody {
  /** What is wrong. */
  readonly detail: string;
  /** Text of the body to quote. */
  readonly quote: string | undefined;
  /** Quote the end of the body rather than its start. */
  readonly quoteEnd: boolean;
  /** Such bodies come from proxies and maintenance: asking again may help. */
  readonly retryable = true;

  /**
   * @param detail What is wrong.
   * @param options Text to quote and the parser's error.
   */
  constructor(
    detail: string,
    options: { quote?: string; quoteEnd?: boolean; cause?: unknown } = {},
  ) {
    super(detail, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = "BodyError";
    this.detail = detail;
    this.quote = options.quote;
    this.quoteEnd = options.quoteEnd ?? false;
  }
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

function readResult(v: Record<string, unknown>): Decoded {
  const code = typeof v.CODE === "string" ? v.CODE.trim() : "";
  if (!/^[A-Z]{1,10}-\d{1,6}$/.test(code)) throw new BodyError("a RESULT without a CODE");
  const message = typeof v.MESSAGE === "string" ? v.MESSAGE : "";
  return { kind: "result", code, message };
}

/**
 * Reads a parsed body: `{Service: {list_total_count, row}}` or `{RESULT: {CODE, MESSAGE}}`.
 *
 * @param parsed The body as JSON.parse or the XML parser gave it.
 * @param service The service that was called: its name is the envelope's key.
 * @returns Rows with their total, or the result code.
 * @throws {BodyError} When the shape is neither.
 */
export function readEnvelope(parsed: unknown, service: string): Decoded {
  if (!isObject(parsed)) throw new BodyError("the body is not an object");
  if (isObject(parsed.RESULT)) return readResult(parsed.RESULT);
  const body = parsed[service];
  if (!isObject(body)) {
    const keys = Object.keys(parsed).filter((k) => !k.startsWith("#") && !k.startsWith("?"));
    const shown = keys.slice(0, 5).map(fieldName).join(", ") + (keys.length > 5 ? ", ..." : "");
    throw new BodyError(`expected a ${service} envelope, got ${shown || "nothing"}`);
  }
  // Some gateways nest the RESULT inside the envelope; read it the same way.
  if (isObject(body.RESULT) && body.list_total_count === undefined) return readResult(body.RESULT);
  const rawTotal = body.list_total_count;
  const total = typeof rawTotal === "string" ? Number(rawTotal.trim()) : rawTotal;
  if (typeof total !== "number" || !Number.isSafeInteger(total) || total < 0) {
    throw new BodyError(`list_total_count is not a count: ${JSON.stringify(rawTotal)}`);
  }
  const raw = body.row;
  // XML empty envelopes and odd JSON can carry one row as an object, or none at all.
  const rows = raw === undefined || raw === null || raw === ""
    ? []
    : Array.isArray(raw)
    ? raw
    : [raw];
  checkRows(rows);
  return { kind: "rows", total, rows: rows as RawRow[] };
}

/**
 * A field name for a message, or a description when it is too long to show whole: the name
 * comes from the body, which may echo the key, and is redacted only after it is quoted.
 */
export const fieldName = (name: string): string =>
  name.length <= 40 ? JSON.stringify(name) : "with a long name";

/**
 * Every row is an object. Its fields are checked as the frame reads them (a field holding an
 * object or a list is refused there); fields no frame reads are never looked at.
 */
function checkRows(rows: readonly unknown[]): void {
  for (let i = 0; i < rows.length; i++) {
    if (!isObject(rows[i])) throw new BodyError(`row ${i + 1} is not an object`);
  }
}
