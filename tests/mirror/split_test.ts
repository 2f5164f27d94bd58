/**
 * A table and cycle too large for one pull is fetched and stored item by item: when its item
 * list says so (the plan), when the service's first page says so, or when even one period of
 * it is too large (ERROR-400).
 */

import assert from "node:assert/strict";
import { startEcosServer } from "../../src/server/mod.ts";
import { readManifest } from "../../src/mirror/manifest.ts";
import { readParquetMetadata } from "../../src/util/parquet_metadata.ts";
import { mirror } from "../../src/mirror/mod.ts";
import {
  assertMirrorsSource,
  clientOf,
  dataFiles,
  duplicates,
  KEY,
  proxyOf,
  served,
  tempDir,
} from "./_helpers.ts";

// 105Y001: two level-1 items (1000, 2000), 212 rows each, 424 for the table and cycle.
const SPLIT_FILES = [
  "STAT_CODE=105Y001/CYCLE=S/item-1000.parquet",
  "STAT_CODE=105Y001/CYCLE=S/item-2000.parquet",
];
const parquet = async (dir: string) => (await dataFiles(dir)).filter((f) => f.endsWith(".parquet"));

Deno.test("mirror() plans a table and cycle larger than maxUnitRows item by item", async () => {
  await using server = await startEcosServer({ keys: [KEY] });
  await using dir = await tempDir();
  const client = clientOf(server);
  const result = await mirror(client, ["105Y001"], { dir: dir.path, maxUnitRows: 300 });
  assert.equal(result.plan.units, 2);
  assert.equal(served(server, "StatisticSearch"), 2);
  assert.deepEqual(await parquet(dir.path), SPLIT_FILES);
  await assertMirrorsSource(dir.path, client, ["105Y001"]);
  // Updated item by item too: one request an item.
  server.stats.reset();
  const again = await mirror(client, ["105Y001"], { dir: dir.path });
  assert.equal(again.plan.unitsIncremental, 2);
  assert.equal(served(server, "StatisticSearch"), 2);
});

Deno.test("mirror() splits a partition whose first page holds more rows than it may", async () => {
  await using server = await startEcosServer({ keys: [KEY] });
  // An item list that understates the rows (DATA_CNT 1): the plan takes one pull.
  await using proxy = proxyOf(server.url, {
    body: (path, body) =>
      path.startsWith("/StatisticItemList/")
        ? body.replace(/"DATA_CNT":\d+/g, '"DATA_CNT":1')
        : body,
  });
  await using dir = await tempDir();
  // Pages of 100 rows: the first tells the total, before the other four are needed.
  const client = clientOf(server, { baseUrl: proxy.url, pageSize: 100 });
  const result = await mirror(client, ["105Y001"], { dir: dir.path, maxUnitRows: 300 });
  assert.equal(result.plan.units, 1);
  assert.match(
    result.warnings[0] ?? "",
    /^105Y001 S: 424 rows, more than one pull may bring; fetched item by item \(2 items\)$/,
  );
  // The pages of the whole pull that went out before it stopped, then three an item.
  assert.ok(served(server, "StatisticSearch") >= 1 + 3 + 3);
  assert.deepEqual(await parquet(dir.path), SPLIT_FILES);
  assert.deepEqual((await readManifest(dir.path))?.split, ["105Y001/S"]);
  await assertMirrorsSource(dir.path, clientOf(server), ["105Y001"]);
});

Deno.test("mirror() fetches item by item a table whose single period is too large", async () => {
  // ERROR-400 for any search of 105Y001 without item codes, whatever its range.
  await using server = await startEcosServer({
    keys: [KEY],
    fault: (ctx) =>
      ctx.service === "StatisticSearch" && ctx.args[0] === "105Y001" && ctx.args.length === 4
        ? { kind: "code", code: "ERROR-400" }
        : undefined,
  });
  await using dir = await tempDir();
  const client = clientOf(server);
  const result = await mirror(client, ["105Y001"], { dir: dir.path });
  assert.match(result.warnings[0] ?? "", /105Y001 S: the service finds even one period too large/);
  assert.deepEqual(await parquet(dir.path), SPLIT_FILES);
  // Compared with a server that answers whole tables (the same data).
  await using plain = await startEcosServer({ keys: [KEY] });
  await assertMirrorsSource(dir.path, clientOf(plain), ["105Y001"]);
});

Deno.test("mirror() turns a partition stored whole into item files, losing and doubling nothing", async () => {
  await using server = await startEcosServer({ keys: [KEY] });
  await using dir = await tempDir();
  const client = clientOf(server);
  await mirror(client, ["105Y001"], { dir: dir.path });
  assert.deepEqual(await parquet(dir.path), ["STAT_CODE=105Y001/CYCLE=S/data.parquet"]);
  const split = await mirror(client, ["105Y001"], { dir: dir.path, maxUnitRows: 300 });
  assert.equal(split.plan.units, 2);
  assert.deepEqual(await parquet(dir.path), SPLIT_FILES);
  assert.equal(duplicates(dir.path), 0);
  assert.equal((await readManifest(dir.path))?.units["105Y001/S"], undefined);
  await assertMirrorsSource(dir.path, client, ["105Y001"]);
  // Each item file keeps the source and says its own series' units.
  for (const file of SPLIT_FILES) {
    const meta = readParquetMetadata(await Deno.readFile(`${dir.path}/${file}`));
    assert.match(meta["ecos.source"] ?? "", /bundled ECOS server/, file);
    const item = /item-([^.]+)\.parquet$/.exec(file)![1]!;
    const units = JSON.parse(meta["ecos.units"]!) as { series: string }[];
    assert.ok(units.length > 0 && units.every((u) => u.series.startsWith(`105Y001/${item}`)), file);
  }
});
