/**
 * Values built on first use: what importing the module need not pay for (zod schemas, for
 * one, cost milliseconds to build).
 *
 * @module
 */

/**
 * A function that builds a value the first time it is called and returns that value after.
 *
 * @param build Builds the value.
 * @returns The memoised getter.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { once } from "./once.ts";
 *
 * let built = 0;
 * const value = once(() => ++built);
 * assert.equal(built, 0);
 * assert.equal(value(), 1);
 * assert.equal(value(), 1);
 * assert.equal(built, 1);
 * ```
 */
export function once<T>(build: () => T): () => T {
  let value: { v: T } | undefined;
  return () => (value ??= { v: build() }).v;
}
