/**
 * The cache against what it may find on disk: FIFOs, links, devices, oversized files, shards
 * that are links, a directory that is not the user's own; and pages written beside their
 * entries until the caller commits them.
 */

import assert from "node:assert/strict";
import { join } from "node:path";
import { type CachedPage, type CacheKey, ResponseCache } from "../../src/cache/mod.ts";
import { mkfifo, settlesUnblocked } from "../testdata/fifo.ts";

const KEY: CacheKey = {
  baseUrl: "https://ecos.test/api",
  service: "StatisticSearch",
  format: "json",
  language: "kr",
  startNo: 1,
  endNo: 10,
  args: ["722Y001", "M", "202401", "202412"],
};
const PAGE: CachedPage = { body: '{"StatisticSearch":{}}', fetchedAt: new Date() };
const unix = Deno.build.os !== "windows";

async function inTempDir(fn: (dir: string) => Promise<void>): Promise<void> {
  const dir = await Deno.makeTempDir({ prefix: "ecos_odd_test_" });
  try {
    await fn(dir);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

/** A cache whose warnings are kept. */
function testCache(dir: string, uid?: number) {
  const warnings: string[] = [];
  const cache = new ResponseCache({
    dir,
    warn: (m) => warnings.push(m),
    ...(uid === undefined ? {} : { uid }),
  });
  return { cache, warnings };
}

const gone = async (path: string) => {
  await assert.rejects(Deno.lstat(path), Deno.errors.NotFound, `${path} is still there`);
};

Deno.test({
  name: "ResponseCache.get() does not block on a FIFO in an entry's place, and removes it",
  ignore: !unix,
  fn: () =>
    inTempDir(async (dir) => {
      const { cache, warnings } = testCache(dir);
      const path = await cache.entryPath(KEY);
      await Deno.mkdir(join(path, ".."), { recursive: true });
      await mkfifo(path);
      assert.equal(await settlesUnblocked(path, () => cache.get(KEY)), undefined);
      await gone(path);
      await cache.set(KEY, PAGE);
      assert.equal((await cache.get(KEY))?.body, PAGE.body);
      assert.deepEqual(warnings, []);
    }),
});

Deno.test({
  name: "ResponseCache.get() follows no link: not to /dev/zero, not to an entry elsewhere",
  ignore: !unix,
  fn: () =>
    inTempDir(async (dir) => {
      const cacheDir = join(dir, "cache");
      await Deno.mkdir(cacheDir, { mode: 0o700 });
      const { cache } = testCache(cacheDir);
      // A valid entry for KEY, written by another cache, outside this one.
      const elsewhere = new ResponseCache({ dir: join(dir, "other") });
      await elsewhere.set(KEY, PAGE);
      const path = await cache.entryPath(KEY);
      await Deno.mkdir(join(path, ".."), { recursive: true });
      for (const target of ["/dev/zero", await elsewhere.entryPath(KEY)]) {
        await Deno.symlink(target, path);
        assert.equal(await cache.get(KEY), undefined, target);
        await gone(path);
      }
      assert.equal((await elsewhere.get(KEY))?.body, PAGE.body, "the target is left alone");
      // A shard that is a link to another cache's shard is not followed either.
      const shard = join(path, "..");
      await Deno.remove(shard, { recursive: true });
      await Deno.symlink(join(await elsewhere.entryPath(KEY), ".."), shard);
      assert.equal(await cache.get(KEY), undefined);
      await gone(shard);
      assert.equal((await elsewhere.get(KEY))?.body, PAGE.body);
    }),
});

Deno.test("ResponseCache.get() reads no entry past the body bound, nor after the signal", async () => {
  await inTempDir(async (dir) => {
    const { cache } = testCache(dir);
    await cache.set(KEY, { ...PAGE, body: "x".repeat(200_000) });
    const path = await cache.entryPath(KEY);
    assert.equal(await cache.get(KEY, { maxBodyBytes: 100_000 }), undefined);
    assert.equal((await Deno.lstat(path)).isFile, true, "a larger entry is not corrupt: kept");
    assert.equal((await cache.get(KEY, { maxBodyBytes: 300_000 }))?.body.length, 200_000);
    assert.equal(await cache.get(KEY, { signal: AbortSignal.abort() }), undefined);
  });
});

Deno.test({
  name: "ResponseCache.clear() removes whatever is in the entry area, and nothing it links to",
  ignore: !unix,
  fn: () =>
    inTempDir(async (dir) => {
      const cacheDir = join(dir, "cache");
      const outside = join(dir, "outside.txt");
      await Deno.writeTextFile(outside, "keep");
      const { cache } = testCache(cacheDir);
      const keys = [1, 2, 3, 4, 5].map((startNo) => ({ ...KEY, startNo }));
      for (const key of keys) await cache.set(key, PAGE);
      const [fifo, link, devZero, folder] = await Promise.all(
        keys.slice(0, 4).map((k) => cache.entryPath(k)),
      );
      for (const path of [fifo!, link!, devZero!, folder!]) await Deno.remove(path);
      await mkfifo(fifo!);
      await Deno.symlink(outside, link!);
      await Deno.symlink("/dev/zero", devZero!);
      await Deno.mkdir(join(folder!, "inner"), { recursive: true });
      // A link in a shard's place, to a directory outside; and one under a name not a shard's.
      await Deno.mkdir(join(dir, "elsewhere"));
      await Deno.writeTextFile(join(dir, "elsewhere", "mine.txt"), "keep");
      const used = new Set([...Deno.readDirSync(cacheDir)].map((e) => e.name));
      const free = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, "0"))
        .find((name) => !used.has(name))!;
      const shardLink = join(cacheDir, free);
      await Deno.symlink(join(dir, "elsewhere"), shardLink);
      await Deno.symlink(join(dir, "elsewhere"), join(cacheDir, "0g"));

      const info = await cache.info();
      assert.equal(info.entries, 1);
      assert.equal(info.corrupt, 4);
      assert.equal(await cache.clear(), 5);
      for (const path of [fifo!, link!, devZero!, folder!, shardLink]) await gone(path);
      assert.equal(await Deno.readTextFile(outside), "keep");
      assert.equal(await Deno.readTextFile(join(dir, "elsewhere", "mine.txt")), "keep");
      assert.equal((await Deno.lstat(join(cacheDir, "0g"))).isSymlink, true, "not ours: left");
    }),
});

Deno.test("ResponseCache.stage() writes beside the entry; commit() puts it in place", async () => {
  await inTempDir(async (dir) => {
    const { cache } = testCache(dir);
    await cache.set(KEY, { ...PAGE, body: "old" });
    const staged = await cache.stage(KEY, { ...PAGE, body: "new" });
    assert.equal((await cache.get(KEY))?.body, "old");
    await staged?.commit();
    assert.equal((await cache.get(KEY))?.body, "new");
    const dropped = await cache.stage(KEY, { ...PAGE, body: "never" });
    await dropped?.discard();
    assert.equal((await cache.get(KEY))?.body, "new");
    const shard = join(await cache.entryPath(KEY), "..");
    assert.equal([...Deno.readDirSync(shard)].length, 1, "no temporary file is left");
  });
});

Deno.test({
  name: "ResponseCache uses only a directory of the user's own, writable by no one else",
  ignore: !unix,
  fn: () =>
    inTempDir(async (root) => {
      const me = (await Deno.lstat(root)).uid!;
      await new ResponseCache({ dir: join(root, "planted") }).set(KEY, PAGE);
      const cases: [string, () => Promise<string>, RegExp][] = [
        ["another user's", () => Promise.resolve(join(root, "planted")), /belongs to another/],
        ["group-writable", async () => {
          const dir = join(root, "shared");
          await new ResponseCache({ dir }).set(KEY, PAGE);
          await Deno.chmod(dir, 0o770);
          return dir;
        }, /can be written by other users \(mode 770/],
        ["a link to one's own", async () => {
          const dir = join(root, "link");
          await Deno.symlink(join(root, "planted"), dir);
          return dir;
        }, /is a symbolic link/],
      ];
      for (const [name, make, reason] of cases) {
        const dir = await make();
        // Another user's: the planted directory seen by a user of another id.
        const uid = name === "another user's" ? me + 1 : me;
        const { cache, warnings } = testCache(dir, uid);
        assert.equal(await cache.get(KEY), undefined, name);
        await cache.set(KEY, { ...PAGE, body: "mine" });
        assert.equal(await cache.get(KEY), undefined, name);
        assert.equal(warnings.length, 1, `${name}: ${warnings.join("\n")}`);
        assert.match(warnings[0]!, reason);
        assert.match(warnings[0]!, /ECOS_CACHE_DIR/);
        assert.equal(cache.enabled, false);
      }
      // The planted entry was never replaced: nothing was written there.
      assert.equal(
        (await new ResponseCache({ dir: join(root, "planted") }).get(KEY))?.body,
        PAGE.body,
      );
    }),
});

Deno.test({
  name: "ResponseCache makes a missing directory 0700, on the first write only",
  ignore: !unix,
  fn: () =>
    inTempDir(async (root) => {
      const dir = join(root, "a", "cache");
      const { cache, warnings } = testCache(dir);
      assert.equal(await cache.get(KEY), undefined);
      await gone(dir);
      await cache.set(KEY, PAGE);
      assert.equal((await Deno.lstat(dir)).mode! & 0o777, 0o700);
      assert.equal((await cache.get(KEY))?.body, PAGE.body);
      assert.deepEqual(warnings, []);
    }),
});

Deno.test("ResponseCache learns whose a directory is without --allow-sys", async () => {
  await inTempDir(async (dir) => {
    const script = new URL("./testdata/no_permissions.ts", import.meta.url).pathname;
    const out = await new Deno.Command(Deno.execPath(), {
      args: ["run", "--no-prompt", "--allow-env", "--allow-read", "--allow-write", script],
      clearEnv: true,
      env: { ECOS_CACHE_DIR: dir },
      stdout: "piped",
      stderr: "piped",
    }).output();
    assert.equal(out.code, 0, new TextDecoder().decode(out.stderr));
    const report = JSON.parse(new TextDecoder().decode(out.stdout));
    assert.deepEqual(report.warnings, []);
    assert.equal(report.enabled, true);
    assert.equal(report.hits, 1);
    // The probe that told whose the directory is was removed.
    const names = [...Deno.readDirSync(dir)].map((e) => e.name);
    assert.ok(!names.some((n) => n.startsWith(".owner-probe")), names.join(", "));
  });
});
