/**
 * `ecos mirror`: arguments checked before anything is sent, the plan on stderr, the dataset
 * written, and a second run that only updates.
 */

import assert from "node:assert/strict";
import { scanMirror } from "../../src/mirror/mod.ts";
import { startEcosServer } from "../../src/server/mod.ts";
import { ecos, envFor, KEY, tempDir } from "./_cli.ts";

Deno.test("ecos mirror refuses bad arguments with exit 2, sending nothing", async (t) => {
  await using server = await startEcosServer({ keys: [KEY] });
  const env = envFor(server);
  const cases: [string[], RegExp][] = [
    [["mirror", "722Y001"], /Give the directory: --out DIR/],
    [["mirror", "--out", "x"], /Give table codes \(e\.g\. 722Y001\) or --all/],
    [["mirror", "722Y001", "--all", "--out", "x"], /Give table codes or --all, not both/],
    [
      ["mirror", "722Y001", "--out", "x", "--cycles", "M,W"],
      /Use --cycles among A,S,Q,M,SM,D: got "W"/,
    ],
    [["mirror", "722Y001", "--out", "x", "--since", "2020"], /--since as YYYY-MM-DD/],
    [["mirror", "7/2", "--out", "x"], /statCode/],
    [
      ["mirror", "722Y001", "--out", "x", "--colour"],
      /^ecos: Use an option that ecos mirror --help lists: got "--colour"\n\nUsage: ecos mirror /,
    ],
    [["mirror", "--out"], /^ecos: Give -o, --out a value: got none\n/],
  ];
  for (const [args, message] of cases) {
    await t.step(args.join(" "), async () => {
      const run = await ecos(args, { env });
      assert.equal(run.code, 2, run.stderr);
      assert.match(run.stderr, message);
    });
  }
  assert.equal(server.stats.total, 0);
});

Deno.test("ecos mirror states the plan, writes the dataset, then only updates it", async () => {
  await using server = await startEcosServer({ keys: [KEY] });
  await using dir = await tempDir();
  const env = envFor(server);
  const first = await ecos(["mirror", "200Y102", "722Y001", "--cycles", "Q,A", "--out", dir.path], {
    env,
  });
  assert.equal(first.code, 0, first.stderr);
  assert.match(first.stderr, /^Mirroring 2 tables, \d+ units/m);
  assert.match(first.stderr, /About \d+ requests? for about [\d,]+ rows/);
  assert.match(first.stdout, /^Mirrored 2 tables into .*: (\d+) of \1 units fetched/);
  assert.ok(!first.stdout.includes(KEY) && !first.stderr.includes(KEY));
  const rows = scanMirror(dir.path).collectSync();
  assert.ok(rows.height > 0);
  assert.deepEqual(rows.getColumn("STAT_CODE").unique().sort().toArray(), ["200Y102", "722Y001"]);
  const units = Number(/(\d+) of \d+ units fetched/.exec(first.stdout)?.[1]);
  server.stats.reset();
  const again = await ecos(["mirror", "200Y102", "722Y001", "--cycles", "Q,A", "--out", dir.path], {
    env,
  });
  assert.equal(again.code, 0, again.stderr);
  assert.match(again.stderr, /to update/);
  assert.equal(server.stats.byService["StatisticSearch"], units, "one request per unit");
  assert.equal(server.stats.byService["StatisticItemList"] ?? 0, 0, "the catalogue is reused");
});

Deno.test("ecos mirror --dry-run states the plan and fetches no unit", async () => {
  await using server = await startEcosServer({ keys: [KEY] });
  await using dir = await tempDir();
  const run = await ecos(["mirror", "200Y102", "--out", dir.path, "--dry-run"], {
    env: envFor(server),
  });
  assert.equal(run.code, 0, run.stderr);
  assert.match(run.stderr, /^Mirroring 1 table/m);
  assert.match(run.stdout, /nothing fetched \(--dry-run\)/);
  assert.equal(server.stats.byService["StatisticSearch"] ?? 0, 0);
});

Deno.test("ecos mirror draws progress only on a terminal", async () => {
  await using server = await startEcosServer({ keys: [KEY] });
  for (const isTTY of [true, false]) {
    await using dir = await tempDir();
    const run = await ecos(["mirror", "200Y102", "--out", dir.path], {
      env: envFor(server),
      isTTY,
    });
    assert.equal(run.code, 0, run.stderr);
    assert.equal(run.stderr.includes("\r"), isTTY);
  }
});
