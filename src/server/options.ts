/**
 * The server's options, checked before listening and with their defaults applied.
 *
 * @module
 */

import { isDialect } from "../wire/dialect.ts";
import { SAMPLE_KEY } from "../wire/sample.ts";
import { checkDataOptions, openDataset } from "./data/dataset.ts";
import type { AnswerSetup } from "./answer.ts";
import { connectionDefaults, openFileLimit } from "./limits.ts";
import type { TransportOptions } from "./transport.ts";
import type { EcosServerOptions, XmlStyle } from "./types.ts";

/** The default limit on a request's line and headers, in milliseconds. */
export const DEFAULT_HEADER_TIMEOUT_MS = 10_000;
/** The default limit on a connection with no request in progress, in milliseconds. */
export const DEFAULT_IDLE_TIMEOUT_MS = 30_000;
/** The default number of recent requests the log keeps. */
export const DEFAULT_REQUEST_LOG_LIMIT = 1000;
/** The default limit on a write waiting for the client to take bytes, in milliseconds. */
export const DEFAULT_WRITE_TIMEOUT_MS = 30_000;
/** The default limit on close() letting answers in progress be written, in milliseconds. */
export const DEFAULT_SHUTDOWN_TIMEOUT_MS = 5_000;
/** The default number of requests one connection may have in progress. */
export const DEFAULT_PIPELINE_LIMIT = 16;
/** The default interval of the listener watch, in milliseconds. */
export const DEFAULT_LISTENER_CHECK_MS = 5_000;
/** The longest time limit a timer can hold (2^31 - 1 ms, about 24.8 days). */
const MAX_TIMEOUT_MS = 2 ** 31 - 1;

/** The options as the server runs them. */
export interface ServerSettings extends AnswerSetup, TransportOptions {
  /** The delay added to every answer, in milliseconds. */
  latencyMs: number;
  /** The rate limit, if any. */
  rateLimit: EcosServerOptions["rateLimit"];
  /** The fault function, if any. */
  fault: EcosServerOptions["fault"];
  /** Called once the server listens, if given. */
  onListen: EcosServerOptions["onListen"];
  /** How XML bodies are written. */
  xmlStyle: XmlStyle;
  /** How many recent requests the log keeps. */
  requestLogLimit: number;
}

/**
 * Checks the options, then applies their defaults.
 *
 * @param options The caller's options.
 * @returns The settings.
 * @throws {RangeError} When a number option is out of range (`seed`, `revision` and `dataEnd`
 *   included).
 * @throws {TypeError} When the dialect, the XML style, a key or `dataEnd`'s shape is not valid.
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
    dialect = "live",
    xmlStyle = "guide",
    headerTimeoutMs = DEFAULT_HEADER_TIMEOUT_MS,
    idleTimeoutMs = DEFAULT_IDLE_TIMEOUT_MS,
    requestLogLimit = DEFAULT_REQUEST_LOG_LIMIT,
    writeTimeoutMs = DEFAULT_WRITE_TIMEOUT_MS,
    shutdownTimeoutMs = DEFAULT_SHUTDOWN_TIMEOUT_MS,
    pipelineLimit = DEFAULT_PIPELINE_LIMIT,
    listenerCheckMs = DEFAULT_LISTENER_CHECK_MS,
    fault,
    onListen,
    onWarning = () => {},
    seed,
    dataEnd,
    revision,
  } = options;
  // Equal data options share one dataset (and its caches); different ones never do.
  const data = openDataset({
    ...(seed === undefined ? {} : { seed }),
    ...(dataEnd === undefined ? {} : { dataEnd }),
    ...(revision === undefined ? {} : { revision }),
  });
  const { backlog, maxConnections: defaultMax } = connectionDefaults(openFileLimit());
  return {
    port,
    hostname,
    backlog,
    maxConnections: options.maxConnections ?? defaultMax,
    writeTimeoutMs,
    shutdownTimeoutMs,
    pipelineLimit,
    listenerCheckMs,
    onWarning,
    keys: new Set([SAMPLE_KEY, ...keys]),
    latencyMs,
    rateLimit,
    workLimit,
    dialect,
    xmlStyle,
    headerTimeoutMs,
    idleTimeoutMs,
    requestLogLimit,
    fault,
    onListen,
    data,
  };
}

function checkOptions(options: EcosServerOptions): void {
  const { port, hostname, latencyMs, rateLimit, workLimit, dialect, keys, xmlStyle } = options;
  // An empty address binds every interface without saying so: refused, as a typo would be.
  if (hostname !== undefined && (typeof hostname !== "string" || hostname.trim() === "")) {
    throw new TypeError(
      `Cannot bind hostname ${JSON.stringify(hostname)}: give an address, e.g. 127.0.0.1 ` +
        "(this machine only) or 0.0.0.0 (every interface)",
    );
  }
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
  const timeouts = [
    "headerTimeoutMs",
    "idleTimeoutMs",
    "writeTimeoutMs",
    "shutdownTimeoutMs",
    "listenerCheckMs",
  ] as const;
  for (const name of timeouts) {
    const ms = options[name];
    if (ms !== undefined && !(Number.isInteger(ms) && ms >= 1 && ms <= MAX_TIMEOUT_MS)) {
      throw new RangeError(
        `Cannot use ${name} ${ms}: use a whole number of milliseconds 1-${MAX_TIMEOUT_MS}`,
      );
    }
  }
  for (const name of ["maxConnections", "pipelineLimit"] as const) {
    const n = options[name];
    if (n !== undefined && !(Number.isSafeInteger(n) && n >= 1)) {
      throw new RangeError(`Cannot use ${name} ${n}: use a whole number >= 1`);
    }
  }
  const { requestLogLimit } = options;
  if (
    requestLogLimit !== undefined &&
    !(Number.isSafeInteger(requestLogLimit) && requestLogLimit >= 0)
  ) {
    throw new RangeError(
      `Cannot keep ${requestLogLimit} requests in the log: use a whole number >= 0`,
    );
  }
  if (dialect !== undefined && !isDialect(dialect)) {
    throw new TypeError(`Cannot use dialect ${JSON.stringify(dialect)}: use "live" or "spec"`);
  }
  if (xmlStyle !== undefined && xmlStyle !== "guide" && xmlStyle !== "bare") {
    throw new TypeError(
      `Cannot use xmlStyle ${JSON.stringify(xmlStyle)}: use "guide" or "bare"`,
    );
  }
  if (keys !== undefined && !keys.every((k) => typeof k === "string" && k !== "")) {
    throw new TypeError("Cannot accept these keys: every key must be a non-empty string");
  }
  checkDataOptions(options);
}
