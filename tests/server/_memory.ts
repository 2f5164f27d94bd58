/**
 * Memory in use after a forced collection, for tests that bound what the server retains.
 *
 * @module
 */

import v8 from "node:v8";
import vm from "node:vm";

/** A collection the test can force: node:v8 lets the flag be set at run time. */
export function exposeGc(): () => void {
  v8.setFlagsFromString("--expose-gc");
  return vm.runInNewContext("gc") as () => void;
}

/**
 * The memory in use once garbage is collected and pending callbacks have run.
 *
 * @param gc The collection, from {@linkcode exposeGc}.
 */
export async function settledMemory(gc: () => void): Promise<Deno.MemoryUsage> {
  for (let i = 0; i < 3; i++) {
    await new Promise((resolve) => setTimeout(resolve, 0));
    gc();
  }
  return Deno.memoryUsage();
}
