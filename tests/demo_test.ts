import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { startEcosServer } from "../src/server/mod.ts";
import { childEnv } from "./testdata/child_env.ts";

const demo = fileURLToPath(new URL("../examples/demo.ts", import.meta.url));

/** Runs the demo with the ECOS variables given (none: the bundled server); its stdout. */
async function runDemo(ecosEnv: Record<string, string>): Promise<string> {
  const { code, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", demo],
    env: childEnv(ecosEnv),
    clearEnv: true,
    stdout: "piped",
    stderr: "piped",
  }).output();
  assert.equal(code, 0, new TextDecoder().decode(stderr));
  return new TextDecoder().decode(stdout);
}

Deno.test("the README's demo prints both services' frames from the bundled server", async () => {
  const out = await runDemo({});
  assert.match(out, /generated sample data/);
  assert.match(out, /^Source: the bundled server, in this process \(generated sample data/m);
  assert.match(out, /KeyStatisticList: 101 key indicators/);
  assert.match(out, /StatisticSearch 722Y001 \(base rate, monthly\): 24 rows/);
  assert.match(out, /│ 722Y001 +┆ .+┆ 2024-12-01 ┆ 202412 +┆ [0-9.]+ +│/);
  // The bundled server's key is made up per run and must not leak into the output.
  assert.doesNotMatch(out, /bundled-[0-9a-f-]{36}/);
});

Deno.test("the demo names a server of ECOS_BASE_URL as such, not as the ECOS service", async () => {
  await using server = await startEcosServer({ keys: ["demo-key"] });
  const out = await runDemo({ ECOS_API_KEY: "demo-key", ECOS_BASE_URL: server.url });
  assert.match(
    out,
    new RegExp(`^Source: the ECOS-compatible server at ${server.url.replace(/[.]/g, "\\.")}`),
  );
  assert.doesNotMatch(out, /the ECOS service/);
  assert.doesNotMatch(out, /demo-key/);
});
