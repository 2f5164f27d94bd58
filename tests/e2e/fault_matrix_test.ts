/**
 * The fault matrix: each fault against each surface, in one table. Every cell asserts that
 * nothing is lost (a good file or cache entry stays as it was; no partial file or entry is
 * left) and that nothing is pinned (once the service heals, the same surface, cache on, gets
 * the whole right answer, and keeps it).
 *
 * ```text
 *                      a call          a cached call   --out FILE      the CLI table
 * bad page once        answer          answer          answer          answer
 * bad page always      BAD_RESPONSE    BAD_RESPONSE    BAD_RESPONSE    BAD_RESPONSE
 * wrong rows           BAD_RESPONSE    BAD_RESPONSE    BAD_RESPONSE    BAD_RESPONSE
 * stalls               TIMEOUT         TIMEOUT         interrupted     interrupted
 * cut bodies           TRANSPORT       TRANSPORT       BAD_RESPONSE    BAD_RESPONSE
 * odd cache entries    answer          answer          answer          answer
 * full disk            answer, warns   answer, warns   OUTPUT, warns   answer, warns
 * kill                 killed          killed          killed          killed
 * ```
 *
 * The query is the monthly base rate of 2019-2020 (24 rows) in pages of 5; faults strike the
 * third page, rows 11-15, through {@linkcode faultyService} (a proxy that spoils answers, in
 * front of the bundled server, whose `fault` hook stalls or cuts them). The surfaces:
 *
 * - a call: `statisticSearch()` with the response cache on, the cache empty: the fault
 *   strikes while the cache is being filled;
 * - a cached call: the same call made again, its pages in the cache from a first good call,
 *   the struck page's entry expired (so that the call asks the service for it, 13 hours on);
 * - `--out FILE`: `ecos search ... --cache --out FILE`, the file holding an older good answer;
 * - the CLI table: `ecos search ... --cache`, printing the table.
 *
 * The full disk (`ulimit -f`: writes past 512 bytes fail, as on a full disk) and the kills run
 * in child processes (`clearEnv: true`, {@linkcode childEnv}); the rest in this process. No
 * sleeps: a kill or a Ctrl-C waits for the proxy to see the page asked for.
 *
 * @module
 */

import assert from "node:assert/strict";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { type DataFrame, type EcosClientOptions, isEcosError } from "../../mod.ts";
import { main } from "../../src/cli.ts";
import { ResponseCache } from "../../src/cache/mod.ts";
import { childEnv, REPO_CONFIG } from "../testdata/child_env.ts";
import {
  clientFor,
  type FaultyService,
  faultyService,
  KEY,
  rate,
  RATE_ARGS,
  rateKey,
  type SearchBody,
  type Spoil,
} from "../testdata/e2e.ts";
import { mkfifo, settlesUnblocked } from "../testdata/fifo.ts";

const unix = Deno.build.os !== "windows";

/** Rows a request: five pages of the 24 rows. */
const PAGE_SIZE = 5;
/** The pages of a pull, as row numbers. */
const PAGES: [number, number][] = [[1, 5], [6, 10], [11, 15], [16, 20], [21, 24]];
/** The page faults strike (index into PAGES). */
const STRUCK = 2;

/** The right answer: (PERIOD, DATA_VALUE) of the base rate, month by month, 2019-2020. */
const EXPECTED: [string, number][] = [
  ["201901", 1.75],
  ["201902", 1.75],
  ["201903", 1.75],
  ["201904", 1.75],
  ["201905", 1.75],
  ["201906", 1.75],
  ["201907", 1.5],
  ["201908", 1.5],
  ["201909", 1.5],
  ["201910", 1.25],
  ["201911", 1.25],
  ["201912", 1.25],
  ["202001", 1.25],
  ["202002", 1.25],
  ["202003", 0.75],
  ["202004", 0.75],
  ["202005", 0.5],
  ["202006", 0.5],
  ["202007", 0.5],
  ["202008", 0.5],
  ["202009", 0.5],
  ["202010", 0.5],
  ["202011", 0.5],
  ["202012", 0.5],
]; // deno-fmt-ignore

/** What --out FILE holds before: an older good answer (the first quarter of 2019). */
const OLD = "PERIOD,DATA_VALUE\n201901,1.75\n201902,1.75\n201903,1.75\n";

/** A leftover of a killed write: hidden, beside its target, never read as the target. */
const ENTRY_TEMP = /^\.[0-9a-f]{64}\.entry\.[0-9a-f-]{36}\.tmp$/;
const OUT_TEMP = /^\.rows\.csv\.[0-9a-f-]{36}\.tmp$/;

const CHILD = resolve(fileURLToPath(new URL("./_fault_child.ts", import.meta.url)));
const CLI = resolve(fileURLToPath(new URL("../../src/cli.ts", import.meta.url)));

type Surface = "a call" | "a cached call" | "--out FILE" | "the CLI table";
const SURFACES: Surface[] = ["a call", "a cached call", "--out FILE", "the CLI table"];
const isCall = (s: Surface) => s === "a call" || s === "a cached call";

/** What a surface gave. */
type Outcome =
  | { kind: "answer"; rows: [string, number][]; warnings: string[] }
  | { kind: "failure"; code: string; message: string; warnings: string[] }
  | { kind: "killed"; signal: Deno.Signal | null; stderr: string };

/** What a cell expects of the surface under the fault. */
type Expect =
  /** The right answer; the cache then holds every page ("filled"), or is as it was. */
  | { kind: "answer"; cache: "filled" | "as before"; warns?: RegExp }
  /** A failure with this code (the command line's "ecos: CODE: ..." line); the cache as it was. */
  | { kind: "failure"; code: string; message: RegExp; warns?: RegExp }
  /** Killed; the cache's entries as they were (a killed write may leave its hidden file). */
  | { kind: "killed" };

/** One cell's files. */
interface Cell {
  svc: FaultyService;
  surface: Surface;
  /** The right frame, from a healthy call with the cache off. */
  reference: DataFrame;
  /** The healthy bodies of PAGES. */
  bodies: string[];
  root: string;
  /** The response cache's directory. */
  cache: string;
  /** The --out file: OLD until a good pull replaces it. */
  out: string;
  /** Entry files that are good before the run, and their content: they must stay so. */
  kept: Map<string, string>;
}

/** One strike of a fault: how the surface runs under it, and the evidence that it struck. */
interface Strike {
  /** Options of the call surfaces (a time limit). */
  options?: EcosClientOptions;
  /** The command line's signal: Ctrl-C. */
  signal?: AbortSignal;
  /** A FIFO in an entry's place: the run must not block on it. */
  fifo?: string;
  /**
   * In a child process whose writes fail past 512 bytes ("full disk"), that is SIGKILLed when
   * the struck page is asked for ("kill at the page"), or that the kernel kills at byte 512 of
   * its first write ("kill in a write", SIGXFSZ).
   */
  child?: "full disk" | "kill at the page" | "kill in a write";
  /** Fails unless the fault struck; `before` is the cache before the run. */
  struck: (cell: Cell, before: Map<string, string>) => void | Promise<void>;
}

/** A fault: its strikes (each run and checked in turn), and what each surface gives. */
interface FaultRow {
  fault: string;
  strikes: (cell: Cell) => AsyncGenerator<Strike>;
  expect: Record<Surface, Expect>;
}

const ANSWER: Expect = { kind: "answer", cache: "filled" };
const fails = (code: string, message: RegExp): Expect => ({ kind: "failure", code, message });
const every = (e: Expect): Record<Surface, Expect> => ({
  "a call": e,
  "a cached call": e,
  "--out FILE": e,
  "the CLI table": e,
});
/** The one warning of a cache that cannot write: it steps aside, the pull goes on. */
const CANNOT_WRITE =
  /^Cannot write the response cache in .*, so queries go on without it\..*File too large/;
const THIRTEEN_HOURS = 13 * 60 * 60 * 1000;

const rowsOf = (b: SearchBody) => b.StatisticSearch.row;
const tooManyRows: Spoil = (b) => (rowsOf(b).push({ ...rowsOf(b).at(-1) }), b);
const objectField: Spoil = (b) => ((rowsOf(b)[3]!.UNIT_NAME = { a: 1 }), b);
const anotherTable: Spoil = (b) => ((rowsOf(b)[0]!.STAT_CODE = "999Y999"), b);

/** The server's answers of the struck page with this outcome ("fault:stall"...). */
const served = (cell: Cell, outcome: string) =>
  cell.svc.server.stats.requests.filter((r) => r.startNo === 11 && r.outcome === outcome).length;

const MATRIX: FaultRow[] = [
  {
    fault: "bad page once",
    async *strikes(cell) {
      cell.svc.spoil(objectField, 1);
      yield { struck: () => assert.equal(cell.svc.spoilt, 1) };
    },
    expect: every(ANSWER),
  },
  {
    fault: "bad page always",
    async *strikes(cell) {
      cell.svc.spoil(tooManyRows, Infinity);
      yield { struck: () => assert.ok(cell.svc.spoilt >= 2) };
    },
    expect: every(fails("BAD_RESPONSE", /rows 11-15 of 24 held 6 rows, not 5/)),
  },
  {
    fault: "wrong rows",
    async *strikes(cell) {
      cell.svc.spoil(anotherTable, Infinity);
      yield { struck: () => assert.ok(cell.svc.spoilt >= 2) };
    },
    expect: every(
      fails("BAD_RESPONSE", /row 11, field "STAT_CODE", holds "999Y999", not the table asked/),
    ),
  },
  {
    // The command line has no time limit of its own: whoever waits presses Ctrl-C.
    fault: "stalls",
    async *strikes(cell) {
      cell.svc.inject({ kind: "stall" }, Infinity);
      let asked = false;
      cell.svc.requested().then(() => (asked = true));
      const struck = () => assert.ok(asked, "the page was asked for");
      if (cell.surface === "a call") yield { options: { deadlineMs: 150 }, struck };
      else if (cell.surface === "a cached call") yield { options: { timeoutMs: 100 }, struck };
      else {
        const ctrlC = new AbortController();
        cell.svc.requested().then(() => ctrlC.abort(new Error("Interrupted")));
        yield { signal: ctrlC.signal, struck };
      }
    },
    expect: {
      "a call": fails("TIMEOUT", /did not finish within deadlineMs \(150 ms\)/),
      "a cached call": fails("TIMEOUT", /did not answer within timeoutMs \(100 ms\)/),
      "--out FILE": fails("INTERRUPTED", /^Interrupted$/),
      "the CLI table": fails("INTERRUPTED", /^Interrupted$/),
    },
  },
  {
    // The connection ends half-way through the body: until healed for a call (retried, then
    // TRANSPORT), once for the command line, whose retries wait its default backoff (0.5 s,
    // doubling, five attempts; no flag shortens it): the retry is what it keeps.
    fault: "cut bodies",
    async *strikes(cell) {
      const times = isCall(cell.surface) ? Infinity : 1;
      const cut = () => served(cell, "fault:truncate");
      const before = cut();
      cell.svc.inject({ kind: "truncate" }, times);
      yield { struck: () => assert.equal(cut() - before, Math.min(times, 3), "cut bodies sent") };
    },
    expect: {
      "a call": fails("TRANSPORT", /the body was cut short.*; gave up after 3 attempts/),
      "a cached call": fails("TRANSPORT", /the body was cut short.*; gave up after 3 attempts/),
      "--out FILE": ANSWER,
      "the CLI table": ANSWER,
    },
  },
  {
    fault: "odd cache entries",
    async *strikes(cell) {
      // A cached call keeps two good entries (pages 6-10, 16-20) beside the odd ones.
      const odd: Odd[] = cell.surface === "a cached call"
        ? ["truncated", undefined, "fifo", undefined, "/dev/zero"]
        : ["fifo", "/dev/zero", "directory", "truncated", "foreign"];
      const planted = await plantOdd(cell, odd);
      yield {
        fifo: planted.fifo,
        struck: async () => {
          for (const path of planted.paths) {
            assert.ok((await Deno.lstat(path)).isFile, `${path}: a page in the odd one's place`);
          }
        },
      };
    },
    expect: every(ANSWER),
  },
  {
    fault: "full disk",
    async *strikes(_cell) {
      yield { child: "full disk", struck: () => {} }; // the warning says it struck
    },
    expect: {
      "a call": { kind: "answer", cache: "as before", warns: CANNOT_WRITE },
      "a cached call": { kind: "answer", cache: "as before", warns: CANNOT_WRITE },
      "--out FILE": {
        kind: "failure",
        code: "OUTPUT",
        message:
          /^Could not write .*rows\.csv; .*\(the old file, if any, is as it was\): File too large/,
        warns: CANNOT_WRITE,
      },
      "the CLI table": { kind: "answer", cache: "as before", warns: CANNOT_WRITE },
    },
  },
  {
    // Killed while the struck page is asked for (pages before it written beside their
    // entries); a call and --out also killed in the middle of a write: a call at its first
    // entry, --out (its pages all in the cache) at the file.
    fault: "kill",
    async *strikes(cell) {
      cell.svc.inject({ kind: "stall" }, Infinity);
      yield { child: "kill at the page", struck: () => {} };
      if (cell.surface !== "a call" && cell.surface !== "--out FILE") return;
      cell.svc.heal();
      if (cell.surface === "--out FILE") await fillCache(cell, { expire: false });
      yield {
        child: "kill in a write",
        struck: async (_, before) => {
          // The write cut at byte 512: its hidden file is what is left of it.
          const partial = cell.surface === "a call"
            ? (await cacheTemps(cell)).filter((p) => !before.has(p))
            : hiddenBeside(join(cell.root, "out"));
          assert.equal(partial.length, 1, partial.join(", "));
          assert.equal((await Deno.stat(partial[0]!)).size, 512);
        },
      };
    },
    expect: every({ kind: "killed" }),
  },
];

type Odd = "fifo" | "/dev/zero" | "directory" | "truncated" | "foreign" | undefined;

/** Puts odd things in the entries' places, one per page; `undefined` leaves a page as it is. */
async function plantOdd(cell: Cell, odd: Odd[]): Promise<{ fifo?: string; paths: string[] }> {
  const cache = new ResponseCache({ dir: cell.cache });
  const paths = await entryPaths(cell);
  // Another page's valid entry, for a foreign one; the page's own, for a truncated one.
  const entryOf = async (i: number) => {
    const scratch = new ResponseCache({ dir: join(cell.root, "scratch") });
    const key = rateKey(cell.svc.url, ...PAGES[i]!);
    await scratch.set(key, { body: cell.bodies[i]!, fetchedAt: new Date() });
    return await Deno.readFile(await scratch.entryPath(key));
  };
  let fifo: string | undefined;
  const planted: string[] = [];
  for (const [i, kind] of odd.entries()) {
    if (kind === undefined) continue;
    const path = paths[i]!;
    await Deno.mkdir(join(path, ".."), { recursive: true, mode: 0o700 });
    await Deno.remove(path).catch(() => {});
    cell.kept.delete(path);
    planted.push(path);
    switch (kind) {
      case "fifo":
        await mkfifo(path);
        fifo = path;
        break;
      case "/dev/zero":
        await Deno.symlink("/dev/zero", path);
        break;
      case "directory":
        await Deno.mkdir(join(path, "inside"), { recursive: true });
        break;
      case "truncated": {
        const whole = await entryOf(i);
        await Deno.writeFile(path, whole.subarray(0, whole.length - 100));
        break;
      }
      case "foreign":
        await Deno.writeFile(path, await entryOf((i + 1) % PAGES.length));
        break;
    }
  }
  assert.equal(await cache.info().then((info) => info.entries), 5 - planted.length);
  return fifo === undefined ? { paths: planted } : { fifo, paths: planted };
}

/** The entry paths of PAGES in the cell's cache. */
async function entryPaths(cell: Cell): Promise<string[]> {
  const cache = new ResponseCache({ dir: cell.cache });
  return await Promise.all(PAGES.map(([s, e]) => cache.entryPath(rateKey(cell.svc.url, s, e))));
}

/**
 * Fills the cache with a good call (a cached call's first), and notes its entries as kept;
 * with `expire`, the struck page's entry is then 13 hours old, so that the next call asks the
 * service for it.
 */
async function fillCache(cell: Cell, { expire }: { expire: boolean }): Promise<void> {
  const client = clientFor(cell.svc.url, { pageSize: PAGE_SIZE, cache: { dir: cell.cache } });
  assert.ok((await client.statisticSearch(rate)).frameEqual(cell.reference, true));
  const paths = await entryPaths(cell);
  cell.kept.clear();
  for (const path of paths) cell.kept.set(path, await Deno.readTextFile(path));
  if (!expire) return;
  const key = rateKey(cell.svc.url, ...PAGES[STRUCK]!);
  const fetchedAt = new Date(Date.now() - THIRTEEN_HOURS);
  await new ResponseCache({ dir: cell.cache }).set(key, { body: cell.bodies[STRUCK]!, fetchedAt });
  cell.kept.delete(paths[STRUCK]!);
}

/**
 * Everything in a cache directory, links and FIFOs unfollowed: path -> what it is. Shard
 * directories are walked, not listed: an empty one holds nothing to lose.
 */
async function snapshot(dir: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const walk = async (at: string, depth: number) => {
    for await (const e of Deno.readDir(at)) {
      const path = join(at, e.name);
      const info = await Deno.lstat(path);
      if (info.isSymlink) out.set(path, `link to ${await Deno.readLink(path)}`);
      else if (info.isDirectory) {
        if (depth > 0) out.set(path, "directory");
        await walk(path, depth + 1);
      } else if (info.isFile) out.set(path, `file: ${await Deno.readTextFile(path)}`);
      else out.set(path, "other (a FIFO)");
    }
  };
  await walk(dir, 0);
  return out;
}

/** The hidden temporary files in the cache's shards. */
async function cacheTemps(cell: Cell): Promise<string[]> {
  const all = [...(await snapshot(cell.cache)).keys()];
  return all.filter((p) => ENTRY_TEMP.test(p.slice(p.lastIndexOf("/") + 1)));
}

/** The hidden temporary files of --out beside it. */
const hiddenBeside = (dir: string) =>
  [...Deno.readDirSync(dir)].filter((e) => OUT_TEMP.test(e.name)).map((e) => join(dir, e.name));

/** (PERIOD, DATA_VALUE) of a frame. */
function frameRows(df: DataFrame): [string, number][] {
  const values = df.getColumn("DATA_VALUE").toArray();
  return df.getColumn("PERIOD").toArray().map((p, i) => [String(p), Number(values[i])]);
}

/** (PERIOD, DATA_VALUE) of the CSV --out writes. */
function csvRows(text: string): [string, number][] {
  const [header, ...lines] = text.trimEnd().split("\n");
  const names = header!.split(",");
  const [p, v] = [names.indexOf("PERIOD"), names.indexOf("DATA_VALUE")];
  return lines.map((line) => line.split(",")).map((f) => [f[p]!, Number(f[v])]);
}

/** (PERIOD, DATA_VALUE) of the table the command line prints. */
function tableRows(text: string): [string, number][] {
  return [...text.matchAll(/^│ \S+ ┆ (\d{6}) ┆ (\S+)\s*│$/gmu)].map((m) => [m[1]!, Number(m[2])]);
}

/** The command line's arguments for a surface. */
function cliArgs(cell: Cell): string[] {
  const out = cell.surface === "--out FILE" ? ["--out", cell.out] : [];
  return ["search", ...RATE_ARGS, "--page-size", String(PAGE_SIZE), "--cache", ...out];
}

/** The command line's environment: the key, the proxy, the cell's cache. */
const cliEnv = (cell: Cell) => ({
  ECOS_API_KEY: KEY,
  ECOS_BASE_URL: cell.svc.url,
  ECOS_CACHE_DIR: cell.cache,
});

/** What a command line run gave: rows (from the file or the table), or its error line. */
async function cliOutcome(
  cell: Cell,
  code: number,
  stdout: string,
  stderr: string,
): Promise<Outcome> {
  const lines = stderr.split("\n").filter((l) => l !== "");
  if (code === 0) {
    if (cell.surface === "the CLI table") {
      return { kind: "answer", rows: tableRows(stdout), warnings: lines };
    }
    // --out says where the rows went, on the last line.
    assert.equal(lines.pop(), `Wrote 24 rows to ${cell.out}`);
    return { kind: "answer", rows: csvRows(await Deno.readTextFile(cell.out)), warnings: lines };
  }
  const last = lines.pop() ?? "";
  const m = /^ecos: (?:([A-Z][A-Z0-9_-]+): )?(.*)$/.exec(last);
  assert.ok(m !== null, `not an error line: ${stderr}`);
  const failure = m[1] ?? m[2]!.toUpperCase();
  assert.equal(code, failure === "INTERRUPTED" ? 130 : 1, stderr);
  return { kind: "failure", code: failure, message: m[2]!, warnings: lines };
}

/** Runs the surface in this process; the cache's warnings (console.warn) are caught. */
async function runHere(cell: Cell, strike: Partial<Strike> = {}): Promise<Outcome> {
  const warnings: string[] = [];
  const warn = console.warn;
  console.warn = (...args: unknown[]) => void warnings.push(args.join(" "));
  try {
    const run = () => isCall(cell.surface) ? callHere(cell, strike) : cliHere(cell, strike);
    const got = strike.fifo === undefined ? await run() : await settlesUnblocked(strike.fifo, run);
    return got.kind === "killed" ? got : { ...got, warnings: [...got.warnings, ...warnings] };
  } finally {
    console.warn = warn;
  }
}

async function callHere(cell: Cell, strike: Partial<Strike>): Promise<Outcome> {
  const client = clientFor(cell.svc.url, {
    pageSize: PAGE_SIZE,
    cache: { dir: cell.cache },
    ...strike.options,
  });
  try {
    const df = await client.statisticSearch(rate);
    assert.ok(df.frameEqual(cell.reference, true), "another frame than the healthy one");
    return { kind: "answer", rows: frameRows(df), warnings: [] };
  } catch (e) {
    if (!isEcosError(e)) throw e;
    return { kind: "failure", code: e.code, message: e.message, warnings: [] };
  }
}

async function cliHere(cell: Cell, strike: Partial<Strike>): Promise<Outcome> {
  let stdout = "";
  let stderr = "";
  const code = await main(cliArgs(cell), {
    env: cliEnv(cell),
    isTTY: false,
    stdout: (t) => (stdout += t),
    stderr: (t) => (stderr += t),
    ...(strike.signal === undefined ? {} : { signal: strike.signal }),
  });
  return await cliOutcome(cell, code, stdout, stderr);
}

/** The surface's program in a child process: `deno run ...` and its environment. */
function childProgram(cell: Cell): { args: string[]; env: Record<string, string> } {
  // No V8 code cache, and the repository's frozen lock: the child writes nothing of Deno's own
  // (once warm).
  const deno = [Deno.execPath(), "run", "-A", "--no-code-cache", REPO_CONFIG];
  if (isCall(cell.surface)) {
    return {
      args: [...deno, CHILD, cell.svc.url, KEY, cell.cache, String(PAGE_SIZE)],
      env: childEnv(),
    };
  }
  return { args: [...deno, CLI, ...cliArgs(cell)], env: childEnv(cliEnv(cell)) };
}

/** Whether the child programs have run once, so that Deno's own caches hold what they load. */
let warm: Promise<void> | undefined;

/** `sh -c "<prelude>exec <program>"` in the cell's directory. */
function childCommand(cell: Cell, prelude: string): Deno.Command {
  const { args, env } = childProgram(cell);
  return new Deno.Command("sh", {
    args: ["-c", `${prelude}exec "$@"`, "sh", ...args],
    cwd: cell.root,
    env,
    clearEnv: true,
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  });
}

/** Runs the surface in a child process under the strike. */
async function runChild(cell: Cell, how: NonNullable<Strike["child"]>): Promise<Outcome> {
  if (how !== "kill at the page") await warmUp(cell);
  const prelude = {
    // Writes past 512 bytes fail with EFBIG (SIGXFSZ ignored), as on a full disk.
    "full disk": 'ulimit -f 1; trap "" XFSZ; ',
    "kill at the page": "",
    // The kernel kills the process (SIGXFSZ) at the write that passes 512 bytes.
    "kill in a write": "ulimit -f 1; ",
  }[how];
  const decode = (b: Uint8Array) => new TextDecoder().decode(b);
  if (how === "kill at the page") {
    const asked = cell.svc.requested();
    const child = childCommand(cell, prelude).spawn();
    const first = await Promise.race([asked.then(() => "asked"), child.status.then(() => "ended")]);
    if (first === "asked") child.kill("SIGKILL");
    const out = await child.output();
    assert.equal(first, "asked", `the child ended first: ${decode(out.stderr)}`);
    return { kind: "killed", signal: out.signal, stderr: decode(out.stderr) };
  }
  const out = await childCommand(cell, prelude).output();
  const [stdout, stderr] = [decode(out.stdout), decode(out.stderr)];
  if (out.signal !== null) return { kind: "killed", signal: out.signal, stderr };
  if (!isCall(cell.surface)) return await cliOutcome(cell, out.code, stdout, stderr);
  assert.equal(out.code, 0, stderr);
  const warnings = stderr.split("\n").filter((l) => l !== "");
  const got = JSON.parse(stdout);
  if (got.code !== undefined) {
    return { kind: "failure", code: got.code, message: got.message, warnings };
  }
  return { kind: "answer", rows: got.rows, warnings };
}

/**
 * Runs each child program once, unlimited, side by side (in scratch directories of the cell's):
 * whatever Deno writes into its own cache for them is written by then, so that the only files
 * a limited child writes are the ones under test.
 */
function warmUp(cell: Cell): Promise<void> {
  warm ??= Promise.all(
    SURFACES.filter((s) => s !== "a cached call").map(async (surface) => {
      const root = await Deno.makeTempDir({ dir: cell.root, prefix: "warm-" });
      const cache = join(root, "cache");
      await Deno.mkdir(cache, { mode: 0o700 });
      const scratch = { ...cell, surface, root, cache, out: join(root, "rows.csv") };
      const out = await childCommand(scratch, "").output();
      assert.equal(out.code, 0, new TextDecoder().decode(out.stderr));
    }),
  ).then(() => {});
  return warm;
}

/** Asserts what the surface gave against what the cell expects. */
function assertOutcome(got: Outcome, expect: Expect, signal: Deno.Signal): void {
  const said = JSON.stringify(got).slice(0, 600);
  assert.equal(got.kind, expect.kind, said);
  if (got.kind === "killed") {
    assert.equal(got.signal, signal, got.stderr);
    return;
  }
  if (got.kind === "answer") assert.deepEqual(got.rows, EXPECTED);
  if (got.kind === "failure" && expect.kind === "failure") {
    assert.equal(got.code, expect.code, said);
    assert.match(got.message, expect.message);
  }
  const warns = expect.kind === "killed" ? undefined : expect.warns;
  if (warns === undefined) assert.deepEqual(got.warnings, [], "no warning");
  else {
    assert.equal(got.warnings.length, 1, `one warning: ${got.warnings.join("\n")}`);
    assert.match(got.warnings[0]!, warns);
  }
}

/**
 * Nothing lost: what was good is as it was; nothing partial is left where it would be read.
 * The cache: filled with every page, right (the good entries of before untouched), or as it
 * was before the run (a killed child's hidden files aside). --out: the new answer, whole, or
 * the old file, with nothing beside it (but what a killed write leaves hidden).
 */
async function assertNothingLost(cell: Cell, before: Map<string, string>, expect: Expect) {
  const after = await snapshot(cell.cache);
  if (expect.kind === "answer" && expect.cache === "filled") await assertFilled(cell);
  else if (expect.kind === "killed") {
    const entries = (m: Map<string, string>) =>
      new Map([...m].filter(([path]) => !ENTRY_TEMP.test(path.slice(path.lastIndexOf("/") + 1))));
    assert.deepEqual(entries(after), entries(before), "the entries are as they were");
  } else assert.deepEqual(after, before, "the cache is as it was");
  for (const [path, text] of cell.kept) {
    assert.equal(after.get(path), `file: ${text}`, `a good entry changed: ${path}`);
  }
  if (cell.surface !== "--out FILE") return;
  const beside = [...Deno.readDirSync(join(cell.root, "out"))].map((e) => e.name).sort();
  if (expect.kind === "answer") {
    assert.deepEqual(csvRows(await Deno.readTextFile(cell.out)), EXPECTED);
  } else assert.equal(await Deno.readTextFile(cell.out), OLD, "the old file is whole");
  const others = beside.filter((n) => n !== "rows.csv");
  if (expect.kind === "killed") assert.ok(others.every((n) => OUT_TEMP.test(n)), others.join());
  else assert.deepEqual(others, [], "nothing beside the file");
}

/** The cache holds every page, each entry the service's healthy body, and nothing else. */
async function assertFilled(cell: Cell, temps: "none" | "allowed" = "none"): Promise<void> {
  const cache = new ResponseCache({ dir: cell.cache });
  const paths = await entryPaths(cell);
  const files = [...(await snapshot(cell.cache))]
    .filter(([, what]) => what !== "directory")
    .filter(([p]) => temps === "none" || !ENTRY_TEMP.test(p.slice(p.lastIndexOf("/") + 1)));
  assert.deepEqual(files.map(([p]) => p).sort(), [...paths].sort(), "one entry a page");
  for (const [i, [s, e]] of PAGES.entries()) {
    const text = await Deno.readTextFile(paths[i]!);
    assert.equal(text.slice(text.indexOf("\n") + 1), cell.bodies[i], `page ${s}-${e}`);
    assert.equal((await cache.get(rateKey(cell.svc.url, s, e)))?.body, cell.bodies[i]);
  }
}

/**
 * Nothing pinned: the service healed, the same surface (cache on) gets the whole right answer
 * and keeps it: every page in the cache, and the next run asks nothing.
 */
async function assertNothingPinned(cell: Cell, row: FaultRow): Promise<void> {
  cell.svc.heal();
  const healed = await runHere(cell);
  assertOutcome(healed, ANSWER, "SIGKILL");
  await assertFilled(cell, row.fault === "kill" ? "allowed" : "none");
  const requests = cell.svc.requests;
  assertOutcome(await runHere(cell), ANSWER, "SIGKILL");
  assert.equal(cell.svc.requests, requests, "the next run is answered by the cache");
  if (cell.surface === "--out FILE") {
    assert.deepEqual(csvRows(await Deno.readTextFile(cell.out)), EXPECTED);
  }
}

/** One cell: the fault's strikes against the surface, each checked; then the service heals. */
async function runCell(
  svc: FaultyService,
  row: FaultRow,
  surface: Surface,
  healthy: { reference: DataFrame; bodies: string[] },
): Promise<void> {
  const root = await Deno.makeTempDir({ prefix: "ecos-matrix-" });
  const cell: Cell = {
    svc,
    surface,
    ...healthy,
    root,
    cache: join(root, "cache"),
    out: join(root, "out", "rows.csv"),
    kept: new Map(),
  };
  try {
    await Deno.mkdir(cell.cache, { mode: 0o700 });
    await Deno.mkdir(join(root, "out"));
    await Deno.writeTextFile(cell.out, OLD);
    if (surface === "a cached call") await fillCache(cell, { expire: true });
    const expect = row.expect[surface];
    for await (const strike of row.strikes(cell)) {
      const before = await snapshot(cell.cache);
      const got = strike.child === undefined
        ? await runHere(cell, strike)
        : await runChild(cell, strike.child);
      assertOutcome(got, expect, strike.child === "kill in a write" ? "SIGXFSZ" : "SIGKILL");
      await strike.struck(cell, before);
      await assertNothingLost(cell, before, expect);
    }
    await assertNothingPinned(cell, row);
  } finally {
    svc.heal();
    await Deno.remove(root, { recursive: true });
  }
}

for (const row of MATRIX) {
  Deno.test({
    name: `fault matrix: ${row.fault}: nothing lost, nothing pinned, on every surface`,
    ignore: !unix,
    fn: async (t) => {
      await using svc = await faultyService({ startNo: 11, endNo: 15 });
      const reference = await clientFor(svc.url, { pageSize: PAGE_SIZE, cache: false })
        .statisticSearch(rate);
      assert.deepEqual(frameRows(reference), EXPECTED);
      const bodies = await Promise.all(PAGES.map(([s, e]) => svc.body(s, e)));
      for (const surface of SURFACES) {
        await t.step(surface, () => runCell(svc, row, surface, { reference, bodies }));
      }
    },
  });
}
