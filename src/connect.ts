/**
 * One call that gives a notebook or a script a client: the live service when ECOS_API_KEY is
 * set, a server of the caller's choosing when ECOS_BASE_URL is set too, and otherwise the
 * bundled server with generated sample data, started in this process.
 *
 * @module
 */

import { EcosClient, type EcosClientOptions, LIVE_BASE_URL } from "./client/mod.ts";
import { type DataSource } from "./frame_info.ts";
import { type Env, envReader } from "./util/env.ts";
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
   * Where the line saying that the data is generated sample data goes, when the bundled server
   * is started and `quiet` is not set. Standard error by default, so that a script's output
   * (`deno run script.ts > rows.csv`) holds only what it prints.
   *
   * @default {console.error}
   */
  onNotice?: (line: string) => void;
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
 * server, started in this process with a key of its own, after one line on stderr (or to
 * `onNotice`) saying the data is generated sample data.
 * The same notebook thus runs against the live service where a key is set and anywhere else
 * without a network.
 *
 * @param options The client's options, and the key and base URL when not from the
 * environment.
 * @returns The client, its source and, for the bundled server, the server.
 *
 * @example The bundled server, whatever the environment holds (`env: {}`)
 * ```ts
 * import assert from "node:assert/strict";
 * import { connect } from "./connect.ts";
 *
 * await using session = await connect({ env: {}, quiet: true });
 * const rate = await session.client.statisticSearch({
 *   statCode: "722Y001",
 *   cycle: "A",
 *   start: "2020",
 *   end: "2023",
 *   items: ["0101000"],
 * });
 * assert.equal(session.source, "bundled");
 * assert.deepEqual(rate.getColumn("PERIOD").toArray(), ["2020", "2021", "2022", "2023"]);
 * ```
 *
 * @example The notice, where the caller wants it
 * ```ts
 * import assert from "node:assert/strict";
 * import { BUNDLED_NOTICE, connect } from "./connect.ts";
 *
 * const notices: string[] = [];
 * await using session = await connect({ env: {}, onNotice: (line) => notices.push(line) });
 * assert.deepEqual(notices, [BUNDLED_NOTICE]);
 * ```
 *
 * @example The live service, with ECOS_API_KEY set
 * ```ts ignore
 * import assert from "node:assert/strict";
 * import { connect } from "./connect.ts";
 *
 * await using session = await connect();
 * assert.equal(session.source, "live");
 * const key = await session.client.keyStatisticList();
 * assert.ok(key.height >= 100);
 * ```
 */
export async function connect(options: ConnectOptions = {}): Promise<EcosSession> {
  const {
    apiKey: givenKey,
    baseUrl: givenUrl,
    quiet = false,
    onNotice = console.error,
    sampleSeed,
    ...clientOptions
  } = options;
  const where = resolveSource(options.env, givenKey, givenUrl);
  if (where.source !== "bundled") {
    const client = new EcosClient({ ...clientOptions, ...where.endpoint });
    return {
      client,
      source: where.source,
      close: () => Promise.resolve(),
      [Symbol.asyncDispose]: () => Promise.resolve(),
    };
  }
  const seed = sampleSeed ?? seedFromEnv(options.env);
  const { startEcosServer } = await import("./server/mod.ts");
  const key = `bundled-${crypto.randomUUID()}`;
  const server = await startEcosServer({ keys: [key], seed });
  if (!quiet) onNotice(BUNDLED_NOTICE);
  const client = new EcosClient({ ...clientOptions, apiKey: key, baseUrl: server.url });
  const close = () => server.close();
  return { client, source: "bundled", server, close, [Symbol.asyncDispose]: close };
}

/** The line that says the data comes from the bundled server. */
export const BUNDLED_NOTICE =
  "ECOS_API_KEY is not set: using the bundled server, whose data is generated sample data";

/**
 * Where the data comes from: the one rule, for the module and the command line. A key or a base
 * URL, given or from the environment, means a service (the live one unless a base URL is
 * given; with no key, the key "sample"); neither means the bundled server. An empty string
 * given is "none", whatever the environment holds.
 *
 * @param env The environment; the process's when `undefined`.
 * @param apiKey The key given, if any.
 * @param baseUrl The base URL given, if any.
 * @returns The source, and for a service the key and base URL to use.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { resolveSource } from "./connect.ts";
 *
 * assert.equal(resolveSource({}).source, "bundled");
 * assert.equal(resolveSource({ ECOS_API_KEY: "k" }).source, "live");
 * assert.deepEqual(resolveSource({ ECOS_BASE_URL: "http://127.0.0.1:8080/api" }), {
 *   source: "custom",
 *   endpoint: { apiKey: "sample", baseUrl: "http://127.0.0.1:8080/api" },
 * });
 * assert.equal(resolveSource({ ECOS_API_KEY: "k" }, "").source, "bundled");
 * ```
 */
export function resolveSource(
  env: Env | undefined,
  apiKey?: string,
  baseUrl?: string,
): { source: "bundled" } | {
  source: "live" | "custom";
  endpoint: { apiKey: string; baseUrl: string };
} {
  const read = envReader(env);
  const key = apiKey === undefined ? read("ECOS_API_KEY") : apiKey || undefined;
  const url = baseUrl === undefined ? read("ECOS_BASE_URL") : baseUrl || undefined;
  if (key === undefined && url === undefined) return { source: "bundled" };
  // A base URL without a key gets the key every ECOS server accepts: "sample".
  if (url === undefined) {
    return { source: "live", endpoint: { apiKey: key ?? "sample", baseUrl: LIVE_BASE_URL } };
  }
  return { source: "custom", endpoint: { apiKey: key ?? "sample", baseUrl: url } };
}

/** ECOS_SAMPLE_SEED as a seed; 0 (the default data) when unset. */
function seedFromEnv(env: Env | undefined): number {
  const text = envReader(env)("ECOS_SAMPLE_SEED");
  if (text === undefined) return 0;
  if (!/^\d{1,9}$/.test(text)) {
    throw invalidArgument(`Set ECOS_SAMPLE_SEED to a whole number: got ${JSON.stringify(text)}`);
  }
  return Number(text);
}
