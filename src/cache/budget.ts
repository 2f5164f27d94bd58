/**
 * One request budget per API key across processes: a notebook, an `ecos mirror` run and an MCP
 * server that share a key share the service's limit (about 300 calls in 3 minutes, then
 * ERROR-602 blocks the key for a while). The budget lives in the cache directory, in
 * `budget/<hash>.json` (the times of the requests admitted within the window, and until when
 * every process waits after an ERROR-602), named by a SHA-256 of the base URL and the key:
 * neither is in a file's name or content.
 *
 * Crash-safe: the file is read and rewritten (beside it, then renamed) only under an exclusive
 * lock of `budget/<hash>.lock`, taken with the operating system's file lock, which the system
 * releases when its process dies however it dies. A killed process never holds the budget; the
 * requests it made still count, as the service counts them.
 *
 * When the directory cannot be used (not writable, not the user's own, no permission), the
 * budget says so once and limits this process alone, as the client's own limiter does.
 *
 * @module
 */

import { join } from "node:path";
import { delay, type RateLimit, RateLimiter } from "../util/limiter.ts";
import { writeFileAtomic } from "../util/atomic_write.ts";
import { sha256Hex } from "./key.ts";
import { distrust, userId } from "./trust.ts";

/** What a client's request path asks of a limiter (src/client/_request.ts). */
export interface RequestLimiter {
  /**
   * Waits until a request may start, and counts it.
   *
   * @param signal Abandons the wait.
   */
  acquire(signal?: AbortSignal): Promise<void>;
  /**
   * The service answered ERROR-602 (too many calls): no request starts for `waitMs`.
   *
   * @param waitMs How long to hold every request back.
   */
  refused?(waitMs: number): Promise<void>;
}

/** Options of {@linkcode SharedBudget}. */
export interface SharedBudgetOptions {
  /** The cache directory; the budget's files go in its `budget` folder. */
  dir: string;
  /** The service's base URL: a budget is per service and key. */
  baseUrl: string;
  /** The API key (hashed with the base URL for the file's name; never written). */
  apiKey: string;
  /** Requests a window, across every process. */
  limit: RateLimit;
  /**
   * Kept between a request's admission and the end of its window, for the time a request takes
   * to reach the service (which counts it on arrival).
   *
   * @default {1000}
   */
  marginMs?: number;
  /**
   * Where the one warning goes when the directory cannot be used.
   *
   * @default {console.warn}
   */
  warn?: (message: string) => void;
  /** Clock (milliseconds since the epoch: processes share it), for tests. */
  now?: () => number;
  /** Waits, honouring the signal, for tests. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

/** What the budget file holds. */
interface State {
  /** When each request of the window was admitted, ms since the epoch, oldest first. */
  starts: number[];
  /** No request starts before this time (after an ERROR-602), ms since the epoch. */
  blockedUntil: number;
}

/** The longest wait an ERROR-602 (or a damaged file) can impose: the service's own is minutes. */
export const MAX_BLOCK_MS = 10 * 60_000;

/**
 * The name of a budget's files: a SHA-256 of the base URL and the key, so that the key is in
 * no file name and two services (or keys) never share a budget.
 *
 * @param baseUrl The service's base URL.
 * @param apiKey The key.
 * @returns 64 hex digits.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { budgetName } from "./budget.ts";
 *
 * const name = await budgetName("https://ecos.bok.or.kr/api", "my-key");
 * assert.match(name, /^[0-9a-f]{64}$/);
 * assert.notEqual(name, await budgetName("https://ecos.bok.or.kr/api", "other-key"));
 * ```
 */
export function budgetName(baseUrl: string, apiKey: string): Promise<string> {
  return sha256Hex(new TextEncoder().encode(`ecos-budget\n${baseUrl}\n${apiKey}`));
}

/** The state in a file's text; anything else (missing, damaged, hostile) is an empty budget. */
function parse(text: string | undefined, now: number, windowMs: number): State {
  const empty: State = { starts: [], blockedUntil: 0 };
  if (text === undefined) return empty;
  try {
    const raw = JSON.parse(text) as Partial<State>;
    const starts = Array.isArray(raw.starts)
      ? raw.starts.filter((t): t is number =>
        typeof t === "number" && t > now - windowMs && t <= now + MAX_BLOCK_MS
      )
      : [];
    const blocked = typeof raw.blockedUntil === "number" ? raw.blockedUntil : 0;
    return {
      starts: starts.sort((a, b) => a - b),
      blockedUntil: Math.min(blocked, now + MAX_BLOCK_MS),
    };
  } catch {
    return empty;
  }
}

/**
 * A request budget shared by every process that uses the same cache directory, base URL and
 * key: at most `limit.requests` requests start within any `limit.windowMs` across them all, and
 * after an ERROR-602 none starts until the wait is over. Callers of one process are served in
 * arrival order.
 *
 * @example Two budgets (as two processes would have) share one limit
 * ```ts
 * import assert from "node:assert/strict";
 * import { SharedBudget } from "./budget.ts";
 *
 * const dir = await Deno.makeTempDir();
 * const options = { dir, baseUrl: "http://127.0.0.1:1/api", apiKey: "k" };
 * const limit = { requests: 2, windowMs: 60_000 };
 * const a = new SharedBudget({ ...options, limit });
 * const b = new SharedBudget({ ...options, limit });
 * await a.acquire();
 * await b.acquire();
 * const third = new AbortController();
 * const waiting = b.acquire(third.signal).then(() => "admitted", () => "still waiting");
 * third.abort();
 * assert.equal(await waiting, "still waiting");
 * await Deno.remove(dir, { recursive: true });
 * ```
 */
export class SharedBudget implements RequestLimiter {
  readonly #o: Required<Omit<SharedBudgetOptions, "apiKey">>;
  readonly #apiKey: string;
  #paths: Promise<{ lock: string; data: string } | undefined> | undefined;
  /** This process's limiter once the directory has proved unusable. */
  #local: RateLimiter | undefined;
  #queue: Promise<unknown> = Promise.resolve();

  /**
   * Makes a budget; touches no file until the first request.
   *
   * @param options The directory, service, key and limit.
   */
  constructor(options: SharedBudgetOptions) {
    const { apiKey, ...rest } = options;
    this.#apiKey = apiKey;
    this.#o = {
      marginMs: 1000,
      warn: (message: string) => console.warn(message),
      now: Date.now,
      sleep: delay,
      ...rest,
    };
  }

  /**
   * Waits until a request may start, across every process sharing the budget, and counts it.
   *
   * @param signal Abandons the wait (nothing is counted).
   * @returns When the request may go.
   */
  acquire(signal?: AbortSignal): Promise<void> {
    const turn = this.#queue.then(() => this.#take(signal));
    this.#queue = turn.catch(() => {}); // a failed wait must not block those behind it
    return turn;
  }

  /**
   * Holds every process's requests back for `waitMs` (the service said ERROR-602).
   *
   * @param waitMs How long.
   * @returns When the file says so.
   */
  async refused(waitMs: number): Promise<void> {
    const until = this.#o.now() + Math.min(Math.max(0, waitMs), MAX_BLOCK_MS);
    await this.#update((state) => {
      state.blockedUntil = Math.max(state.blockedUntil, until);
      return 0;
    });
  }

  async #take(signal?: AbortSignal): Promise<void> {
    const { requests, windowMs } = this.#o.limit;
    const span = windowMs + this.#o.marginMs;
    for (;;) {
      if (signal?.aborted) throw signal.reason;
      const wait = await this.#update((state, now) => {
        if (state.blockedUntil > now) return state.blockedUntil - now;
        state.starts = state.starts.filter((t) => t > now - span);
        if (state.starts.length < requests) {
          state.starts.push(now);
          return 0;
        }
        return state.starts[state.starts.length - requests]! + span - now;
      });
      if (wait === undefined) return await this.#localLimiter().acquire(signal);
      if (wait <= 0) return;
      await this.#o.sleep(wait, signal);
    }
  }

  /**
   * Reads the state under the lock, lets `change` edit it and say how long to wait, and writes
   * it back when nothing is to wait for. `undefined` when the directory cannot be used.
   */
  async #update(change: (state: State, now: number) => number): Promise<number | undefined> {
    const paths = await this.#files();
    if (paths === undefined) return undefined;
    try {
      using lock = await Deno.open(paths.lock, { read: true, write: true, create: true });
      await lock.lock(true);
      const now = this.#o.now();
      const text = await Deno.readTextFile(paths.data).catch((e) => {
        if (e instanceof Deno.errors.NotFound) return undefined;
        throw e;
      });
      const state = parse(text, now, this.#o.limit.windowMs + this.#o.marginMs);
      const before = JSON.stringify(state);
      const wait = change(state, now);
      const after = JSON.stringify(state);
      if (after !== before) {
        await writeFileAtomic(paths.data, new TextEncoder().encode(after), {
          mode: 0o600,
          sync: false,
        });
      }
      return wait; // closing the file releases the lock
    } catch (e) {
      this.#giveUp(e);
      return undefined;
    }
  }

  /** The budget's files, the folder made and checked once; `undefined` when unusable. */
  #files(): Promise<{ lock: string; data: string } | undefined> {
    this.#paths ??= (async () => {
      if (this.#local !== undefined) return undefined;
      const folder = join(this.#o.dir, "budget");
      try {
        await Deno.mkdir(folder, { recursive: true, mode: 0o700 });
        const reason = await distrust(folder, userId());
        if (reason !== undefined) throw new Error(`${folder} ${reason}`);
        const name = await budgetName(this.#o.baseUrl, this.#apiKey);
        return { lock: join(folder, `${name}.lock`), data: join(folder, `${name}.json`) };
      } catch (e) {
        this.#giveUp(e);
        return undefined;
      }
    })();
    return this.#paths;
  }

  #giveUp(error: unknown): void {
    if (this.#local !== undefined) return;
    this.#localLimiter();
    this.#paths = Promise.resolve(undefined);
    const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    this.#o.warn(
      `Cannot share the request budget with other processes through ${this.#o.dir}, so this ` +
        "process limits its own requests only; give the cache directory (ECOS_CACHE_DIR) " +
        `read and write permission: ${reason}`,
    );
  }

  #localLimiter(): RateLimiter {
    return this.#local ??= new RateLimiter(this.#o.limit);
  }
}

/** What {@linkcode clientLimiter} reads of a client's settings. */
export interface ClientLimiterSettings {
  /** The client's rate limit, or `false` for none. */
  rateLimit: RateLimit | false;
  /** The client's `sharedBudget` option. */
  sharedBudget?: boolean | { dir?: string | undefined } | undefined;
  /** The service's base URL. */
  baseUrl: string;
  /** The key. */
  apiKey: string;
  /** The response cache's directory when the cache is on. */
  cacheDir: string | undefined;
  /** Whether the service is on another machine (the live service), not this one. */
  remote: boolean;
  /** The default cache directory, for `sharedBudget: true` without a cache. */
  defaultDir: () => string;
}

/**
 * A client's request limiter: the budget shared with other processes when `sharedBudget` says
 * so (by default, for a service on another machine with the response cache on: in the cache's
 * directory; a server on this machine, such as the bundled one, is no shared service), else
 * this client's own sliding window; none when `rateLimit` is `false`.
 *
 * @param o The client's settings.
 * @returns The limiter, or `undefined`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { clientLimiter, SharedBudget } from "./budget.ts";
 *
 * const base = {
 *   rateLimit: { requests: 300, windowMs: 180_000 },
 *   baseUrl: "https://ecos.bok.or.kr/api",
 *   apiKey: "k",
 *   remote: true,
 *   defaultDir: () => "/tmp/never",
 * };
 * assert.ok(clientLimiter({ ...base, cacheDir: "/home/me/.cache/ecos" }) instanceof SharedBudget);
 * assert.ok(!(clientLimiter({ ...base, cacheDir: undefined }) instanceof SharedBudget));
 * const local = { ...base, remote: false, cacheDir: "/home/me/.cache/ecos" };
 * assert.ok(!(clientLimiter(local) instanceof SharedBudget));
 * assert.ok(clientLimiter({ ...base, cacheDir: undefined, sharedBudget: true }) instanceof SharedBudget);
 * assert.equal(clientLimiter({ ...base, rateLimit: false, cacheDir: undefined }), undefined);
 * ```
 */
export function clientLimiter(o: ClientLimiterSettings): RequestLimiter | undefined {
  if (o.rateLimit === false) return undefined;
  const asked = o.sharedBudget;
  const dir = asked === false
    ? undefined
    : typeof asked === "object" && asked.dir !== undefined
    ? asked.dir
    : asked === undefined
    ? (o.remote ? o.cacheDir : undefined)
    : o.cacheDir ?? o.defaultDir();
  if (dir === undefined) return new RateLimiter(o.rateLimit);
  return new SharedBudget({ dir, baseUrl: o.baseUrl, apiKey: o.apiKey, limit: o.rateLimit });
}
