/**
 * The progress line of a pull of several pages: rows and pages done of the total, the rate and
 * the time left, drawn on stderr over itself with `\r` while stderr is a terminal, and cleared
 * when the pull ends. The client tells it through its `onProgress` option. The line is kept
 * narrower than the terminal: a line that wraps cannot be drawn over, and each redraw would
 * add a row.
 *
 * @module
 */

import type { Progress } from "../client/mod.ts";
import { count, shortDuration } from "../util/human.ts";
import type { CliIO } from "./io.ts";
import { displayWidth } from "../util/width.ts";

const ELLIPSIS = "…";
const graphemes = new Intl.Segmenter(undefined, { granularity: "grapheme" });

/**
 * A text cut to at most `width` terminal columns, with an ellipsis when cut (Hangul and other
 * wide characters count two).
 *
 * @param text One line.
 * @param width The most columns, at least 1.
 * @returns The text, or its start and "…".
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { fitWidth } from "./progress.ts";
 *
 * assert.equal(fitWidth("StatisticSearch 722Y001", 12), "StatisticSe…");
 * assert.equal(fitWidth("기준금리", 5), "기준…");
 * assert.equal(fitWidth("short", 80), "short");
 * ```
 */
export function fitWidth(text: string, width: number): string {
  if (displayWidth(text) <= width) return text;
  let used = 0;
  let head = "";
  for (const { segment } of graphemes.segment(text)) {
    const w = displayWidth(segment);
    if (used + w > width - 1) break;
    used += w;
    head += segment;
  }
  return head.trimEnd() + ELLIPSIS;
}

/**
 * The text of a progress line: the service and table, rows and pages done of the total, the rate
 * and the time left. Given a width, the parts that matter least are left out until it fits: the
 * rate, then the pages, then the service's name; at last the line is cut.
 *
 * @param p What the client reported.
 * @param width The most terminal columns the line may take; no limit without one.
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
export function formatProgress(p: Progress, width = Infinity): string {
  const table = p.args[0];
  const rows = `${count(p.rows)}/${count(p.totalRows)} rows`;
  const pages = `${p.pages}/${p.totalPages} pages`;
  const rate = `${count(p.rowsPerSecond)} rows/s`;
  const left = p.rows >= p.totalRows ? "done" : `${shortDuration(p.etaMs)} left`;
  const named = table === undefined ? p.service : `${p.service} ${table}`;
  const short = table ?? p.service;
  // From the whole line to the barest; the first that fits is drawn.
  const forms = [
    `${named}: ${rows}, ${pages}, ${rate}, ${left}`,
    `${named}: ${rows}, ${pages}, ${left}`,
    `${named}: ${rows}, ${left}`,
    `${short}: ${rows}, ${left}`,
  ];
  const fits = forms.find((form) => displayWidth(form) <= width);
  return fits ?? fitWidth(forms.at(-1)!, width);
}

/** Clears the line the cursor is on: back to its start, then erase to its end. */
const CLEAR = "\r\x1b[K";

/**
 * Draws a pull's progress on one line of stderr, redrawn over itself, at most every
 * `intervalMs` (the last page always), one column narrower than the terminal (so that the
 * cursor never wraps to a new row). Silent when stderr is not a terminal and for pulls of one
 * page.
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
 *
 * @example On a terminal 40 columns wide
 * ```ts
 * import assert from "node:assert/strict";
 * import { ProgressLine } from "./progress.ts";
 *
 * let err = "";
 * const line = new ProgressLine((t) => (err += t), { isTTY: true, stderrColumns: 40 });
 * line.draw(() => "StatisticSearch 999Y001: 20,000/279,552 rows, 2/28 pages", true);
 * assert.equal(err, "\rStatisticSearch 999Y001: 20,000/279,55…\x1b[K");
 * ```
 */
export class ProgressLine {
  readonly #write: (text: string) => void;
  readonly #enabled: boolean;
  readonly #width: number;
  readonly #intervalMs: number;
  readonly #now: () => number;
  #drawn = false;
  #lastDraw = -Infinity;

  /**
   * Creates a progress line; nothing is drawn before the first page.
   *
   * @param write Writes to stderr.
   * @param terminal Whether stderr is a terminal (draw at all), and how wide: the command
   * line's IO, or just whether to draw (then lines are not cut).
   * @param intervalMs The least time between two drawings, in milliseconds.
   * @param now The clock, in milliseconds.
   */
  constructor(
    write: (text: string) => void,
    terminal: boolean | Pick<CliIO, "isTTY" | "stderrColumns">,
    intervalMs = 100,
    now: () => number = () => performance.now(),
  ) {
    this.#write = write;
    this.#enabled = typeof terminal === "boolean" ? terminal : terminal.isTTY;
    const columns = typeof terminal === "boolean" ? undefined : terminal.stderrColumns;
    // One column short: text in the last column leaves some terminals about to wrap.
    this.#width = columns === undefined ? Infinity : Math.max(columns - 1, 1);
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
    this.draw(() => formatProgress(p, this.#width), p.pages >= p.totalPages);
  };

  /**
   * Draws any line in place (the mirror's, say), at most every `intervalMs` unless `last`,
   * cut to the terminal's width.
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
    this.#write(`\r${fitWidth(text(), this.#width)}\x1b[K`);
    this.#drawn = true;
  }

  /** Erases the line, if one was drawn; call it when the pull ends, however it ends. */
  clear(): void {
    if (!this.#drawn) return;
    this.#write(CLEAR);
    this.#drawn = false;
  }
}
