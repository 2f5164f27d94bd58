import assert from "node:assert/strict";
import { isEcosError } from "../../src/errors.ts";
import { pl } from "../../src/deps.ts";
import { startEcosServer } from "../../src/server/mod.ts";
import { readManifest } from "../../src/mirror/manifest.ts";
import { readParquetMetadata } from "../../src/util/parquet_metadata.ts";
import { mirror, MIRROR_COLUMNS, scanMirror } from "../../src/mirror/mod.ts";
import {
  assertMirrorsSource,
  clientOf,
  dataFiles,
  KEY,
  mirrored,
  proxyOf,
  served,
  tempDir,
} from "./_helpers.ts";

/** Daily, monthly, quarterly, annual (722Y001, 817Y002, 901Y009), semi-annual with two item
 * levels (105Y001) and half-monthly (814Y002). */
const TABLES = ["722Y001", "901Y009", "817Y002", "105Y001", "814Y002"];
/** Their units: one per table and cycle. */
const UNITS = 4 + 2 + 1 + 1 + 2;

Deno.test("mirror() stores every cycle and item of each table, as direct pulls give them", async () => {
  await using server = await startEcosServer({ keys: [KEY] });
  await using dir = await tempDir();
  const client = clientOf(server);

  const result = await mirror(client, TABLES, { dir: dir.path });
  assert.equal(result.started, true);
  assert.equal(result.plan.units, UNITS);
  assert.equal(result.unitsFetched, UNITS);
  // One item list a table, one request a unit, and more pages for the two daily tables of
  // more than 10,000 rows (722Y001 D: 29,310 rows, 3 pages; 817Y002 D: 39,738, 4 pages).
  assert.equal(served(server, "StatisticItemList"), TABLES.length);
  assert.equal(served(server, "StatisticSearch"), UNITS + 2 + 3);
  assert.equal(result.requests, TABLES.length + UNITS + 5);
  assert.equal(result.filesWritten, UNITS);

  await assertMirrorsSource(dir.path, client, TABLES);
});

Deno.test("mirror() lays the dataset out in hive partitions, one file a table and cycle", async () => {
  await using server = await startEcosServer({ keys: [KEY] });
  await using dir = await tempDir();
  await mirror(clientOf(server), ["105Y001", "814Y002"], { dir: dir.path });

  assert.deepEqual(await dataFiles(dir.path), [
    "STAT_CODE=105Y001/CYCLE=S/data.parquet",
    "STAT_CODE=814Y002/CYCLE=M/data.parquet",
    "STAT_CODE=814Y002/CYCLE=SM/data.parquet",
    "_catalogue/items.pq",
    "_catalogue/tables.pq",
    "_manifest.json",
  ]);
  // A partition's file: StatisticSearch's columns but STAT_CODE, which is a partition (as
  // CYCLE), and when each value was first seen.
  const file = pl.readParquet(`${dir.path}/STAT_CODE=105Y001/CYCLE=S/data.parquet`);
  assert.deepEqual(file.columns, [
    ...MIRROR_COLUMNS.filter((c) => c !== "STAT_CODE" && c !== "CYCLE"),
    "FIRST_SEEN",
  ]);
  assert.equal(file.height, 2 * 53 * 4); // two items, 2000S1-2026S1, four of the second level
  assert.equal(file.getColumn("TIME").dtype.variant, "Date");
  assert.equal(file.getColumn("DATA_VALUE").dtype.variant, "Float64");
  assert.equal(file.getColumn("FIRST_SEEN").dtype.variant, "Datetime");
  assert.deepEqual([...new Set(file.getColumn("ITEM_CODE1").toArray())], ["1000", "2000"]);

  const frame = scanMirror(dir.path).collectSync();
  assert.deepEqual(frame.columns, [...MIRROR_COLUMNS]);
  assert.equal(frame.getColumn("STAT_CODE").dtype.variant, "String");
  assert.equal(frame.getColumn("CYCLE").dtype.variant, "String");
  assert.equal(frame.height, 2 * 53 * 4 + 3 * 384 + 3 * 192);
});

Deno.test("mirror() keeps a manifest of each unit, with the base URL and never the key", async () => {
  await using server = await startEcosServer({ keys: [KEY] });
  await using dir = await tempDir();
  const result = await mirror(clientOf(server), ["814Y002"], { dir: dir.path });

  const text = await Deno.readTextFile(`${dir.path}/_manifest.json`);
  assert.ok(!text.includes(KEY));
  const manifest = await readManifest(dir.path);
  assert.ok(manifest);
  assert.equal(manifest.baseUrl, server.url);
  assert.equal(manifest.source, "bundled");
  assert.notEqual(manifest.run.finishedAt, null);
  const unit = manifest.units["814Y002/SM"];
  assert.ok(unit);
  assert.equal(unit.item, null);
  assert.equal(unit.file, "STAT_CODE=814Y002/CYCLE=SM/data.parquet");
  assert.equal(unit.start, "200301S1");
  assert.equal(unit.lastPeriod, "201812S2"); // as the (live-dialect) service spells it
  assert.equal(unit.rows, 3 * 384);
  assert.ok(Date.parse(unit.fetchedAt) > 0);
  assert.equal(Object.keys(manifest.units).length, result.plan.units);
});

Deno.test("mirror() writes a catalogue of the tables and items mirrored", async () => {
  await using server = await startEcosServer({ keys: [KEY] });
  await using dir = await tempDir();
  const client = clientOf(server);
  await mirror(client, ["722Y001", "105Y001"], { dir: dir.path });

  const items = pl.scanParquet(`${dir.path}/_catalogue/items.pq`).collectSync();
  const lists = [
    await client.statisticItemList("722Y001"),
    await client.statisticItemList("105Y001"),
  ];
  assert.equal(items.height, lists[0]!.height + lists[1]!.height);
  assert.deepEqual(items.columns, [...lists[0]!.columns, "LISTED_AT"]);

  const tables = pl.scanParquet(`${dir.path}/_catalogue/tables.pq`).collectSync();
  assert.deepEqual(tables.columns, [
    "STAT_CODE",
    "STAT_NAME",
    "CYCLE",
    "ITEMS",
    "ROWS",
    "LAST_PERIOD",
    "FETCHED_AT",
  ]);
  const rows = tables.select("STAT_CODE", "CYCLE", "ITEMS", "ROWS", "LAST_PERIOD").toRecords();
  assert.deepEqual(rows, [
    { STAT_CODE: "105Y001", CYCLE: "S", ITEMS: 2, ROWS: 2 * 53 * 4, LAST_PERIOD: "2026S1" },
    { STAT_CODE: "722Y001", CYCLE: "A", ITEMS: 3, ROWS: 3 * 26, LAST_PERIOD: "2025" },
    { STAT_CODE: "722Y001", CYCLE: "Q", ITEMS: 3, ROWS: 3 * 107, LAST_PERIOD: "2026Q3" },
    { STAT_CODE: "722Y001", CYCLE: "M", ITEMS: 3, ROWS: 3 * 321, LAST_PERIOD: "202609" },
    { STAT_CODE: "722Y001", CYCLE: "D", ITEMS: 3, ROWS: 3 * 9770, LAST_PERIOD: "20260930" },
  ]);
  // Readers of the data's glob do not see the catalogue.
  const codes = scanMirror(dir.path).select("STAT_CODE").unique().collectSync();
  assert.deepEqual(codes.getColumn("STAT_CODE").toArray().sort(), ["105Y001", "722Y001"]);
});

Deno.test("mirror() stores only the cycles asked for, from the period that holds since", async () => {
  await using server = await startEcosServer({ keys: [KEY] });
  await using dir = await tempDir();
  const client = clientOf(server);
  await mirror(client, ["722Y001"], { dir: dir.path, cycles: ["M", "Q"], since: "2024-02-15" });

  const frame = scanMirror(dir.path).collectSync();
  assert.deepEqual(frame.getColumn("CYCLE").unique().sort().toArray(), ["M", "Q"]);
  const monthly = frame.filter(pl.col("CYCLE").eq(pl.lit("M")));
  assert.equal(monthly.getColumn("PERIOD").sort().get(0), "202402");
  assert.equal(monthly.height, 3 * (11 + 12 + 9)); // 202402 to 202609
  const quarterly = frame.filter(pl.col("CYCLE").eq(pl.lit("Q")));
  assert.equal(quarterly.getColumn("PERIOD").sort().get(0), "2024Q1");

  // Asked again without since, the unit is fetched whole: its first period changed.
  const whole = await mirror(client, ["722Y001"], { dir: dir.path, cycles: ["M"] });
  assert.equal(whole.plan.unitsFull, 1);
  assert.equal(
    scanMirror(dir.path).filter(pl.col("CYCLE").eq(pl.lit("M"))).collectSync().height,
    3 * 321,
  );
});

Deno.test("mirror() refuses a directory mirrored from another base URL unless told", async () => {
  await using server = await startEcosServer({ keys: [KEY] });
  await using first = proxyOf(server.url);
  await using second = proxyOf(server.url);
  await using dir = await tempDir();
  const via = (url: string) => clientOf(server, { baseUrl: url });
  await mirror(via(first.url), ["200Y101"], { dir: dir.path });
  server.stats.reset();

  await assert.rejects(
    mirror(via(second.url), ["200Y101"], { dir: dir.path }),
    (e) => {
      assert.ok(isEcosError(e));
      assert.equal(e.code, "INVALID_ARGUMENT");
      assert.match(e.message, /allowBaseUrlChange/);
      assert.ok(e.message.includes(first.url) && e.message.includes(second.url));
      return true;
    },
  );
  assert.equal(server.stats.total, 0);

  const moved = await mirror(via(second.url), ["200Y101"], {
    dir: dir.path,
    allowBaseUrlChange: true,
  });
  assert.equal(moved.unitsFetched, 1);
  assert.equal((await readManifest(dir.path))?.baseUrl, second.url);
});

Deno.test("mirror() takes the bundled server for one source, whatever its port", async () => {
  await using dir = await tempDir();
  for (const _run of [1, 2]) {
    await using server = await startEcosServer({ keys: [KEY] });
    const result = await mirror(clientOf(server), ["200Y101"], { dir: dir.path });
    assert.equal(result.unitsFetched, 1);
  }
  assert.equal((await readManifest(dir.path))?.source, "bundled");
});

Deno.test("mirror() refuses a client in another language than the mirror's", async () => {
  await using server = await startEcosServer({ keys: [KEY] });
  await using dir = await tempDir();
  await mirror(clientOf(server), ["200Y101"], { dir: dir.path });
  await assert.rejects(
    mirror(clientOf(server, { language: "en" }), ["200Y101"], { dir: dir.path }),
    /Use a client with language "kr"/,
  );
});

Deno.test("mirror() fails on a table with no items before fetching any unit", async () => {
  await using server = await startEcosServer({ keys: [KEY] });
  await using dir = await tempDir();
  await assert.rejects(
    mirror(clientOf(server), ["200Y101", "000Y000"], { dir: dir.path }),
    (e) => isEcosError(e) && e.code === "UNKNOWN_CODE" && e.message.includes("000Y000"),
  );
  assert.equal(served(server, "StatisticSearch"), 0);
});

Deno.test("mirror() checks its arguments before any request", async (t) => {
  await using server = await startEcosServer({ keys: [KEY] });
  const client = clientOf(server);
  const cases: [string, unknown, unknown, RegExp][] = [
    ["no tables", [], { dir: "x" }, /non-empty array of codes/],
    ["a bad code", ["72/2"], { dir: "x" }, /statCode/],
    ["a wildcard in a code", ["722?001"], { dir: "x" }, /letters, digits and _ - \. only/],
    ["no dir", ["722Y001"], {}, /dir/],
    ["an unknown cycle", ["722Y001"], { dir: "x", cycles: ["W"] }, /Use cycles among/],
    ["a bad since", ["722Y001"], { dir: "x", since: "2024-13-01" }, /since/],
    ["a negative window", ["722Y001"], { dir: "x", revisionWindow: { M: -1 } }, /0 or more/],
    ["an unknown option", ["722Y001"], { dir: "x", revisonWindow: {} }, /revisionWindow/],
  ];
  for (const [name, codes, options, message] of cases) {
    await t.step(name, async () => {
      await assert.rejects(
        // deno-lint-ignore no-explicit-any
        mirror(client, codes as any, options as any),
        (e) => isEcosError(e) && e.code === "INVALID_ARGUMENT" && message.test(e.message),
      );
    });
  }
  assert.equal(server.stats.total, 0);
});

Deno.test("mirror() reuses the catalogue's item lists until they are older than allowed", async () => {
  await using server = await startEcosServer({ keys: [KEY] });
  await using dir = await tempDir();
  const client = clientOf(server);
  await mirror(client, ["200Y101"], { dir: dir.path });
  assert.equal(served(server, "StatisticItemList"), 1);

  const later = (days: number) => () => new Date(Date.now() + days * 86_400_000);
  const reused = await mirror(client, ["200Y101"], { dir: dir.path, now: later(6) });
  assert.equal(reused.plan.tables[0]?.catalogue, "reused");
  assert.equal(served(server, "StatisticItemList"), 1);

  const pulled = await mirror(client, ["200Y101"], { dir: dir.path, now: later(8) });
  assert.equal(pulled.plan.tables[0]?.catalogue, "fetched");
  assert.equal(served(server, "StatisticItemList"), 2);

  await mirror(client, ["200Y101"], { dir: dir.path, catalogueMaxAgeDays: 0 });
  assert.equal(served(server, "StatisticItemList"), 3);
});

Deno.test("mirror() writes each data file's table, source and units into its Parquet metadata", async () => {
  await using server = await startEcosServer({ keys: [KEY] });
  await using dir = await tempDir();
  const now = new Date("2026-10-01T09:00:00Z");
  await mirror(clientOf(server), ["105Y001", "722Y001"], { dir: dir.path, now: () => now });
  const meta = readParquetMetadata(
    await Deno.readFile(`${dir.path}/STAT_CODE=722Y001/CYCLE=M/data.parquet`),
  );
  assert.equal(meta["ecos.stat_code"], "722Y001");
  assert.equal(meta["ecos.cycle"], "M");
  assert.equal(
    meta["ecos.source"],
    "Generated sample data from the bundled ECOS server, not official statistics",
  );
  assert.equal(meta["ecos.base_url"], server.url);
  assert.equal(meta["ecos.retrieved_at"], "2026-10-01T09:00:00.000Z");
  const units = JSON.parse(meta["ecos.units"]!) as { series: string; unit: string; kind: string }[];
  assert.ok(units.length > 0);
  for (const u of units) {
    assert.match(u.series, /^722Y001\//);
    assert.deepEqual([u.unit, u.kind], ["연%", "percent"]);
  }
  // Readers see the same rows: the metadata is in the footer only.
  assert.equal(
    pl.readParquet(`${dir.path}/STAT_CODE=722Y001/CYCLE=M/data.parquet`).height,
    mirrored(dir.path, "722Y001", "M").height,
  );
});
