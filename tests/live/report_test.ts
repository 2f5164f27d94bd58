import assert from "node:assert/strict";
import {
  checkFacts,
  displayWidth,
  formatReport,
  LIVE_REQUESTS,
  type LiveExchange,
} from "../../src/live/mod.ts";
import { loadBodyParser, readBody } from "../../src/live/body.ts";

const fact = { evidence: "measured live", requests: ["keystats-json"] };

Deno.test("formatReport() aligns its columns with Korean text, cuts long cells, and gives them in full below", () => {
  const long = "시장금리, 통화량, 환율, 물가, 고용, 생산, 소비, 투자, 건설, 무역, 국제수지, 금융";
  const text = formatReport([
    {
      ...fact,
      fact: "KeyStatisticList: classes",
      expected: "환율, then 금리",
      seen: long,
      verdict: "differ",
    },
    { ...fact, fact: "INFO-200", expected: "INFO-200", seen: "INFO-200", verdict: "agree" },
    { ...fact, fact: "SM spec", expected: "open", seen: "12 rows", verdict: "noted" },
  ], [{
    name: "keystats-json",
    path: "KeyStatisticList/***/json/kr/1/200",
    status: 200,
    contentType: "",
    body: "",
  }]);
  const table = text.split("\n\n")[0]!.split("\n");
  assert.equal(table.length, 5);
  // The last column starts at the same terminal column on every line, separator included.
  const widths = new Set(table.map((l) => displayWidth(l.slice(0, l.search(/[|+][^|+]*$/)))));
  assert.equal(widths.size, 1, table.join("\n"));
  assert.match(table[2]!, /… +\| differ$/);
  assert.ok(text.includes(`\n    seen:     ${long}\n`));
  assert.match(text, /\n3 facts: 1 agree, 1 differ, 1 noted \(1 requests\)\n/);
  assert.match(
    text,
    /\nDifferences:\n- KeyStatisticList: classes\n {4}expected: 환율, then 금리 \(measured live\)\n/,
  );
  assert.match(text, /\nOpen questions:\n- SM spec\n/);
  assert.match(text, /\n {4}keystats-json: KeyStatisticList\/\*\*\*\/json\/kr\/1\/200\n/);
});

Deno.test("readBody() reads any text without throwing", async (t) => {
  await loadBodyParser(); // as holdFacts() does before any check reads a body
  const ex = (body: string): LiveExchange => ({
    name: "x",
    path: "x",
    status: 200,
    contentType: "",
    body,
  });
  const cases: [string, string, string][] = [
    ["empty", "", "none"],
    ["HTML", "<!DOCTYPE html><html></html>", "none"],
    ["DOCTYPE with entities", '<!DOCTYPE a [<!ENTITY x "y">]><a>&x;</a>', "none"],
    ["JSON cut short", '{"KeyStatisticList":{"list_total_count":1,"row":[{"A":"', "none"],
    ["JSON array", "[1,2]", "none"],
    ["XML cut short", "<KeyStatisticList><list_total_count>1</list", "none"],
    ["deep XML", `${"<a>".repeat(20_000)}${"</a>".repeat(20_000)}`, "none"],
    ["garbage", "\u0000\uffff}{<>", "none"],
    ["a lone XML row", "<S><list_total_count>1</list_total_count><row><T>1</T></row></S>", "rows"],
    ["an XML RESULT", "<RESULT><CODE>INFO-200</CODE><MESSAGE>m</MESSAGE></RESULT>", "result"],
  ];
  for (const [what, body, kind] of cases) {
    await t.step(what, () => assert.equal(readBody(ex(body)).kind, kind));
  }
  // Random texts: whatever they are read as, nothing throws, and the facts hold on.
  let seed = 7;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
  const alphabet = '{}[]<>/"=:,RESULTrowlist_total_count 0123456789가';
  const bodies = Array.from(
    { length: 200 },
    () => Array.from({ length: next() % 200 }, () => alphabet[next() % alphabet.length]).join(""),
  );
  for (const body of bodies) readBody(ex(body));
  // Hostile bodies under the check's own request names: every fact of the wire still says what
  // it saw (only the client, which refuses such bodies with an error, may fail its check).
  const results = await checkFacts(
    LIVE_REQUESTS.map((r, i) => ({ ...ex(bodies[i]!), name: r.name })),
  );
  assert.equal(results.length, 50);
  const failed = results.filter((r) => r.seen.startsWith("the check failed"));
  assert.deepEqual(failed.filter((r) => !r.fact.startsWith("Client:")), []);
  assert.ok(results.every((r) => r.verdict !== "agree" || !r.fact.startsWith("JSON body")));
});
