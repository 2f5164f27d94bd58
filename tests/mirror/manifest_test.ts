import assert from "node:assert/strict";
import { isEcosError } from "../../src/errors.ts";
import { startEcosServer } from "../../src/server/mod.ts";
import {
  Journal,
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
    source: "http://127.0.0.1:1/api",
    baseUrl: "http://127.0.0.1:1/api",
    language: "kr",
    createdAt: "2026-01-01T00:00:00.000Z",
    updatedAt: "2026-01-01T00:00:00.000Z",
    run: { id: "r1", startedAt: "2026-01-01T00:00:00.000Z", finishedAt: null },
    units,
    split: [],
  };
}

const unit = (statCode: string) => ({
  statCode,
  cycle: "A" as const,
  item: null,
  file: `STAT_CODE=${statCode}/CYCLE=A/data.parquet`,
  start: "1970",
  lastPeriod: "2025",
  rows: 56,
  fetchedAt: "2026-01-01T00:00:00.000Z",
  checkedAt: "2026-01-01T00:00:00.000Z",
  checkedFrom: "1970",
  run: "r1",
});

Deno.test("writeManifest() replaces the manifest whole, units in key order", async () => {
  await using dir = await tempDir();
  const m = manifest({ "200Y102/A": unit("200Y102"), "200Y101/A": unit("200Y101") });
  await writeManifest(dir.path, m);
  assert.deepEqual(await readManifest(dir.path), m);
  const text = await Deno.readTextFile(`${dir.path}/_manifest.json`);
  assert.ok(text.indexOf("200Y101/A") < text.indexOf("200Y102/A"));
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
    ["an earlier version", JSON.stringify({ ...manifest(), version: 1 }), /Run the mirror once/],
    [
      "a file outside the mirror",
      JSON.stringify(manifest(
        {
          x: { ...unit("X"), file: "../../etc/passwd" },
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
  await Deno.remove(`${dir.path}/STAT_CODE=200Y101/CYCLE=A/data.parquet`);
  const again = await mirror(client, ["200Y101"], { dir: dir.path });
  assert.equal(again.plan.unitsFull, 1);
  assert.equal(again.plan.unitsIncremental, 0);
  assert.equal((await readManifest(dir.path))?.units["200Y101/A"]?.rows, 3 * 56);
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

Deno.test("the journal folds into the manifest, and a line cut short by a kill is left out", async () => {
  await using dir = await tempDir();
  await writeManifest(dir.path, manifest());
  const journal = new Journal(dir.path, manifest());
  await journal.append({ unit: unit("200Y101") });
  await journal.append({ unit: unit("200Y102") });
  journal.close();
  // A kill in the middle of the third line.
  await Deno.writeTextFile(`${dir.path}/_journal.ndjson`, '{"unit":{"statCode":"9', {
    append: true,
  });
  const read = await readManifest(dir.path);
  assert.deepEqual(Object.keys(read?.units ?? {}), ["200Y101/A", "200Y102/A"]);
  // Writing the manifest empties the journal.
  await writeManifest(dir.path, read!);
  assert.deepEqual(await dataFiles(dir.path), ["_manifest.json"]);
  assert.deepEqual(Object.keys((await readManifest(dir.path))?.units ?? {}).length, 2);
});

Deno.test("mirror() records each unit in O(1): a journal line, never the whole manifest", async () => {
  await using server = await startEcosServer({ keys: [KEY] });
  await using dir = await tempDir();
  const seen: { manifest: number; lines: number }[] = [];
  const journalLines = () => {
    try {
      return Deno.readTextFileSync(`${dir.path}/_journal.ndjson`).split("\n").length - 1;
    } catch {
      return 0;
    }
  };
  await mirror(clientOf(server), ["722Y001", "901Y009", "814Y002"], {
    dir: dir.path,
    onProgress: (p) => {
      if (p.event !== "unit-start") return;
      seen.push({
        manifest: Deno.statSync(`${dir.path}/_manifest.json`).size,
        lines: journalLines(),
      });
    },
  });
  // While the run goes, the manifest keeps the size it had at the start, and each unit stored
  // adds one line to the journal...
  assert.equal(new Set(seen.map((s) => s.manifest)).size, 1);
  assert.deepEqual(seen.map((s) => s.lines), [0, 1, 2, 3, 4, 5, 6, 7]);
  // ...which the end folds into the manifest.
  assert.deepEqual(await dataFiles(dir.path).then((f) => f.includes("_journal.ndjson")), false);
  assert.equal(Object.keys((await readManifest(dir.path))?.units ?? {}).length, 8);
});
