/**
 * The client's bounds on hostile answers: body size, total rows, page sizes, the whole call's
 * time, HTTP 429, and redirects to other hosts.
 */

import assert from "node:assert/strict";
import { EcosClient, type EcosClientOptions, type StatisticSearchQuery } from "../../mod.ts";
import { assertNoSecret, rejects } from "../testdata/e2e.ts";
import { retryAfterMs } from "../../src/client/_transport.ts";

const KEY = "limits-KEY-93df";
const query: StatisticSearchQuery = {
  statCode: "722Y001",
  cycle: "M",
  start: "202001",
  end: "202012",
  items: ["0101000"],
};

/** A fetch that answers each request with `answer(url, n)`, counting requests. */
function stub(answer: (url: string, n: number) => Response | Promise<Response>) {
  const urls: string[] = [];
  const fetchImpl = (input: string | URL | Request) => {
    urls.push(String(input));
    return Promise.resolve(answer(String(input), urls.length));
  };
  return { fetch: fetchImpl as typeof fetch, urls };
}

function client(fetchImpl: typeof fetch, options: EcosClientOptions = {}): EcosClient {
  return new EcosClient({
    baseUrl: "https://ecos.test/api",
    apiKey: KEY,
    fetch: fetchImpl,
    cache: false,
    rateLimit: false,
    retry: { attempts: 3, baseMs: 1, capMs: 2 },
    ...options,
  });
}

// Rows of the query asked: its table and item, periods in its range.
const row = (time: string) => ({
  STAT_CODE: "722Y001",
  ITEM_CODE1: "0101000",
  TIME: time,
  DATA_VALUE: "1.5",
});
const page = (total: number, rows: unknown[]) =>
  new Response(JSON.stringify({ StatisticSearch: { list_total_count: total, row: rows } }));

Deno.test("statisticSearch() stops reading a body past maxResponseBytes", async () => {
  let pulled = 0;
  const endless = () =>
    new Response(
      new ReadableStream<Uint8Array>({
        pull(controller) {
          pulled += 65_536;
          controller.enqueue(new Uint8Array(65_536).fill(0x20));
        },
      }),
    );
  const { fetch, urls } = stub(endless);
  const e = await rejects(client(fetch, { maxResponseBytes: 1_000_000 }).statisticSearch(query));
  assert.equal(e.code, "BAD_RESPONSE");
  assert.match(e.message, /larger than maxResponseBytes \(1000000 bytes\)/);
  assert.equal(e.retryable, false);
  assert.equal(urls.length, 1, "a body too large is not asked for again");
  assert.ok(pulled < 2_000_000, `read ${pulled} bytes`);
});

Deno.test("statisticSearch() counts a compressed body after decompression", async () => {
  const json = JSON.stringify({
    StatisticSearch: { list_total_count: 1, row: [{ ...row("202001"), PAD: " ".repeat(300_000) }] },
  });
  const gzipped = new Response(
    new Blob([json]).stream().pipeThrough(new CompressionStream("gzip")),
  );
  const compressed = new Uint8Array(await gzipped.arrayBuffer());
  assert.ok(compressed.length < 10_000);
  await using server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen() {} },
    () =>
      new Response(compressed, {
        headers: { "content-encoding": "gzip", "content-type": "application/json" },
      }),
  );
  const c = new EcosClient({
    baseUrl: `http://127.0.0.1:${server.addr.port}/api`,
    apiKey: KEY,
    rateLimit: false,
    maxResponseBytes: 100_000,
  });
  const e = await rejects(c.statisticSearch(query));
  assert.equal(e.code, "BAD_RESPONSE");
  assert.match(e.message, /maxResponseBytes/);
});

Deno.test("statisticSearch() refuses a total beyond maxRows at the first page", async () => {
  const { fetch, urls } = stub(() => page(1e12, [row("202001")]));
  const e = await rejects(client(fetch, { pageSize: 1 }).statisticSearch(query));
  assert.equal(e.code, "TOO_MANY_ROWS");
  assert.match(e.message, /matches 1000000000000 rows, more than maxRows \(10000000\)/);
  assert.equal(urls.length, 1);
  const small = stub(() => page(50, [row("202001")]));
  const e2 = await rejects(
    client(small.fetch, { pageSize: 1, maxRows: 20 }).statisticSearch(query),
  );
  assert.equal(e2.code, "TOO_MANY_ROWS");
});

Deno.test("statisticSearch() calls a page with more or fewer rows than asked BAD_RESPONSE", async (t) => {
  const cases: [string, unknown[], RegExp][] = [
    ["fewer", [row("202001")], /rows 1-2 of 3 held 1 rows, not 2/],
    ["more", [row("202001"), row("202002"), row("202003")], /rows 1-2 of 3 held 3 rows, not 2/],
  ];
  for (const [name, rows, message] of cases) {
    await t.step(name, async () => {
      const { fetch, urls } = stub(() => page(3, rows));
      const e = await rejects(client(fetch, { pageSize: 2 }).statisticSearch(query));
      assert.equal(e.code, "BAD_RESPONSE");
      assert.match(e.message, message);
      // The bad page is asked once more, afresh (a glitch may pass), then it is BAD_RESPONSE;
      // no second pull: the answer is wrong, not the data new.
      assert.equal(urls.length, 2);
    });
  }
});

Deno.test("statisticSearch() fails with TIMEOUT naming deadlineMs when a whole call runs late", async () => {
  // Every page answers ERROR-500: retries would take 5 x 60 s; the deadline cuts them short.
  const { fetch } = stub(() =>
    new Response(JSON.stringify({ RESULT: { CODE: "ERROR-500", MESSAGE: "m" } }))
  );
  const c = client(fetch, {
    deadlineMs: 50,
    retry: { attempts: 5, baseMs: 60_000, jitter: false },
  });
  const started = performance.now();
  const e = await rejects(c.statisticSearch(query));
  assert.equal(e.code, "TIMEOUT");
  assert.match(e.message, /^The pull did not finish within deadlineMs \(50 ms\)/);
  assert.ok(performance.now() - started < 5_000);
  const pages = c.statisticSearchPages(query);
  const e2 = await rejects((async () => {
    for await (const _ of pages) { /* none */ }
  })());
  assert.equal(e2.code, "TIMEOUT");
});

Deno.test("statisticSearch() honours Retry-After on HTTP 429, then says RATE_LIMITED", async () => {
  const { fetch, urls } = stub(() =>
    new Response("slow down", { status: 429, headers: { "retry-after": "0" } })
  );
  const e = await rejects(client(fetch).statisticSearch(query));
  assert.equal(e.code, "RATE_LIMITED");
  assert.match(e.message, /HTTP 429/);
  assert.equal(e.retryAfterMs, 0);
  assert.equal(urls.length, 3);
  const recovering = stub((_, n) =>
    n === 1
      ? new Response("", { status: 429, headers: { "retry-after": "1" } })
      : page(1, [row("202001")])
  );
  const t0 = performance.now();
  const df = await client(recovering.fetch).statisticSearch(query);
  assert.equal(df.height, 1);
  assert.ok(performance.now() - t0 >= 990, "waited the second Retry-After asked for");
});

Deno.test("statisticSearch() honours Retry-After on HTTP 503 as on 429, within the same cap", async () => {
  const { fetch, urls } = stub(() =>
    new Response("<html>busy</html>", { status: 503, headers: { "retry-after": "0" } })
  );
  const e = await rejects(client(fetch).statisticSearch(query));
  assert.equal(e.code, "BAD_RESPONSE");
  assert.match(e.message, /HTTP status 503 \(Retry-After: 0 s\)/);
  assert.equal(e.retryAfterMs, 0);
  assert.equal(e.retryable, true);
  assert.equal(urls.length, 3);
  const capped = stub(() => new Response("", { status: 503, headers: { "retry-after": "86400" } }));
  const c = client(capped.fetch, { retry: { attempts: 1 } });
  assert.equal((await rejects(c.statisticSearch(query))).retryAfterMs, 120_000);
  const recovering = stub((_, n) =>
    n === 1
      ? new Response("", { status: 503, headers: { "retry-after": "1" } })
      : page(1, [row("202001")])
  );
  const t0 = performance.now();
  const df = await client(recovering.fetch).statisticSearch(query);
  assert.equal(df.height, 1);
  assert.ok(performance.now() - t0 >= 990, "waited the Retry-After asked for");
});

Deno.test("retryAfterMs() reads seconds and HTTP dates, bounded", () => {
  assert.equal(retryAfterMs("3"), 3000);
  assert.equal(retryAfterMs(null), undefined);
  assert.equal(retryAfterMs("soon"), undefined);
  assert.equal(retryAfterMs("999999"), 120_000);
  const now = Date.parse("2026-01-01T00:00:00Z");
  assert.equal(retryAfterMs("Thu, 01 Jan 2026 00:00:10 GMT", now), 10_000);
  assert.equal(retryAfterMs("Wed, 31 Dec 2025 00:00:00 GMT", now), 0);
});

Deno.test("statisticSearch() never sends the key to another origin on a redirect", async (t) => {
  const seenByOther: string[] = [];
  await using other = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, (req) => {
    seenByOther.push(req.url);
    return new Response("{}");
  });
  const otherBase = `http://127.0.0.1:${other.addr.port}`;
  for (const status of [301, 302, 307, 308]) {
    await t.step(String(status), async () => {
      await using origin = Deno.serve(
        { hostname: "127.0.0.1", port: 0, onListen() {} },
        (req) =>
          new Response(null, {
            status,
            headers: { location: `${otherBase}${new URL(req.url).pathname}` },
          }),
      );
      const c = new EcosClient({
        baseUrl: `http://127.0.0.1:${origin.addr.port}/api`,
        apiKey: KEY,
        rateLimit: false,
        retry: { attempts: 3, baseMs: 1, capMs: 2 },
      });
      const e = await rejects(c.statisticSearch(query));
      assert.equal(e.code, "BAD_RESPONSE");
      assert.match(e.message, /a redirect to another origin \(http:\/\/127\.0\.0\.1:\d+\)/);
      assert.equal(e.retryable, false);
      assertNoSecret(e, KEY);
    });
  }
  assert.deepEqual(seenByOther, []);
});

Deno.test("statisticSearch() follows a redirect within the base URL's origin", async () => {
  await using server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, (req) => {
    const path = new URL(req.url).pathname;
    if (path.startsWith("/old/")) {
      return new Response(null, {
        status: 302,
        headers: { location: path.replace("/old/", "/api/") },
      });
    }
    return page(1, [row("202001")]);
  });
  const c = new EcosClient({
    baseUrl: `http://127.0.0.1:${server.addr.port}/old`,
    apiKey: KEY,
    rateLimit: false,
  });
  assert.equal((await c.statisticSearch(query)).height, 1);
});
