/**
 * Vintages: every value a revision replaced is kept with when it was first and last seen and
 * when it was replaced; scanMirror(dir, { asOf }) gives what the mirror knew then, with no
 * look-ahead; mirrorRevisions() lists the revisions. The bundled server's `revision` option
 * revises the latest periods, round after round; the mirror's clock is injected.
 */

import assert from "node:assert/strict";
import { pl } from "../../src/deps.ts";
import { startEcosServer } from "../../src/server/mod.ts";
import { mirror, mirrorRevisions, scanMirror } from "../../src/mirror/mod.ts";
import { scanHistory } from "../../src/mirror/history.ts";
import { assertFramesEqual, canonical, clientOf, KEY, pulled, tempDir } from "./_helpers.ts";

const T1 = new Date("2026-10-01T09:00:00Z");
const T2 = new Date("2026-10-08T09:00:00Z");
const T3 = new Date("2026-10-15T09:00:00Z");
const T4 = new Date("2026-10-22T09:00:00Z");

/** CPI (901Y009), monthly: 13 items, 199001 to 202608. */
async function cpiAt(revision: number) {
  await using server = await startEcosServer({ keys: [KEY], revision });
  return await pulled(clientOf(server), "901Y009", "M", "199001", "202608");
}

/** Four runs: the original release twice, then revision rounds 1 and 2. */
async function fourRuns(dir: string) {
  for (const [revision, at] of [[0, T1], [0, T2], [1, T3], [2, T4]] as const) {
    await using server = await startEcosServer({ keys: [KEY], revision });
    await mirror(clientOf(server), ["901Y009"], { dir, cycles: ["M"], now: () => at });
  }
}

const asOf = (dir: string, when: Date | string) =>
  canonical(scanMirror(dir, { asOf: when }).collectSync());

Deno.test("scanMirror(dir, { asOf }) gives what the mirror knew then, and nothing later", async () => {
  await using dir = await tempDir();
  await fourRuns(dir.path);
  const [r0, r1, r2] = [await cpiAt(0), await cpiAt(1), await cpiAt(2)];
  assert.ok(!r1.frameEqual(r0, true) && !r2.frameEqual(r1, true));

  assertFramesEqual(canonical(scanMirror(dir.path).collectSync()), r2, "now");
  assertFramesEqual(asOf(dir.path, T1), r0, "as of the first run");
  assertFramesEqual(asOf(dir.path, new Date(T3.getTime() - 1)), r0, "just before round 1");
  assertFramesEqual(asOf(dir.path, T3), r1, "as of round 1");
  assertFramesEqual(asOf(dir.path, "2026-10-20"), r1, "between rounds 1 and 2");
  assertFramesEqual(asOf(dir.path, T4), r2, "as of round 2");
  assert.equal(scanMirror(dir.path, { asOf: "2026-09-30" }).collectSync().height, 0);
});

Deno.test("asOf shows nothing first seen later: periods published after it are left out", async () => {
  await using dir = await tempDir();
  {
    await using server = await startEcosServer({ keys: [KEY] });
    await mirror(clientOf(server), ["901Y009"], { dir: dir.path, cycles: ["M"], now: () => T1 });
  }
  {
    await using later = await startEcosServer({ keys: [KEY], dataEnd: "2026-12-31" });
    await mirror(clientOf(later), ["901Y009"], { dir: dir.path, cycles: ["M"], now: () => T2 });
  }
  const periods = (frame: ReturnType<typeof asOf>) =>
    frame.getColumn("PERIOD").unique().sort().toArray().slice(-1);
  assert.deepEqual(periods(asOf(dir.path, T1)), ["202608"]);
  assert.deepEqual(periods(asOf(dir.path, T2)), ["202611"]);
});

Deno.test("the history keeps each superseded value with when it was first and last seen", async () => {
  await using dir = await tempDir();
  await fourRuns(dir.path);
  const history = scanHistory(dir.path)
    .filter(pl.col("ITEM_CODE1").eq(pl.lit("0")))
    .sort(["PERIOD", "FIRST_SEEN"])
    .collectSync();
  // June to August 2026 revised twice: the original (seen at T1 and T2, replaced at T3), then
  // round 1's (seen at T3, replaced at T4).
  assert.deepEqual(
    history.select("PERIOD", "FIRST_SEEN", "LAST_SEEN", "REPLACED_AT").toRecords(),
    ["202606", "202607", "202608"].flatMap((PERIOD) => [
      { PERIOD, FIRST_SEEN: T1, LAST_SEEN: T2, REPLACED_AT: T3 },
      { PERIOD, FIRST_SEEN: T3, LAST_SEEN: T3, REPLACED_AT: T4 },
    ]),
  );
  assert.equal(history.getColumn("STAT_CODE").get(0), "901Y009");
  assert.equal(history.getColumn("CYCLE").get(0), "M");
});

Deno.test("mirrorRevisions() lists each revision, old value beside new", async () => {
  await using dir = await tempDir();
  await fourRuns(dir.path);
  const [r0, r1, r2] = [await cpiAt(0), await cpiAt(1), await cpiAt(2)];
  const value = (frame: typeof r0, period: string) =>
    frame.filter(pl.col("ITEM_CODE1").eq(pl.lit("0")).and(pl.col("PERIOD").eq(pl.lit(period))))
      .getColumn("DATA_VALUE").get(0);
  const revisions = mirrorRevisions(dir.path, { statCode: "901Y009", item: "0" });
  assert.deepEqual(
    revisions.select("PERIOD", "OLD_VALUE", "NEW_VALUE", "REPLACED_AT").toRecords(),
    ["202606", "202607", "202608"].flatMap((p) => [
      { PERIOD: p, OLD_VALUE: value(r0, p), NEW_VALUE: value(r1, p), REPLACED_AT: T3 },
      { PERIOD: p, OLD_VALUE: value(r1, p), NEW_VALUE: value(r2, p), REPLACED_AT: T4 },
    ]),
  );
  // All items: 13 of them, 3 periods, 2 rounds.
  assert.equal(mirrorRevisions(dir.path, { statCode: "901Y009" }).height, 13 * 3 * 2);
  assert.equal(mirrorRevisions(dir.path, { since: T4 }).height, 13 * 3);
  assert.equal(mirrorRevisions(dir.path, { statCode: "722Y001" }).height, 0);
});

Deno.test("an unchanged source adds nothing to the history and rewrites no file", async () => {
  await using dir = await tempDir();
  await using server = await startEcosServer({ keys: [KEY] });
  await mirror(clientOf(server), ["901Y009", "722Y001"], { dir: dir.path, now: () => T1 });
  const again = await mirror(clientOf(server), ["901Y009", "722Y001"], {
    dir: dir.path,
    now: () => T2,
  });
  assert.equal(again.unitsFetched, 6);
  assert.equal(again.filesWritten, 0);
  assert.equal(again.revised, 0);
  assert.equal(scanHistory(dir.path).collectSync().height, 0);
});
