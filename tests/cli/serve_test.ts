import assert from "node:assert/strict";
import { main } from "../../src/cli.ts";
import { SERVER_DATA_NOTICE } from "../../src/server/mod.ts";
import { parseServeArgs, SERVE_FLAGS } from "../../src/server/cli.ts";
import { ecos, tempDir } from "./_cli.ts";

/** Starts `ecos serve` in this process; resolves with its URL once it listens. */
function serve(args: string[], env: Record<string, string> = {}) {
  const stop = new AbortController();
  let stdout = "";
  let stderr = "";
  let listening!: (url: string) => void;
  const url = new Promise<string>((resolve) => (listening = resolve));
  const done = main(["serve", "--port", "0", ...args], {
    env,
    isTTY: false,
    signal: stop.signal,
    stdout: (text) => {
      stdout += text;
      const m = /listening at (\S+)/.exec(text);
      if (m) listening(m[1]!);
    },
    stderr: (text) => (stderr += text),
  });
  return {
    url,
    async stop() {
      stop.abort();
      return { code: await done, stdout, stderr };
    },
  };
}

async function keyAnswer(url: string, key: string): Promise<string> {
  const res = await fetch(`${url}/KeyStatisticList/${key}/json/kr/1/1`);
  const body = await res.json();
  return body.RESULT?.CODE ?? "ok";
}

Deno.test("ecos serve prints its URL and the notice, serves the keys it is given, stops on the signal", async () => {
  await using dir = await tempDir();
  const keysFile = `${dir.path}/keys.txt`;
  await Deno.writeTextFile(keysFile, "# keys\nfile-key\n\n");
  const server = serve(["--keys", "flag-key", "--keys-file", keysFile], {
    ECOS_SERVER_KEYS: "env-key",
  });
  const url = await server.url;
  assert.match(url, /^http:\/\/127\.0\.0\.1:\d+\/api$/);
  for (const key of ["flag-key", "env-key", "file-key", "sample"]) {
    assert.equal(await keyAnswer(url, key), "ok", key);
  }
  assert.equal(await keyAnswer(url, "other-key"), "INFO-100");
  const { code, stdout, stderr } = await server.stop();
  assert.equal(code, 0);
  assert.equal(stderr, "");
  assert.equal(
    stdout,
    `ECOS sample server listening at ${url}\n${SERVER_DATA_NOTICE}\n` +
      `Try: ${url}/KeyStatisticList/sample/json/kr/1/10\nStopped.\n`,
  );
  await assert.rejects(fetch(`${url}/KeyStatisticList/sample/json/kr/1/1`));
});

Deno.test("ecos serve takes the server's flags", async () => {
  const server = serve(["--dialect", "spec", "--xml-style", "bare", "--work-limit", "100"]);
  const url = await server.url;
  const res = await fetch(`${url}/KeyStatisticList/sample/xml/kr/1/1`);
  assert.match(await res.text(), /^<KeyStatisticList>/);
  const big = await fetch(`${url}/StatisticSearch/sample/json/kr/1/10/722Y001/D/20200101/20201231`);
  assert.equal((await big.json()).RESULT.CODE, "ERROR-400");
  assert.equal((await server.stop()).code, 0);
});

Deno.test("ecos serve refuses bad flags with exit 2 and where its help is", async (t) => {
  const cases: [string[], RegExp][] = [
    [["--port", "eighty"], /^ecos: Give --port a whole number: got "eighty"\n/],
    [["--dialect", "old"], /^ecos: Give --dialect live or spec: got "old"\n/],
    [["--colour"], /^ecos: Use an option that ecos serve --help lists: got "--colour"\n/],
    [["stray"], /^ecos: Remove the extra argument: got "stray"\n/],
    [
      ["--keys-file", "/nonexistent/keys.txt"],
      /^ecos: Cannot read --keys-file \/nonexistent\/keys\.txt/,
    ],
  ];
  for (const [args, line] of cases) {
    await t.step(args.join(" "), async () => {
      const run = await ecos(["serve", ...args]);
      assert.equal(run.code, 2);
      assert.equal(run.stdout, "");
      assert.match(run.stderr, line);
      assert.ok(
        run.stderr.endsWith('\nRun "ecos serve --help" for its arguments and an example\n'),
        run.stderr,
      );
    });
  }
});

Deno.test("ecos serve and the server's own entry read the same declared flags", async () => {
  const run = await ecos(["serve", "--help"]);
  assert.equal(run.code, 0);
  const sources = { env: () => undefined, readTextFile: () => "file-key\n" };
  const names = Object.values(SERVE_FLAGS).map((f) => f.name);
  assert.ok(names.length >= 14, names.join(" "));
  for (const [key, flag] of Object.entries(SERVE_FLAGS)) {
    assert.ok(run.stdout.includes(`\n  --${flag.name} ${flag.value} `), flag.name);
    // The server's entry takes the flag, and sets the option it is keyed by.
    const sample = SAMPLE_VALUES[flag.name];
    assert.ok(sample !== undefined, `Add a sample value of --${flag.name}`);
    const options = parseServeArgs([`--${flag.name}=${sample}`], sources);
    assert.ok(options !== "help");
    const option = key === "keysFile" ? "keys" : key;
    assert.ok(Object.hasOwn(options, option), `--${flag.name} sets ${option}`);
  }
  assert.ok(
    run.stdout.includes("\nEnvironment:\n  ECOS_SERVER_KEYS  more keys, comma-separated\n"),
  );
  // A flag neither declares is refused by both.
  assert.throws(() => parseServeArgs(["--colour"], sources), TypeError);
});

Deno.test("ecos serve refuses a value the server refuses with exit 2 and where its help is", async () => {
  const run = await ecos(["serve", "--port", "0", "--data-end", "2020-01-01"]);
  assert.equal(run.code, 2);
  assert.equal(run.stdout, "");
  assert.match(run.stderr, /^ecos: Cannot end the data on 2020-01-01: use a date from 2024-01-01/);
  assert.ok(
    run.stderr.endsWith('\nRun "ecos serve --help" for its arguments and an example\n'),
    run.stderr,
  );
});

/** A value each of the server's flags accepts. */
const SAMPLE_VALUES: Readonly<Record<string, string>> = {
  port: "0",
  hostname: "0.0.0.0",
  keys: "a,b",
  "keys-file": "/keys.txt",
  latency: "25",
  "rate-limit": "300/180000",
  "work-limit": "40000",
  dialect: "spec",
  "xml-style": "bare",
  "header-timeout": "2000",
  "idle-timeout": "9000",
  "write-timeout": "5000",
  seed: "-3",
  "data-end": "2026-12-31",
  revision: "2",
};
