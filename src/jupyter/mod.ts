/**
 * For notebooks, and anywhere Polars frames should show as readable HTML tables: the frame
 * display, installed on import (outside the Jupyter kernel too, where `mod.ts` already installs
 * it), with its options; the explicit display of a frame; and the charts.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { pl } from "@ecos/ecos";
 * import { JUPYTER_DISPLAY } from "@ecos/ecos/jupyter";
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

export {
  type Displayable,
  displayFrame,
  type DisplayFrameOptions,
  frameToHtml,
  inJupyterKernel,
  installFrameDisplay,
  JUPYTER_DISPLAY,
  type MimeBundle,
} from "./display.ts";
export {
  barChart,
  type BarChartOptions,
  Chart,
  type ChartOptions,
  lineChart,
  type LineChartOptions,
  type VegaLiteSpec,
} from "./plot.ts";

export type { DataFrame } from "../client/mod.ts";

installFrameDisplay();
