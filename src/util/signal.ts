/**
 * Combining abort signals: a call can be stopped by its caller, its client, its deadline and its
 * siblings, and any one of them must stop it.
 *
 * @module
 */

/**
 * One signal that fires when any of the given ones fires.
 *
 * @param signals Signals, `undefined` for those not given.
 * @returns The signal, the only one given, or `undefined` when none was.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { anySignal } from "./signal.ts";
 *
 * const a = new AbortController();
 * const both = anySignal(a.signal, new AbortController().signal);
 * a.abort("stop");
 * assert.equal(both?.aborted, true);
 * assert.equal(anySignal(undefined, undefined), undefined);
 * ```
 */
export function anySignal(...signals: (AbortSignal | undefined)[]): AbortSignal | undefined {
  const present = signals.filter((s): s is AbortSignal => s !== undefined);
  return present.length <= 1 ? present[0] : AbortSignal.any(present);
}
