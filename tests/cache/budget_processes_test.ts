/**
 * One budget per key across processes, measured: three processes pulling 200 requests each
 * against the bundled server with a limit of 300 a window meet no ERROR-602 when they share the
 * budget, and do meet it when each keeps its own. The window is 3 s rather than the service's
 * 180 s, so that the test takes seconds; the full-scale run is `bench/shared_budget.ts`.
 */

import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { startEcosServer } from "../../src/server/mod.ts";
import { childEnv, REPO_CONFIG } from "../testdata/child_env.ts";
import { tempDir } from "../testdata/temp_dir.ts";

const CHILD = fileURLToPath(new URL("../testdata/budget_child.ts", import.meta.url));
const LIMIT = { requests: 300, windowMs: 3_000 };

/** Three processes at once, each pulling 200 rows a request at a time; their outcomes. */
async function threeProcesses(url: string, dir: string, mode: "shared" | "own") {
  const runs = [1, 2, 3].map(() =>
    new Deno.Command(Deno.execPath(), {
      args: [
        "run",
        "-A",
        REPO_CONFIG,
        CHILD,
        url,
        dir,
        mode,
        `${LIMIT.requests}/${LIMIT.windowMs}`,
      ],
      clearEnv: true,
      env: childEnv({ HOME: dir }),
      stdout: "piped",
      stderr: "piped",
      // Bounded: a child that waits past this is killed, and the test fails.
      signal: AbortSignal.timeout(60_000),
    }).output()
  );
  const outs = await Promise.all(runs);
  return outs.map((o) => {
    const text = new TextDecoder().decode(o.stdout).trim();
    assert.ok(o.success, new TextDecoder().decode(o.stderr));
    return JSON.parse(text) as { rows?: number; error?: string };
  });
}

Deno.test("three processes sharing a key's budget make 600 requests with no ERROR-602", async () => {
  await using dir = await tempDir("ecos_budget_");
  await using server = await startEcosServer({ keys: ["shared-key"], rateLimit: LIMIT });
  const outcomes = await threeProcesses(server.url, dir.path, "shared");
  assert.deepEqual(outcomes, [{ rows: 200 }, { rows: 200 }, { rows: 200 }]);
  assert.equal(server.stats.byOutcome["ERROR-602"] ?? 0, 0);
  assert.equal(server.stats.total, 600);
  // The key is in no file name or content of the budget's folder.
  for (const entry of Deno.readDirSync(`${dir.path}/budget`)) {
    assert.match(entry.name, /^[0-9a-f]{64}\.(lock|json)$/);
    const text = await Deno.readTextFile(`${dir.path}/budget/${entry.name}`);
    assert.ok(!text.includes("shared-key"));
  }
});

Deno.test("three processes each with a budget of its own meet ERROR-602 (the test can fail)", async () => {
  await using dir = await tempDir("ecos_budget_");
  await using server = await startEcosServer({ keys: ["shared-key"], rateLimit: LIMIT });
  const outcomes = await threeProcesses(server.url, dir.path, "own");
  assert.ok(outcomes.some((o) => o.error === "ERROR-602"), JSON.stringify(outcomes));
  assert.ok((server.stats.byOutcome["ERROR-602"] ?? 0) > 0);
});
