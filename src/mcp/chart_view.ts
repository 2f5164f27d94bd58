/// <reference lib="dom" />
/**
 * The chart app's view (MCP Apps), run in the host's browser frame, not by Deno: it is bundled
 * with vega, vega-lite and the MCP Apps client into `ui://ecos/chart.html` (src/mcp/chart_html.ts),
 * so that it loads nothing from the network. It draws the vega-lite specification that
 * `chart_series` sends in its result's `_meta` (the module's own line chart, src/jupyter/plot.ts),
 * shows each point's values on hover, and fetches other ranges by calling `chart_series`
 * through the host.
 *
 * The specifiers are pinned as in src/deps.ts (a test holds them equal): this file is the
 * entry of a browser bundle, and src/deps.ts brings Polars, which a browser cannot load.
 *
 * @module
 */

import { App } from "npm:@modelcontextprotocol/ext-apps@1.7.5";
import * as vega from "npm:vega@6.4.0";
import { compile, type TopLevelSpec } from "npm:vega-lite@6.5.0";

/** Where `chart_series` puts the chart in its result's `_meta`. */
const CHART_META = "ecos/chart";

type ToolResult = {
  isError?: boolean;
  content?: { type: string; text?: string }[];
  structuredContent?: Record<string, unknown>;
  _meta?: Record<string, unknown>;
};

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const status = (text: string) => ($("status").textContent = text);

const app = new App({ name: "ecos-chart", version: "0.1.0" }, {}, { autoResize: true });
let args: Record<string, unknown> = {};
let view: vega.View | undefined;

/** Draws a result of chart_series: its chart, or its text when it has none. */
async function draw(result: ToolResult): Promise<void> {
  const spec = result._meta?.[CHART_META] as TopLevelSpec | undefined;
  const text = (result.content ?? []).map((c) => c.text ?? "").join("\n");
  if (result.isError || spec === undefined) {
    document.body.dataset.state = "error";
    status(text || "No chart in this result");
    return;
  }
  const data = result.structuredContent ?? {};
  $<HTMLInputElement>("start").value = String(data.start ?? "");
  $<HTMLInputElement>("end").value = String(data.end ?? "");
  view?.finalize();
  const compiled = compile(spec).spec;
  // hover: the tooltip of the point under the pointer (vega's own handler: the title text).
  view = new vega.View(vega.parse(compiled), {
    renderer: "svg",
    container: "#chart",
    hover: true,
    logLevel: vega.Error,
  });
  await view.runAsync();
  const points = document.querySelectorAll("#chart svg .mark-symbol path").length;
  document.body.dataset.state = "drawn";
  document.body.dataset.points = String(points);
  document.body.dataset.range = `${data.start}-${data.end}`;
  status(`${data.start} to ${data.end}: ${points} points; hover a point for its values`);
}

app.ontoolinput = (params) => {
  args = { ...(params.arguments ?? {}) };
};
app.ontoolresult = (result) => void draw(result as ToolResult);

// Another range: the same call through the host, with the new start and end.
$<HTMLFormElement>("range").addEventListener("submit", (event) => {
  event.preventDefault();
  const start = $<HTMLInputElement>("start").value.trim();
  const end = $<HTMLInputElement>("end").value.trim();
  args = { ...args, start, end };
  document.body.dataset.state = "loading";
  status(`Fetching ${start} to ${end}...`);
  app.callServerTool({ name: "chart_series", arguments: args })
    .then((result) => draw(result as ToolResult))
    .catch((e: Error) => {
      document.body.dataset.state = "error";
      status(`Could not fetch the range: ${e.message}`);
    });
});

await app.connect();
