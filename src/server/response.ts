/**
 * Turning a reply into an HTTP response: ECOS bodies, the broken answers of fault injection
 * (proxy errors, maintenance pages, connections that end early), and the plain-text answers
 * outside the API. A cut connection is a body shorter than its Content-Length, which the
 * client sees as a failed body read (and which Deno does not log, unlike an erroring stream).
 *
 * @module
 */

import type { Reply } from "./fault.ts";
import { type BodyStyle, contentType, renderAnswer, type Rendered } from "./render.ts";

/** A rendered answer with its HTTP status. */
interface Sent extends Rendered {
  /** The HTTP status. */
  status: number;
}

/**
 * The response to a request under `/api`.
 *
 * @param reply What to send.
 * @param style The request's format and language.
 */
export function toResponse(reply: Reply, style: BodyStyle): Response {
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
export function notFound(): Response {
  return plainText(404, "Not Found\n");
}

/** The answer when the handler itself failed. */
export function internalError(): Response {
  return plainText(500, "Internal Server Error\n");
}

function plainText(status: number, body: string): Response {
  return send({ status, contentType: "text/plain; charset=utf-8", body });
}

function send(sent: Sent): Response {
  return new Response(sent.body, {
    status: sent.status,
    headers: { "content-type": sent.contentType },
  });
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

/** A response that sends its headers, `keep` of the body, then ends the connection. */
function cut(sent: Sent, keep: "none" | "half"): Response {
  const bytes = new TextEncoder().encode(sent.body);
  const length = Math.max(bytes.length, 2);
  const part = keep === "none" ? bytes.subarray(0, 0) : bytes.subarray(0, Math.floor(length / 2));
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      if (part.length > 0) controller.enqueue(part);
      controller.close();
    },
  });
  return new Response(stream, {
    status: sent.status,
    headers: { "content-type": sent.contentType, "content-length": String(length) },
  });
}
