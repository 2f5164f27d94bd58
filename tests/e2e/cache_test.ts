/**
 * The response cache end to end, against the bundled server: a repeated query costs no
 * request, frames say they came from the cache, errors are never kept, and no file holds the
 * key.
 */

import assert from "node:assert/strict";
import { frameInfo } from "../../mod.ts";
import { clientFor, KEY, rate, rejects, serve } from "../testdata/e2e.ts";

async function withDir(run: (dir: string) => Promise<void>): Promise<void> {
  const dir = await Deno.makeTempDir({ prefix: "ecos-cache-test-" });
  try {
    await run(dir);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

/** Every file under a directory, with its text. */
async function files(dir: string): Promise<[string, string][]> {
  const out: [string, string][] = [];
  for await (const e of Deno.readDir(dir)) {
    const path = `${dir}/${e.name}`;
    if (e.isDirectory) out.push(...await files(path));
    else out.push([path, await Deno.readTextFile(path)]);
  }
  return out;
}

Deno.test("a second identical query makes zero requests and says it came from the cache", async () => {
  await withDir(async (dir) => {
    await using server = await serve();
    const client = clientFor(server.url, { pageSize: 10, cache: { dir } });
    const first = await client.statisticSearch(rate);
    const requests = server.stats.total;
    assert.equal(requests, 3);
    assert.equal(frameInfo(first)?.fromCache, false);
    const again = await clientFor(server.url, { pageSize: 10, cache: { dir } }).statisticSearch(
      rate,
    );
    assert.equal(server.stats.total, requests, "no request the second time");
    assert.ok(again.frameEqual(first, true));
    const info = frameInfo(again);
    assert.equal(info?.fromCache, true);
    assert.equal(info?.fetchedAt.getTime(), frameInfo(first)?.fetchedAt.getTime());
    // Another page size, format or language is another query.
    await client.statisticSearch(rate, { format: "xml" });
    assert.equal(server.stats.total, requests + 3);
  });
});

Deno.test("the cache is off by default for a server on this machine", async () => {
  await using server = await serve();
  const client = clientFor(server.url);
  await client.statisticSearch(rate);
  await client.statisticSearch(rate);
  assert.equal(server.stats.total, 2);
  assert.equal(await client.cacheInfo(), undefined);
  assert.equal(await client.clearCache(), 0);
});

Deno.test("errors are never cached", async () => {
  await withDir(async (dir) => {
    let failing = true;
    await using server = await serve({
      fault: () => (failing ? { kind: "code", code: "ERROR-500" } : undefined),
    });
    const client = clientFor(server.url, { cache: { dir } });
    assert.equal((await rejects(client.statisticSearch(rate))).code, "ERROR-500");
    assert.deepEqual(await files(dir).catch(() => []), []);
    failing = false;
    const df = await client.statisticSearch(rate);
    assert.equal(df.height, 24);
    const wrongKey = clientFor(server.url, { apiKey: "not-a-key", cache: { dir } });
    assert.equal(
      (await rejects(wrongKey.statisticSearch({ ...rate, start: "201801" }))).code,
      "INFO-100",
    );
    assert.equal((await client.cacheInfo())?.entries, 1);
  });
});

Deno.test("no cache file holds the key, in any form", async () => {
  await withDir(async (dir) => {
    await using server = await serve();
    await clientFor(server.url, { cache: { dir } }).statisticSearch(rate);
    const all = await files(dir);
    assert.ok(all.length > 0);
    for (const [path, text] of all) {
      assert.ok(!path.includes(KEY) && !text.includes(KEY), path);
      assert.ok(!text.includes(encodeURIComponent(KEY)), path);
    }
  });
});

Deno.test("a corrupt entry is fetched again; an expired one too", async () => {
  await withDir(async (dir) => {
    await using server = await serve();
    const client = clientFor(server.url, { cache: { dir } });
    const first = await client.statisticSearch(rate);
    for (const [path, text] of await files(dir)) {
      await Deno.writeTextFile(path, text.slice(0, text.length / 2));
    }
    const again = await client.statisticSearch(rate);
    assert.ok(again.frameEqual(first, true));
    assert.equal(server.stats.total, 2);
    assert.equal(frameInfo(again)?.fromCache, false);
    const stale = clientFor(server.url, { cache: { dir, ttlMs: 0 } });
    await stale.statisticSearch(rate);
    assert.equal(server.stats.total, 3, "an expired entry is asked for again");
  });
});

Deno.test("clearCache() empties the cache and cacheInfo() counts it", async () => {
  await withDir(async (dir) => {
    await using server = await serve();
    const client = clientFor(server.url, { cache: { dir }, pageSize: 10 });
    await client.statisticSearch(rate);
    const info = await client.cacheInfo();
    assert.equal(info?.dir, dir);
    assert.equal(info?.entries, 3);
    assert.equal(await client.clearCache(), 3);
    assert.equal((await client.cacheInfo())?.entries, 0);
  });
});

Deno.test("a cache that cannot be written warns once and the queries go on", async () => {
  await withDir(async (dir) => {
    const file = `${dir}/not-a-dir`;
    await Deno.writeTextFile(file, "x");
    await using server = await serve();
    const warnings: string[] = [];
    const warn = console.warn;
    console.warn = (...args: unknown[]) => void warnings.push(args.join(" "));
    try {
      const client = clientFor(server.url, { cache: { dir: `${file}/cache` } });
      assert.equal((await client.statisticSearch(rate)).height, 24);
      assert.equal((await client.statisticSearch(rate)).height, 24);
    } finally {
      console.warn = warn;
    }
    assert.equal(warnings.length, 1, warnings.join("\n"));
    assert.match(warnings[0]!, /cache: false/);
    assert.equal(server.stats.total, 2);
  });
});
