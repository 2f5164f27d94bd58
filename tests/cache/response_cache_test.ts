import assert from "node:assert/strict";
import { join, relative } from "node:path";
import {
  type CachedPage,
  type CacheKey,
  DEFAULT_TTL_MS,
  ResponseCache,
} from "../../src/cache/mod.ts";
import { bodyOf, SHARED_KEY } from "./testdata/shared.ts";

const KEY: CacheKey = {
  baseUrl: "http://ecos.test/api",
  service: "StatisticSearch",
  format: "json",
  language: "en",
  startNo: 1,
  endNo: 100,
  args: ["722Y001", "M", "202401", "202412", "0101000"],
};

const T0 = Date.parse("2025-03-01T09:00:00.000Z");

/** A temporary directory for one test, removed after it. */
async function inTempDir(fn: (dir: string) => Promise<void>): Promise<void> {
  const dir = await Deno.makeTempDir({ prefix: "ecos_cache_test_" });
  try {
    await fn(dir);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

/** A cache whose warnings are kept, with a clock the test moves. */
function testCache(dir: string, options: { ttlMs?: number } = {}) {
  const warnings: string[] = [];
  const clock = { now: T0 };
  const cache = new ResponseCache({
    dir,
    ttlMs: options.ttlMs ?? DEFAULT_TTL_MS,
    now: () => clock.now,
    warn: (message) => warnings.push(message),
  });
  return { cache, warnings, clock };
}

function page(body: string, at = T0): CachedPage {
  return { body, fetchedAt: new Date(at) };
}

/** Every file under a directory, as paths relative to it. */
async function filesUnder(dir: string): Promise<string[]> {
  const out: string[] = [];
  async function walk(at: string) {
    for await (const e of Deno.readDir(at)) {
      const path = join(at, e.name);
      if (e.isDirectory) await walk(path);
      else out.push(relative(dir, path));
    }
  }
  await walk(dir);
  return out.sort();
}

Deno.test("ResponseCache round-trips a page, and set() replaces it", async () => {
  await inTempDir(async (dir) => {
    const { cache, warnings } = testCache(dir);
    assert.equal(await cache.get(KEY), undefined);

    const body =
      '{"StatisticSearch":{"list_total_count":1,"row":[{"ITEM_NAME1":"기준금리"}]}}\n\r\0';
    await cache.set(KEY, page(body));
    assert.deepEqual(await cache.get(KEY), page(body));

    await cache.set(KEY, page("<xml/>", T0 + 1000));
    assert.deepEqual(await cache.get(KEY), page("<xml/>", T0 + 1000));
    assert.deepEqual(await cache.get({ ...KEY, args: [...KEY.args] }), page("<xml/>", T0 + 1000));

    const path = await cache.entryPath(KEY);
    const name = path.slice(dir.length + 1);
    assert.match(name, /^([0-9a-f]{2})[\\/]\1[0-9a-f]{62}\.entry$/);
    assert.deepEqual(await filesUnder(dir), [name]);
    assert.deepEqual(warnings, []);
  });
});

Deno.test("ResponseCache misses when any field of the key changes", async (t) => {
  await inTempDir(async (dir) => {
    const { cache } = testCache(dir);
    await cache.set(KEY, page("original"));
    const changes: [string, CacheKey][] = [
      ["baseUrl", { ...KEY, baseUrl: "http://ecos.test/api2" }],
      ["service", { ...KEY, service: "StatisticItemList" }],
      ["format", { ...KEY, format: "xml" }],
      ["language", { ...KEY, language: "kr" }],
      ["startNo", { ...KEY, startNo: 2 }],
      ["endNo", { ...KEY, endNo: 101 }],
      ["one argument", { ...KEY, args: ["722Y001", "M", "202401", "202412", "0102000"] }],
      ["one more argument", { ...KEY, args: [...KEY.args, ""] }],
      ["one fewer argument", { ...KEY, args: KEY.args.slice(0, -1) }],
      ["arguments joined", { ...KEY, args: ["722Y001/M", "202401", "202412", "0101000"] }],
      ["argument order", { ...KEY, args: ["M", "722Y001", "202401", "202412", "0101000"] }],
    ];
    const paths = new Set([await cache.entryPath(KEY)]);
    for (const [field, changed] of changes) {
      await t.step(`${field}`, async () => {
        assert.equal(await cache.get(changed), undefined);
        paths.add(await cache.entryPath(changed));
      });
    }
    assert.equal(paths.size, changes.length + 1);
    await t.step("not trailing slashes of the base URL", async () => {
      assert.equal(
        (await cache.get({ ...KEY, baseUrl: "http://ecos.test/api//" }))?.body,
        "original",
      );
    });
  });
});

Deno.test("ResponseCache writes the API key into no file name or content", async () => {
  const SECRET = "sEcReT-k3y/with?odd#chars";
  const client = { baseUrl: "http://ecos.test/api/", apiKey: SECRET };
  await inTempDir(async (dir) => {
    const { cache } = testCache(dir);
    // @ts-expect-error CacheKey has no field for the key
    const literal: CacheKey = { ...KEY, apiKey: client.apiKey };
    // A careless caller hands over an object that carries the key and the full request URL:
    const careless = {
      ...literal,
      baseUrl: client.baseUrl,
      url: `${client.baseUrl}StatisticSearch/${encodeURIComponent(SECRET)}/json/en/1/100`,
    };
    await cache.set(careless, page("body"));
    assert.equal((await cache.get(KEY))?.body, "body"); // the key plays no part in the identity

    const files = await filesUnder(dir);
    assert.equal(files.length, 1);
    const forms = [SECRET, encodeURIComponent(SECRET), "sEcReT"];
    for (const file of files) {
      const content = await Deno.readTextFile(join(dir, file));
      assert.match(content, /ecos\.test/); // the search below reads the real content
      for (const form of forms) {
        assert.ok(!file.includes(form), `the file name holds ${form}`);
        assert.ok(!content.includes(form), `the file holds ${form}`);
      }
    }
  });
});

Deno.test("ResponseCache.get() ignores entries older than ttlMs", async () => {
  await inTempDir(async (dir) => {
    const { cache, clock } = testCache(dir, { ttlMs: 60_000 });
    await cache.set(KEY, page("fresh", T0));
    clock.now = T0 + 60_000;
    assert.equal((await cache.get(KEY))?.body, "fresh");
    clock.now = T0 + 60_001;
    assert.equal(await cache.get(KEY), undefined);
    clock.now = T0 - 60_001; // dated too far ahead: a clock set wrong
    assert.equal(await cache.get(KEY), undefined);
    clock.now = T0 + 60_001;
    await cache.set(KEY, page("again", clock.now));
    assert.equal((await cache.get(KEY))?.body, "again");
  });
});

Deno.test("ResponseCache uses a 12-hour time to live by default", async () => {
  await inTempDir(async (dir) => {
    let now = T0;
    const cache = new ResponseCache({ dir, now: () => now });
    assert.equal(cache.ttlMs, 12 * 60 * 60 * 1000);
    await cache.set(KEY, page("body"));
    now = T0 + 12 * 60 * 60 * 1000;
    assert.equal((await cache.get(KEY))?.body, "body");
    now += 1;
    assert.equal(await cache.get(KEY), undefined);
  });
});

Deno.test("ResponseCache rejects a ttlMs below 0 or not a number", () => {
  for (const ttlMs of [-1, NaN]) {
    assert.throws(() => new ResponseCache({ dir: "unused", ttlMs }), RangeError);
  }
  assert.equal(new ResponseCache({ dir: "unused", ttlMs: Infinity }).ttlMs, Infinity);
});

Deno.test("ResponseCache.get() ignores corrupt, truncated and foreign files", async (t) => {
  await inTempDir(async (dir) => {
    const { cache, warnings } = testCache(dir);
    const other: CacheKey = { ...KEY, service: "StatisticItemList" };
    const path = await cache.entryPath(KEY);
    const encoder = new TextEncoder();
    const valid = async () => {
      await cache.set(KEY, page("a body of some length"));
      return await Deno.readFile(path);
    };
    const header = async () => {
      const text = await Deno.readTextFile(path);
      const end = text.indexOf("\n");
      return { head: JSON.parse(text.slice(0, end)), body: text.slice(end + 1) };
    };
    const cases: [string, () => Promise<void>][] = [
      ["an empty file", async () => {
        await valid();
        await Deno.writeFile(path, new Uint8Array());
      }],
      ["a file cut short", async () => {
        const bytes = await valid();
        await Deno.writeFile(path, bytes.subarray(0, bytes.length - 5));
      }],
      ["a header without its body", async () => {
        const bytes = await valid();
        await Deno.writeFile(path, bytes.subarray(0, bytes.indexOf(0x0a)));
      }],
      ["a body longer than its header says", async () => {
        const bytes = await valid();
        await Deno.writeFile(path, new Uint8Array([...bytes, 0x78]));
      }],
      ["a body altered at the same length", async () => {
        const bytes = await valid();
        bytes[bytes.length - 1] = 0x3f;
        await Deno.writeFile(path, bytes);
      }],
      ["a header that is not JSON", () => Deno.writeTextFile(path, "{not json\nbody")],
      ["a header of another format version", async () => {
        await valid();
        const { head, body } = await header();
        await Deno.writeTextFile(path, JSON.stringify({ ...head, v: 2 }) + "\n" + body);
      }],
      ["a header without the key", async () => {
        await valid();
        const { head, body } = await header();
        await Deno.writeTextFile(path, JSON.stringify({ ...head, key: null }) + "\n" + body);
      }],
      ["another key's entry (a hash collision)", async () => {
        await cache.set(other, page("another's body"));
        await Deno.copyFile(await cache.entryPath(other), path);
      }],
      ["a body that is not UTF-8", async () => {
        await valid();
        const { head } = await header();
        const body = new Uint8Array([0xff, 0xfe]);
        const sha256 = Array.from(
          new Uint8Array(await crypto.subtle.digest("SHA-256", body)),
          (b) => b.toString(16).padStart(2, "0"),
        ).join("");
        const first = encoder.encode(JSON.stringify({ ...head, length: 2, sha256 }) + "\n");
        await Deno.writeFile(path, new Uint8Array([...first, ...body]));
      }],
      ["a directory in the entry's place", async () => {
        await Deno.remove(path).catch(() => {});
        await Deno.mkdir(path, { recursive: true });
      }],
    ];
    for (const [name, spoil] of cases) {
      await t.step(name, async () => {
        await spoil();
        assert.equal(await cache.get(KEY), undefined);
        // A spoilt entry is a miss, and is removed.
        await assert.rejects(Deno.lstat(path), Deno.errors.NotFound);
        await cache.set(KEY, page("repaired"));
        assert.equal((await cache.get(KEY))?.body, "repaired");
      });
    }
    await t.step("foreign files, which info() and clear() leave alone too", async () => {
      const hash = path.slice(-70, -6);
      const foreign = [
        "notes.txt",
        join(hash.slice(0, 2), "README"),
        join(hash.slice(0, 2), `${hash}.entry.bak`),
        join("zz", `${hash}.entry`),
        join(hash === "0".repeat(64) ? "11" : "00", `${hash}.entry`), // in the wrong shard
      ];
      for (const file of foreign) {
        await Deno.mkdir(join(dir, file, ".."), { recursive: true });
        await Deno.writeTextFile(join(dir, file), "not an entry");
      }
      await Deno.remove(path);
      assert.equal(await cache.get(KEY), undefined);
      const info = await cache.info();
      assert.equal(info.entries, 1); // the other key's
      assert.equal(info.corrupt, 0);
      assert.equal(await cache.clear(), 1);
      assert.deepEqual(await filesUnder(dir), foreign.sort());
    });
    assert.deepEqual(warnings, []);
    assert.equal(cache.enabled, true);
  });
});

Deno.test("ResponseCache.set() from 20 concurrent writers in 4 processes leaves one whole entry", async () => {
  await inTempDir(async (dir) => {
    const writers = 4;
    const writes = 5;
    const bodies = new Set<string>();
    for (let w = 0; w < writers; w++) for (let i = 0; i < writes; i++) bodies.add(bodyOf(w, i));
    assert.equal(bodies.size, writers * writes);

    const script = new URL("./testdata/writer.ts", import.meta.url).pathname;
    const children = Array.from({ length: writers }, (_, w) =>
      new Deno.Command(Deno.execPath(), {
        args: ["run", "-A", script, dir, String(w), String(writes)],
        stdout: "piped",
        stderr: "piped",
      }).output());
    // Meanwhile, read: the entry file, when there is one, is always whole (info() would count it
    // corrupt otherwise), and every hit is one writer's body.
    const warnings: string[] = [];
    const cache = new ResponseCache({ dir, warn: (message) => warnings.push(message) });
    let running = true;
    const done = Promise.all(children).finally(() => running = false);
    let reads = 0;
    let foreign = 0;
    let partial = 0;
    while (running) {
      const hit = await cache.get(SHARED_KEY);
      if (hit !== undefined && !bodies.has(hit.body)) foreign++;
      if ((await cache.info()).corrupt > 0) partial++;
      reads++;
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    for (const out of await done) {
      assert.equal(out.code, 0, new TextDecoder().decode(out.stderr));
    }

    assert.equal(foreign, 0, "a read saw a body no one wrote");
    assert.equal(partial, 0, "a read saw an entry written in part");
    const last = await cache.get(SHARED_KEY);
    assert.ok(last !== undefined && bodies.has(last.body));
    const path = await cache.entryPath(SHARED_KEY);
    assert.deepEqual(await filesUnder(dir), [relative(dir, path)]); // no temporary file left
    const info = await cache.info();
    assert.equal(info.entries, 1);
    assert.equal(info.corrupt, 0);
    assert.ok(reads > 0);
    assert.deepEqual(warnings, []);
  });
});

Deno.test("ResponseCache.set() warns once and does not throw where it cannot write", async () => {
  await inTempDir(async (root) => {
    // A read-only directory; root ignores the mode, so then a path under a regular file, which
    // no one can create.
    let dir = join(root, "read-only");
    await Deno.mkdir(dir);
    let writable = true;
    try {
      await Deno.chmod(dir, 0o555);
      await Deno.writeTextFile(join(dir, "probe"), "");
    } catch {
      writable = false;
    }
    if (writable) {
      await Deno.writeTextFile(join(root, "a-file"), "");
      dir = join(root, "a-file", "cache");
    }
    try {
      const { cache, warnings } = testCache(dir);
      await cache.set(KEY, page("body"));
      await cache.set({ ...KEY, startNo: 101 }, page("body"));
      assert.equal(await cache.get(KEY), undefined);
      await cache.set(KEY, page("body"));

      assert.equal(warnings.length, 1);
      const [warning = ""] = warnings;
      assert.match(warning, /^Cannot write the response cache in /);
      assert.ok(warning.includes(dir), warning);
      assert.ok(warning.includes("`cache: false`"), warning);
      assert.ok(warning.includes("`--no-cache`"), warning);
      assert.equal(cache.enabled, false);
    } finally {
      await Deno.chmod(join(root, "read-only"), 0o755).catch(() => {});
    }
  });
});

Deno.test("ResponseCache goes on uncached, with one warning, without permissions", async (t) => {
  await inTempDir(async (dir) => {
    const script = new URL("./testdata/no_permissions.ts", import.meta.url).pathname;
    const sets: [string, string[], RegExp][] = [
      ["none", [], /^Cannot read .*NotCapable/s],
      ["env only", ["--allow-env"], /^Cannot read .*NotCapable/s],
      ["env and read", ["--allow-env", "--allow-read"], /^Cannot write .*NotCapable/s],
    ];
    for (const [name, flags, warning] of sets) {
      await t.step(name, async () => {
        const out = await new Deno.Command(Deno.execPath(), {
          args: ["run", "--no-prompt", ...flags, script],
          env: { ECOS_CACHE_DIR: dir },
          stdout: "piped",
          stderr: "piped",
        }).output();
        const stderr = new TextDecoder().decode(out.stderr);
        assert.equal(out.code, 0, stderr);
        const report = JSON.parse(new TextDecoder().decode(out.stdout));
        assert.equal(report.hits, 0);
        assert.equal(report.enabled, false);
        assert.equal(report.warnings.length, 1);
        assert.match(report.warnings[0], warning);
        assert.ok(report.warnings[0].includes(report.dir));
      });
    }
    assert.deepEqual(await filesUnder(dir), []);
  });
});

Deno.test("ResponseCache.set() warns about an invalid fetchedAt and stores nothing", async () => {
  await inTempDir(async (dir) => {
    const { cache, warnings } = testCache(dir);
    await cache.set(KEY, { body: "body", fetchedAt: new Date(NaN) });
    assert.equal(await cache.get(KEY), undefined);
    assert.equal(warnings.length, 1);
    assert.match(warnings[0] ?? "", /^Cannot cache a page without a valid fetchedAt: got /);
    assert.equal(cache.enabled, true);
  });
});

Deno.test("ResponseCache.info() counts entries, bytes, dates and expired ones", async () => {
  await inTempDir(async (dir) => {
    const { cache, clock } = testCache(dir, { ttlMs: 60_000 });
    assert.deepEqual(await cache.info(), { dir, entries: 0, bytes: 0, expired: 0, corrupt: 0 });
    assert.deepEqual(await new ResponseCache({ dir: join(dir, "absent") }).info(), {
      dir: join(dir, "absent"),
      entries: 0,
      bytes: 0,
      expired: 0,
      corrupt: 0,
    });

    await cache.set({ ...KEY, startNo: 1 }, page("one", T0 - 120_000));
    await cache.set({ ...KEY, startNo: 2 }, page("two", T0 - 30_000));
    await cache.set({ ...KEY, startNo: 3 }, page("three", T0));
    const broken = await cache.entryPath({ ...KEY, startNo: 4 });
    await Deno.mkdir(join(broken, ".."), { recursive: true });
    await Deno.writeTextFile(broken, "garbage");

    let bytes = 0;
    for (const file of await filesUnder(dir)) bytes += (await Deno.stat(join(dir, file))).size;
    assert.deepEqual(await cache.info(), {
      dir,
      entries: 3,
      bytes,
      oldest: new Date(T0 - 120_000),
      newest: new Date(T0),
      expired: 1,
      corrupt: 1,
    });
    clock.now = T0 + 45_000;
    assert.equal((await cache.info()).expired, 2);
  });
});

Deno.test("ResponseCache.clear() removes its entries and empty shards, nothing else", async () => {
  await inTempDir(async (dir) => {
    const { cache } = testCache(dir);
    assert.equal(await new ResponseCache({ dir: join(dir, "absent") }).clear(), 0);
    const keys = [1, 2, 3, 4, 5].map((startNo) => ({ ...KEY, startNo }));
    for (const key of keys) await cache.set(key, page("body"));
    const path = await cache.entryPath(KEY);
    const shard = join(path, "..");
    const hash = path.slice(-70, -6);
    // A writer that died between its write and its rename left this:
    await Deno.writeTextFile(join(shard, `.${hash}.entry.${crypto.randomUUID()}.tmp`), "half");
    await Deno.writeTextFile(join(shard, "mine.txt"), "keep");
    await Deno.writeTextFile(join(dir, "keep.txt"), "keep");
    await Deno.mkdir(join(dir, "ff", "empty"), { recursive: true });

    assert.equal(await cache.clear(), keys.length);
    for (const key of keys) assert.equal(await cache.get(key), undefined);
    assert.deepEqual(await filesUnder(dir), [relative(dir, join(shard, "mine.txt")), "keep.txt"]);
    const left = [];
    for await (const e of Deno.readDir(dir)) left.push(e.name);
    assert.deepEqual(left.sort(), ["ff", "keep.txt", relative(dir, shard)].sort());
    assert.equal(await cache.clear(), 0);
  });
});
