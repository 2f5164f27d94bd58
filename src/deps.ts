/**
 * Every third-party dependency of the library, fully qualified and pinned. A user who imports
 * mod.ts by URL has no import map, so library code names no bare specifier anywhere else.
 *
 * @module
 */

export { default as pl } from "npm:nodejs-polars@0.25.2";
export type { DataType, Series } from "npm:nodejs-polars@0.25.2";
import type { DataFrame as PolarsDataFrame } from "npm:nodejs-polars@0.25.2";
/**
 * A nodejs-polars DataFrame: what every service returns. (An alias, so that the module's
 * documentation can name it without documenting all of Polars.)
 */
export type DataFrame = PolarsDataFrame;
export { z } from "npm:zod@4.6.7";
export type { X2jOptions, XMLParser } from "npm:fast-xml-parser@5.12.1";

/**
 * A dynamic import that Deno resolves only when it runs. A literal `import("npm:...")` makes
 * Deno resolve that package and everything it depends on when the importing module loads,
 * before any of it is used: for the packages below, about 85 ms of every `import mod.ts`.
 * (`deno publish` warns that it cannot analyse it; the specifiers are fully qualified, so
 * they resolve at run time without an import map.)
 */
function importLater(specifier: string): Promise<never> {
  // `never`: each loader below states the module's type.
  return import(specifier) as Promise<never>;
}

/**
 * fast-xml-parser, loaded on first use: the client reads the XML shape ECOS sends itself and
 * needs the parser only for other shapes (src/client/_decode.ts).
 *
 * @returns The fast-xml-parser module.
 */
export function loadXmlParser(): Promise<typeof import("npm:fast-xml-parser@5.12.1")> {
  return importLater("npm:fast-xml-parser@5.12.1");
}

/**
 * vega and vega-lite, loaded on first use: together they add about 150 ms to start-up, and only
 * charts need them (see src/jupyter/plot.ts).
 *
 * @returns The vega and vega-lite modules.
 */
export function loadVega(): Promise<
  [typeof import("npm:vega@6.4.0"), typeof import("npm:vega-lite@6.5.0")]
> {
  return Promise.all([importLater("npm:vega@6.4.0"), importLater("npm:vega-lite@6.5.0")]);
}
export type { TopLevelSpec as VegaLiteTopLevelSpec } from "npm:vega-lite@6.5.0";

/**
 * apache-arrow, loaded on first use: the benchmarks compare its IPC writer with the client's
 * own (src/util/arrow_ipc.ts), which needs no library. Importing it costs about 100 ms, which
 * importing mod.ts does not pay.
 *
 * @returns The apache-arrow module and its IPC message metadata module.
 */
export function loadApacheArrow(): Promise<
  [
    typeof import("npm:apache-arrow@21.2.0"),
    typeof import("npm:apache-arrow@21.2.0/ipc/metadata/message"),
  ]
> {
  return Promise.all([
    importLater("npm:apache-arrow@21.2.0"),
    importLater("npm:apache-arrow@21.2.0/ipc/metadata/message"),
  ]);
}

/**
 * get-east-asian-width, for the command line's tables (Hangul takes two terminal columns),
 * loaded on first use: importing mod.ts does not need it.
 *
 * @returns The get-east-asian-width module.
 */
export function loadEastAsianWidth(): Promise<typeof import("npm:get-east-asian-width@1.7.0")> {
  return importLater("npm:get-east-asian-width@1.7.0");
}

/**
 * exceljs, loaded on first use: only `--out FILE.xlsx` needs it (src/cli/xlsx.ts). Importing
 * it costs about 150 to 220 ms (measured on the project's machine), which importing mod.ts or
 * the command line does not pay.
 *
 * @returns The exceljs module.
 */
export function loadExcelJs(): Promise<typeof import("npm:exceljs@4.4.0")> {
  return importLater("npm:exceljs@4.4.0");
}

/**
 * The Model Context Protocol SDK's server and stdio transport, loaded on first use: only
 * `ecos mcp` (src/mcp/) needs them, and they bring a few dozen packages. (The SDK's export map
 * gives types only to the extensionless subpaths and code only to the `.js` ones, so types are
 * named one way and code loaded the other.)
 *
 * @returns The SDK's `server/mcp.js` and `server/stdio.js` modules.
 */
export function loadMcpSdk(): Promise<
  [
    typeof import("npm:@modelcontextprotocol/sdk@1.32.2/server/mcp"),
    typeof import("npm:@modelcontextprotocol/sdk@1.32.2/server/stdio"),
  ]
> {
  return Promise.all([
    importLater("npm:@modelcontextprotocol/sdk@1.32.2/server/mcp.js"),
    importLater("npm:@modelcontextprotocol/sdk@1.32.2/server/stdio.js"),
  ]);
}
/**
 * The SDK's Streamable HTTP server transport (the Web-standard one: Request in, Response out,
 * which `Deno.serve` speaks), loaded on first use: only `ecos mcp --http` needs it.
 *
 * @returns The SDK's `server/webStandardStreamableHttp.js` module.
 */
export function loadMcpHttp(): Promise<
  typeof import("npm:@modelcontextprotocol/sdk@1.32.2/server/webStandardStreamableHttp")
> {
  return importLater("npm:@modelcontextprotocol/sdk@1.32.2/server/webStandardStreamableHttp.js");
}
/**
 * The MCP Apps extension's server helpers (tools that link a view, the view's resource),
 * loaded on first use. Version 1.7 is the one for SDK 1.x. The chart's view
 * (src/mcp/chart_view.ts, a browser bundle) names this package, vega and vega-lite at these
 * same versions.
 *
 * @returns The `@modelcontextprotocol/ext-apps/server` module.
 */
export function loadMcpApps(): Promise<
  typeof import("npm:@modelcontextprotocol/ext-apps@1.7.5/server")
> {
  return importLater("npm:@modelcontextprotocol/ext-apps@1.7.5/server");
}
export type { McpServer } from "npm:@modelcontextprotocol/sdk@1.32.2/server/mcp";
export type { Transport as McpTransport } from "npm:@modelcontextprotocol/sdk@1.32.2/shared/transport";
export type {
  CallToolResult,
  ServerNotification,
  ServerRequest,
} from "npm:@modelcontextprotocol/sdk@1.32.2/types";
export type { RequestHandlerExtra } from "npm:@modelcontextprotocol/sdk@1.32.2/shared/protocol";
