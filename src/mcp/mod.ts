/**
 * ECOS for AI assistants: a Model Context Protocol server whose tools search tables, list
 * items, describe tables and pull series and key statistics through one `EcosClient`
 * (its response cache, rate limiter and typed frames behind every answer). `ecos mcp` serves
 * it over stdio; the official SDK is loaded only then, so importing this module costs nothing
 * of it.
 *
 * Tools: `search_tables`, `list_items`, `get_series`, `get_named_series`, `key_statistics`,
 * `describe_table`, `define_term`, `browse_tables` (see {@linkcode TOOLS}); resources (the
 * named series, the period formats, the catalogue) and prompts (an indicator briefing, a
 * comparison of two series).
 *
 * @module
 */

export {
  createEcosMcpServer,
  type EcosMcpServerOptions,
  errorText,
  SAMPLE_DATA_NOTE,
  SERVER_NAME,
  SERVER_VERSION,
  serveStdio,
  type ServeStdioOptions,
  type SourceInfo,
  sourceInfo,
  TOOLS,
} from "./server.ts";
export { DEFAULT_MAX_ROWS, MAX_MAX_ROWS } from "./series.ts";
