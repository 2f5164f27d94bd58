/**
 * Turning a reply into what goes on the wire: ECOS bodies, the broken answers of fault
 * injection (proxy errors, maintenance pages, connections that end early), and the plain-text
 * answers outside the API. A cut connection is a body shorter than its Content-Length, followed
 * by the end of the connection, which the client sees as a failed body read.
 *
 * @module
 */

import type { Reply } from "./fault.ts";
import { type BodyStyle, contentType, renderAnswer, type Rendered } from "./render.ts";

/** An answer as the transport writes it. */
export interface Outgoing {
  /** The HTTP status. */
  status: number;
  /** The Content-Type header. */
  contentType: string;
  /** The bytes of the body that are sent. */
  body: Uint8Array;
  /**
   * The Content-Length to declare when it is more than the body: the connection then ends
   * after the body (a cut answer). Absent for a whole answer.
   */
  declaredLength?: number;
}

/** A rendered answer with its HTTP status. */
interface Sent extends Rendered {
  /** The HTTP status. */
  status: number;
}

const encoder = new TextEncoder();

/**
 * The answer to a request under `/api`.
 *
 * @param reply What to send.
 * @param style The request's format, language and XML style.
 */
export function toOutgoing(reply: Reply, style: BodyStyle): Outgoing {
  switch (reply.kind) {
    case "answer":
      return send({ status: 200, ...renderAnswer(reply.answer, style) });
    case "truncated":
      return cut({ status: 200, ...renderAnswer(reply.answer, style) }, "half");
    case "proxy":
      return send(proxyError(reply.status));
    case "maintenance":
      return send(maintenancePage());
    case "dropped":
      return cut({ status: 200, contentType: contentType(style.format), body: "" }, "none");
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

function plainText(status: number, body: string): Outgoing {
  return send({ status, contentType: "text/plain; charset=utf-8", body });
}

function send(sent: Sent): Outgoing {
  return { status: sent.status, contentType: sent.contentType, body: encoder.encode(sent.body) };
}

/** A proxy-like HTML error page; a status outside 200-599 becomes 502. */
function proxyError(status: number): Sent {
  const code = Number.isInteger(status) && status >= 200 && status <= 599 ? status : 502;
  const body = `<html>\r\n<head><title>${code} Error</title></head>\r\n<body>\r\n` +
    `<center><h1>${code} Error</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n`;
  return { status: code, contentType: "text/html; charset=utf-8", body };
}

/** A maintenance page served with status 200. */
function maintenancePage(): Sent {
  const body = `<!DOCTYPE html>\n<html lang="ko"><head><meta charset="utf-8">` +
    `<title>시스템 점검 안내</title></head>\n<body><h1>시스템 점검 중입니다</h1>` +
    `<p>보다 나은 서비스를 위하여 시스템 점검을 실시하고 있습니다. ` +
    `The service is under maintenance.</p></body></html>\n`;
  return { status: 200, contentType: "text/html; charset=utf-8", body };
}

/** An answer that declares its whole length, sends `keep` of the body, then ends. */
function cut(sent: Sent, keep: "none" | "half"): Outgoing {
  const bytes = encoder.encode(sent.body);
  // At least 2 declared bytes, so that even an empty body is visibly short.
  const length = Math.max(bytes.length, 2);
  const part = keep === "none" ? bytes.subarray(0, 0) : bytes.subarray(0, Math.floor(length / 2));
  return { status: sent.status, contentType: sent.contentType, body: part, declaredLength: length };
}
