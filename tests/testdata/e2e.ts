/**
 * What the end-to-end tests share: a client for the bundled server with fast retries, a server
 * that accepts the tests' key, the query most tests use, and the checks they repeat.
 *
 * @module
 */

import assert from "node:assert/strict";
import {
  EcosClient,
  type EcosClientOptions,
  type EcosError,
  isEcosError,
  type StatisticSearchQuery,
} from "../../mod.ts";
import {
  type EcosServer,
  type EcosServerOptions,
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
