/**
 * One of several processes writing the same key at once, for the atomic-write test.
 *
 * Usage: deno run -A writer.ts <dir> <writer number> <writes>
 */

import { ResponseCache } from "../../../src/cache/mod.ts";
import { bodyOf, SHARED_KEY } from "./shared.ts";

const [dir, writer, writes] = Deno.args;
if (dir === undefined || writer === undefined || writes === undefined) {
  throw new TypeError("Usage: writer.ts <dir> <writer number> <writes>");
}
const cache = new ResponseCache({
  dir,
  warn: (message) => {
    console.error(message);
    Deno.exit(3);
  },
});
await Promise.all(
  Array.from(
    { length: Number(writes) },
    (_, i) => cache.set(SHARED_KEY, { body: bodyOf(Number(writer), i), fetchedAt: new Date() }),
  ),
);
