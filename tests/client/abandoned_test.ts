/**
 * A pull left early holds nothing: its deadline's timer bounds work in flight and must not keep a
 * user's process alive once the work is dropped.
 *
 * @module
 */

import assert from "node:assert/strict";
import { startEcosServer } from "../../src/server/mod.ts";
import { childEnv, REPO_CONFIG } from "../testdata/child_env.ts";
import { tempDir } from "../testdata/temp_dir.ts";

Deno.test("an abandoned statisticSearchPages() iterator does not hold the process until deadlineMs", async () => {
  // A child reads one page of three and drops the iterator: it must end by itself, long before
  // its ten-minute deadline.
  await using server = await startEcosServer({ keys: ["k"] });
  await using dir = await tempDir("ecos_abandoned_");
  const script = `${dir.path}/abandon.ts`;
  await Deno.writeTextFile(
    script,
    `import { EcosClient } from ${JSON.stringify(new URL("../../mod.ts", import.meta.url).href)};
const client = new EcosClient({ apiKey: "k", baseUrl: ${
      JSON.stringify(server.url)
    }, deadlineMs: 600_000 });
const pages = client.statisticSearchPages(
  { statCode: "722Y001", cycle: "M", start: "202401", end: "202406", items: ["0101000"] },
  { pageSize: 2 },
);
const first = await pages[Symbol.asyncIterator]().next();
console.log("first page", first.value?.height);
`,
  );
  const run = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", REPO_CONFIG, script],
    cwd: dir.path,
    env: childEnv(),
    clearEnv: true,
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
    // The failure: still running after 60 s (a child the deadline holds runs ten minutes).
    signal: AbortSignal.timeout(60_000),
  }).output();
  const stderr = new TextDecoder().decode(run.stderr);
  assert.equal(run.signal, null, `the child was still running: ${stderr}`);
  assert.equal(new TextDecoder().decode(run.stdout), "first page 2\n");
  assert.equal(run.code, 0, stderr);
});
