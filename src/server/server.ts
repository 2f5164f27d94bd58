/**
 * startEcosServer: the bundled ECOS-compatible server on Deno.serve, with its options for
 * keys, latency, rate and work limits, dialects and fault injection.
 *
 * @module
 */

import { type Answer, cutResponse, maintenancePage, proxyError } from "./faults.ts";
import { renderResult, renderRows } from "./render.ts";
import { parseRoute, type Route } from "./route.ts";
import { SERVICES } from "./services/mod.ts";
import { createStats } from "./stats.ts";
import type { EcosServer, EcosServerOptions, Fault, FaultContext, RequestRecord } from "./types.ts";
import { answerFormat, answerLanguage, rowNumbers, SAMPLE_KEY, validate } from "./validate.ts";
import { delay, RateLimiter } from "../util/limiter.ts";

/** Waits; true when the time passed, false when the server closed first. */
const waited = (ms: number, signal: AbortSignal): Promise<boolean> =>
  delay(ms, signal).then(() => true, () => false);

/** An answer with what the log needs to know about it. */
interface Outcome extends Answer {
  /** "ok" or a result code. */
  outcome: string;
  /** Rows in the body. */
  rows: number;
  /** The total of a success body, for the "total" fault. */
  total?: number;
}

function checkOptions(options: EcosServerOptions): void {
  const { port, latencyMs, rateLimit, workLimit, dialect, keys } = options;
  if (port !== undefined && (!Number.isInteger(port) || port < 0 || port > 65535)) {
    throw new RangeError(`Cannot listen on port ${port}: use a whole number 0-65535`);
  }
  if (latencyMs !== undefined && !(latencyMs >= 0)) {
    throw new RangeError(`Cannot add latency ${latencyMs}: use a number of milliseconds >= 0`);
  }
  if (
    rateLimit !== undefined &&
    !(Number.isInteger(rateLimit.requests) && rateLimit.requests >= 1 && rateLimit.windowMs > 0)
  ) {
    throw new RangeError(
      "Cannot use this rateLimit: requests must be a whole number >= 1 and windowMs > 0",
    );
  }
  if (workLimit !== undefined && !(workLimit >= 0)) {
    throw new RangeError(`Cannot use workLimit ${workLimit}: use a number of rows >= 0`);
  }
  if (dialect !== undefined && dialect !== "spec" && dialect !== "live") {
    throw new TypeError(`Cannot use dialect ${JSON.stringify(dialect)}: use "spec" or "live"`);
  }
  if (keys !== undefined && !keys.every((k) => typeof k === "string" && k !== "")) {
    throw new TypeError("Cannot accept these keys: every key must be a non-empty string");
  }
}

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
 * import { startEcosServer } from "./mod.ts";
 *
 * await using server = await startEcosServer();
 * const res = await fetch(
 *   `${server.url}/StatisticSearch/sample/json/kr/1/3/722Y001/M/202401/202403/0101000`,
 * );
 * const body = await res.json();
 * console.assert(body.StatisticSearch.list_total_count === 3);
 * ```
 */
export function startEcosServer(options: EcosServerOptions = {}): Promise<EcosServer> {
  try {
    checkOptions(options);
  } catch (error) {
    return Promise.reject(error);
  }
  const {
    port = 0,
    hostname = "127.0.0.1",
    keys = [],
    latencyMs = 0,
    rateLimit,
    workLimit,
    dialect = "spec",
    fault,
    onListen,
  } = options;
  const accepted = new Set([SAMPLE_KEY, ...keys]);
  const limiter = rateLimit ? new RateLimiter(rateLimit) : undefined;
  const keeper = createStats();
  const closing = new AbortController();
  let count = 0;
  let inFlight = 0;

  /** The real answer; a bug in a service answers ERROR-500 rather than a bare HTTP 500. */
  function realAnswer(route: Route): Outcome {
    try {
      return computeAnswer(route);
    } catch {
      const { body, contentType } = renderResult(
        "ERROR-500",
        answerFormat(route),
        answerLanguage(route),
      );
      return { status: 200, contentType, body, outcome: "ERROR-500", rows: 0 };
    }
  }

  function computeAnswer(route: Route): Outcome {
    const checked = validate(route, SERVICES, accepted);
    const format = answerFormat(route);
    const language = answerLanguage(route);
    const result = (code: Parameters<typeof renderResult>[0]): Outcome => {
      const { body, contentType } = renderResult(code, format, language);
      return { status: 200, contentType, body, outcome: code, rows: 0 };
    };
    if ("code" in checked) return result(checked.code);
    const answer = checked.def.answer({
      args: route.args,
      language: checked.language,
      startNo: checked.startNo,
      endNo: checked.endNo,
      dialect,
      workLimit,
    });
    if ("code" in answer) return result(answer.code);
    const { body, contentType } = renderRows(
      checked.def.name,
      answer.total,
      answer.rows,
      checked.format,
      checked.def.rowCount ?? false,
    );
    return {
      status: 200,
      contentType,
      body,
      outcome: "ok",
      rows: answer.rows.length,
      total: answer.total,
    };
  }

  /** The real answer with list_total_count replaced, when it is a success body. */
  function withTotal(route: Route, listTotalCount: number): Outcome {
    const real = realAnswer(route);
    if (real.total === undefined) return real;
    const total = String(Math.trunc(listTotalCount));
    const body = real.contentType.startsWith("application/json")
      ? real.body.replace(/"list_total_count":\d+/, `"list_total_count":${total}`)
      : real.body.replace(
        /<list_total_count>\d+<\/list_total_count>/,
        `<list_total_count>${total}</list_total_count>`,
      );
    return { ...real, body };
  }

  /** Headers, then a connection that ends before any byte of the body. */
  const dead = (route: Route) =>
    cutResponse({
      status: 200,
      contentType: renderResult("ERROR-500", answerFormat(route), "kr").contentType,
      body: "",
    }, "none");

  async function answerRequest(
    route: Route,
    ctx: FaultContext,
    signal: AbortSignal,
    note: (outcome: string, rows: number) => void,
  ): Promise<Response> {
    let injected: Fault | undefined;
    if (fault) {
      try {
        injected = await fault(ctx);
      } catch {
        // A throwing fault function is a test bug; answer as a server error, do not crash.
        injected = { kind: "code", code: "ERROR-500" };
      }
    }
    if (latencyMs > 0 && !(await waited(latencyMs, signal))) {
      note("closed", 0);
      return dead(route);
    }
    const respond = (a: Outcome, outcome = a.outcome) => {
      note(outcome, a.rows);
      return new Response(a.body, {
        status: a.status,
        headers: { "content-type": a.contentType },
      });
    };
    if (!injected) {
      if (limiter && !limiter.tryAcquire()) {
        const { body, contentType } = renderResult(
          "ERROR-602",
          answerFormat(route),
          answerLanguage(route),
        );
        return respond({ status: 200, contentType, body, outcome: "ERROR-602", rows: 0 });
      }
      return respond(realAnswer(route));
    }
    const tag = `fault:${injected.kind}`;
    switch (injected.kind) {
      case "code": {
        const { body, contentType } = renderResult(
          injected.code,
          answerFormat(route),
          answerLanguage(route),
        );
        return respond({ status: 200, contentType, body, outcome: tag, rows: 0 });
      }
      case "status":
        return respond({ ...proxyError(injected.status), outcome: tag, rows: 0 });
      case "html":
        return respond({ ...maintenancePage(), outcome: tag, rows: 0 });
      case "drop":
        note(tag, 0);
        return dead(route);
      case "truncate": {
        const real = realAnswer(route);
        note(tag, real.rows);
        return cutResponse(real, "half");
      }
      case "stall": {
        const passed = await waited(injected.ms ?? Infinity, signal);
        if (!passed) {
          note(tag, 0);
          return dead(route);
        }
        return respond(realAnswer(route), tag);
      }
      case "total":
        return respond(withTotal(route, injected.listTotalCount), tag);
    }
  }

  function handler(req: Request): Promise<Response> | Response {
    const route = parseRoute(new URL(req.url).pathname);
    if (!route) {
      return new Response("Not Found\n", {
        status: 404,
        headers: { "content-type": "text/plain; charset=utf-8" },
      });
    }
    const n = ++count;
    inFlight++;
    keeper.inFlight(inFlight);
    const { startNo, endNo } = rowNumbers(route);
    const ctx: FaultContext = {
      n,
      service: route.service,
      format: route.format,
      language: route.language,
      startNo,
      endNo,
      args: route.args,
    };
    const record: RequestRecord = {
      n,
      service: route.service,
      format: route.format,
      language: route.language,
      ...(startNo === undefined ? {} : { startNo }),
      ...(endNo === undefined ? {} : { endNo }),
      args: [...route.args],
      outcome: "pending",
      rows: 0,
    };
    // Logged on arrival, so the log keeps arrival order; the outcome is filled in when known.
    keeper.arrive(record);
    const done = () => {
      inFlight--;
      keeper.finish(record);
    };
    return answerRequest(
      route,
      { ...ctx, args: [...ctx.args] },
      // Not req.signal: reading it makes Deno 2 print a deprecation warning, and the server
      // must stay quiet. A client that leaves mid-wait is answered into the void.
      closing.signal,
      (outcome, rows) => {
        record.outcome = outcome;
        record.rows = rows;
      },
    )
      .finally(done);
  }

  let server: Deno.HttpServer<Deno.NetAddr>;
  try {
    server = Deno.serve({
      port,
      hostname,
      onListen: () => {},
      onError: () =>
        new Response("Internal Server Error\n", {
          status: 500,
          headers: { "content-type": "text/plain; charset=utf-8" },
        }),
    }, handler);
  } catch (error) {
    return Promise.reject(error);
  }
  const addr = server.addr;
  const host = addr.hostname.includes(":") ? `[${addr.hostname}]` : addr.hostname;
  const url = `http://${host}:${addr.port}/api`;
  onListen?.({ url, hostname: addr.hostname, port: addr.port });

  let closed: Promise<void> | undefined;
  const close = () => {
    closed ??= (async () => {
      closing.abort();
      await server.shutdown();
    })();
    return closed;
  };
  return Promise.resolve({
    url,
    close,
    stats: keeper.stats,
    [Symbol.asyncDispose]: close,
  });
}
