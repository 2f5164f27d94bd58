/**
 * KeyStatisticList and the four lookup services, end to end.
 *
 * @module
 */

import assert from "node:assert/strict";
import { EcosClient, pl } from "../../mod.ts";
import { parsePeriod } from "../../src/periods.ts";
import { startEcosServer } from "../../src/server/mod.ts";
import { clientFor, serve } from "../testdata/e2e.ts";

Deno.test("keyStatisticList() pages at 10 rows with the sample key", async () => {
  await using server = await startEcosServer();
  const client = new EcosClient({ baseUrl: server.url, apiKey: "sample", rateLimit: false });
  assert.equal(client.pageSize, 10);
  const df = await client.keyStatisticList();
  assert.equal(df.height, 101, "the live service's count, the bundled server's default");
  assert.deepEqual(df.columns, [
    "CLASS_NAME",
    "KEYSTAT_NAME",
    "DATA_VALUE",
    "CYCLE",
    "TIME",
    "UNIT_NAME",
  ]);
  assert.equal(server.stats.total, 11);
  assert.ok(server.stats.requests.every((r) => (r.endNo ?? 0) - (r.startNo ?? 0) <= 9));
  const spec = await startEcosServer({ dialect: "spec" });
  try {
    // No key given and an empty environment: the default key, "sample".
    const hundred = await new EcosClient({ baseUrl: spec.url, rateLimit: false, env: {} })
      .keyStatisticList();
    assert.equal(hundred.height, 100, "the specification's count, as an option");
  } finally {
    await spec.close();
  }
});

Deno.test("keyStatisticList() reads 101 live indicators with mixed CYCLE shapes", async (t) => {
  await using server = await serve({ dialect: "live" });
  for (const format of ["json", "xml"] as const) {
    await t.step(format, async () => {
      const df = await clientFor(server.url, { format, pageSize: 30 }).keyStatisticList();
      assert.equal(df.height, 101);
      assert.equal(df.getColumn("TIME").nullCount(), 0);
      const cycles = df.getColumn("CYCLE").toArray() as string[];
      const shapes = new Set(cycles.map((c) => c.replace(/\d/g, "9")));
      assert.ok(shapes.size >= 3, [...shapes].join());
      const times = df.getColumn("TIME").toArray() as unknown as Date[];
      cycles.forEach((c, i) => assert.equal(times[i]?.getTime(), parsePeriod(c).getTime()));
    });
  }
});

Deno.test("the lookup services page like StatisticSearch, in both formats", async () => {
  await using server = await serve();
  const one = clientFor(server.url);
  const paged = clientFor(server.url, { pageSize: 5, format: "xml" });
  const tables = await one.statisticTableList();
  assert.ok(tables.height > 10);
  assert.ok((await paged.statisticTableList()).frameEqual(tables, true));
  const items = await one.statisticItemList("722Y001");
  assert.ok(items.getColumn("DATA_CNT").dtype.equals(pl.Int64));
  assert.ok(items.getColumn("DATA_CNT").nullCount() === 0);
  assert.ok((await paged.statisticItemList("722Y001")).frameEqual(items, true));
  const words = await one.statisticWord("물가");
  assert.ok(words.height > 0);
  assert.deepEqual(words.columns, ["WORD", "CONTENT"]);
  const tableName = String(
    tables.filter(pl.col("STAT_CODE").eq(pl.lit("722Y001"))).getColumn("STAT_NAME").get(0),
  );
  const meta = await one.statisticMeta(tableName.replace(/^[\d.]+\s*/, ""));
  assert.deepEqual(meta.columns, ["LVL", "P_CONT_CODE", "CONT_CODE", "CONT_NAME", "META_DATA"]);
  const none = await one.statisticWord("없는 낱말 xyz");
  assert.equal(none.height, 0);
});
