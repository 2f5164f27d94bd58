import assert from "node:assert/strict";
import fc from "npm:fast-check@4.10.2";
import {
  type PageSpan,
  planPages,
  pullFrame,
  pullPages,
  pullSplitting,
  TotalChanged,
} from "../src/client/paging.ts";
import type { PageResult } from "../src/client/request.ts";
import { KEY_STATISTIC_LIST_SCHEMA } from "../src/client/frame.ts";
import { EcosError, isEcosError } from "../src/client/errors.ts";

Deno.test("planPages() covers rows 1..total exactly once, in order (property)", () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 0, max: 5000 }),
      fc.integer({ min: 1, max: 700 }),
      (total, size) => {
        const spans = planPages(total, size);
        let next = 1;
        for (const { startNo, endNo } of spans) {
          assert.equal(startNo, next);
          assert.ok(endNo >= startNo && endNo - startNo < size);
          next = endNo + 1;
        }
        assert.equal(next, total + 1);
        assert.equal(spans.length, Math.ceil(total / size));
      },
    ),
  );
});

/** A fake service of `total` numbered rows whose pages finish in a scrambled order. */
function fakeService(total: number, tweak?: (span: PageSpan, page: PageResult) => PageResult) {
  let inFlight = 0;
  let maxInFlight = 0;
  const calls: PageSpan[] = [];
  const fetchPage = async (span: PageSpan): Promise<PageResult> => {
    calls.push(span);
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    // Later pages answer sooner: order must come from the plan, not from arrival.
    for (let i = 0; i < 20 - (span.startNo % 20); i++) await Promise.resolve();
    inFlight--;
    const rows = [];
    for (let n = span.startNo; n <= Math.min(span.endNo, total); n++) {
      rows.push({ CLASS_NAME: String(n) });
    }
    const page = { total, rows, noData: total === 0, url: "u" };
    return tweak ? tweak(span, page) : page;
  };
  return {
    fetchPage,
    calls,
    get maxInFlight() {
      return maxInFlight;
    },
  };
}

Deno.test("pullPages() yields every row once, in order, with bounded concurrency (property)", async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.integer({ min: 0, max: 300 }),
      fc.integer({ min: 1, max: 40 }),
      fc.integer({ min: 1, max: 6 }),
      async (total, pageSize, concurrency) => {
        const service = fakeService(total);
        const seen: string[] = [];
        for await (const rows of pullPages(service.fetchPage, { pageSize, concurrency })) {
          seen.push(...rows.map((r) => r.CLASS_NAME as string));
        }
        assert.deepEqual(seen, Array.from({ length: total }, (_, i) => String(i + 1)));
        assert.ok(service.maxInFlight <= concurrency);
      },
    ),
    { numRuns: 60 },
  );
});

Deno.test("pullPages() reports a moving total, a short page and a vanished page", async (t) => {
  const cases: [string, (s: PageSpan, p: PageResult) => PageResult, RegExp][] = [
    ["total", (s, p) => (s.startNo === 21 ? { ...p, total: 99 } : p), /from 50 to 99/],
    [
      "short",
      (s, p) => (s.startNo === 11 ? { ...p, rows: p.rows.slice(1) } : p),
      /held 9 rows, not 10/,
    ],
    [
      "INFO-200",
      (s, p) => (s.startNo === 41 ? { ...p, rows: [], noData: true } : p),
      /41-50 answered INFO-200/,
    ],
  ];
  for (const [name, tweak, message] of cases) {
    await t.step(name, async () => {
      const service = fakeService(50, tweak);
      await assert.rejects(async () => {
        for await (
          const _ of pullPages(service.fetchPage, { pageSize: 10, concurrency: 3 })
        ) { /* drain */ }
      }, (e: unknown) => e instanceof TotalChanged && message.test(e.message));
    });
  }
});

Deno.test("pullFrame() pulls again once when the total moves, then gives TOTAL_CHANGED", async () => {
  let pulls = 0;
  const once = fakeService(30, (s, p) => {
    if (s.startNo === 1) pulls++;
    return pulls === 1 && s.startNo === 11 ? { ...p, total: 31 } : p;
  });
  const df = await pullFrame(
    once.fetchPage,
    { pageSize: 10, concurrency: 2 },
    KEY_STATISTIC_LIST_SCHEMA,
    "KeyStatisticList",
  );
  assert.equal(df.height, 30);
  assert.equal(pulls, 2);
  const always = fakeService(30, (s, p) => (s.startNo === 11 ? { ...p, total: 31 } : p));
  await assert.rejects(
    pullFrame(
      always.fetchPage,
      { pageSize: 10, concurrency: 2 },
      KEY_STATISTIC_LIST_SCHEMA,
      "KeyStatisticList",
    ),
    (e: unknown) => isEcosError(e) && e.code === "TOTAL_CHANGED" && e.attempts === 2,
  );
});

Deno.test("pullSplitting() halves a range on ERROR-400 down to single periods", async () => {
  const asked: string[] = [];
  const pull = (lo: number, hi: number) => {
    asked.push(`${lo}-${hi}`);
    if (hi - lo >= 2) return Promise.reject(new EcosError("ERROR-400", "too large"));
    return Promise.resolve([lo, hi]);
  };
  const merged = await pullSplitting(0, 9, pull, (parts) => parts.flat(), String);
  assert.deepEqual(merged, [0, 1, 2, 2, 3, 4, 5, 6, 7, 7, 8, 9]);
  assert.deepEqual(asked.slice(0, 3), ["0-9", "0-4", "0-2"]);
  await assert.rejects(
    pullSplitting(
      5,
      6,
      () => Promise.reject(new EcosError("ERROR-400", "x")),
      (p) => p[0],
      (i) => `P${i}`,
    ),
    /even the single period P5 is too large/,
  );
  await assert.rejects(
    pullSplitting(
      5,
      6,
      () => Promise.reject(new EcosError("ERROR-500", "other")),
      (p) => p[0],
      String,
    ),
    /other/,
  );
});
