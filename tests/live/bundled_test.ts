import assert from "node:assert/strict";
import {
  exitStatus,
  formatReport,
  LIVE_FACTS,
  LIVE_REQUESTS,
  runLiveCheck,
} from "../../src/live/mod.ts";
import { startEcosServer } from "../../src/server/mod.ts";
import { factsOf, KEY, KNOWN_DIFFERENCES, NOTED } from "./_known.ts";

Deno.test("runLiveCheck() against the bundled server: every fact agrees but the known differences", async () => {
  await using server = await startEcosServer({ keys: [KEY] });
  let sent = 0;
  const counting: typeof fetch = (input, init) => {
    sent++;
    return fetch(input, init);
  };
  const run = await runLiveCheck({ apiKey: KEY, baseUrl: server.url, fetch: counting });
  assert.equal(sent, 30);
  assert.equal(run.exchanges.length, 30);
  assert.equal(run.results.length, LIVE_FACTS.length);
  assert.equal(run.results.length, 50);
  assert.deepEqual(factsOf(run.results, "differ"), KNOWN_DIFFERENCES);
  assert.deepEqual(factsOf(run.results, "noted"), NOTED);
  assert.equal(exitStatus(run.results), 0);
});

Deno.test("runLiveCheck() sends each request of the list once, in order, and nothing else", async () => {
  await using server = await startEcosServer({ keys: [KEY] });
  const paths: string[] = [];
  const recording: typeof fetch = (input, init) => {
    paths.push(String(input).slice(server.url.length + 1));
    return fetch(input, init);
  };
  const run = await runLiveCheck({ apiKey: KEY, baseUrl: server.url, fetch: recording });
  assert.deepEqual(run.exchanges.map((e) => e.name), LIVE_REQUESTS.map((r) => r.name));
  assert.deepEqual(paths.map((p) => p.replaceAll(KEY, "***")), run.exchanges.map((e) => e.path));
  assert.equal(paths[0], `KeyStatisticList/${KEY}/json/kr/1/200`);
  assert.equal(paths.at(-1), `StatisticSearch/${KEY}/json/kr/1/10/200Y101/A/2020/2023/10101/?/?/?`);
});

Deno.test("runLiveCheck() shows the bundled server's answers in the table, fact by fact", async () => {
  await using server = await startEcosServer({ keys: [KEY] });
  const { results, exchanges } = await runLiveCheck({ apiKey: KEY, baseUrl: server.url });
  const seen = (fact: string) => results.find((r) => r.fact === fact)?.seen;
  assert.equal(seen("KeyStatisticList: list_total_count"), "101");
  assert.equal(seen("KeyStatisticList: CYCLE label shapes"), "YYYYMMDD 23, YYYYMM 57, YYYYQn 21");
  assert.equal(seen("TIME labels of cycle SM (answered)"), "12 labels, e.g. 200401S1");
  assert.equal(seen("SM asked as 200401SM1 (specification)"), "12 rows of 12, TIME 200401S1");
  assert.equal(seen("Rows 1 to 100000 in one request"), "246 rows of 246");
  assert.equal(
    seen("An end period after the latest (202401-209912)"),
    "33 rows (202401-202609), total 33",
  );
  assert.equal(seen("A range wholly in the future (20991230-20991231)"), "INFO-200");
  // The live catalogue's 834 rows, and the two sample tables it lacks with their two groups.
  assert.equal(seen("StatisticTableList: how many tables"), "838 rows");
  assert.equal(seen("Client: no query string appended"), "2 URLs, none");
  const report = formatReport(results, exchanges);
  assert.match(report, /\n50 facts: 47 agree, 0 differ, 3 noted \(30 requests\)\n/);
  assert.doesNotMatch(report, /\nDifferences:/);
  assert.match(report, /\n {4}tables: StatisticTableList\/\*\*\*\/json\/kr\/1\/1\n/);
});

Deno.test("runLiveCheck() keeps the key out of every exchange, result, report and recorded file", async () => {
  await using server = await startEcosServer({ keys: [KEY] });
  // A hostile server: every answer echoes the URL it was asked, key and all.
  const echoing: typeof fetch = async (input, init) => {
    const res = await fetch(input, init);
    const body = (await res.text()).replace(/"MESSAGE":"/, `"MESSAGE":"${String(input)} `);
    if (String(input).includes("/StatisticWord/")) {
      throw new TypeError(`error sending request for url (${input})`);
    }
    return new Response(body, { status: res.status, headers: res.headers });
  };
  const dir = await Deno.makeTempDir();
  try {
    const run = await runLiveCheck({
      apiKey: KEY,
      baseUrl: server.url,
      fetch: echoing,
      record: dir,
    });
    const texts = [
      JSON.stringify(run.exchanges),
      JSON.stringify(run.results),
      formatReport(run.results, run.exchanges),
    ];
    for (const file of run.recorded) texts.push(await Deno.readTextFile(file));
    assert.equal(run.recorded.length, 31);
    assert.ok(texts.join("").includes("/***/"), "the key's place shows as ***");
    for (const text of texts) assert.ok(!text.includes(KEY));
    assert.match(
      run.exchanges.find((e) => e.name === "word")?.error ?? "",
      /\/StatisticWord\/\*\*\*\//,
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
