/**
 * The README's demo: both specified services as DataFrames. Without ECOS_API_KEY it runs
 * against the bundled server (generated sample data); with it, against the live service (or
 * the server ECOS_BASE_URL names).
 *
 *     deno task demo
 *
 * @module
 */

import { connect, isEcosError, sourceLine } from "../mod.ts";

await using session = await connect();
const { client, source } = session;
const where = {
  bundled: "the bundled server, in this process (generated sample data, not official statistics)",
  live: "the ECOS service of the Bank of Korea",
  custom: `the ECOS-compatible server at ${client.baseUrl}`,
}[source];
console.log(`Source: ${where}\n`);

try {
  const keyStats = await client.keyStatisticList();
  console.log(`KeyStatisticList: ${keyStats.height} key indicators`);
  console.log(keyStats.head(8).toString(), "\n");

  const rate = await client.statisticSearch({
    statCode: "722Y001", // Bank of Korea base rate
    cycle: "M",
    start: "202301",
    end: "202412",
    items: ["0101000"],
  });
  console.log(`StatisticSearch 722Y001 (base rate, monthly): ${rate.height} rows`);
  console.log(
    rate.select("STAT_CODE", "ITEM_NAME1", "UNIT_NAME", "TIME", "PERIOD", "DATA_VALUE")
      .tail(6).toString(),
  );
  console.log(`\n${sourceLine(client.source)}`);
} catch (error) {
  if (!isEcosError(error)) throw error;
  console.error(`${error.code}: ${error.message}`);
  Deno.exitCode = 1;
}
