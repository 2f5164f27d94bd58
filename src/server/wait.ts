/**
 * Waiting inside an answer (the added latency, a stalled answer) without outliving the server.
 *
 * @module
 */

import { delay } from "../util/limiter.ts";

/**
 * Waits `ms` milliseconds (Infinity: until the signal aborts).
 *
 * @param ms How long to wait.
 * @param signal Aborts when the server closes.
 * @returns true when the time passed, false when the signal ended the wait first.
 */
export function waited(ms: number, signal: AbortSignal): Promise<boolean> {
  return delay(ms, signal).then(() => true, () => false);
}
