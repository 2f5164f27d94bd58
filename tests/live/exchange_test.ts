import assert from "node:assert/strict";
import {
  checkFacts,
  formatReport,
  LIVE_REQUESTS,
  runLiveCheck,
  sendRequests,
} from "../../src/live/mod.ts";
import { KEY } from "./_known.ts";

/** A fetch that answers INFO-200 to everything at once, and notes what it was asked. */
function answering(asked: { url: string; init: RequestInit | undefined }[] = []): typeof fetch {
  return (input, init) => {
    asked.push({ url: String(input), init });
    return Promise.resolve(
      new Response('{"RESULT":{"CODE":"INFO-200","MESSAGE":"해당하는 데이터가 없습니다."}}', {
        headers: { "content-type": "application/json" },
      }),
    );
  };
}

/** A clock that moves only when slept on, and a sleep that notes how long it was asked to wait. */
function counting(waits: number[]) {
  let t = 0;
  return {
    now: () => t,
    sleep: (ms: number) => {
      waits.push(ms);
      t += ms;
      return Promise.resolve();
    },
  };
}

Deno.test("runLiveCheck() paces the live service, one request a second, 30 at most", async () => {
  const waits: number[] = [];
  const asked: { url: string; init: RequestInit | undefined }[] = [];
  const run = await runLiveCheck({
    apiKey: KEY,
    fetch: answering(asked),
    ...counting(waits),
  });
  assert.equal(asked.length, 30);
  assert.ok(asked.every((a) => a.url.startsWith(`https://ecos.bok.or.kr/api/`)));
  assert.equal(waits.length, 29);
  assert.deepEqual(waits, Array(29).fill(1000));
  assert.equal(run.baseUrl, "https://ecos.bok.or.kr/api");
});

Deno.test("runLiveCheck() does not pace a server on this machine", async () => {
  const waits: number[] = [];
  await runLiveCheck({
    apiKey: KEY,
    baseUrl: "http://127.0.0.1:9/api",
    fetch: answering(),
    ...counting(waits),
  });
  assert.deepEqual(waits, []);
});

Deno.test("sendRequests() follows no redirect: the key goes to no other address", async () => {
  const asked: { url: string; init: RequestInit | undefined }[] = [];
  const [e] = await sendRequests(LIVE_REQUESTS.slice(0, 1), {
    apiKey: KEY,
    baseUrl: "https://ecos.bok.or.kr/api",
    fetch: (input, init) => {
      asked.push({ url: String(input), init });
      return Promise.resolve(
        new Response(null, { status: 301, headers: { location: "https://elsewhere.example/" } }),
      );
    },
    paceMs: 0,
  });
  assert.equal(asked[0]?.init?.redirect, "manual");
  assert.equal(e?.status, 301);
  assert.equal(asked.length, 1);
});

Deno.test("sendRequests() keeps a failed request with its error, key removed, and goes on", async () => {
  const exchanges = await sendRequests(LIVE_REQUESTS.slice(0, 3), {
    apiKey: KEY,
    baseUrl: "https://ecos.bok.or.kr/api",
    fetch: (input, init) => {
      if (String(input).includes("/xml/")) {
        return Promise.reject(new TypeError(`error sending request for url (${input})`));
      }
      return answering()(input, init);
    },
    paceMs: 0,
  });
  assert.deepEqual(exchanges.map((e) => e.status), [200, 0, 200]);
  assert.equal(
    exchanges[1]?.error,
    "TypeError: error sending request for url " +
      "(https://ecos.bok.or.kr/api/KeyStatisticList/***/xml/kr/1/1)",
  );
  const results = await checkFacts(exchanges);
  const xml = results.find((r) => r.fact.startsWith("XML body"));
  assert.equal(xml?.verdict, "differ");
  assert.match(xml?.seen ?? "", /^keystats-xml: no answer \(TypeError: error sending/);
});

Deno.test("sendRequests() gives up on a request that does not answer in time", async () => {
  const [e] = await sendRequests(LIVE_REQUESTS.slice(0, 1), {
    apiKey: KEY,
    baseUrl: "https://ecos.bok.or.kr/api",
    fetch: (_input, init) =>
      new Promise((_, reject) => {
        const signal = init?.signal;
        signal?.addEventListener("abort", () => reject(signal.reason), { once: true });
      }),
    paceMs: 0,
    timeoutMs: 20,
  });
  assert.equal(e?.status, 0);
  assert.equal(e?.error, "no answer within 20 ms");
});

Deno.test("sendRequests() reads a body only up to maxBytes", async () => {
  const [e] = await sendRequests(LIVE_REQUESTS.slice(0, 1), {
    apiKey: KEY,
    baseUrl: "https://ecos.bok.or.kr/api",
    fetch: () => Promise.resolve(new Response("x".repeat(100_000))),
    paceMs: 0,
    maxBytes: 1000,
  });
  assert.equal(e?.body.length, 1000);
});

Deno.test("sendRequests() stops when its signal fires", async () => {
  const stop = new AbortController();
  let sent = 0;
  const run = sendRequests(LIVE_REQUESTS, {
    apiKey: KEY,
    baseUrl: "https://ecos.bok.or.kr/api",
    fetch: (input, init) => {
      if (++sent === 2) stop.abort(new Error("Interrupted"));
      return answering()(input, init);
    },
    paceMs: 0,
    signal: stop.signal,
  });
  await assert.rejects(run, { message: "Interrupted" });
  assert.equal(sent, 2);
});

Deno.test("formatReport() says so when no request was answered", async () => {
  const exchanges = await sendRequests(LIVE_REQUESTS, {
    apiKey: KEY,
    baseUrl: "https://ecos.bok.or.kr/api",
    fetch: () => Promise.reject(new TypeError("fetch failed")),
    paceMs: 0,
  });
  const results = await checkFacts(exchanges);
  assert.equal(results.filter((r) => r.verdict === "agree").length, 0);
  const report = formatReport(results, exchanges);
  assert.match(report, /\nNo request was answered \(TypeError: fetch failed\): check the network/);
});
