/**
 * `chart_series` through the SDK's client over stdio: its result links the MCP Apps view, the
 * view's resource is a self-contained page (vega bundled in, nothing fetched), and the text
 * answer stands alone for hosts without MCP Apps.
 */

import assert from "node:assert/strict";
import { startMcp } from "./_mcp.ts";
import { withHoverPoints } from "../../src/mcp/chart_tool.ts";

Deno.test("chart_series links ui://ecos/chart.html, sends the chart in _meta, and answers text", async () => {
  await using mcp = await startMcp();
  const { tools } = await mcp.client.listTools();
  const tool = tools.find((t) => t.name === "chart_series")!;
  assert.deepEqual(tool._meta?.ui, { resourceUri: "ui://ecos/chart.html" });
  assert.equal(tool._meta?.["ui/resourceUri"], "ui://ecos/chart.html", "and the older key");
  const result = await mcp.client.callTool({
    name: "chart_series",
    arguments: {
      stat_code: "722Y001",
      cycle: "M",
      start: "202301",
      end: "202312",
      items: "0101000",
    },
  });
  assert.notEqual(result.isError, true);
  const spec =
    (result._meta as Record<string, { layer?: { mark: unknown }[]; data?: { values: unknown[] } }>)[
      "ecos/chart"
    ]!;
  assert.equal(spec.data?.values.length, 12);
  assert.deepEqual(
    spec.layer?.map((l) => typeof l.mark === "string" ? l.mark : (l.mark as { type: string }).type),
    ["line", "point"],
    "the module's line, and points to hover",
  );
  const text = (result.content as { text: string }[])[0]!.text;
  assert.match(text, /\n### 0101000 한국은행 기준금리 \(unit: 연%\)\nSummary: 12 rows, 0 missing;/);
  assert.match(text, /is shown where the host displays MCP Apps; get_series gives the rows/);
  assert.doesNotMatch(text, /\| TIME \|/, "no rows in the text: the summary says it");
  assert.equal((result.structuredContent as { charted_series: number }).charted_series, 1);
});

Deno.test("the chart's view is one page with vega inside, which loads nothing from the network", async () => {
  await using mcp = await startMcp();
  const { contents } = await mcp.client.readResource({ uri: "ui://ecos/chart.html" });
  const [page] = contents as { uri: string; mimeType: string; text: string }[];
  assert.equal(page!.mimeType, "text/html;profile=mcp-app");
  const html = page!.text;
  assert.match(html, /^<!doctype html>/);
  assert.doesNotMatch(html, /<script[^>]+src=/i, "no script from elsewhere");
  assert.doesNotMatch(html, /<link[^>]+href=/i, "no stylesheet from elsewhere");
  assert.equal(html.match(/<\/script>/gi)?.length, 1, "one inline script, closed once");
  assert.ok(html.includes("vega-lite") && html.length > 500_000, "vega and vega-lite inside");
});

Deno.test("withHoverPoints() adds a transparent point layer under each line, in panels too", () => {
  const encoding = { x: { field: "TIME" }, y: { field: "VALUE" } };
  const spec = { vconcat: [{ layer: [{ mark: { type: "line" }, encoding }, { mark: "rule" }] }] };
  assert.deepEqual(withHoverPoints(spec), {
    vconcat: [{
      layer: [
        { mark: { type: "line" }, encoding },
        { mark: "rule" },
        { mark: { type: "point", opacity: 0, size: 80, filled: true }, encoding },
      ],
    }],
  });
});

Deno.test("the chart's view names its packages at the versions src/deps.ts pins", async () => {
  const read = (path: string) => Deno.readTextFile(new URL(`../../src/${path}`, import.meta.url));
  const [view, deps] = await Promise.all([read("mcp/chart_view.ts"), read("deps.ts")]);
  const named = [...view.matchAll(/from "(npm:[^"]+)"/g)].map((m) => m[1]!);
  assert.deepEqual(named, [
    "npm:@modelcontextprotocol/ext-apps@1.7.5",
    "npm:vega@6.4.0",
    "npm:vega-lite@6.5.0",
  ]);
  for (const specifier of named) assert.ok(deps.includes(`"${specifier}`), specifier);
});
