/**
 * A bound on a wait, for tests whose waits end on events: the bound is only the failure.
 *
 * @module
 */

/**
 * Resolves with `promise`, or fails once `ms` have passed.
 *
 * @param promise What to wait for.
 * @param ms The most time to wait, in milliseconds.
 * @param what What is waited for, for the failure's message.
 * @throws {Error} When `promise` has not settled after `ms`.
 */
export async function bounded<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: still waiting after ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}
