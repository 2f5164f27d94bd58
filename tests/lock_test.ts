/**
 * The lock file is frozen (deno.json `lock.frozen`): a build whose dependencies drift from
 * deno.lock fails instead of quietly rewriting it. Shown on a copy of the repository's
 * configuration, with a specifier dropped from the copy's lock, checked offline.
 */

import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { childEnv } from "./testdata/child_env.ts";

const ROOT = fileURLToPath(new URL("../", import.meta.url));

Deno.test("deno.json freezes the lock: a lock that drifts fails the build", async () => {
  const config = JSON.parse(await Deno.readTextFile(`${ROOT}deno.json`));
  assert.deepEqual(config.lock, { path: "./deno.lock", frozen: true });

  const dir = await Deno.makeTempDir();
  try {
    // The copy's lock holds zod's package (in Deno's cache: mod.ts loads it) without the
    // specifier that names it: nothing else, so that nothing else need be fetched.
    const lock = JSON.parse(await Deno.readTextFile(`${ROOT}deno.lock`));
    assert.equal(lock.specifiers["npm:zod@4.6.7"], "4.6.7");
    const drifted = { version: lock.version, npm: { "zod@4.6.7": lock.npm["zod@4.6.7"] } };
    await Deno.writeTextFile(`${dir}/deno.lock`, JSON.stringify(drifted, null, 2));
    await Deno.writeTextFile(`${dir}/deno.json`, JSON.stringify({ lock: config.lock }));
    await Deno.writeTextFile(`${dir}/main.ts`, 'import { z } from "npm:zod@4.6.7";\nz.string();\n');
    const run = await new Deno.Command(Deno.execPath(), {
      args: ["check", "--cached-only", "main.ts"],
      cwd: dir,
      clearEnv: true,
      env: childEnv(),
      stdout: "piped",
      stderr: "piped",
    }).output();
    const stderr = new TextDecoder().decode(run.stderr);
    assert.equal(run.success, false, stderr);
    assert.match(stderr, /The lockfile is out of date/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
