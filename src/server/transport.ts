/**
 * The HTTP layer of the bundled server, on `node:http`: listening, the limits on connections
 * (how many, how slow, how idle, how many pipelined requests, how long a write may wait), and
 * closing within a time limit. Each connection's requests and answers are in connection.ts;
 * the listener watch in listener.ts; the connection limit's defaults in limits.ts.
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
 * as idle. `server.maxConnections` is not used: with Deno 2.9.6, reaching it stops the
 * listener for good (measured); connections over the limit are closed here instead.
 *
 * @module
 */

import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { Connection, type ConnectionLimits, type Handler } from "./connection.ts";
import { ListenerWatch } from "./listener.ts";

export type { Handler } from "./connection.ts";

/** The most bytes of a request line and headers read; longer heads are answered 431. */
const MAX_HEAD_BYTES = 128 * 1024;
/** How long close() waits for connections to report closed once it has ended them. */
const CLOSE_GRACE_MS = 2000;

/** Where and how to listen, and the limits on connections. */
export interface TransportOptions extends ConnectionLimits {
  /** The port; 0 picks a free one. */
  port: number;
  /** The address to bind. */
  hostname: string;
  /** The limit on a request's line and headers, in milliseconds. */
  headerTimeoutMs: number;
  /** How long close() lets answers in progress be written, in milliseconds. */
  shutdownTimeoutMs: number;
  /** The most open connections; more are closed as they arrive. */
  maxConnections: number;
  /** The listen backlog. */
  backlog: number;
  /** How often the listener is checked, in milliseconds. */
  listenerCheckMs: number;
  /** Told when the listener stopped accepting and was restarted, and when it recovered. */
  onWarning: (message: string) => void;
}

/** A listening transport. */
export interface Transport {
  /** The bound address. */
  hostname: string;
  /** The bound port. */
  port: number;
  /**
   * Stops listening, lets the answers in progress be written for at most the shutdown limit,
   * then closes every connection. The caller first ends whatever it holds answers back with
   * (stalls, latency).
   */
  close(): Promise<void>;
}

/**
 * Listens and answers every request through `handler`.
 *
 * @param options Where to listen and the limits.
 * @param handler Answers a request.
 * @returns The transport once it listens.
 * @throws {Error} When the address cannot be bound (e.g. the port is taken).
 */
export async function listenHttp(options: TransportOptions, handler: Handler): Promise<Transport> {
  const { port, hostname, headerTimeoutMs, backlog } = options;
  const server = createServer({
    headersTimeout: headerTimeoutMs,
    requestTimeout: 0,
    keepAliveTimeout: 0,
    // How often node:http looks for heads over the limit: the limit's precision.
    connectionsCheckingInterval: Math.min(1000, Math.max(10, Math.floor(headerTimeoutMs / 10))),
    maxHeaderSize: MAX_HEAD_BYTES,
  });
  const connections = new Map<Socket, Connection>();
  let closing = false;
  const watch = new ListenerWatch(server, backlog, options.listenerCheckMs, options.onWarning);
  server.on("connection", (socket: Socket) => {
    watch.accepted();
    if (closing || connections.size >= options.maxConnections) return void socket.destroy();
    connections.set(socket, new Connection(socket, options));
    socket.once("close", () => connections.delete(socket));
  });
  server.on("request", (req: IncomingMessage, res: ServerResponse) => {
    const connection = connections.get(req.socket);
    // Once closing, a request on a kept-alive connection starts no new work.
    if (closing || !connection) return void req.socket.destroy();
    connection.request(req, res, handler);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen({ port, host: hostname, backlog }, () => {
      server.off("error", reject);
      // Later server errors must not crash the process; the listener watch notices a
      // listener that stopped.
      server.on("error", () => {});
      resolve();
    });
  });
  const addr = server.address() as AddressInfo;
  watch.start({ host: addr.address, port: addr.port });
  let closed: Promise<void> | undefined;
  return {
    hostname: addr.address,
    port: addr.port,
    close() {
      closing = true;
      closed ??= shutdown(server, connections, watch, options.shutdownTimeoutMs);
      return closed;
    },
  };
}

/**
 * Stops listening; lets the answers in progress be written for at most `limitMs`; then closes
 * every connection and waits (briefly, bounded) until each has closed.
 */
async function shutdown(
  server: ReturnType<typeof createServer>,
  connections: Map<Socket, Connection>,
  watch: ListenerWatch,
  limitMs: number,
): Promise<void> {
  await watch.stop();
  const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
  const all = [...connections.values()];
  // Connections with nothing to answer (idle, or holding half a request) end now.
  for (const c of all) if (!c.busy) c.socket.destroy();
  await within(Promise.all(all.map((c) => c.drained())), limitMs);
  for (const c of connections.values()) c.socket.destroy();
  await within(Promise.all([...connections.values()].map((c) => c.closed)), CLOSE_GRACE_MS);
  await within(stopped, CLOSE_GRACE_MS);
}

/** Waits for `promise`, or for `ms`, whichever comes first; the timer does not outlive it. */
async function within(promise: Promise<unknown>, ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)));
  try {
    await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
