/**
 * MCP over Streamable HTTP (`ecos mcp --http`): one session per client, each on its own server
 * over one client, with the SDK's transport behind `Deno.serve`. It listens on the loopback
 * address by default, and refuses (403) every request whose Host is not this server's address
 * or whose Origin is another site: a web page the user visits cannot reach it through a name
 * that resolves to 127.0.0.1 (DNS rebinding).
 *
 * @module
 */

import { loadMcpHttp, type McpServer } from "../deps.ts";

/** The port `ecos mcp --http` listens on unless told otherwise. */
export const DEFAULT_MCP_PORT = 8765;

/** The path of the MCP endpoint. */
export const MCP_PATH = "/mcp";

/** Options of {@linkcode serveHttp}. */
export interface ServeHttpOptions {
  /**
   * The address to bind.
   *
   * @default {"127.0.0.1"}
   */
  hostname?: string;
  /**
   * The port; 0 takes any free port.
   *
   * @default {DEFAULT_MCP_PORT}
   */
  port?: number;
  /**
   * Stops serving when it fires.
   *
   * @default {undefined}
   */
  signal?: AbortSignal | undefined;
}

/** A running MCP HTTP server. */
export interface McpHttpServer extends AsyncDisposable {
  /** The endpoint, e.g. `http://127.0.0.1:8765/mcp`. */
  url: string;
  /** Resolves when the server has stopped. */
  finished: Promise<void>;
  /** Closes every session and stops listening. */
  close(): Promise<void>;
}

const LOOPBACK_NAMES = ["127.0.0.1", "localhost", "[::1]"];

/** Whether a host name (as a URL writes it) is this machine's loopback. */
const isLoopback = (host: string): boolean => LOOPBACK_NAMES.includes(host);

/**
 * Why a request must be refused as a possible DNS rebinding, or `undefined` when it may pass:
 * its Host must be one of this server's names with its port, and its Origin, when there is one,
 * a loopback page or this server.
 *
 * @param headers The request's headers.
 * @param hosts The Host values this server answers to.
 * @returns The reason, or `undefined`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { rebindingCheck } from "./http.ts";
 *
 * const hosts = ["127.0.0.1:8765", "localhost:8765"];
 * assert.equal(rebindingCheck(new Headers({ host: "localhost:8765" }), hosts), undefined);
 * assert.equal(
 *   rebindingCheck(new Headers({ host: "evil.example:8765" }), hosts),
 *   'Host "evil.example:8765" is not this server\'s address',
 * );
 * assert.equal(
 *   rebindingCheck(new Headers({ host: "127.0.0.1:8765", origin: "http://evil.example" }), hosts),
 *   'Origin "http://evil.example" is not a page of this machine',
 * );
 * ```
 */
export function rebindingCheck(headers: Headers, hosts: readonly string[]): string | undefined {
  const host = headers.get("host") ?? "";
  if (!hosts.includes(host.toLowerCase())) return `Host "${host}" is not this server's address`;
  const origin = headers.get("origin");
  if (origin === null) return undefined; // not a browser, or a same-origin GET
  let from: URL | undefined;
  try {
    from = new URL(origin);
  } catch {
    // "null" (a sandboxed page or a file) and anything unparsable are refused below
  }
  const ok = from !== undefined && (from.protocol === "http:" || from.protocol === "https:") &&
    (isLoopback(from.hostname) || hosts.includes(from.host));
  return ok ? undefined : `Origin "${origin}" is not a page of this machine`;
}

/** A JSON-RPC error answer, as the SDK's transport writes its own. */
function refusal(status: number, message: string): Response {
  return Response.json(
    { jsonrpc: "2.0", error: { code: -32000, message }, id: null },
    { status },
  );
}

/**
 * Serves MCP over Streamable HTTP at `/mcp` until `signal` fires or `close()`: a client's
 * `initialize` opens a session (a new server from `createServer`), its later requests carry
 * the session's id, and DELETE ends it.
 *
 * @param createServer Makes the server of a new session.
 * @param options The address, port and the signal that stops serving.
 * @returns The running server: its URL, and how to close it.
 * @throws {Deno.errors.AddrInUse} When the port is taken.
 */
export async function serveHttp(
  createServer: () => Promise<McpServer>,
  options: ServeHttpOptions = {},
): Promise<McpHttpServer> {
  const { hostname = "127.0.0.1", port = DEFAULT_MCP_PORT, signal } = options;
  const { WebStandardStreamableHTTPServerTransport } = await loadMcpHttp();
  type Session = {
    server: McpServer;
    transport: InstanceType<typeof WebStandardStreamableHTTPServerTransport>;
  };
  const sessions = new Map<string, Session>();
  let hosts: string[] = [];

  async function handle(req: Request): Promise<Response> {
    const refused = rebindingCheck(req.headers, hosts);
    if (refused !== undefined) return refusal(403, `Forbidden: ${refused}`);
    if (new URL(req.url).pathname !== MCP_PATH) {
      return refusal(404, `Not found: the MCP endpoint is ${MCP_PATH}`);
    }
    const id = req.headers.get("mcp-session-id");
    if (id !== null) {
      const session = sessions.get(id);
      if (session === undefined) return refusal(404, "Session not found: initialize again");
      return await session.transport.handleRequest(req);
    }
    if (req.method !== "POST") {
      return refusal(400, "Bad request: start a session with an initialize request (POST)");
    }
    let body: unknown;
    try {
      body = await req.json();
    } catch {
      return refusal(400, "Parse error: send a JSON-RPC message as JSON");
    }
    const messages = Array.isArray(body) ? body : [body];
    if (!messages.some((m) => (m as { method?: unknown })?.method === "initialize")) {
      return refusal(400, "Bad request: no session id; start with an initialize request");
    }
    const server = await createServer();
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: () => crypto.randomUUID(),
      onsessioninitialized: (sid) => void sessions.set(sid, { server, transport }),
      onsessionclosed: (sid) => void sessions.delete(sid),
    });
    await server.connect(transport);
    return await transport.handleRequest(req, { parsedBody: body });
  }

  const httpServer = Deno.serve({
    hostname,
    port,
    onListen: () => {},
    onError: (error) => refusal(500, `Internal error: ${(error as Error).message ?? error}`),
  }, handle);
  const bound = httpServer.addr.port;
  const own = hostname.includes(":") ? `[${hostname}]` : hostname;
  hosts = [...new Set([...LOOPBACK_NAMES, own.toLowerCase()])].map((h) => `${h}:${bound}`);
  const closeSessions = async () => {
    const open = [...sessions.values()];
    sessions.clear();
    await Promise.allSettled(open.map((s) => s.server.close()));
  };
  let closing: Promise<void> | undefined;
  const close = () =>
    closing ??= (async () => {
      signal?.removeEventListener("abort", onAbort);
      await closeSessions();
      await httpServer.shutdown();
    })();
  const onAbort = () => void close();
  signal?.addEventListener("abort", onAbort, { once: true });
  if (signal?.aborted) onAbort();
  return {
    url: `http://${own}:${bound}${MCP_PATH}`,
    finished: httpServer.finished,
    close,
    [Symbol.asyncDispose]: close,
  };
}
