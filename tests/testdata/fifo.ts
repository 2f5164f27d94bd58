/**
 * FIFOs for the tests of what the module does with one where a file should be: it must never
 * block on it.
 *
 * @module
 */

import assert from "node:assert/strict";
import { constants } from "node:fs";
import { open } from "node:fs/promises";

/** Makes a FIFO at `path`. */
export async function mkfifo(path: string): Promise<void> {
  const out = await new Deno.Command("mkfifo", { args: [path] }).output();
  assert.ok(out.success, new TextDecoder().decode(out.stderr));
}

/**
 * Runs `fn`; should it still be running after a bound (blocked on the FIFO: the failure looked
 * for), gives the FIFO's reader an end of file so that the test ends, and fails.
 */
export async function settlesUnblocked<T>(fifo: string, fn: () => Promise<T>): Promise<T> {
  let blocked = false;
  const timer = setTimeout(async () => {
    blocked = true;
    // Opening for writing without blocking: there is a reader (the stuck one) to meet.
    const handle = await open(fifo, constants.O_WRONLY | constants.O_NONBLOCK).catch(() => null);
    await handle?.close();
  }, 10_000);
  try {
    return await fn();
  } finally {
    clearTimeout(timer);
    assert.equal(blocked, false, "the read blocked on the FIFO");
  }
}
