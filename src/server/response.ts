/**
 * Turning a reply into what goes on the wire: ECOS bodies, the broken answers of fault
 * injection (proxy errors, maintenance pages, connections that end early), and the plain-text
 * answers outside the API. A cut connection is a body shorter than its Content-Length, followed
 * by the end of the connection, which the client sees as a failed body read.
 *
 * Bodies are iterables of chunks, encoded as the transport pulls them: an ECOS body of any size
 * is made and written a chunk at a time (render.ts). Only a cut answer, a fault for tests, is
 * made whole first, as its declared length must be known before it is sent.
 *
 * @module
 */

import type { Reply } from "./fault.ts";
import { type BodyStyle, contentType, renderAnswer } from "./render.ts";

/** An answer as the transport writes it. */
export interface Outgoing {
  /** The HTTP status. */
  status: number;
  /** The Content-Type header. */
  contentType: string;
  /**
   * The bytes of the body that are sent, in chunks made as they are pulled; each chunk is
   * written before the next is asked for.
   */
  body: Iterable<Uint8Array>;
  /**
   * The Content-Length to declare when it is more than the body: the connection then ends
   * after the body (a cut answer). Absent for a whole answer.
   */
  declaredLength?: number;
}

const encoder = new TextEncoder();

/**
 * The answer to a request under `/api`.
 *
 * @param reply What to send.
 * @param style The request's format, language and XML style.
 */
export function toOutgoing(reply: Reply, style: BodyStyle): Outgoing {
  const type = contentType(style.format);
  switch (reply.kind) {
    case "answer":
      return { status: 200, contentType: type, body: encoded(renderAnswer(reply.answer, style)) };
    case "truncated":
      return cut(200, type, [...renderAnswer(reply.answer, style)].join(""), "half");
    case "proxy":
      return proxyError(reply.status);
    case "maintenance":
      return maintenancePage();
    case "dropped":
      return cut(200, type, "", "none");
  }
}

/** The answer to a path outside `/api`. */
export function notFound(): Outgoing {
  return plainText(404, "Not Found\n");
}

/** The answer to a request target that is not a path or an absolute URL. */
export function badRequest(): Outgoing {
  return plainText(400, "Bad Request\n");
}

/** The answer when the handler itself failed. */
export function internalError(): Outgoing {
  return plainText(500, "Internal Server Error\n");
}

/** Encodes text chunks as they are pulled. */
function* encoded(chunks: Iterable<string>): Generator<Uint8Array, void> {
  for (const chunk of chunks) yield encoder.encode(chunk);
}

function whole(status: number, type: string, text: string): Outgoing {
  return { status, contentType: type, body: [encoder.encode(text)] };
}

function plainText(status: number, text: string): Outgoing {
  return whole(status, "text/plain; charset=utf-8", text);
}

/** A proxy-like HTML error page; a status outside 200-599 becomes 502. */
function proxyError(status: number): Outgoing {
  const code = Number.isInteger(status) && status >= 200 && status <= 599 ? status : 502;
  const body = `<html>\r\n<head><title>${code} Error</title></head>\r\n<body>\r\n` +
    `<center><h1>${code} Error</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n`;
  return whole(code, "text/html; charset=utf-8", body);
}

/** A maintenance page served with status 200. */
function maintenancePage(): Outgoing {
  const body = `<!DOCTYPE html>\n<html lang="ko"><head><meta charset="utf-8">` +
    `<title>시스템 점검 안내</title></head>\n<body><h1>시스템 점검 중입니다</h1>` +
    `<p>보다 나은 서비스를 위하여 시스템 점검을 실시하고 있습니다. ` +
    `The service is under maintenance.</p></body></html>\n`;
  return whole(200, "text/html; charset=utf-8", body);
}

/** An answer that declares its whole length, sends `keep` of the body, then ends. */
function cut(status: number, type: string, text: string, keep: "none" | "half"): Outgoing {
  const bytes = encoder.encode(text);
  // At least 2 declared bytes, so that even an empty body is visibly short.
  const length = Math.max(bytes.length, 2);
  const part = keep === "none" ? bytes.subarray(0, 0) : bytes.subarray(0, Math.floor(length / 2));
  return { status, contentType: type, body: [part], declaredLength: length };
}
