/**
 * The chart app's HTML (`ui://ecos/chart.html`): a page with the view (src/mcp/chart_view.ts)
 * bundled in, vega and vega-lite included, so that a host's sandboxed frame loads nothing from
 * the network. The bundle is made once a process, when a host first reads the resource, by
 * `deno bundle` from the pinned packages in Deno's cache.
 *
 * @module
 */

/** The URI of the chart app's view. */
export const CHART_URI = "ui://ecos/chart.html";

/** The view's page around its script. */
function page(script: string): string {
  // A script may not hold its own end tag: "<\/script" reads the same in every JS context.
  const inline = script.replace(/<\/(script)/gi, "<\\/$1");
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>ECOS chart</title>
<style>
  body { font: 13px system-ui, sans-serif; margin: 8px; color: #222; background: #fff; }
  form { display: flex; gap: 6px; align-items: center; margin-bottom: 6px; }
  input { width: 7em; }
  #status { color: #555; margin: 4px 0; }
  #chart { overflow-x: auto; }
</style>
</head>
<body data-state="waiting">
<form id="range">
  <label>From <input id="start" name="start" placeholder="202001"></label>
  <label>to <input id="end" name="end" placeholder="202412"></label>
  <button type="submit">Show</button>
</form>
<div id="status">Waiting for the data...</div>
<div id="chart"></div>
<script type="module">${inline}</script>
</body>
</html>
`;
}

let built: Promise<string> | undefined;

/**
 * The chart app's HTML, made once a process.
 *
 * @returns The page.
 * @throws {Error} When the view cannot be bundled (Deno cannot run, or the packages cannot
 * be had): the message says why; the tool's text answer does not depend on it.
 */
export function chartHtml(): Promise<string> {
  built ??= bundleView().then(page);
  // A failure is not kept: the next read tries again.
  built.catch(() => (built = undefined));
  return built;
}

async function bundleView(): Promise<string> {
  const entry = new URL("./chart_view.ts", import.meta.url).href;
  const out = await new Deno.Command(Deno.execPath(), {
    // --no-config: the user's project (its import map, its lock) has no say in the view.
    args: ["bundle", "--quiet", "--no-config", "--platform", "browser", "--minify", entry],
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).output();
  if (!out.success) {
    const reason = new TextDecoder().decode(out.stderr).trim().split("\n").slice(0, 5).join("\n");
    throw new Error(`Cannot bundle the chart's view with deno bundle: ${reason}`);
  }
  return new TextDecoder().decode(out.stdout);
}
