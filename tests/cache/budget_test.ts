/**
 * SharedBudget: one request budget per key, shared through files by every process that uses
 * the same cache directory; what it admits and when it waits, ERROR-602 for every sharer,
 * a killed process's lock, the file names, and a directory it cannot use.
 */

import assert from "node:assert/strict";
import { budgetName, SharedBudget } from "../../src/cache/budget.ts";
import { EcosClient } from "../../mod.ts";
import { startEcosServer } from "../../src/server/mod.ts";
import { childEnv } from "../testdata/child_env.ts";
import { tempDir } from "../testdata/temp_dir.ts";

const BASE = "http://127.0.0.1:1/api";
const KEY = "budget-Secret-Key-9f";

/** Budgets on a shared fake clock; sleeping moves the clock and records the wait. */
function fakeTime() {
  let now = 1_800_000_000_000;
  const waits: number[] = [];
  return {
    now: () => now,
    sleep: (ms: number) => {
      waits.push(ms);
      now += ms;
      return Promise.resolve();
    },
    waits,
  };
}

Deno.test("SharedBudget admits the limit across sharers, then waits for the oldest to leave the window", async () => {
  await using dir = await tempDir("ecos_budget_");
  const time = fakeTime();
  const limit = { requests: 3, windowMs: 10_000 };
  const make = () =>
    new SharedBudget({ dir: dir.path, baseUrl: BASE, apiKey: KEY, limit, marginMs: 500, ...time });
  const [a, b] = [make(), make()];
  await a.acquire();
  await b.acquire();
  await a.acquire();
  assert.deepEqual(time.waits, [], "three admitted at once, two sharers");
  await b.acquire();
  assert.deepEqual(time.waits, [10_500], "the fourth waits the window and the margin");
});

Deno.test("SharedBudget.refused() holds every sharer back until the wait is over", async () => {
  await using dir = await tempDir("ecos_budget_");
  const time = fakeTime();
  const limit = { requests: 300, windowMs: 180_000 };
  const make = () =>
    new SharedBudget({ dir: dir.path, baseUrl: BASE, apiKey: KEY, limit, ...time });
  const [a, b] = [make(), make()];
  await a.acquire();
  await a.refused(30_000);
  await b.acquire();
  assert.deepEqual(time.waits, [30_000]);
});

Deno.test("SharedBudget keeps a budget per key and service, in files named by a hash", async () => {
  await using dir = await tempDir("ecos_budget_");
  const limit = { requests: 1, windowMs: 60_000 };
  const time = fakeTime();
  await new SharedBudget({ dir: dir.path, baseUrl: BASE, apiKey: KEY, limit, ...time }).acquire();
  // Another key is another budget: admitted at once.
  await new SharedBudget({ dir: dir.path, baseUrl: BASE, apiKey: "other", limit, ...time })
    .acquire();
  assert.deepEqual(time.waits, []);
  const names = [...Deno.readDirSync(`${dir.path}/budget`)].map((e) => e.name).sort();
  const own = await budgetName(BASE, KEY);
  assert.ok(names.includes(`${own}.json`) && names.includes(`${own}.lock`), names.join());
  assert.equal(names.length, 4);
  for (const name of names) {
    assert.ok(!name.includes(KEY));
    assert.ok(!(await Deno.readTextFile(`${dir.path}/budget/${name}`)).includes(KEY));
  }
  const state = JSON.parse(await Deno.readTextFile(`${dir.path}/budget/${own}.json`));
  assert.deepEqual(Object.keys(state), ["starts", "blockedUntil"]);
});

Deno.test("a process killed while it holds the budget's lock holds nothing", async () => {
  await using dir = await tempDir("ecos_budget_");
  const limit = { requests: 10, windowMs: 60_000 };
  const budget = new SharedBudget({ dir: dir.path, baseUrl: BASE, apiKey: KEY, limit });
  await budget.acquire(); // makes the folder and the lock file
  const lockPath = `${dir.path}/budget/${await budgetName(BASE, KEY)}.lock`;
  const child = new Deno.Command(Deno.execPath(), {
    args: [
      "eval",
      `const f = await Deno.open(${JSON.stringify(lockPath)}, { read: true, write: true });
       await f.lock(true);
       console.log("locked");
       setInterval(() => {}, 60_000); // holds on until killed`,
    ],
    clearEnv: true,
    env: childEnv({ HOME: dir.path }),
    stdout: "piped",
    stderr: "inherit",
  }).spawn();
  const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  let out = "";
  while (!out.includes("locked")) {
    const { value, done } = await reader.read();
    assert.ok(!done, "the child took the lock");
    out += value;
  }
  let killed = false;
  const admitted = budget.acquire(AbortSignal.timeout(30_000)).then(() => killed);
  // While the child holds the lock nothing is admitted (a bounded look, not a synchronisation:
  // a correct budget stays blocked however long this is).
  const early = await Promise.race([
    admitted.then(() => "admitted"),
    new Promise((resolve) => setTimeout(resolve, 300, "blocked")),
  ]);
  assert.equal(early, "blocked");
  killed = true;
  child.kill("SIGKILL");
  await child.status;
  await reader.cancel();
  assert.equal(await admitted, true, "admitted once the holder was gone");
});

Deno.test("SharedBudget on a directory it cannot use warns once and limits this process alone", async () => {
  await using dir = await tempDir("ecos_budget_");
  const file = `${dir.path}/not-a-directory`;
  await Deno.writeTextFile(file, "");
  const warnings: string[] = [];
  const budget = new SharedBudget({
    dir: file,
    baseUrl: BASE,
    apiKey: KEY,
    limit: { requests: 2, windowMs: 60_000 },
    warn: (m) => warnings.push(m),
  });
  await budget.acquire();
  await budget.acquire();
  const third = new AbortController();
  const waiting = budget.acquire(third.signal).then(() => "admitted", () => "waited");
  third.abort();
  assert.equal(await waiting, "waited", "the third waits for the window");
  assert.equal(warnings.length, 1);
  assert.match(warnings[0]!, /^Cannot share the request budget with other processes through /);
  assert.ok(!warnings[0]!.includes(KEY));
});

Deno.test("a client that meets ERROR-602 holds back every process sharing its budget", async () => {
  await using dir = await tempDir("ecos_budget_");
  let refused = 0;
  await using server = await startEcosServer({
    keys: [KEY],
    fault: (c) =>
      c.service === "KeyStatisticList" && refused++ === 0
        ? { kind: "code", code: "ERROR-602" }
        : undefined,
  });
  const client = new EcosClient({
    baseUrl: server.url,
    apiKey: KEY,
    env: {},
    sharedBudget: { dir: dir.path },
    retry: { attempts: 2, baseMs: 1, capMs: 1, jitter: false },
  });
  const before = Date.now();
  await client.keyStatisticList();
  assert.equal(refused, 2, "refused once, then answered");
  const file = `${dir.path}/budget/${await budgetName(server.url, KEY)}.json`;
  const state = JSON.parse(await Deno.readTextFile(file)) as { blockedUntil: number };
  assert.ok(state.blockedUntil > before, "the wait is written for the others to see");
});
