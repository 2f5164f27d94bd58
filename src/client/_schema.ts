/**
 * zod schemas into EcosErrors: the first problem zod finds becomes an INVALID_ARGUMENT whose
 * message names the field, and an unknown field is named with the closest known one.
 *
 * @module
 */

import { z } from "../deps.ts";
import { invalidArgument } from "../errors.ts";
import { closest } from "../util/closest.ts";

// Shared with the command line and the MCP tools; re-exported for this folder's users.
export { closest };

/** The fields an object schema at `path` knows, for suggestions. */
function knownFields(schema: z.ZodType, path: readonly PropertyKey[]): string[] {
  let at: unknown = schema;
  for (const key of [...path, undefined]) {
    // Look through wrappers (optional, default, union with false) to the object's shape.
    for (let i = 0; i < 8 && at !== undefined; i++) {
      const def = (at as { def?: Record<string, unknown> }).def;
      if (def?.shape !== undefined) break;
      at = def?.innerType ?? (def?.options as unknown[] | undefined)?.find((o) =>
        (o as { def?: { shape?: unknown } }).def?.shape !== undefined
      ) ?? def?.in;
    }
    const shape = (at as { def?: { shape?: Record<string, unknown> } } | undefined)?.def?.shape;
    if (shape === undefined) return [];
    if (key === undefined) return Object.keys(shape);
    at = shape[String(key)];
  }
  return [];
}

/**
 * Parses a value, or throws the first problem as an INVALID_ARGUMENT.
 *
 * @param schema The schema.
 * @param value The caller's value.
 * @param what What the value is, e.g. "option" or "query field".
 * @returns The parsed value, with the schema's defaults applied.
 * @throws {EcosError} INVALID_ARGUMENT naming the field.
 */
export function parseWith<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
  const r = schema.safeParse(value);
  if (r.success) return r.data;
  // An unknown field is the likeliest cause of the other problems (a misspelt required
  // field is also missing): name it first.
  const issue = r.error.issues.find((i) => i.code === "unrecognized_keys") ?? r.error.issues[0];
  if (issue === undefined) throw invalidArgument(`Fix the ${what}s`);
  const prefix = issue.path.length > 0 ? `${issue.path.join(".")}.` : "";
  if (issue.code === "unrecognized_keys") {
    const known = knownFields(schema, issue.path);
    const key = issue.keys[0] ?? "";
    const near = closest(key, known);
    const hint = near === undefined
      ? `; known ${what}s are ${known.map((k) => prefix + k).join(", ")}`
      : `: did you mean ${prefix}${near}?`;
    throw invalidArgument(`Unknown ${what} ${prefix}${key}${hint}`);
  }
  const message = issue.message;
  // Our own messages are sentences; zod's defaults get the field named in front.
  if (/^[A-Z]/.test(message) && !message.startsWith("Invalid")) throw invalidArgument(message);
  throw invalidArgument(`Fix ${what} ${prefix.slice(0, -1) || "value"}: ${message}`);
}
