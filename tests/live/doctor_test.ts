import assert from "node:assert/strict";
import { type CliIO, main } from "../../src/cli.ts";
import { startEcosServer } from "../../src/server/mod.ts";
import { KEY } from "./_known.ts";

/** Runs `ecos <args>` in this process with the environment given, nothing else. */
async function ecos(args: string[], env: CliIO["env"]) {
  let stdout = "";
  let stderr = "";
  const code = await main(args, {
    env,
    isTTY: false,
    now: () => new Date("2026-11-26T00:00:00Z"),
    stdout: (t) => (stdout += t),
    stderr: (t) => (stderr += t),
  });
  return { code, stdout, stderr };
}

Deno.test("ecos doctor without ECOS_API_KEY says it was skipped and why, exit 0", async () => {
  const run = await ecos(["doctor"], {});
  assert.equal(run.code, 0);
  assert.equal(
    run.stdout,
    "skipped: ECOS_API_KEY is not set; the live check needs a key of your own " +
      "(free at https://ecos.bok.or.kr/api/), so nothing was sent\n",
  );
  assert.equal(run.stderr, "");
  // ECOS_BASE_URL alone does not make a key.
  const based = await ecos(["doctor"], { ECOS_BASE_URL: "http://127.0.0.1:9/api" });
  assert.equal(based.code, 0);
  assert.match(based.stdout, /^skipped: ECOS_API_KEY is not set/);
});

Deno.test("ecos doctor with the sample key says it was skipped and why, exit 0", async () => {
  const run = await ecos(["doctor"], { ECOS_API_KEY: "sample" });
  assert.equal(run.code, 0);
  assert.match(run.stdout, /^skipped: ECOS_API_KEY is "sample", whose 10-row limit/);
});

Deno.test("ecos doctor against the bundled server prints the table, no difference (the table count agrees), exit 0", async () => {
  await using server = await startEcosServer({ keys: [KEY] });
  const run = await ecos(["doctor"], { ECOS_API_KEY: KEY, ECOS_BASE_URL: server.url });
  assert.equal(run.code, 0);
  assert.equal(run.stderr, `Checking ${server.url} with 30 requests\n`);
  assert.ok(run.stdout.startsWith(`ECOS live check of ${server.url}, 2026-11-26\n\nfact `));
  assert.match(
    run.stdout,
    /\nINFO-100: a key no account has +\| INFO-100, its documented text +\| INFO-100, the same text +\| agree\n/,
  );
  assert.match(run.stdout, /\n50 facts: 47 agree, 0 differ, 3 noted \(30 requests\)\n/);
  assert.match(
    run.stdout,
    /\nStatisticTableList: how many tables +\| 834 or more \(834-844 in Aug-Sep 2026,… \| 838 rows +\| agree\n/,
  );
  assert.doesNotMatch(run.stdout, /\nDifferences:/);
  assert.ok(!run.stdout.includes(KEY) && !run.stderr.includes(KEY));
});

Deno.test("ecos doctor --record writes every body and index.json, without the key", async () => {
  await using server = await startEcosServer({ keys: [KEY] });
  const dir = await Deno.makeTempDir();
  try {
    const out = `${dir}/fixtures`;
    const run = await ecos(["doctor", "--record", out], {
      ECOS_API_KEY: KEY,
      ECOS_BASE_URL: server.url,
    });
    assert.equal(run.code, 0);
    assert.match(
      run.stdout,
      new RegExp(`\nRecorded 30 bodies and index.json in ${out} \\(the key removed\\)\n$`),
    );
    const files: string[] = [];
    for await (const f of Deno.readDir(out)) files.push(f.name);
    assert.equal(files.length, 31);
    assert.ok(files.includes("keystats-json.json") && files.includes("search-m-xml.xml"));
    for (const f of files) assert.ok(!(await Deno.readTextFile(`${out}/${f}`)).includes(KEY), f);
    // What was recorded replays to the same verdicts.
    const replay = await ecos(["doctor", "--replay", out], {});
    assert.equal(replay.code, 0);
    assert.match(replay.stdout, new RegExp(`^Replayed 30 recorded answers from ${out}\n`));
    assert.match(replay.stdout, /\n50 facts: 47 agree, 0 differ, 3 noted \(30 requests\)\n/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("ecos doctor --replay tests/testdata/live sends nothing and needs no key", async () => {
  const dir = new URL("../testdata/live", import.meta.url).pathname;
  const run = await ecos(["doctor", "--replay", dir], {});
  assert.equal(run.code, 0);
  assert.equal(run.stderr, "");
  assert.match(run.stdout, /\n50 facts: 47 agree, 0 differ, 3 noted \(30 requests\)\n/);
});

Deno.test("ecos doctor refuses bad arguments with exit 2, nothing sent", async (t) => {
  const cases: [string[], CliIO["env"], RegExp][] = [
    [
      ["doctor", "--record", "a", "--replay", "b"],
      {},
      /^ecos: Give --record or --replay, not both\n/,
    ],
    [
      ["doctor", "--replay", "/no/such/dir"],
      {},
      /^ecos: Cannot replay \/no\/such\/dir: give a directory/,
    ],
    [
      ["doctor", "--timeout", "0"],
      {},
      /^ecos: Give --timeout a whole number, 1 or more: got "0"\n/,
    ],
    [
      ["doctor", "--deadline", "2147483648"],
      {},
      /^ecos: Give --deadline at most 2147483647 milliseconds: got 2147483648\n/,
    ],
    [
      ["doctor"],
      { ECOS_API_KEY: KEY, ECOS_BASE_URL: "ftp://example.org/api" },
      /^ecos: Give an http or https base URL: got "ftp:\/\/example\.org\/api"\n/,
    ],
    [
      ["doctor"],
      { ECOS_API_KEY: KEY, ECOS_BASE_URL: "http://ecos.bok.or.kr/api" },
      /^ecos: Use an https:\/\/ base URL: over http:\/\/ the key would cross the network/,
    ],
  ];
  for (const [args, env, message] of cases) {
    await t.step(args.join(" "), async () => {
      const run = await ecos(args, env);
      assert.equal(run.code, 2);
      assert.match(run.stderr, message);
      assert.match(run.stderr, /\nRun "ecos doctor --help" for its arguments and an example\n$/);
      assert.ok(!run.stderr.includes(KEY));
    });
  }
});

Deno.test("ecos doctor against a stalling service cuts each request at --timeout and reports by --deadline", async () => {
  // Answers its first three requests, then holds every other until the test ends: without the
  // limits, each request would wait the service's 60 s.
  let asked = 0;
  const { promise: ending, resolve: end } = Promise.withResolvers<void>();
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, async () => {
    if (++asked <= 3) {
      return Response.json({
        RESULT: { CODE: "INFO-200", MESSAGE: "해당하는 데이터가 없습니다." },
      });
    }
    await ending;
    return new Response("too late", { status: 503 });
  });
  try {
    const baseUrl = `http://127.0.0.1:${server.addr.port}/api`;
    const run = await ecos(["doctor", "--timeout", "200", "--deadline", "1500"], {
      ECOS_API_KEY: KEY,
      ECOS_BASE_URL: baseUrl,
    });
    assert.equal(run.code, 1);
    assert.ok(run.stdout.startsWith(`ECOS live check of ${baseUrl}, 2026-11-26\n\nfact `));
    const passed =
      /\nThe check's deadline passed: (\d+) of 30 requests were sent; facts that needed the others could not be seen\.\n/
        .exec(run.stdout);
    assert.ok(passed !== null, run.stdout);
    // Three answered, then each stalled one cut at 200 ms: far fewer than 30 within 1.5 s.
    const sent = Number(passed[1]);
    assert.ok(sent >= 4 && sent < 30, `${sent} sent`);
    assert.equal(asked, sent);
    assert.ok(!run.stdout.includes(KEY) && !run.stderr.includes(KEY));
  } finally {
    end();
    await server.shutdown();
  }
});

Deno.test("ecos doctor --help names the time limits and their defaults", async () => {
  const run = await ecos(["doctor", "--help"], {});
  assert.equal(run.code, 0);
  assert.match(run.stdout, /--timeout MS +how long one request may take \(default 20000\)/);
  assert.match(
    run.stdout,
    /--deadline MS +how long the whole check may take \(default 120000\); then it\n +reports what it saw\n/,
  );
});
