/**
 * mirror(): whole ECOS tables into a hive-partitioned Parquet dataset, unit by unit, resumably
 * and incrementally.
 *
 * The run: check the options and the directory's manifest -> item lists (the catalogue's when
 * young enough, else StatisticItemList) -> units and the plan (`onPlan`) -> for each unit not
 * done in this run: one StatisticSearch (whole, or from its revision window on), its file
 * written atomically, then the manifest -> the run marked finished, the catalogue's tables
 * written.
 *
 * @module
 */

import { type DataFrame, pl } from "../deps.ts";
import {
  type EcosClient,
  frameInfo,
  mergeRangeParts,
  type Progress,
  validateStatCode,
} from "../client/mod.ts";
import { EcosError, invalidArgument, isEcosError, restate } from "../errors.ts";
import { STATISTIC_SEARCH_SCHEMA } from "../wire/columns.ts";
import {
  type Cycle,
  dateToIndex,
  daysToDate,
  formatPeriod,
  periodStartDays,
  tryParseLabel,
} from "../wire/period.ts";
import {
  cachedItemList,
  type ItemList,
  readCatalogueItems,
  writeCatalogueItems,
  writeCatalogueTables,
} from "./catalogue.ts";
import { exists, sweepTempFiles, writeParquetAtomic } from "./files.ts";
import { joinPath } from "./layout.ts";
import {
  type Manifest,
  MANIFEST_FORMAT,
  MANIFEST_VERSION,
  readManifest,
  unitKey,
  writeManifest,
} from "./manifest.ts";
import { type MirrorOptions, type MirrorSettings, resolveMirrorOptions } from "./options.ts";
import type { MirrorProgress, MirrorProgressUnit } from "./progress.ts";
import {
  type MirrorPlan,
  type MirrorPlanTable,
  type MirrorUnit,
  timeAtRateLimit,
  unitsOf,
  type UnitWork,
  workFor,
} from "./plan.ts";

/** What a mirror run did. */
export interface MirrorResult {
  /** The plan, as given to `onPlan`. */
  plan: MirrorPlan;
  /** Whether the units were fetched: `false` when `onPlan` returned `false`. */
  started: boolean;
  /** Units fetched and stored by this call. */
  unitsFetched: number;
  /** Rows in the files this call wrote (kept rows and new ones). */
  rowsWritten: number;
  /** Requests this call made (pages answered), the item lists' included. */
  requests: number;
  /** Milliseconds the call took. */
  elapsedMs: number;
}

const SEARCH_COLUMNS = STATISTIC_SEARCH_SCHEMA.map((c) => c.name);
const DAY_MS = 86_400_000;

/** The base URL as the manifest keeps it: no user, password, query or fragment. */
function publicBaseUrl(baseUrl: string): string {
  const url = new URL(baseUrl);
  url.username = "";
  url.password = "";
  url.search = "";
  url.hash = "";
  return url.href.replace(/\/+$/, "");
}

/** The table codes, checked, without repeats. */
function checkCodes(statCodes: unknown): string[] {
  const list = typeof statCodes === "string" ? [statCodes] : statCodes;
  if (!Array.isArray(list) || list.length === 0) {
    throw invalidArgument("Pass the tables to mirror as a code or a non-empty array of codes");
  }
  const codes = list.map((c) => validateStatCode(c));
  for (const code of codes) {
    // The code names a folder that globs read: no wildcard may hide in it.
    if (!/^[0-9A-Za-z_.-]+$/.test(code)) {
      throw invalidArgument(`Write statCode with letters, digits and _ - . only: got ${code}`);
    }
  }
  return [...new Set(codes)];
}

/** The caller stopped the run. */
function abortedMirror(reason: unknown): EcosError {
  return new EcosError(
    "ABORTED",
    "The mirror was cancelled by the caller's signal; run it again to resume where it stopped",
    { cause: reason },
  );
}

/** A unit's failure, with the unit named and what to do. */
function unitFailure(e: unknown, unit: MirrorUnit): unknown {
  if (!isEcosError(e) || e.code === "ABORTED") return e;
  return restate(e, {
    message: `${e.message} (while mirroring ${unit.statCode} ${unit.cycle} ${unit.item}; ` +
      "run the mirror again to resume where it stopped)",
  });
}

/** A manifest to start from: the directory's, checked against the client; or a new one. */
async function openManifest(
  o: MirrorSettings,
  baseUrl: string,
  language: Manifest["language"],
): Promise<{ manifest: Manifest; resumed: boolean }> {
  const now = o.now().toISOString();
  const found = await readManifest(o.dir);
  if (found !== undefined && found.baseUrl !== baseUrl && !o.allowBaseUrlChange) {
    throw invalidArgument(
      `Cannot continue the mirror in ${o.dir} from another service; pass allowBaseUrlChange ` +
        `if it serves the same data, or use another dir: it was made from ${found.baseUrl}, ` +
        `the client asks ${baseUrl}`,
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
    baseUrl,
    language,
    createdAt: now,
    updatedAt: now,
    run: { id: "", startedAt: now, finishedAt: null },
    units: {},
  };
  manifest.baseUrl = baseUrl;
  const resumed = found !== undefined && found.run.finishedAt === null && o.resume;
  if (!resumed) manifest.run = { id: crypto.randomUUID(), startedAt: now, finishedAt: null };
  return { manifest, resumed };
}

/**
 * Mirrors whole ECOS tables into a hive-partitioned Parquet dataset under `options.dir`:
 * every cycle and item of each table, one file per unit (a table, a cycle and a level-1 item)
 * at `DIR/STAT_CODE=<code>/CYCLE=<cycle>/item-<ITEM_CODE1>.parquet`, with StatisticSearch's
 * columns but STAT_CODE (a partition, as CYCLE is): TIME a Date, DATA_VALUE a Float64. Read it
 * back with {@linkcode scanMirror}, DuckDB or Spark.
 *
 * Before the first unit it tells `onPlan` what it will do (units, rows, requests and the
 * least time at the rate limit). Each unit is one StatisticSearch (more pages when it holds
 * more rows than the client's `pageSize`); its file is written atomically, then the manifest
 * (`DIR/_manifest.json`), so that an interrupted run loses at most the unit in progress. The
 * next call resumes the interrupted run without asking again for the units it stored. Once a
 * run has finished, the next one is incremental: each unit fetches its last stored periods
 * (the revision window) and what follows, and replaces those rows in its file, so that an
 * unchanged source costs one request per unit. Item lists are kept in `DIR/_catalogue/` and
 * reused for `catalogueMaxAgeDays`.
 *
 * Its requests bypass the response cache (`cache: false` on every call), so that each run sees
 * the service as it is now. The manifest keeps the base URL (never the key); a directory mirrored from
 * another base URL is refused unless `allowBaseUrlChange` is set. One run at a time may write
 * a directory.
 *
 * @param client The client: its base URL, language, page size and retries are used.
 * @param statCodes The tables, e.g. ["722Y001", "901Y009"].
 * @param options The directory, and what to mirror and how.
 * @returns What the run did.
 * @throws {EcosError} INVALID_ARGUMENT (nothing sent) for bad options, a directory mirrored
 * from another base URL or in another language, or an unreadable manifest; UNKNOWN_CODE for a
 * table with no items; ABORTED when the signal fires; a unit's failure after the client's
 * retries (the units stored stay, and the next call resumes).
 *
 * @example Mirror a table, then read it back
 * ```ts
 * import assert from "node:assert/strict";
 * import { EcosClient } from "@ecos/ecos";
 * import { startEcosServer } from "@ecos/ecos/server";
 * import { mirror, scanMirror } from "./mod.ts";
 *
 * await using server = await startEcosServer({ keys: ["test-key"] });
 * const client = new EcosClient({ baseUrl: server.url, apiKey: "test-key", cache: false });
 * const dir = await Deno.makeTempDir();
 * try {
 *   const result = await mirror(client, ["200Y101"], { dir });
 *   assert.equal(result.plan.units, 3); // one cycle (A), three items
 *   assert.equal(result.requests, 4); // the item list, then one request a unit
 *   const frame = scanMirror(dir).collectSync();
 *   assert.equal(frame.height, 3 * 56);
 *   assert.equal(frame.getColumn("TIME").dtype.variant, "Date");
 *
 *   // Nothing new: one request a unit, the item list from the catalogue.
 *   const again = await mirror(client, ["200Y101"], { dir });
 *   assert.equal(again.requests, 3);
 *   assert.equal(scanMirror(dir).collectSync().height, 3 * 56);
 * } finally {
 *   await Deno.remove(dir, { recursive: true });
 * }
 * ```
 *
 * @example A dry run: the plan, and nothing fetched
 * ```ts
 * import assert from "node:assert/strict";
 * import { EcosClient } from "@ecos/ecos";
 * import { startEcosServer } from "@ecos/ecos/server";
 * import { formatMirrorPlan, mirror } from "./mod.ts";
 *
 * await using server = await startEcosServer({ keys: ["test-key"] });
 * const client = new EcosClient({ baseUrl: server.url, apiKey: "test-key", pageSize: 100 });
 * const dir = await Deno.makeTempDir();
 * try {
 *   const result = await mirror(client, "105Y001", {
 *     dir,
 *     onPlan: (plan) => {
 *       assert.match(formatMirrorPlan(plan), /1 table, 2 units/);
 *       return false;
 *     },
 *   });
 *   assert.equal(result.started, false);
 *   assert.equal(result.plan.rows, 2 * 53 * 4); // 2 items x 53 halves x 4 sub-items
 *   assert.equal(result.plan.requests, 6); // 212 rows a unit: 3 pages of 100
 * } finally {
 *   await Deno.remove(dir, { recursive: true });
 * }
 * ```
 */
export async function mirror(
  client: EcosClient,
  statCodes: string | readonly string[],
  options: MirrorOptions,
): Promise<MirrorResult> {
  const t0 = performance.now();
  const o = resolveMirrorOptions(options, client);
  const codes = checkCodes(statCodes);
  if (typeof (client as { statisticSearch?: unknown })?.statisticSearch !== "function") {
    throw invalidArgument("Pass an EcosClient as the first argument of mirror()");
  }
  const { signal } = o;
  if (signal?.aborted) throw abortedMirror(signal.reason);

  await Deno.mkdir(o.dir, { recursive: true });
  const baseUrl = publicBaseUrl(client.baseUrl);
  const { manifest, resumed } = await openManifest(o, baseUrl, client.language);
  await sweepTempFiles(o.dir);

  let requests = 0;
  /** Runs a call with page counting; `onPage` sees the client's progress. */
  const counted = async <T>(
    call: (onProgress: (p: Progress) => void) => Promise<T>,
    onPage?: (p: Progress) => void,
  ): Promise<T> => {
    let pages = 0;
    const value = await call((p) => {
      pages++;
      requests++;
      onPage?.(p);
    });
    if (pages === 0) requests++; // an answer with no rows
    return value;
  };

  // Item lists: the catalogue's while young enough, else pulled; every table checked first.
  const catalogue = await readCatalogueItems(o.dir);
  const notBefore = new Date(o.now().getTime() - o.catalogueMaxAgeMs);
  const lists = new Map<string, ItemList>();
  const fetchedLists = new Map<string, ItemList>();
  for (const code of codes) {
    let list = cachedItemList(catalogue, code, notBefore);
    if (list === undefined) {
      const items = await counted((onProgress) =>
        client.statisticItemList(code, { ...(signal ? { signal } : {}), onProgress, cache: false })
      );
      if (items.height === 0) {
        throw new EcosError(
          "UNKNOWN_CODE",
          `Check the table code: the service lists no items for ${code}`,
          { service: "StatisticItemList" },
        );
      }
      list = { items, listedAt: frameInfo(items)?.fetchedAt ?? o.now(), fetched: true };
      fetchedLists.set(code, list);
    }
    lists.set(code, list);
  }
  if (fetchedLists.size > 0) await writeCatalogueItems(o.dir, catalogue, fetchedLists);

  // Units, what to do with each, and the plan.
  const label = (cycle: Cycle, index: number) => formatPeriod(cycle, index, "live");
  const settings = {
    manifest,
    sinceIndex: (cycle: Cycle) => (o.since ? dateToIndex(o.since, cycle) : undefined),
    revisionWindow: o.revisionWindow,
    pageSize: client.pageSize,
    fileExists: (unit: MirrorUnit) => {
      try {
        return Deno.statSync(joinPath(o.dir, unit.file)).isFile;
      } catch {
        return false;
      }
    },
    label,
  };
  const works: UnitWork[] = [];
  const tables: MirrorPlanTable[] = [];
  for (const code of codes) {
    const list = lists.get(code)!;
    const tableWorks = unitsOf(code, list.items, o.cycles).map((u) => workFor(u, settings));
    works.push(...tableWorks);
    tables.push({
      statCode: code,
      statName: (list.items.getColumn("STAT_NAME").get(0) as string | null) ?? null,
      cycles: [...new Set(tableWorks.map((w) => w.unit.cycle))],
      units: tableWorks.length,
      unitsDone: tableWorks.filter((w) => w.mode === "done").length,
      rows: tableWorks.reduce((n, w) => n + w.rows, 0),
      requests: tableWorks.reduce((n, w) => n + w.requests, 0),
      catalogue: list.fetched ? "fetched" : "reused",
    });
  }
  const plannedRequests = works.reduce((n, w) => n + w.requests, 0);
  const plan: MirrorPlan = {
    dir: o.dir,
    baseUrl,
    resumed,
    tables,
    units: works.length,
    unitsDone: works.filter((w) => w.mode === "done").length,
    unitsFull: works.filter((w) => w.mode === "full").length,
    unitsIncremental: works.filter((w) => w.mode === "incremental").length,
    rows: works.reduce((n, w) => n + w.rows, 0),
    requests: plannedRequests,
    catalogueRequests: requests,
    pageSize: client.pageSize,
    rateLimit: o.rateLimit,
    estimatedMs: timeAtRateLimit(plannedRequests, o.rateLimit),
  };
  const result = (started: boolean, unitsFetched: number, rowsWritten: number) => ({
    plan,
    started,
    unitsFetched,
    rowsWritten,
    requests,
    elapsedMs: performance.now() - t0,
  });
  if ((await o.onPlan?.(plan)) === false) return result(false, 0, 0);

  // The units.
  const plannedTotal = plan.catalogueRequests + plannedRequests;
  let unitsDone = plan.unitsDone;
  let unitsFetched = 0;
  let rowsWritten = 0;
  const report = (
    event: MirrorProgress["event"],
    unit: MirrorProgressUnit,
    rows: number,
    pages: number,
    totalPages: number,
  ) => {
    if (o.onProgress === undefined) return;
    const elapsedMs = performance.now() - t0;
    const left = Math.max(0, plannedTotal - requests);
    const pace = requests > 0 ? (elapsedMs / requests) * left : 0;
    const limit = timeAtRateLimit(requests + left, o.rateLimit) - elapsedMs;
    o.onProgress({
      event,
      unit,
      rows,
      pages,
      totalPages,
      unitsDone,
      units: works.length,
      requests,
      plannedRequests: plannedTotal,
      elapsedMs,
      etaMs: left === 0 ? 0 : Math.max(0, pace, limit),
    });
  };

  await writeManifest(o.dir, { ...manifest, updatedAt: o.now().toISOString() });
  let failed = false;
  try {
    for (const work of works) {
      if (work.mode === "done") continue;
      if (signal?.aborted) throw abortedMirror(signal.reason);
      const { unit } = work;
      const path = joinPath(o.dir, unit.file);
      // An update starts at the window's first stored period, read from the unit's file; a
      // file that cannot be read is fetched whole.
      let mode = work.mode as "full" | "incremental";
      let fromIndex = work.startIndex;
      let stored: DataFrame | undefined;
      if (mode === "incremental") {
        stored = await readStored(path);
        const from = stored && windowStart(stored, unit.cycle, o.revisionWindow[unit.cycle]);
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
      report("unit-start", info, 0, 0, 0);
      // To the later of the item's last period and a year from now: a catalogue reused from
      // an earlier run must not hide the periods published since.
      const horizon = dateToIndex(new Date(o.now().getTime() + 366 * DAY_MS), unit.cycle);
      const endIndex = Math.max(unit.lastIndex, fromIndex, horizon);
      let fresh: DataFrame;
      try {
        fresh = await counted(
          (onProgress) =>
            client.statisticSearch({
              statCode: unit.statCode,
              cycle: unit.cycle,
              start: label(unit.cycle, fromIndex),
              end: label(unit.cycle, endIndex),
              items: [unit.item],
            }, { ...(signal ? { signal } : {}), onProgress, cache: false }),
          (p) => report("page", info, p.rows, p.pages, p.totalPages),
        );
      } catch (e) {
        if (signal?.aborted) throw abortedMirror(signal.reason);
        throw unitFailure(e, unit);
      }
      if (signal?.aborted) throw abortedMirror(signal.reason);
      let frame = fresh.select(...SEARCH_COLUMNS);
      if (mode === "incremental" && stored !== undefined) {
        frame = mergeWindow(stored, frame, unit.statCode, unit.cycle, fromIndex);
      }
      if (frame.height > 0) {
        await Deno.mkdir(joinPath(o.dir, unit.file.slice(0, unit.file.lastIndexOf("/"))), {
          recursive: true,
        });
        await writeParquetAtomic(path, frame.drop("STAT_CODE"));
      } else {
        await Deno.remove(path).catch(() => {});
      }
      manifest.units[unitKey(unit.statCode, unit.cycle, unit.item)] = {
        statCode: unit.statCode,
        cycle: unit.cycle,
        item: unit.item,
        file: unit.file,
        complete: true,
        start: label(unit.cycle, work.startIndex),
        lastPeriod: lastPeriod(frame),
        rows: frame.height,
        fetchedAt: (frameInfo(fresh)?.fetchedAt ?? o.now()).toISOString(),
        run: manifest.run.id,
      };
      manifest.updatedAt = o.now().toISOString();
      await writeManifest(o.dir, manifest);
      unitsDone++;
      unitsFetched++;
      rowsWritten += frame.height;
      report("unit-done", info, frame.height, 0, 0);
    }
    manifest.run.finishedAt = o.now().toISOString();
    manifest.updatedAt = manifest.run.finishedAt;
    await writeManifest(o.dir, manifest);
  } catch (e) {
    failed = true;
    throw e;
  } finally {
    // The summary follows the manifest, also after a failure; its own failure then yields to
    // the one already raised.
    if (unitsFetched > 0 || !failed) {
      await writeCatalogueTables(o.dir, manifest).catch((e) => {
        if (!failed) throw e;
      });
    }
  }
  return result(true, unitsFetched, rowsWritten);
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
