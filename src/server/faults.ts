/**
 * Broken answers for fault injection: proxy errors, maintenance pages, connections that end
 * early. A cut connection is a body shorter than its Content-Length, which the client sees as
 * a failed body read (and which Deno does not log, unlike an erroring stream).
 *
 * @module
 */

/** An answer before it becomes a Response. */
export interface Answer {
  /** The HTTP status. */
  status: number;
  /** The Content-Type header. */
  contentType: string;
  /** The body. */
  body: string;
}

/**
 * A proxy-like HTML error page.
 *
 * @param status The HTTP status; anything outside 200-599 becomes 502.
 */
export function proxyError(status: number): Answer {
  const code = Number.isInteger(status) && status >= 200 && status <= 599 ? status : 502;
  const body = `<html>\r\n<head><title>${code} Error</title></head>\r\n<body>\r\n` +
    `<center><h1>${code} Error</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n`;
  return { status: code, contentType: "text/html; charset=utf-8", body };
}

/** A maintenance page served with status 200. */
export function maintenancePage(): Answer {
  const body = `<!DOCTYPE html>\n<html lang="ko"><head><meta charset="utf-8">` +
    `<title>시스템 점검 안내</title></head>\n<body><h1>시스템 점검 중입니다</h1>` +
    `<p>보다 나은 서비스를 위하여 시스템 점검을 실시하고 있습니다. ` +
    `The service is under maintenance.</p></body></html>\n`;
  return { status: 200, contentType: "text/html; charset=utf-8", body };
}

/**
 * A response that sends its headers, `keep` bytes of the body, then ends the connection.
 *
 * @param answer The answer to cut.
 * @param keep How much of the body to send: "none" or "half".
 */
export function cutResponse(answer: Answer, keep: "none" | "half"): Response {
  const bytes = new TextEncoder().encode(answer.body);
  const length = Math.max(bytes.length, 2);
  const sent = keep === "none" ? bytes.subarray(0, 0) : bytes.subarray(0, Math.floor(length / 2));
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      if (sent.length > 0) controller.enqueue(sent);
      controller.close();
    },
  });
  return new Response(stream, {
    status: answer.status,
    headers: { "content-type": answer.contentType, "content-length": String(length) },
  });
}
