/**
 * Golden: every fact held against the recorded answers in tests/testdata/live (recorded from
 * the bundled server with --record; see its README). Nothing is sent.
 */

import assert from "node:assert/strict";
import {
  checkFacts,
  exitStatus,
  LIVE_REQUESTS,
  type LiveExchange,
  readRecording,
} from "../../src/live/mod.ts";
import { factsOf, KNOWN_DIFFERENCES, NOTED } from "./_known.ts";

const DIR = new URL("../testdata/live/", import.meta.url).pathname;

Deno.test("the recording holds one answer a request, in order, with the key removed", async () => {
  const exchanges = await readRecording(DIR);
  assert.deepEqual(exchanges.map((e) => e.name), LIVE_REQUESTS.map((r) => r.name));
  assert.equal(exchanges[0]?.path, "KeyStatisticList/***/json/kr/1/200");
  for (const e of exchanges) {
    assert.equal(e.status, 200, e.name);
    assert.ok(!e.body.includes("fixture-recording-key"), e.name);
  }
  for await (const f of Deno.readDir(DIR)) {
    assert.ok(!(await Deno.readTextFile(`${DIR}${f.name}`)).includes("fixture-recording-key"));
  }
});

Deno.test("checkFacts() over the recording: every fact agrees but the known differences", async () => {
  const results = await checkFacts(await readRecording(DIR));
  assert.equal(results.length, 50);
  assert.deepEqual(factsOf(results, "differ"), KNOWN_DIFFERENCES);
  assert.deepEqual(factsOf(results, "noted"), NOTED);
  assert.equal(exitStatus(results), 0);
  const seen = (fact: string) => results.find((r) => r.fact === fact)?.seen;
  assert.equal(seen("KeyStatisticList: list_total_count"), "101");
  assert.equal(seen("StatisticTableList: how many tables"), "838 rows");
  assert.equal(
    seen("KeyStatisticList: CLASS_NAME order (it changes)"),
    "환율, 금리, 통화량, ... (10)",
  );
  assert.equal(seen("TIME labels of cycle SM (answered)"), "12 labels, e.g. 200401S1");
  assert.equal(seen("Rows 1 to 100000 in one request"), "246 rows of 246");
  assert.equal(
    seen("An end period after the latest (202401-209912)"),
    "33 rows (202401-202609), total 33",
  );
  assert.equal(seen("Order: a bad key wins over a bad format"), "INFO-100, the same text");
  assert.equal(seen("Client: half-monthly labels to dates"), "200401S2 is 2004-01-16");
  assert.equal(seen('Client: text fields trimmed (UNIT_NAME "원 ")'), "12 rows, trimmed");
});

/** The recording with one body replaced. */
async function withBody(name: string, edit: (body: string) => string): Promise<LiveExchange[]> {
  return (await readRecording(DIR)).map((e) => e.name === name ? { ...e, body: edit(e.body) } : e);
}

Deno.test("checkFacts() over a recording that differs: the fact that reads it differs", async (t) => {
  const cases: [string, string, (b: string) => string, string][] = [
    [
      "half-monthly labels in the specification's spelling",
      "sm-live",
      (b) => b.replaceAll(/"(\d{6})S([12])"/g, '"$1SM$2"'),
      "TIME labels of cycle SM (answered)",
    ],
    [
      "the sample key's message without its own ending",
      "sample-11",
      (b) => b.replace(/\\n sample은 최대 10건 이내에서 호출이 가능합니다\."}}$/, '"}}'),
      "Sample key, 11 rows: ERROR-301, its own text",
    ],
  ];
  for (const [what, name, edit, fact] of cases) {
    await t.step(what, async () => {
      const results = await checkFacts(await withBody(name, edit));
      const was = KNOWN_DIFFERENCES.includes(fact);
      // A known difference that the edit makes agree leaves the list; any other fact joins it.
      const want = was
        ? KNOWN_DIFFERENCES.filter((f) => f !== fact)
        : results.map((r) => r.fact).filter((f) => f === fact || KNOWN_DIFFERENCES.includes(f));
      assert.deepEqual(factsOf(results, "differ"), want);
    });
  }
});

Deno.test("readRecording() refuses a directory that is not a recording", async () => {
  const dir = await Deno.makeTempDir();
  try {
    await assert.rejects(readRecording(dir), {
      name: "TypeError",
      message: new RegExp(
        `^Cannot replay ${dir}: give a directory that ecos doctor --record wrote`,
      ),
    });
    await Deno.writeTextFile(
      `${dir}/index.json`,
      JSON.stringify({
        exchanges: [{ name: "x", path: "x", status: 200, contentType: "", file: "../etc/passwd" }],
      }),
    );
    await assert.rejects(readRecording(dir), {
      name: "TypeError",
      message: `Cannot replay ${dir}: index.json holds a malformed entry`,
    });
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
