/**
 * The mirror at catalogue scale: a synthetic catalogue of 1,000 tables (bench/mirror_synthetic.ts)
 * mirrored whole, refreshed unchanged, refreshed after a revision; then the dataset read by
 * DuckDB and by Polars. Prints one JSON object of figures.
 *
 * ```sh
 * deno run -A bench/mirror_scale.ts                      # this tree
 * deno run -A bench/mirror_scale.ts --root /tmp/before   # another tree (e.g. `git archive HEAD`)
 * deno run -A bench/mirror_scale.ts --tables 100         # a smaller catalogue
 * ```
 *
 * Nothing here asserts a speed; bench/MIRROR.md keeps the figures.
 *
 * @module
 */

import { DuckDBInstance } from "npm:@duckdb/node-api@1.5.6-r.1";
import { parseArgs } from "node:util";
import { syntheticService } from "./mirror_synthetic.ts";
import { median } from "./_measure.ts";

const { values } = parseArgs({
  args: Deno.args,
  options: {
    root: { type: "string", default: new URL("..", import.meta.url).pathname },
    tables: { type: "string", default: "1000" },
    keep: { type: "boolean", default: false },
    // Skip the revised refresh (the design before this one takes long at 1,000 tables).
    "no-revised": { type: "boolean", default: false },
    // Only read a dataset kept by an earlier run.
    read: { type: "string" },
  },
});
const root = values.root!.replace(/\/+$/, "");
const tables = Number(values.tables);

const { EcosClient } = await import(`${root}/src/client/mod.ts`);
const { mirror } = await import(`${root}/src/mirror/mod.ts`);
const { pl } = await import(`${root}/src/deps.ts`);

/** Every file under a folder, with its modification time. */
async function files(dir: string): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  const walk = async (rel: string) => {
    for await (const e of Deno.readDir(rel === "" ? dir : `${dir}/${rel}`)) {
      const path = rel === "" ? e.name : `${rel}/${e.name}`;
      if (e.isDirectory) await walk(path);
      else out.set(path, (await Deno.stat(`${dir}/${path}`)).mtime?.getTime() ?? 0);
    }
  };
  await walk("");
  return out;
}

function changed(before: Map<string, number>, after: Map<string, number>): number {
  let n = 0;
  for (const [path, mtime] of after) if (before.get(path) !== mtime) n++;
  return n;
}

async function run(dir: string, revision: number) {
  const service = syntheticService({ tables, revision });
  const client = new EcosClient({
    baseUrl: "http://synthetic.invalid/api",
    apiKey: "bench-key",
    fetch: service.fetch,
    cache: false,
    rateLimit: false,
    env: {},
  });
  const before = await files(dir).catch(() => new Map<string, number>());
  const t0 = performance.now();
  await mirror(client, service.codes, { dir });
  const ms = performance.now() - t0;
  const after = await files(dir);
  return {
    ms: Math.round(ms),
    requests: service.requests,
    searchRequests: service.requests["StatisticSearch"] ?? 0,
    filesWritten: changed(before, after),
    files: after.size,
    parquetFiles: [...after.keys()].filter((f) => f.endsWith(".parquet")).length,
  };
}

async function duck(glob: string) {
  const instance = await DuckDBInstance.create(":memory:");
  const con = await instance.connect();
  const times: number[] = [];
  let rows = 0;
  try {
    for (let i = 0; i < 3; i++) {
      const t0 = performance.now();
      const r = await con.runAndReadAll(
        `SELECT count(*) AS n, sum(DATA_VALUE) AS s FROM read_parquet('${glob}', hive_partitioning = true)`,
      );
      times.push(performance.now() - t0);
      rows = Number(r.getRowObjects()[0]!.n);
    }
    return { ms: Math.round(median(times)), rows };
  } catch (e) {
    return { error: (e as Error).message.split("\n")[0] };
  } finally {
    con.closeSync();
  }
}

function polars(glob: string) {
  const times: number[] = [];
  let rows = 0;
  try {
    for (let i = 0; i < 3; i++) {
      const t0 = performance.now();
      const frame = pl.scanParquet(glob, { hivePartitioning: true })
        .select(pl.len().alias("n"), pl.col("DATA_VALUE").sum().alias("s"))
        .collectSync();
      times.push(performance.now() - t0);
      rows = Number(frame.getColumn("n").get(0));
    }
    return { ms: Math.round(median(times)), rows };
  } catch (e) {
    return { error: (e as Error).message.split("\n")[0] };
  }
}

async function reads(dir: string) {
  return {
    duckdbDoubleStar: await duck(`${dir}/**/*.parquet`),
    duckdbThreeLevels: await duck(`${dir}/*/*/*.parquet`),
    polarsDoubleStar: polars(`${dir}/**/*.parquet`),
    polarsThreeLevels: polars(`${dir}/*/*/*.parquet`),
  };
}

if (values.read !== undefined) {
  console.log(JSON.stringify({ dir: values.read, read: await reads(values.read) }, null, 1));
  Deno.exit(0);
}

const dir = await Deno.makeTempDir({ prefix: "ecos-mirror-bench-" });
try {
  const first = await run(dir, 0);
  const unchanged = await run(dir, 0);
  const revised = values["no-revised"] ? undefined : await run(dir, 1);
  const result = { root, tables, first, unchanged, revised, read: await reads(dir) };
  console.log(JSON.stringify(result, null, 1));
} finally {
  if (values.keep) console.error(`kept ${dir}`);
  else await Deno.remove(dir, { recursive: true });
}
