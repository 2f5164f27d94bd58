/**
 * The mirror's units and its plan. A unit is one table and one cycle: one StatisticSearch
 * without item codes (the service then answers every item), paged, stored as one file. A
 * partition too large for one pull (more rows expected than `maxUnitRows`, or found so at run
 * time) is split: one unit, and one file, per level-1 item. The plan ({@linkcode planMirror})
 * counts units, rows and requests from StatisticItemList (DATA_CNT per item, the items of the
 * lower levels), the manifest and the client's page size, before anything is fetched.
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

/** One unit of work: a table and a cycle (or one level-1 item of them), as the item list says. */
export interface MirrorUnit {
  /** The table code. */
  statCode: string;
  /** The table's name, in the client's language. */
  statName: string | null;
  /** The cycle. */
  cycle: Cycle;
  /** The level-1 item code of a split partition; `null` for the whole table and cycle. */
  item: string | null;
  /** The item's name (of a split partition's unit). */
  itemName: string | null;
  /** The level-1 items the unit covers. */
  items: string[];
  /** The data file, relative to the mirror's directory. */
  file: string;
  /** The ordinal of the earliest first period of its items (START_TIME). */
  firstIndex: number;
  /** The ordinal of the latest last period of its items (END_TIME) when the list was pulled. */
  lastIndex: number;
  /** Rows of a whole fetch: DATA_CNT times series, over its items (an upper bound). */
  rows: number;
}

/**
 * A unit as messages and progress lines name it.
 *
 * @param unit The unit's table, cycle and item.
 * @returns E.g. "722Y001 M", or "731Y001 D 0000001" for a split partition's unit.
 */
export function unitName(unit: Pick<MirrorUnit, "statCode" | "cycle" | "item">): string {
  return `${unit.statCode} ${unit.cycle}${unit.item === null ? "" : ` ${unit.item}`}`;
}

/** What the run does with a unit. */
export type UnitMode =
  /** Fetched earlier in this run (which is being resumed): skipped. */
  | "done"
  /** Fetched from its first period: new, its file missing, or its first period changed. */
  | "full"
  /** Fetched from its revision window on. */
  | "incremental";

/** A unit, what the run does with it, and from which period. */
export interface UnitWork {
  /** The unit. */
  unit: MirrorUnit;
  /** Skip, fetch whole or update. */
  mode: UnitMode;
  /** The ordinal of the first period this unit covers (the items', or `since`'s). */
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
  /** Its units in scope: one per cycle, or per level-1 item of a split cycle. */
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
  /** Per table, in the order given (tables whose item list failed left out). */
  tables: MirrorPlanTable[];
  /** Units in scope. */
  units: number;
  /** Units fetched earlier in this run: skipped. */
  unitsDone: number;
  /** Units to fetch from their first period. */
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

/**
 * The level of an item list row: the number at the end of GRP_CODE ("Group2" is 2).
 *
 * @param group GRP_CODE.
 * @returns The level; 1 without a number.
 */
export function levelOf(group: string | null): number {
  const m = group === null ? null : /(\d+)$/.exec(group);
  return m ? Number(m[1]) : 1;
}

/** One level-1 item of a cycle, from the item list. */
interface ItemRow {
  item: string;
  itemName: string | null;
  first: number;
  last: number;
  rows: number;
}

/**
 * The units of a table: per cycle (longest period first), one unit for the table and cycle,
 * or one per level-1 item (in the list's order) when the partition is split: recorded so in
 * the manifest, or expected to hold more than `maxUnitRows` rows. Items without a usable range
 * are left out.
 *
 * @param statCode The table.
 * @param items Its StatisticItemList rows.
 * @param cycles The cycles to keep; all when undefined.
 * @param split Whether a partition ("STAT_CODE/CYCLE") is split already.
 * @param maxUnitRows The most rows expected of one pull.
 * @returns The units.
 */
export function unitsOf(
  statCode: string,
  items: DataFrame,
  cycles: readonly Cycle[] | undefined,
  split: (key: string) => boolean,
  maxUnitRows: number,
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
  const statName = (rows[0]?.STAT_NAME as string | null | undefined) ?? null;
  const byCycle = new Map<Cycle, ItemRow[]>();
  const seen = new Set<string>();
  for (const r of rows) {
    const cycle = r.CYCLE;
    const item = r.ITEM_CODE as string | null;
    if (levelOf(r.GRP_CODE as string | null) !== 1 || !isCycle(cycle) || item === null) continue;
    if (cycles !== undefined && !cycles.includes(cycle)) continue;
    const first = tryParseLabel(String(r.START_TIME ?? ""), cycle);
    const last = tryParseLabel(String(r.END_TIME ?? ""), cycle);
    if (first === undefined || last === undefined) continue;
    if (seen.has(`${cycle}/${item}`)) continue;
    seen.add(`${cycle}/${item}`);
    let series = 1;
    for (const codes of lower.get(cycle)?.values() ?? []) series *= codes.size;
    const list = byCycle.get(cycle) ?? [];
    list.push({
      item,
      itemName: (r.ITEM_NAME as string | null) ?? null,
      first: first.index,
      last: last.index,
      rows: Number(r.DATA_CNT ?? 0) * series,
    });
    byCycle.set(cycle, list);
  }
  const units: MirrorUnit[] = [];
  for (const cycle of CYCLES) {
    const list = byCycle.get(cycle);
    if (list === undefined) continue;
    const rowsOf = list.reduce((n, i) => n + i.rows, 0);
    if (split(unitKey(statCode, cycle)) || rowsOf > maxUnitRows) {
      for (const i of list) {
        units.push({
          statCode,
          statName,
          cycle,
          item: i.item,
          itemName: i.itemName,
          items: [i.item],
          file: unitFile(statCode, cycle, i.item),
          firstIndex: i.first,
          lastIndex: i.last,
          rows: i.rows,
        });
      }
    } else {
      units.push({
        statCode,
        statName,
        cycle,
        item: null,
        itemName: null,
        items: list.map((i) => i.item),
        file: unitFile(statCode, cycle, null),
        firstIndex: Math.min(...list.map((i) => i.first)),
        lastIndex: Math.max(...list.map((i) => i.last)),
        rows: rowsOf,
      });
    }
  }
  return units;
}

/** How the run decides on each unit. */
export interface WorkSettings {
  /** The manifest (already carrying this run's id). */
  manifest: Manifest;
  /** The first period wanted, per cycle: `since`'s ordinal; none for the items' first. */
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
 * What the run does with a unit: skip it (done earlier in this run), fetch it from its first
 * period, or fetch its revision window and what follows; with the rows and requests that take.
 *
 * @param unit The unit.
 * @param s The manifest and the run's settings.
 * @returns The unit's work.
 */
export function workFor(unit: MirrorUnit, s: WorkSettings): UnitWork {
  const since = s.sinceIndex(unit.cycle);
  const startIndex = since === undefined ? unit.firstIndex : Math.max(unit.firstIndex, since);
  const record = s.manifest.units[unitKey(unit.statCode, unit.cycle, unit.item)];
  const stored = record !== undefined && record.file === unit.file &&
    (record.rows === 0 || s.fileExists(unit));
  const sameStart = stored && record.start === s.label(unit.cycle, startIndex);
  let mode: UnitMode = "full";
  let fromIndex = startIndex;
  if (stored && record.run === s.manifest.run.id) {
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
  // The rows spread over the items' periods; the share of them from `fromIndex` on.
  const span = Math.max(1, unit.lastIndex - unit.firstIndex + 1);
  const periods = Math.max(0, unit.lastIndex - fromIndex + 1);
  const rows = Math.round(unit.rows * Math.min(1, periods / span));
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
  /** The most rows expected of one pull; a larger partition is split by item. */
  maxUnitRows: number;
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
 * The settings {@linkcode workFor} decides with, from the plan's input.
 *
 * @param input The run's settings and the manifest.
 * @returns The settings.
 */
export function workSettings(input: PlanInput): WorkSettings {
  const { since } = input;
  return {
    manifest: input.manifest,
    sinceIndex: (cycle) => (since ? dateToIndex(since, cycle) : undefined),
    revisionWindow: input.revisionWindow,
    pageSize: input.pageSize,
    fileExists: (unit) => isFile(joinPath(input.dir, unit.file)),
    label: (cycle, index) => formatPeriod(cycle, index, "live"),
  };
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
  const settings = workSettings(input);
  const split = new Set(input.manifest.split);
  const works: UnitWork[] = [];
  const tables: MirrorPlanTable[] = [];
  for (const [statCode, list] of lists) {
    const units = unitsOf(
      statCode,
      list.items,
      input.cycles,
      (key) => split.has(key),
      input.maxUnitRows,
    );
    const tableWorks = units.map((u) => workFor(u, settings));
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
