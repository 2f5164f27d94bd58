/**
 * Limits on requests: a sliding-window rate limiter (the service bans clients that call too
 * often), a semaphore bounding requests in flight, and an abortable delay for both and for
 * backoff. Timers are always cleared, so nothing outlives the work that started it.
 *
 * @module
 */

/**
 * Waits `ms` milliseconds, or rejects with the signal's reason as soon as it aborts. With
 * `ms` Infinity only the signal ends the wait (the bundled server's stalls).
 *
 * @param ms How long to wait.
 * @param signal Cuts the wait short.
 * @returns A promise that settles after the wait.
 */
export function delay(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    if (Number.isFinite(ms)) {
      timer = setTimeout(() => {
        signal?.removeEventListener("abort", onAbort);
        resolve();
        // setTimeout takes at most 2^31-1 ms; a longer wait would fire at once.
      }, Math.min(Math.max(0, ms), 2_147_483_647));
    }
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

/** How many requests may start within a time window. */
export interface RateLimit {
  /** Requests allowed in one window. */
  requests: number;
  /** The window's length in milliseconds. */
  windowMs: number;
}

/** Clock and timer seams, so tests need not wait for real windows. */
export interface RateLimiterHooks {
  /** The current time in milliseconds. */
  now?: () => number;
  /** Waits, honouring the signal. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

/**
 * A sliding-window limiter: at most `requests` starts within any `windowMs`. Callers are
 * served in arrival order.
 */
export class RateLimiter {
  readonly #limit: RateLimit;
  readonly #now: () => number;
  readonly #sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Start times within the current window, oldest first. */
  readonly #starts: number[] = [];
  /** Chains callers so they take slots in arrival order. */
  #queue: Promise<unknown> = Promise.resolve();

  /**
   * @param limit The number of requests per window.
   * @param hooks Clock seams for tests.
   */
  constructor(limit: RateLimit, hooks: RateLimiterHooks = {}) {
    this.#limit = limit;
    this.#now = hooks.now ?? (() => performance.now());
    this.#sleep = hooks.sleep ?? delay;
  }

  /**
   * Waits until a request may start, and counts it.
   *
   * @param signal Abandons the wait (the slot is not taken).
   * @returns A promise that settles when the request may go.
   */
  acquire(signal?: AbortSignal): Promise<void> {
    const turn = this.#queue.then(() => this.#take(signal));
    // A failed wait must not block those queued behind it.
    this.#queue = turn.catch(() => {});
    return turn;
  }

  /**
   * Counts a request if one may start now, without waiting: the bundled server's admission,
   * where a request beyond the limit is refused (ERROR-602), not queued.
   *
   * @returns Whether the request may start (and was counted).
   */
  tryAcquire(): boolean {
    return this.#tryTake(this.#now());
  }

  #tryTake(now: number): boolean {
    const { requests, windowMs } = this.#limit;
    while (this.#starts.length > 0 && (this.#starts[0] as number) <= now - windowMs) {
      this.#starts.shift();
    }
    if (this.#starts.length >= requests) return false;
    this.#starts.push(now);
    return true;
  }

  async #take(signal?: AbortSignal): Promise<void> {
    for (;;) {
      if (signal?.aborted) throw signal.reason;
      const now = this.#now();
      if (this.#tryTake(now)) return;
      await this.#sleep((this.#starts[0] as number) + this.#limit.windowMs - now, signal);
    }
  }
}

/** Bounds how many requests are in flight at once, across every pull of a client. */
export class Semaphore {
  #free: number;
  readonly #waiters: (() => void)[] = [];

  /** @param permits How many holders at once. */
  constructor(permits: number) {
    this.#free = permits;
  }

  /**
   * Waits for a permit.
   *
   * @param signal Abandons the wait.
   * @returns A function that gives the permit back (call it exactly once).
   */
  acquire(signal?: AbortSignal): Promise<() => void> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      const next = this.#waiters.shift();
      if (next) next();
      else this.#free++;
    };
    if (this.#free > 0) {
      this.#free--;
      return Promise.resolve(release);
    }
    return new Promise((resolve, reject) => {
      const grant = () => {
        signal?.removeEventListener("abort", onAbort);
        resolve(release);
      };
      const onAbort = () => {
        const i = this.#waiters.indexOf(grant);
        if (i >= 0) this.#waiters.splice(i, 1);
        reject(signal?.reason);
      };
      this.#waiters.push(grant);
      signal?.addEventListener("abort", onAbort, { once: true });
    });
  }
}
