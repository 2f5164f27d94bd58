import assert from "node:assert/strict";
import { startEcosServer } from "../../src/server/mod.ts";
import {
  DEFAULT_MIRROR_RATE_LIMIT,
  formatMirrorPlan,
  mirror,
  type MirrorPlan,
  type MirrorProgress,
} from "../../src/mirror/mod.ts";
import { timeAtRateLimit } from "../../src/mirror/plan.ts";
import { clientOf, dataFiles, KEY, served, tempDir } from "./_helpers.ts";

// 105Y001: S only, two level-1 items (1000, 2000) of 53 halves (2000S1-2026S1) each, and four
// level-2 items: one unit (the table and cycle) of 424 rows, five pages of 100.

Deno.test("mirror() plans a small table's units, rows, requests and time exactly", async () => {
  await using server = await startEcosServer({ keys: [KEY] });
  await using dir = await tempDir();
  const client = clientOf(server, { pageSize: 100 });
  const rateLimit = { requests: 4, windowMs: 60_000 };

  let told: MirrorPlan | undefined;
  const result = await mirror(client, ["105Y001"], {
    dir: dir.path,
    rateLimit,
    onPlan: (plan) => {
      told = structuredClone(plan);
      assert.equal(served(server, "StatisticSearch"), 0); // told before any unit
    },
  });
  assert.deepEqual(told, result.plan);
  assert.deepEqual(result.plan, {
    dir: dir.path,
    baseUrl: server.url,
    resumed: false,
    tables: [{
      statCode: "105Y001",
      statName: result.plan.tables[0]?.statName,
      cycles: ["S"],
      units: 1,
      unitsDone: 0,
      rows: 2 * 212,
      requests: 5,
      catalogue: "fetched",
    }],
    units: 1,
    unitsDone: 0,
    unitsFull: 1,
    unitsIncremental: 0,
    rows: 2 * 212,
    requests: 5,
    catalogueRequests: 1,
    pageSize: 100,
    rateLimit,
    estimatedMs: 60_000, // four at once, the fifth a window later
  });
  assert.equal(typeof result.plan.tables[0]?.statName, "string");
  // The plan was right.
  assert.equal(served(server, "StatisticSearch"), 5);
  assert.equal(result.requests, 1 + 5);
  assert.equal(result.rowsWritten, 2 * 212);

  // An update: one period is fetched again (S's window), one page.
  server.stats.reset();
  const update = await mirror(client, ["105Y001"], { dir: dir.path });
  assert.equal(update.plan.unitsIncremental, 1);
  assert.equal(update.plan.rows, 2 * 4);
  assert.equal(update.plan.requests, 1);
  assert.equal(update.plan.catalogueRequests, 0);
  assert.equal(update.plan.tables[0]?.catalogue, "reused");
  assert.equal(served(server, "StatisticSearch"), 1);
  assert.equal(update.requests, 1);
  assert.equal(update.filesWritten, 0); // nothing changed: the file stays as it was
});

Deno.test("mirror() plans at the client's rate limit when none is given", async () => {
  await using server = await startEcosServer({ keys: [KEY] });
  await using dir = await tempDir();
  const result = await mirror(clientOf(server), ["200Y101"], {
    dir: dir.path,
    onPlan: () => false,
  });
  assert.deepEqual(result.plan.rateLimit, DEFAULT_MIRROR_RATE_LIMIT);
  assert.equal(result.plan.estimatedMs, 0);
});

Deno.test("mirror() stops before any unit when onPlan returns false", async () => {
  await using server = await startEcosServer({ keys: [KEY] });
  await using dir = await tempDir();
  const result = await mirror(clientOf(server), ["722Y001"], {
    dir: dir.path,
    onPlan: () => Promise.resolve(false),
  });
  assert.equal(result.started, false);
  assert.equal(result.unitsFetched, 0);
  assert.equal(result.plan.units, 4);
  assert.equal(served(server, "StatisticSearch"), 0);
  // The item list is kept for the real run; no data, and the lock is released.
  assert.deepEqual(await dataFiles(dir.path), ["_catalogue/items.pq", "_manifest.json"]);
});

Deno.test("mirror() with dryRun plans and writes nothing at all, not even the directory", async () => {
  await using server = await startEcosServer({ keys: [KEY] });
  await using dir = await tempDir();
  const target = `${dir.path}/not-yet`;
  let told: MirrorPlan | undefined;
  const result = await mirror(clientOf(server), ["722Y001"], {
    dir: target,
    dryRun: true,
    onPlan: (plan) => void (told = plan),
  });
  assert.equal(result.started, false);
  assert.equal(told?.units, 4);
  assert.equal(served(server, "StatisticSearch"), 0);
  assert.deepEqual([...Deno.readDirSync(dir.path)], []); // no file, no folder

  // Over an existing mirror: the plan is an update's, and no file changes.
  await mirror(clientOf(server), ["722Y001"], { dir: target });
  const before = await snapshot(target);
  const again = await mirror(clientOf(server), ["722Y001"], { dir: target, dryRun: true });
  assert.equal(again.plan.unitsIncremental, 4);
  assert.deepEqual(await snapshot(target), before);
});

/** Every file of a folder with its size and modification time. */
async function snapshot(dir: string): Promise<string[]> {
  const files = await dataFiles(dir);
  return await Promise.all(files.map(async (f) => {
    const s = await Deno.stat(`${dir}/${f}`);
    return `${f} ${s.size} ${s.mtime?.getTime()}`;
  }));
}

Deno.test("mirror() reports each unit's start, pages and end, and the run's totals", async () => {
  await using server = await startEcosServer({ keys: [KEY] });
  await using dir = await tempDir();
  const seen: MirrorProgress[] = [];
  await mirror(clientOf(server, { pageSize: 100 }), ["105Y001"], {
    dir: dir.path,
    onProgress: (p) => seen.push(p),
  });
  // Pages arrive in any order (four at a time): rows grow to 424, a page at a time.
  assert.deepEqual(seen.map((p) => [p.event, p.pages]), [
    ["unit-start", 0],
    ["page", 1],
    ["page", 2],
    ["page", 3],
    ["page", 4],
    ["page", 5],
    ["unit-done", 0],
  ]);
  const rows = seen.map((p) => p.rows);
  assert.ok(rows.slice(1, 6).every((n, i) => n > (rows[i] ?? 0)));
  assert.deepEqual([rows[1], rows[5], rows[6]], [100, 424, 424]);
  assert.deepEqual(seen.map((p) => p.unitsDone), [0, 0, 0, 0, 0, 0, 1]);
  assert.deepEqual(seen.map((p) => p.requests), [1, 2, 3, 4, 5, 6, 6]);
  assert.ok(seen.every((p) => p.units === 1 && p.plannedRequests === 6));
  assert.equal(seen.at(-1)?.etaMs, 0);
  assert.deepEqual(seen[0]?.unit, {
    statCode: "105Y001",
    cycle: "S",
    item: null,
    itemName: null,
    file: "STAT_CODE=105Y001/CYCLE=S/data.parquet",
    mode: "full",
    from: "2000S1",
  });
  assert.ok(seen.every((p, i) => i === 0 || p.elapsedMs >= seen[i - 1]!.elapsedMs));
});

Deno.test("formatMirrorPlan() says what will be fetched and how long it takes at least", async () => {
  await using server = await startEcosServer({ keys: [KEY] });
  await using dir = await tempDir();
  const { plan } = await mirror(clientOf(server, { pageSize: 100 }), ["105Y001"], {
    dir: dir.path,
    rateLimit: { requests: 2, windowMs: 90_000 },
    onPlan: () => false,
  });
  const text = formatMirrorPlan(plan);
  assert.match(text, /^Mirroring 1 table, 1 unit \(1 to fetch whole\): http:\/\/127\.0\.0\.1/);
  assert.match(text, /About 5 requests for about 424 rows \(100 rows a request\)/);
  assert.match(text, /at least 3 min at 2 requests per 1 min 30 s/); // 2 more windows
  assert.match(text, /105Y001 .*\[S\]: 1 unit/);
  assert.doesNotMatch(text, /sample key/);
});

Deno.test('formatMirrorPlan() never says "at least 0 s": requests that fit go at once', async () => {
  await using server = await startEcosServer({ keys: [KEY] });
  await using dir = await tempDir();
  const { plan } = await mirror(clientOf(server), ["200Y101"], { dir: dir.path, dryRun: true });
  assert.equal(plan.estimatedMs, 0);
  const text = formatMirrorPlan(plan);
  assert.doesNotMatch(text, /at least 0 s/);
  assert.match(
    text,
    /About 1 request for about 168 rows .*: within the rate limit \(300 requests per 3 min\)/,
  );
});

Deno.test("formatMirrorPlan() warns before a long run at the sample key's 10 rows a request", async () => {
  await using server = await startEcosServer();
  await using dir = await tempDir();
  const client = clientOf(server, { apiKey: "sample" });
  const { plan } = await mirror(client, ["722Y001"], { dir: dir.path, dryRun: true });
  assert.equal(plan.pageSize, 10);
  // 78 + 321 + 963 + 29,310 rows in its four units, 10 a request: 8 + 33 + 97 + 2,931.
  assert.equal(plan.requests, 3_069);
  assert.equal(plan.estimatedMs, 10 * 180_000); // ten more windows of 300
  const text = formatMirrorPlan(plan);
  assert.match(
    text,
    /This takes at least 30 min at 10 rows a request, the sample key's limit: set ECOS_API_KEY/,
  );
  // A short one at the sample key says nothing of it.
  const small = await mirror(client, ["200Y101"], { dir: dir.path, dryRun: true });
  assert.doesNotMatch(formatMirrorPlan(small.plan), /sample key/);
});

Deno.test("timeAtRateLimit() counts a window for each batch after the first", () => {
  const limit = { requests: 300, windowMs: 180_000 };
  assert.equal(timeAtRateLimit(0, limit), 0);
  assert.equal(timeAtRateLimit(300, limit), 0);
  assert.equal(timeAtRateLimit(301, limit), 180_000);
  assert.equal(timeAtRateLimit(900, limit), 360_000);
  assert.equal(timeAtRateLimit(5000, false), 0);
});
