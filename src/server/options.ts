/**
 * The server's options, checked before listening and with their defaults applied.
 *
 * @module
 */

import { isDialect } from "../wire/dialect.ts";
import { SAMPLE_KEY } from "../wire/sample.ts";
import type { AnswerSetup } from "./answer.ts";
import type { EcosServerOptions } from "./types.ts";

/** The options as the server runs them. */
export interface ServerSettings extends AnswerSetup {
  /** The port to listen on. */
  port: number;
  /** The address to bind. */
  hostname: string;
  /** The delay added to every answer, in milliseconds. */
  latencyMs: number;
  /** The rate limit, if any. */
  rateLimit: EcosServerOptions["rateLimit"];
  /** The fault function, if any. */
  fault: EcosServerOptions["fault"];
  /** Called once the server listens, if given. */
  onListen: EcosServerOptions["onListen"];
}

/**
 * Checks the options, then applies their defaults.
 *
 * @param options The caller's options.
 * @returns The settings.
 * @throws {RangeError} When a number option is out of range.
 * @throws {TypeError} When the dialect or a key is not valid.
 */
export function resolveOptions(options: EcosServerOptions): ServerSettings {
  checkOptions(options);
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
  return {
    port,
    hostname,
    keys: new Set([SAMPLE_KEY, ...keys]),
    latencyMs,
    rateLimit,
    workLimit,
    dialect,
    fault,
    onListen,
  };
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
  if (dialect !== undefined && !isDialect(dialect)) {
    throw new TypeError(`Cannot use dialect ${JSON.stringify(dialect)}: use "spec" or "live"`);
  }
  if (keys !== undefined && !keys.every((k) => typeof k === "string" && k !== "")) {
    throw new TypeError("Cannot accept these keys: every key must be a non-empty string");
  }
}
