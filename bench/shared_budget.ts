/**
 * The shared request budget at the service's scale: `ecos serve --rate-limit 300/180000` (the
 * live service's budget, about 300 calls in 3 minutes), and three processes that share a key
 * pulling 200 requests each (600 in all: two windows' worth), with the budget shared. A
 * measurement, not a test (it takes over three minutes): it prints how many requests the
 * server refused with ERROR-602 (the target: none), and how long the three took.
 * tests/cache/budget_processes_test.ts runs the same at a 3-second window.
 *
 *     deno run -A bench/shared_budget.ts
 *
 * @module
 */

const repo = new URL("..", import.meta.url);
const child = new URL("../tests/testdata/budget_child.ts", import.meta.url).pathname;
const dir = await Deno.makeTempDir({ prefix: "ecos_budget_bench_" });
const serve = new Deno.Command(Deno.execPath(), {
  args: [
    "run",
    "-A",
    "src/cli.ts",
    "serve",
    "--port",
    "0",
    "--keys",
    "shared-key",
    "--rate-limit",
    "300/180000",
  ],
  cwd: repo,
  stdout: "piped",
  stderr: "inherit",
}).spawn();
const lines = serve.stdout.pipeThrough(new TextDecoderStream()).getReader();
let out = "";
let url: string | undefined;
while (url === undefined) {
  const { value, done } = await lines.read();
  if (done) throw new Error(`ecos serve ended before it listened: ${out}`);
  out += value;
  url = /listening at (\S+)/.exec(out)?.[1];
}
void (async () => {
  for (;;) if ((await lines.read()).done) return;
})();
const started = performance.now();
const outcomes = await Promise.all([1, 2, 3].map(async () => {
  const o = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", child, url, dir, "shared", "300/180000"],
    cwd: repo,
    stdout: "piped",
    stderr: "inherit",
  }).output();
  return JSON.parse(new TextDecoder().decode(o.stdout)) as { rows?: number; error?: string };
}));
const seconds = (performance.now() - started) / 1000;
serve.kill("SIGINT");
await serve.status;
await Deno.remove(dir, { recursive: true });
const refused = outcomes.filter((o) => o.error === "ERROR-602").length;
console.log(JSON.stringify({ outcomes, refusedProcesses: refused, seconds: Math.round(seconds) }));
