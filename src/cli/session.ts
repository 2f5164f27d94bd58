/**
 * Where the command line's data comes from, as {@linkcode connect} decides it but read from the
 * injected environment: ECOS_API_KEY set, the live service (or ECOS_BASE_URL); otherwise the
 * bundled server, started in this process, with a notice on stderr so that piped output stays
 * clean. And whether the response cache is used.
 *
 * @module
 */

import { connect, type ConnectOptions, type EcosSession } from "../connect.ts";
import { isLoopback, LIVE_BASE_URL } from "../client/mod.ts";
import { defaultCacheDir } from "../cache/mod.ts";

/** The environment the command line reads. */
export type CliEnv = Readonly<Record<string, string | undefined>>;

/** The line on stderr when the data comes from the bundled server. */
export const BUNDLED_NOTICE =
  "ECOS_API_KEY is not set: using the bundled server, whose data is generated sample data";

/**
 * The response cache's directory: ECOS_CACHE_DIR, else the platform's cache directory.
 *
 * @param env The environment.
 * @returns The directory; it may not exist yet.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { cacheDir } from "./session.ts";
 *
 * assert.equal(cacheDir({ ECOS_CACHE_DIR: "/tmp/ecos-cache" }), "/tmp/ecos-cache");
 * ```
 */
export function cacheDir(env: CliEnv): string {
  return env.ECOS_CACHE_DIR || defaultCacheDir();
}

/** The base URL the environment points at; `undefined` for the bundled server. */
function baseUrlOf(env: CliEnv): string | undefined {
  if (env.ECOS_BASE_URL) return env.ECOS_BASE_URL;
  return env.ECOS_API_KEY ? LIVE_BASE_URL : undefined;
}

/**
 * The client's `cache` option for a command: `--cache` turns it on (in ECOS_CACHE_DIR, or the
 * platform's cache directory), `--no-cache` off; with neither, the client's rule: on for a
 * service on another machine, off for one on this machine (the bundled server, a local one).
 *
 * @param flag `true` for `--cache`, `false` for `--no-cache`, `undefined` for neither.
 * @param env The environment: ECOS_API_KEY, ECOS_BASE_URL, ECOS_CACHE_DIR.
 * @returns `false`, or the directory to cache in.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { cacheSetting } from "./session.ts";
 *
 * const dir = "/tmp/ecos-cache";
 * const live = { ECOS_API_KEY: "k", ECOS_CACHE_DIR: dir };
 * const local = { ...live, ECOS_BASE_URL: "http://127.0.0.1:8080/api" };
 * assert.deepEqual(cacheSetting(undefined, live), { dir });
 * assert.equal(cacheSetting(undefined, local), false);
 * assert.deepEqual(cacheSetting(true, local), { dir });
 * assert.equal(cacheSetting(false, live), false);
 * assert.equal(cacheSetting(undefined, {}), false); // the bundled server
 * ```
 */
export function cacheSetting(flag: boolean | undefined, env: CliEnv): false | { dir: string } {
  const baseUrl = baseUrlOf(env);
  let remote = false;
  if (baseUrl !== undefined) {
    try {
      remote = !isLoopback(baseUrl);
    } catch {
      remote = false; // not a URL: the client refuses it before anything is sent
    }
  }
  return (flag ?? remote) ? { dir: cacheDir(env) } : false;
}

/** Options of {@linkcode openSession}: the client's, and the cache flag. */
export interface OpenSessionOptions
  extends Omit<ConnectOptions, "apiKey" | "baseUrl" | "quiet" | "cache"> {
  /** `--cache` / `--no-cache`, or neither. */
  cache?: boolean | undefined;
}

/**
 * Opens the command's client, as {@linkcode connect} does but from `env` rather than the
 * process's environment, writing the bundled server's notice through `notice` (stderr).
 *
 * @param env The environment.
 * @param options The client's options and the cache flag.
 * @param notice Where the bundled server's notice goes.
 * @returns The session; close it when done.
 * @throws {EcosError} INVALID_ARGUMENT for an option the client refuses (nothing sent).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { BUNDLED_NOTICE, openSession } from "./session.ts";
 *
 * const notices: string[] = [];
 * await using session = await openSession({}, { language: "en" }, (l) => notices.push(l));
 * assert.equal(session.source, "bundled");
 * assert.deepEqual(notices, [BUNDLED_NOTICE]);
 * assert.equal(session.client.language, "en");
 * ```
 */
export async function openSession(
  env: CliEnv,
  options: OpenSessionOptions,
  notice: (line: string) => void,
): Promise<EcosSession> {
  const { cache, ...clientOptions } = options;
  const session = await connect({
    ...clientOptions,
    cache: cacheSetting(cache, env),
    apiKey: env.ECOS_API_KEY ?? "",
    baseUrl: env.ECOS_BASE_URL ?? "",
    quiet: true,
  });
  if (session.source === "bundled") notice(BUNDLED_NOTICE);
  return session;
}
