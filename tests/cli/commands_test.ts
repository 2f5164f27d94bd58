import assert from "node:assert/strict";
import { startEcosServer } from "../../src/server/mod.ts";
import { USAGE } from "../../src/cli.ts";
import { COMMANDS } from "../../src/cli/registry.ts";
import { ecos, envFor, KEY, NOTICE } from "./_cli.ts";

/** The rows of a drawn table (not its header, caption or borders). */
const tableRows = (stdout: string) => stdout.split("\n").filter((l) => l.startsWith("│ ")).slice(1);

Deno.test("ecos search draws the values, with the names that do not vary as a caption", async () => {
  await using server = await startEcosServer({ keys: [KEY] });
  const run = await ecos(["search", "722Y001", "M", "202301", "202312", "0101000"], {
    env: envFor(server),
  });
  assert.equal(run.code, 0, run.stderr);
  assert.equal(run.stderr, "");
  assert.ok(
    run.stdout.startsWith(
      "STAT_CODE: 722Y001\nSTAT_NAME: 한국은행 기준금리 및 여수신금리\nITEM_CODE1: 0101000\n",
    ),
  );
  const rows = tableRows(run.stdout);
  assert.equal(rows.length, 12);
  assert.match(rows[0]!, /^│ 2023-01-01 ┆ 202301 ┆ [\d.]+ +│$/);
  assert.deepEqual(server.stats.byService, { StatisticSearch: 1 });
});

Deno.test("ecos search without item codes pulls every item; the cycle may be lower case", async () => {
  await using server = await startEcosServer({ keys: [KEY] });
  const run = await ecos(["search", "722Y001", "a", "2023", "2023"], { env: envFor(server) });
  assert.equal(run.code, 0, run.stderr);
  assert.match(run.stdout, /ITEM_CODE1/);
  assert.ok(tableRows(run.stdout).length > 1);
  assert.deepEqual(server.stats.requests[0]?.args, ["722Y001", "A", "2023", "2023"]);
});

Deno.test("ecos series pulls a recent range by default, from a start to today, or a range", async (t) => {
  await using server = await startEcosServer({ keys: [KEY] });
  const now = () => new Date("2024-06-15T12:00:00Z");
  const cases: [string[], string[]][] = [
    [["base_rate"], ["722Y001", "M", "202207", "202406", "0101000"]],
    [["gdp_growth"], ["200Y102", "Q", "2021Q3", "2024Q2", "10111"]],
    [["usd_krw"], ["731Y001", "D", "20240318", "20240615", "0000001"]],
    [["base_rate", "202401"], ["722Y001", "M", "202401", "202406", "0101000"]],
    [["base_rate", "2020"], ["722Y001", "A", "2020", "2024", "0101000"]],
    [["cpi", "202301", "202312"], ["901Y009", "M", "202301", "202312", "0"]],
  ];
  for (const [args, sent] of cases) {
    await t.step(args.join(" "), async () => {
      server.stats.reset();
      const run = await ecos(["series", ...args], { env: envFor(server), now });
      assert.equal(run.code, 0, run.stderr);
      assert.deepEqual(server.stats.requests[0]?.args, sent);
      assert.match(run.stdout, new RegExp(`STAT_CODE: ${sent[0]}`));
    });
  }
});

Deno.test("ecos keystats draws every key statistic", async () => {
  await using server = await startEcosServer({ keys: [KEY] });
  const run = await ecos(["keystats"], { env: envFor(server) });
  assert.equal(run.code, 0, run.stderr);
  assert.match(
    run.stdout,
    /│ CLASS_NAME ┆ KEYSTAT_NAME +┆ DATA_VALUE ┆ CYCLE +┆ TIME +┆ UNIT_NAME +│/,
  );
  assert.equal(tableRows(run.stdout).length, 101);
  assert.equal(run.stderr, "");
});

Deno.test("--rows limits the rows drawn and says so on stderr; 0 draws them all", async () => {
  await using server = await startEcosServer({ keys: [KEY] });
  const limited = await ecos(["keystats", "--rows", "10"], { env: envFor(server) });
  assert.equal(tableRows(limited.stdout).length, 10);
  assert.equal(
    limited.stderr,
    "Showing 10 of 101 rows: --rows 0 shows them all, --out FILE writes them all\n",
  );
  const all = await ecos(["keystats", "--rows", "0"], { env: envFor(server) });
  assert.equal(tableRows(all.stdout).length, 101);
  assert.equal(all.stderr, "");
});

Deno.test("ecos tables finds tables by English or Korean words, or lists them all", async (t) => {
  await using server = await startEcosServer({ keys: [KEY] });
  const env = envFor(server);
  await t.step("English words: the English list", async () => {
    const run = await ecos(["tables", "base", "rate"], { env });
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /722Y001 +┆ Bank of Korea Base Rate/);
    assert.equal(server.stats.requests.at(-1)?.language, "en");
  });
  await t.step("Korean words: the Korean list", async () => {
    const run = await ecos(["tables", "소비자물가"], { env });
    assert.match(run.stdout, /901Y009 +┆ 소비자물가지수/);
    assert.equal(server.stats.requests.at(-1)?.language, "kr");
  });
  await t.step("no words: every searchable table, in Korean unless --lang says", async () => {
    const kr = await ecos(["tables"], { env });
    assert.ok(tableRows(kr.stdout).length >= 10);
    assert.match(kr.stdout, /722Y001 +┆ 한국은행 기준금리/);
    const cycles = tableRows(kr.stdout).map((row) => row.split("┆")[2]?.trim());
    assert.ok(cycles.every((c) => c !== "" && c !== "null"), "groups (no cycle) are not listed");
    const en = await ecos(["tables", "--lang", "en"], { env });
    assert.match(en.stdout, /722Y001 +┆ Bank of Korea Base Rate/);
  });
});

Deno.test("ecos tables puts the right table first for CPI and 가계부채, across the whole catalogue", async () => {
  await using server = await startEcosServer({ keys: [KEY] });
  const env = envFor(server);
  const cpi = await ecos(["tables", "CPI"], { env });
  assert.equal(cpi.code, 0, cpi.stderr);
  assert.match(tableRows(cpi.stdout)[0] ?? "", /^│ 901Y009 +┆ Consumer Price Indices/);
  const debt = await ecos(["tables", "가계부채"], { env });
  assert.match(tableRows(debt.stdout)[0] ?? "", /^│ 151Y001 +┆ 가계신용\(업권별, 분기\)/);
  // Tables under 1.6. 차주별 가계부채 are found by their group, after the concept's.
  const all = await ecos(["tables", "가계부채", "--rows", "0"], { env });
  assert.ok(tableRows(all.stdout).some((row) => row.startsWith("│ 181Y001 ")));
  // The whole catalogue: every searchable table of the snapshot and the two sample tables.
  const every = await ecos(["tables", "--rows", "0"], { env });
  assert.equal(tableRows(every.stdout).length, 611);
});

Deno.test("ecos tables that finds nothing says the close words and the named series that fit", async () => {
  await using server = await startEcosServer({ keys: [KEY] });
  const run = await ecos(["tables", "inflaton"], { env: envFor(server) });
  assert.equal(run.code, 1);
  assert.equal(
    run.stderr,
    `No table's English name holds every word of "inflaton": try fewer or other ` +
      "words, or --lang kr; close words: inflation; named series: cpi, core_cpi (ecos series " +
      "NAME)\n",
  );
});

Deno.test("ecos search of a catalogue table without sample data says the bundled server's data needs a key", async () => {
  const run = await ecos(["search", "102Y001", "M", "202001", "202012"], { env: {} });
  assert.equal(run.code, 1);
  assert.match(
    run.stderr,
    /\necos: UNKNOWN_CODE: 102Y001 is an ECOS table, but the bundled server has sample data for 28 tables only: set ECOS_API_KEY to a key of your own to query it\n/,
  );
  const typo = await ecos(["search", "102Y00", "M", "202001", "202012"], { env: {} });
  assert.match(typo.stderr, /102Y00 is not a table code; did you mean 102Y004\?/);
});

Deno.test("ecos items lists a table's items, filtered by words of the name or code", async () => {
  await using server = await startEcosServer({ keys: [KEY] });
  const env = envFor(server);
  const found = await ecos(["items", "901Y009", "all", "items", "--lang", "en"], { env });
  assert.equal(found.code, 0, found.stderr);
  assert.match(found.stdout, /ITEM_CODE: 0\n/);
  assert.match(found.stdout, /ITEM_NAME: All items\n/);
  const all = await ecos(["items", "901Y009"], { env });
  assert.match(all.stdout, /┆ 총지수 /);
  assert.ok(tableRows(all.stdout).length > 10);
});

Deno.test("ecos word and ecos meta look up the glossary and the metadata", async () => {
  await using server = await startEcosServer({ keys: [KEY] });
  const env = envFor(server);
  const word = await ecos(["word", "소비자물가지수"], { env });
  assert.equal(word.code, 0, word.stderr);
  assert.match(word.stdout, /│ 소비자물가지수 ┆ .*기준연도/);
  const meta = await ecos(["meta", "경제심리지수"], { env });
  assert.equal(meta.code, 0, meta.stderr);
  assert.match(meta.stdout, /통계명 +┆ 경제심리지수/);
  await ecos(["word", "소비자", "물가"], { env });
  assert.deepEqual(server.stats.requests.at(-1)?.args, ["소비자 물가"]);
});

Deno.test("--format, --lang and --page-size shape the requests; the table is the same", async () => {
  await using server = await startEcosServer({ keys: [KEY] });
  const env = envFor(server);
  const args = ["search", "722Y001", "M", "202301", "202312", "0101000"];
  const json = await ecos(args, { env });
  server.stats.reset();
  const xml = await ecos([...args, "--format", "xml", "--page-size", "5"], { env });
  assert.equal(xml.code, 0, xml.stderr);
  assert.equal(xml.stdout, json.stdout);
  assert.deepEqual(
    server.stats.requests.map((r) => [r.format, r.startNo, r.endNo]),
    [["xml", 1, 5], ["xml", 6, 10], ["xml", 11, 12]],
  );
  const en = await ecos([...args, "--lang", "en"], { env });
  assert.match(en.stdout, /STAT_NAME: Bank of Korea Base Rate/);
  assert.equal(server.stats.requests.at(-1)?.language, "en");
});

Deno.test("--concurrency bounds the requests in flight", async () => {
  await using server = await startEcosServer({ keys: [KEY], latencyMs: 30 });
  const env = envFor(server);
  const args = ["search", "722Y001", "M", "202001", "202412", "0101000", "--page-size", "5"];
  const one = await ecos([...args, "--concurrency", "1"], { env });
  assert.equal(one.code, 0, one.stderr);
  assert.equal(server.stats.maxInFlight, 1);
  server.stats.reset();
  const four = await ecos([...args, "--concurrency", "4"], { env });
  assert.equal(four.stdout, one.stdout);
  assert.ok(server.stats.maxInFlight > 1 && server.stats.maxInFlight <= 4);
});

Deno.test("without ECOS_API_KEY the bundled server answers, with the notice on stderr only", async () => {
  const run = await ecos(["series", "cpi", "202401", "202403"], { env: {} });
  assert.equal(run.code, 0, run.stderr);
  assert.equal(run.stderr, NOTICE);
  assert.doesNotMatch(run.stdout, /ECOS_API_KEY/);
  assert.equal(tableRows(run.stdout).length, 3);
});

Deno.test("--help on every command prints its usage and an example on stdout", async (t) => {
  for (const { name } of COMMANDS) {
    await t.step(name, async () => {
      for (const args of [[name, "--help"], [name, "-h"], ["help", name]]) {
        const run = await ecos(args);
        assert.equal(run.code, 0);
        assert.equal(run.stderr, "");
        assert.match(run.stdout, new RegExp(`^Usage: ecos ${name}`));
        assert.match(run.stdout, /\nExample:\n {2}(\S+=\S+ )?ecos /);
      }
    });
  }
});

Deno.test("ecos --help lists every command", async () => {
  for (const args of [["--help"], ["-h"], ["help"]]) {
    const run = await ecos(args);
    assert.equal(run.code, 0);
    assert.equal(run.stdout, `${USAGE}\n`);
  }
  for (
    const line of [
      "search <stat> <cycle> <start> <end> [items...]",
      "series <name> [start] [end]",
      "keystats",
      "tables [text...]",
      "items <stat> [pattern...]",
      "word <word...>",
      "meta <name...>",
      "mirror <stat>... --out DIR",
      "serve",
      "cache info|clear",
      "help [command]",
    ]
  ) {
    assert.ok(USAGE.includes(`\n  ${line} `), line);
  }
});
