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
import * as deps from "../../src/deps.ts";

// Every package the library loads on first use: each loader of src/deps.ts, whatever is added.
await Promise.all(
  Object.entries(deps)
    .filter(([name, value]) => name.startsWith("load") && typeof value === "function")
    .map(([, load]) => (load as () => Promise<unknown>)()),
);
