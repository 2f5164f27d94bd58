/**
 * Would decoding in a Worker help a pull end to end? The pull of bench/run.ts measurement 3
 * (200k rows of 999Y001, pages of 10k, 50 ms latency, the bundled server in its own process)
 * done by hand twice, in turns: each page's bytes scanned on the main thread, or in a Worker
 * (bytes transferred there, columns transferred back); then, on the main thread either way,
 * the page's checks and its columns merged into one frame. Prints one line of JSON.
 *
 *     deno run -A --v8-flags=--expose-gc bench/worker_probe.ts [reps] [concurrency]
 *
 * @module
 */

import { spawnServer } from "./serve.ts";
import { BENCH_KEY, FIELDS, searchUrl } from "./_bodies.ts";
import { settle, summarise } from "./_measure.ts";
import { scanPage } from "../src/client/_scan.ts";
import type { Page } from "../src/client/_page.ts";
import { FrameBuilder } from "../src/client/_frame.ts";
import { PullChecks } from "../src/client/_checks.ts";
import { Redactor } from "../src/client/_errors.ts";
import { STATISTIC_SEARCH_SCHEMA } from "../src/wire/columns.ts";

const REPS = Number(Deno.args[0] ?? 5);
const CONCURRENCY = Number(Deno.args[1] ?? 4);
const PAGE = 10_000;
const ARGS = ["999Y001", "D", "20100101", "20220809"];

await using server = await spawnServer(50);
const worker = new Worker(new URL("_scan_worker.ts", import.meta.url), { type: "module" });
const waiting = new Map<number, (page: Page | undefined) => void>();
worker.onmessage = (e) => {
  waiting.get(e.data.id)?.(e.data.page);
  waiting.delete(e.data.id);
};
let ids = 0;
const inWorker = (bytes: Uint8Array) =>
  new Promise<Page | undefined>((resolve) => {
    const id = ids++;
    waiting.set(id, resolve);
    worker.postMessage({ id, bytes, fields: FIELDS }, [bytes.buffer as ArrayBuffer]);
  });

const url = (first: number) => searchUrl(server.url, ARGS, first, first + PAGE - 1);

/** One pull: the first page alone, then a window of pages, each scanned where told. */
async function pull(where: "main" | "worker"): Promise<number> {
  const builder = new FrameBuilder(STATISTIC_SEARCH_SCHEMA);
  const checks = new PullChecks("StatisticSearch", ARGS);
  const redactor = new Redactor(BENCH_KEY);
  const page = async (first: number) => {
    const bytes = await (await fetch(url(first))).bytes();
    const scanned = where === "main" ? scanPage(bytes, FIELDS, PAGE) : await inWorker(bytes);
    if (scanned === undefined) throw new Error("The scanner gave up");
    checks.page(scanned, first, redactor);
    builder.reserve(scanned.total).add(scanned, first - 1);
    return scanned.total;
  };
  const total = await page(1);
  let next = PAGE + 1;
  const run = async () => {
    while (next <= total) {
      const first = next;
      next += PAGE;
      await page(first);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, run));
  return builder.finish().height;
}

const times = { main: [] as number[], worker: [] as number[] };
for (let rep = -1; rep < REPS; rep++) {
  for (const where of ["main", "worker"] as const) {
    await settle();
    const t0 = performance.now();
    await pull(where);
    if (rep >= 0) times[where].push(performance.now() - t0);
  }
}
worker.terminate();
const main = summarise(times.main);
const off = summarise(times.worker);
console.log(
  JSON.stringify({ concurrency: CONCURRENCY, main, worker: off, ratio: off.median / main.median }),
);
