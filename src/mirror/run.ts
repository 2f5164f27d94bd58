/**
 * A mirror run: the manifest it starts from (an interrupted run resumed, or a new one), then
 * the units in the plan's order, each stored and journalled before the next starts; a
 * partition found too large is split into item units on the way; with `keepGoing`, a table
 * that fails is listed and the others go on. At the end the journal is folded into the
 * manifest and the catalogue's summary written, also after a failure.
 *
 * @module
 */

import { type DataFrame, pl } from "../deps.ts";
import { invalidArgument } from "../errors.ts";
import { count } from "../util/human.ts";
import { isFatal, writeCatalogueTables } from "./catalogue.ts";
import { throwIfAborted } from "./failures.ts";
import { exists, writeParquetAtomic } from "./files.ts";
import { joinPath, unitFile } from "./layout.ts";
import { keyed, STORED_COLUMNS } from "./merge.ts";
import type { MirrorLock } from "./lock.ts";
import {
  Journal,
  type Manifest,
  MANIFEST_FORMAT,
  MANIFEST_VERSION,
  manifestVersion,
  readManifest,
  unitKey,
  writeManifest,
} from "./manifest.ts";
import type { MirrorSettings } from "./options.ts";
import { type MirrorUnit, unitName, type UnitWork } from "./plan.ts";
import { failureOf, type Tally } from "./tally.ts";
import { mirrorUnit, readStored, SplitNeeded, storedMetadata, type UnitRun } from "./unit.ts";
import { readParquetMetadata } from "../util/parquet_metadata.ts";

/** Tables failing one after another before a `keepGoing` run gives up: the service is down. */
const FAILURES_IN_A_ROW = 5;

/**
 * The manifest a run starts from: the directory's, checked against the client, or a new one.
 * The directory's run is resumed when it did not finish and `resume` is set; otherwise the
 * manifest gets a new run id, so that every unit is fetched whole or updated. Unless
 * `readOnly`, the manifest is written (the journal folded into it).
 *
 * @param o The run's settings: the directory, `resume`, `allowBaseUrlChange`, the clock.
 * @param source "bundled" for the bundled server, else the base URL without any key.
 * @param baseUrl The client's base URL, without any key.
 * @param language The client's language.
 * @param readOnly Whether to write nothing (a dry run).
 * @returns The manifest, and whether its run is resumed.
 * @throws {EcosError} INVALID_ARGUMENT for a directory mirrored from another source (unless
 * allowed) or in another language, or an unreadable manifest.
 */
export async function openManifest(
  o: MirrorSettings,
  source: string,
  baseUrl: string,
  language: Manifest["language"],
  readOnly: boolean,
): Promise<{ manifest: Manifest; resumed: boolean }> {
  const now = o.now().toISOString();
  // A dry run over an earlier version's mirror plans it as new; a real run migrated it first.
  const found = readOnly && (await manifestVersion(o.dir)) === 1
    ? undefined
    : await readManifest(o.dir);
  // The same source, or the same address (a bundled server seen from another process).
  const same = found === undefined || found.source === source || found.baseUrl === baseUrl;
  if (!same && !o.allowBaseUrlChange) {
    throw invalidArgument(
      `Cannot continue the mirror in ${o.dir} from another service; pass allowBaseUrlChange ` +
        `(--allow-base-url-change) if it serves the same data, or use another dir: it was ` +
        `made from ${found!.baseUrl}, the client asks ${baseUrl}`,
    );
  }
  if (found !== undefined && found.language !== language) {
    throw invalidArgument(
      `Use a client with language "${found.language}" for the mirror in ${o.dir}: its names ` +
        `are in that language, the client's in "${language}"`,
    );
  }
  const manifest: Manifest = found ?? {
    format: MANIFEST_FORMAT,
    version: MANIFEST_VERSION,
    source,
    baseUrl,
    language,
    createdAt: now,
    updatedAt: now,
    run: { id: "", startedAt: now, finishedAt: null },
    units: {},
    split: [],
  };
  manifest.source = source;
  manifest.baseUrl = baseUrl;
  const resumed = found !== undefined && found.run.finishedAt === null && o.resume;
  if (!resumed) manifest.run = { id: crypto.randomUUID(), startedAt: now, finishedAt: null };
  if (!readOnly) await writeManifest(o.dir, { ...manifest, updatedAt: now });
  return { manifest, resumed };
}

/** What {@linkcode runUnits} needs besides a unit's run. */
export interface RunContext extends Omit<UnitRun, "journal"> {
  /** The manifest, which the journal's entries are applied to. */
  manifest: Manifest;
  /** The directory's lock, checked before each unit. */
  lock: MirrorLock;
  /** The item units of a partition found too large for one pull. */
  splitUnits: (unit: MirrorUnit) => UnitWork[];
}

/**
 * Fetches the units the plan does not skip, one after another, then marks the run finished
 * (unless a table failed: then the next run resumes, and tries it again). The journal is
 * folded into the manifest and the catalogue's tables written at the end, also after a
 * failure.
 *
 * @param works The units' work, in the plan's order.
 * @param run The client, the settings, the manifest, the plan, the lock.
 * @param tally The run's counters.
 * @throws {EcosError} ABORTED when the signal fires; a unit's failure (with `keepGoing`, only
 * those that stop the whole run). The units stored stay, and the next run resumes.
 */
export async function runUnits(
  works: readonly UnitWork[],
  run: RunContext,
  tally: Tally,
): Promise<void> {
  const { manifest } = run;
  const { dir, signal, now, keepGoing } = run.settings;
  const journal = new Journal(dir, manifest);
  const unitRun: UnitRun = { ...run, journal };
  tally.unitsDone = run.plan.unitsDone;
  const queue = [...works];
  const failedTables = new Set<string>();
  let inARow = 0;
  try {
    for (let i = 0; i < queue.length; i++) {
      const work = queue[i]!;
      if (work.mode === "done") continue;
      throwIfAborted(signal);
      run.lock.check();
      const partition = unitKey(work.unit.statCode, work.unit.cycle);
      if (work.unit.item !== null && !journal.manifest.split.includes(partition)) {
        // Planned item by item (larger than one pull): a whole file stored earlier is split.
        await splitPartition(dir, {
          ...work.unit,
          item: null,
          file: unitFile(work.unit.statCode, work.unit.cycle, null),
        }, journal);
      }
      try {
        await mirrorUnit(work, unitRun, tally);
        inARow = 0;
      } catch (e) {
        if (e instanceof SplitNeeded) {
          const items = run.splitUnits(e.unit);
          await splitPartition(dir, e.unit, journal);
          run.warn(
            `${unitName(e.unit)}: ${
              e.rows === undefined
                ? "the service finds even one period too large"
                : `${count(e.rows)} rows, more than one pull may bring`
            }; fetched item by item (${items.length} items)`,
          );
          queue.splice(i + 1, 0, ...items);
          continue;
        }
        if (!keepGoing || isFatal(e)) throw e;
        const { statCode, cycle, item } = work.unit;
        tally.failures.push(failureOf({ statCode, cycle, ...(item === null ? {} : { item }) }, e));
        failedTables.add(work.unit.statCode);
        if (++inARow >= FAILURES_IN_A_ROW) throw e;
      }
    }
    if (tally.failures.length === 0) {
      manifest.run.finishedAt = now().toISOString();
      manifest.updatedAt = manifest.run.finishedAt;
    }
  } catch (e) {
    await settle(dir, manifest, journal).catch(() => {});
    throw e;
  }
  await settle(dir, manifest, journal);
}

/**
 * The end of a run, also after a failure: the journal folded into the manifest, the
 * catalogue's summary written.
 */
async function settle(dir: string, manifest: Manifest, journal: Journal): Promise<void> {
  journal.close();
  await writeManifest(dir, manifest);
  await writeCatalogueTables(dir, manifest);
}

/** A data file's `ecos.source`, `ecos.base_url` and `ecos.retrieved_at`; none when unreadable. */
async function sourceMetadata(path: string): Promise<Record<string, string>> {
  const keys = ["ecos.source", "ecos.base_url", "ecos.retrieved_at"];
  try {
    const meta = readParquetMetadata(await Deno.readFile(path));
    return Object.fromEntries(Object.entries(meta).filter(([k]) => keys.includes(k)));
  } catch {
    return {};
  }
}

/**
 * Turns a partition stored whole into one stored item by item: the split is journalled, the
 * whole file's rows are written into one file per level-1 item (merged with an item file that
 * is there already, its rows first), the whole file removed, and its record dropped. Readers
 * may see a row twice for the moment between the writes and the removal.
 */
async function splitPartition(dir: string, unit: MirrorUnit, journal: Journal): Promise<void> {
  const key = unitKey(unit.statCode, unit.cycle);
  await journal.append({ split: key });
  const whole = joinPath(dir, unit.file);
  if (await exists(whole)) {
    const rows = await readStored(whole, unit, () => {});
    if (rows !== undefined && rows.height > 0) {
      const source = await sourceMetadata(whole);
      const items = rows.getColumn("ITEM_CODE1").unique().toArray() as (string | null)[];
      for (const item of items) {
        if (item === null) continue;
        const path = joinPath(dir, unitFile(unit.statCode, unit.cycle, item));
        const own = rows.filter(pl.col("ITEM_CODE1").eq(pl.lit(item)));
        const there = await readStored(path, { ...unit, item }, () => {});
        const merged = there === undefined ? own : union(there, own);
        // The whole file's source goes with its rows; the units are the item's own.
        await writeParquetAtomic(path, merged.select(...STORED_COLUMNS), {
          ...source,
          ...storedMetadata(unit.statCode, unit.cycle, merged, {}),
        });
      }
    }
    await Deno.remove(whole).catch(() => {});
  }
  if (journal.manifest.units[key] !== undefined) await journal.append({ drop: key });
}

/** Rows of two frames, one per key, those of `first` winning. */
function union(first: DataFrame, second: DataFrame): DataFrame {
  return keyed(pl.concat([first, second], { how: "vertical" }))
    .unique({ subset: ["__KEY"], keep: "first", maintainOrder: true })
    .select(...STORED_COLUMNS);
}
