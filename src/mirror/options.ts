/**
 * The options of {@linkcode mirror}, their defaults, and what the run reports while it goes.
 *
 * @module
 */

import { z } from "../deps.ts";
import { parseWith } from "../client/mod.ts";
import type { RateLimit } from "../util/limiter.ts";
import { type Cycle, CYCLES, DAY_MS } from "../wire/period.ts";
import type { MirrorPlan } from "./plan.ts";
import type { MirrorProgress } from "./progress.ts";
import { REVISION_WINDOW } from "../wire/revision.ts";

/**
 * How many of a unit's latest stored periods an update fetches again, by cycle: the span in
 * which the Bank of Korea revises published values. Counted in periods the unit holds, so a
 * daily market table's 20 are business days (about four weeks).
 */
export const DEFAULT_REVISION_WINDOW: Readonly<Record<Cycle, number>> = REVISION_WINDOW;

/** The live service's limit, used when neither the options nor the client say otherwise. */
export const DEFAULT_MIRROR_RATE_LIMIT: RateLimit = { requests: 300, windowMs: 180_000 };

/** Options of {@linkcode mirror}. */
export interface MirrorOptions {
  /** The mirror's directory; created when missing. */
  dir: string;
  /**
   * The cycles to mirror; units of other cycles already stored are left as they are.
   *
   * @default {every cycle of each table}
   */
  cycles?: readonly Cycle[];
  /**
   * The first day wanted: each unit starts with the period that holds it (or its items' first
   * period, when later). A Date, or an ISO date "YYYY-MM-DD". A unit stored from another first
   * period is fetched from this one again, and merged: rows stored before it stay unless
   * `prune` is set. When the service has no data from then on, the rows stored stay and a
   * warning says so.
   *
   * @default {undefined} every period
   */
  since?: Date | string;
  /**
   * Remove stored rows before `since` (a later `since` than the mirror was made with otherwise
   * keeps them). Without `since`, nothing is pruned. The history keeps superseded values, not
   * pruned ones.
   *
   * @default {false}
   */
  prune?: boolean;
  /**
   * Plan, tell `onPlan`, and stop: nothing is written (not even the directory), nothing but
   * the item lists the catalogue lacks is fetched, and no lock is taken.
   *
   * @default {false}
   */
  dryRun?: boolean;
  /**
   * Go on past a table that fails (a code the service does not know, a table whose pull keeps
   * failing): the others are mirrored, and the failures listed in the result's `failures`.
   * A key the service refuses, a rate limit that does not let up, a cancellation, or five
   * tables failing in a row stop the run all the same. Without it, the first failure stops
   * the run (the next run resumes).
   *
   * @default {false}
   */
  keepGoing?: boolean;
  /**
   * The most rows one pull of a table and cycle may bring: a partition expected (from its
   * item list) or found (from the service's first page) to hold more is fetched, and stored,
   * one level-1 item at a time.
   *
   * @default {1_000_000}
   */
  maxUnitRows?: number;
  /**
   * How many of each unit's latest stored periods an update fetches again, by cycle (periods
   * the unit holds: business days for a daily market table); their rows are replaced, not
   * added to. 0 fetches only the periods after the last stored one.
   *
   * @default {DEFAULT_REVISION_WINDOW: { A: 1, S: 1, Q: 2, M: 3, SM: 4, D: 20 }}
   */
  revisionWindow?: Partial<Record<Cycle, number>>;
  /**
   * How old the catalogue's item list of a table may be before it is pulled again, in days.
   * A reused list costs no request; 0 pulls every list again.
   *
   * @default {7}
   */
  catalogueMaxAgeDays?: number;
  /**
   * The rate limit the plan's time estimate assumes (the client paces the requests itself).
   *
   * @default {the client's `rateLimit` when it exposes one, else 300 requests per 180 s}
   */
  rateLimit?: RateLimit | false;
  /**
   * Continue a run that was interrupted: units it fetched are skipped. `false` starts a new
   * run, in which every unit is fetched whole or updated.
   *
   * @default {true}
   */
  resume?: boolean;
  /**
   * Continue a mirror made from another base URL (the same data served at another address).
   * Without it, such a directory is refused. The bundled server is one source whatever its
   * port: a mirror of it needs no such permission.
   *
   * @default {false}
   */
  allowBaseUrlChange?: boolean;
  /**
   * Told the plan once the item lists are in hand, before the first unit is fetched. Returning
   * (or resolving to) `false` stops the run there: a dry run, or a "proceed?" prompt.
   *
   * @default {undefined}
   */
  onPlan?: (plan: MirrorPlan) => void | boolean | Promise<void | boolean>;
  /**
   * Told when a unit starts, after each of its pages, and when it is stored.
   *
   * @default {undefined}
   */
  onProgress?: (progress: MirrorProgress) => void;
  /**
   * Told each warning as it arises (also listed in the result's `warnings`): an answer with no
   * data where rows are stored (they are kept), a damaged file rebuilt.
   *
   * @default {undefined}
   */
  onWarning?: (message: string) => void;
  /**
   * Stops the run: the unit in progress is not stored, the units stored stay, and the next run
   * resumes from there.
   *
   * @default {undefined}
   */
  signal?: AbortSignal;
  /**
   * The clock: the catalogue's age and the end of the periods asked for are reckoned from it.
   *
   * @default {() => new Date()}
   */
  now?: () => Date;
}

const cycleSchema = z.enum(CYCLES as [Cycle, ...Cycle[]], {
  error: (iss) => `Use cycles among ${CYCLES.join(", ")}: got ${JSON.stringify(iss.input)}`,
});
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const windowSize = (c: Cycle) =>
  z.number({ error: `Pass revisionWindow.${c} as a number` })
    .int({ error: `Pass revisionWindow.${c} as a whole number` })
    .nonnegative({ error: `Pass revisionWindow.${c} as 0 or more` })
    .max(100_000, { error: `Pass revisionWindow.${c} of at most 100000` });

const mirrorOptionsSchema = z.strictObject({
  dir: z.string({ error: "Pass dir as a string: the mirror's directory" })
    .min(1, { error: "Pass a non-empty dir" }),
  cycles: z.array(cycleSchema, { error: 'Pass cycles as an array, e.g. ["M", "Q"]' })
    .min(1, { error: "Pass at least one cycle, or leave cycles out for all" }).optional(),
  since: z.union([
    z.instanceof(Date).refine((d) => !Number.isNaN(d.getTime()), {
      error: "Pass since as a valid Date",
    }),
    z.string().refine((s) => ISO_DATE.test(s) && !Number.isNaN(Date.parse(`${s}T00:00:00Z`)), {
      error: (iss) => `Pass since as a Date or "YYYY-MM-DD": got ${JSON.stringify(iss.input)}`,
    }),
  ], { error: 'Pass since as a Date or "YYYY-MM-DD"' }).optional(),
  revisionWindow: z.strictObject({
    A: windowSize("A").optional(),
    S: windowSize("S").optional(),
    Q: windowSize("Q").optional(),
    M: windowSize("M").optional(),
    SM: windowSize("SM").optional(),
    D: windowSize("D").optional(),
  }, { error: "Pass revisionWindow as { M: 3, D: 30, ... }" }).optional(),
  catalogueMaxAgeDays: z.number({ error: "Pass catalogueMaxAgeDays as a number" })
    .nonnegative({ error: "Pass catalogueMaxAgeDays as 0 or more" }).optional(),
  rateLimit: z.union([
    z.literal(false),
    z.strictObject({
      requests: z.number().int().positive(),
      windowMs: z.number().int().positive(),
    }),
  ], { error: "Pass rateLimit as { requests, windowMs } or false" }).optional(),
  resume: z.boolean({ error: "Pass resume as true or false" }).optional(),
  prune: z.boolean({ error: "Pass prune as true or false" }).optional(),
  dryRun: z.boolean({ error: "Pass dryRun as true or false" }).optional(),
  keepGoing: z.boolean({ error: "Pass keepGoing as true or false" }).optional(),
  maxUnitRows: z.number({ error: "Pass maxUnitRows as a number" })
    .int({ error: "Pass maxUnitRows as a whole number" })
    .positive({ error: "Pass maxUnitRows as 1 or more" }).optional(),
  allowBaseUrlChange: z.boolean({ error: "Pass allowBaseUrlChange as true or false" }).optional(),
  onPlan: z.custom<MirrorOptions["onPlan"]>((v) => typeof v === "function", {
    error: "Pass onPlan as a function",
  }).optional(),
  onProgress: z.custom<MirrorOptions["onProgress"]>((v) => typeof v === "function", {
    error: "Pass onProgress as a function",
  }).optional(),
  onWarning: z.custom<MirrorOptions["onWarning"]>((v) => typeof v === "function", {
    error: "Pass onWarning as a function",
  }).optional(),
  signal: z.instanceof(AbortSignal, { error: "Pass signal as an AbortSignal" }).optional(),
  now: z.custom<() => Date>((v) => typeof v === "function", {
    error: "Pass now as a function that returns a Date",
  }).optional(),
}, { error: "Pass the options as an object with dir" });

/** The options with their defaults applied. */
export interface MirrorSettings {
  dir: string;
  cycles: readonly Cycle[] | undefined;
  since: Date | undefined;
  revisionWindow: Readonly<Record<Cycle, number>>;
  catalogueMaxAgeMs: number;
  rateLimit: RateLimit | false;
  resume: boolean;
  prune: boolean;
  dryRun: boolean;
  keepGoing: boolean;
  maxUnitRows: number;
  allowBaseUrlChange: boolean;
  onPlan: MirrorOptions["onPlan"];
  onProgress: MirrorOptions["onProgress"];
  onWarning: MirrorOptions["onWarning"];
  signal: AbortSignal | undefined;
  now: () => Date;
}

/** A client's rate limit, when it exposes one as `rateLimit`. */
function clientRateLimit(client: unknown): RateLimit | false | undefined {
  const limit = (client as { rateLimit?: unknown } | null)?.rateLimit;
  if (limit === false) return false;
  const l = limit as Partial<RateLimit> | undefined;
  return typeof l?.requests === "number" && typeof l.windowMs === "number"
    ? { requests: l.requests, windowMs: l.windowMs }
    : undefined;
}

/**
 * Checks the options and applies the defaults.
 *
 * @param options The caller's options.
 * @param client The client, for its rate limit.
 * @returns The settings.
 * @throws {EcosError} INVALID_ARGUMENT naming the problem.
 */
export function resolveMirrorOptions(options: unknown, client: unknown): MirrorSettings {
  const o = parseWith(mirrorOptionsSchema, options, "option");
  const since = typeof o.since === "string" ? new Date(`${o.since}T00:00:00Z`) : o.since;
  const revisionWindow = { ...DEFAULT_REVISION_WINDOW };
  for (const cycle of CYCLES) {
    const periods = o.revisionWindow?.[cycle];
    if (periods !== undefined) revisionWindow[cycle] = periods;
  }
  return {
    dir: o.dir,
    cycles: o.cycles,
    since,
    revisionWindow,
    catalogueMaxAgeMs: (o.catalogueMaxAgeDays ?? 7) * DAY_MS,
    rateLimit: o.rateLimit ?? clientRateLimit(client) ?? DEFAULT_MIRROR_RATE_LIMIT,
    resume: o.resume ?? true,
    prune: o.prune ?? false,
    dryRun: o.dryRun ?? false,
    keepGoing: o.keepGoing ?? false,
    maxUnitRows: o.maxUnitRows ?? 1_000_000,
    allowBaseUrlChange: o.allowBaseUrlChange ?? false,
    onPlan: o.onPlan,
    onProgress: o.onProgress,
    onWarning: o.onWarning,
    signal: o.signal,
    now: o.now ?? (() => new Date()),
  };
}
