/**
 * The mirror's bookkeeping at 10,000 units: the cost of recording each unit stored, with the
 * first design (the whole manifest rewritten after each unit) and with the journal (one line
 * appended and flushed, the manifest written once at the end). Prints JSON.
 *
 * ```sh
 * deno run -A bench/mirror_journal.ts                       # this tree: the journal
 * deno run -A bench/mirror_journal.ts --root /tmp/before    # the first design's writeManifest
 * ```
 *
 * @module
 */

import { parseArgs } from "node:util";

const { values } = parseArgs({
  args: Deno.args,
  options: {
    root: { type: "string" },
    units: { type: "string", default: "10000" },
  },
});
const units = Number(values.units);
const dir = await Deno.makeTempDir({ prefix: "ecos-mirror-journal-" });
const now = new Date().toISOString();
const record = (i: number) => ({
  statCode: `BT${String(Math.floor(i / 10)).padStart(4, "0")}`,
  cycle: "M" as const,
  file: `STAT_CODE=BT${i}/CYCLE=M/data.parquet`,
  start: "201001",
  lastPeriod: "202608",
  rows: 200,
  fetchedAt: now,
  run: "r1",
});

const laps: number[] = [];
const t0 = performance.now();
try {
  if (values.root !== undefined) {
    // The first design: units keyed by table, cycle and item, the manifest rewritten whole.
    const { writeManifest } = await import(`${values.root}/src/mirror/manifest.ts`);
    const manifest = {
      format: "ecos-mirror",
      version: 1,
      baseUrl: "http://x/api",
      language: "kr",
      createdAt: now,
      updatedAt: now,
      run: { id: "r1", startedAt: now, finishedAt: null },
      units: {} as Record<string, unknown>,
    };
    for (let i = 0; i < units; i++) {
      const t = performance.now();
      manifest.units[`K${i}`] = { ...record(i), item: `I${i}`, complete: true };
      await writeManifest(dir, manifest);
      laps.push(performance.now() - t);
    }
  } else {
    const { Journal, writeManifest } = await import("../src/mirror/manifest.ts");
    const manifest = {
      format: "ecos-mirror" as const,
      version: 2 as const,
      source: "http://x/api",
      baseUrl: "http://x/api",
      language: "kr" as const,
      createdAt: now,
      updatedAt: now,
      run: { id: "r1", startedAt: now, finishedAt: null },
      units: {},
      split: [],
    };
    const journal = new Journal(dir, manifest);
    for (let i = 0; i < units; i++) {
      const t = performance.now();
      await journal.append({
        unit: { ...record(i), item: null, checkedAt: now, checkedFrom: "201001" },
      });
      laps.push(performance.now() - t);
    }
    journal.close();
    const t = performance.now();
    await writeManifest(dir, journal.manifest);
    laps.push(performance.now() - t); // the end of the run: the manifest written once
  }
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  console.log(JSON.stringify({
    design: values.root === undefined ? "journal" : "manifest rewritten per unit",
    units,
    totalMs: Math.round(performance.now() - t0),
    first100MeanMs: +mean(laps.slice(0, 100)).toFixed(3),
    last100MeanMs: +mean(laps.slice(units - 100, units)).toFixed(3),
    finalWriteMs: values.root === undefined ? Math.round(laps.at(-1)!) : undefined,
  }));
} finally {
  await Deno.remove(dir, { recursive: true });
}
