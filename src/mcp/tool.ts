/**
 * The one shape of every tool: its name, title and description for a model, its argument and
 * answer schemas, and what it does with a client. The server (src/mcp/server.ts) registers
 * them all the same way: progress, cancellation, the data's source, errors and redaction are
 * its business, not the tools'.
 *
 * @module
 */

import type { z } from "../deps.ts";
import type { EcosClient, RequestOptions } from "../client/mod.ts";

/** What a tool's work gets besides its arguments. */
export interface ToolContext {
  /** The client: its response cache and rate limit apply to every request. */
  client: EcosClient;
  /** The call's signal (the caller may cancel) and progress, for every client call. */
  options: RequestOptions;
}

/** A tool's answer: readable text, and the same facts as structured content. */
export interface ToolAnswer<T> {
  /** Text a model reads well: a line of context and a small Markdown table. */
  text: string;
  /** The structured content, without `source` (the server adds it). */
  data: T;
  /** The result's `_meta`: what an app's view draws, which the model need not read. */
  meta?: Record<string, unknown>;
}

/** A tool of the server. */
export interface ToolSpec<I extends z.ZodRawShape, O extends z.ZodRawShape> {
  /** The name models call it by, snake_case. */
  readonly name: string;
  /** A title for people. */
  readonly title: string;
  /** What it is for and an example call, for a model choosing a tool. */
  readonly description: string;
  /** Its arguments. */
  readonly input: I;
  /** Its structured answer, `source` included. */
  readonly output: O;
  /** The URI of the MCP Apps view that shows its results, if it has one. */
  readonly ui?: string;
  /**
   * Does the work.
   *
   * @param args The arguments, checked by the input schema.
   * @param ctx The client and the call's options.
   * @returns The answer.
   * @throws {EcosError} For bad arguments (INVALID_ARGUMENT), unknown codes (UNKNOWN_CODE) and
   * the service's failures: the server turns them into tool errors.
   */
  run(
    args: z.output<z.ZodObject<I>>,
    ctx: ToolContext,
  ): Promise<ToolAnswer<Omit<z.output<z.ZodObject<O>>, "source">>>;
}

/** Any tool, as the server's list holds them. */
// deno-lint-ignore no-explicit-any
export type AnyTool = ToolSpec<any, any>;

/**
 * A tool from its declaration (the identity, typed: arguments and answer are checked against
 * the schemas at compile time).
 *
 * @param spec The declaration.
 * @returns The tool.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { z } from "../deps.ts";
 * import { defineTool } from "./tool.ts";
 *
 * const echo = defineTool({
 *   name: "echo",
 *   title: "Echo",
 *   description: "Says the text again. Example: {\"text\": \"hi\"}",
 *   input: { text: z.string() },
 *   output: { text: z.string() },
 *   run: ({ text }) => Promise.resolve({ text, data: { text } }),
 * });
 * assert.equal(echo.name, "echo");
 * ```
 */
export function defineTool<I extends z.ZodRawShape, O extends z.ZodRawShape>(
  spec: ToolSpec<I, O>,
): ToolSpec<I, O> {
  return spec;
}

/**
 * The options of one client call: the tool call's, in a language when one was given.
 *
 * @param ctx The tool's context.
 * @param language The language asked for, if any.
 * @returns The options.
 */
export function callOptions(ctx: ToolContext, language?: "kr" | "en"): RequestOptions {
  return language === undefined ? ctx.options : { ...ctx.options, language };
}
