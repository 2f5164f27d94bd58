/**
 * The real entry, run as users run it: `deno run -A src/cli.ts ...` in a subprocess, by URL
 * with no deno.json, and installed with `deno install -g`.
 */

import assert from "node:assert/strict";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { startEcosServer } from "../../src/server/mod.ts";
import { envFor, KEY, NOTICE, tempDir } from "./_cli.ts";
import { serveRepo } from "../testdata/serve_repo.ts";
import { installEcos, lockFlag, runChild } from "../testdata/child_env.ts";

const REPO = resolve(fileURLToPath(new URL("../..", import.meta.url)));
const ENTRY = `${REPO}/src/cli.ts`;

/** Runs `deno <args>` in a child, in the repository unless told otherwise. */
const deno = (args: string[], options: Parameters<typeof runChild>[2] = {}) =>
  runChild(Deno.execPath(), args, { cwd: REPO, ...options });

Deno.test("deno run -A src/cli.ts: a search to CSV for Excel, exit 0, nothing on stdout", async () => {
  await using server = await startEcosServer({ keys: [KEY] });
  await using dir = await tempDir();
  const path = `${dir.path}/rate.csv`;
  const result = await deno(
    [
      "run",
      "-A",
      "src/cli.ts",
      "search",
      "722Y001",
      "M",
      "202301",
      "202312",
      "0101000",
      "--out",
      path,
      "--excel",
    ],
    { env: envFor(server) },
  );
  assert.equal(result.code, 0, result.stderr);
  assert.equal(result.stdout, "");
  assert.equal(result.stderr, `Wrote 12 rows to ${path}\n`);
  const bytes = await Deno.readFile(path);
  assert.deepEqual([...bytes.subarray(0, 3)], [0xef, 0xbb, 0xbf]);
  assert.match(
    new TextDecoder().decode(bytes),
    /\n722Y001,한국은행 기준금리 및 여수신금리,.*,2023-01-01,202301,/,
  );
});

Deno.test("deno run -A src/cli.ts: exit 2 for a bad flag, exit 1 for a refused key, one line each", async () => {
  await using server = await startEcosServer({ keys: [KEY] });
  const bad = await deno(["run", "-A", ENTRY, "keystats", "--bogus"]);
  assert.equal(bad.code, 2);
  assert.equal(bad.stdout, "");
  assert.match(
    bad.stderr,
    /^ecos: Use an option that ecos keystats --help lists: got "--bogus"\nRun "ecos keystats --help" for its arguments and an example\n$/,
  );

  const wrong = "refused-key-0042";
  const refused = await deno(["run", "-A", ENTRY, "keystats"], {
    env: { ECOS_API_KEY: wrong, ECOS_BASE_URL: server.url },
  });
  assert.equal(refused.code, 1);
  assert.equal(refused.stdout, "");
  assert.match(refused.stderr, /^ecos: INFO-100: [^\n]+\n$/);
  assert.ok(!refused.stderr.includes(wrong));
});

Deno.test("deno task ecos: the bundled server without a key, the notice on stderr, no progress when piped", async () => {
  const result = await deno(["task", "-q", "ecos", "series", "gdp_growth", "2023Q1", "2023Q4"]);
  assert.equal(result.code, 0, result.stderr);
  assert.equal(result.stderr, NOTICE);
  assert.match(result.stdout, /^STAT_CODE: 200Y102\n/);
  assert.match(result.stdout, /│ 2023-10-01 ┆ 2023Q4 ┆/);
});

Deno.test("importing src/cli.ts runs nothing", async () => {
  const url = new URL("../../src/cli.ts", import.meta.url).href;
  const result = await deno([
    "eval",
    `const m = await import(${JSON.stringify(url)}); console.log(typeof m.main);`,
  ]);
  assert.equal(result.code, 0, result.stderr);
  assert.equal(result.stdout, "function\n");
  assert.equal(result.stderr, "");
});

Deno.test("src/cli.ts by URL with no deno.json, and installed with deno install -g", async () => {
  const repo = serveRepo();
  await using server = await startEcosServer({ keys: [KEY] });
  await using dir = await tempDir();
  try {
    const url = `${repo.base}src/cli.ts`;
    const env = envFor(server);
    const byUrl = await deno(
      [
        "run",
        "-A",
        "--no-config",
        await lockFlag(dir.path),
        url,
        "series",
        "cpi",
        "202401",
        "202403",
      ],
      { env, cwd: dir.path },
    );
    assert.equal(byUrl.code, 0, byUrl.stderr);
    assert.match(byUrl.stdout, /STAT_CODE: 901Y009/);

    const shim = await installEcos(dir.path, url, ["--no-config"]);
    const installed = await runChild(shim, ["keystats", "--rows", "2", "--lang", "en"], {
      env,
      cwd: dir.path,
    });
    assert.equal(installed.code, 0, installed.stderr);
    assert.match(installed.stdout, /KEYSTAT_NAME/);
    assert.equal(
      installed.stderr,
      "Showing 2 of 101 rows: --rows 0 shows them all, --out FILE writes them all\n",
    );
  } finally {
    await repo.server.shutdown();
  }
});
