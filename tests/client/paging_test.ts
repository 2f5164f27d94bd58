import assert from "node:assert/strict";
import fc from "npm:fast-check@4.10.2";
import {
  type PageSpan,
  planPages,
  pullFrame,
  pullPages,
  type PullSettings,
  TotalChanged,
} from "../../src/client/_pull.ts";
import type { PageResult } from "../../src/client/_transport.ts";
import { releasePage } from "../../src/client/_page.ts";
import { pageOfRows, rowsOf } from "../testdata/pages.ts";
import type { RawRow } from "../../src/client/_decode.ts";
import { KEY_STATISTIC_LIST_SCHEMA, STATISTIC_SEARCH_SCHEMA } from "../../src/wire/columns.ts";
import { isEcosError } from "../../src/errors.ts";
import { Redactor, type Scope } from "../../src/client/_errors.ts";

const scope: Scope = {
  service: "KeyStatisticList",
  url: "https://ecos.test/api/KeyStatisticList/***/json/kr/1/10",
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

/** A page as the fake services here write it: rows and their total. */
type RowsPage = Omit<PageResult, "page"> & { total: number; rows: RawRow[] };

/** A fake's page as the request core gives it: its rows as a page of columns. */
function asResult({ total, rows, ...rest }: RowsPage, service = "KeyStatisticList"): PageResult {
  return { ...rest, page: pageOfRows(rows, service, total) };
}
/** A change to a fake service's page. */
type Tweak = (span: PageSpan, page: RowsPage) => RowsPage;

/** A fake service of `total` numbered rows whose pages finish in a scrambled order. */
function fakeService(total: number, tweak?: Tweak) {
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
    const page: RowsPage = {
      total,
      rows,
      noData: total === 0,
      scope,
      args: [],
      fetchedAt: new Date(0),
      fromCache: false,
    };
    return asResult(tweak ? tweak(span, page) : page);
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
          assert.equal(page.page.total, total);
          seen.push(...rowsOf(page.page).map((r) => r.CLASS_NAME as string));
        }
        assert.deepEqual(seen, Array.from({ length: total }, (_, i) => String(i + 1)));
        assert.ok(service.maxInFlight <= concurrency);
      },
    ),
    { numRuns: 60 },
  );
});

Deno.test("pullPages() reports a moving total and a vanished page as a change of data", async (t) => {
  const cases: [string, Tweak, RegExp][] = [
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
  const cases: [string, Tweak, RegExp][] = [
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

Deno.test("pullFrame() releases each page once the frame has taken its rows", async () => {
  const service = fakeService(30, (_, p) => ({
    ...p,
    rows: p.rows.map((r) => ({ ...r, DATA_VALUE: `${r.CLASS_NAME}.5` })),
  }));
  const pages: PageResult[] = [];
  const df = await pullFrame(
    async (span) => {
      // The request core's release: the page's columns (and body) go at once.
      const page = await service.fetchPage(span);
      pages.push(page);
      return { ...page, release: () => releasePage(page.page) };
    },
    settings(10, 2),
    KEY_STATISTIC_LIST_SCHEMA,
  );
  // The frame holds every row: the columns went only after it had taken them.
  assert.deepEqual(
    df.getColumn("CLASS_NAME").toArray(),
    Array.from({ length: 30 }, (_, i) => String(i + 1)),
  );
  assert.equal(df.getColumn("DATA_VALUE").get(29), 30.5);
  assert.equal(pages.length, 3);
  for (const { page } of pages) {
    const ids = page.texts[page.fields.text.indexOf("CLASS_NAME")]!.ids!;
    const values = page.numbers[page.fields.numbers.indexOf("DATA_VALUE")]!;
    // Detached: native memory given back now, not at V8's next collection.
    assert.equal((ids.buffer as ArrayBuffer).detached, true);
    assert.equal((values.buffer as ArrayBuffer).detached, true);
  }
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
    rows.push(...rowsOf(page.page));
  }
  assert.equal(rows.length, 50, "exactly maxRows rows are allowed");
});

/** A StatisticSearch of `total` months of one item, from 200001, with seams for bad pages. */
function searchService(
  total: number,
  options: {
    /** Makes the page for a span on its nth fetch (1-based), or undefined for the true one. */
    bad?: (span: PageSpan, n: number, fresh: boolean) => Record<string, unknown>[] | undefined;
    /** Spans served from the cache on their first fetch (unless fresh). */
    cached?: (span: PageSpan) => boolean;
  } = {},
) {
  const args = ["722Y001", "M", "200001", "209912", "0101000"];
  const month = (n: number) =>
    `${2000 + Math.floor((n - 1) / 12)}${String((n - 1) % 12 + 1).padStart(2, "0")}`;
  const fetches = new Map<number, number>();
  const log: string[] = [];
  const fetchPage = (span: PageSpan, _signal: AbortSignal, fresh: boolean) => {
    const n = (fetches.get(span.startNo) ?? 0) + 1;
    fetches.set(span.startNo, n);
    const fromCache = !fresh && n === 1 && (options.cached?.(span) ?? false);
    log.push(`${span.startNo}${fresh ? " fresh" : ""}${fromCache ? " cached" : ""}`);
    const rows = options.bad?.(span, n, fresh) ?? Array.from(
      { length: Math.max(0, Math.min(span.endNo, total) - span.startNo + 1) },
      (_, i) => ({ STAT_CODE: "722Y001", ITEM_CODE1: "0101000", TIME: month(span.startNo + i) }),
    );
    const at = span.startNo;
    const page: RowsPage = {
      total,
      rows,
      noData: false,
      scope: { ...scope, service: "StatisticSearch" },
      args,
      fetchedAt: new Date(0),
      fromCache,
      ...(fromCache ? { forget: () => Promise.resolve(void log.push(`forget ${at}`)) } : {
        keep: () =>
          Promise.resolve({
            commit: () => Promise.resolve(void log.push(`commit ${at}`)),
            discard: () => Promise.resolve(void log.push(`discard ${at}`)),
          }),
      }),
    };
    return Promise.resolve(asResult(page, "StatisticSearch"));
  };
  return { fetchPage, log, month };
}

const drain = async (pages: AsyncIterable<unknown>) => {
  for await (const _ of pages) { /* drain */ }
};

Deno.test("pullPages() asks a page that fails its checks once more, afresh, and goes on", async () => {
  const service = searchService(30, {
    bad: (span, n) => (span.startNo === 11 && n === 1 ? [{ STAT_CODE: "999Y999" }] : undefined),
  });
  await drain(pullPages(service.fetchPage, settings(10, 1)));
  assert.deepEqual(service.log, [
    "1",
    "11",
    "11 fresh",
    "21",
    "commit 1",
    "commit 11",
    "commit 21",
  ]);
});

Deno.test("pullPages() keeps nothing of a pull whose page fails twice, naming row and field", async () => {
  const service = searchService(30, {
    bad: (span) => (span.startNo === 11 ? [{ STAT_CODE: "999Y999" }] : undefined),
  });
  await assert.rejects(drain(pullPages(service.fetchPage, settings(10, 1))), (e: unknown) => {
    assert.ok(isEcosError(e), String(e));
    assert.equal(e.code, "BAD_RESPONSE");
    assert.equal(e.retryable, false);
    assert.match(e.message, /rows 11-20 of 30 held 1 rows, not 10$/);
    return true;
  });
  assert.ok(!service.log.some((l) => l.startsWith("commit")), service.log.join(", "));
  // The good page was written beside its entry, then dropped; the bad one never written.
  assert.deepEqual(service.log.filter((l) => l.startsWith("discard")), ["discard 1"]);
});

Deno.test("pullPages() keeps nothing when its consumer stops early", async () => {
  const service = searchService(30);
  for await (const _ of pullPages(service.fetchPage, settings(10, 2))) break;
  assert.ok(!service.log.some((l) => l.startsWith("commit")), service.log.join(", "));
  assert.ok(service.log.includes("discard 1"));
});

Deno.test("pullPages() removes a cached page that fails its checks and asks for it afresh", async () => {
  const service = searchService(20, {
    cached: (span) => span.startNo === 11,
    bad: (span, _n, fresh) =>
      span.startNo === 11 && !fresh ? [{ STAT_CODE: "722Y001", TIME: "x" }] : undefined,
  });
  await drain(pullPages(service.fetchPage, settings(10, 1)));
  assert.deepEqual(service.log, [
    "1",
    "11 cached",
    "forget 11",
    "11 fresh",
    "commit 1",
    "commit 11",
  ]);
});

Deno.test("pullFrame() pulls again afresh when a fresh page disagrees with a cached one", async () => {
  // The cached first page holds the second page's months (kept from another pull): the fresh
  // second page then repeats them, twice. The cache may be what is wrong: one fresh pull.
  const service = searchService(20, {
    cached: (span) => span.startNo === 1,
    bad: (span, _n, fresh) =>
      span.startNo === 1 && !fresh
        ? Array.from({ length: 10 }, (_, i) => ({
          STAT_CODE: "722Y001",
          ITEM_CODE1: "0101000",
          TIME: service.month(11 + i),
        }))
        : undefined,
  });
  const df = await pullFrame(
    service.fetchPage,
    settings(10, 1),
    STATISTIC_SEARCH_SCHEMA,
  );
  assert.equal(df.height, 20);
  assert.deepEqual(df.getColumn("PERIOD").toArray().slice(9, 11), ["200010", "200011"]);
  assert.deepEqual(service.log, [
    "1 cached",
    "11",
    "11 fresh",
    "1 fresh",
    "11 fresh",
    "commit 1",
    "commit 11",
  ]);
});
