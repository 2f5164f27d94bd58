/**
 * The bundled server under a bounded loopback load: 2,000 requests, 50 at a time, in two
 * rounds, after a warm-up that fills the request log to its limit. Every answer is the one
 * expected, and the heap retained after a forced collection does not grow with the number of
 * requests: each round retains a small fraction of what keeping its requests would take, and
 * the second round, once every pool and cache is warm, no more than that. Nothing here is timed,
 * and no bound is a number of bytes fixed in advance.
 *
 * @module
 */

import assert from "node:assert/strict";
import { startEcosServer } from "../../src/server/mod.ts";
import { address, KEY, type Query, resultCode } from "../testdata/server/http.ts";
import { exposeGc, settledMemory } from "./_memory.ts";

/** A character V8 stores in two bytes: a long argument of it is a large request record. */
const WIDE = "\u0100";

/** The mix of requests, each with the outcome it must get: "ok" (rows) or a result code. */
const MIX: [Query, string][] = [
  [{ end: 100, args: ["722Y001", "M", "202001", "202412", "0101000"] }, "ok"],
  [{ format: "xml", end: 20, args: ["731Y001", "D", "20240101", "20240131"] }, "ok"],
  [{ service: "KeyStatisticList", end: 101 }, "ok"],
  [{ service: "StatisticTableList", end: 50 }, "ok"],
  [{ service: "StatisticItemList", format: "xml", end: 50, args: ["601Y002"] }, "ok"],
  [{ service: "StatisticWord", args: ["물가"] }, "ok"],
  [{ args: ["000Y000", "M", "202001", "202012"] }, "INFO-200"],
  [{ key: "wrong", args: ["722Y001", "M", "202001", "202012"] }, "INFO-100"],
  // Twelve arguments of 800 wide characters (a URL just under fetch's 64 KiB): about 19 KB
  // of record each, if kept.
  [{ args: Array(12).fill(WIDE.repeat(800)) }, "ERROR-100"],
  [{ language: "en", args: Array(12).fill(WIDE.repeat(800)) }, "ERROR-100"],
  [{ format: "xml", args: Array(12).fill(WIDE.repeat(800)) }, "ERROR-100"],
  [{ service: "StatisticWord", args: Array(12).fill(WIDE.repeat(800)) }, "INFO-200"],
];

/** How many of the first `count` requests of the mix expect `outcome`. */
const expected = (count: number, outcome: string) =>
  Array.from({ length: count }, (_, i) => MIX[i % MIX.length]![1]).filter((o) => o === outcome)
    .length;

/** The heap in use once garbage is collected and pending callbacks have run. */
const settledHeap = async (gc: () => void) => (await settledMemory(gc)).heapUsed;

/**
 * Sends `count` requests of the mix, `concurrency` at a time, and checks every answer.
 *
 * @returns How many requests got each outcome.
 */
async function load(url: string, count: number, concurrency: number) {
  const outcomes = new Map<string, number>();
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const [query, expected] = MIX[next++ % MIX.length]!;
      const target = address({ url }, query);
      // A failure names the query, not its URL of up to 64 KiB.
      const res = await fetch(target).catch((e) => {
        throw new Error(`Request ${next} failed: ${String(e).slice(0, 120)}`);
      });
      const text = await res.text();
      assert.equal(res.status, 200);
      const got = resultCode(text) ?? "ok";
      assert.equal(got, expected, text.slice(0, 200));
      outcomes.set(got, (outcomes.get(got) ?? 0) + 1);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return outcomes;
}

/**
 * What keeping the records of the first `count` requests of the mix would take at least: the
 * bytes of their arguments as V8 stores them (two a character for the wide ones).
 */
function keptBytes(count: number): number {
  let bytes = 0;
  for (let i = 0; i < count; i++) {
    for (const arg of MIX[i % MIX.length]![0].args ?? []) {
      bytes += arg.length * ([...arg].some((c) => c.charCodeAt(0) > 0xff) ? 2 : 1);
    }
  }
  return bytes;
}

Deno.test("2,000 loopback requests 50 at a time: the expected answers, retained memory flat", async () => {
  const gc = exposeGc();
  await using server = await startEcosServer({ keys: [KEY] });
  // Warm-up: caches, compiled code, connection pool, and a request log at its limit (1000).
  await load(server.url, 1000, 50);
  assert.equal(server.stats.requests.length, 1000);
  const heap = [await settledHeap(gc)];
  const outcomes = new Map<string, number>();
  for (let round = 0; round < 2; round++) {
    for (const [k, v] of await load(server.url, 1000, 50)) {
      outcomes.set(k, (outcomes.get(k) ?? 0) + v);
    }
    heap.push(await settledHeap(gc));
  }

  assert.equal([...outcomes.values()].reduce((a, b) => a + b, 0), 2000);
  assert.equal(server.stats.total, 3000);
  assert.equal(server.stats.requests.length, 1000);
  assert.equal(server.stats.byOutcome.ok, expected(1000, "ok") + 2 * expected(1000, "ok"));
  assert.equal(server.stats.maxInFlight <= 50, true);
  // A round of 1000 requests would keep at least keptBytes(1000) (about 6 MB) if its records
  // stayed; the heap may grow by a tenth of that (measured: about 0.1 MiB, under 2%), in each
  // round and in the second, warm one alike: a leak grows every round by about the whole.
  const round = keptBytes(1000);
  const grown = heap.slice(1).map((h, i) => h - heap[i]!);
  const share = grown.map((g) => (g / round).toFixed(3)).join(", ");
  assert.ok(
    grown.every((g) => g < round / 10),
    `each round kept this share of its requests: ${share}`,
  );
});
