/**
 * `ecos mcp --http`: Streamable HTTP on loopback, talked to with the SDK's own client, and the
 * checks against DNS rebinding (a Host or Origin that is not this machine's gets 403).
 */

import assert from "node:assert/strict";
// @ts-types="npm:@modelcontextprotocol/sdk@1.32.2/client/streamableHttp"
import { StreamableHTTPClientTransport } from "npm:@modelcontextprotocol/sdk@1.32.2/client/streamableHttp.js";
import { connect } from "../../src/connect.ts";
import { createEcosMcpServer } from "../../src/mcp/mod.ts";
import { serveHttp } from "../../src/mcp/http.ts";
import { childEnv, Client, INITIALIZE_REQUEST, readResult, REPO_DIR } from "./_mcp.ts";

const INITIALIZE = JSON.stringify(INITIALIZE_REQUEST);

async function startHttp() {
  const session = await connect({ env: {}, quiet: true });
  const server = await serveHttp(() => createEcosMcpServer({ client: session.client }), {
    port: 0,
  });
  return {
    url: server.url,
    async [Symbol.asyncDispose]() {
      await server.close();
      await session.close();
    },
  };
}

Deno.test("ecos mcp over HTTP serves the tools to the SDK's client, with progress", async () => {
  await using http = await startHttp();
  assert.match(http.url, /^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
  const client = new Client({ name: "http-test", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(http.url)));
  try {
    const { tools } = await client.listTools();
    assert.ok(tools.some((t) => t.name === "get_series"));
    const seen: { progress: number }[] = [];
    const r = readResult(
      await client.callTool(
        { name: "get_named_series", arguments: { name: "cpi", start: "202401", end: "202403" } },
        undefined,
        { onprogress: (p: { progress: number }) => seen.push(p) },
      ),
    );
    assert.equal(r.isError, false, r.texts.join("\n"));
    assert.equal(r.data?.total_rows, 3);
    assert.equal(seen[0]?.progress, 0, "the start is announced");
    // The newer tools, the chart's result and its view, over HTTP as over stdio.
    const term = readResult(
      await client.callTool({
        name: "define_term",
        arguments: { word: "기준금리", language: "en" },
      }),
    );
    assert.equal((term.data?.entries as { word: string }[])[0]?.word, "Base rate");
    const chart = await client.callTool({
      name: "chart_series",
      arguments: {
        stat_code: "722Y001",
        cycle: "m",
        start: "202401",
        end: "202406",
        items: "0101000",
      },
    });
    assert.ok((chart._meta as Record<string, unknown>)["ecos/chart"] !== undefined);
    const { contents } = await client.readResource({ uri: "ui://ecos/chart.html" });
    assert.equal(contents[0]?.mimeType, "text/html;profile=mcp-app");
    const { prompts } = await client.listPrompts();
    assert.deepEqual(prompts.map((p) => p.name), ["indicator_briefing", "compare_series"]);
    // A second client gets a session of its own.
    const other = new Client({ name: "http-test-2", version: "1.0.0" });
    await other.connect(new StreamableHTTPClientTransport(new URL(http.url)));
    const keys = readResult(await other.callTool({ name: "key_statistics", arguments: {} }));
    assert.equal(keys.isError, false);
    await other.close();
  } finally {
    await client.close();
  }
});

Deno.test("ecos mcp over HTTP refuses a Host or an Origin that is not this machine's (403)", async (t) => {
  await using http = await startHttp();
  const { host } = new URL(http.url);
  const { port } = new URL(http.url);
  // A raw request: fetch() writes its own Host, whatever the headers say.
  const post = async (headers: Record<string, string>) => {
    const conn = await Deno.connect({ hostname: "127.0.0.1", port: Number(port) });
    const body = new TextEncoder().encode(INITIALIZE);
    const head = Object.entries({
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      "content-length": String(body.length),
      connection: "close",
      ...headers,
    }).map(([k, v]) => `${k}: ${v}\r\n`).join("");
    await conn.write(new TextEncoder().encode(`POST /mcp HTTP/1.1\r\n${head}\r\n`));
    await conn.write(body);
    let text = "";
    // Connection: close; the answer (JSON, or one SSE event) ends the stream.
    for await (const chunk of conn.readable.pipeThrough(new TextDecoderStream())) text += chunk;
    return { status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1]), text };
  };
  await t.step("a rebound name", async () => {
    const r = await post({ host: `evil.example:${port}` });
    assert.equal(r.status, 403);
    assert.match(r.text, /Host \\"evil\.example:\d+\\" is not this server's address/);
  });
  await t.step("the right name on another port", async () => {
    const r = await post({ host: "localhost:1" });
    assert.equal(r.status, 403);
  });
  await t.step("a page of another site", async () => {
    const r = await post({ host, origin: "http://evil.example" });
    assert.equal(r.status, 403);
    assert.match(r.text, /Origin \\"http:\/\/evil\.example\\" is not a page of this machine/);
  });
  await t.step("a page of this machine passes", async () => {
    const r = await post({ host, origin: "http://localhost:3000" });
    assert.equal(r.status, 200, r.text);
  });
  await t.step("localhost as the Host passes", async () => {
    const r = await post({ host: `localhost:${port}` });
    assert.equal(r.status, 200, r.text);
  });
});

Deno.test("ecos mcp --http --port 0 prints its URL, serves, and stops on Ctrl-C", async () => {
  const home = await Deno.makeTempDir({ prefix: "ecos_mcp_home_" });
  try {
    const child = new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", "src/cli.ts", "mcp", "--http", "--port", "0"],
      cwd: REPO_DIR,
      clearEnv: true,
      env: childEnv(home),
      stdin: "null",
      stdout: "piped",
      stderr: "piped",
    }).spawn();
    const stderr = child.stderr.pipeThrough(new TextDecoderStream()).getReader();
    const errText = (async () => {
      let all = "";
      for (;;) {
        const { value, done } = await stderr.read();
        if (done) return all;
        all += value;
      }
    })();
    const lines = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
    let out = "";
    while (!out.includes("\n")) {
      const { value, done } = await lines.read();
      if (done) break;
      out += value;
    }
    const url = out.trim();
    assert.match(url, /^http:\/\/127\.0\.0\.1:\d+\/mcp$/, await Promise.race([errText, url]));
    const client = new Client({ name: "cli-http", version: "1.0.0" });
    await client.connect(new StreamableHTTPClientTransport(new URL(url)));
    const r = readResult(
      await client.callTool({ name: "search_tables", arguments: { query: "base rate" } }),
    );
    assert.equal(r.isError, false, r.texts.join("\n"));
    await client.close();
    child.kill("SIGINT");
    lines.releaseLock();
    await child.stdout.cancel().catch(() => {});
    const { code } = await child.status;
    assert.equal(code, 0, await errText);
    assert.match(await errText, /ecos mcp: \d+ tools over Streamable HTTP \(data: bundled\)/);
  } finally {
    await Deno.remove(home, { recursive: true });
  }
});
