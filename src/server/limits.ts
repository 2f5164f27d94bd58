/**
 * How many connections the server may hold, from the process's open-file limit: each
 * connection is a file descriptor, and so is each connection waiting in the listen backlog.
 *
 * Why this matters more than it seems: with Deno 2.9.6, once an accept fails with "too many
 * open files" the `node:http` listener stops accepting for good and says nothing (measured: no
 * "error" event, `listening` still true; `server.maxConnections` stops it the same way). So the
 * server keeps its connections, plus a full backlog, plus a reserve for everything else, under
 * the limit (measured with a limit of 100: 40 connections and a backlog of 16 survive a flood
 * of 300 connections and answer afterwards; a backlog of 511 does not), and the listener watch
 * (listener.ts) restarts a listener that stopped all the same.
 *
 * @module
 */

/** The most connections by default, whatever the file limit. */
export const DEFAULT_MAX_CONNECTIONS = 1024;
/** The listen backlog at most (Node's default). */
const MAX_BACKLOG = 511;
/** The listen backlog at least. */
const MIN_BACKLOG = 16;
/** Descriptors kept for everything else: the runtime's own (about 24), files, the listener. */
const RESERVED_FILES = 64;
/** The file limit assumed when it cannot be read (a common soft limit). */
const ASSUMED_FILE_LIMIT = 1024;

/** The connection limits derived from a file limit. */
export interface ConnectionDefaults {
  /** The listen backlog. */
  backlog: number;
  /** The most open connections by default. */
  maxConnections: number;
}

/**
 * The process's soft limit on open files, when it can be read without asking for permission
 * (Linux: `/proc/self/limits`); undefined elsewhere. Deno raises the soft limit to the hard
 * one at start-up, so this is usually the hard limit.
 */
export function openFileLimit(): number | undefined {
  const path = "/proc/self/limits";
  try {
    if (Deno.permissions.querySync({ name: "read", path }).state !== "granted") return undefined;
    const line = Deno.readTextFileSync(path).split("\n").find((l) =>
      l.startsWith("Max open files")
    );
    const soft = line?.slice("Max open files".length).trim().split(/\s+/)[0];
    const limit = soft === undefined ? NaN : Number(soft);
    return Number.isSafeInteger(limit) && limit > 0 ? limit : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The backlog and the default connection limit for a file limit: the backlog an eighth of the
 * limit (16 to 511), and connections what is left after the backlog and a reserve of 64
 * descriptors, at most {@linkcode DEFAULT_MAX_CONNECTIONS} and at least 1.
 *
 * @param fileLimit The open-file limit; when unknown, 1024 is assumed.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { connectionDefaults } from "./limits.ts";
 *
 * assert.deepEqual(connectionDefaults(1_048_576), { backlog: 511, maxConnections: 1024 });
 * assert.deepEqual(connectionDefaults(1024), { backlog: 128, maxConnections: 832 });
 * assert.deepEqual(connectionDefaults(128), { backlog: 16, maxConnections: 48 });
 * ```
 */
export function connectionDefaults(fileLimit: number | undefined): ConnectionDefaults {
  const limit = fileLimit ?? ASSUMED_FILE_LIMIT;
  const backlog = Math.min(MAX_BACKLOG, Math.max(MIN_BACKLOG, Math.floor(limit / 8)));
  const room = limit - backlog - RESERVED_FILES;
  return { backlog, maxConnections: Math.max(1, Math.min(DEFAULT_MAX_CONNECTIONS, room)) };
}
