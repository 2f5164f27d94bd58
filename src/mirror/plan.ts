/**
 * The mirror's units and its plan. A unit is one table, one cycle and one level-1 item: one
 * StatisticSearch with ITEM_CODE1 fixed and the lower levels unconstrained, stored as one
 * file. The plan ({@linkcode planMirror}) counts units, rows and requests from
 * StatisticItemList (DATA_CNT per item, the items of the lower levels), the manifest and the
 * client's page size, before anything is fetched.
 *
 * @module
 */

import type { DataFrame } from "../deps.ts";
import type { RateLimit } from "../util/limiter.ts";
import {
  type Cycle,
  CYCLES,
  dateToIndex,
  formatPeriod,
  isCycle,
  tryParseLabel,
} from "../wire/period.ts";
import type { ItemList } from "./catalogue.ts";
import { joinPath, unitFile } from "./layout.ts";
import { type Manifest, unitKey, type UnitRecord } from "./manifest.ts";

/** One unit of work: a table, a cycle and a level-1 item, as the item list describes it. */
export interface MirrorUnit {
  /** The table code. */
  statCode: string;
  /** The table's name, in the client's language. */
  statName: string | null;
  /** The cycle. */
  cycle: Cycle;
  /** The level-1 item code (ITEM_CODE1). */
  item: string;
  /** The item's name. */
  itemName: string | null;
  /** The data file, relative to the mirror's directory. */
  file: string;
  /** The ordinal of the item's first period (START_TIME). */
  firstIndex: number;
  /** The ordinal of the item's last period (END_TIME) when the list was pulled. */
  lastIndex: number;
  /** DATA_CNT: rows of each of the item's series. */
  dataCount: number;
  /** Series per level-1 item: the product of the lower levels' item counts (an upper bound). */
  series: number;
}

/** What the run does with a unit. */
export type UnitMode =
  /** Fetched earlier in this run (which is being resumed): skipped. */
  | "done"
  /** Fetched whole: new, its file missing, or its first period changed. */
  | "full"
  /** Fetched from its revision window on, and merged into its file. */
  | "incremental";

/** A unit, what the run does with it, and from which period. */
export interface UnitWork {
  /** The unit. */
  unit: MirrorUnit;
  /** Skip, fetch whole or update. */
  mode: UnitMode;
  /** The ordinal of the first period this unit covers (the item's, or `since`'s). */
  startIndex: number;
  /**
   * The ordinal of the first period to fetch: `startIndex` for a full fetch; for an update,
   * an estimate from the manifest (the run reads the exact one from the unit's file).
   */
  fromIndex: number;
  /** The manifest's record, when the unit is stored. */
  record: UnitRecord | undefined;
  /** Rows expected from the fetch. */
  rows: number;
  /** Requests expected for the fetch: at least 1 unless done. */
  requests: number;
}

/** The plan for one table. */
export interface MirrorPlanTable {
  /** The table code. */
  statCode: string;
  /** The table's name, in the client's language. */
  statName: string | null;
  /** Its cycles mirrored, longest period first. */
  cycles: Cycle[];
  /** Its units in scope: one per cycle and level-1 item. */
  units: number;
  /** Of those, the units fetched earlier in this run (a resumed run skips them). */
  unitsDone: number;
  /** Rows expected from its fetches (an upper bound when lower levels are sparse). */
  rows: number;
  /** Requests expected for its fetches. */
  requests: number;
  /** Whether its item list was pulled now ("fetched") or read from the catalogue ("reused"). */
  catalogue: "fetched" | "reused";
}

/**
 * What a mirror run is about to do: given to the `onPlan` option before the first unit is
 * fetched, and returned in the result. Render it with {@linkcode formatMirrorPlan}.
 */
export interface MirrorPlan {
  /** The mirror's directory. */
  dir: string;
  /** The service, without any key. */
  baseUrl: string;
  /** Whether this run continues one that was interrupted. */
  resumed: boolean;
  /** Per table, in the order given. */
  tables: MirrorPlanTable[];
  /** Units in scope. */
  units: number;
  /** Units fetched earlier in this run: skipped. */
  unitsDone: number;
  /** Units to fetch whole. */
  unitsFull: number;
  /** Units to update from their revision window on. */
  unitsIncremental: number;
  /** Rows expected from the fetches (an upper bound when lower levels are sparse). */
  rows: number;
  /** Requests expected for the fetches: pages of `pageSize` rows, at least one per unit. */
  requests: number;
  /** Requests already made for the item lists. */
  catalogueRequests: number;
  /** Rows a request (the client's page size). */
  pageSize: number;
  /** The rate limit the requests go out at; `false` for none. */
  rateLimit: RateLimit | false;
  /**
   * The least time `requests` take at the rate limit, in milliseconds: a full window for every
   * `rateLimit.requests` after the first burst. Latency is not counted; 0 without a limit.
   */
  estimatedMs: number;
}

/** The level of an item list row: the number at the end of GRP_CODE ("Group2" is 2). */
function levelOf(group: string | null): number {
  const m = group === null ? null : /(\d+)$/.exec(group);
  return m ? Number(m[1]) : 1;
}

/**
 * The units of a table: one per cycle and level-1 item of its item list, cycles longest
 * period first, items in the list's order. Rows without a usable range are left out.
 *
 * @param statCode The table.
 * @param items Its StatisticItemList rows.
 * @param cycles The cycles to keep; all when undefined.
 * @returns The units.
 */
export function unitsOf(
  statCode: string,
  items: DataFrame,
  cycles: readonly Cycle[] | undefined,
): MirrorUnit[] {
  const rows = items.select(
    "STAT_NAME",
    "GRP_CODE",
    "ITEM_CODE",
    "ITEM_NAME",
    "CYCLE",
    "START_TIME",
    "END_TIME",
    "DATA_CNT",
  ).toRecords();
  // Items of each lower level, by cycle: each level-1 item has up to their product of series.
  const lower = new Map<string, Map<number, Set<string>>>();
  for (const r of rows) {
    const level = levelOf(r.GRP_CODE as string | null);
    const cycle = r.CYCLE as string | null;
    if (level < 2 || cycle === null || r.ITEM_CODE === null) continue;
    const levels = lower.get(cycle) ?? new Map<number, Set<string>>();
    const codes = levels.get(level) ?? new Set<string>();
    codes.add(r.ITEM_CODE as string);
    levels.set(level, codes);
    lower.set(cycle, levels);
  }
  const units: MirrorUnit[] = [];
  const seen = new Set<string>();
  for (const r of rows) {
    const cycle = r.CYCLE;
    const item = r.ITEM_CODE as string | null;
    if (levelOf(r.GRP_CODE as string | null) !== 1 || !isCycle(cycle) || item === null) continue;
    if (cycles !== undefined && !cycles.includes(cycle)) continue;
    const first = tryParseLabel(String(r.START_TIME ?? ""), cycle);
    const last = tryParseLabel(String(r.END_TIME ?? ""), cycle);
    if (first === undefined || last === undefined) continue;
    const key = `${cycle}/${item}`;
    if (seen.has(key)) continue;
    seen.add(key);
    let series = 1;
    for (const codes of lower.get(cycle)?.values() ?? []) series *= codes.size;
    units.push({
      statCode,
      statName: (r.STAT_NAME as string | null) ?? null,
      cycle,
      item,
      itemName: (r.ITEM_NAME as string | null) ?? null,
      file: unitFile(statCode, cycle, item),
      firstIndex: first.index,
      lastIndex: last.index,
      dataCount: Number(r.DATA_CNT ?? 0),
      series,
    });
  }
  return units.sort((a, b) => CYCLES.indexOf(a.cycle) - CYCLES.indexOf(b.cycle));
}

/** How the run decides on each unit. */
export interface WorkSettings {
  /** The manifest (already carrying this run's id). */
  manifest: Manifest;
  /** The first period wanted, per cycle: `since`'s ordinal; none for the item's first. */
  sinceIndex: (cycle: Cycle) => number | undefined;
  /** Stored periods fetched again on an update, per cycle. */
  revisionWindow: Readonly<Record<Cycle, number>>;
  /** The client's page size. */
  pageSize: number;
  /** Whether a unit's file is on disk. */
  fileExists: (unit: MirrorUnit) => boolean;
  /** The label of an ordinal, for comparing with the manifest's `start`. */
  label: (cycle: Cycle, index: number) => string;
}

/**
 * What the run does with a unit: skip it (done earlier in this run), fetch it whole, or fetch
 * its revision window and what follows; with the rows and requests that take.
 *
 * @param unit The unit.
 * @param s The manifest and the run's settings.
 * @returns The unit's work.
 */
export function workFor(unit: MirrorUnit, s: WorkSettings): UnitWork {
  const since = s.sinceIndex(unit.cycle);
  const startIndex = since === undefined ? unit.firstIndex : Math.max(unit.firstIndex, since);
  const record = s.manifest.units[unitKey(unit.statCode, unit.cycle, unit.item)];
  const sameStart = record !== undefined && record.start === s.label(unit.cycle, startIndex) &&
    record.file === unit.file && (record.rows === 0 || s.fileExists(unit));
  let mode: UnitMode = "full";
  let fromIndex = startIndex;
  if (sameStart && record.run === s.manifest.run.id) {
    mode = "done";
  } else if (sameStart && record.lastPeriod !== null) {
    const last = tryParseLabel(record.lastPeriod, unit.cycle);
    if (last !== undefined) {
      mode = "incremental";
      // The window counts stored periods; daily ones skip weekends and holidays, so the
      // estimate takes half as many days again. The run reads the exact start from the file.
      const periods = s.revisionWindow[unit.cycle];
      const span = unit.cycle === "D" ? Math.ceil(periods * 1.5) : periods;
      fromIndex = Math.max(startIndex, last.index - span + 1);
    }
  }
  if (mode === "done") return { unit, mode, startIndex, fromIndex, record, rows: 0, requests: 0 };
  // DATA_CNT rows spread over the item's periods; the share of them from `fromIndex` on.
  const span = Math.max(1, unit.lastIndex - unit.firstIndex + 1);
  const periods = Math.max(0, unit.lastIndex - fromIndex + 1);
  const rows = Math.round(unit.dataCount * Math.min(1, periods / span)) * unit.series;
  const requests = Math.max(1, Math.ceil(rows / s.pageSize));
  return { unit, mode, startIndex, fromIndex, record, rows, requests };
}

/** What the plan is made from, besides the item lists. */
export interface PlanInput {
  /** The mirror's directory, where the units' files are looked for. */
  dir: string;
  /** The service, without any key. */
  baseUrl: string;
  /** Whether this run continues one that was interrupted. */
  resumed: boolean;
  /** The manifest (already carrying this run's id). */
  manifest: Manifest;
  /** The cycles to keep; all when undefined. */
  cycles: readonly Cycle[] | undefined;
  /** The first day wanted; every period when undefined. */
  since: Date | undefined;
  /** Stored periods fetched again on an update, per cycle. */
  revisionWindow: Readonly<Record<Cycle, number>>;
  /** The client's page size. */
  pageSize: number;
  /** The rate limit the estimate assumes; `false` for none. */
  rateLimit: RateLimit | false;
  /** Requests already made for the item lists. */
  catalogueRequests: number;
}

/** Whether a path is a file. */
function isFile(path: string): boolean {
  try {
    return Deno.statSync(path).isFile;
  } catch {
    return false;
  }
}

/** The sum of a number over units' work. */
function total(works: readonly UnitWork[], of: (w: UnitWork) => number): number {
  return works.reduce((n, w) => n + of(w), 0);
}

/** Units' work in a mode. */
function inMode(works: readonly UnitWork[], mode: UnitMode): number {
  return works.filter((w) => w.mode === mode).length;
}

/**
 * The plan of a run: each table's units, what to do with each (from the manifest and the
 * files on disk), and the counts given to `onPlan`.
 *
 * @param lists The item lists by table, in the order given.
 * @param input The run's settings, the manifest and the client's page size.
 * @returns The plan, and the units' work in the order they are fetched.
 */
export function planMirror(
  lists: ReadonlyMap<string, ItemList>,
  input: PlanInput,
): { plan: MirrorPlan; works: UnitWork[] } {
  const { since } = input;
  const settings: WorkSettings = {
    manifest: input.manifest,
    sinceIndex: (cycle) => (since ? dateToIndex(since, cycle) : undefined),
    revisionWindow: input.revisionWindow,
    pageSize: input.pageSize,
    fileExists: (unit) => isFile(joinPath(input.dir, unit.file)),
    label: (cycle, index) => formatPeriod(cycle, index, "live"),
  };
  const works: UnitWork[] = [];
  const tables: MirrorPlanTable[] = [];
  for (const [statCode, list] of lists) {
    const tableWorks = unitsOf(statCode, list.items, input.cycles).map((u) => workFor(u, settings));
    works.push(...tableWorks);
    tables.push({
      statCode,
      statName: (list.items.getColumn("STAT_NAME").get(0) as string | null) ?? null,
      cycles: [...new Set(tableWorks.map((w) => w.unit.cycle))],
      units: tableWorks.length,
      unitsDone: inMode(tableWorks, "done"),
      rows: total(tableWorks, (w) => w.rows),
      requests: total(tableWorks, (w) => w.requests),
      catalogue: list.fetched ? "fetched" : "reused",
    });
  }
  const requests = total(works, (w) => w.requests);
  const plan: MirrorPlan = {
    dir: input.dir,
    baseUrl: input.baseUrl,
    resumed: input.resumed,
    tables,
    units: works.length,
    unitsDone: inMode(works, "done"),
    unitsFull: inMode(works, "full"),
    unitsIncremental: inMode(works, "incremental"),
    rows: total(works, (w) => w.rows),
    requests,
    catalogueRequests: input.catalogueRequests,
    pageSize: input.pageSize,
    rateLimit: input.rateLimit,
    estimatedMs: timeAtRateLimit(requests, input.rateLimit),
  };
  return { plan, works };
}

/**
 * The least time a number of requests takes at a rate limit: the first `limit.requests` go at
 * once, each further batch a window later.
 *
 * @param requests The requests.
 * @param limit The rate limit, or `false` for none.
 * @returns Milliseconds.
 */
export function timeAtRateLimit(requests: number, limit: RateLimit | false): number {
  if (limit === false || requests <= 0) return 0;
  return Math.floor((requests - 1) / limit.requests) * limit.windowMs;
}

/** A duration for people: "45 s", "1 min 30 s", "12 min", "3 h 20 min". */
function duration(ms: number): string {
  const s = Math.round(ms / 1000);
  if (s < 60) return `${s} s`;
  if (s < 600 && s % 60 !== 0) return `${Math.floor(s / 60)} min ${s % 60} s`;
  const min = Math.round(s / 60);
  if (min < 60) return `${min} min`;
  return `${Math.floor(min / 60)} h ${min % 60} min`;
}

const count = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

/**
 * The plan in a few lines, for a command line or a log: what is mirrored where, how many
 * units, requests and rows, and the least time at the rate limit.
 *
 * @param plan The plan given to `onPlan`.
 * @returns Lines of text, without a trailing newline.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { formatMirrorPlan, type MirrorPlan } from "@ecos/ecos/mirror";
 *
 * const plan: MirrorPlan = {
 *   dir: "ecos-data",
 *   baseUrl: "https://ecos.bok.or.kr/api",
 *   resumed: false,
 *   tables: [{
 *     statCode: "722Y001",
 *     statName: "Base rate",
 *     cycles: ["A", "Q", "M", "D"],
 *     units: 12,
 *     unitsDone: 0,
 *     rows: 9_000_000,
 *     requests: 900,
 *     catalogue: "fetched",
 *   }],
 *   units: 12,
 *   unitsDone: 0,
 *   unitsFull: 12,
 *   unitsIncremental: 0,
 *   rows: 9_000_000,
 *   requests: 900,
 *   catalogueRequests: 1,
 *   pageSize: 10_000,
 *   rateLimit: { requests: 300, windowMs: 180_000 },
 *   estimatedMs: 360_000,
 * };
 * const text = formatMirrorPlan(plan);
 * assert.match(text, /1 table, 12 units/);
 * assert.match(text, /About 900 requests .*: at least 6 min at 300 requests per 3 min/);
 * ```
 */
export function formatMirrorPlan(plan: MirrorPlan): string {
  const what = [
    plan.unitsDone > 0 ? `${plan.unitsDone} done earlier in this run` : "",
    plan.unitsFull > 0 ? `${plan.unitsFull} to fetch whole` : "",
    plan.unitsIncremental > 0 ? `${plan.unitsIncremental} to update` : "",
  ].filter((s) => s !== "").join(", ");
  const pace = plan.rateLimit === false
    ? "no rate limit"
    : `at least ${duration(plan.estimatedMs)} at ${plan.rateLimit.requests} requests per ${
      duration(plan.rateLimit.windowMs)
    }`;
  const lines = [
    `${plan.resumed ? "Resuming the mirror of" : "Mirroring"} ${
      count(plan.tables.length, "table")
    }, ` +
    `${count(plan.units, "unit")}${what ? ` (${what})` : ""}: ${plan.baseUrl} -> ${plan.dir}`,
    `About ${count(plan.requests, "request")} for about ${count(plan.rows, "row")} ` +
    `(${count(plan.pageSize, "row")} a request): ${pace}`,
  ];
  for (const t of plan.tables) {
    lines.push(
      `  ${t.statCode} ${t.statName ?? ""} [${t.cycles.join(" ")}]: ${count(t.units, "unit")}, ` +
        `~${count(t.requests, "request")}, ~${count(t.rows, "row")}` +
        (t.catalogue === "reused" ? " (item list from the catalogue)" : ""),
    );
  }
  return lines.join("\n");
}
