/**
 * `ecos mirror <stat>... --out DIR`: whole tables into a hive-partitioned Parquet dataset,
 * resumably and incrementally (see src/mirror/). The plan goes to stderr before anything is
 * fetched, progress on a terminal, and a summary at the end.
 *
 * @module
 */

import { pl } from "../deps.ts";
import { validateStatCode } from "../client/mod.ts";
import { type Cycle, CYCLES, isCycle } from "../wire/period.ts";
import { formatMirrorPlan, formatMirrorProgress, mirror as mirrorTables } from "../mirror/mod.ts";
import { type Command, defineCommand } from "./command.ts";
import { EXIT_OK, UsageError } from "./errors.ts";
import { type Flags, verbatim } from "./flag.ts";
import { SERVICE_FLAGS } from "./flag_groups.ts";
import { ProgressLine } from "./progress.ts";
import { openSession } from "./session.ts";

function cycleList(text: string, flag: string): Cycle[] {
  const given = text.split(",").map((c) => c.trim().toUpperCase());
  const bad = given.find((c) => !isCycle(c));
  if (bad !== undefined) {
    throw new TypeError(`Use ${flag} among ${CYCLES.join(",")}: got ${JSON.stringify(bad)}`);
  }
  return given as Cycle[];
}

function day(text: string, flag: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) {
    throw new TypeError(`Give ${flag} as YYYY-MM-DD: got ${JSON.stringify(text)}`);
  }
  return text;
}

/**
 * The flags of `ecos mirror`: the dataset, what to keep of it, and the client's options it
 * shares with the data commands.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { SERVICE_FLAGS } from "./flag_groups.ts";
 * import { MIRROR_FLAGS } from "./mirror.ts";
 *
 * assert.deepEqual(MIRROR_FLAGS.cycles.check("q,a", "--cycles"), ["Q", "A"]);
 * assert.equal(MIRROR_FLAGS.language, SERVICE_FLAGS.language);
 * ```
 */
export const MIRROR_FLAGS = {
  out: {
    type: "string",
    name: "out",
    short: "o",
    value: "DIR",
    help: "the dataset's directory (required)",
    check: verbatim,
  },
  all: {
    type: "boolean",
    name: "all",
    help: "every searchable table of the service (hours on the live service)",
  },
  cycles: {
    type: "string",
    name: "cycles",
    value: "A,Q,M",
    help: "only these cycles",
    check: cycleList,
  },
  since: {
    type: "string",
    name: "since",
    value: "YYYY-MM-DD",
    help: "only periods from this day on",
    check: day,
  },
  dryRun: { type: "boolean", name: "dry-run", help: "state the plan and stop" },
  language: SERVICE_FLAGS.language,
  pageSize: SERVICE_FLAGS.pageSize,
  concurrency: SERVICE_FLAGS.concurrency,
} as const satisfies Flags;

/**
 * `ecos mirror`: the plan on stderr before anything is fetched, progress on a terminal, the
 * dataset written, and a summary on stdout.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { runCommand } from "./command.ts";
 * import { resolveIO } from "./io.ts";
 * import { mirror } from "./mirror.ts";
 *
 * let out = "";
 * const io = resolveIO({ stdout: (t) => (out += t), stderr: () => {}, env: {}, isTTY: false });
 * const dir = await Deno.makeTempDir();
 * try {
 *   assert.equal(await runCommand(mirror, ["200Y102", "--out", dir], io), 0);
 *   assert.match(out, /^Mirrored 1 table/);
 * } finally {
 *   await Deno.remove(dir, { recursive: true });
 * }
 * ```
 */
export const mirror: Command<typeof MIRROR_FLAGS> = defineCommand({
  name: "mirror",
  synopsis: "<stat>... --out DIR",
  forms: ["--all --out DIR"],
  summary: "keep whole tables as Parquet, resumably, incrementally",
  description: "Keeps whole tables in DIR as a hive-partitioned Parquet dataset\n" +
    "(DIR/STAT_CODE=.../CYCLE=.../*.parquet): every item and cycle. Before it starts it states\n" +
    "the plan (tables, items, requests and the time they take at the rate limit). An interrupted\n" +
    "run resumes where it stopped; a later run fetches only new periods and a revision window of\n" +
    "recent ones. Read it with polars (scanMirror), DuckDB or Spark.",
  args: [["<stat>...", "table codes, e.g. 722Y001 901Y009"]],
  arity: { min: 0, max: Infinity }, // none with --all
  flags: MIRROR_FLAGS,
  examples: [
    "ecos mirror 722Y001 901Y009 --out ecos-data && ecos mirror 722Y001 901Y009 --out ecos-data",
  ],
  async run({ positionals, values }, io) {
    const { out, all = false, cycles, since, dryRun = false, ...client } = values;
    if (out === undefined) throw new UsageError("Give the directory: --out DIR", mirror.usage);
    if (all && positionals.length > 0) {
      throw new UsageError("Give table codes or --all, not both", mirror.usage);
    }
    if (!all && positionals.length === 0) {
      throw new UsageError("Give table codes (e.g. 722Y001) or --all", mirror.usage);
    }
    positionals.forEach((code) => validateStatCode(code));
    const progress = new ProgressLine(io.stderr, io.isTTY);
    const session = await openSession(io.env, {
      cache: false,
      ...client,
      ...(io.signal === undefined ? {} : { signal: io.signal }),
    }, (line) => io.stderr(`${line}\n`));
    try {
      let codes = positionals;
      if (all) {
        const tables = await session.client.statisticTableList();
        codes = tables.filter(pl.col("SRCH_YN").eq(pl.lit("Y"))).getColumn("STAT_CODE")
          .toArray() as string[];
      }
      const result = await mirrorTables(session.client, codes, {
        dir: out,
        ...(cycles === undefined ? {} : { cycles }),
        ...(since === undefined ? {} : { since }),
        onPlan: (plan) => {
          io.stderr(`${formatMirrorPlan(plan)}\n`);
          return !dryRun;
        },
        onProgress: (p) => progress.draw(() => formatMirrorProgress(p), p.event !== "page"),
        ...(io.signal === undefined ? {} : { signal: io.signal }),
      });
      progress.clear();
      const tables = result.plan.tables.length;
      io.stdout(
        dryRun
          ? `Planned ${tables} table${tables === 1 ? "" : "s"}: nothing fetched (--dry-run)\n`
          : `Mirrored ${tables} table${tables === 1 ? "" : "s"} into ${out}: ` +
            `${result.unitsFetched} of ${result.plan.units} units fetched, ` +
            `${result.rowsWritten.toLocaleString("en-US")} rows written, ` +
            `${result.requests} requests\n`,
      );
      return EXIT_OK;
    } finally {
      progress.clear();
      await session.close();
    }
  },
});
