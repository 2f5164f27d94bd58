/**
 * mirror(): whole ECOS tables into a hive-partitioned Parquet dataset, a table and cycle per
 * unit, resumably and incrementally, keeping every superseded value.
 *
 * The call, and where each step lives: the arguments checked (here and options.ts) -> the
 * directory created and locked (lock.ts; not for a dry run) -> the manifest, resumed or a new
 * run (run.ts, manifest.ts) -> item lists, the catalogue's when young enough, else
 * StatisticItemList (catalogue.ts) -> units and the plan, told to `onPlan` (plan.ts) -> each
 * unit not done in this run fetched, merged, written and journalled (run.ts, unit.ts,
 * merge.ts, history.ts) -> the run marked finished, the catalogue's tables written (run.ts).
 * The counters all of them share are one {@linkcode Tally} (tally.ts).
 *
 * @module
 */

import { type EcosClient, validateStatCode } from "../client/mod.ts";
import { invalidArgument } from "../errors.ts";
import { isBundledServer } from "../wire/bundled.ts";
import type { Cycle } from "../wire/period.ts";
import { type ItemList, itemLists, writeCatalogueItems } from "./catalogue.ts";
import { throwIfAborted } from "./failures.ts";
import { sweepTempFiles } from "./files.ts";
import { lockMirror } from "./lock.ts";
import { migrateV1 } from "./migrate.ts";
import { type MirrorOptions, type MirrorSettings, resolveMirrorOptions } from "./options.ts";
import {
  type MirrorPlan,
  type PlanInput,
  planMirror,
  unitsOf,
  workFor,
  workSettings,
} from "./plan.ts";
import { openManifest, runUnits } from "./run.ts";
import { failureOf, type MirrorFailure, startTally, type Tally } from "./tally.ts";

/** What a mirror run did. */
export interface MirrorResult {
  /** The plan, as given to `onPlan`. */
  plan: MirrorPlan;
  /** Whether the units were fetched: `false` when `onPlan` returned `false`. */
  started: boolean;
  /** Units fetched and stored by this call. */
  unitsFetched: number;
  /** Data files this call rewrote: those whose rows changed. */
  filesWritten: number;
  /** Rows in the files this call wrote (kept rows and new ones). */
  rowsWritten: number;
  /** Values this call found revised: superseded, and kept in the history. */
  revised: number;
  /**
   * Tables, or units of them, that could not be mirrored (`keepGoing`): a code the service
   * does not know, a table whose pull kept failing. Empty when all went well.
   */
  failures: MirrorFailure[];
  /** Warnings, as `onWarning` was told them. */
  warnings: string[];
  /** Requests this call made (pages answered), the item lists' included. */
  requests: number;
  /** Milliseconds the call took. */
  elapsedMs: number;
}

/**
 * Where a client's data comes from, as a mirror tells sources apart: "bundled" for the bundled
 * server (whatever port it got), else the base URL without any key.
 */
function sourceOf(client: EcosClient): string {
  return client.source === "bundled" || isBundledServer(client.baseUrl)
    ? "bundled"
    : publicBaseUrl(client.baseUrl);
}

/** The base URL as the manifest keeps it: no user, password, query or fragment. */
function publicBaseUrl(baseUrl: string): string {
  const url = new URL(baseUrl);
  url.username = "";
  url.password = "";
  url.search = "";
  url.hash = "";
  return url.href.replace(/\/+$/, "");
}

/** A table code, checked: a folder that globs read, so no wildcard may hide in it. */
function checkCode(code: unknown): string {
  const checked = validateStatCode(code);
  if (!/^[0-9A-Za-z_.-]+$/.test(checked)) {
    throw invalidArgument(`Write statCode with letters, digits and _ - . only: got ${checked}`);
  }
  return checked;
}

/**
 * The table codes, checked, without repeats. With `keepGoing`, a bad code (from a table list,
 * say) is a failure of its table, and the others go on.
 */
function checkCodes(statCodes: unknown, keepGoing: boolean, tally: Tally): string[] {
  const list = typeof statCodes === "string" ? [statCodes] : statCodes;
  if (!Array.isArray(list) || list.length === 0) {
    throw invalidArgument("Pass the tables to mirror as a code or a non-empty array of codes");
  }
  const codes: string[] = [];
  for (const code of list) {
    try {
      codes.push(checkCode(code));
    } catch (e) {
      if (!keepGoing) throw e;
      tally.failures.push(failureOf({ statCode: String(code) }, e, "INVALID_ARGUMENT"));
    }
  }
  return [...new Set(codes)];
}

/** The result from the plan and the tally. */
function resultOf(plan: MirrorPlan, started: boolean, tally: Tally): MirrorResult {
  return {
    plan,
    started,
    unitsFetched: tally.unitsFetched,
    filesWritten: tally.filesWritten,
    rowsWritten: tally.rowsWritten,
    revised: tally.revised,
    failures: tally.failures,
    warnings: tally.warnings,
    requests: tally.requests,
    elapsedMs: performance.now() - tally.t0,
  };
}

/**
 * Mirrors whole ECOS tables into a hive-partitioned Parquet dataset under `options.dir`:
 * every cycle and item of each table, one file per table and cycle at
 * `DIR/STAT_CODE=<code>/CYCLE=<cycle>/data.parquet` (one per level-1 item, `item-<code>.parquet`,
 * for a partition too large for one pull: see `maxUnitRows`), with StatisticSearch's columns
 * but STAT_CODE (a partition, as CYCLE is), and FIRST_SEEN: TIME a Date, DATA_VALUE a Float64.
 * Read it back with {@linkcode scanMirror}, DuckDB or Spark.
 *
 * Before the first unit it tells `onPlan` what it will do (units, rows, requests and the
 * least time at the rate limit); `dryRun` stops there, having written nothing. Each unit is
 * one StatisticSearch without item codes (more pages when it holds more rows than the
 * client's `pageSize`). Its rows are merged into the file's by key (items and period): a row
 * is never stored twice, and an empty answer deletes nothing. A value that changed is kept in
 * the history (`DIR/_history/`) with when it was first and last seen. The file is rewritten
 * atomically when its rows changed, then the unit is appended to the journal, so that an
 * interrupted run loses at most the unit in progress; the next call resumes it without asking
 * again for the units it stored. Once a run has finished, the next one is incremental: each
 * unit fetches its last stored periods (the revision window) and what follows, so that an
 * unchanged source costs one request per unit. Item lists are kept in `DIR/_catalogue/` and
 * reused for `catalogueMaxAgeDays`.
 *
 * Its requests bypass the response cache (`cache: false` on every call), so that each run sees
 * the service as it is now. The manifest keeps the base URL (never the key); a directory
 * mirrored from another service is refused unless `allowBaseUrlChange` is set (the bundled
 * server is one source whatever its port). One run at a time holds `DIR/.lock`.
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
 * import { mirror, scanMirror } from "@ecos/ecos/mirror";
 *
 * await using server = await startEcosServer({ keys: ["test-key"] });
 * const client = new EcosClient({ baseUrl: server.url, apiKey: "test-key", cache: false });
 * const dir = await Deno.makeTempDir();
 * try {
 *   const result = await mirror(client, ["105Y001"], { dir });
 *   assert.equal(result.plan.units, 1); // one table, one cycle (S)
 *   assert.equal(result.requests, 2); // the item list, then one request
 *   const frame = scanMirror(dir).collectSync();
 *   assert.equal(frame.height, 2 * 53 * 4); // 2 items x 53 halves x 4 sub-items
 *   assert.equal(frame.getColumn("TIME").dtype.variant, "Date");
 *
 *   // Nothing new: one request, the item list from the catalogue, no file rewritten.
 *   const again = await mirror(client, ["105Y001"], { dir });
 *   assert.equal(again.requests, 1);
 *   assert.equal(again.filesWritten, 0);
 *   assert.equal(scanMirror(dir).collectSync().height, 2 * 53 * 4);
 * } finally {
 *   await Deno.remove(dir, { recursive: true });
 * }
 * ```
 *
 * @example A dry run: the plan, and nothing fetched or written
 * ```ts
 * import assert from "node:assert/strict";
 * import { EcosClient } from "@ecos/ecos";
 * import { startEcosServer } from "@ecos/ecos/server";
 * import { formatMirrorPlan, mirror } from "@ecos/ecos/mirror";
 *
 * await using server = await startEcosServer({ keys: ["test-key"] });
 * const client = new EcosClient({ baseUrl: server.url, apiKey: "test-key", pageSize: 100 });
 * const dir = await Deno.makeTempDir();
 * try {
 *   const result = await mirror(client, "105Y001", {
 *     dir: `${dir}/data`,
 *     dryRun: true,
 *     onPlan: (plan) => assert.match(formatMirrorPlan(plan), /1 table, 1 unit/),
 *   });
 *   assert.equal(result.started, false);
 *   assert.equal(result.plan.rows, 2 * 53 * 4); // 2 items x 53 halves x 4 sub-items
 *   assert.equal(result.plan.requests, 5); // 424 rows: 5 pages of 100
 *   assert.deepEqual([...Deno.readDirSync(dir)], []); // not even the directory
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
  const tally = startTally();
  const o = resolveMirrorOptions(options, client);
  const codes = checkCodes(statCodes, o.keepGoing, tally);
  if (typeof (client as { statisticSearch?: unknown })?.statisticSearch !== "function") {
    throw invalidArgument("Pass an EcosClient as the first argument of mirror()");
  }
  throwIfAborted(o.signal);
  if (o.dryRun) {
    // The plan from what is on disk: nothing written, no lock.
    const { plan } = await prepare(client, codes, o, tally, true);
    await o.onPlan?.(plan);
    return resultOf(plan, false, tally);
  }

  await Deno.mkdir(o.dir, { recursive: true });
  const lock = await lockMirror(o.dir);
  try {
    await sweepTempFiles(o.dir);
    await migrateV1(o.dir, sourceOf(client));
    const warn = warner(o, tally);
    const { manifest, lists, catalogue, input, plan, works } = await prepare(
      client,
      codes,
      o,
      tally,
      false,
    );
    await writeCatalogueItems(o.dir, catalogue, lists);
    if ((await o.onPlan?.(plan)) === false) return resultOf(plan, false, tally);
    const splitUnits = (unit: { statCode: string; cycle: Cycle }) =>
      itemWorks(lists.get(unit.statCode), unit.statCode, unit.cycle, input);
    await runUnits(works, { client, settings: o, manifest, plan, warn, lock, splitUnits }, tally);
    return resultOf(plan, true, tally);
  } finally {
    await lock.release();
  }
}

/**
 * What a run and a dry run start from: the manifest (written unless `readOnly`), the item
 * lists, and the plan.
 */
async function prepare(
  client: EcosClient,
  codes: readonly string[],
  o: MirrorSettings,
  tally: Tally,
  readOnly: boolean,
) {
  const { manifest, resumed } = await openManifest(
    o,
    sourceOf(client),
    publicBaseUrl(client.baseUrl),
    client.language,
    readOnly,
  );
  const { lists, catalogue } = await itemLists(client, codes, itemListSettings(o, tally), tally);
  // After the item lists: the plan counts their requests.
  const input = planInput(client, o, manifest, resumed, tally);
  return { manifest, lists, catalogue, input, ...planMirror(lists, input) };
}

function warner(o: MirrorSettings, tally: Tally): (message: string) => void {
  return (message) => {
    tally.warnings.push(message);
    o.onWarning?.(message);
  };
}

function itemListSettings(o: MirrorSettings, tally: Tally) {
  return {
    dir: o.dir,
    catalogueMaxAgeMs: o.catalogueMaxAgeMs,
    signal: o.signal,
    now: o.now,
    onFailure: o.keepGoing
      ? (statCode: string, e: unknown) => tally.failures.push(failureOf({ statCode }, e))
      : undefined,
  };
}

function planInput(
  client: EcosClient,
  o: MirrorSettings,
  manifest: PlanInput["manifest"],
  resumed: boolean,
  tally: Tally,
): PlanInput {
  return {
    dir: o.dir,
    cycles: o.cycles,
    since: o.since,
    revisionWindow: o.revisionWindow,
    rateLimit: o.rateLimit,
    baseUrl: publicBaseUrl(client.baseUrl),
    resumed,
    manifest,
    pageSize: client.pageSize,
    maxUnitRows: o.maxUnitRows,
    catalogueRequests: tally.requests,
  };
}

/** The item units of a partition found too large for one pull. */
function itemWorks(
  list: ItemList | undefined,
  statCode: string,
  cycle: Cycle,
  input: PlanInput,
) {
  if (list === undefined) return [];
  const settings = workSettings(input);
  return unitsOf(statCode, list.items, [cycle], () => true, input.maxUnitRows)
    .map((unit) => workFor(unit, settings));
}
