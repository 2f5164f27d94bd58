/**
 * The MCP server: the tools registered on the official SDK's `McpServer`, each call run on one
 * client (its response cache and rate limiter apply), with the caller's cancellation, progress
 * notifications when the caller asks for them, the data's source in every answer, failures as
 * tool errors that say what to do, and the key in nothing it sends.
 *
 * @module
 */

import { Writable } from "node:stream";
import process from "node:process";
import {
  type CallToolResult,
  loadMcpApps,
  loadMcpSdk,
  type McpServer,
  type McpTransport,
  type RequestHandlerExtra,
  type ServerNotification,
  type ServerRequest,
} from "../deps.ts";
import { type EcosClient, type Progress, redact, type RequestOptions } from "../client/mod.ts";
import { type DataSource } from "../frame_info.ts";
import { isEcosError } from "../errors.ts";
import { NAMED_SERIES } from "../discovery/mod.ts";
import { count } from "../util/human.ts";
import { describeTable, keyStatistics, listItems, searchTables } from "./lookup_tools.ts";
import { getNamedSeries, getSeries } from "./series_tools.ts";
import { browseTables, defineTerm } from "./glossary_tools.ts";
import { chartSeries } from "./chart_tool.ts";
import { CHART_URI, chartHtml } from "./chart_html.ts";
import { strictArgs } from "./schemas.ts";
import { RESOURCES } from "./resources.ts";
import { PROMPTS } from "./prompts.ts";
import type { AnyTool } from "./tool.ts";
import { SAMPLE_DATA_NOTE, type SourceInfo, sourceInfo } from "./source.ts";

export { SAMPLE_DATA_NOTE, type SourceInfo, sourceInfo };

/** The server's name in the MCP handshake. */
export const SERVER_NAME = "ecos";

/** The server's version in the MCP handshake: the module's (deno.json; a test holds them equal). */
export const SERVER_VERSION = "0.1.0";

/**
 * Every tool, in the order a client lists them.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { TOOLS } from "./server.ts";
 *
 * assert.deepEqual(TOOLS.map((t) => t.name), [
 *   "search_tables", "list_items", "get_series", "get_named_series", "key_statistics",
 *   "describe_table", "define_term", "browse_tables", "chart_series",
 * ]);
 * ```
 */
export const TOOLS: readonly AnyTool[] = [
  searchTables,
  listItems,
  getSeries,
  getNamedSeries,
  keyStatistics,
  describeTable,
  defineTerm,
  browseTables,
  chartSeries,
];

/** The server's instructions: how the tools fit together, and where the data comes from. */
function instructions(source: DataSource): string {
  return "ECOS is the Bank of Korea's Economic Statistics System: Korean interest rates, " +
    "prices, GDP, money, exchange rates, surveys. Find tables with search_tables, their items " +
    "and cycles with list_items or describe_table, then values with get_series. " +
    `get_named_series knows ${Object.keys(NAMED_SERIES).join(", ")} by name; key_statistics ` +
    "gives about 100 headline indicators with their latest values; define_term explains a " +
    "term from the glossary; browse_tables walks the table tree; chart_series draws a chart " +
    "(an interactive one where the host shows MCP Apps). Periods are labels in the " +
    'cycle\'s shape: A "2020", S "2020S1", Q "2020Q1", M "202001", SM "202001S1", D ' +
    '"20200101". ' + sourceInfo(source).note;
}

/** Every string in a value with the secrets replaced by `***`. */
function scrub<T>(value: T, secrets: readonly string[]): T {
  if (typeof value === "string") return redact(value, secrets) as T;
  if (Array.isArray(value)) return value.map((v) => scrub(v, secrets)) as T;
  if (typeof value === "object" && value !== null) {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, scrub(v, secrets)]),
    ) as T;
  }
  return value;
}

/** Hints for a model after an error's own message, by code. */
const HINTS: Readonly<Record<string, string>> = {
  UNKNOWN_CODE: " (search_tables finds table codes; list_items gives a table's item codes " +
    "and cycles)",
  "INFO-100": " (the server's ECOS_API_KEY was refused: the user must set a valid key)",
};

/** The client's words for a cycle a table or an item does not have (src/client/_explain.ts). */
const MISSING_CYCLE = /\bin cycles [A-Z, ]+; not [A-Z]+$|^\S+ has cycles [A-Z, ]+; not [A-Z]+$/;

/**
 * The text of a tool error: the EcosError's code and message (what to do), argument names as
 * the tools spell them, never a stack.
 *
 * @param error Any caught value.
 * @returns The text.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { EcosError } from "../errors.ts";
 * import { errorText } from "./server.ts";
 *
 * assert.equal(
 *   errorText(new EcosError("INVALID_ARGUMENT", "Pass a non-empty statCode")),
 *   "INVALID_ARGUMENT: Pass a non-empty stat_code",
 * );
 * ```
 */
export function errorText(error: unknown): string {
  if (isEcosError(error)) {
    // The client's words for a library user, in the tools' words.
    const message = error.message.replace(/\bstatCode\b/g, "stat_code")
      .replace("find tables with statisticTableList()", "find table codes with search_tables");
    // A cycle the table or item lacks is an argument to change, as get_named_series says
    // of a cycle its series lacks, not a code that does not exist.
    if (error.code === "UNKNOWN_CODE" && MISSING_CYCLE.test(message)) {
      return `INVALID_ARGUMENT: ${message}: pass one of its cycles (list_items gives each ` +
        "item's cycles)";
    }
    const hint = message.includes("search_tables") ? "" : HINTS[error.code] ?? "";
    const again = error.retryable ? " (it may pass if asked again later)" : "";
    return `${error.code}: ${message}${hint}${again}`;
  }
  const name = error instanceof Error ? error.name || "Error" : "Error";
  return `${name}: ${error instanceof Error ? error.message : String(error)}`;
}

/**
 * A call's progress as MCP progress notifications, when the caller sent a progress token: the
 * rows received over every pull of the call, strictly increasing, out of the rows known.
 */
function progressOf(
  extra: RequestHandlerExtra<ServerRequest, ServerNotification>,
  tool: string,
): ((p: Progress) => void) | undefined {
  const progressToken = extra._meta?.progressToken;
  if (progressToken === undefined) return undefined;
  const pulls = new Map<string, { rows: number; total: number }>();
  let sent = 0;
  // One notification as the work starts: the first page may take seconds to come.
  extra.sendNotification({
    method: "notifications/progress",
    params: { progressToken, progress: 0, message: `${tool}: started` },
  }).catch(() => {});
  return (p) => {
    pulls.set(`${p.service}/${p.args.join("/")}`, { rows: p.rows, total: p.totalRows });
    let progress = 0;
    let total = 0;
    for (const pull of pulls.values()) {
      [progress, total] = [progress + pull.rows, total + pull.total];
    }
    if (progress <= sent) return; // MCP asks that progress always increases
    sent = progress;
    const message = `${p.service} ${p.args[0] ?? ""}: ${count(p.rows)}/${count(p.totalRows)} ` +
      `rows, ${p.pages}/${p.totalPages} pages`;
    extra.sendNotification({
      method: "notifications/progress",
      params: { progressToken, progress, total, message },
    }).catch(() => {}); // a caller gone away is no reason to stop the work
  };
}

/** Options of {@linkcode createEcosMcpServer}. */
export interface EcosMcpServerOptions {
  /** The client every tool uses: its source, cache and rate limit. */
  client: EcosClient;
  /**
   * Texts no answer may hold (the API key): replaced by `***` in every answer and error,
   * although the client's own messages never hold the key.
   *
   * @default {[]}
   */
  secrets?: readonly string[];
}

/**
 * An MCP server with the ECOS tools, on a client. Connect it to a transport (stdio for
 * `ecos mcp`, see {@linkcode serveStdio}). The SDK is loaded on the first call.
 *
 * @param options The client and the secrets to keep out of every answer.
 * @returns The server, not yet connected.
 *
 * @example Calling a tool over an in-memory transport
 * ```ts
 * import assert from "node:assert/strict";
 * // @ts-types="npm:@modelcontextprotocol/sdk@1.32.2/client/index"
 * import { Client } from "npm:@modelcontextprotocol/sdk@1.32.2/client/index.js";
 * // @ts-types="npm:@modelcontextprotocol/sdk@1.32.2/inMemory"
 * import { InMemoryTransport } from "npm:@modelcontextprotocol/sdk@1.32.2/inMemory.js";
 * import { connect } from "../connect.ts";
 * import { createEcosMcpServer } from "./server.ts";
 *
 * await using session = await connect({ env: {}, quiet: true });
 * const server = await createEcosMcpServer({ client: session.client });
 * const [a, b] = InMemoryTransport.createLinkedPair();
 * await server.connect(a);
 * const client = new Client({ name: "example", version: "1.0.0" });
 * await client.connect(b);
 * const result = await client.callTool({
 *   name: "get_named_series",
 *   arguments: { name: "base_rate", start: "202401", end: "202403" },
 * });
 * const data = result.structuredContent as { total_rows: number; source: { sample_data: boolean } };
 * assert.equal(data.total_rows, 3);
 * assert.equal(data.source.sample_data, true);
 * await client.close();
 * await server.close();
 * ```
 */
export async function createEcosMcpServer(options: EcosMcpServerOptions): Promise<McpServer> {
  const { client, secrets = [] } = options;
  const hidden = secrets.filter((s) => s !== "");
  const [{ McpServer }] = await loadMcpSdk();
  const server = new McpServer(
    { name: SERVER_NAME, title: "ECOS (Bank of Korea statistics)", version: SERVER_VERSION },
    { instructions: instructions(client.source) },
  );
  const apps = await loadMcpApps();
  for (const tool of TOOLS) {
    const config = {
      title: tool.title,
      description: tool.description,
      inputSchema: strictArgs(tool.name, tool.input),
      outputSchema: tool.output,
      annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: true },
    };
    const handler = async (
      args: unknown,
      extra: RequestHandlerExtra<ServerRequest, ServerNotification>,
    ): Promise<CallToolResult> => {
      const onProgress = progressOf(extra, tool.name);
      const callOptions: RequestOptions = {
        signal: extra.signal,
        ...(onProgress === undefined ? {} : { onProgress }),
      };
      const source = sourceInfo(client.source);
      let result: CallToolResult;
      try {
        const { text, data, meta } = await tool.run(args as never, {
          client,
          options: callOptions,
        });
        result = {
          content: [{ type: "text", text: `${source.note}\n\n${text}` }],
          structuredContent: { source, ...data },
          ...(meta === undefined ? {} : { _meta: meta }),
        };
      } catch (error) {
        const note = source.sample_data ? `\n\n${source.note}` : "";
        result = { content: [{ type: "text", text: errorText(error) + note }], isError: true };
      }
      return hidden.length === 0 ? result : scrub(result, hidden);
    };
    // A tool with a view is registered as MCP Apps says: its result links the view.
    if (tool.ui === undefined) server.registerTool(tool.name, config, handler);
    else {
      apps.registerAppTool(server, tool.name, {
        ...config,
        _meta: { ui: { resourceUri: tool.ui } },
      }, handler);
    }
  }
  // The package's types name the SDK's ResourceMetadata, which they do not resolve here.
  type AppResourceConfig = Parameters<typeof apps.registerAppResource>[3];
  apps.registerAppResource(server, "chart", CHART_URI, {
    description: "The interactive chart of chart_series (MCP Apps): vega-lite, values on hover, " +
      "other ranges on request",
    mimeType: apps.RESOURCE_MIME_TYPE,
  } as AppResourceConfig, async () => ({
    contents: [{ uri: CHART_URI, mimeType: apps.RESOURCE_MIME_TYPE, text: await chartHtml() }],
  }));
  for (const resource of RESOURCES) {
    const { name, uri, title, description, mimeType } = resource;
    server.registerResource(name, uri, { title, description, mimeType }, async (_uri, extra) => {
      const text = await resource.read(client, extra.signal);
      return {
        contents: [{ uri, mimeType, text: hidden.length === 0 ? text : scrub(text, hidden) }],
      };
    });
  }
  for (const prompt of PROMPTS) {
    server.registerPrompt(prompt.name, {
      title: prompt.title,
      description: prompt.description,
      argsSchema: prompt.args,
    }, (args) => ({
      description: prompt.description,
      messages: [{
        role: "user",
        content: { type: "text", text: prompt.text(args as Record<string, string | undefined>) },
      }],
    }));
  }
  return server;
}

/** Options of {@linkcode serveStdio}. */
export interface ServeStdioOptions {
  /**
   * Where messages go: whole JSON-RPC lines.
   *
   * @default {process.stdout}
   */
  write?: (text: string) => void;
  /**
   * Stops serving when it fires.
   *
   * @default {undefined}
   */
  signal?: AbortSignal | undefined;
}

/**
 * Serves MCP over this process's stdin and `write` (stdout) with the SDK's stdio transport,
 * until stdin ends, the client closes, or `signal` fires; then closes the server.
 *
 * @param server The server.
 * @param options Where messages go, and the signal that stops serving.
 * @returns When serving has stopped.
 */
export async function serveStdio(
  server: McpServer,
  options: ServeStdioOptions = {},
): Promise<void> {
  const { write, signal } = options;
  const [, { StdioServerTransport }] = await loadMcpSdk();
  const stdout = write === undefined ? process.stdout : new Writable({
    decodeStrings: false,
    write(chunk: string | Uint8Array, _encoding, done) {
      try {
        write(typeof chunk === "string" ? chunk : new TextDecoder().decode(chunk));
        done();
      } catch (e) {
        done(e as Error);
      }
    },
  });
  const transport: McpTransport = new StdioServerTransport(process.stdin, stdout);
  const { promise: stopped, resolve: stop } = Promise.withResolvers<void>();
  const onAbort = () => stop();
  // The end of input is not the end of the work: a client may pipe its calls and close at
  // once. Each call read before the end is answered, then the server stops.
  const inFlight = trackRequests(transport);
  const onEnd = () => void inFlight.drained().then(stop);
  process.stdin.once("end", onEnd);
  process.stdin.once("close", onEnd);
  signal?.addEventListener("abort", onAbort, { once: true });
  if (signal?.aborted) stop();
  server.server.onclose = onAbort;
  await server.connect(transport);
  inFlight.attach();
  try {
    await stopped;
  } finally {
    signal?.removeEventListener("abort", onAbort);
    process.stdin.off("end", onEnd);
    process.stdin.off("close", onEnd);
    await server.close();
  }
}

/**
 * The requests a transport has received and not yet answered: `attach()` after the server has
 * connected (it sets the transport's handlers), `drained()` resolves once none is left.
 */
function trackRequests(transport: McpTransport): {
  attach(): void;
  drained(): Promise<void>;
} {
  const pending = new Set<string | number>();
  const waiting: (() => void)[] = [];
  const settle = () => {
    if (pending.size === 0) waiting.splice(0).forEach((wake) => wake());
  };
  return {
    attach() {
      const receive = transport.onmessage;
      const send = transport.send.bind(transport);
      transport.onmessage = (message, extra) => {
        const m = message as {
          id?: string | number;
          method?: string;
          params?: { requestId?: string | number };
        };
        if (m.id !== undefined && m.method !== undefined) pending.add(m.id);
        // A cancelled request gets no answer (MCP): nothing more to wait for.
        if (m.method === "notifications/cancelled" && m.params?.requestId !== undefined) {
          if (pending.delete(m.params.requestId)) queueMicrotask(settle);
        }
        receive?.(message, extra);
      };
      transport.send = async (message, options) => {
        try {
          await send(message, options);
        } finally {
          const m = message as { id?: string | number; method?: string };
          if (m.id !== undefined && m.method === undefined && pending.delete(m.id)) settle();
        }
      };
    },
    drained() {
      if (pending.size === 0) return Promise.resolve();
      const { promise, resolve } = Promise.withResolvers<void>();
      waiting.push(resolve);
      return promise;
    },
  };
}
