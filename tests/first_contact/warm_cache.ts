/**
 * Fills Deno's cache with the packages as a script outside this repository resolves them: no
 * lock, so Deno asks the registry about each package (every platform's build of
 * nodejs-polars included) and keeps what it answers. The fresh-process tests run their children
 * `--no-lock --cached-only`, from this cache; CI runs this once, with network access, in a
 * folder of its own:
 *
 * ```sh
 * cd "$(mktemp -d)" && deno run -A --no-lock <repository>/tests/first_contact/warm_cache.ts
 * ```
 *
 * When everything is cached already it fetches nothing, and it never touches the repository's
 * lock. It imports every entry the children import and loads every package the library loads
 * on first use.
 *
 * @module
 */

import "../../mod.ts";
import "../../src/mirror/mod.ts";
import "../../src/jupyter/mod.ts";
import "../../src/server/mod.ts";
import "../../src/cli.ts";
import {
  loadApacheArrow,
  loadEastAsianWidth,
  loadMcpSdk,
  loadVega,
  loadXmlParser,
} from "../../src/deps.ts";

await Promise.all([
  loadApacheArrow(),
  loadVega(),
  loadXmlParser(),
  loadEastAsianWidth(),
  loadMcpSdk(),
]);
