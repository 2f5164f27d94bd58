/**
 * First contact, from the command line: `ecos search`, `series`, `mirror`, `tables`, `items`,
 * `keystats` and `doctor`, each run as a user runs it (`deno run` of the repository's
 * src/cli.ts from a folder of its own, no lock, nothing loaded beforehand) against the faults
 * of a first request. A command prints one line on stderr and no stack, and exits non-zero; the
 * doctor prints its report whatever the answers were; Ctrl-C while the service holds a request
 * prints "Interrupted" and exits 130.
 *
 * @module
 */

import assert from "node:assert/strict";
import type { ChildRun } from "../testdata/child_env.ts";
import { tempDir } from "../testdata/temp_dir.ts";
import {
  assertCacheWarm,
  BODY_FAULTS,
  CODE,
  type FaultName,
  FAULTS,
  pool,
  REPO,
  RETRIED,
  runDeno,
  type Scope,
  startFaultServers,
  USER_RUN,
} from "./_first_contact.ts";

/** A command as a user types it, after `ecos`. */
interface Command {
  args: string[];
  /** What the faults strike (its lookups answer, for "StatisticSearch"); "all" by default. */
  scope: Scope;
  /**
   * The faults it meets. The three the issue names (search, series, mirror) meet every one;
   * the lookups' commands end in the same error line (main's catch) and meet a wrong key and
   * Ctrl-C, so that each fault's several seconds of retries are paid once.
   */
  faults: readonly FaultName[];
  /** Whether it takes --format (mirror asks for JSON, always). */
  format: boolean;
}

const LOOKUP_FAULTS: readonly FaultName[] = ["INFO-100", "ABORT"];
const COMMANDS: readonly Command[] = [
  {
    args: ["search", "722Y001", "M", "201901", "202012", "0101000"],
    scope: "StatisticSearch",
    faults: FAULTS,
    format: true,
  },
  {
    args: ["series", "base_rate", "201901", "202012"],
    scope: "StatisticSearch",
    faults: FAULTS,
    format: true,
  },
  // A unit that fails after its retries (ERROR-500, HTML, a cut body) is recorded, and the next
  // unit pulled: with the default retries, 15 s for the table's four units. mirror() meets
  // those faults with one attempt in scripts_test.ts; here the report's path is met by a
  // closed port (the item list), the error line's by a wrong key and a 429 (which stop a run).
  {
    args: ["mirror", "722Y001", "--out", "data"],
    scope: "StatisticSearch",
    faults: ["INFO-100", "CLOSED", "429", "ABORT"],
    format: false,
  },
  { args: ["tables", "base", "rate"], scope: "all", faults: LOOKUP_FAULTS, format: true },
  { args: ["items", "722Y001"], scope: "all", faults: LOOKUP_FAULTS, format: true },
  { args: ["keystats"], scope: "all", faults: LOOKUP_FAULTS, format: true },
];

/** One run of `ecos`: its arguments, the fault, the format, and how it is checked. */
interface Case {
  name: string;
  args: string[];
  scope: Scope;
  fault: FaultName;
  check: (run: ChildRun, dir: string) => Promise<void>;
}

/** The lines `ecos mirror` prints on stderr before it starts: its plan. */
const PLAN_LINE = /^(Mirroring \d+ tables?, |About \d+ requests | {2}722Y001 )/;

/**
 * A failed command: exit status 1 (130 for Ctrl-C), one line on stderr naming the code, no
 * stack. `ecos mirror` prints its plan first, and a table that failed where failures are
 * recorded (its item list, unreachable) in its report on stdout.
 */
function assertFailed(fault: FaultName, run: ChildRun, mirror: boolean): void {
  const facts = `exit ${run.code}, stdout:\n${run.stdout}\nstderr:\n${run.stderr}`;
  assert.ok(!run.stderr.includes("Uncaught"), facts);
  assert.ok(!run.stderr.includes("    at "), facts);
  const lines = run.stderr.split("\n");
  assert.equal(lines.pop(), "", facts); // every line ends
  if (mirror) {
    while (PLAN_LINE.test(lines[0] ?? "")) lines.shift();
  }
  if (fault === "ABORT") {
    assert.deepEqual(lines, ["ecos: Interrupted"], facts);
    assert.equal(run.code, 130, facts);
    return;
  }
  assert.equal(run.code, 1, facts);
  if (mirror && fault === "CLOSED") {
    assert.deepEqual(lines, [], facts);
    assert.match(run.stdout, /\n1 table failed [^\n]*\n {2}722Y001: TRANSPORT: [^\n]*\n$/, facts);
    return;
  }
  assert.equal(lines.length, 1, facts);
  assert.match(lines[0]!, new RegExp(`^ecos: ${CODE[fault]}: `), facts);
}

const CASES: Case[] = [
  ...COMMANDS.flatMap((command) =>
    command.faults.flatMap((fault) =>
      (command.format && BODY_FAULTS.has(fault) ? ["json", "xml"] : ["json"]).map((
        format,
      ): Case => ({
        name: `ecos ${command.args[0]}, ${fault}, ${format}`,
        args: [...command.args, ...(command.format ? ["--format", format] : [])],
        scope: command.scope,
        fault,
        check: async (run, dir) => {
          const mirror = command.args[0] === "mirror";
          assertFailed(fault, run, mirror);
          if (mirror) await assert.rejects(Deno.lstat(`${dir}/data/.lock`), Deno.errors.NotFound);
        },
      }))
    )
  ),
  // The doctor sends its requests once each and replays what came back through the client: an
  // error body is exactly what its report is for.
  ...FAULTS.map((fault): Case => ({
    name: `ecos doctor, ${fault}`,
    args: ["doctor"],
    scope: "all",
    fault,
    check: (run) => {
      const facts = `exit ${run.code}, stderr:\n${run.stderr}`;
      assert.ok(!run.stderr.includes("Uncaught"), facts);
      assert.ok(!run.stderr.includes("    at "), facts);
      assert.match(run.stderr, /^Checking http:\/\/127\.0\.0\.1:\d+\/api with 30 requests\n/);
      if (fault === "ABORT") {
        assert.equal(run.code, 130, facts);
        assert.match(run.stderr, /\necos: Interrupted\n$/);
      } else {
        // Facts differ from what the service should answer: exit 1, and the report.
        assert.equal(run.code, 1, facts);
        assert.equal(run.stderr.split("\n").length, 2, facts);
        assert.match(run.stdout, /^ECOS live check of http:\/\/127\.0\.0\.1:\d+\/api, /);
        assert.match(run.stdout, /\| differ\n/);
      }
      return Promise.resolve();
    },
  })),
];

Deno.test("ecos: every fault of a first request is one line on stderr, and the doctor reports", async (t) => {
  await using servers = await startFaultServers();
  await using warm = await tempDir("ecos_first_contact_");
  await assertCacheWarm(warm.path);
  const task = (c: Case) => async () => {
    const target = await servers.target(c.fault, c.scope);
    await t.step({
      name: c.name,
      sanitizeOps: false,
      sanitizeResources: false,
      sanitizeExit: false,
      fn: async () => {
        await using dir = await tempDir("ecos_first_contact_");
        const run = await runDeno({
          args: [...USER_RUN, `${REPO}src/cli.ts`, ...c.args],
          cwd: dir.path,
          env: { ECOS_API_KEY: target.apiKey, ECOS_BASE_URL: target.baseUrl },
          ...(target.held === undefined ? {} : { abort: { held: target.held, by: "SIGINT" } }),
        });
        await c.check(run, dir.path);
      },
    });
  };
  // Retried faults wait out the default backoff (seconds, idle): they run beside the others.
  const slow = CASES.filter((c) => RETRIED.has(c.fault) && !c.args.includes("doctor"));
  const fast = CASES.filter((c) => !slow.includes(c));
  await Promise.all([pool(slow.map(task), 5), pool(fast.map(task), 2)]);
});
