import assert from "node:assert/strict";
import { isEcosError } from "../../src/errors.ts";
import { pl } from "../../src/deps.ts";
import { startEcosServer } from "../../src/server/mod.ts";
import { mirror, MIRROR_COLUMNS, scanMirror } from "../../src/mirror/mod.ts";
import { tempPath } from "../../src/mirror/layout.ts";
import { clientOf, dataFiles, KEY, tempDir } from "./_helpers.ts";

const PARTITION = "STAT_CODE=200Y101/CYCLE=A";

Deno.test("scanMirror() ignores half-written temporary files, and the next run sweeps them", async () => {
  await using server = await startEcosServer({ keys: [KEY] });
  await using dir = await tempDir();
  const client = clientOf(server);
  await mirror(client, ["200Y101"], { dir: dir.path });
  const whole = scanMirror(dir.path).collectSync();

  // What a killed write leaves: the first half of a real file, and garbage, under temp names.
  const real = await Deno.readFile(`${dir.path}/${PARTITION}/data.parquet`);
  const half = tempPath(`${dir.path}/${PARTITION}/data.parquet`);
  await Deno.writeFile(half, real.subarray(0, real.length >> 1));
  await Deno.writeTextFile(tempPath(`${dir.path}/${PARTITION}/data.parquet`), "PAR1 no");
  await Deno.writeTextFile(tempPath(`${dir.path}/_manifest.json`), "{ half");
  assert.ok(!half.endsWith(".parquet"));

  const read = scanMirror(dir.path).collectSync();
  assert.ok(read.sort(["ITEM_CODE1", "TIME"]).frameEqual(whole.sort(["ITEM_CODE1", "TIME"]), true));

  await mirror(client, ["200Y101"], { dir: dir.path });
  const left = (await dataFiles(dir.path)).filter((f) => f.split("/").at(-1)!.startsWith("."));
  assert.deepEqual(left, []);
});

Deno.test("scanMirror() gives StatisticSearch's columns and types, then CYCLE", async () => {
  await using server = await startEcosServer({ keys: [KEY] });
  await using dir = await tempDir();
  await mirror(clientOf(server), ["901Y009"], { dir: dir.path, cycles: ["A"] });
  const frame = scanMirror(dir.path).collectSync();
  const direct = await clientOf(server).statisticSearch({
    statCode: "901Y009",
    cycle: "A",
    start: "1990",
    end: "2025",
  });
  assert.deepEqual(frame.columns, [...direct.columns, "CYCLE"]);
  assert.deepEqual(frame.columns, [...MIRROR_COLUMNS]);
  assert.deepEqual(
    frame.drop("CYCLE").dtypes.map(String),
    direct.dtypes.map(String),
  );
  assert.equal(frame.getColumn("TIME").dtype.variant, "Date");
  assert.equal(frame.getColumn("WGT").dtype.variant, "Float64");
  assert.equal(frame.getColumn("DATA_VALUE").dtype.variant, "Float64");
});

Deno.test("scanMirror() prunes partitions by STAT_CODE and CYCLE", async () => {
  await using server = await startEcosServer({ keys: [KEY] });
  await using dir = await tempDir();
  await mirror(clientOf(server), ["200Y101", "722Y001"], { dir: dir.path, cycles: ["A", "Q"] });
  const quarterly = scanMirror(dir.path)
    .filter(pl.col("CYCLE").eq(pl.lit("Q")))
    .select("STAT_CODE", "CYCLE")
    .unique()
    .collectSync();
  assert.deepEqual(quarterly.toRecords(), [{ STAT_CODE: "722Y001", CYCLE: "Q" }]);
});

Deno.test("scanMirror() of a mirror with no data gives no rows, with the columns", async () => {
  await using dir = await tempDir();
  const frame = scanMirror(dir.path).collectSync();
  assert.equal(frame.height, 0);
  assert.deepEqual(frame.columns, [...MIRROR_COLUMNS]);
  assert.equal(frame.getColumn("TIME").dtype.variant, "Date");
  assert.equal(frame.getColumn("CYCLE").dtype.variant, "String");
});

Deno.test("scanMirror() refuses a directory that does not exist", async () => {
  await using dir = await tempDir();
  assert.throws(
    () => scanMirror(`${dir.path}/nothing-here`),
    (e) => isEcosError(e) && e.code === "INVALID_ARGUMENT" && /no such directory/.test(e.message),
  );
});
