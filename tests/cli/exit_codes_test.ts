import assert from "node:assert/strict";
import { startEcosServer } from "../../src/server/mod.ts";
import { ecos, envFor, KEY, tempDir } from "./_cli.ts";

/** stderr holds exactly one line, of the given shape, with no stack and no key. */
function assertOneLine(stderr: string, shape: RegExp, secrets: string[]): void {
  assert.ok(stderr.endsWith("\n"), JSON.stringify(stderr));
  const lines = stderr.slice(0, -1).split("\n");
  assert.equal(lines.length, 1, stderr);
  assert.match(lines[0]!, shape);
  assert.doesNotMatch(stderr, /\bat .*:\d+:\d+|\.ts:\d+/);
  for (const secret of secrets) assert.ok(!stderr.includes(secret), `stderr shows ${secret}`);
}

const SEARCH = ["search", "722Y001", "M", "202301", "202312", "0101000"];

Deno.test("exit 0: the result, nothing on stderr", async () => {
  await using server = await startEcosServer({ keys: [KEY] });
  const run = await ecos(SEARCH, { env: envFor(server) });
  assert.equal(run.code, 0);
  assert.equal(run.stderr, "");
  assert.notEqual(run.stdout, "");
});

Deno.test("exit 0: a range with no data is said on stderr, with nothing on stdout", async () => {
  await using server = await startEcosServer({ keys: [KEY] });
  const run = await ecos(["search", "722Y001", "M", "203001", "203012", "0101000"], {
    env: envFor(server),
  });
  assert.equal(run.code, 0);
  assert.equal(run.stdout, "");
  assert.equal(run.stderr, "No rows matched ecos search 722Y001 M 203001 203012 0101000\n");
});

Deno.test("exit 1: a search by text that matches nothing, as grep does, saying what and in which language", async () => {
  await using server = await startEcosServer({ keys: [KEY] });
  const none = await ecos(["tables", "no such table at all"], { env: envFor(server) });
  assert.equal(none.code, 1);
  assert.equal(none.stdout, "");
  assert.equal(
    none.stderr,
    `No table's English name holds every word of "no such table at all": try fewer or other ` +
      "words, or --lang kr\n",
  );
});

Deno.test("exit 1: a key the service refuses is one line with its code, without the key", async () => {
  await using server = await startEcosServer({ keys: [KEY] });
  const wrong = "wrong-key-5b1e0c77";
  const run = await ecos(SEARCH, { env: { ECOS_API_KEY: wrong, ECOS_BASE_URL: server.url } });
  assert.equal(run.code, 1);
  assert.equal(run.stdout, "");
  assertOneLine(
    run.stderr,
    /^ecos: INFO-100: Check the API key \(ECOS_API_KEY\), or apply for one at ecos\.bok\.or\.kr: StatisticSearch answered INFO-100/,
    [wrong, KEY],
  );
});

Deno.test("exit 1: a table code that does not exist is UNKNOWN_CODE", async () => {
  await using server = await startEcosServer({ keys: [KEY] });
  const run = await ecos(["search", "777Y777", "M", "202301", "202312"], { env: envFor(server) });
  assert.equal(run.code, 1);
  assertOneLine(run.stderr, /^ecos: UNKNOWN_CODE: 777Y777 is not a table code/, [KEY]);
});

Deno.test("exit 1: a service that cannot be reached is TRANSPORT, after the retries", async () => {
  const closed = await startEcosServer();
  const url = closed.url;
  await closed.close();
  const run = await ecos(["keystats"], { env: { ECOS_API_KEY: KEY, ECOS_BASE_URL: url } });
  assert.equal(run.code, 1);
  assertOneLine(
    run.stderr,
    /^ecos: TRANSPORT: Could not reach the service; check the network and baseUrl: /,
    [KEY],
  );
});

Deno.test("exit 1: a file that cannot be written is OUTPUT", async () => {
  await using server = await startEcosServer({ keys: [KEY] });
  await using dir = await tempDir();
  await Deno.mkdir(`${dir.path}/taken.csv`); // a directory where the file should go
  const run = await ecos([...SEARCH, "--out", `${dir.path}/taken.csv`], { env: envFor(server) });
  assert.equal(run.code, 1);
  assertOneLine(run.stderr, /^ecos: OUTPUT: Could not write .*taken\.csv; check the path/, [KEY]);
});

Deno.test("exit 2: a bad flag prints the message and where the help is, not the help; nothing is sent", async (t) => {
  await using server = await startEcosServer({ keys: [KEY] });
  const env = envFor(server);
  const cases: [string[], string, string][] = [
    [
      [...SEARCH, "--colour"],
      'ecos: Use an option that ecos search --help lists: got "--colour"',
      "search",
    ],
    [
      ["keystats", "--rows=-1"],
      'ecos: Give --rows a whole number, 0 or more: got "-1"',
      "keystats",
    ],
    [
      ["keystats", "--rows", "-1"],
      'ecos: Write --rows=VALUE for a value that starts with "-": got --rows followed by a flag',
      "keystats",
    ],
    [["keystats", "--out"], "ecos: Give -o, --out a value: got none", "keystats"],
    [
      ["keystats", "--excel=yes"],
      "ecos: Give --excel no value: it is a switch",
      "keystats",
    ],
    [
      ["keystats", "--format", "csv"],
      'ecos: Use --format json or xml: got "csv"',
      "keystats",
    ],
    [["keystats", "--lang", "jp"], 'ecos: Use --lang kr or en: got "jp"', "keystats"],
    [
      ["keystats", "extra"],
      'ecos: Remove the extra argument: got "extra"',
      "keystats",
    ],
    [
      ["search", "722Y001", "M", "202301"],
      "ecos: Give <end> (ecos search <stat> <cycle> <start> <end> [items...]): got 3 arguments",
      "search",
    ],
    [
      ["items"],
      "ecos: Give <stat> (ecos items <stat> [pattern...]): got 0 arguments",
      "items",
    ],
    [
      ["series", "gold"],
      'ecos: Use a known series name: got "gold"; known: base_rate, call_rate, cd_91d, ktb_3y, ktb_5y, ' +
      "ktb_10y, corp_aa_3y, usd_krw, jpy_krw, eur_krw, cny_krw, cpi, core_cpi, ppi, gdp_growth, " +
      "gdp_real, gdp_nominal, gni, current_account, exports, imports, m1, m2, lf, " +
      "household_credit, employed, unemployment_rate, industrial_production, house_prices, bsi, " +
      "csi, esi, esi_cyclical",
      "series",
    ],
    [
      ["series", "base_rte"],
      'ecos: Use a known series name: got "base_rte"; did you mean base_rate? (ecos series ' +
      "--help lists them)",
      "series",
    ],
    [
      ["frobnicate"],
      'ecos: Use a command that ecos --help lists: got "frobnicate"',
      "ecos",
    ],
    [
      ["serach", "722Y001", "M", "202301", "202312"],
      'ecos: Use a command that ecos --help lists: got "serach"; did you mean search?',
      "ecos",
    ],
    [
      ["help", "mirorr"],
      'ecos: Use a command that ecos --help lists: got "mirorr"; did you mean mirror?',
      "ecos",
    ],
    [
      ["keystats", "--lnag", "en"],
      'ecos: Use an option that ecos keystats --help lists: got "--lnag"; did you mean --lang?',
      "keystats",
    ],
    [
      ["keystats", "--no-cahce"],
      'ecos: Use an option that ecos keystats --help lists: got "--no-cahce"; did you mean ' +
      "--no-cache?",
      "keystats",
    ],
    [
      ["keystats", "--out", "-", "--as", "cvs"],
      'ecos: Use --as csv, json, ndjson, parquet or xlsx: got "cvs"; did you mean csv?',
      "keystats",
    ],
    [
      ["keystats", "--as", "json"],
      "ecos: Use --as with --out FILE or --out -: got no --out",
      "keystats",
    ],
    [
      ["keystats", "--out", "rows.xls"],
      "ecos: Name the --out file .csv, .parquet, .json, .ndjson or .xlsx, or give --as: got " +
      '"rows.xls"',
      "keystats",
    ],
    [
      ["keystats", "--out", "-", "--as", "json", "--excel"],
      'ecos: Use --excel with --out FILE.csv (or --as csv): got "-" --as json',
      "keystats",
    ],
    [
      ["--no-cache", "keystats"],
      'ecos: Put the command first, then its options: got "--no-cache"',
      "ecos",
    ],
    [[], "ecos: Give a command", "ecos"],
    [
      ["mirror", "--colour"],
      'ecos: Use an option that ecos mirror --help lists: got "--colour"',
      "mirror",
    ],
    [
      ["cache", "--colour"],
      'ecos: Use an option that ecos cache --help lists: got "--colour"',
      "cache",
    ],
    [
      ["serve", "--colour"],
      'ecos: Use an option that ecos serve --help lists: got "--colour"',
      "serve",
    ],
    [
      ["help", "frobnicate"],
      'ecos: Use a command that ecos --help lists: got "frobnicate"',
      "ecos",
    ],
    [
      ["cache", "purge"],
      'ecos: Give cache info or cache clear: got "purge"',
      "cache",
    ],
    [
      ["serve", "--port", "eighty"],
      'ecos: Give --port a whole number: got "eighty"',
      "serve",
    ],
  ];
  for (const [args, line, help] of cases) {
    await t.step(args.join(" ") || "(nothing)", async () => {
      const run = await ecos(args, { env });
      assert.equal(run.code, 2);
      assert.equal(run.stdout, "");
      const hint = help === "ecos"
        ? 'Run "ecos --help" for the list of commands'
        : `Run "ecos ${help} --help" for its arguments and an example`;
      assert.equal(run.stderr, `${line}\n${hint}\n`);
      assert.equal(server.stats.total, 0);
    });
  }
});

Deno.test("exit 2: an argument the client refuses (INVALID_ARGUMENT) is refused before anything is sent", async (t) => {
  await using server = await startEcosServer({ keys: [KEY] });
  const cases: [string[], RegExp][] = [
    [
      ["search", "722Y001", "M", "2023", "2024"],
      /^ecos: INVALID_ARGUMENT: Write start as YYYYMM \(e\.g\. 202305\) for cycle M: got "2023"$/,
    ],
    [["search", "722Y001", "W", "2023", "2024"], /^ecos: INVALID_ARGUMENT: .*"W"/],
    [
      ["search", "722Y001", "M", "202412", "202401"],
      /^ecos: INVALID_ARGUMENT: Put start before end/,
    ],
    [
      ["search", "722Y001", "M", "202301", "202312", "a", "b", "c", "d", "e"],
      /^ecos: INVALID_ARGUMENT: .*4 item codes/,
    ],
    [
      ["series", "cpi", "2024Q1"],
      /^ecos: INVALID_ARGUMENT: Use a cycle cpi is published in \(M, A\): got Q$/,
    ],
    [["items", "7/22"], /^ecos: INVALID_ARGUMENT: /],
    [["word", "a/b"], /^ecos: INVALID_ARGUMENT: Remove "\/" from word$/],
  ];
  for (const [args, line] of cases) {
    await t.step(args.join(" "), async () => {
      for (const env of [envFor(server), {}]) {
        const run = await ecos(args, { env });
        assert.equal(run.code, 2);
        assert.equal(run.stdout, "");
        const lines = run.stderr.trimEnd().split("\n");
        // No notice: with no key, the bundled server is not even started.
        assert.equal(lines.length, 2, run.stderr);
        assert.match(lines[0]!, line);
        assert.equal(lines[1], `Run "ecos ${args[0]} --help" for its arguments and an example`);
      }
      assert.equal(server.stats.total, 0);
    });
  }
});

Deno.test("exit 2: an option the client refuses, such as a malformed ECOS_BASE_URL", async () => {
  const run = await ecos(["keystats"], { env: { ECOS_API_KEY: KEY, ECOS_BASE_URL: "ftp://x" } });
  assert.equal(run.code, 2);
  assert.match(run.stderr, /^ecos: INVALID_ARGUMENT: Use an http\(s\) URL/);
  assert.ok(!run.stderr.includes(KEY));
});

Deno.test("exit 130: the signal stops a pull, which says Interrupted", async () => {
  await using server = await startEcosServer({ keys: [KEY], latencyMs: 5_000 });
  const stop = new AbortController();
  const timer = setTimeout(() => stop.abort(new Error("Interrupted")), 200);
  try {
    const run = await ecos(SEARCH, { env: envFor(server), signal: stop.signal, isTTY: true });
    assert.equal(run.code, 130);
    assert.equal(run.stdout, "");
    assert.equal(run.stderr, "ecos: Interrupted\n");
  } finally {
    clearTimeout(timer);
  }
});
