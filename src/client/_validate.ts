/**
 * Input checks, run before any request: a bad argument costs nothing on the wire and gets a
 * message that names the problem. Every failure is an EcosError with code INVALID_ARGUMENT.
 *
 * @module
 */

import { z } from "../deps.ts";
import { once } from "../util/once.ts";
import { invalidArgument } from "../errors.ts";
import { parseWith } from "./_schema.ts";
import {
  type Cycle,
  CYCLE_SHAPES,
  CYCLES,
  dateToIndex,
  isCycle,
  type PeriodRef,
  tryParseLabel,
} from "../wire/period.ts";

// A code is one path segment and nothing else: no slash, no control or non-ASCII characters,
// and not only dots (URL normalisation drops "." and ".." segments, shifting every later
// argument). "?" is the live service's placeholder for an unused item level; "*" starts real
// item codes (the producer price index's all-items "*AA").
const CODE = /^[0-9A-Za-z_.\-?*]+$/;
const DOTS = /^\.+$/;
const sane = (what: string, max: number) =>
  z.string({ error: `Pass ${what} as a string` })
    .min(1, { error: `Pass a non-empty ${what}` })
    .max(max, { error: `Shorten ${what} to at most ${max} characters` })
    .regex(CODE, {
      error: (iss) =>
        `Write ${what} with letters, digits and _ - . ? * only: got ${JSON.stringify(iss.input)}`,
    })
    .refine((s) => !s.includes(".."), { error: `Remove ".." from ${what}` })
    .refine((s) => !DOTS.test(s), {
      error: (iss) => `Write ${what} with a letter or digit: got ${JSON.stringify(iss.input)}`,
    });

// Built on first use: importing the module does not pay for zod's schemas.
/** A table code such as "722Y001". */
const statCodeSchema = once(() => sane("statCode", 32));
/** An item code such as "0101000". */
const itemCodeSchema = once(() => sane("an item code", 32));

const periodInput = once(() =>
  z.union([z.string(), z.instanceof(Date)], {
    error: "Pass start and end as labels (strings) or Dates",
  })
);

/** The shape of a StatisticSearch query, before labels are read. */
const searchQuerySchema = once(() =>
  z.strictObject({
    statCode: statCodeSchema(),
    cycle: z.string({ error: "Pass cycle as a string" }).refine(isCycle, {
      error: (iss) =>
        `Use one of the cycles ${CYCLES.join(", ")}: got ${JSON.stringify(iss.input)}`,
    }),
    start: periodInput(),
    end: periodInput(),
    items: z.array(itemCodeSchema(), { error: "Pass items as an array of item codes" })
      .max(4, {
        error: (iss) =>
          `Cannot query more than 4 item codes: got ${(iss.input as unknown[]).length}`,
      })
      .optional(),
    label: z.string({ error: "Pass label as a string" })
      .max(200, { error: "Shorten label to at most 200 characters" })
      .refine((s) => s.trim() !== "", { error: "Pass a label with some text in it, or none" })
      .optional(),
  }, { error: "Pass the query as an object with statCode, cycle, start and end" })
);

/** A StatisticSearch query. */
export interface StatisticSearchQuery {
  /** The table code, e.g. "722Y001" (the base rate). */
  statCode: string;
  /** The cycle: A, S, Q, M, SM or D. */
  cycle: Cycle;
  /**
   * The first period: a label in the cycle's shape ("2020", "2020S1", "2020Q1", "202001",
   * "202001SM1" or "202001S1", "20200101"), or a Date (the period that contains it, in UTC).
   */
  start: string | Date;
  /** The last period, included; as `start`. */
  end: string | Date;
  /** 0 to 4 item codes, one per item level; none returns every item of the table. */
  items?: readonly string[];
  /**
   * A name for the query's series (up to 200 characters), for `statisticSearchMany`: its
   * frame carries it in a LABEL column, and `toWide` names columns by it. The other methods
   * do not use it.
   */
  label?: string;
}

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
  /** The query's label, when given. */
  label?: string;
}

function periodIndex(value: string | Date, cycle: Cycle, what: "start" | "end"): number {
  if (value instanceof Date) {
    if (!Number.isFinite(value.getTime())) {
      throw invalidArgument(`Pass ${what} as a valid Date: got an Invalid Date`);
    }
    // Labels have four-digit years; another year would be written as a label of another shape.
    const year = value.getUTCFullYear();
    if (year < 1000 || year > 9999) {
      throw invalidArgument(`Pass ${what} as a Date in the years 1000 to 9999: got year ${year}`);
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
  const q = parseWith(searchQuerySchema(), query, "query field");
  const cycle = q.cycle as Cycle;
  const startIndex = periodIndex(q.start, cycle, "start");
  const endIndex = periodIndex(q.end, cycle, "end");
  if (startIndex > endIndex) {
    throw invalidArgument(
      `Put start before end: got start ${label(q.start)} after end ${label(q.end)}`,
    );
  }
  const valid: ValidSearch = {
    statCode: q.statCode,
    cycle,
    startIndex,
    endIndex,
    items: q.items ?? [],
  };
  if (q.label !== undefined) valid.label = q.label;
  return valid;
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
  return parseWith(statCodeSchema(), value, "statCode");
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
    .refine((s) => s.trim() !== "" && !DOTS.test(s.trim()), {
      error: `Pass ${what} with some text in it`,
    });

/**
 * Checks a free-text argument (StatisticWord's word, StatisticMeta's data name).
 *
 * @param value The caller's text.
 * @param what The argument's name, for messages.
 * @returns The text, in Unicode's composed form (NFC): Korean typed or pasted decomposed
 * (NFD, as macOS file names give it) matches what the service holds.
 * @throws {EcosError} INVALID_ARGUMENT naming the problem.
 */
export function validateText(value: unknown, what: string): string {
  return parseWith(textArgSchema(what), value, what).normalize("NFC");
}
