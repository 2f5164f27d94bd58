/**
 * How DataFrames look in Jupyter.
 *
 * nodejs-polars 0.25.2 gives every DataFrame its own `Symbol.for("Jupyter.display")` method
 * (see `bin/dataframe.js` in the package). It returns the first 50 rows as
 * `application/vnd.dataresource+json` and as `text/html` built with `String(value)` for each
 * cell. Two things follow: a Date cell reads "Sun Apr 14 2019 00:00:00 GMT+0000 (Coordinated
 * Universal Time)", and VS Code, which prefers the dataresource bundle and has no renderer for
 * it, shows a blank output.
 *
 * A frame is not an instance of a class: each one is a fresh object literal (wrapped in a
 * Proxy) whose display method is an own property, so there is no prototype to patch. Every
 * frame, whichever operation made it (`filter`, `join`, `groupBy().agg()`, `collect()`,
 * `readParquet()`, ...), is built by one factory, the `_DataFrame` export of the package's
 * `bin/dataframe.js`, and the package's other modules call it through that exports object.
 * {@linkcode installFrameDisplay} wraps this factory (found in the CommonJS module cache,
 * matched by identity with the `DataFrame` this module uses) so that each new frame carries a
 * display method producing `text/html` (ISO dates, escaped text, a shape line, head and tail
 * for long frames) and `text/plain` (Polars' own table), and no dataresource bundle. Importing
 * this module changes nothing: `mod.ts` installs the display only inside the Jupyter kernel
 * (where `Deno.jupyter` exists), and the `./jupyter` entry installs it wherever it is imported.
 * Installing again replaces the display without
 * stacking wrappers. Frames made before the import keep the package's display.
 * {@linkcode displayFrame} does the same for one frame, explicitly, with its own options.
 *
 * @module
 */

import { type DataFrame, pl } from "../deps.ts";
import { checkLimit, type DisplayFrameOptions, frameToHtml } from "./table.ts";

export { type DisplayFrameOptions, frameToHtml } from "./table.ts";

/**
 * The symbol Jupyter kernels for JavaScript (Deno's among them) look up on a cell's value to
 * get its rich representation.
 */
export const JUPYTER_DISPLAY: unique symbol = Symbol.for("Jupyter.display");

/** A Jupyter mime bundle: output data keyed by media type. */
export interface MimeBundle {
  /** The plain-text form every frontend can show. */
  "text/plain": string;
  /** Any richer forms, keyed by media type. */
  [mediaType: string]: unknown;
}

/** A value a Jupyter cell shows through its mime bundle. */
export interface Displayable {
  /** Returns the value's mime bundle. */
  [JUPYTER_DISPLAY](): MimeBundle | Promise<MimeBundle>;
}

/** The mime bundle of a frame: HTML table and Polars' text table, no dataresource. */
function frameBundle(df: DataFrame, options: DisplayFrameOptions): MimeBundle {
  return { "text/html": frameToHtml(df, options), "text/plain": df.toString() };
}

/**
 * Wraps a frame for display in a notebook cell: as a cell's last expression, it shows as an
 * HTML table with readable dates (see {@linkcode frameToHtml}), with as many rows and columns
 * as asked for. Frames need no wrapping in a notebook that imported `mod.ts` (see
 * {@linkcode installFrameDisplay}); use this to show more rows, or to show a frame from a copy
 * of nodejs-polars the module does not share. In a notebook, `show(df, { rows })` does the same
 * and waits until the kernel has sent the table on (a last expression may be lost: see `show`).
 *
 * @param df The frame.
 * @param options How many rows and columns to show.
 * @returns A value whose Jupyter display is the frame's table.
 * @throws {EcosError} INVALID_ARGUMENT when `rows` or `columns` is not a whole number of at
 * least 1.
 *
 * @example Show 20 rows
 * ```ts
 * import assert from "node:assert/strict";
 * import { displayFrame, JUPYTER_DISPLAY } from "./display.ts";
 * import { pl } from "../deps.ts";
 *
 * const df = pl.DataFrame({ n: Array.from({ length: 100 }, (_, i) => i) });
 * const shown = displayFrame(df, { rows: 20 });
 * const bundle = await shown[JUPYTER_DISPLAY]();
 * assert.match(String(bundle["text/html"]), /shape: \(100, 1\)/);
 * ```
 */
export function displayFrame(df: DataFrame, options: DisplayFrameOptions = {}): Displayable {
  checkLimit("rows", options.rows, 10);
  checkLimit("columns", options.columns, 12);
  return {
    [JUPYTER_DISPLAY]: () => frameBundle(df, options),
  };
}

type FrameFactory = ((raw: unknown) => DataFrame) & { [ORIGINAL]?: FrameFactory };
const ORIGINAL = Symbol.for("ecos.frameDisplay.original");

/** The exports object of nodejs-polars' `bin/dataframe.js`, the one `pl` was loaded from. */
function polarsFrameModule(): { _DataFrame: FrameFactory } | undefined {
  // node:module is loaded here, when a display is installed, not when the module is imported:
  // loading it costs more than a tenth of importing mod.ts.
  const process = (globalThis as { process?: { getBuiltinModule?(id: string): unknown } })
    .process;
  const nodeModule = process?.getBuiltinModule?.("node:module");
  const cache = (nodeModule as { _cache?: Record<string, { exports?: unknown }> } | undefined)
    ?._cache;
  if (cache === undefined || cache === null) return undefined;
  for (const entry of Object.values(cache)) {
    const exports = entry?.exports as Record<string, unknown> | undefined;
    if (typeof exports !== "object" || exports === null) continue;
    if (exports.DataFrame !== pl.DataFrame) continue;
    const factory = Object.getOwnPropertyDescriptor(exports, "_DataFrame");
    if (factory?.writable && typeof factory.value === "function") {
      return exports as unknown as { _DataFrame: FrameFactory };
    }
  }
  return undefined;
}

/**
 * The frame factory of nodejs-polars as it is now, and the one it wraps; for tests.
 *
 * @returns The current factory and the package's own, or `undefined` when not found.
 * @internal
 */
export function _frameFactories(): { current: FrameFactory; original: FrameFactory } | undefined {
  const module = polarsFrameModule();
  if (!module) return undefined;
  const current = module._DataFrame;
  return { current, original: current[ORIGINAL] ?? current };
}

/**
 * Makes every DataFrame created from now on display in Jupyter as an HTML table with readable
 * dates (see {@linkcode frameToHtml}) plus Polars' text table, and no dataresource bundle, so
 * that JupyterLab, classic Notebook, VS Code and GitHub all show a table. Frames the module
 * returns and frames derived from them (filter, join, pivot, ...) are covered. `mod.ts` calls
 * it with the defaults inside the Jupyter kernel, and so does importing `./jupyter` anywhere;
 * call it again to change the number of rows shown.
 *
 * It wraps nodejs-polars' internal frame factory (see the module documentation for why a
 * prototype does not exist to patch). Calling it again replaces the display; it never stacks.
 *
 * @param options How many rows and columns to show.
 * @returns `true` when the display is installed, `false` when this copy of nodejs-polars could
 * not be found (frames then keep the package's own display; {@linkcode displayFrame} still
 * works).
 * @throws {EcosError} INVALID_ARGUMENT when `rows` or `columns` is not a whole number of at
 * least 1.
 *
 * @example Show up to 20 rows of every frame
 * ```ts
 * import assert from "node:assert/strict";
 * import { installFrameDisplay, JUPYTER_DISPLAY } from "./display.ts";
 * import { pl } from "../deps.ts";
 *
 * installFrameDisplay({ rows: 20 });
 * const df = pl.DataFrame({ n: [1, 2, 3] }).filter(pl.col("n").gt(1));
 * const bundle = (df as unknown as { [JUPYTER_DISPLAY](): Record<string, unknown> })[JUPYTER_DISPLAY]();
 * assert.ok(!("application/vnd.dataresource+json" in bundle));
 * assert.match(String(bundle["text/html"]), /shape: \(2, 1\)/);
 * installFrameDisplay();
 * ```
 */
export function installFrameDisplay(options: DisplayFrameOptions = {}): boolean {
  checkLimit("rows", options.rows, 10);
  checkLimit("columns", options.columns, 12);
  const module = polarsFrameModule();
  if (!module) return false;
  const original = module._DataFrame[ORIGINAL] ?? module._DataFrame;
  const display = function (this: DataFrame): MimeBundle {
    return frameBundle(this, options);
  };
  const factory: FrameFactory = (raw: unknown) => {
    const df = original(raw);
    Object.defineProperty(df, JUPYTER_DISPLAY, {
      value: display,
      configurable: true,
      writable: true,
      enumerable: false,
    });
    return df;
  };
  factory[ORIGINAL] = original;
  module._DataFrame = factory;
  return true;
}

/**
 * Whether this code runs inside Deno's Jupyter kernel, the one place where `Deno.jupyter`
 * exists.
 *
 * @returns `true` in the kernel.
 */
export function inJupyterKernel(): boolean {
  try {
    // Outside the kernel, reading Deno.jupyter throws rather than giving undefined.
    return typeof (Deno as unknown as { jupyter?: unknown }).jupyter === "object";
  } catch {
    return false;
  }
}
