/**
 * Where the command line's data comes from: as {@linkcode connect} decides it, but from the
 * injected environment, with the bundled server's notice on stderr so that piped output stays
 * clean.
 *
 * @module
 */

import { connect, type ConnectOptions, type EcosSession } from "../connect.ts";
import type { Env } from "../util/env.ts";

/** The environment the command line reads. */
export type CliEnv = Env;

/** Options of {@linkcode openSession}: the client's, and the cache flag. */
export interface OpenSessionOptions
  extends Omit<ConnectOptions, "apiKey" | "baseUrl" | "quiet" | "cache" | "env" | "onNotice"> {
  /** `--cache` / `--no-cache`, or neither (the client's rule: on for a remote service). */
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
 * import { BUNDLED_NOTICE } from "../connect.ts";
 * import { openSession } from "./session.ts";
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
  return await connect({
    ...clientOptions,
    ...(cache === undefined ? {} : { cache }),
    env,
    onNotice: notice,
  });
}
