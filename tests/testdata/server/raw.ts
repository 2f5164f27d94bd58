/**
 * Raw TCP connections to a test server, for what `fetch` cannot do: send half a request, drip
 * bytes, hold a connection idle, and watch for the server closing it.
 *
 * ```ts
 * import assert from "node:assert/strict";
 * import { startEcosServer } from "../../../src/server/mod.ts";
 * import { openRaw, readResponse } from "./raw.ts";
 *
 * await using server = await startEcosServer();
 * using raw = await openRaw(server);
 * await raw.send("GET /api/KeyStatisticList/sample/json/kr/1/1 HTTP/1.1\r\nHost: x\r\n\r\n");
 * const res = await readResponse(raw);
 * assert.equal(res.status, 200);
 * ```
 *
 * @module
 */

import type { Target } from "./http.ts";

/** A raw connection to a server. */
export interface RawConnection extends Disposable {
  /** The connection. */
  conn: Deno.TcpConn;
  /** Writes text (each UTF-16 unit as one byte: for ASCII and raw bytes alike). */
  send(text: string): Promise<void>;
  /** Bytes read but not yet consumed by {@linkcode readResponse}. */
  pending: Uint8Array;
  /** When the connection was asked for (performance.now()), just before connecting. */
  openedAt: number;
}

/** How a connection ended while being watched. */
export interface Closed {
  /** Milliseconds from the start of the watch to the close. */
  afterMs: number;
  /** Everything read meanwhile, as Latin-1 text. */
  text: string;
}

/** Opens a raw TCP connection to a server's host and port. */
export async function openRaw(server: Target): Promise<RawConnection> {
  const { hostname, port } = new URL(server.url);
  // Taken before connecting: the server's clock for this connection cannot start earlier.
  const openedAt = performance.now();
  const conn = await Deno.connect({ hostname, port: Number(port) });
  return {
    conn,
    pending: new Uint8Array(0),
    openedAt,
    async send(text: string) {
      const bytes = Uint8Array.from(text, (c) => c.charCodeAt(0) & 0xff);
      for (let at = 0; at < bytes.length;) at += await conn.write(bytes.subarray(at));
    },
    [Symbol.dispose]() {
      try {
        conn.close();
      } catch {
        // Already closed.
      }
    },
  };
}

/**
 * Reads until the server closes the connection, failing when it is still open after `boundMs`
 * (the connection is then closed here, so no read is left behind).
 *
 * @param raw The connection.
 * @param boundMs The most time to wait, in milliseconds.
 * @param from When the wait counts from (performance.now()); now by default.
 * @returns When the connection closed and what arrived.
 * @throws {Error} When the connection is still open after `boundMs`.
 */
export async function untilClosed(
  raw: RawConnection,
  boundMs: number,
  from: number = performance.now(),
): Promise<Closed> {
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    try {
      raw.conn.close();
    } catch {
      // Already closed.
    }
  }, boundMs);
  let text = latin1(raw.pending);
  raw.pending = new Uint8Array(0);
  const buf = new Uint8Array(16 * 1024);
  try {
    while (true) {
      const n = await raw.conn.read(buf);
      if (n === null) break;
      text += latin1(buf.subarray(0, n));
    }
  } catch (error) {
    // A reset is a close too; the read our own timer interrupted is not.
    if (timedOut) throw new Error(`The connection was still open after ${boundMs} ms`);
    if (!(error instanceof Deno.errors.ConnectionReset)) throw error;
  } finally {
    clearTimeout(timer);
  }
  if (timedOut) throw new Error(`The connection was still open after ${boundMs} ms`);
  return { afterMs: performance.now() - from, text };
}

/** One HTTP/1.1 response read off a raw connection (Content-Length framed). */
export interface RawResponse {
  /** The status code. */
  status: number;
  /** The header block, as sent. */
  head: string;
  /** The body, as UTF-8 text. */
  body: string;
}

/**
 * Reads one Content-Length framed response, leaving any further bytes for the next read.
 *
 * @throws {Error} When the connection closes before the response is whole.
 */
export async function readResponse(raw: RawConnection): Promise<RawResponse> {
  let data = raw.pending;
  const buf = new Uint8Array(16 * 1024);
  const more = async () => {
    const n = await raw.conn.read(buf);
    if (n === null) throw new Error(`The connection closed mid-response: ${latin1(data)}`);
    const next = new Uint8Array(data.length + n);
    next.set(data);
    next.set(buf.subarray(0, n), data.length);
    data = next;
  };
  let end: number;
  while ((end = latin1(data).indexOf("\r\n\r\n")) === -1) await more();
  const head = latin1(data.subarray(0, end));
  const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? 0);
  while (data.length < end + 4 + length) await more();
  raw.pending = data.subarray(end + 4 + length);
  return {
    status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]),
    head,
    body: new TextDecoder().decode(data.subarray(end + 4, end + 4 + length)),
  };
}

function latin1(bytes: Uint8Array): string {
  let text = "";
  for (const b of bytes) text += String.fromCharCode(b);
  return text;
}
