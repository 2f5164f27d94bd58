import assert from "node:assert/strict";
import { isEcosError } from "../../src/errors.ts";
import { startEcosServer } from "../../src/server/mod.ts";
import type { Fault, FaultContext } from "../../src/server/types.ts";
import { readManifest } from "../../src/mirror/manifest.ts";
import { mirror, type MirrorProgress } from "../../src/mirror/mod.ts";
import {
  assertMirrorsSource,
  assertSameMirror,
  clientOf,
  dataFiles,
  KEY,
  served,
  tempDir,
} from "./_helpers.ts";

/** Daily to annual, semi-annual with two levels, half-monthly: 4 + 1 + 2 units (tables and
 * cycles), 722Y001 D in three pages of 10,000 rows. */
const TABLES = ["722Y001", "105Y001", "814Y002"];
const UNITS = 7;

/** A mirror of the same tables in one go, to compare with. */
async function uninterrupted(dir: string) {
  await using server = await startEcosServer({ keys: [KEY] });
  await mirror(clientOf(server), TABLES, { dir });
}

/** Temporary files left anywhere in a mirror. */
async function leftovers(dir: string): Promise<string[]> {
  return (await dataFiles(dir)).filter((f) => f.split("/").at(-1)!.startsWith("."));
}

Deno.test("mirror() stopped by its signal resumes where it stopped, without asking again", async () => {
  await using server = await startEcosServer({ keys: [KEY] });
  await using dir = await tempDir();
  await using whole = await tempDir();
  const client = clientOf(server);

  const stop = new AbortController();
  const seen: MirrorProgress[] = [];
  await assert.rejects(
    mirror(client, TABLES, {
      dir: dir.path,
      signal: stop.signal,
      onProgress: (p) => {
        seen.push(p);
        if (p.event === "unit-done" && p.unitsDone === 3) stop.abort();
      },
    }),
    (e) => isEcosError(e) && e.code === "ABORTED" && /run it again to resume/.test(e.message),
  );
  assert.equal(seen.filter((p) => p.event === "unit-done").length, 3);
  const manifest = await readManifest(dir.path);
  assert.equal(Object.keys(manifest?.units ?? {}).length, 3);
  assert.equal(manifest?.run.finishedAt, null);
  assert.deepEqual(await leftovers(dir.path), []);

  server.stats.reset();
  const resumed = await mirror(client, TABLES, { dir: dir.path });
  assert.equal(resumed.plan.resumed, true);
  assert.equal(resumed.plan.unitsDone, 3);
  assert.equal(resumed.unitsFetched, UNITS - 3);
  // The stored units (722Y001 A, Q, M) are not asked for again, nor the item lists (the
  // catalogue's): 722Y001 D in three pages, then one request a unit.
  assert.equal(served(server, "StatisticSearch"), 3 + 3);
  assert.equal(served(server, "StatisticItemList"), 0);
  assert.notEqual((await readManifest(dir.path))?.run.finishedAt, null);

  await uninterrupted(whole.path);
  assertSameMirror(dir.path, whole.path);
  await assertMirrorsSource(dir.path, client, TABLES);
});

Deno.test("mirror() stopped within a unit stores nothing of it, and fetches it on resume", async () => {
  await using server = await startEcosServer({ keys: [KEY] });
  await using dir = await tempDir();
  // Pages of 100 rows: 814Y002 M (576 rows) takes six, SM (1,152 rows) twelve.
  const client = clientOf(server, { pageSize: 100 });

  const stop = new AbortController();
  await assert.rejects(
    mirror(client, ["814Y002"], {
      dir: dir.path,
      signal: stop.signal,
      onProgress: (p) => {
        if (p.event === "page" && p.unit.cycle === "SM" && p.pages === 1) stop.abort();
      },
    }),
    (e) => isEcosError(e) && e.code === "ABORTED" && /run it again to resume/.test(e.message),
  );
  const manifest = await readManifest(dir.path);
  assert.deepEqual(Object.keys(manifest?.units ?? {}), ["814Y002/M"]);
  assert.deepEqual(await leftovers(dir.path), []);
  assert.deepEqual(
    (await dataFiles(dir.path)).filter((f) => f.startsWith("STAT_CODE=")),
    ["STAT_CODE=814Y002/CYCLE=M/data.parquet"],
  );

  server.stats.reset();
  const resumed = await mirror(client, ["814Y002"], { dir: dir.path });
  assert.equal(resumed.unitsFetched, 1);
  assert.equal(served(server, "StatisticSearch"), 12);
  await assertMirrorsSource(dir.path, client, ["814Y002"]);
});

Deno.test("mirror() failing after the client's retries resumes where it failed", async () => {
  let failing = true;
  const fault = (ctx: FaultContext): Fault | undefined =>
    failing && ctx.service === "StatisticSearch" && ctx.args[0] === "722Y001" &&
      ctx.args[1] === "M"
      ? { kind: "code", code: "ERROR-500" }
      : undefined;
  await using server = await startEcosServer({ keys: [KEY], fault });
  await using dir = await tempDir();
  await using whole = await tempDir();
  const client = clientOf(server); // two attempts

  await assert.rejects(mirror(client, TABLES, { dir: dir.path }), (e) => {
    assert.ok(isEcosError(e));
    assert.equal(e.code, "ERROR-500");
    assert.equal(e.attempts, 2);
    assert.match(e.message, /while mirroring 722Y001 M; run the mirror again to resume/);
    return true;
  });
  // A and Q were stored before M failed.
  const stored = Object.keys((await readManifest(dir.path))?.units ?? {});
  assert.deepEqual(stored.sort(), ["722Y001/A", "722Y001/Q"]);
  assert.deepEqual(await leftovers(dir.path), []);

  failing = false;
  server.stats.reset();
  const resumed = await mirror(client, TABLES, { dir: dir.path });
  assert.equal(resumed.plan.unitsDone, 2);
  // M, D in three pages, and one request each for 105Y001 S, 814Y002 M and SM.
  assert.equal(served(server, "StatisticSearch"), 1 + 3 + 3);
  assert.equal(served(server, "StatisticItemList"), 0);

  await uninterrupted(whole.path);
  assertSameMirror(dir.path, whole.path);
});

Deno.test("mirror() killed mid-run leaves a mirror that the next run completes", async () => {
  const running: { child?: Deno.ChildProcess } = {};
  let searches = 0;
  // The fifth search request (a page of 722Y001 D, after A, Q, M and D's first) kills the
  // process that sent it, before it is answered.
  const fault = async (ctx: FaultContext): Promise<Fault | undefined> => {
    if (ctx.service !== "StatisticSearch" || ++searches !== 5 || running.child === undefined) {
      return;
    }
    running.child.kill("SIGKILL");
    await running.child.status;
    return { kind: "drop" };
  };
  await using server = await startEcosServer({ keys: [KEY], fault });
  await using dir = await tempDir();
  await using whole = await tempDir();

  const script = new URL("./_child.ts", import.meta.url).pathname;
  const child = running.child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "--quiet", script, server.url, KEY, dir.path, ...TABLES],
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const [status, out] = await Promise.all([child.status, child.output()]);
  assert.equal(status.success, false);
  assert.ok(!new TextDecoder().decode(out.stdout).includes("done"));

  const manifest = await readManifest(dir.path);
  assert.deepEqual(Object.keys(manifest?.units ?? {}).sort(), [
    "722Y001/A",
    "722Y001/M",
    "722Y001/Q",
  ]);

  server.stats.reset();
  const resumed = await mirror(clientOf(server), TABLES, { dir: dir.path });
  assert.equal(resumed.plan.unitsDone, 3);
  assert.equal(served(server, "StatisticSearch"), 3 + 3);
  assert.deepEqual(await leftovers(dir.path), []);

  await uninterrupted(whole.path);
  assertSameMirror(dir.path, whole.path);
});

Deno.test("mirror() with resume: false starts a new run over an interrupted one", async () => {
  await using server = await startEcosServer({ keys: [KEY] });
  await using dir = await tempDir();
  const client = clientOf(server);
  const stop = new AbortController();
  await assert.rejects(
    mirror(client, ["722Y001"], {
      dir: dir.path,
      cycles: ["A", "Q"],
      signal: stop.signal,
      onProgress: (p) => p.event === "unit-done" && stop.abort(),
    }),
    /cancelled/,
  );
  const fresh = await mirror(client, ["722Y001"], {
    dir: dir.path,
    cycles: ["A", "Q"],
    resume: false,
  });
  assert.equal(fresh.plan.resumed, false);
  assert.equal(fresh.plan.unitsDone, 0);
  assert.equal(fresh.plan.unitsIncremental, 1);
  assert.equal(fresh.plan.unitsFull, 1);
});
