/**
 * A call in its own process, for the fault matrix's cells that need one (a disk made full with
 * `ulimit -f`, a process killed): `deno run -A _fault_child.ts <baseUrl> <key> <cacheDir>
 * <pageSize>` pulls the monthly base rate of 2019-2020 with the response cache in `cacheDir`,
 * then prints one line of JSON: `{ "rows": [[PERIOD, DATA_VALUE], ...], "fromCache": ... }`,
 * or `{ "code": ..., "message": ... }` for an EcosError. The cache's warnings go to stderr.
 *
 * @module
 */

import { EcosClient, frameInfo, isEcosError } from "../../mod.ts";
import { FAST_RETRY, rate } from "../testdata/e2e.ts";

const [baseUrl, apiKey, dir, pageSize] = Deno.args;
if (baseUrl === undefined || apiKey === undefined || dir === undefined || !pageSize) {
  throw new TypeError("Pass the base URL, the key, the cache directory and the page size");
}
const client = new EcosClient({
  baseUrl,
  apiKey,
  env: {},
  cache: { dir },
  pageSize: Number(pageSize),
  retry: FAST_RETRY,
  rateLimit: false,
});
try {
  const df = await client.statisticSearch(rate);
  const periods = df.getColumn("PERIOD").toArray();
  const values = df.getColumn("DATA_VALUE").toArray();
  const rows = periods.map((p, i) => [p, values[i]]);
  console.log(JSON.stringify({ rows, fromCache: frameInfo(df)?.fromCache }));
} catch (e) {
  if (!isEcosError(e)) throw e;
  console.log(JSON.stringify({ code: e.code, message: e.message }));
}
