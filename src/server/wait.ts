/**
 * An abortable delay: latency and stalls end early when the client leaves or the server
 * closes, and leave no timer behind.
 *
 * @module
 */

/**
 * Waits `ms` milliseconds (forever when Infinity) or until `signal` aborts.
 *
 * @param ms How long to wait.
 * @param signal Ends the wait early.
 * @returns true when the time passed, false when the signal ended the wait.
 */
export function wait(ms: number, signal: AbortSignal): Promise<boolean> {
  if (signal.aborted) return Promise.resolve(false);
  return new Promise((resolve) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onAbort = () => {
      clearTimeout(timer);
      resolve(false);
    };
    if (Number.isFinite(ms)) {
      timer = setTimeout(() => {
        signal.removeEventListener("abort", onAbort);
        resolve(true);
      }, Math.min(Math.max(0, ms), 2_147_483_647));
    }
    signal.addEventListener("abort", onAbort, { once: true });
  });
}
