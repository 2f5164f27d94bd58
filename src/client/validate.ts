/**
 * Input checks, run before any request: a bad argument costs nothing on the wire and gets a
 * message that names the problem. Every failure is an EcosError with code INVALID_ARGUMENT.
 *
 * @module
 */

import { z } from "../deps.ts";
import { invalidArgument } from "./errors.ts";
import {
  type Cycle,
  CYCLE_SHAPES,
  CYCLES,
  dateToIndex,
  isCycle,
  type PeriodRef,
  tryParseLabel,
} from "../wire/period.ts";

/** Where zod found the first problem, as a message of ours. */
function fail(error: z.ZodError, what: string): never {
  const issue = error.issues[0];
  const where = issue && issue.path.length > 0 ? `${what}.${issue.path.join(".")}` : what;
  const message = issue?.message ?? "invalid";
  // Our own messages are sentences; zod's defaults get the field named in front.
  if (/^[A-Z]/.test(message) && !message.startsWith("Invalid")) throw invalidArgument(message);
  throw invalidArgument(`Fix ${where}: ${message}`);
}

function parse<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
  const r = schema.safeParse(value);
  if (!r.success) fail(r.error, what);
  return r.data;
}

// A code is one path segment and nothing else: no slash, no dot-dot, no control or non-ASCII
// characters. "?" is the live service's placeholder for an unused item level.
const CODE = /^[0-9A-Za-z_.\-?]+$/;
const sane = (what: string, max: number) =>
  z.string({ error: `Pass ${what} as a string` })
    .min(1, { error: `Pass a non-empty ${what}` })
    .max(max, { error: `Shorten ${what} to at most ${max} characters` })
    .regex(CODE, {
      error: (iss) =>
        `Write ${what} with letters, digits and _ - . ? only: got ${JSON.stringify(iss.input)}`,
    })
    .refine((s) => !s.includes(".."), { error: `Remove ".." from ${what}` });

/** A table code such as "722Y001". */
export const statCodeSchema = sane("statCode", 32);
/** An item code such as "0101000". */
export const itemCodeSchema = sane("an item code", 32);

/** The rejected value, for the end of a message. */
const got = (iss: { input?: unknown }) => `: got ${String(iss.input)}`;

const positiveInt = (what: string) =>
  z.number({ error: (iss) => `Pass ${what} as a number${got(iss)}` })
    .int({ error: (iss) => `Pass ${what} as a whole number${got(iss)}` })
    .positive({ error: (iss) => `Pass ${what} as a positive whole number${got(iss)}` });

const nonNegative = (what: string) =>
  z.number({ error: (iss) => `Pass ${what} as a number${got(iss)}` })
    .nonnegative({ error: (iss) => `Pass ${what} as a number of 0 or more${got(iss)}` })
    .finite({ error: `Pass ${what} as a finite number` });

const periodInput = z.union([z.string(), z.instanceof(Date)], {
  error: "Pass start and end as labels (strings) or Dates",
});

/** The shape of a StatisticSearch query, before labels are read. */
export const searchQuerySchema = z.strictObject({
  statCode: statCodeSchema,
  cycle: z.string({ error: "Pass cycle as a string" }).refine(isCycle, {
    error: (iss) => `Use one of the cycles ${CYCLES.join(", ")}: got ${JSON.stringify(iss.input)}`,
  }),
  start: periodInput,
  end: periodInput,
  items: z.array(itemCodeSchema, { error: "Pass items as an array of item codes" })
    .max(4, {
      error: (iss) => `Cannot query more than 4 item codes: got ${(iss.input as unknown[]).length}`,
    })
    .optional(),
}, {
  error: (iss) =>
    iss.code === "unrecognized_keys"
      ? `Remove unknown query fields: ${iss.keys.join(", ")}`
      : "Pass the query as an object with statCode, cycle, start and end",
});

/** A StatisticSearch query, checked and with its range as period ordinals. */
export interface ValidSearch {
  /** The table code. */
  statCode: string;
  /** The cycle. */
  cycle: Cycle;
  /** The first period's ordinal. */
  startIndex: number;
  /** The last period's ordinal. */
  endIndex: number;
  /** 0 to 4 item codes. */
  items: string[];
}

function periodIndex(value: string | Date, cycle: Cycle, what: "start" | "end"): number {
  if (value instanceof Date) {
    if (!Number.isFinite(value.getTime())) {
      throw invalidArgument(`Pass ${what} as a valid Date: got an Invalid Date`);
    }
    return dateToIndex(value, cycle);
  }
  const ref: PeriodRef | undefined = tryParseLabel(value, cycle);
  if (!ref) {
    throw invalidArgument(
      `Write ${what} as ${CYCLE_SHAPES[cycle]} for cycle ${cycle}: got ${JSON.stringify(value)}`,
    );
  }
  return ref.index;
}

/**
 * Checks a StatisticSearch query and reads its range.
 *
 * @param query The caller's query.
 * @returns The query with its range as ordinals.
 * @throws {EcosError} INVALID_ARGUMENT naming the problem.
 */
export function validateSearchQuery(query: unknown): ValidSearch {
  const q = parse(searchQuerySchema, query, "query");
  const cycle = q.cycle as Cycle;
  const startIndex = periodIndex(q.start, cycle, "start");
  const endIndex = periodIndex(q.end, cycle, "end");
  if (startIndex > endIndex) {
    throw invalidArgument(
      `Put start before end: got start ${label(q.start)} after end ${label(q.end)}`,
    );
  }
  return { statCode: q.statCode, cycle, startIndex, endIndex, items: q.items ?? [] };
}

const label = (v: string | Date) => v instanceof Date ? v.toISOString().slice(0, 10) : v;

/**
 * Checks a table code.
 *
 * @param value The caller's code.
 * @returns The code.
 * @throws {EcosError} INVALID_ARGUMENT naming the problem.
 */
export function validateStatCode(value: unknown): string {
  return parse(statCodeSchema, value, "statCode");
}

// Free text (a word, a data name) may be Korean and hold spaces, but is still one path segment.
// deno-lint-ignore no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;
const textArgSchema = (what: string) =>
  z.string({ error: `Pass ${what} as a string` })
    .min(1, { error: `Pass a non-empty ${what}` })
    .max(200, { error: `Shorten ${what} to at most 200 characters` })
    .refine((s) => !CONTROL.test(s), { error: `Remove control characters from ${what}` })
    .refine((s) => !s.includes("/"), { error: `Remove "/" from ${what}` })
    .refine((s) => s.trim() !== "" && s.trim() !== "." && s.trim() !== "..", {
      error: `Pass ${what} with some text in it`,
    });

/**
 * Checks a free-text argument (StatisticWord's word, StatisticMeta's data name).
 *
 * @param value The caller's text.
 * @param what The argument's name, for messages.
 * @returns The text.
 * @throws {EcosError} INVALID_ARGUMENT naming the problem.
 */
export function validateText(value: unknown, what: string): string {
  return parse(textArgSchema(what), value, what);
}

/** The shape of EcosClient options (values only; the API key is checked separately). */
export const clientOptionsSchema = z.object({
  apiKey: z.string({ error: "Pass apiKey as a non-empty string of printable characters" })
    .optional(),
  baseUrl: z.string({ error: "Pass baseUrl as a string" })
    .refine((s) => /^https?:\/\/[^/\s]+/.test(s), {
      error: (iss) => `Use an http(s) URL for baseUrl: got ${JSON.stringify(iss.input)}`,
    })
    .optional(),
  format: z.enum(["json", "xml"], {
    error: (iss) => `Use format "json" or "xml": got ${JSON.stringify(iss.input)}`,
  }).optional(),
  language: z.enum(["kr", "en"], {
    error: (iss) => `Use language "kr" or "en": got ${JSON.stringify(iss.input)}`,
  }).optional(),
  pageSize: positiveInt("pageSize").optional(),
  concurrency: positiveInt("concurrency").optional(),
  timeoutMs: positiveInt("timeoutMs").optional(),
  retry: z.object({
    attempts: positiveInt("retry.attempts").optional(),
    baseMs: nonNegative("retry.baseMs").optional(),
    capMs: nonNegative("retry.capMs").optional(),
    jitter: z.boolean({ error: "Pass retry.jitter as true or false" }).optional(),
  }, { error: "Pass retry as an object" }).optional(),
  rateLimit: z.union([
    z.literal(false),
    z.object({
      requests: positiveInt("rateLimit.requests"),
      windowMs: positiveInt("rateLimit.windowMs"),
    }),
  ], { error: "Pass rateLimit as { requests, windowMs } or false" }).optional(),
  fetch: z.custom<typeof fetch>((v) => typeof v === "function", {
    error: "Pass fetch as a function",
  }).optional(),
  signal: z.instanceof(AbortSignal, { error: "Pass signal as an AbortSignal" }).optional(),
}, { error: "Pass the options as an object" });

/**
 * Checks client options. The API key's value never appears in a message.
 *
 * @param options The caller's options.
 * @throws {EcosError} INVALID_ARGUMENT naming the problem.
 */
export function validateClientOptions(options: unknown): void {
  parse(clientOptionsSchema, options ?? {}, "options");
  const key = (options as { apiKey?: unknown } | undefined)?.apiKey;
  if (key !== undefined && (typeof key !== "string" || !/^[\x21-\x7e]+$/.test(key))) {
    throw invalidArgument("Pass apiKey as a non-empty string of printable characters");
  }
}

/** The shape of per-call options. */
export const callOptionsSchema = z.object({
  signal: z.instanceof(AbortSignal, { error: "Pass signal as an AbortSignal" }).optional(),
  format: clientOptionsSchema.shape.format,
  language: clientOptionsSchema.shape.language,
  pageSize: positiveInt("pageSize").optional(),
}, { error: "Pass the options as an object" });

/**
 * Checks per-call options.
 *
 * @param options The caller's options.
 * @throws {EcosError} INVALID_ARGUMENT naming the problem.
 */
export function validateCallOptions(options: unknown): void {
  parse(callOptionsSchema, options ?? {}, "options");
}
