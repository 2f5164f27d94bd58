/**
 * The progress line of a pull of several pages: rows and pages done of the total, the rate and
 * the time left, drawn on stderr over itself with `\r` while stderr is a terminal, and cleared
 * when the pull ends. The client tells it through its `onProgress` option.
 *
 * @module
 */

import type { Progress } from "../client/mod.ts";
import { count, shortDuration } from "../util/human.ts";

/**
 * The text of a progress line: the service and table, rows and pages done of the total, the rate
 * and the time left.
 *
 * @param p What the client reported.
 * @returns E.g. "StatisticSearch 999Y001: 20,000/279,552 rows, 2/28 pages, 41,000 rows/s, 6s left".
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { formatProgress } from "./progress.ts";
 *
 * const line = formatProgress({
 *   service: "StatisticSearch",
 *   args: ["999Y001", "D", "20200101", "20241231"],
 *   rows: 20_000,
 *   totalRows: 279_552,
 *   pages: 2,
 *   totalPages: 28,
 *   elapsedMs: 500,
 *   rowsPerSecond: 40_000,
 *   etaMs: 6_488,
 * });
 * assert.equal(
 *   line,
 *   "StatisticSearch 999Y001: 20,000/279,552 rows, 2/28 pages, 40,000 rows/s, 6s left",
 * );
 * ```
 */
export function formatProgress(p: Progress): string {
  const what = p.args.length > 0 ? `${p.service} ${p.args[0]}` : p.service;
  const left = p.rows >= p.totalRows ? "done" : `${shortDuration(p.etaMs)} left`;
  return `${what}: ${count(p.rows)}/${count(p.totalRows)} rows, ${p.pages}/${p.totalPages} ` +
    `pages, ${count(p.rowsPerSecond)} rows/s, ${left}`;
}

/** Clears the line the cursor is on: back to its start, then erase to its end. */
const CLEAR = "\r\x1b[K";

/**
 * Draws a pull's progress on one line of stderr, redrawn over itself, at most every
 * `intervalMs` (the last page always). Silent when not `enabled` (stderr is not a terminal) and
 * for pulls of one page.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { ProgressLine } from "./progress.ts";
 *
 * let err = "";
 * const line = new ProgressLine((t) => (err += t), true);
 * const page = {
 *   service: "StatisticSearch",
 *   args: ["722Y001"],
 *   totalRows: 20,
 *   totalPages: 2,
 *   elapsedMs: 10,
 *   rowsPerSecond: 1000,
 *   etaMs: 0,
 * };
 * line.update({ ...page, rows: 10, pages: 1 });
 * line.update({ ...page, rows: 20, pages: 2 });
 * line.clear();
 * assert.match(err, /^\rStatisticSearch 722Y001: 10\/20 rows, 1\/2 pages/);
 * assert.match(err, /\rStatisticSearch 722Y001: 20\/20 rows, 2\/2 pages, 1,000 rows\/s, done/);
 * assert.ok(err.endsWith("\r\x1b[K"));
 * ```
 */
export class ProgressLine {
  readonly #write: (text: string) => void;
  readonly #enabled: boolean;
  readonly #intervalMs: number;
  readonly #now: () => number;
  #drawn = false;
  #lastDraw = -Infinity;

  /**
   * Creates a progress line; nothing is drawn before the first page.
   *
   * @param write Writes to stderr.
   * @param enabled Whether to draw at all: stderr is a terminal.
   * @param intervalMs The least time between two drawings, in milliseconds.
   * @param now The clock, in milliseconds.
   */
  constructor(
    write: (text: string) => void,
    enabled: boolean,
    intervalMs = 100,
    now: () => number = () => performance.now(),
  ) {
    this.#write = write;
    this.#enabled = enabled;
    this.#intervalMs = intervalMs;
    this.#now = now;
  }

  /**
   * Draws a page's progress: pass it as the client's `onProgress`.
   *
   * @param p What the client reported.
   */
  readonly update = (p: Progress): void => {
    if (p.totalPages < 2) return;
    this.draw(() => formatProgress(p), p.pages >= p.totalPages);
  };

  /**
   * Draws any line in place (the mirror's, say), at most every `intervalMs` unless `last`.
   *
   * @param text The line, made only when it is drawn.
   * @param last Whether this is the last line of its kind, drawn whatever the time.
   */
  draw(text: () => string, last = false): void {
    if (!this.#enabled) return;
    const now = this.#now();
    if (!last && now - this.#lastDraw < this.#intervalMs) return;
    this.#lastDraw = now;
    // Back to the start, the text over the old one, then erase what is left of a longer old one.
    this.#write(`\r${text()}\x1b[K`);
    this.#drawn = true;
  }

  /** Erases the line, if one was drawn; call it when the pull ends, however it ends. */
  clear(): void {
    if (!this.#drawn) return;
    this.#write(CLEAR);
    this.#drawn = false;
  }
}
