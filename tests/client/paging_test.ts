import assert from "node:assert/strict";
import fc from "npm:fast-check@4.10.2";
import {
  type PageSpan,
  planPages,
  pullFrame,
  pullPages,
  type PullSettings,
  TotalChanged,
} from "../../src/client/_paging.ts";
import type { PageResult } from "../../src/client/_request.ts";
import { KEY_STATISTIC_LIST_SCHEMA } from "../../src/wire/columns.ts";
import { isEcosError } from "../../src/errors.ts";
import { Redactor, type Scope } from "../../src/client/_errors.ts";

const scope: Scope = {
  service: "KeyStatisticList",
  url: "http://ecos.test/api/KeyStatisticList/***/json/kr/1/10",
  redactor: new Redactor("TESTKEY0123456789ABC"),
};
const settings = (pageSize: number, concurrency: number): PullSettings => ({
  pageSize,
  concurrency,
  maxRows: 1_000_000,
});

Deno.test("planPages() covers rows 1..total exactly once, in order (property)", () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 0, max: 5000 }),
      fc.integer({ min: 1, max: 700 }),
      (total, size) => {
        const spans = [...planPages(total, size)];
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
    const page = {
      total,
      rows,
      noData: total === 0,
      scope,
      args: [],
      fetchedAt: new Date(0),
      fromCache: false,
    };
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
        for await (const page of pullPages(service.fetchPage, settings(pageSize, concurrency))) {
          assert.equal(page.total, total);
          seen.push(...page.rows.map((r) => r.CLASS_NAME as string));
        }
        assert.deepEqual(seen, Array.from({ length: total }, (_, i) => String(i + 1)));
        assert.ok(service.maxInFlight <= concurrency);
      },
    ),
    { numRuns: 60 },
  );
});

Deno.test("pullPages() reports a moving total and a vanished page as a change of data", async (t) => {
  const cases: [string, (s: PageSpan, p: PageResult) => PageResult, RegExp][] = [
    ["total", (s, p) => (s.startNo === 21 ? { ...p, total: 99 } : p), /from 50 to 99/],
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
        for await (const _ of pullPages(service.fetchPage, settings(10, 3))) { /* drain */ }
      }, (e: unknown) => e instanceof TotalChanged && message.test(e.message) && e.scope === scope);
    });
  }
});

Deno.test("pullPages() calls a page of the wrong size a bad answer", async (t) => {
  const cases: [string, (s: PageSpan, p: PageResult) => PageResult, RegExp][] = [
    [
      "short",
      (s, p) => (s.startNo === 11 ? { ...p, rows: p.rows.slice(1) } : p),
      /rows 11-20 of 50 held 9 rows, not 10/,
    ],
    [
      "long",
      (s, p) => (s.startNo === 1 ? { ...p, rows: [...p.rows, { CLASS_NAME: "x" }] } : p),
      /rows 1-10 of 50 held 11 rows, not 10/,
    ],
  ];
  for (const [name, tweak, message] of cases) {
    await t.step(name, async () => {
      const service = fakeService(50, tweak);
      await assert.rejects(async () => {
        for await (const _ of pullPages(service.fetchPage, settings(10, 3))) { /* drain */ }
      }, (e: unknown) => {
        assert.ok(isEcosError(e), String(e));
        assert.equal(e.code, "BAD_RESPONSE");
        assert.equal(e.retryable, false);
        assert.match(e.message, message);
        return true;
      });
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
    settings(10, 2),
    KEY_STATISTIC_LIST_SCHEMA,
  );
  assert.equal(df.height, 30);
  assert.equal(pulls, 2);
  const always = fakeService(30, (s, p) => (s.startNo === 11 ? { ...p, total: 31 } : p));
  await assert.rejects(
    pullFrame(
      always.fetchPage,
      settings(10, 2),
      KEY_STATISTIC_LIST_SCHEMA,
    ),
    (e: unknown) => {
      assert.ok(isEcosError(e), String(e));
      assert.equal(e.code, "TOTAL_CHANGED");
      assert.equal(e.attempts, 2);
      assert.equal(e.service, "KeyStatisticList");
      assert.equal(e.url, scope.url);
      assert.match(e.message, /list_total_count went from 30 to 31/);
      return true;
    },
  );
});

Deno.test("pullPages() refuses a query of more than maxRows rows after its first page", async () => {
  const service = fakeService(50);
  await assert.rejects(async () => {
    for await (const _ of pullPages(service.fetchPage, { ...settings(10, 3), maxRows: 49 })) {
      /* drain */
    }
  }, (e: unknown) => isEcosError(e) && e.code === "TOO_MANY_ROWS" && /50 rows/.test(e.message));
  assert.deepEqual(service.calls, [{ startNo: 1, endNo: 10 }]);
  const rows: unknown[] = [];
  for await (
    const page of pullPages(fakeService(50).fetchPage, { ...settings(10, 3), maxRows: 50 })
  ) {
    rows.push(...page.rows);
  }
  assert.equal(rows.length, 50, "exactly maxRows rows are allowed");
});
