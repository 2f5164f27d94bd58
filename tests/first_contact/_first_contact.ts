/**
 * What the fresh-process tests share: the faults, served by bundled servers in the test process,
 * and children started as a user starts a script: in a folder of their own, without this
 * repository's lock or configuration, from Deno's cache only, nothing loaded beforehand.
 *
 * A failure that reaches the caller only by luck (a promise rejected while a lazy package was
 * still loading, with no handler yet) is invisible in the test process, where every package is
 * already loaded: only a first contact in a fresh process shows it.
 *
 * @module
 */

import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { childEnv, type ChildRun } from "../testdata/child_env.ts";
import {
  type EcosServer,
  type Fault,
  type FaultContext,
  startEcosServer,
} from "../../src/server/mod.ts";

/** The repository's root, as a path ending in "/". */
export const REPO: string = fileURLToPath(new URL("../../", import.meta.url));
/** The repository's root, as a file URL ending in "/", for a script's imports. */
export const REPO_URL: string = new URL("../../", import.meta.url).href;

/** The key the fault servers accept. */
export const KEY = "first-contact-key-5b1e";
/** A key they refuse: a typo, as a new user makes it. */
export const WRONG_KEY = "a-typo";

/**
 * The faults a first request meets. INFO-100: a key the service refuses. ERROR-500: on every
 * attempt. HTML: a maintenance page. CUT: a body shorter than its Content-Length. CLOSED:
 * nothing listens. 429: too many requests, on every attempt. ABORT: the caller's signal fires
 * while the service holds the request.
 */
export type FaultName = "INFO-100" | "ERROR-500" | "HTML" | "CUT" | "CLOSED" | "429" | "ABORT";

/** The faults, in the order the tests list them. */
export const FAULTS: readonly FaultName[] = [
  "INFO-100",
  "ERROR-500",
  "HTML",
  "CUT",
  "CLOSED",
  "429",
  "ABORT",
];

/**
 * The code each fault gives the caller: a script's catch, the command line's error line, an MCP
 * tool error (written here, not asked of the client).
 */
export const CODE: Readonly<Record<FaultName, string>> = {
  "INFO-100": "INFO-100",
  "ERROR-500": "ERROR-500",
  HTML: "BAD_RESPONSE",
  CUT: "TRANSPORT",
  CLOSED: "TRANSPORT",
  "429": "RATE_LIMITED",
  ABORT: "ABORTED",
};

/** The faults whose answer is an ECOS body, whose format (JSON or XML) is asked. */
export const BODY_FAULTS: ReadonlySet<FaultName> = new Set(["INFO-100", "ERROR-500", "CUT"]);

/**
 * The faults the client retries: with the default retries (five attempts, backoff from 500 ms),
 * a few seconds each, spent waiting.
 */
export const RETRIED: ReadonlySet<FaultName> = new Set([
  "ERROR-500",
  "HTML",
  "CUT",
  "CLOSED",
  "429",
]);

/** The server-side faults, by name; INFO-100 is the server's own answer to a wrong key. */
const SERVED: Partial<Record<FaultName, Fault>> = {
  "ERROR-500": { kind: "code", code: "ERROR-500" },
  HTML: { kind: "html" },
  CUT: { kind: "truncate" },
  "429": { kind: "status", status: 429 },
};

/**
 * What a fault strikes: every request, or one service's only (the requests before it answer, as
 * mirror's item lists before its pulls).
 */
export type Scope = "all" | "StatisticSearch" | "StatisticItemList";

/** Where a child is sent for a fault. */
export interface Target {
  /** The base URL. */
  baseUrl: string;
  /** The key to use. */
  apiKey: string;
  /**
   * For ABORT: resolves once the server holds the child's request (the child is then told to
   * abort, or interrupted).
   */
  held?: Promise<void>;
}

/** The bundled servers that answer the faults; each ABORT case gets a server of its own. */
export interface FaultServers extends AsyncDisposable {
  /**
   * A target for one case of `fault` (ABORT: a fresh stalling server, closed with the rest).
   * A scope other than "all": the fault strikes that service only (a wrong key and a closed
   * port strike everything whatever the scope).
   */
  target(fault: FaultName, scope?: Scope): Promise<Target>;
  /** A server that finds a StatisticSearch of more than 12 rows too large (ERROR-400). */
  tooLarge: Target;
}

/**
 * Starts the fault servers on loopback, port 0: one bundled server per fault, a port that was
 * bound and closed, and the ERROR-400 server. Close them with `await using`.
 */
export async function startFaultServers(): Promise<FaultServers> {
  const servers: EcosServer[] = [];
  const start = async (
    fault?: (ctx: FaultContext) => Fault | undefined,
    workLimit?: number,
  ) => {
    const server = await startEcosServer({
      keys: [KEY],
      ...(fault === undefined ? {} : { fault }),
      ...(workLimit === undefined ? {} : { workLimit }),
    });
    servers.push(server);
    return server.url;
  };
  const strikes = (scope: Scope, ctx: FaultContext) => scope === "all" || ctx.service === scope;
  const plain = await start();
  // A server a fault and scope, started when first asked for.
  const served = new Map<string, Promise<string>>();
  const servedFor = (fault: Fault, scope: Scope) => {
    const key = `${scope} ${JSON.stringify(fault)}`;
    if (!served.has(key)) served.set(key, start((ctx) => strikes(scope, ctx) ? fault : undefined));
    return served.get(key)!;
  };
  // A port nothing listens on: bound, then closed.
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const closedUrl = `http://127.0.0.1:${(listener.addr as Deno.NetAddr).port}/api`;
  listener.close();
  const tooLarge = { baseUrl: await start(undefined, 12), apiKey: KEY };
  return {
    tooLarge,
    async target(fault, scope = "all") {
      if (fault === "INFO-100") return { baseUrl: plain, apiKey: WRONG_KEY };
      if (fault === "CLOSED") return { baseUrl: closedUrl, apiKey: KEY };
      if (fault === "ABORT") {
        const { promise: held, resolve } = Promise.withResolvers<void>();
        const baseUrl = await start((ctx) => {
          if (!strikes(scope, ctx)) return undefined;
          resolve();
          return { kind: "stall" };
        });
        return { baseUrl, apiKey: KEY, held };
      }
      return { baseUrl: await servedFor(SERVED[fault]!, scope), apiKey: KEY };
    },
    async [Symbol.asyncDispose]() {
      await Promise.all(servers.map((s) => s.close()));
    },
  };
}

/** How long a child may run before the test gives up on it: a hang fails, it does not stall. */
const CHILD_LIMIT_MS = 60_000;

/** What a child is, and how a case ends it early. */
export interface ChildSpec {
  /** The program's arguments after `deno`. */
  args: string[];
  /** Its working directory: a folder of the case's own. */
  cwd: string;
  /** Variables besides the children's (PATH, Deno's cache, ...). */
  env?: Record<string, string>;
  /**
   * For ABORT: once the server holds the request, "stdin" writes a line to the child (which
   * aborts its signal), "SIGINT" interrupts it as Ctrl-C does.
   */
  abort?: { held: Promise<void>; by: "stdin" | "SIGINT" };
}

/**
 * Runs `deno <args>` as a user's process: the children's environment (no ECOS_* of this
 * process, HOME in the case's folder), its output captured. Fails the test when it runs past
 * {@linkcode CHILD_LIMIT_MS}.
 */
export async function runDeno(spec: ChildSpec): Promise<ChildRun> {
  const child = new Deno.Command(Deno.execPath(), {
    args: spec.args,
    cwd: spec.cwd,
    env: childEnv({ HOME: spec.cwd, ...spec.env }),
    clearEnv: true,
    stdin: spec.abort?.by === "stdin" ? "piped" : "null",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const output = child.output();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const limit = new Promise<"limit">((resolve) => {
    timer = setTimeout(() => resolve("limit"), CHILD_LIMIT_MS);
  });
  try {
    if (spec.abort !== undefined) {
      const first = await Promise.race([
        spec.abort.held.then(() => "held" as const),
        output,
        limit,
      ]);
      if (first === "held") {
        // A child that ended meanwhile has nothing left to abort: its output tells the rest.
        try {
          if (spec.abort.by === "SIGINT") child.kill("SIGINT");
          else {
            const writer = child.stdin.getWriter();
            await writer.write(new TextEncoder().encode("abort\n"));
            await writer.close();
          }
        } catch {
          // gone already
        }
      }
    }
    const out = await Promise.race([output, limit]);
    if (out === "limit") {
      child.kill("SIGKILL");
      await output;
      assert.fail(`deno ${spec.args.join(" ")} ran past ${CHILD_LIMIT_MS} ms`);
    }
    const decode = (b: Uint8Array) => new TextDecoder().decode(b);
    return { code: out.code, stdout: decode(out.stdout), stderr: decode(out.stderr) };
  } finally {
    clearTimeout(timer);
  }
}

/** The flags of a user's `deno run` in a folder of their own: no lock, Deno's cache only. */
export const USER_RUN: readonly string[] = ["run", "-A", "--no-lock", "--cached-only"];

/** The script that fills Deno's cache for the children (see its header). */
const WARM_SCRIPT = fileURLToPath(new URL("warm_cache.ts", import.meta.url));

/**
 * Fails with what to do when Deno's cache lacks the packages as resolved without this
 * repository's lock (the children run `--cached-only`): a missing cache is a setup step, and
 * must not look like the failure under test, nor hang.
 */
export async function assertCacheWarm(dir: string): Promise<void> {
  const run = await runDeno({ args: [...USER_RUN, WARM_SCRIPT], cwd: dir });
  assert.equal(
    run.code,
    0,
    "Deno's cache lacks the packages as a script outside this repository resolves them " +
      "(no lock): run `deno task test` (its first step fills it) or, with network access: " +
      `cd "$(mktemp -d)" && deno run -A --no-lock ${WARM_SCRIPT}\n${run.stderr}`,
  );
}

/**
 * Runs `tasks` at most `size` at a time, each to its end (a failed one does not stop the
 * others).
 */
export async function pool(tasks: (() => Promise<void>)[], size: number): Promise<void> {
  const queue = [...tasks];
  const worker = async () => {
    for (let task = queue.shift(); task !== undefined; task = queue.shift()) await task();
  };
  await Promise.all(Array.from({ length: size }, worker));
}

/**
 * Asserts what a user's script shows after a fault: stdout exactly `expected` (`caught CODE`,
 * or `rows N`), exit status 0 (the process ended by itself), no "Uncaught" on stderr.
 */
export function assertCaught(run: ChildRun, expected: string, what: string): void {
  const facts = `${what}\nstdout: ${run.stdout}\nstderr: ${run.stderr}`;
  assert.ok(!run.stderr.includes("Uncaught"), `an uncaught error: ${facts}`);
  assert.equal(run.code, 0, `exit status ${run.code}: ${facts}`);
  assert.equal(run.stdout, `${expected}\n`, facts);
}
