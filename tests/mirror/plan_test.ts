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
// level-2 items: 212 rows a unit, three pages of 100.

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
      units: 2,
      unitsDone: 0,
      rows: 2 * 212,
      requests: 6,
      catalogue: "fetched",
    }],
    units: 2,
    unitsDone: 0,
    unitsFull: 2,
    unitsIncremental: 0,
    rows: 2 * 212,
    requests: 6,
    catalogueRequests: 1,
    pageSize: 100,
    rateLimit,
    estimatedMs: 60_000, // four at once, the other two a window later
  });
  assert.equal(typeof result.plan.tables[0]?.statName, "string");
  // The plan was right.
  assert.equal(served(server, "StatisticSearch"), 6);
  assert.equal(result.requests, 1 + 6);
  assert.equal(result.rowsWritten, 2 * 212);

  // An update: one period a unit is fetched again (S's window), one page each.
  server.stats.reset();
  const update = await mirror(client, ["105Y001"], { dir: dir.path });
  assert.equal(update.plan.unitsIncremental, 2);
  assert.equal(update.plan.rows, 2 * 4);
  assert.equal(update.plan.requests, 2);
  assert.equal(update.plan.catalogueRequests, 0);
  assert.equal(update.plan.tables[0]?.catalogue, "reused");
  assert.equal(served(server, "StatisticSearch"), 2);
  assert.equal(update.requests, 2);
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
  assert.equal(result.plan.units, 12);
  assert.equal(served(server, "StatisticSearch"), 0);
  // The item list is kept for the real run; nothing else is written.
  assert.deepEqual(await dataFiles(dir.path), ["_catalogue/items.parquet"]);
});

Deno.test("mirror() reports each unit's start, pages and end, and the run's totals", async () => {
  await using server = await startEcosServer({ keys: [KEY] });
  await using dir = await tempDir();
  const seen: MirrorProgress[] = [];
  await mirror(clientOf(server, { pageSize: 100 }), ["105Y001"], {
    dir: dir.path,
    onProgress: (p) => seen.push(p),
  });
  const unitEvents = (item: string) =>
    seen.filter((p) => p.unit.item === item).map((p) => [p.event, p.rows, p.pages]);
  assert.deepEqual(unitEvents("1000"), [
    ["unit-start", 0, 0],
    ["page", 100, 1],
    ["page", 200, 2],
    ["page", 212, 3],
    ["unit-done", 212, 0],
  ]);
  assert.deepEqual(seen.map((p) => p.unitsDone), [0, 0, 0, 0, 1, 1, 1, 1, 1, 2]);
  assert.deepEqual(seen.map((p) => p.requests), [1, 2, 3, 4, 4, 4, 5, 6, 7, 7]);
  assert.ok(seen.every((p) => p.units === 2 && p.plannedRequests === 7));
  assert.equal(seen.at(-1)?.etaMs, 0);
  assert.deepEqual(seen[0]?.unit, {
    statCode: "105Y001",
    cycle: "S",
    item: "1000",
    itemName: seen[0]?.unit.itemName,
    file: "STAT_CODE=105Y001/CYCLE=S/item-1000.parquet",
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
  assert.match(text, /^Mirroring 1 table, 2 units \(2 to fetch whole\): http:\/\/127\.0\.0\.1/);
  assert.match(text, /About 6 requests for about 424 rows \(100 rows a request\)/);
  assert.match(text, /at least 3 min at 2 requests per 1 min 30 s/); // 2 more windows
  assert.match(text, /105Y001 .*\[S\]: 2 units/);
});

Deno.test("timeAtRateLimit() counts a window for each batch after the first", () => {
  const limit = { requests: 300, windowMs: 180_000 };
  assert.equal(timeAtRateLimit(0, limit), 0);
  assert.equal(timeAtRateLimit(300, limit), 0);
  assert.equal(timeAtRateLimit(301, limit), 180_000);
  assert.equal(timeAtRateLimit(900, limit), 360_000);
  assert.equal(timeAtRateLimit(5000, false), 0);
});
