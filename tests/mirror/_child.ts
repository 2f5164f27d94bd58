/**
 * A mirror run in its own process, for the test that kills one: `deno run -A _child.ts
 * <baseUrl> <key> <dir> <statCode>...`. It prints "done" when the run finishes.
 *
 * @module
 */

import { EcosClient } from "../../src/client/mod.ts";
import { mirror } from "../../src/mirror/mod.ts";

const [baseUrl, apiKey, dir, ...statCodes] = Deno.args;
if (baseUrl === undefined || apiKey === undefined || dir === undefined) {
  throw new TypeError("Pass the base URL, the key, the directory and the tables");
}
// Pages of 10k rows: the request counts the tests expect.
const client = new EcosClient({ baseUrl, apiKey, cache: false, pageSize: 10_000 });
await mirror(client, statCodes, { dir });
console.log("done");
