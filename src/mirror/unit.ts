/**
 * One unit of a mirror run: its rows fetched (whole, or from its revision window on and merged
 * with the rows its file keeps), its file written atomically, then its record in the manifest,
 * so that the manifest never names more than is on disk.
 *
 * @module
 */

import { type DataFrame, pl } from "../deps.ts";
import { type EcosClient, frameInfo, mergeRangeParts, type Progress } from "../client/mod.ts";
import { STATISTIC_SEARCH_SCHEMA } from "../wire/columns.ts";
import {
  type Cycle,
  dateToIndex,
  DAY_MS,
  daysToDate,
  formatPeriod,
  periodStartDays,
  tryParseLabel,
} from "../wire/period.ts";
import { throwIfAborted, unitFailure } from "./failures.ts";
import { exists, writeParquetAtomic } from "./files.ts";
import { joinPath } from "./layout.ts";
import { type Manifest, unitKey, writeManifest } from "./manifest.ts";
import type { MirrorSettings } from "./options.ts";
import type { MirrorPlan, MirrorUnit, UnitWork } from "./plan.ts";
import { type MirrorProgressUnit, progressOf, type UnitStep } from "./progress.ts";
import { countRequests, type Tally } from "./tally.ts";

const SEARCH_COLUMNS = STATISTIC_SEARCH_SCHEMA.map((c) => c.name);

/** What a unit needs of its run. */
export interface UnitRun {
  /** The client the rows are fetched with. */
  client: EcosClient;
  /** The run's settings. */
  settings: MirrorSettings;
  /** The manifest, which the unit's record is added to and written with. */
  manifest: Manifest;
  /** The plan, which progress reports count against. */
  plan: MirrorPlan;
}

/** Where a unit's fetch starts: the mode decided now, and the rows kept for an update. */
interface Start {
  mode: "full" | "incremental";
  fromIndex: number;
  /** The stored rows, for an update. */
  stored?: DataFrame;
}

/** A period's label as the live service spells it. */
const label = (cycle: Cycle, index: number) => formatPeriod(cycle, index, "live");

/**
 * Fetches one unit, writes its file and records it in the manifest; reports its start, pages
 * and end, and counts into the tally.
 *
 * @param work The unit and what the plan does with it (not "done").
 * @param run The client, the settings, the manifest and the plan.
 * @param tally The run's counters.
 * @throws {EcosError} ABORTED when the signal fires (nothing of the unit is stored); the
 * client's failure, with the unit named.
 */
export async function mirrorUnit(work: UnitWork, run: UnitRun, tally: Tally): Promise<void> {
  const { unit } = work;
  const o = run.settings;
  const path = joinPath(o.dir, unit.file);
  const { mode, fromIndex, stored } = await startOf(work, path, o.revisionWindow[unit.cycle]);
  const info: MirrorProgressUnit = {
    statCode: unit.statCode,
    cycle: unit.cycle,
    item: unit.item,
    itemName: unit.itemName,
    file: unit.file,
    mode,
    from: label(unit.cycle, fromIndex),
  };
  // Optional call: no report is built without a listener.
  const report = (step: Omit<UnitStep, "unit">) =>
    o.onProgress?.(progressOf(run.plan, tally, { ...step, unit: info }));
  report({ event: "unit-start", rows: 0, pages: 0, totalPages: 0 });
  const fresh = await fetchRows(unit, fromIndex, run, tally, (p) => {
    report({ event: "page", rows: p.rows, pages: p.pages, totalPages: p.totalPages });
  });
  const rows = fresh.select(...SEARCH_COLUMNS);
  const frame = stored === undefined
    ? rows
    : mergeWindow(stored, rows, unit.statCode, unit.cycle, fromIndex);
  await storeFile(o.dir, unit, frame);
  await recordUnit(run, work, frame, frameInfo(fresh)?.fetchedAt ?? o.now());
  tally.unitsDone++;
  tally.unitsFetched++;
  tally.rowsWritten += frame.height;
  report({ event: "unit-done", rows: frame.height, pages: 0, totalPages: 0 });
}

/**
 * Where the fetch starts. An update starts at the window's first stored period, read from the
 * unit's file (the plan's start is an estimate); a file that cannot be read is fetched whole.
 */
async function startOf(work: UnitWork, path: string, window: number): Promise<Start> {
  if (work.mode !== "incremental") return { mode: "full", fromIndex: work.startIndex };
  const stored = await readStored(path);
  const from = stored && windowStart(stored, work.unit.cycle, window);
  if (stored === undefined || from === undefined) {
    return { mode: "full", fromIndex: work.startIndex };
  }
  return { mode: "incremental", fromIndex: Math.max(work.startIndex, from), stored };
}

/** The unit's rows from `fromIndex` on: one StatisticSearch, without the response cache. */
async function fetchRows(
  unit: MirrorUnit,
  fromIndex: number,
  run: UnitRun,
  tally: Tally,
  onPage: (p: Progress) => void,
): Promise<DataFrame> {
  const { signal, now } = run.settings;
  // To the later of the item's last period and a year from now: a catalogue reused from an
  // earlier run must not hide the periods published since.
  const horizon = dateToIndex(new Date(now().getTime() + 366 * DAY_MS), unit.cycle);
  const endIndex = Math.max(unit.lastIndex, fromIndex, horizon);
  let fresh: DataFrame;
  try {
    fresh = await countRequests(
      tally,
      (onProgress) =>
        run.client.statisticSearch({
          statCode: unit.statCode,
          cycle: unit.cycle,
          start: label(unit.cycle, fromIndex),
          end: label(unit.cycle, endIndex),
          items: [unit.item],
        }, { ...(signal ? { signal } : {}), onProgress, cache: false }),
      onPage,
    );
  } catch (e) {
    throwIfAborted(signal);
    throw unitFailure(e, unit);
  }
  // Rows that arrived after the signal fired are not stored.
  throwIfAborted(signal);
  return fresh;
}

/** Writes the unit's file atomically, without STAT_CODE (a partition); no rows, no file. */
async function storeFile(dir: string, unit: MirrorUnit, frame: DataFrame): Promise<void> {
  const path = joinPath(dir, unit.file);
  if (frame.height === 0) {
    await Deno.remove(path).catch(() => {});
    return;
  }
  await Deno.mkdir(joinPath(dir, unit.file.slice(0, unit.file.lastIndexOf("/"))), {
    recursive: true,
  });
  await writeParquetAtomic(path, frame.drop("STAT_CODE"));
}

/** Records the stored unit in the manifest, and writes the manifest. */
async function recordUnit(
  run: UnitRun,
  work: UnitWork,
  frame: DataFrame,
  fetchedAt: Date,
): Promise<void> {
  const { unit } = work;
  const { manifest, settings: o } = run;
  manifest.units[unitKey(unit.statCode, unit.cycle, unit.item)] = {
    statCode: unit.statCode,
    cycle: unit.cycle,
    item: unit.item,
    file: unit.file,
    complete: true,
    start: label(unit.cycle, work.startIndex),
    lastPeriod: lastPeriod(frame),
    rows: frame.height,
    fetchedAt: fetchedAt.toISOString(),
    run: manifest.run.id,
  };
  manifest.updatedAt = o.now().toISOString();
  await writeManifest(o.dir, manifest);
}

/** A unit's stored rows; `undefined` when its file is missing or cannot be read. */
async function readStored(path: string): Promise<DataFrame | undefined> {
  if (!(await exists(path))) return undefined;
  try {
    const stored = pl.readParquet(path);
    return SEARCH_COLUMNS.every((c) => c === "STAT_CODE" || stored.columns.includes(c))
      ? stored
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The ordinal of the first period of a unit's revision window: the `periods`-th latest period
 * its rows hold (the period after the latest for 0); `undefined` when it holds none.
 */
function windowStart(stored: DataFrame, cycle: Cycle, periods: number): number | undefined {
  const days = (stored.select(pl.col("TIME").cast(pl.Int32)).getColumn("TIME").toArray() as (
    | number
    | null
  )[]).filter((d): d is number => d !== null);
  const distinct = [...new Set(days)].sort((a, b) => b - a);
  if (distinct.length === 0) return undefined;
  const index = (day: number) => dateToIndex(daysToDate(day), cycle);
  if (periods === 0) return index(distinct[0]!) + 1;
  return index(distinct[Math.min(periods, distinct.length) - 1]!);
}

/**
 * A unit's stored rows before its revision window, then the fresh rows from the window on, in
 * the order one pull over the whole range would give.
 */
function mergeWindow(
  stored: DataFrame,
  fresh: DataFrame,
  statCode: string,
  cycle: Cycle,
  fromIndex: number,
): DataFrame {
  const kept = stored
    .filter(pl.col("TIME").cast(pl.Int32).lt(pl.lit(periodStartDays(cycle, fromIndex))))
    .withColumns(pl.lit(statCode).cast(pl.String).alias("STAT_CODE"))
    .select(...SEARCH_COLUMNS);
  return mergeRangeParts([kept, fresh]).select(...SEARCH_COLUMNS);
}

/** The label of the latest period in a unit's rows; `null` for none. */
function lastPeriod(frame: DataFrame): string | null {
  if (frame.height === 0) return null;
  const latest = frame.filter(pl.col("TIME").eq(pl.col("TIME").max()));
  const period = latest.height > 0 ? latest.getColumn("PERIOD").get(0) : null;
  return typeof period === "string" && tryParseLabel(period) !== undefined ? period : null;
}
