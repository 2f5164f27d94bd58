/**
 * mirror(): whole ECOS tables into a hive-partitioned Parquet dataset, unit by unit, resumably
 * and incrementally.
 *
 * The call, and where each step lives: the arguments checked (here and options.ts) -> the
 * directory's manifest, resumed or a new run (run.ts) -> item lists, the catalogue's when
 * young enough, else StatisticItemList (catalogue.ts) -> units and the plan, told to `onPlan`
 * (plan.ts) -> each unit not done in this run fetched, written and recorded (run.ts, unit.ts)
 * -> the run marked finished, the catalogue's tables written (run.ts). The counters all of
 * them share are one {@linkcode Tally} (tally.ts).
 *
 * @module
 */

import { type EcosClient, validateStatCode } from "../client/mod.ts";
import { invalidArgument } from "../errors.ts";
import { itemLists } from "./catalogue.ts";
import { throwIfAborted } from "./failures.ts";
import { sweepTempFiles } from "./files.ts";
import { type MirrorOptions, resolveMirrorOptions } from "./options.ts";
import { type MirrorPlan, planMirror } from "./plan.ts";
import { openManifest, runUnits } from "./run.ts";
import { startTally, type Tally } from "./tally.ts";

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

/** The result from the plan and the tally. */
function resultOf(plan: MirrorPlan, started: boolean, tally: Tally): MirrorResult {
  return {
    plan,
    started,
    unitsFetched: tally.unitsFetched,
    rowsWritten: tally.rowsWritten,
    requests: tally.requests,
    elapsedMs: performance.now() - tally.t0,
  };
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
 * the service as it is now. The manifest keeps the base URL (never the key); a directory
 * mirrored from another base URL is refused unless `allowBaseUrlChange` is set. One run at a
 * time may write a directory.
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
 * import { formatMirrorPlan, mirror } from "@ecos/ecos/mirror";
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
  const tally = startTally();
  const o = resolveMirrorOptions(options, client);
  const codes = checkCodes(statCodes);
  if (typeof (client as { statisticSearch?: unknown })?.statisticSearch !== "function") {
    throw invalidArgument("Pass an EcosClient as the first argument of mirror()");
  }
  throwIfAborted(o.signal);

  await Deno.mkdir(o.dir, { recursive: true });
  const baseUrl = publicBaseUrl(client.baseUrl);
  const { manifest, resumed } = await openManifest(o, baseUrl, client.language);
  await sweepTempFiles(o.dir);

  const lists = await itemLists(client, codes, o, tally);
  const { plan, works } = planMirror(lists, {
    dir: o.dir,
    cycles: o.cycles,
    since: o.since,
    revisionWindow: o.revisionWindow,
    rateLimit: o.rateLimit,
    baseUrl,
    resumed,
    manifest,
    pageSize: client.pageSize,
    catalogueRequests: tally.requests,
  });
  if ((await o.onPlan?.(plan)) === false) return resultOf(plan, false, tally);

  await runUnits(works, { client, settings: o, manifest, plan }, tally);
  return resultOf(plan, true, tally);
}
