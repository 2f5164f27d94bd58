/**
 * First contact, from a user's script: each public surface of the library against each fault
 * of a first request, each in a fresh process started as a user starts a script (a folder of
 * its own, no lock, nothing loaded beforehand). The script's catch must receive an EcosError
 * with the fault's code, the process must then end by itself with status 0, and nothing may be
 * uncaught. A range the service finds too large (ERROR-400) must give the frame.
 *
 * @module
 */

import assert from "node:assert/strict";
import type { Format } from "../../mod.ts";
import { tempDir } from "../testdata/temp_dir.ts";
import {
  assertCacheWarm,
  assertCaught,
  BODY_FAULTS,
  CODE,
  type FaultName,
  FAULTS,
  pool,
  REPO_URL,
  RETRIED,
  runDeno,
  type Scope,
  startFaultServers,
  type Target,
  USER_RUN,
} from "./_first_contact.ts";

/** A public surface, as a script uses it. */
interface Surface {
  name: string;
  /** The script's imports from the repository: a name and its entry. */
  imports: string;
  /**
   * The body of an async function that returns the rows it got. In scope: `options` (an
   * EcosClient's options for the case: base URL, key, format, one attempt, the abort signal),
   * `format`, `signal` (or undefined) and `query` (24 monthly rows of the base rate).
   */
  body: string;
  /** Whether it goes through StatisticSearch: a range too large must then be split. */
  search: boolean;
  /** The environment it is given besides the children's: the module-level functions read it. */
  env?: (target: Target) => Record<string, string>;
  /** The rows the ERROR-400 case gets. */
  rows?: number;
  /** What the faults strike (its lookups answer, for "StatisticSearch"); "all" by default. */
  scope?: Scope;
  /** The faults it meets, when not all: a path another surface meets with all of them. */
  faults?: readonly FaultName[];
  /** Whether its client has the default retries (the module-level functions'). */
  defaultRetries?: boolean;
}

const MOD = `import { EcosClient, isEcosError } from "${REPO_URL}mod.ts";`;
const ECOS_ENV = (t: Target) => ({ ECOS_API_KEY: t.apiKey, ECOS_BASE_URL: t.baseUrl });

/**
 * The four lookups besides keyStatisticList pull as it does (one call, a schema): they meet a
 * wrong key, a failed answer and an abort; keyStatisticList meets every fault.
 */
const SHARED_LOOKUP: readonly FaultName[] = ["INFO-100", "ERROR-500", "ABORT"];

const SURFACES: readonly Surface[] = [
  {
    name: "client.statisticSearch",
    imports: MOD,
    body: "return (await new EcosClient(options).statisticSearch(query)).height;",
    search: true,
  },
  {
    name: "client.statisticSearchPages",
    imports: MOD,
    body: "let rows = 0;\n" +
      "for await (const page of new EcosClient(options).statisticSearchPages(query)) {\n" +
      "  rows += page.height;\n}\nreturn rows;",
    search: true,
  },
  {
    name: "client.statisticSearchMany",
    imports: MOD,
    body: "const cpi = { statCode: '901Y009', cycle: 'M', start: '201901', end: '202012', " +
      "items: ['0'], label: 'cpi' };\n" +
      "return (await new EcosClient(options).statisticSearchMany([query, cpi])).height;",
    search: true,
    rows: 48,
  },
  {
    name: "client.series",
    imports: MOD,
    body: "return (await new EcosClient(options).series('base_rate', " +
      "{ start: '201901', end: '202012' })).height;",
    search: true,
  },
  {
    name: "module-level statisticSearch",
    imports: `import { isEcosError, statisticSearch } from "${REPO_URL}mod.ts";`,
    // Its client is built from ECOS_API_KEY and ECOS_BASE_URL, with the default retries.
    body: "return (await statisticSearch(query, { format, ...(signal ? { signal } : {}) }))" +
      ".height;",
    search: true,
    env: ECOS_ENV,
    defaultRetries: true,
  },
  {
    name: "module-level keyStatisticList",
    imports: `import { isEcosError, keyStatisticList } from "${REPO_URL}mod.ts";`,
    body: "return (await keyStatisticList({ format, ...(signal ? { signal } : {}) })).height;",
    search: false,
    env: ECOS_ENV,
    defaultRetries: true,
  },
  {
    name: "connect().client",
    imports: `import { connect, isEcosError } from "${REPO_URL}mod.ts";`,
    body: "const { apiKey: _k, baseUrl: _u, env: _e, ...rest } = options;\n" +
      "await using session = await connect(rest);\n" +
      "return (await session.client.statisticSearch(query)).height;",
    search: true,
    env: ECOS_ENV,
  },
  {
    name: "half-monthly statisticSearch",
    imports: MOD,
    body: "return (await new EcosClient(options).statisticSearch({ statCode: '814Y002', " +
      "cycle: 'SM', start: '201801S1', end: '201812S2', items: ['1'] })).height;",
    search: true,
  },
  {
    name: "statisticSearch with the cache on",
    imports: MOD,
    body: "const cache = { dir: `${Deno.cwd()}/cache` };\n" +
      "return (await new EcosClient({ ...options, cache }).statisticSearch(query)).height;",
    search: true,
  },
  {
    name: "chart of a fetched series",
    imports: `${MOD}\nimport { lineChart } from "${REPO_URL}src/jupyter/mod.ts";`,
    body: "const df = await new EcosClient(options).series('base_rate', " +
      "{ start: '201901', end: '202012' });\n" +
      "await lineChart(df, { x: 'TIME', y: 'DATA_VALUE' }).toSVG();\nreturn df.height;",
    search: true,
  },
  {
    name: "statisticTableList",
    imports: MOD,
    body: "return (await new EcosClient(options).statisticTableList()).height;",
    search: false,
    faults: SHARED_LOOKUP,
  },
  {
    name: "statisticItemList",
    imports: MOD,
    body: "return (await new EcosClient(options).statisticItemList('722Y001')).height;",
    search: false,
    faults: SHARED_LOOKUP,
  },
  {
    name: "statisticWord",
    imports: MOD,
    body: "return (await new EcosClient(options).statisticWord('소비자물가')).height;",
    search: false,
    faults: SHARED_LOOKUP,
  },
  {
    name: "statisticMeta",
    imports: MOD,
    body: "return (await new EcosClient(options).statisticMeta('경제심리지수')).height;",
    search: false,
    faults: SHARED_LOOKUP,
  },
  {
    name: "keyStatisticList",
    imports: MOD,
    body: "return (await new EcosClient(options).keyStatisticList()).height;",
    search: false,
  },
  {
    name: "client.findItems",
    imports: MOD,
    body: "return (await new EcosClient(options).findItems('901Y009', '총지수')).height;",
    search: false,
    faults: SHARED_LOOKUP,
  },
  {
    name: "client.searchTables by cycle",
    imports: MOD,
    // The table list answers; the item lists of the tables listed with another cycle, pulled
    // together, meet the fault.
    body: "return (await new EcosClient(options).searchTables('금리', { cycle: 'M' })).height;",
    search: false,
    scope: "StatisticItemList",
  },
  {
    name: "mirror()",
    imports: `${MOD}\nimport { mirror } from "${REPO_URL}src/mirror/mod.ts";`,
    body: "const result = await mirror(new EcosClient(options), ['722Y001'], { dir: 'data' });\n" +
      "return result.rowsWritten;",
    search: false,
    // Its tables' item lists come first: the faults strike the units' pulls after them.
    scope: "StatisticSearch",
  },
];

/** A user's script for one case: the surface's body in a try/catch that prints what it got. */
function script(surface: Surface, target: Target, format: Format, abort: boolean): string {
  const options = {
    baseUrl: target.baseUrl,
    apiKey: target.apiKey,
    format,
    env: {},
    retry: { attempts: 1 },
    rateLimit: false,
    cache: false,
  };
  return `${surface.imports}

const format = ${JSON.stringify(format)};
const query = { statCode: "722Y001", cycle: "M", start: "201901", end: "202012", items: ["0101000"] };
const controller = new AbortController();
const signal = ${abort ? "controller.signal" : "undefined"};
${
    abort
      ? "// The test writes a line once the service holds the request.\n" +
        "Deno.stdin.read(new Uint8Array(16)).then(() => controller.abort(), () => controller.abort());"
      : ""
  }
const options = { ...${JSON.stringify(options)}, ...(signal ? { signal } : {}) };
try {
  const rows = await (async () => {
${surface.body.replace(/^/gm, "    ")}
  })();
  console.log(\`rows \${rows}\`);
} catch (e) {
  console.log(isEcosError(e) ? \`caught \${e.code}\` : \`caught something else: \${e}\`);
}
`;
}

/** One case: a surface, a fault (or ERROR-400), a format. */
interface Case {
  surface: Surface;
  fault: FaultName | "ERROR-400";
  format: Format;
}

const CASES: Case[] = SURFACES.flatMap((surface) => [
  ...(surface.faults ?? FAULTS).flatMap((fault) =>
    (BODY_FAULTS.has(fault) ? ["json", "xml"] as const : ["json"] as const)
      .map((format) => ({ surface, fault, format }))
  ),
  ...(surface.search
    ? (["json", "xml"] as const).map((format) => ({
      surface,
      fault: "ERROR-400" as const,
      format,
    }))
    : []),
]);

Deno.test("a user's script catches every fault of a first request, and ends by itself", async (t) => {
  await using servers = await startFaultServers();
  await using warm = await tempDir("ecos_first_contact_");
  await assertCacheWarm(warm.path);
  const task = (c: Case) => async () => {
    const target = c.fault === "ERROR-400"
      ? servers.tooLarge
      : await servers.target(c.fault, c.surface.scope);
    const name = `${c.surface.name}, ${c.fault}, ${c.format}`;
    await t.step({
      name,
      sanitizeOps: false,
      sanitizeResources: false,
      sanitizeExit: false,
      fn: async () => {
        await using dir = await tempDir("ecos_first_contact_");
        await Deno.writeTextFile(
          `${dir.path}/script.ts`,
          script(c.surface, target, c.format, c.fault === "ABORT"),
        );
        const run = await runDeno({
          args: [...USER_RUN, "script.ts"],
          cwd: dir.path,
          env: c.surface.env?.(target) ?? {},
          ...(target.held === undefined ? {} : { abort: { held: target.held, by: "stdin" } }),
        });
        const expected = c.fault === "ERROR-400"
          ? `rows ${c.surface.rows ?? 24}`
          : `caught ${CODE[c.fault]}`;
        // A mirror that failed leaves no lock behind to stop the next run.
        if (c.surface.name === "mirror()") {
          await assert.rejects(
            Deno.lstat(`${dir.path}/data/.lock`),
            Deno.errors.NotFound,
            `a lock left behind: ${name}\n${run.stderr}`,
          );
        }
        assertCaught(run, expected, name);
      },
    });
  };
  // The default retries wait out their backoff (seconds, idle): those cases run beside the rest.
  const slow = CASES.filter((c) => c.surface.defaultRetries && RETRIED.has(c.fault as FaultName));
  const fast = CASES.filter((c) => !slow.includes(c));
  await Promise.all([pool(slow.map(task), 5), pool(fast.map(task), 3)]);
});
