import assert from "node:assert/strict";
import { startEcosServer } from "../../src/server/mod.ts";
import { ecos, envFor, KEY, tempDir } from "./_cli.ts";

const SEARCH = ["search", "722Y001", "M", "202001", "202412", "0101000", "--page-size", "20"];

/** The number after "Entries: " in `ecos cache info`. */
async function entries(env: Record<string, string>): Promise<number> {
  const run = await ecos(["cache", "info"], { env });
  assert.equal(run.code, 0, run.stderr);
  return Number(/\nEntries: (\d+)/.exec(run.stdout)?.[1]);
}

Deno.test("ecos cache info describes an empty or missing cache directory", async () => {
  await using dir = await tempDir();
  const run = await ecos(["cache", "info"], { env: { ECOS_CACHE_DIR: dir.path } });
  assert.equal(run.code, 0);
  assert.equal(run.stdout, `Cache directory: ${dir.path}\nEntries: 0\nSize: 0 B\n`);
  assert.equal(run.stderr, "");
  const missing = `${dir.path}/not/yet`;
  const none = await ecos(["cache", "info"], { env: { ECOS_CACHE_DIR: missing } });
  assert.equal(none.stdout, `Cache directory: ${missing}\nEntries: 0\nSize: 0 B\n`);
});

Deno.test("--cache against a local server: the repeated command sends no request", async () => {
  await using server = await startEcosServer({ keys: [KEY] });
  await using dir = await tempDir();
  const env = envFor(server, { ECOS_CACHE_DIR: dir.path });
  const first = await ecos([...SEARCH, "--cache"], { env });
  assert.equal(first.code, 0, first.stderr);
  assert.equal(server.stats.total, 3); // 60 rows, 20 a page
  assert.equal(await entries(env), 3);

  server.stats.reset();
  const again = await ecos([...SEARCH, "--cache"], { env });
  assert.equal(again.code, 0, again.stderr);
  assert.equal(server.stats.total, 0);
  assert.equal(again.stdout, first.stdout);

  const info = await ecos(["cache", "info"], { env });
  assert.match(
    info.stdout,
    /\nSize: \d+(\.\d)? (B|KiB)\nOldest: \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC\nNewest: /,
  );
});

Deno.test("a local server is not cached by default, and --no-cache neither reads nor writes", async () => {
  await using server = await startEcosServer({ keys: [KEY] });
  await using dir = await tempDir();
  const env = envFor(server, { ECOS_CACHE_DIR: dir.path });
  await ecos(SEARCH, { env });
  await ecos(SEARCH, { env });
  assert.equal(server.stats.total, 6, "both runs asked the server");
  assert.equal(await entries(env), 0, "nothing was written");

  await ecos([...SEARCH, "--cache"], { env });
  server.stats.reset();
  const off = await ecos([...SEARCH, "--no-cache"], { env });
  assert.equal(off.code, 0, off.stderr);
  assert.equal(server.stats.total, 3, "--no-cache asked the server again");
  assert.equal(await entries(env), 3, "and wrote nothing more");
  server.stats.reset();
  await ecos([...SEARCH, "--cache", "--no-cache"], { env });
  assert.equal(server.stats.total, 3, "the last of --cache and --no-cache wins");
});

Deno.test("ecos cache clear empties the cache; the next command asks the server again", async () => {
  await using server = await startEcosServer({ keys: [KEY] });
  await using dir = await tempDir();
  const env = envFor(server, { ECOS_CACHE_DIR: dir.path });
  await ecos([...SEARCH, "--cache"], { env });
  const clear = await ecos(["cache", "clear"], { env });
  assert.equal(clear.code, 0);
  assert.equal(clear.stdout, `Removed 3 entries from ${dir.path}\n`);
  assert.equal(await entries(env), 0);
  const again = await ecos(["cache", "clear"], { env });
  assert.equal(again.stdout, `Removed 0 entries from ${dir.path}\n`);
  server.stats.reset();
  await ecos([...SEARCH, "--cache"], { env });
  assert.equal(server.stats.total, 3);
});

Deno.test("ecos cache refuses other actions and flags", async () => {
  for (
    const args of [["cache"], ["cache", "drop"], ["cache", "info", "now"], [
      "cache",
      "info",
      "--all",
    ]]
  ) {
    const run = await ecos(args, { env: { ECOS_CACHE_DIR: "/nonexistent" } });
    assert.equal(run.code, 2, args.join(" "));
    assert.ok(
      run.stderr.endsWith('\nRun "ecos cache --help" for its arguments and an example\n'),
      run.stderr,
    );
  }
});
