/**
 * The response cache against what it finds on disk, end to end: a FIFO or a link in an
 * entry's place costs a request and never a hang; `ecos cache clear` removes them, and nothing
 * they point to. And free text typed decomposed (NFD) finds what composed text finds.
 */

import assert from "node:assert/strict";
import { join } from "node:path";
import { frameInfo } from "../../mod.ts";
import { main } from "../../src/cli.ts";
import { type CacheKey, ResponseCache } from "../../src/cache/mod.ts";
import { clientFor, rate, serve } from "../testdata/e2e.ts";
import { mkfifo, settlesUnblocked } from "../testdata/fifo.ts";

const unix = Deno.build.os !== "windows";

/** The cache key of one page of `rate` (24 rows, pages of 10), as the client writes it. */
const pageKey = (baseUrl: string, startNo: number): CacheKey => ({
  baseUrl,
  service: "StatisticSearch",
  format: "json",
  language: "kr",
  startNo,
  endNo: Math.min(24, startNo + 9),
  args: ["722Y001", "M", "201901", "202012", "0101000"],
});

Deno.test({
  name: "a FIFO or a link in an entry's place costs a request, never a hang",
  ignore: !unix,
  fn: async () => {
    const root = await Deno.makeTempDir({ prefix: "ecos-trust-" });
    try {
      await using server = await serve();
      const dir = join(root, "cache");
      const client = clientFor(server.url, { pageSize: 10, cache: { dir }, deadlineMs: 60_000 });
      const first = await client.statisticSearch(rate);
      // Another cache's valid entry of page 21, to link to.
      const other = new ResponseCache({ dir: join(root, "other") });
      const third = new ResponseCache({ dir });
      const page21 = await third.get(pageKey(server.url, 21));
      assert.ok(page21 !== undefined);
      await other.set(pageKey(server.url, 21), page21);
      const cache = new ResponseCache({ dir });
      const [fifo, zero, link] = await Promise.all(
        [1, 11, 21].map((n) => cache.entryPath(pageKey(server.url, n))),
      );
      for (const path of [fifo!, zero!, link!]) await Deno.remove(path);
      await mkfifo(fifo!);
      await Deno.symlink("/dev/zero", zero!);
      await Deno.symlink(await other.entryPath(pageKey(server.url, 21)), link!);
      const before = server.stats.total;
      const again = await settlesUnblocked(fifo!, () => client.statisticSearch(rate));
      assert.ok(again.frameEqual(first, true));
      assert.equal(frameInfo(again)?.fromCache, false);
      assert.equal(server.stats.total - before, 3, "each odd entry cost its request");
      for (const path of [fifo!, zero!, link!]) {
        assert.equal((await Deno.lstat(path)).isFile, true, `${path} holds the page now`);
      }
    } finally {
      await Deno.remove(root, { recursive: true });
    }
  },
});

Deno.test({
  name: "ecos cache clear removes FIFOs and links in the cache, and nothing they point to",
  ignore: !unix,
  fn: async () => {
    const root = await Deno.makeTempDir({ prefix: "ecos-trust-" });
    try {
      const dir = join(root, "cache");
      const cache = new ResponseCache({ dir });
      const keys = [1, 11, 21].map((n) => pageKey("https://ecos.test/api", n));
      for (const key of keys) await cache.set(key, { body: "{}", fetchedAt: new Date() });
      const [fifo, link] = await Promise.all(keys.slice(0, 2).map((k) => cache.entryPath(k)));
      const target = join(root, "precious.txt");
      await Deno.writeTextFile(target, "keep");
      for (const path of [fifo!, link!]) await Deno.remove(path);
      await mkfifo(fifo!);
      await Deno.symlink(target, link!);
      let stdout = "";
      const code = await main(["cache", "clear"], {
        env: { ECOS_CACHE_DIR: dir },
        isTTY: false,
        stdout: (t) => (stdout += t),
        stderr: () => {},
      });
      assert.equal(code, 0);
      assert.equal(stdout, `Removed 3 entries from ${dir}\n`);
      assert.deepEqual([...Deno.readDirSync(dir)], []);
      assert.equal(await Deno.readTextFile(target), "keep");
    } finally {
      await Deno.remove(root, { recursive: true });
    }
  },
});

Deno.test("searchTables, findItems, statisticWord: decomposed Korean finds what composed finds", async () => {
  await using server = await serve();
  const client = clientFor(server.url);
  const nfd = (s: string) => s.normalize("NFD");
  const tables = await client.searchTables(nfd("기준금리"));
  assert.ok(tables.getColumn("STAT_CODE").toArray().includes("722Y001"));
  const items = await client.findItems("901Y009", nfd("총지수"));
  assert.ok(items.height > 0);
  assert.deepEqual(
    items.getColumn("ITEM_CODE").toArray(),
    (await client.findItems("901Y009", "총지수")).getColumn("ITEM_CODE").toArray(),
  );
  const word = await client.statisticWord(nfd("소비자물가지수"));
  assert.ok(word.height >= 1);
});
