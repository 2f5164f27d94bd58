/**
 * Shared pieces of the mirror tests: a temporary directory that removes itself, a client of
 * the bundled server without cache and with quick retries, direct pulls to compare with, and
 * request counts from the server's stats.
 *
 * @module
 */

import assert from "node:assert/strict";
import { EcosClient, type EcosClientOptions } from "../../src/client/mod.ts";
import { type DataFrame, pl } from "../../src/deps.ts";
import { STATISTIC_SEARCH_SCHEMA } from "../../src/wire/columns.ts";
import type { EcosServer } from "../../src/server/types.ts";
import { type Cycle, tryParseLabel } from "../../src/wire/period.ts";
import { KEY_COLUMNS } from "../../src/mirror/merge.ts";
import { scanMirror } from "../../src/mirror/mod.ts";
import { tempDir as makeTempDir } from "../testdata/temp_dir.ts";

/** The key the test servers accept besides "sample": pages of 10,000 rows. */
export const KEY = "mirror-test-key";

/** A temporary directory, removed at the end of the test's scope. */
export const tempDir = (): ReturnType<typeof makeTempDir> => makeTempDir("ecos-mirror-");

/** A client of a bundled server: the test key, no cache, two quick attempts. */
export function clientOf(server: EcosServer, options: EcosClientOptions = {}): EcosClient {
  return new EcosClient({
    baseUrl: server.url,
    apiKey: KEY,
    cache: false,
    retry: { attempts: 2, baseMs: 1, capMs: 2, jitter: false },
    // The request counts the tests expect are for pages of 10k rows (the sample key's are 10).
    ...(options.apiKey === "sample" ? {} : { pageSize: 10_000 }),
    ...options,
  });
}

/** Requests a server has answered for a service since its stats were last reset. */
export function served(server: EcosServer, service: "StatisticSearch" | "StatisticItemList") {
  return server.stats.byService[service] ?? 0;
}

/** A row's key in a whole mirror: its partition, items and period. */
export const ROW_KEY = ["STAT_CODE", "CYCLE", ...KEY_COLUMNS];
const SEARCH_COLUMNS = STATISTIC_SEARCH_SCHEMA.map((c) => c.name);

/** A frame in a fixed order: StatisticSearch's columns, sorted by items and time. */
export function canonical(frame: DataFrame): DataFrame {
  return frame.select(...SEARCH_COLUMNS).sort([...KEY_COLUMNS]);
}

/** One table and cycle from a mirror, in canonical order. */
export function mirrored(dir: string, statCode: string, cycle: Cycle): DataFrame {
  return canonical(
    scanMirror(dir)
      .filter(pl.col("STAT_CODE").eq(pl.lit(statCode)).and(pl.col("CYCLE").eq(pl.lit(cycle))))
      .collectSync(),
  );
}

/** A table's cycles, and their whole range (over all items), from its item list. */
export async function cyclesOf(
  client: EcosClient,
  statCode: string,
): Promise<{ cycle: Cycle; start: string; end: string }[]> {
  const items = await client.statisticItemList(statCode);
  const out = new Map<Cycle, { cycle: Cycle; start: string; end: string }>();
  const index = (label: string, cycle: Cycle) => tryParseLabel(label, cycle)?.index ?? NaN;
  for (const r of items.toRecords()) {
    const cycle = r.CYCLE as Cycle;
    const start = r.START_TIME as string;
    const end = r.END_TIME as string;
    const at = out.get(cycle) ?? { cycle, start, end };
    if (index(start, cycle) < index(at.start, cycle)) at.start = start;
    if (index(end, cycle) > index(at.end, cycle)) at.end = end;
    out.set(cycle, at);
  }
  return [...out.values()];
}

/** Every row of a table and cycle by one direct StatisticSearch, in canonical order. */
export async function pulled(
  client: EcosClient,
  statCode: string,
  cycle: Cycle,
  start: string,
  end: string,
): Promise<DataFrame> {
  return canonical(await client.statisticSearch({ statCode, cycle, start, end }));
}

/** Asserts two frames are equal, nulls included, with a readable difference when not. */
export function assertFramesEqual(actual: DataFrame, expected: DataFrame, what: string): void {
  assert.deepEqual(actual.columns, expected.columns, `${what}: columns`);
  assert.deepEqual(
    actual.dtypes.map(String),
    expected.dtypes.map(String),
    `${what}: column types`,
  );
  assert.equal(actual.height, expected.height, `${what}: rows`);
  if (actual.frameEqual(expected, true)) return;
  // Not equal: show the first rows that differ.
  const a = actual.toRecords();
  const e = expected.toRecords();
  const at = a.findIndex((row, i) => JSON.stringify(row) !== JSON.stringify(e[i]));
  assert.deepEqual(a[at], e[at], `${what}: row ${at} differs`);
  assert.fail(`${what}: frames differ`);
}

/**
 * Asserts a mirror holds exactly what direct pulls of its tables give, table by table and
 * cycle by cycle.
 */
export async function assertMirrorsSource(
  dir: string,
  client: EcosClient,
  statCodes: readonly string[],
): Promise<void> {
  for (const statCode of statCodes) {
    for (const { cycle, start, end } of await cyclesOf(client, statCode)) {
      assertFramesEqual(
        mirrored(dir, statCode, cycle),
        await pulled(client, statCode, cycle, start, end),
        `${statCode} ${cycle}`,
      );
    }
  }
}

/** Asserts two mirrors hold the same rows. */
export function assertSameMirror(actual: string, expected: string): void {
  const all = (dir: string) => scanMirror(dir).collectSync().sort(ROW_KEY);
  assertFramesEqual(all(actual), all(expected), "the mirrors");
}

/** The data files of a mirror, relative to it, sorted. */
export async function dataFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (rel: string) => {
    for await (const e of Deno.readDir(rel === "" ? dir : `${dir}/${rel}`)) {
      const path = rel === "" ? e.name : `${rel}/${e.name}`;
      if (e.isDirectory) await walk(path);
      else out.push(path);
    }
  };
  await walk("");
  return out.sort();
}

/** How {@linkcode proxyOf} changes what passes through it. */
export interface ProxyRewrite {
  /** The path sent on (after the base URL), from the path asked. */
  path?: (path: string) => string;
  /** The body answered, from the path asked and the body received. */
  body?: (path: string, body: string) => string;
}

/**
 * A server on loopback that passes every request on to `target` (not registered as a bundled
 * server: a source of its own, as another machine's would be), optionally changing requests
 * and answers.
 */
export function proxyOf(
  target: string,
  rewrite: ProxyRewrite = {},
): { url: string } & AsyncDisposable {
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, async (req) => {
    const path = new URL(req.url).pathname.replace(/^\/api/, "");
    const res = await fetch(`${target}${rewrite.path ? rewrite.path(path) : path}`);
    const body = await res.text();
    return new Response(rewrite.body ? rewrite.body(path, body) : body, {
      status: res.status,
      headers: { "content-type": res.headers.get("content-type") ?? "application/json" },
    });
  });
  return {
    url: `http://127.0.0.1:${server.addr.port}/api`,
    [Symbol.asyncDispose]: () => server.shutdown(),
  };
}

/** Rows sharing their table, cycle, items and period with another row. */
export function duplicates(dir: string): number {
  const frame = scanMirror(dir).collectSync();
  return frame.height - frame.select(...ROW_KEY).unique().height;
}
