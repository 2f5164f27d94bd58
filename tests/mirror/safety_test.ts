/**
 * Nothing stored is lost: an empty answer deletes no row, `since` past the data keeps files
 * unless `prune`, a server that ignores the start asked for stores no row twice; damaged files
 * are rebuilt; one run at a time; a bad table is reported and the others mirrored.
 */

import assert from "node:assert/strict";
import { isEcosError } from "../../src/errors.ts";
import { pl } from "../../src/deps.ts";
import { startEcosServer } from "../../src/server/mod.ts";
import { lockMirror } from "../../src/mirror/lock.ts";
import { mirror, scanMirror } from "../../src/mirror/mod.ts";
import { mergeFetch } from "../../src/mirror/merge.ts";
import {
  assertFramesEqual,
  assertMirrorsSource,
  clientOf,
  dataFiles,
  duplicates,
  KEY,
  mirrored,
  proxyOf,
  pulled,
  served,
  tempDir,
} from "./_helpers.ts";

const NO_DATA = JSON.stringify({
  RESULT: { CODE: "INFO-200", MESSAGE: "해당하는 데이터가 없습니다." },
});
/** A proxy that answers every StatisticSearch "no data", and passes the rest on. */
const noData = {
  body: (path: string, body: string) => path.startsWith("/StatisticSearch/") ? NO_DATA : body,
};

Deno.test("mirror() keeps the stored rows when an update is answered no data", async () => {
  await using server = await startEcosServer({ keys: [KEY] });
  await using proxy = proxyOf(server.url, noData);
  await using dir = await tempDir();
  await mirror(clientOf(server), ["901Y009"], { dir: dir.path, cycles: ["M"] });
  const before = scanMirror(dir.path).collectSync();

  const warnings: string[] = [];
  const update = await mirror(clientOf(server, { baseUrl: proxy.url }), ["901Y009"], {
    dir: dir.path,
    cycles: ["M"],
    allowBaseUrlChange: true,
    onWarning: (w) => warnings.push(w),
  });
  assert.equal(update.plan.unitsIncremental, 1);
  assert.equal(update.filesWritten, 0);
  assert.equal(scanMirror(dir.path).collectSync().height, before.height);
  assert.equal(before.height, 13 * 440); // 13 items, 199001 to 202608
  assert.deepEqual(update.warnings, warnings);
  assert.match(
    warnings[0] ?? "",
    /^901Y009 M: the service answered no data from 202606 on; kept the 5,720 rows stored$/,
  );
});

Deno.test("mirror() keeps a partition's file when a whole fetch is answered no data", async () => {
  await using server = await startEcosServer({ keys: [KEY] });
  await using proxy = proxyOf(server.url, noData);
  await using dir = await tempDir();
  await mirror(clientOf(server), ["200Y101"], { dir: dir.path });
  // The manifest lost: every unit is fetched from its first period.
  await Deno.remove(`${dir.path}/_manifest.json`);
  const again = await mirror(clientOf(server, { baseUrl: proxy.url }), ["200Y101"], {
    dir: dir.path,
  });
  assert.equal(again.plan.unitsFull, 1);
  assert.equal(scanMirror(dir.path).collectSync().height, 3 * 56);
  assert.match(again.warnings[0] ?? "", /kept the 168 rows stored/);
});

Deno.test("mirror() with since past the data warns and keeps the files, unless prune", async () => {
  await using server = await startEcosServer({ keys: [KEY] });
  await using dir = await tempDir();
  const client = clientOf(server);
  await mirror(client, ["200Y101"], { dir: dir.path });

  const later = await mirror(client, ["200Y101"], { dir: dir.path, since: "2030-01-01" });
  assert.equal(later.plan.unitsFull, 1);
  assert.equal(scanMirror(dir.path).collectSync().height, 3 * 56);
  assert.match(
    later.warnings.join("\n"),
    /200Y101 A: the service answered no data from 2030 on; kept the 168 rows stored \(pass prune to remove rows before since\)/,
  );

  const pruned = await mirror(client, ["200Y101"], {
    dir: dir.path,
    since: "2030-01-01",
    prune: true,
  });
  assert.match(pruned.warnings.join("\n"), /its rows before since were pruned/);
  assert.equal(scanMirror(dir.path).collectSync().height, 0);
  assert.ok(!(await dataFiles(dir.path)).some((f) => f.endsWith(".parquet")));
});

Deno.test("mirror() with since later than stored keeps the earlier rows unless prune", async () => {
  await using server = await startEcosServer({ keys: [KEY] });
  await using dir = await tempDir();
  const client = clientOf(server);
  await mirror(client, ["200Y101"], { dir: dir.path });
  await mirror(client, ["200Y101"], { dir: dir.path, since: "2020-01-01" });
  assert.equal(scanMirror(dir.path).collectSync().height, 3 * 56);
  await mirror(client, ["200Y101"], { dir: dir.path, since: "2020-01-01", prune: true });
  const left = scanMirror(dir.path).collectSync();
  assert.equal(left.height, 3 * 6); // 2020 to 2025
  assert.equal(left.getColumn("PERIOD").sort().get(0), "2020");
});

Deno.test("mirror() stores each row once when the server ignores the start asked for", async () => {
  await using server = await startEcosServer({ keys: [KEY] });
  // Every StatisticSearch of 901Y009 M is sent from 199001, whatever start was asked.
  await using proxy = proxyOf(server.url, {
    path: (p) => p.replace(/(\/901Y009\/M\/)\d{6}\//, "$1199001/"),
  });
  await using dir = await tempDir();
  const client = clientOf(server, { baseUrl: proxy.url });
  await mirror(client, ["901Y009"], { dir: dir.path, cycles: ["M"] });
  const before = scanMirror(dir.path).collectSync().height;
  // The update gets every period again (or the client refuses rows outside the range it
  // asked for): either way no row is stored twice.
  await mirror(client, ["901Y009"], { dir: dir.path, cycles: ["M"], keepGoing: true });
  assert.equal(duplicates(dir.path), 0);
  assert.equal(scanMirror(dir.path).collectSync().height, before);
  assertFramesEqual(
    mirrored(dir.path, "901Y009", "M"),
    await pulled(clientOf(server), "901Y009", "M", "199001", "202608"),
    "901Y009 M",
  );
});

Deno.test("mergeFetch() keys rows by items and period: a repeated or re-sent row is stored once", () => {
  const row = (period: string, value: number, item2: string | null = null) => ({
    STAT_CODE: "X",
    STAT_NAME: "x",
    ITEM_CODE1: "A",
    ITEM_NAME1: "a",
    ITEM_CODE2: item2,
    ITEM_NAME2: null,
    ITEM_CODE3: null,
    ITEM_NAME3: null,
    ITEM_CODE4: null,
    ITEM_NAME4: null,
    UNIT_NAME: "%",
    WGT: null,
    TIME: new Date(`${period.slice(0, 4)}-${period.slice(4)}-01T00:00:00Z`),
    PERIOD: period,
    DATA_VALUE: value,
  });
  const frame = (rows: ReturnType<typeof row>[]) =>
    pl.DataFrame(rows).withColumns(pl.col("TIME").cast(pl.Date));
  const t1 = new Date("2026-10-01T00:00:00Z");
  const t2 = new Date("2026-11-01T00:00:00Z");
  const first = mergeFetch(undefined, frame([row("202601", 1), row("202602", 2)]), t1);
  // The whole range sent again, one row twice, one revised, one new; and a second series
  // (ITEM_CODE2 set) with the same period, which is another key.
  const again = mergeFetch(
    first.current,
    frame([
      row("202601", 1),
      row("202601", 1),
      row("202602", 2.5),
      row("202603", 3),
      row("202601", 9, "B"),
    ]),
    t2,
  );
  assert.deepEqual(
    again.current.select("ITEM_CODE2", "PERIOD", "DATA_VALUE").toRecords(),
    [
      { ITEM_CODE2: null, PERIOD: "202601", DATA_VALUE: 1 },
      { ITEM_CODE2: null, PERIOD: "202602", DATA_VALUE: 2.5 },
      { ITEM_CODE2: null, PERIOD: "202603", DATA_VALUE: 3 },
      { ITEM_CODE2: "B", PERIOD: "202601", DATA_VALUE: 9 },
    ],
  );
  assert.deepEqual(again.current.getColumn("FIRST_SEEN").toArray(), [t1, t2, t2, t2]);
  assert.deepEqual(again.superseded.select("PERIOD", "DATA_VALUE").toRecords(), [
    { PERIOD: "202602", DATA_VALUE: 2 },
  ]);
  assert.equal(again.added, 2);
  // An empty answer changes nothing.
  const empty = mergeFetch(again.current, frame([row("202601", 1)]).clear(), t2);
  assert.equal(empty.changed, false);
  assert.equal(empty.current.height, 4);
});

Deno.test("mirror() rebuilds a damaged catalogue file rather than failing on it", async () => {
  await using server = await startEcosServer({ keys: [KEY] });
  await using dir = await tempDir();
  const client = clientOf(server);
  await mirror(client, ["200Y101"], { dir: dir.path });
  await Deno.writeTextFile(`${dir.path}/_catalogue/items.pq`, "PAR1 cut short");
  await Deno.writeTextFile(`${dir.path}/_catalogue/tables.pq`, "");
  server.stats.reset();
  const again = await mirror(client, ["200Y101"], { dir: dir.path });
  assert.equal(again.plan.tables[0]?.catalogue, "fetched");
  assert.equal(served(server, "StatisticItemList"), 1);
  const items = pl.scanParquet(`${dir.path}/_catalogue/items.pq`).collectSync();
  assert.equal(items.getColumn("STAT_CODE").get(0), "200Y101");
  assert.equal(pl.scanParquet(`${dir.path}/_catalogue/tables.pq`).collectSync().height, 1);
});

Deno.test("mirror() moves a damaged data file aside and fetches its partition again", async () => {
  await using server = await startEcosServer({ keys: [KEY] });
  await using dir = await tempDir();
  const client = clientOf(server);
  await mirror(client, ["200Y101"], { dir: dir.path });
  const file = `${dir.path}/STAT_CODE=200Y101/CYCLE=A/data.parquet`;
  await Deno.writeTextFile(file, "not parquet");
  const again = await mirror(client, ["200Y101"], { dir: dir.path });
  assert.match(again.warnings[0] ?? "", /200Y101 A: its file could not be read .*moved it to/);
  await assertMirrorsSource(dir.path, client, ["200Y101"]);
  // Moved aside under a name no glob of *.parquet takes.
  const aside = (await dataFiles(dir.path)).filter((f) => f.includes(".damaged-"));
  assert.equal(aside.length, 1);
  assert.ok(!aside[0]!.endsWith(".parquet"));
});

Deno.test("mirror() refuses a second run on a directory, saying what to do", async () => {
  await using server = await startEcosServer({ keys: [KEY] });
  await using dir = await tempDir();
  const held = await lockMirror(dir.path);
  try {
    await assert.rejects(
      mirror(clientOf(server), ["200Y101"], { dir: dir.path }),
      (e) =>
        isEcosError(e) && e.code === "INVALID_ARGUMENT" &&
        new RegExp(
          `^Wait for the other run to finish: another mirror run is writing .* \\(process ${Deno.pid} `,
        ).test(e.message),
    );
    assert.equal(server.stats.total, 0);
  } finally {
    await held.release();
  }
  const after = await mirror(clientOf(server), ["200Y101"], { dir: dir.path });
  assert.equal(after.unitsFetched, 1);
  assert.ok(!(await dataFiles(dir.path)).some((f) => f.startsWith(".lock")));
});

Deno.test("mirror() takes over a lock its run left long ago", async () => {
  await using server = await startEcosServer({ keys: [KEY] });
  await using dir = await tempDir();
  await Deno.mkdir(`${dir.path}/.lock`);
  await Deno.writeTextFile(
    `${dir.path}/.lock/owner.json`,
    JSON.stringify({ pid: 1, hostname: "elsewhere" }),
  );
  const old = new Date(Date.now() - 5 * 60_000);
  await Deno.utime(`${dir.path}/.lock`, old, old);
  const result = await mirror(clientOf(server), ["200Y101"], { dir: dir.path });
  assert.equal(result.unitsFetched, 1);
});

Deno.test("mirror() with keepGoing reports bad tables and mirrors the others", async () => {
  await using server = await startEcosServer({ keys: [KEY] });
  await using dir = await tempDir();
  const client = clientOf(server);
  const result = await mirror(client, ["200Y101", "72 2", "000Y000", "105Y001"], {
    dir: dir.path,
    keepGoing: true,
  });
  assert.deepEqual(result.failures.map((f) => [f.statCode, f.code]), [
    ["72 2", "INVALID_ARGUMENT"],
    ["000Y000", "UNKNOWN_CODE"],
  ]);
  assert.deepEqual(result.plan.tables.map((t) => t.statCode), ["200Y101", "105Y001"]);
  await assertMirrorsSource(dir.path, client, ["200Y101", "105Y001"]);
  // Without it, the bad code stops the run before anything is sent.
  server.stats.reset();
  await assert.rejects(mirror(client, ["200Y101", "72 2"], { dir: dir.path }), /statCode/);
  assert.equal(server.stats.total, 0);
});

Deno.test("mirror() with keepGoing skips a table whose pull keeps failing, and retries it next", async () => {
  let failing = true;
  await using server = await startEcosServer({
    keys: [KEY],
    fault: (ctx) =>
      failing && ctx.service === "StatisticSearch" && ctx.args[0] === "200Y101"
        ? { kind: "code", code: "ERROR-500" }
        : undefined,
  });
  await using dir = await tempDir();
  const client = clientOf(server);
  const result = await mirror(client, ["200Y101", "105Y001"], { dir: dir.path, keepGoing: true });
  assert.deepEqual(result.failures.map((f) => [f.statCode, f.cycle, f.code]), [[
    "200Y101",
    "A",
    "ERROR-500",
  ]]);
  assert.equal(result.unitsFetched, 1);
  failing = false;
  const retry = await mirror(client, ["200Y101", "105Y001"], { dir: dir.path, keepGoing: true });
  assert.equal(retry.plan.resumed, true); // the failed run did not finish: the next resumes
  assert.equal(retry.unitsFetched, 1);
  await assertMirrorsSource(dir.path, client, ["200Y101", "105Y001"]);
});
