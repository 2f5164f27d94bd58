/**
 * Memory given back at once. A typed array's buffer is native memory that V8 frees only when it
 * next collects, and code that makes little heap garbage makes it collect seldom: bodies, page
 * columns and a frame's columns, once copied where they go, are freed here instead.
 *
 * @module
 */

/**
 * Frees a typed array's buffer now: detached, every view of it reads as empty.
 *
 * @param view An array no one reads again, or `undefined`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { free } from "./free.ts";
 *
 * const column = new Float64Array(1_000);
 * free(column);
 * assert.equal(column.length, 0);
 * ```
 */
export function free(view: ArrayBufferView | undefined): void {
  if (view?.buffer instanceof ArrayBuffer) view.buffer.transfer(0);
}
