/**
 * One unit of a mirror run: its rows fetched (from its first period, or from its revision
 * window on), merged into the rows its file keeps (src/mirror/merge.ts), the values they
 * supersede added to the history, the file rewritten atomically when its rows changed, then
 * its record appended to the journal, so that the manifest never names more than is on disk.
 *
 * @module
 */

import { type DataFrame, pl } from "../deps.ts";
import type { EcosClient, Progress } from "../client/mod.ts";
import { count } from "../util/human.ts";
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
import { readOrSetAside, writeParquetAtomic } from "./files.ts";
import {
  frameProvenance,
  provenanceMetadata,
  type ProvenanceOptions,
} from "../analysis/provenance.ts";
import { addToHistory } from "./history.ts";
import { joinPath } from "./layout.ts";
import type { Journal } from "./manifest.ts";
import { type Checked, mergeFetch, rowsFrom, STORED_COLUMNS } from "./merge.ts";
import type { MirrorSettings } from "./options.ts";
import { type MirrorPlan, type MirrorUnit, unitName, type UnitWork } from "./plan.ts";
import { type MirrorProgressUnit, progressOf, type UnitStep } from "./progress.ts";
import { countRequests, type Tally } from "./tally.ts";

/** What a unit needs of its run. */
export interface UnitRun {
  /** The client the rows are fetched with. */
  client: EcosClient;
  /** The run's settings. */
  settings: MirrorSettings;
  /** The journal, which the unit's record is appended to. */
  journal: Journal;
  /** The plan, which progress reports count against. */
  plan: MirrorPlan;
  /** Says a warning (to `onWarning`, and into the tally). */
  warn: (message: string) => void;
}

/** A table and cycle holds more rows than one pull may bring: it is fetched item by item. */
export class SplitNeeded extends Error {
  /**
   * @param unit The unit found too large.
   * @param rows The rows the service said it holds, when it said.
   */
  constructor(readonly unit: MirrorUnit, readonly rows: number | undefined) {
    super(`${unit.statCode} ${unit.cycle} is too large for one pull`);
    this.name = "SplitNeeded";
  }
}

/** A period's label as the live service spells it. */
const label = (cycle: Cycle, index: number) => formatPeriod(cycle, index, "live");

/**
 * Fetches one unit, merges and writes its file, adds superseded values to the history, and
 * appends its record to the journal; reports its start, pages and end, and counts into the
 * tally.
 *
 * @param work The unit and what the plan does with it (not "done").
 * @param run The client, the settings, the journal and the plan.
 * @param tally The run's counters.
 * @throws {SplitNeeded} When a whole table and cycle holds more than `maxUnitRows` rows, or
 * the service finds even one period of it too large (ERROR-400).
 * @throws {EcosError} ABORTED when the signal fires (nothing of the unit is stored); the
 * client's failure, with the unit named.
 */
export async function mirrorUnit(work: UnitWork, run: UnitRun, tally: Tally): Promise<void> {
  const { unit } = work;
  const o = run.settings;
  const path = joinPath(o.dir, unit.file);
  const stored = await readStored(path, unit, run.warn);
  let mode = work.mode === "incremental" && stored !== undefined
    ? "incremental" as const
    : "full" as const;
  let fromIndex = work.startIndex;
  if (mode === "incremental") {
    const from = windowStart(stored!, unit.cycle, o.revisionWindow[unit.cycle]);
    if (from === undefined) mode = "full";
    else fromIndex = Math.max(work.startIndex, from);
  }
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
  // The mirror's clock (injectable), not the client's: history is reckoned in it.
  const fetchedAt = o.now();
  const record = work.record;
  const checked: Checked | undefined = record?.checkedAt && record.checkedFrom
    ? checkedOf(record.checkedAt, record.checkedFrom, unit.cycle)
    : undefined;
  const merged = mergeFetch(stored, fresh.drop("STAT_CODE"), fetchedAt, checked);
  let current = merged.current;
  let changed = merged.changed;
  if (o.prune && o.since !== undefined) {
    const kept = rowsFrom(current, periodStartDays(unit.cycle, work.startIndex));
    changed ||= kept.height !== current.height;
    current = kept;
  }
  if (fresh.height === 0 && (stored?.height ?? 0) > 0) {
    run.warn(
      `${unitName(unit)}: the service answered no data from ${label(unit.cycle, fromIndex)} on; ` +
        (current.height > 0
          ? `kept the ${count(current.height)} rows stored` +
            (o.since !== undefined && !o.prune ? " (pass prune to remove rows before since)" : "")
          : "its rows before since were pruned"),
    );
  }
  // The history first: a run killed between the two writes supersedes again, harmlessly.
  await addToHistory(o.dir, unit.statCode, unit.cycle, merged.superseded, run.warn);
  if (changed) {
    await storeFile(o.dir, unit, current, {
      source: run.client.source,
      baseUrl: run.client.baseUrl,
      fetchedAt,
    });
  }
  await run.journal.append({
    unit: {
      statCode: unit.statCode,
      cycle: unit.cycle,
      item: unit.item,
      file: unit.file,
      start: label(unit.cycle, work.startIndex),
      lastPeriod: lastPeriod(current),
      rows: current.height,
      fetchedAt: fetchedAt.toISOString(),
      checkedAt: fresh.height > 0 ? fetchedAt.toISOString() : record?.checkedAt ?? null,
      checkedFrom: fresh.height > 0 ? label(unit.cycle, fromIndex) : record?.checkedFrom ?? null,
      run: run.journal.manifest.run.id,
    },
  });
  tally.unitsDone++;
  tally.unitsFetched++;
  tally.revised += merged.superseded.height;
  if (changed) {
    tally.filesWritten++;
    tally.rowsWritten += current.height;
  }
  report({ event: "unit-done", rows: current.height, pages: 0, totalPages: 0 });
}

function checkedOf(at: string, from: string, cycle: Cycle): Checked | undefined {
  const index = tryParseLabel(from, cycle)?.index;
  return index === undefined
    ? undefined
    : { at: new Date(at), fromDays: periodStartDays(cycle, index) };
}

/**
 * The unit's rows from `fromIndex` on: one StatisticSearch (every item of the table, or one
 * level-1 item), without the response cache.
 */
async function fetchRows(
  unit: MirrorUnit,
  fromIndex: number,
  run: UnitRun,
  tally: Tally,
  onPage: (p: Progress) => void,
): Promise<DataFrame> {
  const { signal, now, maxUnitRows } = run.settings;
  // To the later of the items' last period and a year from now: a catalogue reused from an
  // earlier run must not hide the periods published since.
  const horizon = dateToIndex(new Date(now().getTime() + 366 * DAY_MS), unit.cycle);
  const endIndex = Math.max(unit.lastIndex, fromIndex, horizon);
  // A whole table that turns out larger than one pull may bring is stopped at its first page.
  const tooLarge = new AbortController();
  let total: number | undefined;
  const stop = signal === undefined ? tooLarge.signal : AbortSignal.any([signal, tooLarge.signal]);
  try {
    const fresh = await countRequests(
      tally,
      (onProgress) =>
        run.client.statisticSearch({
          statCode: unit.statCode,
          cycle: unit.cycle,
          start: label(unit.cycle, fromIndex),
          end: label(unit.cycle, endIndex),
          ...(unit.item === null ? {} : { items: [unit.item] }),
        }, { signal: stop, onProgress, cache: false }),
      (p) => {
        if (unit.item === null && p.totalRows > maxUnitRows) {
          total = p.totalRows;
          tooLarge.abort();
          return;
        }
        onPage(p);
      },
    );
    // Rows that arrived after the signal fired are not stored.
    throwIfAborted(signal);
    return fresh;
  } catch (e) {
    throwIfAborted(signal);
    if (tooLarge.signal.aborted) throw new SplitNeeded(unit, total);
    if (unit.item === null && (e as { code?: unknown })?.code === "ERROR-400") {
      throw new SplitNeeded(unit, undefined);
    }
    throw unitFailure(e, unit);
  }
}

/**
 * Writes the unit's file atomically, without STAT_CODE (a partition), with its source and the
 * units of its series in the footer's metadata; no rows, no file.
 */
async function storeFile(
  dir: string,
  unit: MirrorUnit,
  frame: DataFrame,
  provenance: ProvenanceOptions,
): Promise<void> {
  const path = joinPath(dir, unit.file);
  if (frame.height === 0) {
    await Deno.remove(path).catch(() => {});
    return;
  }
  await writeParquetAtomic(
    path,
    frame.select(...STORED_COLUMNS),
    storedMetadata(unit.statCode, unit.cycle, frame, provenance),
  );
}

/**
 * A data file's key-value metadata: its table and cycle (the partition's), where its rows came
 * from and the unit of each of its series (`ecos.units`, the series named with their table).
 *
 * @param statCode The table.
 * @param cycle The cycle.
 * @param frame The stored rows.
 * @param provenance The source, base URL and time of the write.
 * @returns The keys and values.
 */
export function storedMetadata(
  statCode: string,
  cycle: string,
  frame: DataFrame,
  provenance: ProvenanceOptions,
): Record<string, string> {
  const withTable = frame.withColumns(pl.lit(statCode).alias("STAT_CODE"));
  return {
    "ecos.stat_code": statCode,
    "ecos.cycle": cycle,
    ...provenanceMetadata(frameProvenance(withTable, provenance)),
  };
}

/**
 * A unit's stored rows; `undefined` when its file is missing. A file that cannot be read is
 * moved aside (`<name>.damaged-<time>`, which no glob of `*.parquet` takes) and said so.
 */
export function readStored(
  path: string,
  unit: MirrorUnit,
  warn: (message: string) => void,
): Promise<DataFrame | undefined> {
  return readOrSetAside(path, STORED_COLUMNS, (aside, why) =>
    warn(
      `${unitName(unit)}: its file could not be read (${why}); moved it to ${aside} and ` +
        "fetched the unit whole",
    ));
}

/**
 * The ordinal of the first period of a partition's revision window: for each series (items
 * ITEM_CODE1..4) still published, its `periods`-th latest stored period (the one after its
 * latest, for 0); the earliest of them. A series whose latest period is far behind the
 * partition's (discontinued) does not hold the window back. `undefined` when no rows.
 */
function windowStart(stored: DataFrame, cycle: Cycle, periods: number): number | undefined {
  if (stored.height === 0) return undefined;
  const series = ["ITEM_CODE1", "ITEM_CODE2", "ITEM_CODE3", "ITEM_CODE4"];
  const days = pl.col("TIME").cast(pl.Int32);
  const per = stored.select(...series, days.alias("DAYS")).groupBy(series).agg(
    pl.col("DAYS").max().alias("LAST"),
    pl.col("DAYS").unique().sort().tail(Math.max(1, periods)).min().alias("START"),
  );
  const index = (day: number) => dateToIndex(daysToDate(day), cycle);
  const lasts = per.getColumn("LAST").toArray() as number[];
  const starts = per.getColumn("START").toArray() as number[];
  const latest = Math.max(...lasts.map(index));
  // Four windows behind the partition's latest period: still published, merely late.
  const alive = latest - 4 * Math.max(1, periods);
  let from = Infinity;
  lasts.forEach((last, i) => {
    if (index(last) < alive) return;
    from = Math.min(from, periods === 0 ? index(last) + 1 : index(starts[i]!));
  });
  return Number.isFinite(from) ? from : undefined;
}

/** The label of the latest period in a unit's rows; `null` for none. */
function lastPeriod(frame: DataFrame): string | null {
  if (frame.height === 0) return null;
  const latest = frame.filter(pl.col("TIME").eq(pl.col("TIME").max()));
  const period = latest.height > 0 ? latest.getColumn("PERIOD").get(0) : null;
  return typeof period === "string" && tryParseLabel(period) !== undefined ? period : null;
}
