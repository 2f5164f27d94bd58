/**
 * Fetches one ECOS series and writes it as CSV and Parquet.
 *
 * ```sh
 * deno run -A examples/export_series.ts 722Y001 M 201901 202412 0101000 --out data
 * ```
 *
 * Arguments: the stat code, the cycle (A, S, Q, M, SM, D), the first and last periods in the
 * cycle's shape, and up to four item codes (none: every item of the table). `--out` names the
 * directory to write to (default: the current one); the files are named after the query, e.g.
 * `722Y001_M_201901_202412.csv`. With ECOS_API_KEY set the data comes from the live service
 * (or from ECOS_BASE_URL); otherwise from the bundled server's generated sample data.
 *
 * @module
 */

import { parseArgs } from "node:util";
import { join } from "node:path";
import { connect } from "../mod.ts";
import { isCycle } from "../src/wire/period.ts";

const USAGE =
  "Usage: deno run -A examples/export_series.ts <statCode> <cycle> <start> <end> [item...] " +
  "[--out <dir>]";

const { values, positionals } = parseArgs({
  args: Deno.args,
  options: {
    out: { type: "string", short: "o", default: "." },
    help: { type: "boolean", short: "h", default: false },
  },
  allowPositionals: true,
});

if (values.help) {
  console.log(USAGE);
  Deno.exit(0);
}
const [statCode, cycle, start, end, ...items] = positionals;
if (statCode === undefined || cycle === undefined || start === undefined || end === undefined) {
  console.error(`Give the stat code, cycle, start and end\n${USAGE}`);
  Deno.exit(2);
}
if (!isCycle(cycle)) {
  console.error(`Give the cycle as one of A, S, Q, M, SM, D: got ${JSON.stringify(cycle)}`);
  Deno.exit(2);
}

const session = await connect();
try {
  const df = await session.client.statisticSearch({
    statCode,
    cycle,
    start,
    end,
    ...(items.length > 0 ? { items } : {}),
  });
  await Deno.mkdir(values.out, { recursive: true });
  const base = join(values.out, `${statCode}_${cycle}_${start}_${end}`);
  df.writeCSV(`${base}.csv`);
  df.writeParquet(`${base}.parquet`);
  console.log(
    `${df.height} rows of ${statCode} (${session.source}) -> ${base}.csv, ${base}.parquet`,
  );
} finally {
  await session.close();
}
