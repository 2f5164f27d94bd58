/// <reference lib="dom" />
/**
 * A host page for the chart app's browser test (tests/mcp/chart_browser_test.ts), run in
 * Chromium, not by Deno: it frames the view (`ui://ecos/chart.html`) and talks to it with the
 * MCP Apps package's own host-side bridge (AppBridge over postMessage), as a chat client does.
 * The view's tool calls go to the test's server (`POST /call`), which asks the MCP server.
 *
 * @module
 */

import {
  AppBridge,
  PostMessageTransport,
} from "npm:@modelcontextprotocol/ext-apps@1.7.5/app-bridge";

const get = async (path: string) => (await fetch(path)).json();

const [html, first] = await Promise.all([
  fetch("/view").then((r) => r.text()),
  get("/initial") as Promise<{ arguments: Record<string, unknown>; result: never }>,
]);

// Same origin as this page, so that the test can read the view's document.
const frame = document.createElement("iframe");
frame.sandbox.add("allow-scripts", "allow-same-origin", "allow-forms");
frame.style.width = "800px";
frame.style.height = "520px";
document.body.append(frame);

const bridge = new AppBridge(null, { name: "ecos-test-host", version: "1.0.0" }, {
  serverTools: {},
});
bridge.oncalltool = async (params) => {
  const res = await fetch("/call", { method: "POST", body: JSON.stringify(params) });
  return await res.json();
};
bridge.oninitialized = () => {
  void bridge.sendToolInput({ arguments: first.arguments })
    .then(() => bridge.sendToolResult(first.result));
};
// Listening before the view loads: its first message is its initialize request.
await bridge.connect(new PostMessageTransport(frame.contentWindow!, frame.contentWindow!));
frame.srcdoc = html;
document.body.dataset.host = "ready";
