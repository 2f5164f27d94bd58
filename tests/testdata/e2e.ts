/**
 * What the end-to-end tests share: a client for the bundled server with fast retries, a server
 * that accepts the tests' key, the query most tests use and its cache keys, the checks they
 * repeat, odd things for a cache directory (FIFOs), and a service whose answers can be spoilt
 * or faulted ({@linkcode faultyService}).
 *
 * @module
 */

import assert from "node:assert/strict";
import { join } from "node:path";
import {
  EcosClient,
  type EcosClientOptions,
  type EcosError,
  isEcosError,
  type StatisticSearchQuery,
} from "../../mod.ts";
import type { CacheKey } from "../../src/cache/mod.ts";
import {
  type EcosServer,
  type EcosServerOptions,
  type Fault,
  type RequestRecord,
  startEcosServer,
} from "../../src/server/mod.ts";

/** The key the test servers accept. */
export const KEY = "e2e-Key-7f3a9c";
/** Retries that do not slow the tests down. */
export const FAST_RETRY = { attempts: 3, baseMs: 1, capMs: 4 };

/**
 * A client of `url` with the test key, fast retries and no rate limit. Its environment is empty:
 * the user's ECOS_CACHE_DIR, HOME or XDG_CACHE_HOME change nothing.
 */
export function clientFor(url: string, options: EcosClientOptions = {}): EcosClient {
  return new EcosClient({
    baseUrl: url,
    apiKey: KEY,
    env: {},
    retry: FAST_RETRY,
    rateLimit: false,
    ...options,
  });
}

/** A bundled server that accepts the test key. */
export function serve(options: EcosServerOptions = {}): Promise<EcosServer> {
  return startEcosServer({ keys: [KEY], ...options });
}

/** The EcosError a promise rejects with; fails the test otherwise. */
export async function rejects(p: Promise<unknown>): Promise<EcosError> {
  try {
    await p;
  } catch (e) {
    assert.ok(isEcosError(e), `expected an EcosError, got ${e}`);
    return e;
  }
  assert.fail("expected a rejection");
}

/** The StatisticSearch requests a server saw, in arrival order. */
export const searchRequests = (server: EcosServer): RequestRecord[] =>
  server.stats.requests.filter((r) => r.service === "StatisticSearch");

/** The monthly base rate over two years: 24 rows. */
export const rate: StatisticSearchQuery = {
  statCode: "722Y001",
  cycle: "M",
  start: "201901",
  end: "202012",
  items: ["0101000"],
};

/** Fails when the key, raw or percent-encoded, appears in any string an error shows. */
export function assertNoSecret(error: unknown, secret: string): void {
  const seen = new Set<unknown>();
  let e: unknown = error;
  for (let depth = 0; e !== undefined && e !== null && !seen.has(e) && depth < 10; depth++) {
    seen.add(e);
    const texts = [String(e), Deno.inspect(e, { depth: 10 })];
    if (e instanceof Error) {
      texts.push(e.message, e.stack ?? "");
      const own = Object.fromEntries(
        Object.getOwnPropertyNames(e).map((k) => [k, String((e as Record<string, unknown>)[k])]),
      );
      texts.push(JSON.stringify(own), JSON.stringify(e));
    }
    for (const text of texts) {
      assert.ok(!text.includes(secret), `the key leaked: ${text.slice(0, 300)}`);
      assert.ok(!text.includes(encodeURIComponent(secret)));
    }
    e = (e as { cause?: unknown }).cause;
  }
}

/** The service arguments of {@linkcode rate}, as the client sends them. */
export const RATE_ARGS: readonly string[] = ["722Y001", "M", "201901", "202012", "0101000"];

/** The cache key of rows `startNo` to `endNo` of {@linkcode rate}, as the client writes it. */
export const rateKey = (baseUrl: string, startNo: number, endNo: number): CacheKey => ({
  baseUrl,
  service: "StatisticSearch",
  format: "json",
  language: "kr",
  startNo,
  endNo,
  args: RATE_ARGS,
});

/** The names in a cache directory's shards: entries, temporary files, whatever is there. */
export function entryFiles(dir: string): string[] {
  const out: string[] = [];
  for (const shard of Deno.readDirSync(dir)) {
    if (!shard.isDirectory) continue;
    for (const f of Deno.readDirSync(join(dir, shard.name))) out.push(f.name);
  }
  return out;
}

/** A StatisticSearch body, parsed. */
export type SearchBody = {
  StatisticSearch: { list_total_count: number; row: Record<string, unknown>[] };
};

/** Spoils a page: its body as parsed JSON, or as text; returns what the client gets instead. */
export type Spoil = (body: SearchBody, text: string) => SearchBody | string;

/** The bundled server behind a proxy that can spoil one page: see {@linkcode faultyService}. */
export interface FaultyService extends AsyncDisposable {
  /** The base URL clients use: the proxy's. */
  url: string;
  /** The bundled server behind it. */
  server: EcosServer;
  /** Requests the proxy has seen. */
  readonly requests: number;
  /** Answers of the page spoilt since the last `spoil()`. */
  readonly spoilt: number;
  /** Spoils the next `times` answers of the page (`Infinity`: until healed). */
  spoil(spoil: Spoil, times: number): void;
  /** Has the server answer the page with `fault`, the next `times` times. */
  inject(fault: Fault, times: number): void;
  /** Ends every fault; answers held back (a stall) end as failed connections. */
  heal(): void;
  /** Resolves when the page is next asked for (at the proxy, before the server answers). */
  requested(): Promise<void>;
  /** The healthy body of rows `startNo` to `endNo` of {@linkcode rate}, from the server. */
  body(startNo: number, endNo: number): Promise<string>;
}

/**
 * The bundled server behind a proxy on loopback whose page `startNo`-`endNo` of a JSON, Korean
 * query can be spoilt (by the proxy: a body rewritten) or faulted (by the server's `fault` hook:
 * a stall, a body cut in transit), once or until healed. Other answers pass through as they
 * are, cut bodies included. Close it with `await using`.
 *
 * @param page The row numbers of the page that faults strike.
 * @returns The service.
 */
export async function faultyService(
  page: { startNo: number; endNo: number },
): Promise<FaultyService> {
  const isPage = (path: string) => path.includes(`/json/kr/${page.startNo}/${page.endNo}/`);
  let spoil: { spoil: Spoil; times: number } | undefined;
  let fault: { fault: Fault; times: number } | undefined;
  let requests = 0;
  let spoilt = 0;
  let waiting: (() => void)[] = [];
  // Aborted on heal: ends the server's stalls that the proxy is still waiting for.
  let held = new AbortController();
  const server = await serve({
    fault(ctx) {
      if (fault === undefined || ctx.startNo !== page.startNo || ctx.endNo !== page.endNo) return;
      if (fault.times <= 0) return;
      fault.times--;
      return fault.fault;
    },
  });
  const origin = new URL(server.url).origin;
  const proxy = Deno.serve({
    hostname: "127.0.0.1",
    port: 0,
    onListen() {},
    // A stall ended by heal(), or a client gone: nobody reads this answer.
    onError: () => new Response(null, { status: 502 }),
  }, async (req) => {
    requests++;
    const path = new URL(req.url).pathname;
    const ours = isPage(path);
    if (ours) { for (const wake of waiting.splice(0)) wake(); }
    const res = await fetch(`${origin}${path}`, { signal: held.signal });
    const headers = { "content-type": res.headers.get("content-type") ?? "text/plain" };
    if (!ours || spoil === undefined || spoil.times <= 0) {
      return new Response(res.body, { status: res.status, headers });
    }
    spoil.times--;
    spoilt++;
    const text = await res.text();
    const spoiled = spoil.spoil(JSON.parse(text), text);
    return new Response(typeof spoiled === "string" ? spoiled : JSON.stringify(spoiled), {
      headers,
    });
  });
  return {
    url: `http://127.0.0.1:${proxy.addr.port}/api`,
    server,
    get requests() {
      return requests;
    },
    get spoilt() {
      return spoilt;
    },
    spoil(s, times) {
      spoil = { spoil: s, times };
      spoilt = 0;
    },
    inject(f, times) {
      fault = { fault: f, times };
    },
    heal() {
      spoil = undefined;
      fault = undefined;
      held.abort();
      held = new AbortController();
    },
    requested: () => new Promise<void>((resolve) => waiting.push(resolve)),
    async body(startNo, endNo) {
      const url = `${server.url}/StatisticSearch/${KEY}/json/kr/${startNo}/${endNo}/`;
      return await (await fetch(url + RATE_ARGS.join("/"))).text();
    },
    async [Symbol.asyncDispose]() {
      held.abort(); // the server's stalls first: the proxy's shutdown waits for its handlers
      waiting = [];
      await proxy.shutdown();
      await server.close();
    },
  };
}
