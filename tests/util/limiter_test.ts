import assert from "node:assert/strict";
import { delay, RateLimiter, Semaphore } from "../../src/util/limiter.ts";

Deno.test("delay() rejects with the signal's reason and clears its timer", async () => {
  const controller = new AbortController();
  const p = delay(60_000, controller.signal);
  controller.abort(new Error("stop"));
  await assert.rejects(p, /stop/);
  await assert.rejects(delay(1, AbortSignal.abort(new Error("early"))), /early/);
  await delay(0);
});

Deno.test("RateLimiter lets `requests` through per window, then waits for the oldest to expire", async () => {
  let now = 0;
  const waits: number[] = [];
  const limiter = new RateLimiter({ requests: 3, windowMs: 1000 }, {
    now: () => now,
    sleep: (ms) => {
      waits.push(ms);
      now += ms;
      return Promise.resolve();
    },
  });
  for (const at of [0, 100, 200]) {
    now = at;
    await limiter.acquire();
  }
  assert.deepEqual(waits, []);
  now = 250;
  await limiter.acquire(); // waits for the start at 0 to leave the window
  assert.equal(now, 1000);
  await limiter.acquire(); // then for the start at 100
  assert.equal(now, 1100);
  assert.deepEqual(waits, [750, 100]);
});

Deno.test("delay(Infinity) waits for its signal and rejects with its reason", async () => {
  const controller = new AbortController();
  const p = delay(Infinity, controller.signal);
  controller.abort(new Error("closed"));
  await assert.rejects(p, /closed/);
});

Deno.test("RateLimiter.tryAcquire() admits `requests` per window and refuses, uncounted, beyond", () => {
  let now = 0;
  const limiter = new RateLimiter({ requests: 2, windowMs: 100 }, { now: () => now });
  assert.deepEqual([limiter.tryAcquire(), limiter.tryAcquire(), limiter.tryAcquire()], [
    true,
    true,
    false,
  ]);
  now = 99;
  assert.equal(limiter.tryAcquire(), false);
  now = 100; // the first two leave the window; refusals were not counted
  assert.deepEqual([limiter.tryAcquire(), limiter.tryAcquire(), limiter.tryAcquire()], [
    true,
    true,
    false,
  ]);
});

Deno.test("RateLimiter serves callers in order and honours the signal", async () => {
  let now = 0;
  let wake: (() => void) | undefined;
  const limiter = new RateLimiter({ requests: 1, windowMs: 100 }, {
    now: () => now,
    sleep: (_ms, signal) =>
      new Promise((resolve, reject) => {
        wake = () => {
          now += 100;
          resolve();
        };
        signal?.addEventListener("abort", () => reject(signal.reason), { once: true });
      }),
  });
  await limiter.acquire();
  const controller = new AbortController();
  const cancelled = limiter.acquire(controller.signal);
  const order: string[] = [];
  const next = limiter.acquire().then(() => order.push("next"));
  controller.abort(new Error("gone"));
  await assert.rejects(cancelled, /gone/);
  await Promise.resolve();
  wake?.();
  await next;
  assert.deepEqual(order, ["next"]);
});

Deno.test("Semaphore bounds holders and hands permits over in order", async () => {
  const sem = new Semaphore(2);
  const a = await sem.acquire();
  const b = await sem.acquire();
  const order: number[] = [];
  const c = sem.acquire().then((r) => (order.push(3), r));
  const controller = new AbortController();
  const d = sem.acquire(controller.signal);
  const e = sem.acquire().then((r) => (order.push(5), r));
  controller.abort(new Error("left"));
  await assert.rejects(d, /left/);
  a();
  a(); // a second release is ignored
  (await c)();
  b();
  (await e)();
  assert.deepEqual(order, [3, 5]);
  // All permits are back: two holders again at once.
  const x = await sem.acquire();
  const y = await sem.acquire();
  x();
  y();
});
