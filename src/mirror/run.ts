/**
 * A mirror run: the manifest it starts from (an interrupted run resumed, or a new one), then
 * the units in the plan's order, each stored before the next starts, until the run is marked
 * finished; the catalogue's summary follows the manifest, also after a failure.
 *
 * @module
 */

import { invalidArgument } from "../errors.ts";
import { writeCatalogueTables } from "./catalogue.ts";
import { throwIfAborted } from "./failures.ts";
import {
  type Manifest,
  MANIFEST_FORMAT,
  MANIFEST_VERSION,
  readManifest,
  writeManifest,
} from "./manifest.ts";
import type { MirrorSettings } from "./options.ts";
import type { UnitWork } from "./plan.ts";
import type { Tally } from "./tally.ts";
import { mirrorUnit, type UnitRun } from "./unit.ts";

/**
 * The manifest a run starts from: the directory's, checked against the client, or a new one.
 * The directory's run is resumed when it did not finish and `resume` is set; otherwise the
 * manifest gets a new run id, so that every unit is fetched whole or updated.
 *
 * @param o The run's settings: the directory, `resume`, `allowBaseUrlChange`, the clock.
 * @param baseUrl The client's base URL, without any key.
 * @param language The client's language.
 * @returns The manifest, and whether its run is resumed.
 * @throws {EcosError} INVALID_ARGUMENT for a directory mirrored from another base URL (unless
 * allowed) or in another language, or an unreadable manifest.
 */
export async function openManifest(
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
 * Fetches the units the plan does not skip, one after another, then marks the run finished in
 * the manifest. The catalogue's tables are written at the end, and also after a failure when
 * units were stored.
 *
 * @param works The units' work, in the plan's order.
 * @param run The client, the settings, the manifest and the plan.
 * @param tally The run's counters.
 * @throws {EcosError} ABORTED when the signal fires; a unit's failure. The units stored stay,
 * and the next run resumes.
 */
export async function runUnits(
  works: readonly UnitWork[],
  run: UnitRun,
  tally: Tally,
): Promise<void> {
  const { manifest } = run;
  const { dir, signal, now } = run.settings;
  tally.unitsDone = run.plan.unitsDone;
  await writeManifest(dir, { ...manifest, updatedAt: now().toISOString() });
  let failed = false;
  try {
    for (const work of works) {
      if (work.mode === "done") continue;
      throwIfAborted(signal);
      await mirrorUnit(work, run, tally);
    }
    manifest.run.finishedAt = now().toISOString();
    manifest.updatedAt = manifest.run.finishedAt;
    await writeManifest(dir, manifest);
  } catch (e) {
    failed = true;
    throw e;
  } finally {
    // The summary follows the manifest, also after a failure; its own failure then yields to
    // the one already raised.
    if (tally.unitsFetched > 0 || !failed) {
      await writeCatalogueTables(dir, manifest).catch((e) => {
        if (!failed) throw e;
      });
    }
  }
}
