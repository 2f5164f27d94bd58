/**
 * startEcosServer: the bundled ECOS-compatible server. This file only wires the parts
 * together: a request's path is read (route.ts), checked and answered (validate.ts,
 * answer.ts), altered by an injected fault (fault.ts) and written out a chunk at a time
 * (render.ts, response.ts) over HTTP with limits on connections (transport.ts,
 * connection.ts); here are the added latency, the rate limit, the stats and the closing.
 *
 * @module
 */

import { type Answer, answerRoute } from "./answer.ts";
import { applyFault, faultContext, pickFault, type Reply } from "./fault.ts";
import { resolveOptions, type ServerSettings } from "./options.ts";
import { bodyStyle } from "./render.ts";
import { badRequest, notFound, type Outgoing, toOutgoing } from "./response.ts";
import { parseRoute, type Route } from "./route.ts";
import { createStats, noteClosed, noteReply, requestRecord, type StatsKeeper } from "./stats.ts";
import { type Handler, listenHttp, type Transport } from "./transport.ts";
import type { EcosServer, EcosServerOptions, RequestRecord } from "./types.ts";
import { waited } from "./wait.ts";
import { RateLimiter } from "../util/limiter.ts";
import { registerBundledServer } from "../wire/bundled.ts";
import { TABLES } from "./data/catalogue.ts";

/**
 * Starts the bundled ECOS-compatible server. It answers StatisticSearch, KeyStatisticList and
 * the lookup services (StatisticTableList, StatisticItemList, StatisticWord, StatisticMeta)
 * from generated sample data, in JSON and XML, Korean and English, with the live service's
 * result codes and messages. It prints nothing.
 *
 * @param options Port, keys, limits, dialect, XML style, fault injection, and the data's seed,
 *   end and revision round.
 * @returns The running server; close it (or `await using` it) when done.
 * @throws {RangeError} When a number option is out of range (`seed`, `revision` and `dataEnd`
 *   included).
 * @throws {TypeError} When the dialect, the XML style, a key or the shape of `dataEnd` is not
 *   valid.
 * @throws {Error} When the address cannot be bound (e.g. the port is taken).
 *
 * @example Querying the base rate
 * ```ts
 * import assert from "node:assert/strict";
 * import { startEcosServer } from "./mod.ts";
 *
 * await using server = await startEcosServer();
 * const res = await fetch(
 *   `${server.url}/StatisticSearch/sample/json/kr/1/3/722Y001/M/202401/202403/0101000`,
 * );
 * const body = await res.json();
 * assert.equal(body.StatisticSearch.list_total_count, 3);
 * ```
 */
export async function startEcosServer(options: EcosServerOptions = {}): Promise<EcosServer> {
  const settings = resolveOptions(options);
  const keeper = createStats(settings.requestLogLimit);
  const closing = new AbortController();
  const transport: Transport = await listenHttp(
    settings,
    createHandler(settings, keeper, closing.signal),
  );
  const url = baseUrl(transport.hostname, transport.port);
  // Clients in this process tell by it that this server's data is generated.
  const forget = registerBundledServer(url, TABLES.map((t) => t.code));
  const exposure = exposureWarning(transport.hostname);
  if (exposure !== undefined) settings.onWarning(exposure);
  settings.onListen?.({ url, hostname: transport.hostname, port: transport.port });
  let closed: Promise<void> | undefined;
  const close = () => {
    closed ??= (() => {
      forget();
      // Stalls and added latency end first, so that the answers in progress can be written.
      closing.abort();
      return transport.close();
    })();
    return closed;
  };
  return { url, close, stats: keeper.stats, [Symbol.asyncDispose]: close };
}

/**
 * What to tell about a bound address other machines can reach; undefined for a loopback one
 * (127.0.0.0/8, ::1, and IPv4 loopback mapped into IPv6).
 *
 * @param address The bound address, as the listener reports it.
 * @internal Exported for tests.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { exposureWarning } from "./server.ts";
 *
 * assert.equal(exposureWarning("127.0.0.1"), undefined);
 * assert.match(exposureWarning("192.168.0.7") ?? "", /^Listening on 192\.168\.0\.7, /);
 * ```
 */
export function exposureWarning(address: string): string | undefined {
  const a = address.toLowerCase();
  if (/^127\./.test(a) || a === "::1" || /^::ffff:127\./.test(a)) return undefined;
  const every = a === "0.0.0.0" || a === "::" ? " (every interface)" : "";
  return `Listening on ${address}${every}, which other machines may reach: anyone who can ` +
    "connect can use this server; bind 127.0.0.1 to keep it to this machine";
}

/**
 * A signal that aborts when either does, detached from both on dispose. Not `AbortSignal.any`:
 * the server's long-lived `closing` signal would hold every request's signal till the end.
 */
function eitherSignal(a: AbortSignal, b: AbortSignal): { signal: AbortSignal } & Disposable {
  const both = new AbortController();
  const abort = () => both.abort();
  if (a.aborted || b.aborted) both.abort();
  a.addEventListener("abort", abort, { once: true });
  b.addEventListener("abort", abort, { once: true });
  return {
    signal: both.signal,
    [Symbol.dispose]() {
      a.removeEventListener("abort", abort);
      b.removeEventListener("abort", abort);
    },
  };
}

/** The base URL of a listening server, ending in "/api". */
function baseUrl(hostname: string, port: number): string {
  const host = hostname.includes(":") ? `[${hostname}]` : hostname;
  return `http://${host}:${port}/api`;
}

/**
 * The path of a request target: origin-form ("/api/...") or absolute-form
 * ("http://host/api/..."), dot segments resolved as a browser would; undefined when it is
 * neither.
 */
function pathOf(target: string): string | undefined {
  try {
    return (target.startsWith("/") ? new URL(`http://localhost${target}`) : new URL(target))
      .pathname;
  } catch {
    return undefined;
  }
}

/**
 * The request handler: reads the path, logs the request on arrival (so the log keeps arrival
 * order), answers it, and counts its outcome when done.
 *
 * @param settings The server's settings.
 * @param keeper The stats.
 * @param closing Aborts when the server closes.
 */
function createHandler(
  settings: ServerSettings,
  keeper: StatsKeeper,
  closing: AbortSignal,
): Handler {
  const limiter = settings.rateLimit ? new RateLimiter(settings.rateLimit) : undefined;
  const admitted = () => !limiter || limiter.tryAcquire();
  let count = 0;
  let inFlight = 0;

  async function respond(
    route: Route,
    record: RequestRecord,
    left: AbortSignal,
  ): Promise<Outgoing> {
    const fault = await pickFault(settings.fault, faultContext(record.n, route));
    const style = bodyStyle(route, settings.xmlStyle);
    // Waits end when the server closes or the client leaves: nobody waits for the answer.
    using over = eitherSignal(closing, left);
    if (settings.latencyMs > 0 && !(await waited(settings.latencyMs, over.signal))) {
      noteClosed(record);
      return toOutgoing({ kind: "dropped" }, style);
    }
    const real = (): Answer => answerRoute(route, settings);
    const reply: Reply = fault
      ? await applyFault(fault, real, over.signal)
      : { kind: "answer", answer: admitted() ? real() : { code: "ERROR-602" } };
    noteReply(record, reply, fault);
    return toOutgoing(reply, style);
  }

  return (target, left) => {
    const path = pathOf(target);
    if (path === undefined) return badRequest();
    const route = parseRoute(path);
    if (!route) return notFound();
    const record = requestRecord(++count, route);
    keeper.inFlight(++inFlight);
    keeper.arrive(record);
    return respond(route, record, left).finally(() => {
      inFlight--;
      keeper.finish(record);
    });
  };
}
