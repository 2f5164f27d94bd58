/**
 * One process of the shared-budget tests (tests/cache/budget_processes_test.ts): pulls 200
 * monthly rows of the base rate a row a request (200 requests) from the bundled server at
 * `url`, with the budget in `dir` shared (`shared`) or this process's own (`own`), and no
 * retry, so that an ERROR-602 fails the pull. Prints `{"rows": n}` or `{"error": code}`.
 *
 *     deno run -A tests/testdata/budget_child.ts <url> <dir> <shared|own> <requests>/<windowMs>
 *
 * @module
 */

import { EcosClient } from "../../mod.ts";
import { isEcosError } from "../../src/errors.ts";

const [url, dir, mode, limit] = Deno.args as [string, string, string, string];
const [requests, windowMs] = limit.split("/").map(Number) as [number, number];
const client = new EcosClient({
  baseUrl: url,
  apiKey: "shared-key",
  env: {},
  pageSize: 1,
  concurrency: 4,
  cache: false,
  rateLimit: { requests, windowMs },
  retry: { attempts: 1 },
  sharedBudget: mode === "shared" ? { dir } : false,
});
try {
  const df = await client.statisticSearch({
    statCode: "722Y001",
    cycle: "M",
    start: "200701",
    end: "202308",
    items: ["0101000"],
  });
  console.log(JSON.stringify({ rows: df.height }));
} catch (e) {
  console.log(JSON.stringify({ error: isEcosError(e) ? e.code : String(e) }));
}
