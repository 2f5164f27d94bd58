/**
 * A mirror written by the first version (one file per table, cycle and item, the catalogue as
 * `.parquet`, manifest version 1) is brought to this layout by the next run, losing no row.
 */

import assert from "node:assert/strict";
import { pl } from "../../src/deps.ts";
import { startEcosServer } from "../../src/server/mod.ts";
import { readManifest } from "../../src/mirror/manifest.ts";
import { mirror } from "../../src/mirror/mod.ts";
import { assertMirrorsSource, clientOf, dataFiles, KEY, served, tempDir } from "./_helpers.ts";

Deno.test("mirror() brings a first-version mirror to one file per table and cycle", async () => {
  await using server = await startEcosServer({ keys: [KEY] });
  await using dir = await tempDir();
  const client = clientOf(server);
  // The first version's layout, written by hand: 200Y101 A, three items, a file each.
  const partition = `${dir.path}/STAT_CODE=200Y101/CYCLE=A`;
  await Deno.mkdir(partition, { recursive: true });
  await Deno.mkdir(`${dir.path}/_catalogue`);
  const units: Record<string, unknown> = {};
  const table = await client.statisticSearch({
    statCode: "200Y101",
    cycle: "A",
    start: "1970",
    end: "2025",
  });
  for (const item of table.getColumn("ITEM_CODE1").unique().sort().toArray() as string[]) {
    const rows = table.filter(pl.col("ITEM_CODE1").eq(pl.lit(item)));
    rows.drop("STAT_CODE").writeParquet(`${partition}/item-${item}.parquet`);
    units[`200Y101/A/${item}`] = {
      statCode: "200Y101",
      cycle: "A",
      item,
      file: `STAT_CODE=200Y101/CYCLE=A/item-${item}.parquet`,
      complete: true,
      start: "1970",
      lastPeriod: "2025",
      rows: rows.height,
      fetchedAt: "2026-10-01T00:00:00.000Z",
      run: "r1",
    };
  }
  (await client.statisticItemList("200Y101")).writeParquet(`${dir.path}/_catalogue/tables.parquet`);
  await Deno.writeTextFile(
    `${dir.path}/_manifest.json`,
    JSON.stringify({
      format: "ecos-mirror",
      version: 1,
      baseUrl: server.url,
      language: "kr",
      createdAt: "2026-10-01T00:00:00.000Z",
      updatedAt: "2026-10-01T00:00:00.000Z",
      run: {
        id: "r1",
        startedAt: "2026-10-01T00:00:00.000Z",
        finishedAt: "2026-10-01T00:00:00.000Z",
      },
      units,
    }),
  );
  server.stats.reset();

  const result = await mirror(client, ["200Y101"], { dir: dir.path });
  // An update of the migrated partition: one request, nothing rewritten.
  assert.equal(result.plan.unitsIncremental, 1);
  assert.equal(served(server, "StatisticSearch"), 1);
  assert.deepEqual(
    (await dataFiles(dir.path)).filter((f) => f.endsWith(".parquet")),
    ["STAT_CODE=200Y101/CYCLE=A/data.parquet"],
  );
  const manifest = await readManifest(dir.path);
  assert.equal(manifest?.version, 2);
  assert.equal(manifest?.units["200Y101/A"]?.rows, table.height); // every row kept
  await assertMirrorsSource(dir.path, client, ["200Y101"]);
});
