/**
 * `ecos mirror <stat>... --out DIR`: whole tables into a hive-partitioned Parquet dataset,
 * resumably and incrementally, keeping superseded values (see src/mirror/). The plan goes to
 * stderr before anything is fetched, progress on a terminal, warnings as they arise, and a
 * summary at the end. `ecos mirror history <stat> [item] --out DIR` lists the revisions the
 * mirror has seen.
 *
 * @module
 */

import { pl } from "../deps.ts";
import { validateStatCode } from "../client/mod.ts";
import { count } from "../util/human.ts";
import { type Cycle, CYCLES, isCycle } from "../wire/period.ts";
import {
  formatMirrorPlan,
  formatMirrorProgress,
  mirror as mirrorTables,
  type MirrorResult,
  mirrorRevisions,
} from "../mirror/mod.ts";
import { type Command, defineCommand } from "./command.ts";
import { EXIT_FAILURE, EXIT_OK, UsageError } from "./errors.ts";
import { type Flags, type FlagValues, verbatim } from "./flag.ts";
import { DEFAULT_ROWS, OUTPUT_FLAGS, SERVICE_FLAGS } from "./flag_groups.ts";
import type { CliIO } from "./io.ts";
import { renderTable } from "./output.ts";
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
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text) || Number.isNaN(Date.parse(`${text}T00:00:00Z`))) {
    throw new TypeError(`Give ${flag} as YYYY-MM-DD: got ${JSON.stringify(text)}`);
  }
  return text;
}

/**
 * The flags of `ecos mirror`: the dataset, what to keep of it, and the client's options it
 * shares with the data commands. `mirror history` takes --out, --cycles, --since (revisions
 * from that day on) and --rows.
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
  prune: {
    type: "boolean",
    name: "prune",
    help: "remove stored rows before --since (kept otherwise)",
  },
  dryRun: {
    type: "boolean",
    name: "dry-run",
    help: "state the plan and stop: nothing written, DIR not even created",
  },
  allowBaseUrlChange: {
    type: "boolean",
    name: "allow-base-url-change",
    help: "continue a mirror made from another base URL (the same data elsewhere)",
  },
  rows: OUTPUT_FLAGS.rows,
  language: SERVICE_FLAGS.language,
  pageSize: SERVICE_FLAGS.pageSize,
  concurrency: SERVICE_FLAGS.concurrency,
} as const satisfies Flags;

/** The flags `ecos mirror history` takes. */
const HISTORY_FLAGS = new Set(["out", "cycles", "since", "rows"]);

/** The summary of a run: tables mirrored of those asked, what was written, what failed. */
function summary(result: MirrorResult, out: string): string {
  const failed = new Set(result.failures.map((f) => f.statCode));
  const all = new Set([...result.plan.tables.map((t) => t.statCode), ...failed]);
  const done = all.size - failed.size;
  const lines = [
    `Mirrored ${done} of ${all.size} table${all.size === 1 ? "" : "s"} into ${out}: ` +
    `${result.unitsFetched} of ${result.plan.units} units fetched, ` +
    `${result.filesWritten} files written (${count(result.rowsWritten)} rows), ` +
    `${count(result.revised)} values revised, ${result.requests} requests`,
  ];
  if (failed.size > 0) {
    lines.push(
      `${failed.size} table${failed.size === 1 ? "" : "s"} failed (run the mirror again to ` +
        "retry):",
      ...result.failures.map((f) =>
        `  ${[f.statCode, f.cycle, f.item].filter((x) => x !== undefined).join(" ")}: ${f.code}: ${
          f.message.replace(/\s+/g, " ")
        }`
      ),
    );
  }
  return `${lines.join("\n")}\n`;
}

/** `ecos mirror history <stat> [item] --out DIR`: the revisions, as a table on stdout. */
function history(
  positionals: string[],
  values: FlagValues<typeof MIRROR_FLAGS>,
  out: string,
  io: CliIO,
): number {
  const extra = Object.keys(values).find((k) => !HISTORY_FLAGS.has(k));
  if (extra !== undefined) {
    const flag = MIRROR_FLAGS[extra as keyof typeof MIRROR_FLAGS].name;
    throw new UsageError(
      `Use --out, --cycles, --since and --rows with mirror history: got --${flag}`,
      mirror.usage,
    );
  }
  const [statCode, item, more] = positionals;
  if (statCode === undefined) {
    throw new UsageError(
      "Give the table: ecos mirror history <stat> [item] --out DIR",
      mirror.usage,
    );
  }
  if (more !== undefined) {
    throw new UsageError(`Remove the extra argument: got ${JSON.stringify(more)}`, mirror.usage);
  }
  validateStatCode(statCode);
  const { cycles, since, rows = DEFAULT_ROWS } = values;
  const revisions = mirrorRevisions(out, {
    statCode,
    ...(item === undefined ? {} : { item }),
    ...(cycles === undefined ? {} : { cycles }),
    ...(since === undefined ? {} : { since: new Date(`${since}T00:00:00Z`) }),
  });
  const what = `${statCode}${item === undefined ? "" : ` ${item}`} in ${out}`;
  if (revisions.height === 0) {
    io.stderr(`No revisions of ${what} yet: values a later run finds changed are listed here\n`);
    return EXIT_OK;
  }
  const shown = revisions.select(
    ...revisions.columns.filter((c) => c !== "TIME"),
  ).withColumns(
    ...["FIRST_SEEN", "LAST_SEEN", "REPLACED_AT"].map((c) =>
      pl.col(c).dt.strftime("%Y-%m-%d %H:%M:%S").alias(c)
    ),
  );
  const table = renderTable(shown, { rows, width: io.columns });
  io.stdout(table.text);
  io.stderr(
    `${count(revisions.height)} revised value${
      revisions.height === 1 ? "" : "s"
    } of ${what} (times in UTC)` +
      (table.shown < table.total ? `; showing ${table.shown}: --rows 0 shows them all` : "") +
      "\n",
  );
  return EXIT_OK;
}

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
 *   assert.match(out, /^Mirrored 1 of 1 table into /);
 * } finally {
 *   await Deno.remove(dir, { recursive: true });
 * }
 * ```
 */
export const mirror: Command<typeof MIRROR_FLAGS> = defineCommand({
  name: "mirror",
  synopsis: "<stat>... --out DIR",
  forms: ["--all --out DIR", "history <stat> [item] --out DIR"],
  summary: "keep whole tables as Parquet, resumably, incrementally",
  description: "Keeps whole tables in DIR as a hive-partitioned Parquet dataset, one file per\n" +
    "table and cycle (DIR/STAT_CODE=.../CYCLE=.../data.parquet): every item. Before it starts it\n" +
    "states the plan (tables, requests and the time they take at the rate limit). An interrupted\n" +
    "run resumes where it stopped; a later run fetches only new periods and a revision window of\n" +
    "recent ones, and keeps each value it replaces in DIR/_history. One run at a time: a second\n" +
    "is refused. A table that fails is reported and the others mirrored (exit status 1).\n" +
    "Read it with polars (scanMirror), DuckDB (read_parquet('DIR/**/*.parquet',\n" +
    "hive_partitioning = true)) or Spark (spark.read.parquet(DIR)).\n\n" +
    "mirror history lists the revisions the mirror has seen of a table (or one of its items):\n" +
    "each replaced value, the value that replaced it, and when.",
  args: [
    ["<stat>...", "table codes, e.g. 722Y001 901Y009"],
    ["history <stat> [item]", "the revisions of a table, or of one of its level-1 items"],
  ],
  arity: { min: 0, max: Infinity }, // none with --all
  flags: MIRROR_FLAGS,
  examples: [
    "ecos mirror 722Y001 901Y009 --out ecos-data && ecos mirror 722Y001 901Y009 --out ecos-data",
    "ecos mirror history 901Y009 0 --out ecos-data",
  ],
  async run({ positionals, values }, io) {
    const {
      out,
      all = false,
      cycles,
      since,
      dryRun = false,
      prune = false,
      allowBaseUrlChange = false,
      rows: _rows,
      ...service
    } = values;
    if (out === undefined) throw new UsageError("Give the directory: --out DIR", mirror.usage);
    if (positionals[0] === "history" && !all) return history(positionals.slice(1), values, out, io);
    if (all && positionals.length > 0) {
      throw new UsageError("Give table codes or --all, not both", mirror.usage);
    }
    if (!all && positionals.length === 0) {
      throw new UsageError("Give table codes (e.g. 722Y001) or --all", mirror.usage);
    }
    if (prune && since === undefined) {
      throw new UsageError(
        "Give --since with --prune: it removes rows before that day",
        mirror.usage,
      );
    }
    positionals.forEach((code) => validateStatCode(code));
    const progress = new ProgressLine(io.stderr, io);
    const session = await openSession(io.env, {
      cache: false,
      ...service,
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
        prune,
        dryRun,
        allowBaseUrlChange,
        keepGoing: true,
        onPlan: (plan) => io.stderr(`${formatMirrorPlan(plan)}\n`),
        onProgress: (p) => progress.draw(() => formatMirrorProgress(p), p.event !== "page"),
        onWarning: (message) => {
          progress.clear();
          io.stderr(`ecos: warning: ${message}\n`);
        },
        ...(io.signal === undefined ? {} : { signal: io.signal }),
      });
      progress.clear();
      if (dryRun) {
        const tables = result.plan.tables.length;
        io.stdout(
          `Planned ${tables} table${
            tables === 1 ? "" : "s"
          }: nothing fetched or written (--dry-run)\n`,
        );
        return result.failures.length > 0 ? EXIT_FAILURE : EXIT_OK;
      }
      io.stdout(summary(result, out));
      return result.failures.length > 0 ? EXIT_FAILURE : EXIT_OK;
    } finally {
      progress.clear();
      await session.close();
    }
  },
});
