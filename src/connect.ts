/**
 * One call that gives a notebook or a script a client: the live service when ECOS_API_KEY is
 * set, a server of the caller's choosing when ECOS_BASE_URL is set too, and otherwise the
 * bundled server with generated sample data, started in this process.
 *
 * @module
 */

import { type DataSource, EcosClient, type EcosClientOptions } from "./client/mod.ts";
import { readEnv } from "./util/env.ts";
import { invalidArgument } from "./errors.ts";

/** Options of {@linkcode connect}: the client's options, and where to find the key. */
export interface ConnectOptions extends Omit<EcosClientOptions, "apiKey" | "baseUrl"> {
  /**
   * The API key. Without one (and without ECOS_API_KEY), the bundled server is started.
   *
   * @default {Deno.env.get("ECOS_API_KEY")}
   */
  apiKey?: string;
  /**
   * The service's base URL.
   *
   * @default {Deno.env.get("ECOS_BASE_URL") ?? the live service}
   */
  baseUrl?: string;
  /**
   * Say nothing when starting the bundled server.
   *
   * @default {false}
   */
  quiet?: boolean;
  /**
   * The bundled server's generation seed: other values, the same tables and rows. Notebooks'
   * tests run them under a second seed to show that no number in their prose is hard-coded.
   *
   * @default {Deno.env.get("ECOS_SAMPLE_SEED") ?? 0}
   */
  sampleSeed?: number;
}

/**
 * The bundled server a session started: where it listens and how to stop it. (It is the
 * server `startEcosServer()` of `./server` returns, with its request statistics too.)
 */
export interface BundledServer {
  /** The base URL ending in "/api", e.g. "http://127.0.0.1:43123/api". */
  url: string;
  /** Shuts the server down. Safe to call twice. */
  close(): Promise<void>;
}

/** A client, where its data comes from, and the bundled server when one was started. */
export interface EcosSession {
  /** The client to query with. */
  client: EcosClient;
  /**
   * "live": the ECOS service with the caller's key. "custom": a key and a base URL of the
   * caller's. "bundled": the bundled server, generated sample data.
   */
  source: DataSource;
  /** The bundled server, when `source` is "bundled". */
  server?: BundledServer;
  /** Stops the bundled server, if one was started. Safe to call twice. */
  close(): Promise<void>;
  /** Same as {@linkcode EcosSession.close}, for `await using`. */
  [Symbol.asyncDispose](): Promise<void>;
}

/**
 * Connects to ECOS: with a key (`apiKey`, or ECOS_API_KEY), to the live service or to
 * `baseUrl` (or ECOS_BASE_URL; with no key, the key "sample"); with neither, to the bundled
 * server, started in this process
 * with a key of its own, after one line on stdout saying the data is generated sample data.
 * The same notebook thus runs against the live service where a key is set and anywhere else
 * without a network.
 *
 * @param options The client's options, and the key and base URL when not from the
 * environment.
 * @returns The client, its source and, for the bundled server, the server.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { connect } from "./connect.ts";
 *
 * await using session = await connect({ apiKey: "", quiet: true });
 * const rate = await session.client.statisticSearch({
 *   statCode: "722Y001",
 *   cycle: "A",
 *   start: "2020",
 *   end: "2023",
 *   items: ["0101000"],
 * });
 * assert.equal(session.source, "bundled");
 * assert.equal(rate.height, 4);
 * ```
 */
export async function connect(options: ConnectOptions = {}): Promise<EcosSession> {
  const {
    apiKey: givenKey,
    baseUrl: givenUrl,
    quiet = false,
    sampleSeed = seedFromEnv(),
    ...clientOptions
  } = options;
  const apiKey = givenKey === undefined ? readEnv("ECOS_API_KEY") : givenKey || undefined;
  const baseUrl = givenUrl === undefined ? readEnv("ECOS_BASE_URL") : givenUrl || undefined;
  if (apiKey !== undefined || baseUrl !== undefined) {
    // A base URL without a key gets the key every ECOS server accepts: "sample".
    const client = new EcosClient({
      ...clientOptions,
      apiKey: apiKey ?? "sample",
      ...(baseUrl === undefined ? {} : { baseUrl }),
    });
    return {
      client,
      source: baseUrl === undefined ? "live" : "custom",
      close: () => Promise.resolve(),
      [Symbol.asyncDispose]: () => Promise.resolve(),
    };
  }
  const { startEcosServer } = await import("./server/mod.ts");
  const key = `bundled-${crypto.randomUUID()}`;
  const server = await startEcosServer({ keys: [key], seed: sampleSeed });
  if (!quiet) {
    console.log(
      "ECOS_API_KEY is not set: using the bundled server, whose data is generated sample data",
    );
  }
  const client = new EcosClient({ ...clientOptions, apiKey: key, baseUrl: server.url });
  const close = () => server.close();
  return { client, source: "bundled", server, close, [Symbol.asyncDispose]: close };
}

/** ECOS_SAMPLE_SEED as a seed; 0 (the default data) when unset. */
function seedFromEnv(): number {
  const text = readEnv("ECOS_SAMPLE_SEED");
  if (text === undefined) return 0;
  if (!/^\d{1,9}$/.test(text)) {
    throw invalidArgument(`Set ECOS_SAMPLE_SEED to a whole number: got ${JSON.stringify(text)}`);
  }
  return Number(text);
}
