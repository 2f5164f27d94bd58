import assert from "node:assert/strict";
import {
  backoffMs,
  buildUrl,
  HalfMonthlySpelling,
  requestPage,
  type Transport,
} from "../../src/client/_transport.ts";
import { decodeBody } from "../../src/client/_decode.ts";
import { rowsOf } from "../testdata/pages.ts";
import { BodyError, Redactor } from "../../src/client/_errors.ts";
import { Semaphore } from "../../src/util/limiter.ts";
import { type EcosError, isEcosError } from "../../src/errors.ts";
import { EcosClient } from "../../mod.ts";

const KEY = "k3y/with?odd#chars";

function transport(
  fetchImpl: (url: string, init?: RequestInit) => Promise<Response>,
  extra: Partial<Transport> = {},
): Transport {
  return {
    baseUrl: "https://ecos.test/api/",
    apiKey: KEY,
    redactor: new Redactor(KEY),
    fetch: fetchImpl as typeof fetch,
    timeoutMs: 1000,
    maxResponseBytes: 1_000_000,
    retry: { attempts: 3, baseMs: 1, capMs: 2, jitter: true },
    limiter: undefined,
    semaphore: new Semaphore(4),
    cache: undefined,
    halfMonthly: new HalfMonthlySpelling(),
    ...extra,
  };
}

const page = {
  service: "StatisticSearch",
  format: "json" as const,
  language: "kr" as const,
  startNo: 1,
  endNo: 10,
  args: ["722Y001", "M", "202001", "202012"],
};

const json = (body: unknown, status = 200) =>
  new Response(typeof body === "string" ? body : JSON.stringify(body), { status });
const ok = { StatisticSearch: { list_total_count: 1, row: [{ TIME: "202001" }] } };
const result = (code: string) => ({ RESULT: { CODE: code, MESSAGE: `message of ${code}` } });

/** A fetch that answers from a script, one entry per call, and records the URLs. */
function scripted(...answers: (Response | Error | (() => Promise<Response>))[]) {
  const urls: string[] = [];
  const fetchImpl = (url: string) => {
    urls.push(url);
    const next = answers.shift();
    if (next === undefined) throw new Error("unexpected request");
    if (next instanceof Error) return Promise.reject(next);
    return typeof next === "function" ? next() : Promise.resolve(next);
  };
  return { fetchImpl, urls };
}

async function failure(p: Promise<unknown>): Promise<EcosError> {
  try {
    await p;
  } catch (e) {
    assert.ok(isEcosError(e));
    return e;
  }
  assert.fail("expected a failure");
}

Deno.test("buildUrl() percent-encodes every segment and redacts the key", () => {
  const { url, redacted } = buildUrl("http://h/api/", KEY, {
    ...page,
    service: "StatisticWord",
    args: ["소비자 물가/지수?"],
  });
  assert.equal(
    url,
    `http://h/api/StatisticWord/${encodeURIComponent(KEY)}/json/kr/1/10/` +
      encodeURIComponent("소비자 물가/지수?"),
  );
  assert.equal(
    redacted,
    `http://h/api/StatisticWord/***/json/kr/1/10/${encodeURIComponent("소비자 물가/지수?")}`,
  );
});

Deno.test("backoffMs() doubles up to the cap, higher for ERROR-602, with full jitter", () => {
  const retry = { attempts: 9, baseMs: 100, capMs: 1000, jitter: false };
  assert.deepEqual([1, 2, 3, 4, 5].map((n) => backoffMs(retry, n, "backoff")), [
    100,
    200,
    400,
    800,
    1000,
  ]);
  assert.equal(backoffMs(retry, 1, "throttle"), 400);
  assert.equal(backoffMs({ ...retry, jitter: true }, 3, "backoff", () => 0.5), 200);
});

Deno.test("decodeBody() recognises JSON, XML, HTML and garbage", async (t) => {
  assert.equal(decodeBody(` {"RESULT":{"CODE":"INFO-200","MESSAGE":""}}`, "X").kind, "result");
  assert.equal(decodeBody(`<RESULT><CODE>INFO-200</CODE><MESSAGE/></RESULT>`, "X").kind, "result");
  const cases: [string, string, RegExp, string | undefined][] = [
    ["a doctype", "<!DOCTYPE html><html></html>", /^an HTML page$/, "<!DOCTYPE html><html></html>"],
    ["an html tag", "  <html lang=ko>", /^an HTML page$/, "<html lang=ko>"],
    ["nothing", " \n", /^the body is empty$/, undefined],
    ["text", "Service Unavailable", /^neither JSON nor XML$/, "Service Unavailable"],
  ];
  for (const [name, body, detail, quote] of cases) {
    await t.step(name, () => {
      assert.throws(() => decodeBody(body, "X"), (e: unknown) => {
        assert.ok(e instanceof BodyError, String(e));
        assert.match(e.detail, detail);
        assert.equal(e.quote, quote);
        assert.equal(e.retryable, true);
        return true;
      });
    });
  }
});

Deno.test("requestPage() returns rows, and no rows for INFO-200", async () => {
  const { fetchImpl, urls } = scripted(json(ok), json(result("INFO-200")));
  const t = transport(fetchImpl);
  const first = await requestPage(t, page);
  assert.equal(first.page.total, 1);
  assert.equal(first.noData, false);
  assert.equal(
    first.scope.url,
    "https://ecos.test/api/StatisticSearch/***/json/kr/1/10/722Y001/M/202001/202012",
  );
  assert.equal(first.scope.service, "StatisticSearch");
  assert.ok(urls[0]?.includes(encodeURIComponent(KEY)));
  const none = await requestPage(t, page);
  assert.deepEqual([none.page.total, rowsOf(none.page), none.noData], [0, [], true]);
});

Deno.test("requestPage() fails at once on codes that retrying cannot fix", async (t) => {
  for (
    const code of [
      "INFO-100",
      "ERROR-100",
      "ERROR-101",
      "ERROR-200",
      "ERROR-300",
      "ERROR-301",
      "ERROR-400",
    ]
  ) {
    await t.step(code, async () => {
      const { fetchImpl, urls } = scripted(json(result(code)));
      const e = await failure(requestPage(transport(fetchImpl), page));
      assert.equal(e.code, code);
      assert.equal(e.retryable, false);
      assert.equal(e.attempts, 1);
      assert.equal(e.serviceMessage, `message of ${code}`);
      assert.match(
        e.message,
        new RegExp(`StatisticSearch answered ${code} \\(message of ${code}\\)$`),
      );
      assert.equal(urls.length, 1);
    });
  }
  await t.step("an unknown code", async () => {
    const { fetchImpl } = scripted(json(result("ERROR-999")));
    const e = await failure(requestPage(transport(fetchImpl), page));
    assert.equal(e.code, "BAD_RESPONSE");
    assert.match(e.message, /unknown code: StatisticSearch answered ERROR-999/);
  });
});

Deno.test("requestPage() retries transient failures, then succeeds", async (t) => {
  const transient: [string, string, () => Response | Error][] = [
    ["ERROR-500", "ERROR-500", () => json(result("ERROR-500"))],
    ["ERROR-600", "ERROR-600", () => json(result("ERROR-600"))],
    ["ERROR-601", "ERROR-601", () => json(result("ERROR-601"))],
    ["ERROR-602", "ERROR-602", () => json(result("ERROR-602"))],
    ["502", "BAD_RESPONSE", () => new Response("<html>Bad gateway</html>", { status: 502 })],
    ["429", "RATE_LIMITED", () => new Response("slow down", { status: 429 })],
    [
      "HTML 200",
      "BAD_RESPONSE",
      () => new Response("<!DOCTYPE html><html><body>점검</body></html>"),
    ],
    [
      "reset",
      "TRANSPORT",
      () => new TypeError(`connection reset: https://ecos.test/api/StatisticSearch/${KEY}/json`),
    ],
    [
      "cut JSON",
      "BAD_RESPONSE",
      () => json(`{"StatisticSearch":{"list_total_count":1,"row":[{"TI`),
    ],
  ];
  for (const [name, code, make] of transient) {
    await t.step(name, async () => {
      const { fetchImpl, urls } = scripted(make(), make(), json(ok));
      const r = await requestPage(transport(fetchImpl), page);
      assert.equal(r.page.count, 1);
      assert.equal(urls.length, 3);
    });
    await t.step(`${name}, exhausted`, async () => {
      const { fetchImpl, urls } = scripted(make(), make(), make());
      const e = await failure(requestPage(transport(fetchImpl), page));
      assert.equal(e.code, code);
      assert.equal(e.retryable, true);
      assert.equal(e.attempts, 3);
      assert.equal(urls.length, 3);
      assert.match(e.message, /(after 3 attempts|gave up after 3 attempts)$/);
      assert.ok(
        !JSON.stringify({ ...e, message: e.message, cause: String(e.cause) }).includes(KEY),
      );
    });
  }
  await t.step("a 404 is final", async () => {
    const { fetchImpl, urls } = scripted(new Response("no", { status: 404 }));
    const e = await failure(requestPage(transport(fetchImpl), page));
    assert.equal(e.code, "BAD_RESPONSE");
    assert.equal(urls.length, 1);
  });
});

Deno.test("requestPage() times out each attempt and says so", async () => {
  const stall = () => (_url: string, init?: RequestInit) =>
    new Promise<Response>((_, reject) => {
      init?.signal?.addEventListener("abort", () => reject(init.signal?.reason), { once: true });
    });
  const t = transport(stall(), { timeoutMs: 5 });
  const e = await failure(requestPage(t, page));
  assert.equal(e.code, "TIMEOUT");
  assert.equal(e.attempts, 3);
  assert.match(e.message, /^The service did not answer within timeoutMs \(5 ms\)/);
});

Deno.test("requestPage() does not retry the caller's abort", async () => {
  const controller = new AbortController();
  let calls = 0;
  const fetchImpl = (_url: string, init?: RequestInit) => {
    calls++;
    controller.abort(new Error("cancelled by user"));
    return Promise.reject(init?.signal?.reason);
  };
  const e = await failure(
    requestPage(transport(fetchImpl), { ...page, signal: controller.signal }),
  );
  assert.equal(e.code, "ABORTED");
  assert.equal(calls, 1);
  assert.equal((e.cause as Error).message, "cancelled by user");
});

/**
 * A fetch answering `text` with a Response that shows the client the bytes it reads (the path of
 * a body of declared length), and those bodies.
 */
function seenBodies(text: string) {
  const bodies: Uint8Array<ArrayBuffer>[] = [];
  class Seen extends Response {
    override async bytes(): Promise<Uint8Array<ArrayBuffer>> {
      const bytes = await super.bytes();
      bodies.push(bytes);
      return bytes;
    }
  }
  const headers = { "content-length": String(text.length) };
  return { bodies, fetch: () => Promise.resolve(new Seen(text, { headers })) };
}

Deno.test("requestPage() gives a release that frees the body and the page's columns", async () => {
  const two = {
    StatisticSearch: { list_total_count: 2, row: [{ TIME: "202001" }, { TIME: "202002" }] },
  };
  const text = JSON.stringify(two);
  const { bodies, fetch } = seenBodies(text);
  const t = transport(fetch);
  const answer = await requestPage(t, { ...page, endNo: 2 });
  assert.equal(answer.page.count, 2);
  assert.deepEqual(answer.page.texts[0]!.values.slice(2), ["202001", "202002"]);
  assert.equal(bodies.length, 1);
  // Until released (a frame has taken the rows), the body and the columns are the page's.
  assert.equal(bodies[0]!.byteLength, text.length);
  answer.release!();
  // Freed at once (detached), not when V8 next collects: dead bodies were most of a pull's peak.
  assert.equal(bodies[0]!.buffer.detached, true);
  assert.equal(bodies[0]!.byteLength, 0);
  assert.equal((answer.page.texts[0]!.ids!.buffer as ArrayBuffer).detached, true);
});

Deno.test("statisticSearch frees each body once decoded; statisticSearchPages leaves them to V8", async () => {
  const { bodies, fetch } = seenBodies(JSON.stringify({
    StatisticSearch: {
      list_total_count: 1,
      row: [{ STAT_CODE: "722Y001", ITEM_CODE1: "0101000", TIME: "202001", DATA_VALUE: "3.5" }],
    },
  }));
  const client = new EcosClient({
    apiKey: KEY,
    baseUrl: "https://ecos.test/api",
    cache: false,
    rateLimit: false,
    fetch,
  });
  const query = { statCode: "722Y001", cycle: "M", start: "202001", end: "202001" } as const;
  assert.equal((await client.statisticSearch(query)).height, 1);
  assert.equal(bodies.length, 1);
  assert.equal(bodies[0]!.buffer.detached, true);
  for await (const frame of client.statisticSearchPages(query)) assert.equal(frame.height, 1);
  assert.equal(bodies.length, 2);
  // Their memory, which V8 counts, paces the collections that also free the dropped pages'
  // frames, whose native memory it does not count.
  assert.equal(bodies[1]!.buffer.detached, false);
});
