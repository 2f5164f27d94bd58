/**
 * One rule for the language a search reads, in the module and on the command line: `--lang`
 * when given, else the text's script (Hangul: Korean names; Latin letters: English names),
 * else the client's language. A search that finds nothing exits 1, as grep does, and says what
 * it searched and in which language.
 */

import assert from "node:assert/strict";
import { startEcosServer } from "../../src/server/mod.ts";
import { ecos, envFor, KEY, tempDir } from "./_cli.ts";

/** The rows of a drawn table (not its header, caption or borders). */
const tableRows = (stdout: string) => stdout.split("\n").filter((l) => l.startsWith("│ ")).slice(1);

Deno.test("ecos items: English words find English names in a session whose language is Korean", async () => {
  await using server = await startEcosServer({ keys: [KEY] });
  const run = await ecos(["items", "901Y009", "all", "items"], { env: envFor(server) });
  assert.equal(run.code, 0, run.stderr);
  assert.equal(run.stderr, "");
  assert.match(run.stdout, /ITEM_NAME: All items\n/);
  assert.deepEqual(server.stats.requests.map((r) => [r.service, r.language]), [
    ["StatisticItemList", "en"],
  ]);
});

Deno.test("ecos items: Korean words find Korean names, and a code the session's language", async () => {
  await using server = await startEcosServer({ keys: [KEY] });
  const env = envFor(server);
  const korean = await ecos(["items", "901Y009", "총지수"], { env });
  assert.equal(korean.code, 0, korean.stderr);
  assert.match(korean.stdout, /ITEM_NAME: 총지수\n/);
  const code = await ecos(["items", "901Y009", "0"], { env });
  assert.equal(code.code, 0, code.stderr);
  assert.match(code.stdout, /ITEM_NAME: 총지수\n/);
  assert.deepEqual(server.stats.requests.map((r) => r.language), ["kr", "kr"]);
});

Deno.test("ecos items and tables: --lang wins over the words' script", async () => {
  await using server = await startEcosServer({ keys: [KEY] });
  const env = envFor(server);
  const items = await ecos(["items", "901Y009", "총지수", "--lang", "en"], { env });
  assert.equal(items.code, 1);
  assert.equal(items.stdout, "");
  assert.equal(
    items.stderr,
    'No item of 901Y009 has every word of "총지수" in its English name or its code: try ' +
      "fewer or other words, or --lang kr\n",
  );
  const tables = await ecos(["tables", "base", "rate", "--lang", "kr"], { env });
  assert.equal(tables.code, 1);
  assert.equal(
    tables.stderr,
    `No table's Korean name holds every word of "base rate": try fewer or other words, or ` +
      "--lang en; named series: base_rate (ecos series NAME)\n",
  );
  assert.deepEqual(server.stats.requests.map((r) => r.language), ["en", "kr"]);
});

Deno.test("ecos items: no match exits 1 and says what was searched, in which language", async (t) => {
  await using server = await startEcosServer({ keys: [KEY] });
  const env = envFor(server);
  await t.step("words that no name holds", async () => {
    const run = await ecos(["items", "901Y009", "no", "such", "item"], { env });
    assert.equal(run.code, 1);
    assert.equal(run.stdout, "");
    assert.equal(
      run.stderr,
      'No item of 901Y009 has every word of "no such item" in its English name or its code: ' +
        "try fewer or other words, or --lang kr\n",
    );
  });
  await t.step("a table that has no items", async () => {
    const run = await ecos(["items", "777Y777"], { env });
    assert.equal(run.code, 1);
    assert.equal(
      run.stderr,
      "Table 777Y777 has no items in the Korean list: find table codes with ecos tables\n",
    );
  });
  await t.step("--out still gets a file without rows", async () => {
    await using dir = await tempDir();
    const path = `${dir.path}/items.csv`;
    const run = await ecos(["items", "901Y009", "zzz", "--out", path], { env });
    assert.equal(run.code, 1);
    assert.equal(
      run.stderr,
      'No item of 901Y009 has every word of "zzz" in its English name or its code: try fewer ' +
        `or other words, or --lang kr; wrote ${path} without rows\n`,
    );
    assert.match(await Deno.readTextFile(path), /^STAT_CODE,STAT_NAME,LEVEL,ITEM_CODE,/);
  });
  await t.step("a glossary term that is not there", async () => {
    const run = await ecos(["word", "없는용어"], { env });
    assert.equal(run.code, 1);
    assert.equal(
      run.stderr,
      'The Korean glossary has no term "없는용어": try a shorter or another term\n',
    );
  });
});

Deno.test("ecos tables: English words in a Korean session, and every table without words", async () => {
  await using server = await startEcosServer({ keys: [KEY] });
  const env = envFor(server);
  const run = await ecos(["tables", "consumer", "price"], { env });
  assert.equal(run.code, 0, run.stderr);
  assert.ok(tableRows(run.stdout).some((row) => row.includes("901Y009")));
  const all = await ecos(["tables"], { env });
  assert.equal(all.code, 0);
  assert.match(all.stdout, /┆ 한국은행 기준금리/);
  assert.deepEqual(server.stats.requests.map((r) => r.language), ["en", "kr"]);
});
