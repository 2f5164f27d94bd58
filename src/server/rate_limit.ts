/**
 * A sliding-window rate limit: at most `requests` admitted in any `windowMs`. Rejected requests
 * do not count, so a client that backs off recovers once the window passes.
 *
 * @module
 */

/** Decides whether one more request is admitted now. */
export interface RateLimiter {
  /** Admits (and counts) a request, or refuses it. */
  admit(): boolean;
}

/**
 * Creates a limiter.
 *
 * @param limit The number of requests and the window's length.
 * @param now The clock (injectable for tests).
 */
export function createRateLimiter(
  limit: { requests: number; windowMs: number },
  now: () => number = () => performance.now(),
): RateLimiter {
  const admitted: number[] = [];
  return {
    admit() {
      const t = now();
      while (admitted.length > 0 && admitted[0]! <= t - limit.windowMs) admitted.shift();
      if (admitted.length >= limit.requests) return false;
      admitted.push(t);
      return true;
    },
  };
}
