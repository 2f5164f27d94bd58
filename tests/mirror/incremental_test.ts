import assert from "node:assert/strict";
import { pl } from "../../src/deps.ts";
import { startEcosServer } from "../../src/server/mod.ts";
import { readManifest } from "../../src/mirror/manifest.ts";
import { mirror, scanMirror } from "../../src/mirror/mod.ts";
import {
  assertMirrorsSource,
  clientOf,
  duplicates,
  KEY,
  ROW_KEY,
  served,
  tempDir,
} from "./_helpers.ts";

/** Every cycle: D (calendar and business days), M, Q, A, S with two levels, SM. */
const TABLES = ["722Y001", "901Y009", "817Y002", "105Y001", "814Y002"];
/** Their units: one per table and cycle. */
const UNITS = 4 + 2 + 1 + 1 + 2;

Deno.test("mirror() after the data grows asks once a unit and matches the source again", async () => {
  await using dir = await tempDir();
  {
    await using first = await startEcosServer({ keys: [KEY] });
    await mirror(clientOf(first), TABLES, { dir: dir.path });
  }
  await using later = await startEcosServer({ keys: [KEY], dataEnd: "2026-12-31" });
  const client = clientOf(later);

  const update = await mirror(client, TABLES, { dir: dir.path });
  assert.equal(update.plan.unitsIncremental, UNITS);
  assert.equal(update.plan.requests, UNITS);
  // One request a unit, and the item lists from the catalogue.
  assert.equal(served(later, "StatisticSearch"), UNITS);
  assert.equal(served(later, "StatisticItemList"), 0);
  assert.equal(duplicates(dir.path), 0);
  await assertMirrorsSource(dir.path, client, TABLES);
  const cpi = (await readManifest(dir.path))?.units["901Y009/M"];
  assert.equal(cpi?.lastPeriod, "202611");

  // Nothing new: one request a unit again, and the same rows.
  const before = scanMirror(dir.path).collectSync().height;
  later.stats.reset();
  await mirror(client, TABLES, { dir: dir.path });
  assert.equal(served(later, "StatisticSearch"), UNITS);
  assert.equal(scanMirror(dir.path).collectSync().height, before);
});

Deno.test("mirror() replaces revised values in the window rather than adding rows", async () => {
  await using dir = await tempDir();
  {
    await using first = await startEcosServer({ keys: [KEY] });
    await mirror(clientOf(first), TABLES, { dir: dir.path });
  }
  const original = scanMirror(dir.path).collectSync();
  await using revised = await startEcosServer({ keys: [KEY], revision: 1 });
  const client = clientOf(revised);

  await mirror(client, TABLES, { dir: dir.path });
  assert.equal(served(revised, "StatisticSearch"), UNITS);
  assert.equal(duplicates(dir.path), 0);
  await assertMirrorsSource(dir.path, client, TABLES);

  // The revision did change values, and only the latest ones.
  const now = scanMirror(dir.path).collectSync().sort(ROW_KEY);
  const before = original.sort(ROW_KEY);
  assert.equal(now.height, before.height);
  assert.ok(now.select(...ROW_KEY).frameEqual(before.select(...ROW_KEY), true));
  const changed = now
    .withColumns(before.getColumn("DATA_VALUE").alias("DATA_VALUE_before"))
    .filter(pl.col("DATA_VALUE").neq(pl.col("DATA_VALUE_before")));
  assert.ok(changed.height > 0);
  const cpi = changed.filter(
    pl.col("STAT_CODE").eq(pl.lit("901Y009")).and(pl.col("CYCLE").eq(pl.lit("M"))),
  );
  assert.deepEqual(cpi.getColumn("PERIOD").unique().sort().toArray(), [
    "202606",
    "202607",
    "202608",
  ]);
});

Deno.test("mirror() takes a later end and a revision together", async () => {
  await using dir = await tempDir();
  {
    await using first = await startEcosServer({ keys: [KEY] });
    await mirror(clientOf(first), TABLES, { dir: dir.path });
  }
  await using next = await startEcosServer({ keys: [KEY], dataEnd: "2027-03-31", revision: 1 });
  const client = clientOf(next);
  await mirror(client, TABLES, { dir: dir.path });
  assert.equal(served(next, "StatisticSearch"), UNITS);
  assert.equal(duplicates(dir.path), 0);
  await assertMirrorsSource(dir.path, client, TABLES);
});

Deno.test("mirror() with a revision window of 0 keeps stored values as they were", async () => {
  await using dir = await tempDir();
  {
    await using first = await startEcosServer({ keys: [KEY] });
    await mirror(clientOf(first), ["901Y009"], { dir: dir.path, cycles: ["M"] });
  }
  const before = scanMirror(dir.path).collectSync();
  await using revised = await startEcosServer({ keys: [KEY], revision: 1 });
  await mirror(clientOf(revised), ["901Y009"], {
    dir: dir.path,
    cycles: ["M"],
    revisionWindow: { M: 0 },
  });
  // Only periods after the last stored one were asked for: none are new, none are revised.
  assert.ok(
    scanMirror(dir.path).collectSync().sort(ROW_KEY).frameEqual(before.sort(ROW_KEY), true),
  );
});
