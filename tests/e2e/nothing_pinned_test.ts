/**
 * Nothing lost, nothing pinned: each fault of an answer (a bad page, wrong rows, a body cut
 * short), once and until the service heals, against each surface (a call, a call whose page
 * is in the cache, a pull page by page, the command line with --out). A fault seen once costs
 * a request and nothing else; a fault that lasts fails the call with BAD_RESPONSE naming the
 * row and the field, keeps nothing in the cache, and the first call after the service heals
 * gets the whole, right frame.
 *
 * A proxy on loopback stands between the client and the bundled server and spoils the second
 * page (rows 11-20 of 24) as each fault says.
 */

import assert from "node:assert/strict";
import { join } from "node:path";
import { type DataFrame, frameInfo } from "../../mod.ts";
import { main } from "../../src/cli.ts";
import { type CacheKey, ResponseCache } from "../../src/cache/mod.ts";
import {
  clientFor,
  entryFiles,
  type FaultyService,
  faultyService,
  KEY,
  rate,
  rateKey,
  rejects,
  type SearchBody,
  type Spoil,
} from "../testdata/e2e.ts";

/** A fault of page 11-20: its body spoilt (as parsed JSON, or as text). */
interface Fault {
  name: string;
  spoil: Spoil;
  /** What the error says when the fault lasts. */
  message: RegExp;
}

const rows = (b: SearchBody) => b.StatisticSearch.row;
const FAULTS: Fault[] = [
  {
    name: "a row too many",
    spoil: (b) => (rows(b).push({ ...rows(b).at(-1) }), b),
    message: /rows 11-20 of 24 held 11 rows, not 10/,
  },
  {
    name: "a field holding an object",
    spoil: (b) => ((rows(b)[3]!.UNIT_NAME = { a: 1 }), b),
    message: /row 14, field "UNIT_NAME", holds an object/,
  },
  {
    name: "rows of another table",
    spoil: (b) => ((rows(b)[0]!.STAT_CODE = "999Y999"), b),
    message: /row 11, field "STAT_CODE", holds "999Y999", not the table asked \(722Y001\)/,
  },
  {
    name: "a period outside the range",
    spoil: (b) => ((rows(b)[2]!.TIME = "202101"), b),
    message: /row 13, field "TIME", holds "202101", outside the range asked \(201901 to 202012\)/,
  },
  {
    name: "a period not of the cycle",
    spoil: (b) => ((rows(b)[2]!.TIME = "2020Q1"), b),
    message: /row 13, field "TIME", holds "2020Q1", not a period of cycle M/,
  },
  {
    name: "the first page again",
    spoil: (
      b,
    ) => (rows(b).forEach((r, i) => (r.TIME = `2019${String(i + 1).padStart(2, "0")}`)), b),
    message: /row 11, field "TIME", holds "201901", a period already given for the same items/,
  },
  {
    name: "a value JavaScript would misread",
    spoil: (b) => ((rows(b)[5]!.DATA_VALUE = "0x10"), b),
    message: /row 16, field "DATA_VALUE", holds "0x10", not a plain decimal number/,
  },
  {
    name: "a body cut short",
    spoil: (_b, text) => text.slice(0, text.length / 2),
    message: /the JSON does not parse/,
  },
];

/** The bundled server behind a proxy that spoils page 11-20 when told. */
const spoilingProxy = () => faultyService({ startNo: 11, endNo: 20 });
type Proxy = FaultyService;

/** The cache key of page 11-20 of `rate`, as the client writes it. */
const page11Key = (baseUrl: string): CacheKey => rateKey(baseUrl, 11, 20);

/** One surface: pulls `rate` through the proxy, caching in `dir`; a frame, or the failure. */
type Surface = (proxy: Proxy, dir: string) => Promise<DataFrame | string>;

const call: Surface = async (proxy, dir) =>
  await clientFor(proxy.url, { pageSize: 10, cache: { dir } }).statisticSearch(rate);

const pages: Surface = async (proxy, dir) => {
  const client = clientFor(proxy.url, { pageSize: 10, cache: { dir } });
  const frames: DataFrame[] = [];
  for await (const frame of client.statisticSearchPages(rate)) frames.push(frame);
  const { pl } = await import("../../mod.ts");
  return pl.concat(frames);
};

/** The command line, writing every row to --out: the file's text, or the error line. */
const cli: Surface = async (proxy, dir) => {
  const out = join(dir, "..", `rows-${crypto.randomUUID()}.csv`);
  let stderr = "";
  const code = await main(
    ["search", "722Y001", "M", "201901", "202012", "0101000", "--page-size", "10", "--cache"]
      .concat(["--out", out]),
    {
      env: { ECOS_API_KEY: KEY, ECOS_BASE_URL: proxy.url, ECOS_CACHE_DIR: dir },
      isTTY: false,
      stdout: () => {},
      stderr: (t) => (stderr += t),
    },
  );
  if (code !== 0) {
    await assert.rejects(Deno.lstat(out), Deno.errors.NotFound, "no file for a failed pull");
    return stderr;
  }
  const text = await Deno.readTextFile(out);
  await Deno.remove(out);
  const { pl } = await import("../../mod.ts");
  return pl.readCSV(text, { inferSchemaLength: 0 });
};

const SURFACES: [string, Surface][] = [["a call", call], ["page by page", pages], ["the CLI", cli]];

/** The failure's text: an EcosError's message, or the command line's error line. */
async function failure(pull: Promise<DataFrame | string>): Promise<string> {
  try {
    const got = await pull;
    if (typeof got === "string") return got;
  } catch (e) {
    const error = await rejects(Promise.reject(e));
    assert.equal(error.code, "BAD_RESPONSE");
    return error.message;
  }
  assert.fail("expected the pull to fail");
}

Deno.test("a fault once costs a request; a lasting one fails, keeps nothing, and heals", async (t) => {
  await using proxy = await spoilingProxy();
  const reference = await clientFor(proxy.url, { pageSize: 10, cache: false })
    .statisticSearch(rate);
  assert.equal(reference.height, 24);
  /** The whole frame, right: the command line's CSV is compared by what it shows. */
  const same = (got: DataFrame | string, surface: string) => {
    assert.ok(typeof got !== "string", got as string);
    if (surface !== "the CLI") {
      assert.ok(got.frameEqual(reference, true), `${surface}: another frame`);
      return;
    }
    assert.deepEqual(got.getColumn("PERIOD").toArray(), reference.getColumn("PERIOD").toArray());
    assert.deepEqual(
      got.getColumn("DATA_VALUE").toArray().map(Number),
      reference.getColumn("DATA_VALUE").toArray(),
    );
  };
  for (const fault of FAULTS) {
    for (const [surface, pull] of SURFACES) {
      await t.step(`${fault.name}, once: ${surface}`, async () => {
        const dir = await Deno.makeTempDir({ prefix: "ecos-pinned-" });
        try {
          proxy.spoil(fault.spoil, 1);
          same(await pull(proxy, dir), surface);
          assert.equal(proxy.spoilt, 1);
          // What was kept is the healthy answer: asked again, no request, the same rows.
          proxy.heal();
          const before = proxy.requests;
          same(await pull(proxy, dir), surface);
          assert.equal(proxy.requests, before, "the second pull came from the cache");
          assert.equal(entryFiles(dir).length, 3);
        } finally {
          await Deno.remove(dir, { recursive: true });
        }
      });
      await t.step(`${fault.name}, until healed: ${surface}`, async () => {
        const dir = await Deno.makeTempDir({ prefix: "ecos-pinned-" });
        try {
          proxy.spoil(fault.spoil, 1000);
          assert.match(await failure(pull(proxy, dir)), fault.message);
          assert.deepEqual(entryFiles(dir), [], "nothing of a failed pull is kept");
          proxy.heal();
          const before = proxy.requests;
          same(await pull(proxy, dir), surface);
          assert.equal(proxy.requests - before, 3, "every page asked again");
        } finally {
          await Deno.remove(dir, { recursive: true });
        }
      });
    }
  }
});

Deno.test("a bad page in the cache is removed and asked again; with the service bad too, it fails", async (t) => {
  await using proxy = await spoilingProxy();
  const healthy = await proxy.body(11, 20);
  for (const fault of FAULTS.filter((f) => f.name !== "a body cut short")) {
    await t.step(fault.name, async () => {
      const dir = await Deno.makeTempDir({ prefix: "ecos-pinned-" });
      try {
        const cache = new ResponseCache({ dir });
        const key = page11Key(proxy.url);
        const bad = fault.spoil(JSON.parse(healthy), healthy);
        await cache.set(key, {
          body: typeof bad === "string" ? bad : JSON.stringify(bad),
          fetchedAt: new Date(),
        });
        // The service is bad too: the call fails, and the bad entry is gone.
        proxy.spoil(fault.spoil, 1000);
        const client = clientFor(proxy.url, { pageSize: 10, cache: { dir } });
        const e = await rejects(client.statisticSearch(rate));
        assert.match(e.message, fault.message);
        assert.equal(await cache.get(key), undefined);
        // The service heals: the page is asked for, and its answer kept.
        proxy.heal();
        const df = await client.statisticSearch(rate);
        assert.equal(df.height, 24);
        assert.equal(frameInfo(df)?.fromCache, false);
        assert.equal((await cache.get(key))?.body, healthy);
      } finally {
        await Deno.remove(dir, { recursive: true });
      }
    });
  }
});

Deno.test("cache: false and refresh: true ask the service and replace the entries", async (t) => {
  await using proxy = await spoilingProxy();
  const healthy = await proxy.body(11, 20);
  const stale = healthy.replaceAll('"DATA_VALUE":"', '"DATA_VALUE":"9');
  const options: [string, Record<string, boolean>][] = [
    ["cache: false", { cache: false }],
    ["refresh: true", { refresh: true }],
  ];
  for (const [name, option] of options) {
    await t.step(name, async () => {
      const dir = await Deno.makeTempDir({ prefix: "ecos-pinned-" });
      try {
        const cache = new ResponseCache({ dir });
        const key = page11Key(proxy.url);
        // An entry that passes every check but is not what the service says now.
        await cache.set(key, { body: stale, fetchedAt: new Date() });
        const client = clientFor(proxy.url, { pageSize: 10, cache: { dir } });
        assert.equal(frameInfo(await client.statisticSearch(rate))?.fromCache, true);
        const before = proxy.requests;
        const df = await client.statisticSearch(rate, option);
        assert.equal(proxy.requests - before, 3);
        assert.equal(frameInfo(df)?.fromCache, false);
        assert.equal((await cache.get(key))?.body, healthy, "the entry is replaced");
      } finally {
        await Deno.remove(dir, { recursive: true });
      }
    });
  }
  await t.step("ecos --refresh", async () => {
    const dir = await Deno.makeTempDir({ prefix: "ecos-pinned-" });
    try {
      const cache = new ResponseCache({ dir });
      await cache.set(page11Key(proxy.url), { body: stale, fetchedAt: new Date() });
      let stderr = "";
      const code = await main(
        ["search", "722Y001", "M", "201901", "202012", "0101000", "--page-size", "10"]
          .concat(["--cache", "--refresh", "--rows", "0"]),
        {
          env: { ECOS_API_KEY: KEY, ECOS_BASE_URL: proxy.url, ECOS_CACHE_DIR: dir },
          isTTY: false,
          stdout: () => {},
          stderr: (text) => (stderr += text),
        },
      );
      assert.equal(code, 0, stderr);
      assert.equal((await cache.get(page11Key(proxy.url)))?.body, healthy);
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  });
});
