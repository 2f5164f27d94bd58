/**
 * The HTTP layer of the bundled server, on `node:http`: listening, the time limits on slow and
 * idle connections, writing answers (whole or cut short), and closing.
 *
 * Why `node:http` and not `Deno.serve`: `Deno.serve` has no time limits (measured with Deno
 * 2.9.6: a connection holding half a request line, half the headers, nothing at all, or idle
 * after an answer, was still open after 70 s), and it takes no listener of ours to add them.
 * Deno's `node:http` server enforces `headersTimeout` (measured: a request line or headers
 * still incomplete after the limit are answered `408 Request Timeout` and closed, also when
 * the bytes drip in, also for the second request on a kept-alive connection, and for a
 * connection that sends nothing). Its `keepAliveTimeout` closes idle connections only a fixed
 * second after the limit (measured: 500 -> 1.5 s, 2000 -> 3 s), so the idle limit is ours: a
 * timer per connection, armed when its last answer is written and disarmed when a request
 * arrives. `requestTimeout` stays off: answers may be stalled on purpose (fault injection,
 * added latency), and a request's body is never read, so once answered the connection counts
 * as idle.
 *
 * @module
 */

import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { internalError, type Outgoing } from "./response.ts";

/** The most bytes of a request line and headers read; longer heads are answered 431. */
const MAX_HEAD_BYTES = 128 * 1024;

/** Where and how to listen. */
export interface TransportOptions {
  /** The port; 0 picks a free one. */
  port: number;
  /** The address to bind. */
  hostname: string;
  /** The limit on a request's line and headers, in milliseconds. */
  headerTimeoutMs: number;
  /** The limit on a connection with no request in progress, in milliseconds. */
  idleTimeoutMs: number;
}

/** Answers a request by its target (the path and query as sent, or an absolute URL). */
export type Handler = (target: string) => Outgoing | Promise<Outgoing>;

/** A listening transport. */
export interface Transport {
  /** The bound address. */
  hostname: string;
  /** The bound port. */
  port: number;
  /**
   * Stops listening, lets the answers in progress be written, then closes every connection.
   * The caller first ends whatever it holds answers back with (stalls, latency).
   */
  close(): Promise<void>;
}

/**
 * Listens and answers every request through `handler`.
 *
 * @param options Where to listen and the time limits.
 * @param handler Answers a request.
 * @returns The transport once it listens.
 * @throws {Error} When the address cannot be bound (e.g. the port is taken).
 */
export async function listenHttp(options: TransportOptions, handler: Handler): Promise<Transport> {
  const { port, hostname, headerTimeoutMs, idleTimeoutMs } = options;
  const server = createServer({
    headersTimeout: headerTimeoutMs,
    requestTimeout: 0,
    keepAliveTimeout: 0,
    // How often node:http looks for heads over the limit: the limit's precision.
    connectionsCheckingInterval: Math.min(1000, Math.max(10, Math.floor(headerTimeoutMs / 10))),
    maxHeaderSize: MAX_HEAD_BYTES,
  });
  const connections = new Connections(idleTimeoutMs);
  const writing = new Set<Promise<void>>();
  let closing = false;
  server.on("connection", (socket: Socket) => connections.add(socket));
  server.on("request", (req: IncomingMessage, res: ServerResponse) => {
    // Once closing, a request on a kept-alive connection starts no new work.
    if (closing) return void req.socket.destroy();
    connections.begin(req.socket);
    const written = answer(req, res, handler);
    writing.add(written);
    written.finally(() => writing.delete(written));
    res.once("close", () => connections.end(req.socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen({ port, host: hostname }, () => {
      server.off("error", reject);
      // Later server errors must not crash the process; the server prints nothing.
      server.on("error", () => {});
      resolve();
    });
  });
  const addr = server.address() as AddressInfo;
  let closed: Promise<void> | undefined;
  return {
    hostname: addr.address,
    port: addr.port,
    close() {
      closing = true;
      closed ??= shutdown(server, connections, writing);
      return closed;
    },
  };
}

/** Stops listening, waits for the answers being written, then closes every connection. */
async function shutdown(
  server: Server,
  connections: Connections,
  writing: Set<Promise<void>>,
): Promise<void> {
  const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
  await Promise.allSettled([...writing]);
  await connections.closeAll();
  await stopped;
}

/**
 * Answers one request; a handler that throws answers a plain 500. Never rejects: a failure to
 * write ends the connection instead of the process.
 */
async function answer(req: IncomingMessage, res: ServerResponse, handler: Handler): Promise<void> {
  let out: Outgoing;
  try {
    out = await handler(req.url ?? "/");
  } catch {
    out = internalError();
  }
  try {
    await write(res, out);
  } catch {
    res.destroy();
  }
}

/**
 * Writes an answer; resolves once its bytes are handed to the connection. A cut answer
 * declares its whole length, sends part of it, then ends the connection.
 */
function write(res: ServerResponse, out: Outgoing): Promise<void> {
  if (res.destroyed) return Promise.resolve();
  const length = out.declaredLength ?? out.body.length;
  res.writeHead(out.status, {
    "content-type": out.contentType,
    "content-length": String(length),
  });
  return new Promise<void>((resolve) => {
    if (length === out.body.length) {
      res.end(out.body, () => resolve());
      res.once("close", () => resolve());
      return;
    }
    if (out.body.length > 0) res.write(out.body);
    else res.flushHeaders();
    // Closing the connection after what was written: the client reads a body shorter than
    // declared. Destroyed rather than half-closed, so that a client that never closes its side
    // does not hold the connection.
    const socket = res.socket;
    if (!socket) return resolve();
    socket.once("close", () => resolve());
    socket.end(() => socket.destroy());
  });
}

/**
 * The open connections, each with its requests in progress and, when it has none, the timer
 * that closes it once idle for too long.
 */
class Connections {
  readonly #idleTimeoutMs: number;
  readonly #busy = new Map<Socket, number>();
  readonly #idle = new Map<Socket, ReturnType<typeof setTimeout>>();
  readonly #closed = new Map<Socket, Promise<void>>();

  constructor(idleTimeoutMs: number) {
    this.#idleTimeoutMs = idleTimeoutMs;
  }

  /** A new connection: its head is under node:http's header limit until a request arrives. */
  add(socket: Socket): void {
    this.#busy.set(socket, 0);
    this.#closed.set(
      socket,
      new Promise<void>((resolve) =>
        socket.once("close", () => {
          this.#disarm(socket);
          this.#busy.delete(socket);
          this.#closed.delete(socket);
          resolve();
        })
      ),
    );
  }

  /** A request arrived on the connection: it is not idle. */
  begin(socket: Socket): void {
    this.#disarm(socket);
    this.#busy.set(socket, (this.#busy.get(socket) ?? 0) + 1);
  }

  /** An answer ended: with none left in progress, the idle limit starts. */
  end(socket: Socket): void {
    const left = Math.max(0, (this.#busy.get(socket) ?? 1) - 1);
    if (!this.#closed.has(socket)) return;
    this.#busy.set(socket, left);
    if (left === 0 && !socket.destroyed) this.#arm(socket);
  }

  /** Closes every connection and waits until each is closed. */
  async closeAll(): Promise<void> {
    const closing = [...this.#closed.values()];
    for (const socket of this.#closed.keys()) {
      this.#disarm(socket);
      socket.destroy();
    }
    await Promise.all(closing);
  }

  #arm(socket: Socket): void {
    this.#disarm(socket);
    this.#idle.set(socket, setTimeout(() => socket.destroy(), this.#idleTimeoutMs));
  }

  #disarm(socket: Socket): void {
    const timer = this.#idle.get(socket);
    if (timer !== undefined) {
      clearTimeout(timer);
      this.#idle.delete(socket);
    }
  }
}
