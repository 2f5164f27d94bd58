/**
 * startEcosServer: the bundled ECOS-compatible server on Deno.serve. This file only wires the
 * parts together: a request's path is read (route.ts), checked and answered (validate.ts,
 * answer.ts), altered by an injected fault (fault.ts) and written out (render.ts,
 * response.ts); here are the listening, the added latency, the rate limit, the stats and the
 * closing.
 *
 * @module
 */

import { type Answer, answerRoute } from "./answer.ts";
import { applyFault, faultContext, pickFault, type Reply } from "./fault.ts";
import { resolveOptions, type ServerSettings } from "./options.ts";
import { bodyStyle } from "./render.ts";
import { internalError, notFound, toResponse } from "./response.ts";
import { parseRoute, type Route } from "./route.ts";
import { createStats, noteClosed, noteReply, requestRecord, type StatsKeeper } from "./stats.ts";
import type { EcosServer, EcosServerOptions, RequestRecord } from "./types.ts";
import { waited } from "./wait.ts";
import { RateLimiter } from "../util/limiter.ts";

/**
 * Starts the bundled ECOS-compatible server. It answers StatisticSearch, KeyStatisticList and
 * the lookup services (StatisticTableList, StatisticItemList, StatisticWord, StatisticMeta)
 * from generated sample data, in JSON and XML, Korean and English, with the live service's
 * result codes. It prints nothing.
 *
 * @param options Port, keys, limits, dialect and fault injection.
 * @returns The running server; close it (or `await using` it) when done.
 * @throws {RangeError} When a number option is out of range.
 * @throws {TypeError} When the dialect or a key is not valid.
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
export function startEcosServer(options: EcosServerOptions = {}): Promise<EcosServer> {
  let settings: ServerSettings;
  let server: Deno.HttpServer<Deno.NetAddr>;
  const keeper = createStats();
  const closing = new AbortController();
  try {
    settings = resolveOptions(options);
    server = listen(settings, createHandler(settings, keeper, closing.signal));
  } catch (error) {
    return Promise.reject(error);
  }
  const url = baseUrl(server.addr);
  settings.onListen?.({ url, hostname: server.addr.hostname, port: server.addr.port });
  let closed: Promise<void> | undefined;
  const close = () => {
    closed ??= (async () => {
      closing.abort();
      await server.shutdown();
    })();
    return closed;
  };
  return Promise.resolve({ url, close, stats: keeper.stats, [Symbol.asyncDispose]: close });
}

/** Listens quietly; a handler that throws answers a plain 500. */
function listen(
  settings: ServerSettings,
  handler: Deno.ServeHandler<Deno.NetAddr>,
): Deno.HttpServer<Deno.NetAddr> {
  const { port, hostname } = settings;
  return Deno.serve({ port, hostname, onListen: () => {}, onError: internalError }, handler);
}

/** The base URL of a listening server, ending in "/api". */
function baseUrl(addr: Deno.NetAddr): string {
  const host = addr.hostname.includes(":") ? `[${addr.hostname}]` : addr.hostname;
  return `http://${host}:${addr.port}/api`;
}

/**
 * The request handler: reads the path, logs the request on arrival (so the log keeps arrival
 * order), answers it, and counts its outcome when done.
 *
 * @param settings The server's settings.
 * @param keeper The stats.
 * @param closing Aborts when the server closes. Not the request's own signal: reading it
 *   makes Deno 2 print a deprecation warning, and the server must stay quiet. A client that
 *   leaves mid-wait is answered into the void.
 */
function createHandler(
  settings: ServerSettings,
  keeper: StatsKeeper,
  closing: AbortSignal,
): (req: Request) => Response | Promise<Response> {
  const limiter = settings.rateLimit ? new RateLimiter(settings.rateLimit) : undefined;
  const admitted = () => !limiter || limiter.tryAcquire();
  let count = 0;
  let inFlight = 0;

  async function respond(route: Route, record: RequestRecord): Promise<Response> {
    const fault = await pickFault(settings.fault, faultContext(record.n, route));
    const style = bodyStyle(route);
    if (settings.latencyMs > 0 && !(await waited(settings.latencyMs, closing))) {
      noteClosed(record);
      return toResponse({ kind: "dropped" }, style);
    }
    const real = (): Answer => answerRoute(route, settings);
    const reply: Reply = fault
      ? await applyFault(fault, real, closing)
      : { kind: "answer", answer: admitted() ? real() : { code: "ERROR-602" } };
    noteReply(record, reply, fault);
    return toResponse(reply, style);
  }

  return (req) => {
    const route = parseRoute(new URL(req.url).pathname);
    if (!route) return notFound();
    const record = requestRecord(++count, route);
    keeper.inFlight(++inFlight);
    keeper.arrive(record);
    return respond(route, record).finally(() => {
      inFlight--;
      keeper.finish(record);
    });
  };
}
