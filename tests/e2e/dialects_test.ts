/**
 * The client against the bundled server in both dialects: what a user learns offline holds
 * live. Frames are equal, but for the half-monthly labels' spelling (PERIOD), which both name
 * the same periods (TIME), and the key statistics, whose count and CYCLE shapes differ by
 * design (100 monthly in the specification, 101 of three shapes live).
 */

import assert from "node:assert/strict";
import { pl, type StatisticSearchQuery } from "../../mod.ts";
import { parsePeriod } from "../../src/periods.ts";
import { clientFor, serve } from "../testdata/e2e.ts";

const queries: StatisticSearchQuery[] = [
  { statCode: "722Y001", cycle: "D", start: "20240101", end: "20240131", items: ["0101000"] },
  { statCode: "901Y009", cycle: "M", start: "202201", end: "202312" },
  { statCode: "200Y102", cycle: "Q", start: "2022Q1", end: "2023Q4", items: ["10111"] },
  { statCode: "105Y001", cycle: "S", start: "2020S1", end: "2022S2" },
  { statCode: "200Y101", cycle: "A", start: "2020", end: "2023", items: ["10101"] },
  { statCode: "814Y002", cycle: "SM", start: "201001S1", end: "201012S2" },
];

Deno.test("the client gets equal frames from the server in both dialects", async (t) => {
  await using spec = await serve({ dialect: "spec" });
  await using live = await serve({ dialect: "live" });
  for (const format of ["json", "xml"] as const) {
    for (const query of queries) {
      await t.step(`${format} ${query.statCode} ${query.cycle}`, async () => {
        const a = await clientFor(spec.url, { format }).statisticSearch(query);
        const b = await clientFor(live.url, { format }).statisticSearch(query);
        assert.ok(a.height > 0);
        assert.ok(a.drop("PERIOD").frameEqual(b.drop("PERIOD"), true));
        const periods = (df: typeof a) => df.getColumn("PERIOD").toArray() as string[];
        if (query.cycle === "SM") {
          assert.match(periods(a)[0]!, /^\d{6}SM[12]$/);
          assert.match(periods(b)[0]!, /^\d{6}S[12]$/);
          periods(a).forEach((p, i) =>
            assert.equal(parsePeriod(p).getTime(), parsePeriod(periods(b)[i]!).getTime())
          );
        } else {
          assert.deepEqual(periods(a), periods(b));
        }
      });
    }
  }
  await t.step("the lookups", async () => {
    for (
      const [service, pull] of [
        ["items", (url: string) => clientFor(url).statisticItemList("722Y001")],
        ["tables", (url: string) => clientFor(url).statisticTableList()],
      ] as const
    ) {
      const a = await pull(spec.url);
      const b = await pull(live.url);
      assert.ok(a.frameEqual(b, true), service);
    }
  });
  await t.step("the key statistics: the same indicators, live adds one", async () => {
    const a = await clientFor(spec.url).keyStatisticList();
    const b = await clientFor(live.url).keyStatisticList();
    assert.equal(a.height, 100);
    assert.equal(b.height, 101);
    const names = (df: typeof a) => new Set(df.getColumn("KEYSTAT_NAME").toArray() as string[]);
    for (const name of names(a)) assert.ok(names(b).has(name), name);
    assert.equal(b.filter(pl.col("TIME").isNull()).height, 0);
  });
});
