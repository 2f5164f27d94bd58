/**
 * `ecos mirror <stat>... --out DIR`: whole tables into a hive-partitioned Parquet dataset,
 * resumably and incrementally (see src/mirror/). The plan goes to stderr before anything is
 * fetched, progress on a terminal, and a summary at the end.
 *
 * @module
 */

import { parseArgs } from "node:util";
import { pl } from "../deps.ts";
import { validateStatCode } from "../client/mod.ts";
import { type Cycle, CYCLES, isCycle } from "../wire/period.ts";
import { formatMirrorPlan, formatMirrorProgress, mirror } from "../mirror/mod.ts";
import { wholeNumber } from "./args.ts";
import { EXIT_OK, UsageError } from "./errors.ts";
import { ProgressLine } from "./progress.ts";
import type { CliIO } from "./io.ts";
import { openSession } from "./session.ts";

/** The help of `ecos mirror`. */
export const MIRROR_USAGE = `Usage: ecos mirror <stat>... --out DIR [options]
       ecos mirror --all --out DIR [options]

Keeps whole tables in DIR as a hive-partitioned Parquet dataset
(DIR/STAT_CODE=.../CYCLE=.../*.parquet): every item and cycle. Before it starts it states
the plan (tables, items, requests and the time they take at the rate limit). An interrupted
run resumes where it stopped; a later run fetches only new periods and a revision window of
recent ones. Read it with polars (scanMirror), DuckDB or Spark.

Arguments:
  <stat>...           table codes, e.g. 722Y001 901Y009

Options:
  -o, --out DIR       the dataset's directory (required)
  --all               every searchable table of the service (hours on the live service)
  --cycles A,Q,M      only these cycles
  --since YYYY-MM-DD  only periods from this day on
  --dry-run           state the plan and stop
  --lang kr|en        names in Korean (default) or English
  --page-size N       rows a request
  --concurrency N     requests in flight at once
  -h, --help          show this help

Example:
  ecos mirror 722Y001 901Y009 --out ecos-data && ecos mirror 722Y001 901Y009 --out ecos-data`;

const FLAGS = {
  out: { type: "string", short: "o" },
  all: { type: "boolean" },
  cycles: { type: "string" },
  since: { type: "string" },
  "dry-run": { type: "boolean" },
  lang: { type: "string" },
  "page-size": { type: "string" },
  concurrency: { type: "string" },
  help: { type: "boolean", short: "h" },
} as const;

/**
 * Runs `ecos mirror`.
 *
 * @param args The arguments after `mirror`.
 * @param io Streams, environment and signal.
 * @returns The exit status: 0.
 * @throws {UsageError} For bad arguments (nothing sent).
 * @throws {EcosError} As the mirror raises them.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { runMirror } from "./mirror.ts";
 *
 * let out = "";
 * const io = {
 *   stdout: (t: string) => (out += t),
 *   stderr: () => {},
 *   env: {},
 *   isTTY: false,
 *   columns: 100,
 *   now: () => new Date(),
 *   signal: undefined,
 * };
 * const dir = await Deno.makeTempDir();
 * try {
 *   assert.equal(await runMirror(["200Y102", "--out", dir], io), 0);
 *   assert.match(out, /^Mirrored 1 table/);
 * } finally {
 *   await Deno.remove(dir, { recursive: true });
 * }
 * ```
 */
export async function runMirror(args: string[], io: CliIO): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args, options: FLAGS, strict: true, allowPositionals: true });
  } catch (e) {
    throw new UsageError(e instanceof Error ? e.message : String(e), MIRROR_USAGE);
  }
  const { values, positionals } = parsed;
  if (values.help) {
    io.stdout(`${MIRROR_USAGE}\n`);
    return EXIT_OK;
  }
  if (values.out === undefined) throw new UsageError("Give the directory: --out DIR", MIRROR_USAGE);
  if (values.all === true && positionals.length > 0) {
    throw new UsageError("Give table codes or --all, not both", MIRROR_USAGE);
  }
  if (values.all !== true && positionals.length === 0) {
    throw new UsageError("Give table codes (e.g. 722Y001) or --all", MIRROR_USAGE);
  }
  positionals.forEach((code) => validateStatCode(code));
  let cycles: Cycle[] | undefined;
  if (values.cycles !== undefined) {
    const given = values.cycles.split(",").map((c) => c.trim().toUpperCase());
    const bad = given.find((c) => !isCycle(c));
    if (bad !== undefined) {
      throw new UsageError(
        `Use --cycles among ${CYCLES.join(",")}: got ${JSON.stringify(bad)}`,
        MIRROR_USAGE,
      );
    }
    cycles = given as Cycle[];
  }
  if (values.since !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(values.since)) {
    throw new UsageError(`Give --since as YYYY-MM-DD: got "${values.since}"`, MIRROR_USAGE);
  }
  const language = values.lang;
  if (language !== undefined && language !== "kr" && language !== "en") {
    throw new UsageError(`Use --lang kr or en: got ${JSON.stringify(language)}`, MIRROR_USAGE);
  }
  const progress = new ProgressLine(io.stderr, io.isTTY);
  const session = await openSession(io.env, {
    cache: false,
    ...(language === undefined ? {} : { language }),
    ...(values["page-size"] === undefined
      ? {}
      : { pageSize: wholeNumber("--page-size", values["page-size"], 1, MIRROR_USAGE) }),
    ...(values.concurrency === undefined
      ? {}
      : { concurrency: wholeNumber("--concurrency", values.concurrency, 1, MIRROR_USAGE) }),
    ...(io.signal === undefined ? {} : { signal: io.signal }),
  }, (line) => io.stderr(`${line}\n`));
  try {
    const { client } = session;
    let codes = positionals;
    if (values.all === true) {
      const tables = await client.statisticTableList();
      codes = tables.filter(pl.col("SRCH_YN").eq(pl.lit("Y"))).getColumn("STAT_CODE")
        .toArray() as string[];
    }
    const result = await mirror(client, codes, {
      dir: values.out,
      ...(cycles === undefined ? {} : { cycles }),
      ...(values.since === undefined ? {} : { since: values.since }),
      onPlan: (plan) => {
        io.stderr(`${formatMirrorPlan(plan)}\n`);
        return values["dry-run"] !== true;
      },
      onProgress: (p) => progress.draw(() => formatMirrorProgress(p), p.event !== "page"),
      ...(io.signal === undefined ? {} : { signal: io.signal }),
    });
    progress.clear();
    const tables = result.plan.tables.length;
    io.stdout(
      values["dry-run"] === true
        ? `Planned ${tables} table${tables === 1 ? "" : "s"}: nothing fetched (--dry-run)\n`
        : `Mirrored ${tables} table${tables === 1 ? "" : "s"} into ${values.out}: ` +
          `${result.unitsFetched} of ${result.plan.units} units fetched, ` +
          `${result.rowsWritten.toLocaleString("en-US")} rows written, ` +
          `${result.requests} requests\n`,
    );
    return EXIT_OK;
  } finally {
    progress.clear();
    await session.close();
  }
}
