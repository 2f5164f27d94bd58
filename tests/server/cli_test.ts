import assert from "node:assert/strict";
import {
  DEFAULT_CLI_PORT,
  KEYS_ENV,
  parseServeArgs,
  type ServeArgsSources,
} from "../../src/server/cli.ts";
import { SAMPLE_KEY } from "../../src/server/mod.ts";
import { page, requestJson } from "../testdata/server/http.ts";

/** An environment and file system with nothing in them but what a test puts there. */
function sources(env: Record<string, string> = {}, files: Record<string, string> = {}) {
  return {
    env: (name: string) => env[name],
    readTextFile: (path: string) => {
      const text = files[path];
      if (text === undefined) throw new Deno.errors.NotFound(`No such file: ${path}`);
      return text;
    },
  } satisfies ServeArgsSources;
}

const CLI = new URL("../../src/server/cli.ts", import.meta.url).pathname;

/** Starts the CLI on a free port and reads its output until it listens. */
async function spawnCli(args: string[], env: Record<string, string> = {}) {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", CLI, "--port", "0", ...args],
    env,
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  let text = "";
  while (!text.includes("not official statistics")) {
    const { value, done } = await reader.read();
    if (done) break;
    text += value;
  }
  const url = /listening at (\S+)/.exec(text)?.[1];
  /** Stops the CLI with SIGINT and returns its exit code and whole output. */
  const stop = async () => {
    child.kill("SIGINT");
    while (true) {
      const { value, done } = await reader.read();
      if (done) break;
      text += value;
    }
    const status = await child.status;
    await child.stderr.cancel();
    return { code: status.code, text };
  };
  return { url, text, stop };
}

Deno.test("parseServeArgs() reads every flag", () => {
  assert.deepEqual(parseServeArgs([], sources()), { port: DEFAULT_CLI_PORT });
  assert.deepEqual(
    parseServeArgs([
      "--port",
      "0",
      "--hostname",
      "0.0.0.0",
      "--keys",
      "a, b,,c",
      "--latency",
      "25",
      "--rate-limit",
      "300/180000",
      "--work-limit",
      "40000",
      "--dialect",
      "spec",
      "--xml-style",
      "bare",
      "--header-timeout",
      "2000",
      "--idle-timeout",
      "9000",
      "--write-timeout",
      "5000",
    ], sources()),
    {
      port: 0,
      hostname: "0.0.0.0",
      keys: ["a", "b", "c"],
      latencyMs: 25,
      rateLimit: { requests: 300, windowMs: 180_000 },
      workLimit: 40_000,
      dialect: "spec",
      xmlStyle: "bare",
      headerTimeoutMs: 2000,
      idleTimeoutMs: 9000,
      writeTimeoutMs: 5000,
    },
  );
  assert.equal(parseServeArgs(["--help"], sources()), "help");
  assert.equal(parseServeArgs(["-h"], sources()), "help");
});

Deno.test("parseServeArgs() refuses malformed flags", () => {
  for (
    const args of [
      ["--port", "eighty"],
      ["--rate-limit", "300"],
      ["--dialect", "old"],
      ["--xml-style", "pretty"],
      ["--header-timeout", "soon"],
      ["--latency", "-1"],
      ["--unknown"],
      ["stray"],
    ]
  ) {
    assert.throws(() => parseServeArgs(args, sources()), TypeError, args.join(" "));
  }
});

Deno.test("parseServeArgs() reads keys from ECOS_SERVER_KEYS, comma-separated", () => {
  const env = { [KEYS_ENV]: " env-1, env-2 ,," };
  assert.deepEqual(parseServeArgs([], sources(env)), {
    port: DEFAULT_CLI_PORT,
    keys: ["env-1", "env-2"],
  });
  // With --keys too, both count; a key given twice is kept once.
  assert.deepEqual(parseServeArgs(["--keys", "flag,env-1"], sources(env)), {
    port: DEFAULT_CLI_PORT,
    keys: ["flag", "env-1", "env-2"],
  });
  assert.deepEqual(parseServeArgs([], sources({ [KEYS_ENV]: "" })), { port: DEFAULT_CLI_PORT });
});

Deno.test("parseServeArgs() reads keys from --keys-file: one a line, # comments, blank lines", () => {
  const file = "# keys for the team\nalpha\n\n  beta 2  \r\n#gamma\ndelta\n";
  assert.deepEqual(
    parseServeArgs(["--keys-file", "/keys.txt"], sources({}, { "/keys.txt": file })),
    { port: DEFAULT_CLI_PORT, keys: ["alpha", "beta 2", "delta"] },
  );
  assert.deepEqual(
    parseServeArgs(
      ["--keys", "flag", "--keys-file", "/k"],
      sources({ [KEYS_ENV]: "env" }, { "/k": "file" }),
    ),
    { port: DEFAULT_CLI_PORT, keys: ["flag", "env", "file"] },
  );
});

Deno.test("parseServeArgs() names an unreadable keys file", () => {
  assert.throws(
    () => parseServeArgs(["--keys-file", "/nowhere/keys.txt"], sources()),
    (e: Error) => e instanceof TypeError && e.message.startsWith("Cannot read --keys-file"),
  );
});

Deno.test("the CLI prints its URL and the data notice, serves the live dialect, and stops on SIGINT", async () => {
  const cli = await spawnCli([]);
  assert.ok(cli.url, cli.text);
  assert.match(cli.url, /^http:\/\/127\.0\.0\.1:\d+\/api$/);
  const keys = await page({ url: cli.url }, {
    service: "KeyStatisticList",
    key: SAMPLE_KEY,
    end: 1,
  });
  assert.equal(keys.total, 101);
  const { code, text } = await cli.stop();
  assert.equal(code, 0);
  assert.match(text, /Stopped\./);
});

Deno.test("the CLI accepts keys from ECOS_SERVER_KEYS and from --keys-file", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const file = `${dir}/keys.txt`;
    await Deno.writeTextFile(file, "# one key a line\nfile-key-9c1\n");
    const cli = await spawnCli(["--keys-file", file], { [KEYS_ENV]: "env-key-4d2" });
    assert.ok(cli.url, cli.text);
    try {
      const target = { url: cli.url };
      const query = { service: "KeyStatisticList", end: 20 };
      for (const key of ["env-key-4d2", "file-key-9c1"]) {
        // Beyond the sample key's 10 rows: the key is accepted as a configured one.
        const body = await requestJson(target, { ...query, key });
        assert.equal(body.KeyStatisticList?.row_count, 20, key);
      }
      const other = await requestJson(target, { ...query, key: "not-a-key" });
      assert.equal(other.RESULT.CODE, "INFO-100");
    } finally {
      assert.equal((await cli.stop()).code, 0);
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("parseServeArgs() reads the data options --seed, --data-end and --revision", () => {
  assert.deepEqual(
    parseServeArgs(["--seed", "42", "--data-end", "2026-12-31", "--revision", "2"], sources()),
    { port: DEFAULT_CLI_PORT, seed: 42, dataEnd: "2026-12-31", revision: 2 },
  );
  assert.deepEqual(parseServeArgs(["--seed=-3"], sources()), { port: DEFAULT_CLI_PORT, seed: -3 });
  for (
    const args of [
      ["--seed", "1.5"],
      ["--seed", "seven"],
      ["--data-end", "20261231"],
      ["--data-end", "2026-12"],
      ["--revision", "-1"],
      ["--revision", "one"],
    ]
  ) {
    assert.throws(() => parseServeArgs(args, sources()), TypeError, args.join(" "));
  }
});

Deno.test("the CLI serves the data options it is given and names them", async () => {
  const cli = await spawnCli(["--seed", "7", "--data-end", "2026-12-31", "--revision", "1"]);
  assert.ok(cli.url, cli.text);
  try {
    const items = await page({ url: cli.url }, {
      service: "StatisticItemList",
      key: SAMPLE_KEY,
      args: ["901Y009"],
    });
    assert.equal(items.rows[0].END_TIME, "202611");
  } finally {
    const { code, text } = await cli.stop();
    assert.equal(code, 0);
    assert.match(text, /Data: seed 7, ending 2026-12-31, revision 1/);
  }
});

Deno.test("the CLI refuses a data end out of range with its usage, exit code 2", async () => {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", CLI, "--port", "0", "--data-end", "2020-01-01"],
    stdout: "piped",
    stderr: "piped",
  }).output();
  assert.equal(out.code, 2);
  const err = new TextDecoder().decode(out.stderr);
  assert.match(err, /^Cannot end the data on 2020-01-01: use a date from 2024-01-01 to 2099-12-31/);
  assert.match(err, /--data-end DATE/);
});
