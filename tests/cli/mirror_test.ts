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
      /^ecos: Use an option that ecos mirror --help lists: got "--colour"\nRun "ecos mirror --help" /,
    ],
    [["mirror", "--out"], /^ecos: Give -o, --out a value: got none\n/],
    [["mirror", "722Y001", "--out", "x", "--prune"], /Give --since with --prune/],
    [["mirror", "history", "--out", "x"], /Give the table: ecos mirror history <stat> \[item\]/],
    [
      ["mirror", "history", "722Y001", "--out", "x", "--dry-run"],
      /Use --out, --cycles, --since and --rows with mirror history: got --dry-run/,
    ],
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
  assert.match(first.stdout, /^Mirrored 2 of 2 tables into .*: (\d+) of \1 units fetched/);
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

Deno.test("ecos mirror --dry-run states the plan and writes nothing, not even DIR", async () => {
  await using server = await startEcosServer({ keys: [KEY] });
  await using dir = await tempDir();
  const out = `${dir.path}/data`;
  const run = await ecos(["mirror", "200Y102", "--out", out, "--dry-run"], {
    env: envFor(server),
  });
  assert.equal(run.code, 0, run.stderr);
  assert.match(run.stderr, /^Mirroring 1 table/m);
  assert.match(run.stderr, /within the rate limit/);
  assert.doesNotMatch(run.stderr, /at least 0 s/);
  assert.match(run.stdout, /nothing fetched or written \(--dry-run\)/);
  assert.equal(server.stats.byService["StatisticSearch"] ?? 0, 0);
  assert.deepEqual([...Deno.readDirSync(dir.path)], []);
});

Deno.test("ecos mirror says before it starts that the sample key makes a run long", async () => {
  await using server = await startEcosServer();
  await using dir = await tempDir();
  // A base URL and no key: the sample key, 10 rows a request.
  const run = await ecos(["mirror", "722Y001", "--out", dir.path, "--dry-run"], {
    env: { ECOS_BASE_URL: server.url },
  });
  assert.equal(run.code, 0, run.stderr);
  assert.match(
    run.stderr,
    /This takes at least 30 min at 10 rows a request, the sample key's limit: set ECOS_API_KEY/,
  );
});

Deno.test("ecos mirror without a key runs again on the same DIR: the bundled server is one source", async () => {
  await using dir = await tempDir();
  const first = await ecos(["mirror", "200Y101", "--out", dir.path], { env: {} });
  assert.equal(first.code, 0, first.stderr);
  const again = await ecos(["mirror", "200Y101", "--out", dir.path], { env: {} });
  assert.equal(again.code, 0, again.stderr);
  assert.match(again.stderr, /1 to update/);
  assert.match(
    again.stdout,
    /^Mirrored 1 of 1 table into .*: 1 of 1 units fetched, 0 files written/,
  );
});

Deno.test("ecos mirror reports a table that fails, mirrors the others, and exits 1", async () => {
  await using server = await startEcosServer({ keys: [KEY] });
  await using dir = await tempDir();
  const run = await ecos(["mirror", "200Y101", "000Y000", "--out", dir.path], {
    env: envFor(server),
  });
  assert.equal(run.code, 1, run.stderr);
  assert.match(run.stdout, /^Mirrored 1 of 2 tables into /);
  assert.match(
    run.stdout,
    /\n1 table failed \(run the mirror again to retry\):\n {2}000Y000: UNKNOWN_CODE: /,
  );
  assert.equal(scanMirror(dir.path).collectSync().height, 3 * 56);
});

Deno.test("ecos mirror history lists the revisions a later run found", async () => {
  await using dir = await tempDir();
  for (const revision of [0, 1]) {
    await using server = await startEcosServer({ keys: [KEY], revision });
    const run = await ecos(["mirror", "901Y009", "--cycles", "M", "--out", dir.path], {
      env: envFor(server),
    });
    assert.equal(run.code, 0, run.stderr);
    if (revision === 1) assert.match(run.stdout, /, 39 values revised, /); // 13 items, 3 months
  }
  const history = await ecos(["mirror", "history", "901Y009", "0", "--out", dir.path], {
    env: {},
  });
  assert.equal(history.code, 0, history.stderr);
  assert.match(history.stdout, /OLD_VALUE/);
  assert.match(history.stdout, /202606[\s\S]*202607[\s\S]*202608/);
  assert.match(history.stderr, /^3 revised values of 901Y009 0 in .* \(times in UTC\)\n$/);
  const none = await ecos(["mirror", "history", "722Y001", "--out", dir.path], { env: {} });
  assert.equal(none.code, 0);
  assert.match(none.stderr, /No revisions of 722Y001 in /);
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
