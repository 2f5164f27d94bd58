/**
 * Uses the cache with whatever permissions it was given, and prints what happened as JSON.
 *
 * Usage: deno run [permissions] --no-prompt no_permissions.ts
 */

import { ResponseCache } from "../../../src/cache/mod.ts";
import { SHARED_KEY } from "./shared.ts";

const warnings: string[] = [];
const cache = new ResponseCache({ warn: (message) => warnings.push(message) });
const page = { body: "{}", fetchedAt: new Date() };
const first = await cache.get(SHARED_KEY);
await cache.set(SHARED_KEY, page);
await cache.set(SHARED_KEY, page);
const second = await cache.get(SHARED_KEY);
console.log(JSON.stringify({
  dir: cache.dir,
  enabled: cache.enabled,
  warnings,
  hits: [first, second].filter((p) => p !== undefined).length,
}));
