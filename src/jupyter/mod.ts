/**
 * For notebooks, and anywhere Polars frames should show as readable HTML tables: `show()`, the
 * way to show a frame, a chart or computed prose (`md`) that is never lost; the frame display,
 * installed on import (outside the Jupyter kernel too, where `mod.ts` already installs it), with
 * its options; and the charts.
 *
 * In a notebook, end each cell with `await show(...)`. Deno's kernel (2.9) now and then sends a
 * cell's bare last expression after it has reported the cell done, and nbconvert and JupyterLab
 * drop it; `show()` returns only once the kernel has sent the output on (see `show`).
 *
 * @example A notebook cell
 * ```ts ignore
 * import { connect, lineChart } from "@ecos/ecos";
 * import { md, show } from "@ecos/ecos/jupyter";
 *
 * await using session = await connect({ quiet: true });
 * const rate = await session.client.series("base_rate", { start: "201901", end: "202412" });
 * await show(rate);
 * await show(lineChart(rate, { x: "TIME", y: "DATA_VALUE", step: true }));
 * await show(md`${rate.height} months of the base rate.`);
 * ```
 *
 * @example The display every new frame carries
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

export { type Markdown, md, show } from "./show.ts";
export type { DataFrame } from "../client/mod.ts";

installFrameDisplay();
