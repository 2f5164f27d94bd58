import assert from "node:assert/strict";
import { buildLiveUrl, LIVE_FACTS, LIVE_REQUESTS, MAX_LIVE_REQUESTS } from "../../src/live/mod.ts";

Deno.test("the check's requests: at most 30, named once each, as file names", () => {
  assert.equal(MAX_LIVE_REQUESTS, 30);
  assert.ok(LIVE_REQUESTS.length <= 30);
  const names = LIVE_REQUESTS.map((r) => r.name);
  assert.equal(new Set(names).size, names.length);
  for (const name of names) assert.match(name, /^[a-z0-9][a-z0-9-]*$/);
});

Deno.test("every request is read by a fact, and every fact reads requests the check sends", () => {
  const sent = new Set(LIVE_REQUESTS.map((r) => r.name));
  const read = new Set(LIVE_FACTS.flatMap((f) => f.requests));
  assert.deepEqual([...sent].filter((n) => !read.has(n)), []);
  assert.deepEqual([...read].filter((n) => !sent.has(n)), []);
});

Deno.test("buildLiveUrl() percent-encodes every segment, the key as a segment, and hides it", () => {
  const meta = LIVE_REQUESTS.find((r) => r.name === "meta")!;
  const { url, path } = buildLiveUrl("https://ecos.bok.or.kr/api//", "a/b?c", meta);
  assert.equal(
    url,
    "https://ecos.bok.or.kr/api/StatisticMeta/a%2Fb%3Fc/json/kr/1/10/" +
      "%EA%B2%BD%EC%A0%9C%EC%8B%AC%EB%A6%AC%EC%A7%80%EC%88%98",
  );
  assert.equal(path, url.slice("https://ecos.bok.or.kr/api/".length).replace("a%2Fb%3Fc", "***"));
});

Deno.test("buildLiveUrl() shows the sample and the invalid key, which are not secrets", () => {
  const by = (name: string) => LIVE_REQUESTS.find((r) => r.name === name)!;
  assert.equal(
    buildLiveUrl("https://x/api", "k", by("sample-11")).path,
    "KeyStatisticList/sample/json/kr/1/11",
  );
  assert.equal(
    buildLiveUrl("https://x/api", "k", by("bad-key")).path,
    "KeyStatisticList/ecos-live-check-invalid-key/json/kr/1/1",
  );
  assert.equal(
    buildLiveUrl("https://x/api", "k", by("rows-missing")).url,
    "https://x/api/StatisticSearch/k/json/kr",
  );
});

Deno.test("no request carries a query string but the guide's /?/?/?", () => {
  const withQuery = LIVE_REQUESTS.filter((r) =>
    buildLiveUrl("https://x/api", "k", r).url.includes("?")
  );
  assert.deepEqual(withQuery.map((r) => r.name), ["guide-query"]);
});
