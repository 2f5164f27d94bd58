/**
 * The live check as one call: the fixed requests sent (paced), every fact held against what
 * came back, and the bodies recorded when asked. The same facts run over a recording
 * ({@linkcode checkFacts}), which is how the golden tests replay it.
 *
 * @module
 */

import { isLoopback, LIVE_BASE_URL, redact } from "../client/mod.ts";
import { SAMPLE_KEY } from "../wire/sample.ts";
import { DEFAULT_PACE_MS, type LiveExchange, sendRequests } from "./exchange.ts";
import { Answers, type FactCheck, type FactResult, holdFacts } from "./fact.ts";
import { CLIENT_FACTS } from "./facts_client.ts";
import { DATA_FACTS } from "./facts_data.ts";
import { WIRE_FACTS } from "./facts_wire.ts";
import { recordExchanges } from "./record.ts";
import { LIVE_REQUESTS } from "./requests.ts";

/**
 * Every fact the check holds, in the order of its table: envelopes, codes and the order of
 * checks, lookups, then labels, counts and periods, then the client over what came back.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { LIVE_FACTS } from "./check.ts";
 * import { LIVE_REQUESTS } from "./requests.ts";
 *
 * // Every request a fact reads is one the check sends.
 * const sent = new Set(LIVE_REQUESTS.map((r) => r.name));
 * assert.deepEqual(LIVE_FACTS.flatMap((f) => f.requests).filter((n) => !sent.has(n)), []);
 * ```
 */
export const LIVE_FACTS: readonly FactCheck[] = [...WIRE_FACTS, ...DATA_FACTS, ...CLIENT_FACTS];

/**
 * Holds every fact against a run's exchanges, live or recorded. Nothing is sent.
 *
 * @param exchanges The exchanges.
 * @returns One result a fact, in the order of {@linkcode LIVE_FACTS}.
 */
export async function checkFacts(exchanges: readonly LiveExchange[]): Promise<FactResult[]> {
  return await holdFacts(LIVE_FACTS, new Answers(exchanges));
}

/**
 * Why the check cannot run with this key, or undefined when it can: it needs a key of the
 * user's own (the sample key's 10-row limit refuses several of its requests).
 *
 * @param apiKey The key, if any.
 * @returns The reason, starting "skipped: ", or undefined.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { skipReason } from "./check.ts";
 *
 * assert.match(skipReason(undefined) ?? "", /^skipped: ECOS_API_KEY is not set/);
 * assert.equal(skipReason("my-key"), undefined);
 * ```
 */
export function skipReason(apiKey: string | undefined): string | undefined {
  if (apiKey === undefined || apiKey === "") {
    return "skipped: ECOS_API_KEY is not set; the live check needs a key of your own " +
      "(free at https://ecos.bok.or.kr/api/), so nothing was sent";
  }
  if (apiKey === SAMPLE_KEY) {
    return `skipped: ECOS_API_KEY is "${SAMPLE_KEY}", whose 10-row limit several of the ` +
      "check's requests exceed; set a key of your own, so nothing was sent";
  }
  return undefined;
}

/**
 * Checks a base URL before anything is sent: http or https, and plain http only to this
 * machine unless allowed (the key is a path segment, in clear text over http).
 *
 * @param baseUrl The base URL.
 * @param allowInsecureHttp Allow plain http to another machine.
 * @throws {TypeError} What to give instead.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { checkBaseUrl } from "./check.ts";
 *
 * checkBaseUrl("https://ecos.bok.or.kr/api", false);
 * checkBaseUrl("http://127.0.0.1:8080/api", false);
 * assert.throws(() => checkBaseUrl("http://ecos.bok.or.kr/api", false), /^TypeError: Use an https/);
 * ```
 */
export function checkBaseUrl(baseUrl: string, allowInsecureHttp: boolean): void {
  if (!URL.canParse(baseUrl) || !/^https?:$/.test(new URL(baseUrl).protocol)) {
    throw new TypeError(`Give an http or https base URL: got ${JSON.stringify(baseUrl)}`);
  }
  if (new URL(baseUrl).protocol === "http:" && !isLoopback(baseUrl) && !allowInsecureHttp) {
    throw new TypeError(
      `Use an https:// base URL: over http:// the key would cross the network in clear text ` +
        `(got ${JSON.stringify(baseUrl)}; a server on this machine may use http)`,
    );
  }
}

/** Options of {@linkcode runLiveCheck}. */
export interface LiveCheckOptions {
  /** The key: a key of the user's own. */
  apiKey: string;
  /**
   * The service's base URL.
   *
   * @default {"https://ecos.bok.or.kr/api"}
   */
  baseUrl?: string;
  /**
   * The fetch to send with.
   *
   * @default {globalThis.fetch}
   */
  fetch?: typeof fetch;
  /**
   * The least time between two requests' starts, in milliseconds.
   *
   * @default {1000, or 0 for a server on this machine}
   */
  paceMs?: number;
  /**
   * How long one request may take, in milliseconds.
   *
   * @default {60_000}
   */
  timeoutMs?: number;
  /**
   * How long the whole check may take, in milliseconds; the facts are then held against what
   * was seen so far.
   *
   * @default {no limit}
   */
  deadlineMs?: number;
  /**
   * Send the key over plain `http://` to a host that is not this machine.
   *
   * @default {false}
   */
  allowInsecureHttp?: boolean;
  /** A directory to save every body in, as fixtures (the key removed). */
  record?: string;
  /** Stops the run. */
  signal?: AbortSignal;
  /**
   * Waits between requests.
   *
   * @default {an abortable timer}
   */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /**
   * The clock the pace is kept by, in milliseconds.
   *
   * @default {performance.now}
   */
  now?: () => number;
  /** Told before each request is sent. */
  onRequest?: (index: number, count: number, name: string) => void;
}

/** What a run found. */
export interface LiveCheckResult {
  /** The base URL asked. */
  baseUrl: string;
  /** Every request and its answer, the key removed. */
  exchanges: LiveExchange[];
  /** Every fact held. */
  results: FactResult[];
  /** The fixture files written, when recording. */
  recorded: string[];
}

/**
 * Sends the fixed requests, holds every fact against the answers, and records the bodies when
 * asked. The key is removed from every text it returns or writes.
 *
 * @param options The key, the service, and how to send.
 * @returns The exchanges and the facts held.
 * @throws {TypeError} When the base URL is not an http or https URL, or is http to another
 * machine without `allowInsecureHttp` (nothing sent).
 * @throws The signal's reason when it fires; an error writing the recording.
 *
 * @example Against the bundled server (some facts differ from the live service there)
 * ```ts
 * import assert from "node:assert/strict";
 * import { startEcosServer } from "../server/mod.ts";
 * import { runLiveCheck } from "./check.ts";
 *
 * await using server = await startEcosServer({ keys: ["my-key"] });
 * const { exchanges, results } = await runLiveCheck({ apiKey: "my-key", baseUrl: server.url });
 * assert.equal(exchanges.length, 30);
 * const info100 = results.find((r) => r.fact.startsWith("INFO-100"));
 * assert.equal(info100?.verdict, "agree");
 * ```
 */
export async function runLiveCheck(options: LiveCheckOptions): Promise<LiveCheckResult> {
  const { apiKey, baseUrl = LIVE_BASE_URL, record, allowInsecureHttp = false, ...send } = options;
  checkBaseUrl(baseUrl, allowInsecureHttp);
  // The live service is paced; a server on this machine need not be.
  const paceMs = send.paceMs ?? (isLoopback(baseUrl) ? 0 : DEFAULT_PACE_MS);
  const exchanges = await sendRequests(LIVE_REQUESTS, { ...send, apiKey, baseUrl, paceMs });
  const results = (await checkFacts(exchanges)).map((r) => ({
    ...r,
    seen: redact(r.seen, [apiKey]),
  }));
  const recorded = record === undefined ? [] : await recordExchanges(record, exchanges, [apiKey]);
  return { baseUrl, exchanges, results, recorded };
}
