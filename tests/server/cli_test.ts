import assert from "node:assert/strict";
import { DEFAULT_CLI_PORT, parseServeArgs } from "../src/server/cli.ts";
import { SAMPLE_KEY } from "../src/server/mod.ts";
import { page } from "./testdata/server/http.ts";

Deno.test("parseServeArgs() reads every flag", () => {
  assert.deepEqual(parseServeArgs([]), { port: DEFAULT_CLI_PORT });
  assert.deepEqual(
    parseServeArgs([
      "--port",
      "0",
      "--hostname",
      "0.0.0.0",
      "--keys",
      "a, b,,c",
      "--latency",
      "25",
      "--rate-limit",
      "300/180000",
      "--work-limit",
      "40000",
      "--dialect",
      "live",
    ]),
    {
      port: 0,
      hostname: "0.0.0.0",
      keys: ["a", "b", "c"],
      latencyMs: 25,
      rateLimit: { requests: 300, windowMs: 180_000 },
      workLimit: 40_000,
      dialect: "live",
    },
  );
  assert.equal(parseServeArgs(["--help"]), "help");
  assert.equal(parseServeArgs(["-h"]), "help");
});

Deno.test("parseServeArgs() refuses malformed flags", () => {
  for (
    const args of [
      ["--port", "eighty"],
      ["--rate-limit", "300"],
      ["--dialect", "old"],
      ["--latency", "-1"],
      ["--unknown"],
      ["stray"],
    ]
  ) {
    assert.throws(() => parseServeArgs(args), TypeError, args.join(" "));
  }
});

Deno.test("the CLI prints its URL and the data notice, serves, and stops on SIGINT", async () => {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", new URL("../src/server/cli.ts", import.meta.url).pathname, "--port", "0"],
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  let text = "";
  while (!text.includes("not official statistics")) {
    const { value, done } = await reader.read();
    if (done) break;
    text += value;
  }
  const url = /listening at (\S+)/.exec(text)?.[1];
  assert.ok(url, text);
  assert.match(url, /^http:\/\/127\.0\.0\.1:\d+\/api$/);
  const keys = await page({ url }, { service: "KeyStatisticList", key: SAMPLE_KEY, end: 1 });
  assert.equal(keys.total, 100);
  child.kill("SIGINT");
  while (true) {
    const { value, done } = await reader.read();
    if (done) break;
    text += value;
  }
  const status = await child.status;
  await child.stderr.cancel();
  assert.equal(status.code, 0);
  assert.match(text, /Stopped\./);
});
