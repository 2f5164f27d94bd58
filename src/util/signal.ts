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

/**
 * Resolves when the signal fires; never without one (a server then runs until the process ends).
 *
 * @param signal The signal, or `undefined`.
 * @returns A promise that resolves once the signal has fired.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { untilAborted } from "./signal.ts";
 *
 * const stop = new AbortController();
 * const stopped = untilAborted(stop.signal);
 * stop.abort();
 * assert.equal(await stopped, undefined);
 * ```
 */
export function untilAborted(signal: AbortSignal | undefined): Promise<void> {
  if (signal === undefined) return new Promise(() => {});
  if (signal.aborted) return Promise.resolve();
  return new Promise((resolve) =>
    signal.addEventListener("abort", () => resolve(), { once: true })
  );
}
