/**
 * Showing frames, charts and computed prose in a notebook so that no output is ever lost.
 *
 * Deno's kernel (2.9) sends a cell's last expression as `execute_result` from a queue that
 * another task drains while the cell's own task goes on to report the cell done
 * (`execute_reply`, then `status: idle`). Both sign their messages before sending, so they
 * race: now and then the result leaves after the idle status, and nbclient (nbconvert,
 * papermill) and JupyterLab, which take idle as the end of the cell, drop it. An explicit
 * display during the cell runs the same queue, earlier, and can lose the same race when it is
 * the cell's last act. {@linkcode show} sends the output as `display_data` and then waits, as a
 * subscriber of the kernel's IOPub channel, until the kernel has published it: the cell cannot
 * end before its output is out. The subscriber finds the kernel's ports in the connection file
 * named on the kernel's command line, read from /proc; where that cannot be read (outside
 * Linux), `show()` sends the display without waiting, as `Deno.jupyter.display` does.
 *
 * @module
 */

import { type DataFrame, pl } from "../deps.ts";
import { invalidArgument } from "../errors.ts";
import { isoDate } from "../util/iso_date.ts";
import {
  displayFrame,
  type DisplayFrameOptions,
  inJupyterKernel,
  JUPYTER_DISPLAY,
  type MimeBundle,
} from "./display.ts";
import { type IopubWatch, kernelIopubAddress, watchIopub } from "./_iopub.ts";

interface KernelJupyter {
  broadcast(type: string, content: Record<string, unknown>): Promise<void> | void;
}

const hasDisplay = (value: unknown): value is { [JUPYTER_DISPLAY](): unknown } =>
  typeof value === "object" && value !== null &&
  typeof (value as Record<symbol, unknown>)[JUPYTER_DISPLAY] === "function";

/** The mime bundle of anything show() takes. */
async function bundleOf(value: unknown, options: DisplayFrameOptions): Promise<MimeBundle> {
  if (pl.DataFrame.isDataFrame(value)) {
    return await displayFrame(value as DataFrame, options)[JUPYTER_DISPLAY]();
  }
  if (hasDisplay(value)) {
    const bundle = await value[JUPYTER_DISPLAY]();
    if (typeof bundle !== "object" || bundle === null) {
      throw invalidArgument(`Cannot show a value whose Jupyter display gave ${String(bundle)}`);
    }
    const plain = (bundle as Record<string, unknown>)["text/plain"];
    return { ...bundle, "text/plain": typeof plain === "string" ? plain : String(value) };
  }
  return { "text/plain": typeof value === "string" ? value : Deno.inspect(value) };
}

/** How long a kernel may take to relay a message to a new subscriber before it is given up. */
const LIVE_TRIES = 100;
const LIVE_WAIT_MS = 20;

/** Whether this kernel's IOPub could not be watched: no need to try again. */
let unwatchable = false;

/**
 * A subscription to this kernel's IOPub, live (the kernel relays to it), for one display; or
 * `undefined` where none can be made (no connection file to read, a kernel that does not relay
 * to a late subscriber). One a display, closed after it: a subscriber left open would hold up
 * the kernel's output while a long synchronous cell keeps it from reading.
 */
async function kernelWatch(jupyter: KernelJupyter): Promise<IopubWatch | undefined> {
  const address = unwatchable ? undefined : kernelIopubAddress();
  if (address === undefined) return undefined;
  let watch: IopubWatch;
  try {
    watch = await watchIopub(address);
  } catch {
    unwatchable = true;
    return undefined;
  }
  // The kernel adds a subscriber once it has read the subscription, and says nothing when it
  // has: a status the frontend already shows (busy, as the cell runs) proves it arrived.
  for (let i = 0; i < LIVE_TRIES; i++) {
    const arrived = watch.next(LIVE_WAIT_MS);
    await jupyter.broadcast("status", { execution_state: "busy" });
    if (await arrived) return watch;
  }
  watch.close();
  unwatchable = true;
  return undefined;
}

/**
 * Publishes a bundle as `display_data` and resolves once the kernel has sent it on (see the
 * module documentation). For tests: `jupyter` is the kernel's `Deno.jupyter`, `watch` the
 * subscription.
 *
 * @internal
 */
export async function _publish(
  bundle: MimeBundle,
  jupyter: KernelJupyter,
  watch: IopubWatch | undefined,
): Promise<void> {
  const id = `ecos-${crypto.randomUUID()}`;
  const sent = watch?.published(id);
  await jupyter.broadcast("display_data", {
    data: bundle,
    metadata: {},
    transient: { display_id: id },
  });
  await sent;
}

/**
 * Shows a frame, a chart, computed prose ({@linkcode md}) or any value in a notebook, and
 * returns once the output has left the kernel, so that it is never lost. Use it rather than a
 * bare last expression, whose output Deno's kernel (2.9) now and then sends after reporting the
 * cell done, when nbconvert and JupyterLab no longer listen. Frames show as tables (see
 * {@linkcode frameToHtml}), with as many rows and columns as asked for.
 *
 * Outside the Jupyter kernel it prints the value's text form, so a notebook's code runs as a
 * script too.
 *
 * @param value A DataFrame, a {@linkcode Chart}, {@linkcode md} prose, anything with a
 * `Symbol.for("Jupyter.display")` method, or any other value (shown as text).
 * @param options For a frame: how many rows and columns to show.
 * @returns When the output is out.
 * @throws {EcosError} INVALID_ARGUMENT when `rows` or `columns` is not a whole number of at
 * least 1.
 *
 * @example In a notebook cell
 * ```ts ignore
 * import { connect, lineChart } from "@ecos/ecos";
 * import { md, show } from "@ecos/ecos/jupyter";
 *
 * await using session = await connect({ quiet: true });
 * const rate = await session.client.series("base_rate", { start: "201901", end: "202412" });
 * await show(rate, { rows: 20 });
 * await show(lineChart(rate, { x: "TIME", y: "DATA_VALUE", step: true }));
 * await show(md`The rate ended at ${rate.getColumn("DATA_VALUE").tail(1).get(0)}%.`);
 * ```
 *
 * @example In a script, the text form
 * ```ts
 * import assert from "node:assert/strict";
 * import { pl } from "../deps.ts";
 * import { show } from "./show.ts";
 *
 * const printed: string[] = [];
 * const log = console.log;
 * console.log = (text: string) => printed.push(text);
 * try {
 *   await show(pl.DataFrame({ n: [1, 2] }));
 * } finally {
 *   console.log = log;
 * }
 * assert.match(printed[0]!, /shape: \(2, 1\)/);
 * ```
 */
export async function show(value: unknown, options: DisplayFrameOptions = {}): Promise<void> {
  const bundle = await bundleOf(value, options);
  if (!inJupyterKernel()) {
    console.log(bundle["text/plain"]);
    return;
  }
  const jupyter = (Deno as unknown as { jupyter: KernelJupyter }).jupyter;
  const watch = await kernelWatch(jupyter);
  try {
    await _publish(bundle, jupyter, watch);
  } finally {
    watch?.close();
  }
}

/** The way md writes a number: whole numbers as they are, others to two decimals. */
function formatNumber(n: number): string {
  const whole = Number.isInteger(n);
  return n.toLocaleString("en-US", {
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: whole ? 0 : 2,
    // Years read as years: separators only from 10,000, as in the tables.
    useGrouping: Math.abs(n) >= 10_000,
  });
}

/** One substitution of md, as text. */
function formatValue(value: unknown, at: () => string): string {
  if (typeof value === "string") return value;
  if (typeof value === "number") {
    if (!Number.isFinite(value)) {
      throw invalidArgument(`Cannot write ${value} into markdown ${at()}: compute a number`);
    }
    return formatNumber(value);
  }
  if (typeof value === "bigint") return String(value);
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) {
      throw invalidArgument(`Cannot write an invalid date into markdown ${at()}`);
    }
    return isoDate(value);
  }
  if (Array.isArray(value)) {
    const parts = value.map((v) => formatValue(v, at));
    return parts.length < 2
      ? parts.join("")
      : `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}`;
  }
  if (typeof value === "boolean") return String(value);
  if (isMarkdown(value)) return value.text;
  throw invalidArgument(
    `Cannot write ${value === null ? "null" : typeof value} into markdown ${at()}: ` +
      "pass a string, a number, a date or an array of them",
  );
}

const MARKDOWN = Symbol("ecos.markdown");

const isMarkdown = (value: unknown): value is Markdown =>
  typeof value === "object" && value !== null && MARKDOWN in value;

/** Markdown for {@linkcode show}: its text, displayed as `text/markdown`. */
export interface Markdown {
  /** The markdown text. */
  readonly text: string;
  /** The Jupyter display: `text/markdown`, and the same text as `text/plain`. */
  [JUPYTER_DISPLAY](): MimeBundle;
  /** The markdown text. */
  toString(): string;
}

/**
 * A tagged template for computed prose: numbers, dates and lists written the way a reader expects,
 * so that a sentence about the data needs no formatting code. Whole numbers are written as they are
 * (`2024`, `312`; with separators from 10,000: `12,345`), other numbers to two decimals (`3.50`),
 * dates as `YYYY-MM-DD`, arrays as "a, b and c", strings and other `md` prose as given (markdown
 * included). A value that is `undefined`, `null`, `NaN`, infinite or an object is an error rather
 * than a word in the prose. Show the result with {@linkcode show}.
 *
 * @param strings The template's fixed text.
 * @param values The substitutions.
 * @returns The markdown.
 * @throws {EcosError} INVALID_ARGUMENT for a substitution that is not a string, `md` prose, a
 * finite number, a bigint, a boolean, a valid date, or an array of them; the message names the
 * text before it.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { md } from "./show.ts";
 *
 * const months = ["2024-01", "2024-02", "2024-03"];
 * const text = md`Above ${3.5}% in ${months}, from ${new Date("2024-01-01")}; ${12345} rows.`;
 * assert.equal(
 *   text.toString(),
 *   "Above 3.50% in 2024-01, 2024-02 and 2024-03, from 2024-01-01; 12,345 rows.",
 * );
 * assert.equal(String(md`${true ? md`Up ${2}` : "Down"}.`), "Up 2.");
 * assert.throws(() => md`Peak in ${undefined}`, /Cannot write undefined into markdown/);
 * ```
 */
export function md(strings: TemplateStringsArray, ...values: unknown[]): Markdown {
  let text = strings[0] ?? "";
  values.forEach((value, i) => {
    const at = () => `after ${JSON.stringify(text.slice(-40))}`;
    text += formatValue(value, at) + (strings[i + 1] ?? "");
  });
  return {
    text,
    [JUPYTER_DISPLAY]: () => ({ "text/markdown": text, "text/plain": text }),
    toString: () => text,
    [MARKDOWN]: true,
  } as Markdown;
}
