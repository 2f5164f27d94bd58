/**
 * The offline catalogue holds the evidence's counts: 834 rows, 225 groups and 609 searchable
 * tables, by cycle A 250, M 224, Q 126, D 7, S 1, SM 1 (kenshin579/ecos-go docs/api/README.md,
 * choo121600/ecos-reader docs/reference/ecos_code_catalog.md).
 */

import assert from "node:assert/strict";
import { CATALOGUE_ROWS } from "../../src/discovery/catalogue_data.ts";
import { clientFor, rejects, serve } from "../testdata/e2e.ts";

Deno.test("the catalogue snapshot holds the 834 rows of the evidence: 225 groups, 609 tables", () => {
  assert.equal(CATALOGUE_ROWS.length, 834);
  assert.equal(CATALOGUE_ROWS.filter((r) => r.SRCH_YN === "N").length, 225);
  assert.equal(CATALOGUE_ROWS.filter((r) => r.SRCH_YN === "Y").length, 609);
  const byCycle: Record<string, number> = {};
  for (const r of CATALOGUE_ROWS) {
    byCycle[r.CYCLE ?? "null"] = (byCycle[r.CYCLE ?? "null"] ?? 0) + 1;
  }
  assert.deepEqual(byCycle, { null: 225, M: 224, Q: 126, S: 1, D: 7, SM: 1, A: 250 });
  assert.equal(CATALOGUE_ROWS.filter((r) => r.P_STAT_CODE === "*").length, 9);
  // Agencies other than the Bank of Korea, on tables only (ecos_implementation_status.csv).
  const named = CATALOGUE_ROWS.filter((r) => r.ORG_NAME !== null);
  assert.equal(named.length, 120);
  assert.ok(named.every((r) => r.SRCH_YN === "Y" && !r.ORG_NAME!.startsWith("한국은행")));
  assert.equal(
    CATALOGUE_ROWS.find((r) => r.STAT_CODE === "901Y027")?.ORG_NAME,
    "국가데이터처(☎ 042-481-2265~2268, 2270)",
  );
});

Deno.test("the catalogue snapshot is a tree: codes unique, every parent listed before its children", () => {
  const seen = new Set<string>();
  for (const r of CATALOGUE_ROWS) {
    assert.ok(!seen.has(r.STAT_CODE), `${r.STAT_CODE} twice`);
    assert.ok(r.P_STAT_CODE === "*" || seen.has(r.P_STAT_CODE), `${r.STAT_CODE} before its parent`);
    seen.add(r.STAT_CODE);
    if (r.SRCH_YN === "N") {
      assert.match(r.STAT_CODE, /^\d{10}$/);
      assert.equal(r.CYCLE, null);
    } else {
      assert.match(r.STAT_CODE, /^\d{3}Y\d{3}$/);
      assert.match(r.CYCLE ?? "", /^(A|S|Q|M|SM|D)$/);
    }
    assert.match(r.STAT_NAME, /^(\d+\.)+ \S/);
  }
});

Deno.test("the catalogue snapshot carries the rows the project's named tables come from", () => {
  const name = (code: string) => CATALOGUE_ROWS.find((r) => r.STAT_CODE === code)?.STAT_NAME;
  assert.equal(name("722Y001"), "1.3.1. 한국은행 기준금리 및 여수신금리");
  assert.equal(name("901Y009"), "4.2.1. 소비자물가지수");
  assert.equal(name("0000001000"), "1.6. 차주별 가계부채");
  assert.equal(name("105Y001"), "1.2.6.5. 예금규모별 계좌수 및 금액");
  assert.equal(CATALOGUE_ROWS[0]?.STAT_NAME, "1. 통화/금융");
  assert.equal(CATALOGUE_ROWS.at(-1)?.STAT_CODE, "252Y002");
});

Deno.test("client.statisticTableList() against the bundled server returns every row of the snapshot", async () => {
  await using server = await serve();
  const tables = await clientFor(server.url).statisticTableList();
  assert.equal(tables.height, 838, "834 rows of the snapshot, 2 sample tables and 2 groups");
  const codes = tables.getColumn("STAT_CODE").toArray() as string[];
  const names = tables.getColumn("STAT_NAME").toArray() as string[];
  const cycles = tables.getColumn("CYCLE").toArray() as (string | null)[];
  const parents = tables.getColumn("P_STAT_CODE").toArray() as string[];
  CATALOGUE_ROWS.forEach((r, i) => {
    assert.deepEqual(
      [codes[i], names[i], cycles[i], parents[i]],
      // The client trims text fields: the one name with a trailing space loses it.
      [r.STAT_CODE, r.STAT_NAME.trim(), r.CYCLE, r.P_STAT_CODE],
    );
  });
});

/** What the bundled server says of a catalogue table it has no sample data for (28 it has). */
const NEEDS_A_KEY = "102Y001 is an ECOS table, but the bundled server has sample data for 28 " +
  "tables only: set ECOS_API_KEY to a key of your own to query it";

Deno.test("statisticSearch() of a catalogue table without sample data says the bundled server needs a key for it", async () => {
  await using server = await serve();
  const e = await rejects(
    clientFor(server.url).statisticSearch({
      statCode: "102Y001",
      cycle: "M",
      start: "202401",
      end: "202406",
    }),
  );
  assert.equal(e.code, "UNKNOWN_CODE");
  assert.match(e.message, new RegExp(`${NEEDS_A_KEY.replace(/[()]/g, "\\$&")}$`));
  // A code of no table is still told as one, with the nearest code.
  const typo = await rejects(
    clientFor(server.url).statisticSearch({
      statCode: "722Y00X",
      cycle: "M",
      start: "202401",
      end: "202406",
    }),
  );
  assert.match(typo.message, /722Y00X is not a table code; did you mean 722Y001\?$/);
});

Deno.test("searchTables() searches the catalogue snapshot when the service's table list fails, and says so", async () => {
  // Every request fails on the network: the table list cannot be had.
  const failing = (() => Promise.reject(new TypeError("connection refused"))) as typeof fetch;
  const client = clientFor("https://ecos.test/api", {
    fetch: failing,
    cache: false,
    retry: { attempts: 1 },
  });
  const warned: string[] = [];
  const warn = console.warn;
  console.warn = (...args: unknown[]) => void warned.push(args.join(" "));
  try {
    const found = await client.searchTables("CPI");
    assert.equal(found.getColumn("STAT_CODE").get(0), "901Y009");
    const inflation = await client.searchTables("inflation", { language: "en" });
    assert.equal(inflation.getColumn("STAT_CODE").get(0), "901Y009");
  } finally {
    console.warn = warn;
  }
  assert.equal(
    warned[0],
    "searchTables: the service's table list failed (TRANSPORT); searching the catalogue " +
      "snapshot of 2026-08 instead",
  );
  // A key the service refuses is not a fault to search around.
  const refused = clientFor("https://ecos.test/api", {
    fetch: (() =>
      Promise.resolve(
        Response.json({ RESULT: { CODE: "INFO-100", MESSAGE: "인증키가 유효하지 않습니다." } }),
      )) as typeof fetch,
    cache: false,
  });
  assert.equal((await rejects(refused.searchTables("CPI"))).code, "INFO-100");
});
