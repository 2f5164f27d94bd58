/**
 * The module for notebooks and anywhere Polars frames should show as readable HTML tables:
 * everything `mod.ts` exports, with the frame display installed on import
 * ({@linkcode installFrameDisplay}), outside the Jupyter kernel too (where `mod.ts` already
 * installs it).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { JUPYTER_DISPLAY, pl } from "@ecos/ecos/jupyter";
 *
 * const df = pl.DataFrame({ TIME: [new Date("2024-01-01")] })
 *   .withColumns(pl.col("TIME").cast(pl.Date));
 * const show = (df as unknown as { [JUPYTER_DISPLAY](): Record<string, unknown> })[JUPYTER_DISPLAY];
 * const bundle = show.call(df);
 * assert.match(String(bundle["text/html"]), /<td[^>]*>2024-01-01<\/td>/);
 * ```
 *
 * @module
 */

import { installFrameDisplay } from "./display.ts";

export * from "../../mod.ts";

installFrameDisplay();
