/**
 * What the README's "The response cache" paragraph promises, one test each: on by default for a
 * service on another machine, under ECOS_CACHE_DIR or the platform's cache directory; off for a
 * server on this machine and with `cache: false`; an entry per query, language, page size and
 * format; fresh for 12 hours; a re-run costs no request; `frameInfo()` says where and when, and
 * whether from the cache. (Errors never kept, `clearCache()`, `ecos cache clear` and
 * `--no-cache`: tests/e2e/cache_test.ts and tests/cli/cache_test.ts.)
 *
 * "Another machine" is https://ecos.example/api, answered through the client's `fetch` option
 * by the bundled server on loopback: no network, and the client cannot tell. Every client here
 * gets its environment as an option; the process's is neither read nor written.
 *
 * @module
 */

import assert from "node:assert/strict";
import { join } from "node:path";
import { EcosClient, type EcosClientOptions, frameInfo } from "../../mod.ts";
import type { EcosServer } from "../../src/server/mod.ts";
import { FAST_RETRY, KEY, rate, serve } from "../testdata/e2e.ts";
import { tempDir as makeTempDir } from "../testdata/temp_dir.ts";

const REMOTE = "https://ecos.example/api";

/** A fetch that answers for `base` from the bundled server, and the URLs asked. */
function answeredBy(server: EcosServer, base = REMOTE) {
  const urls: string[] = [];
  const fetchImpl = (input: string | URL | Request, init?: RequestInit) => {
    const url = input instanceof Request ? input.url : String(input);
    urls.push(url);
    assert.ok(url.startsWith(`${base}/`), `asked another origin: ${url}`);
    return fetch(server.url + url.slice(base.length), init);
  };
  return { fetch: fetchImpl as typeof fetch, urls };
}

/** A client of `baseUrl` answered by `server`, with the test key and nothing of the process's. */
function clientOf(
  server: EcosServer,
  baseUrl: string,
  options: EcosClientOptions = {},
): { client: EcosClient; urls: string[] } {
  const { fetch, urls } = answeredBy(server, baseUrl);
  const client = new EcosClient({
    baseUrl,
    apiKey: KEY,
    fetch,
    retry: FAST_RETRY,
    rateLimit: false,
    env: {},
    ...options,
  });
  return { client, urls };
}

const tempDir = () => makeTempDir("ecos_cache_promises_");

/** The files under a directory, as paths relative to it; none when it does not exist. */
async function filesUnder(dir: string, prefix = ""): Promise<string[]> {
  const out: string[] = [];
  try {
    for await (const e of Deno.readDir(join(dir, prefix))) {
      const path = prefix === "" ? e.name : `${prefix}/${e.name}`;
      if (e.isDirectory) out.push(...await filesUnder(dir, path));
      else out.push(path);
    }
  } catch (e) {
    if (!(e instanceof Deno.errors.NotFound)) throw e;
  }
  return out;
}

Deno.test("the cache is on by default for a service on another machine, in ECOS_CACHE_DIR", async () => {
  await using server = await serve();
  await using dir = await tempDir();
  const env = { ECOS_CACHE_DIR: dir.path };
  const first = clientOf(server, REMOTE, { env });
  const a = await first.client.statisticSearch(rate);
  assert.equal(first.urls.length, 1);
  assert.ok((await filesUnder(dir.path)).length > 0, "an entry on disk");
  assert.equal((await first.client.cacheInfo())?.dir, dir.path);
  // Running the notebook again: a new client, the same query, no request.
  const again = clientOf(server, REMOTE, { env });
  const b = await again.client.statisticSearch(rate);
  assert.deepEqual(again.urls, []);
  assert.ok(b.frameEqual(a, true));
  assert.equal(server.stats.total, 1);
});

Deno.test("the cache is on by default in the platform's cache directory", async () => {
  await using server = await serve();
  await using home = await tempDir();
  await using xdg = await tempDir();
  const cases: [Record<string, string>, string][] = [];
  switch (Deno.build.os) {
    case "windows":
      cases.push([{ LOCALAPPDATA: home.path }, join(home.path, "ecos", "cache")]);
      break;
    case "darwin":
      cases.push([{ HOME: home.path }, join(home.path, "Library", "Caches", "ecos")]);
      break;
    default:
      cases.push([{ HOME: home.path }, join(home.path, ".cache", "ecos")]);
      cases.push([{ HOME: home.path, XDG_CACHE_HOME: xdg.path }, join(xdg.path, "ecos")]);
  }
  for (const [env, dir] of cases) {
    const { client, urls } = clientOf(server, REMOTE, { env });
    await client.statisticSearch(rate);
    await client.statisticSearch(rate);
    assert.equal(urls.length, 1, JSON.stringify(env));
    assert.equal((await client.cacheInfo())?.dir, dir);
    assert.ok((await filesUnder(dir)).length > 0, `an entry under ${dir}`);
    await client.clearCache();
  }
});

Deno.test("the cache is off by default for a server on this machine", async (t) => {
  await using server = await serve();
  await using dir = await tempDir();
  const env = { ECOS_CACHE_DIR: dir.path };
  for (
    const base of [
      "http://127.0.0.1:8080/api",
      "http://localhost:8080/api",
      "http://[::1]:8080/api",
    ]
  ) {
    await t.step(base, async () => {
      const { client, urls } = clientOf(server, base, { env });
      await client.statisticSearch(rate);
      await client.statisticSearch(rate);
      assert.equal(urls.length, 2, "both queries asked");
      assert.equal(await client.cacheInfo(), undefined);
    });
  }
  assert.deepEqual(await filesUnder(dir.path), []);
});

Deno.test("cache: false turns the cache off for a service on another machine", async () => {
  await using server = await serve();
  await using dir = await tempDir();
  const { client, urls } = clientOf(server, REMOTE, {
    env: { ECOS_CACHE_DIR: dir.path },
    cache: false,
  });
  await client.statisticSearch(rate);
  const df = await client.statisticSearch(rate);
  assert.equal(urls.length, 2);
  assert.equal(frameInfo(df)?.fromCache, false);
  assert.equal(await client.cacheInfo(), undefined);
  assert.deepEqual(await filesUnder(dir.path), []);
});

Deno.test("the cache keeps an entry per language, page size and format", async (t) => {
  await using server = await serve();
  await using dir = await tempDir();
  const { client, urls } = clientOf(server, REMOTE, { cache: { dir: dir.path } });
  const names = (df: { getColumn(name: string): { get(i: number): unknown } }) => [
    df.getColumn("STAT_NAME").get(0),
    df.getColumn("UNIT_NAME").get(0),
  ];
  const KOREAN = ["한국은행 기준금리 및 여수신금리", "연%"];
  const ENGLISH = ["Bank of Korea Base Rate and Lending/Deposit Rates", "% p.a."];
  await t.step("Korean, then English: two requests, two frames", async () => {
    assert.deepEqual(names(await client.statisticSearch(rate)), KOREAN);
    assert.deepEqual(names(await client.statisticSearch(rate, { language: "en" })), ENGLISH);
    assert.equal(urls.length, 2);
    assert.match(urls[1]!, /\/json\/en\//);
  });
  await t.step("each from the cache in its own language", async () => {
    const english = clientOf(server, REMOTE, { cache: { dir: dir.path }, language: "en" });
    assert.deepEqual(names(await english.client.statisticSearch(rate)), ENGLISH);
    assert.deepEqual(names(await client.statisticSearch(rate)), KOREAN);
    assert.deepEqual(english.urls, []);
    assert.equal(urls.length, 2);
  });
  await t.step("another page size asks again", async () => {
    const df = await client.statisticSearch(rate, { pageSize: 10 });
    assert.equal(df.height, 24);
    assert.equal(urls.length, 2 + 3);
    await client.statisticSearch(rate, { pageSize: 10 });
    assert.equal(urls.length, 5);
  });
  await t.step("another format asks again", async () => {
    const df = await client.statisticSearch(rate, { format: "xml" });
    assert.deepEqual(names(df), KOREAN);
    assert.equal(urls.length, 6);
    assert.match(urls[5]!, /\/xml\/kr\//);
    await client.statisticSearch(rate, { format: "xml" });
    assert.equal(urls.length, 6);
  });
});

Deno.test("an entry is fresh for 12 hours, then asked for again", async () => {
  await using server = await serve();
  await using dir = await tempDir();
  const cache = { dir: dir.path };
  const { client } = clientOf(server, REMOTE, { cache });
  const fetchedAt = frameInfo(await client.statisticSearch(rate))!.fetchedAt.getTime();
  const HOUR = 3_600_000;
  // The cache tells the time by Date.now, read when a client is made: a client made "later".
  const realNow = Date.now;
  const later = async (ms: number) => {
    Date.now = () => fetchedAt + ms;
    try {
      const { client, urls } = clientOf(server, REMOTE, { cache });
      const df = await client.statisticSearch(rate);
      return { asked: urls.length, fromCache: frameInfo(df)?.fromCache };
    } finally {
      Date.now = realNow;
    }
  };
  assert.deepEqual(await later(11 * HOUR + 59 * 60_000), { asked: 0, fromCache: true });
  assert.deepEqual(await later(12 * HOUR + 60_000), { asked: 1, fromCache: false });
});

Deno.test("frameInfo() says where and when the rows were fetched, and whether from the cache", async () => {
  await using server = await serve();
  await using dir = await tempDir();
  const before = Date.now();
  const { client } = clientOf(server, REMOTE, { cache: { dir: dir.path } });
  const first = frameInfo(await client.statisticSearch(rate));
  const after = Date.now();
  assert.equal(first?.source, "custom");
  assert.equal(first?.baseUrl, REMOTE);
  assert.equal(first?.fromCache, false);
  const at = first!.fetchedAt.getTime();
  assert.ok(before <= at && at <= after, "fetched during the call");
  const again = frameInfo(await client.statisticSearch(rate));
  assert.equal(again?.fromCache, true);
  assert.equal(again?.fetchedAt.getTime(), at, "when the service answered, not when read");
  assert.ok(!JSON.stringify(again).includes(KEY));
});
