/**
 * The chart app in a real browser: headless Chromium loads a host page that frames the view
 * (`ui://ecos/chart.html`) with the MCP Apps package's host-side bridge; the chart draws, a
 * point shows its values on hover, and another range comes through the host from the MCP
 * server. Driven over the DevTools protocol. Without Chromium (/usr/bin/chromium, installed by
 * .ci/run from Debian) the test is skipped with a message, except in CI (CI=true), where it
 * fails.
 */

import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
// @ts-types="npm:@modelcontextprotocol/sdk@1.32.2/inMemory"
import { InMemoryTransport } from "npm:@modelcontextprotocol/sdk@1.32.2/inMemory.js";
import { connect } from "../../src/connect.ts";
import { createEcosMcpServer } from "../../src/mcp/mod.ts";
import { tempDir } from "../testdata/temp_dir.ts";
import { Client } from "./_mcp.ts";

const CHROMIUM = "/usr/bin/chromium";
// Whether this is CI, where the browser check must run: read, not a setting a test changes.
const ci = Deno.env.get("CI") === "true";
const missing = await Deno.stat(CHROMIUM).then(() => undefined, () => `${CHROMIUM} is absent`);
if (missing !== undefined && !ci) {
  console.log(`chart_browser_test: not running the browser check: ${missing}`);
}

/** The host page's script: the package's AppBridge, bundled for the browser. */
async function hostScript(): Promise<string> {
  const entry = fileURLToPath(new URL("../testdata/mcp/chart_host.ts", import.meta.url));
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["bundle", "--quiet", "--no-config", "--platform", "browser", entry],
    stdout: "piped",
    stderr: "piped",
  }).output();
  assert.ok(out.success, new TextDecoder().decode(out.stderr));
  return new TextDecoder().decode(out.stdout).replace(/<\/(script)/gi, "<\\/$1");
}

/** A DevTools protocol connection: commands by id, events to listeners. */
class Cdp {
  #ws: WebSocket;
  #id = 0;
  #pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  events: { method: string; params: Record<string, unknown>; sessionId?: string }[] = [];

  private constructor(ws: WebSocket) {
    this.#ws = ws;
    ws.onmessage = (e) => {
      const m = JSON.parse(e.data as string);
      if (m.id === undefined) return void this.events.push(m);
      const p = this.#pending.get(m.id);
      this.#pending.delete(m.id);
      if (m.error) p?.reject(new Error(`${m.error.message} ${m.error.data ?? ""}`));
      else p?.resolve(m.result);
    };
    ws.onclose = () => {
      for (const p of this.#pending.values()) p.reject(new Error("DevTools connection closed"));
      this.#pending.clear();
    };
  }

  static async open(url: string): Promise<Cdp> {
    const ws = new WebSocket(url);
    await new Promise((resolve, reject) => {
      ws.onopen = resolve;
      ws.onerror = () => reject(new Error(`Cannot open ${url}`));
    });
    return new Cdp(ws);
  }

  send<T = Record<string, unknown>>(
    method: string,
    params: Record<string, unknown> = {},
    sessionId?: string,
  ): Promise<T> {
    const id = ++this.#id;
    const { promise, resolve, reject } = Promise.withResolvers<unknown>();
    this.#pending.set(id, { resolve, reject });
    this.#ws.send(JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) }));
    return promise as Promise<T>;
  }

  close(): void {
    this.#ws.close();
  }
}

/** Evaluates an expression in the page (awaiting a promise), and returns its value. */
async function evaluate<T>(cdp: Cdp, sessionId: string, expression: string): Promise<T> {
  const r = await cdp.send<{ result: { value: T }; exceptionDetails?: { text: string } }>(
    "Runtime.evaluate",
    { expression, awaitPromise: true, returnByValue: true },
    sessionId,
  );
  if (r.exceptionDetails) {
    throw new Error(`In the page: ${JSON.stringify(r.exceptionDetails).slice(0, 500)}`);
  }
  return r.result.value;
}

/**
 * A page expression: resolves when the view's body says `state` (and `range`, if given), as
 * a MutationObserver sees it; rejects after 30 s with what it says then.
 */
const whenView = (range?: string) =>
  `new Promise((resolve, reject) => {
  const doc = () => document.querySelector("iframe")?.contentDocument;
  const check = () => {
    const body = doc()?.body;
    if (body?.dataset.state === "error") reject(new Error(body.textContent));
    if (body?.dataset.state === "drawn" && ${
    range === undefined ? "true" : `body.dataset.range === "${range}"`
  }) {
      resolve({
        points: Number(body.dataset.points),
        range: body.dataset.range,
        lines: doc().querySelectorAll("#chart svg .mark-line path").length,
        status: doc().getElementById("status").textContent,
      });
      return true;
    }
    return false;
  };
  // The host's page until the frame exists, then the view's document each time it loads.
  let framed;
  const follow = () => {
    const frame = document.querySelector("iframe");
    if (!frame || frame === framed) return;
    framed = frame;
    watch(doc());
    frame.addEventListener("load", () => { watch(doc()); if (check()) seen.disconnect(); });
  };
  const seen = new MutationObserver(() => { follow(); if (check()) seen.disconnect(); });
  const watch = (d) => d && seen.observe(d, { subtree: true, attributes: true, childList: true });
  watch(document);
  follow();
  if (check()) return seen.disconnect();
  setTimeout(() => reject(new Error("not drawn in 30 s: " + doc()?.body?.outerHTML.slice(0, 300))), 30000);
})`;

Deno.test({
  name:
    "the chart app draws in headless Chromium, shows values on hover, and fetches another range through the host",
  ignore: missing !== undefined && !ci,
  async fn() {
    if (missing !== undefined) {
      throw new Error(
        `Install Chromium to run the browser check (apt-get install chromium): ${missing}`,
      );
    }
    await using session = await connect({ env: {}, quiet: true });
    const server = await createEcosMcpServer({ client: session.client });
    const [a, b] = InMemoryTransport.createLinkedPair();
    await server.connect(a);
    const client = new Client({ name: "browser-test", version: "1.0.0" });
    await client.connect(b);
    await using dir = await tempDir("ecos_chromium_");

    const first = { stat_code: "901Y009", cycle: "M", start: "202301", end: "202312", items: "0" };
    const [view, script, initial] = await Promise.all([
      client.readResource({ uri: "ui://ecos/chart.html" }),
      hostScript(),
      client.callTool({ name: "chart_series", arguments: first }),
    ]);
    const html = (view.contents[0] as { text: string }).text;
    const calls: Record<string, unknown>[] = [];
    const http = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, async (req) => {
      const path = new URL(req.url).pathname;
      if (path === "/") {
        return new Response(
          `<!doctype html><html><body><script type="module">${script}</script></body></html>`,
          { headers: { "content-type": "text/html; charset=utf-8" } },
        );
      }
      if (path === "/view") return new Response(html);
      if (path === "/initial") return Response.json({ arguments: first, result: initial });
      if (path === "/call" && req.method === "POST") {
        const params = await req.json() as { name: string; arguments: Record<string, unknown> };
        calls.push(params);
        return Response.json(await client.callTool(params));
      }
      return new Response("not found", { status: 404 });
    });
    const origin = `http://127.0.0.1:${http.addr.port}`;

    const chromium = new Deno.Command(CHROMIUM, {
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-proxy-server",
        "--disable-crash-reporter",
        "--disable-breakpad",
        "--remote-debugging-port=0",
        `--user-data-dir=${dir.path}/profile`,
        "about:blank",
      ],
      clearEnv: true,
      env: { HOME: dir.path },
      stdin: "null",
      stdout: "null",
      stderr: "piped",
    }).spawn();
    let cdp: Cdp | undefined;
    try {
      // "DevTools listening on ws://127.0.0.1:PORT/devtools/browser/ID" on stderr.
      const lines = chromium.stderr.pipeThrough(new TextDecoderStream()).getReader();
      let err = "";
      let wsUrl: string | undefined;
      while (wsUrl === undefined) {
        const { value, done } = await lines.read();
        if (done) throw new Error(`Chromium ended before DevTools listened:\n${err}`);
        err += value;
        wsUrl = /DevTools listening on (ws:\/\/\S+)/.exec(err)?.[1];
      }
      // The rest of stderr is read and dropped, so that Chromium never blocks on it.
      void (async () => {
        for (;;) if ((await lines.read().catch(() => ({ done: true }))).done) return;
      })();
      cdp = await Cdp.open(wsUrl);
      const { targetId } = await cdp.send<{ targetId: string }>("Target.createTarget", {
        url: "about:blank",
      });
      const { sessionId } = await cdp.send<{ sessionId: string }>("Target.attachToTarget", {
        targetId,
        flatten: true,
      });
      await cdp.send("Network.enable", {}, sessionId);
      await cdp.send("Page.enable", {}, sessionId);
      await cdp.send("Page.navigate", { url: `${origin}/` }, sessionId);

      const drawn = await evaluate<{ points: number; range: string; lines: number }>(
        cdp,
        sessionId,
        whenView(),
      );
      assert.deepEqual({ points: drawn.points, range: drawn.range, lines: drawn.lines }, {
        points: 12,
        range: "202301-202312",
        lines: 1,
      });

      // Hover: the pointer on a point, and vega's tooltip gives its values.
      const at = await evaluate<{ x: number; y: number }>(
        cdp,
        sessionId,
        `(() => {
          const frame = document.querySelector("iframe").getBoundingClientRect();
          const doc = document.querySelector("iframe").contentDocument;
          const points = doc.querySelectorAll("#chart svg .mark-symbol path");
          const r = points[points.length - 1].getBoundingClientRect();
          return { x: frame.left + r.left + r.width / 2, y: frame.top + r.top + r.height / 2 };
        })()`,
      );
      // The tooltip is awaited as the page sees it change, not read at once: the pointer's
      // events reach the frame when Chromium gets to them.
      const tip = evaluate<string>(
        cdp,
        sessionId,
        `new Promise((resolve, reject) => {
          const chart = document.querySelector("iframe").contentDocument.getElementById("chart");
          const done = () => chart.getAttribute("title") && resolve(chart.getAttribute("title"));
          new MutationObserver(done).observe(chart, { attributes: true, attributeFilter: ["title"] });
          done();
          setTimeout(() => reject(new Error("no tooltip in 30 s")), 30000);
        })`,
      );
      tip.catch(() => {}); // awaited below; handled at once in case the moves fail first
      for (const [dx, dy] of [[-20, -20], [0, 0]]) {
        await cdp.send("Input.dispatchMouseEvent", {
          type: "mouseMoved",
          x: at.x + dx!,
          y: at.y + dy!,
        }, sessionId);
      }
      const last = (initial.structuredContent as {
        series: { summary: { last: { value: number } } }[];
      }).series[0]!.summary.last.value;
      const text = await tip;
      assert.match(text, /2023/, `the tooltip names the period: ${text}`);
      assert.ok(text.includes(String(last)), `the tooltip holds the value ${last}: ${text}`);

      // Another range: the view's form, then the call goes through the host to the server.
      await evaluate(
        cdp,
        sessionId,
        `(() => {
          const doc = document.querySelector("iframe").contentDocument;
          doc.getElementById("start").value = "202201";
          doc.getElementById("end").value = "202312";
          doc.getElementById("range").requestSubmit();
        })()`,
      );
      const again = await evaluate<{ points: number; range: string }>(
        cdp,
        sessionId,
        whenView("202201-202312"),
      );
      assert.equal(again.points, 24);
      assert.deepEqual(calls.map(({ name, arguments: args }) => ({ name, args })), [{
        name: "chart_series",
        args: { ...first, start: "202201", end: "202312" },
      }]);

      // Nothing but this test's server was asked for anything: vega came with the page.
      const urls = cdp.events
        .filter((e) => e.method === "Network.requestWillBeSent")
        .map((e) => (e.params.request as { url: string }).url);
      assert.ok(urls.length >= 4, urls.join("\n"));
      assert.deepEqual(urls.filter((u) => !u.startsWith(`${origin}/`)), []);
    } finally {
      // Closed as a user closes it, so that its helper processes end with it and leave the
      // profile alone; killed only if it does not end within 10 s.
      await cdp?.send("Browser.close").catch(() => {});
      cdp?.close();
      let timer: ReturnType<typeof setTimeout> | undefined;
      const ended = await Promise.race([
        chromium.status.then(() => true),
        new Promise<boolean>((resolve) => (timer = setTimeout(resolve, 10_000, false))),
      ]);
      clearTimeout(timer);
      if (!ended) {
        chromium.kill("SIGKILL");
        await chromium.status;
      }
      await http.shutdown();
      await client.close();
      await server.close();
    }
  },
});
