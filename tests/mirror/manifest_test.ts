import assert from "node:assert/strict";
import { isEcosError } from "../../src/errors.ts";
import { startEcosServer } from "../../src/server/mod.ts";
import {
  type Manifest,
  MANIFEST_VERSION,
  readManifest,
  writeManifest,
} from "../../src/mirror/manifest.ts";
import { mirror } from "../../src/mirror/mod.ts";
import { clientOf, dataFiles, KEY, tempDir } from "./_helpers.ts";

function manifest(units: Manifest["units"] = {}): Manifest {
  return {
    format: "ecos-mirror",
    version: MANIFEST_VERSION,
    baseUrl: "http://127.0.0.1:1/api",
    language: "kr",
    createdAt: "2026-01-01T00:00:00.000Z",
    updatedAt: "2026-01-01T00:00:00.000Z",
    run: { id: "r1", startedAt: "2026-01-01T00:00:00.000Z", finishedAt: null },
    units,
  };
}

Deno.test("writeManifest() replaces the manifest whole, units in key order", async () => {
  await using dir = await tempDir();
  const unit = (item: string) => ({
    statCode: "200Y101",
    cycle: "A" as const,
    item,
    file: `STAT_CODE=200Y101/CYCLE=A/item-${item}.parquet`,
    complete: true as const,
    start: "1970",
    lastPeriod: "2025",
    rows: 56,
    fetchedAt: "2026-01-01T00:00:00.000Z",
    run: "r1",
  });
  const m = manifest({ "200Y101/A/2": unit("2"), "200Y101/A/1": unit("1") });
  await writeManifest(dir.path, m);
  assert.deepEqual(await readManifest(dir.path), m);
  const text = await Deno.readTextFile(`${dir.path}/_manifest.json`);
  assert.ok(text.indexOf("200Y101/A/1") < text.indexOf("200Y101/A/2"));
  assert.deepEqual(await dataFiles(dir.path), ["_manifest.json"]); // no temporary file left
  assert.equal(await readManifest(`${dir.path}/none`), undefined);
});

Deno.test("readManifest() refuses a file it cannot read, saying what to do", async (t) => {
  await using dir = await tempDir();
  const path = `${dir.path}/_manifest.json`;
  const cases: [string, string, RegExp][] = [
    ["not JSON", "{ half", /remove .*_manifest\.json to mirror afresh/],
    ["another shape", JSON.stringify({ units: [] }), /mirror afresh: format/],
    ["a newer version", JSON.stringify({ ...manifest(), version: 99 }), /Update @ecos\/ecos/],
    [
      "a file outside the mirror",
      JSON.stringify(manifest(
        {
          x: {
            statCode: "X",
            cycle: "A",
            item: "1",
            file: "../../etc/passwd",
            complete: true,
            start: "2000",
            lastPeriod: null,
            rows: 0,
            fetchedAt: "2026-01-01T00:00:00Z",
            run: "r1",
          },
        } as unknown as Manifest["units"],
      )),
      /a file outside the mirror/,
    ],
  ];
  for (const [name, text, message] of cases) {
    await t.step(name, async () => {
      await Deno.writeTextFile(path, text);
      await assert.rejects(
        readManifest(dir.path),
        (e) => isEcosError(e) && e.code === "INVALID_ARGUMENT" && message.test(e.message),
      );
    });
  }
});

Deno.test("mirror() records a unit whose file went missing as new, and fetches it whole", async () => {
  await using server = await startEcosServer({ keys: [KEY] });
  await using dir = await tempDir();
  const client = clientOf(server);
  await mirror(client, ["200Y101"], { dir: dir.path });
  await Deno.remove(`${dir.path}/STAT_CODE=200Y101/CYCLE=A/item-10101.parquet`);
  const again = await mirror(client, ["200Y101"], { dir: dir.path });
  assert.equal(again.plan.unitsFull, 1);
  assert.equal(again.plan.unitsIncremental, 2);
  assert.equal((await readManifest(dir.path))?.units["200Y101/A/10101"]?.rows, 56);
});

Deno.test("mirror() keeps no API key anywhere in the mirror", async () => {
  const key = "k3y-that-must-not-leak";
  await using server = await startEcosServer({ keys: [key] });
  await using dir = await tempDir();
  await mirror(clientOf(server, { apiKey: key }), ["200Y101", "105Y001"], { dir: dir.path });
  for (const file of await dataFiles(dir.path)) {
    const bytes = await Deno.readFile(`${dir.path}/${file}`);
    assert.ok(!new TextDecoder("latin1").decode(bytes).includes(key), file);
  }
});
