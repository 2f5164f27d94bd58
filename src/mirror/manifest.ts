/**
 * The manifest, `DIR/_manifest.json`: where the data came from (the base URL, never a key),
 * the run in progress, and per unit what its file holds. It is rewritten atomically after each
 * unit's file, so that it never names more than is on disk.
 *
 * @module
 */

import { z } from "../deps.ts";
import { invalidArgument } from "../errors.ts";
import { type Language, LANGUAGES } from "../wire/format.ts";
import { type Cycle, CYCLES } from "../wire/period.ts";
import { exists, writeTextAtomic } from "./files.ts";
import { joinPath, MANIFEST_FILE } from "./layout.ts";

/** The manifest's format name and version: a newer version is refused, not misread. */
export const MANIFEST_FORMAT: Manifest["format"] = "ecos-mirror";
/** The version this code writes. */
export const MANIFEST_VERSION: Manifest["version"] = 1;

/** What one unit's file holds; present only once the file is written. */
export interface UnitRecord {
  /** The table code. */
  statCode: string;
  /** The cycle. */
  cycle: Cycle;
  /** The level-1 item code (ITEM_CODE1). */
  item: string;
  /** The data file, relative to the mirror's directory. */
  file: string;
  /** Always `true`: a unit is recorded once its file is complete. */
  complete: true;
  /** The first period asked for, as a label: the item's first, or the one `since` names. */
  start: string;
  /** The latest period stored, as the service spelt it; `null` when the unit has no rows. */
  lastPeriod: string | null;
  /** Rows in the file. */
  rows: number;
  /** When its rows were fetched (ISO 8601, UTC). */
  fetchedAt: string;
  /** The run that fetched them (see {@linkcode Manifest.run}). */
  run: string;
}

/** A mirror's manifest. */
export interface Manifest {
  /** Always "ecos-mirror". */
  format: "ecos-mirror";
  /** The manifest's version. */
  version: 1;
  /** The service the data came from, without any key. */
  baseUrl: string;
  /** The language of names (STAT_NAME, ITEM_NAME1, ...). */
  language: Language;
  /** When the mirror was first written (ISO 8601). */
  createdAt: string;
  /** When the manifest was last written (ISO 8601). */
  updatedAt: string;
  /**
   * The latest run: a run that has not finished is resumed by the next, which skips the units
   * this run already fetched.
   */
  run: { id: string; startedAt: string; finishedAt: string | null };
  /** Units by {@linkcode unitKey}. */
  units: Record<string, UnitRecord>;
}

/**
 * A unit's key in the manifest.
 *
 * @param statCode The table code.
 * @param cycle The cycle.
 * @param item The level-1 item code.
 * @returns E.g. "722Y001/M/0101000".
 */
export function unitKey(statCode: string, cycle: Cycle, item: string): string {
  return `${statCode}/${cycle}/${item}`;
}

const iso = z.string().refine((s) => !Number.isNaN(Date.parse(s)), "not a date");

const unitSchema = z.object({
  statCode: z.string(),
  cycle: z.enum(CYCLES as [Cycle, ...Cycle[]]),
  item: z.string(),
  file: z.string().refine((f) => !f.startsWith("/") && !f.split("/").includes(".."), {
    error: "a file outside the mirror",
  }),
  complete: z.literal(true),
  start: z.string(),
  lastPeriod: z.string().nullable(),
  rows: z.number().int().nonnegative(),
  fetchedAt: iso,
  run: z.string(),
});

const manifestSchema = z.object({
  format: z.literal(MANIFEST_FORMAT),
  version: z.literal(MANIFEST_VERSION),
  baseUrl: z.string(),
  language: z.enum(LANGUAGES),
  createdAt: iso,
  updatedAt: iso,
  run: z.object({ id: z.string(), startedAt: iso, finishedAt: iso.nullable() }),
  units: z.record(z.string(), unitSchema),
});

/**
 * Reads a mirror's manifest: where its data came from, the latest run, and what each unit's
 * file holds (its last period, rows and when they were fetched).
 *
 * @param dir The mirror's directory.
 * @returns The manifest; `undefined` when there is none (a new mirror).
 * @throws {EcosError} INVALID_ARGUMENT when the file is not a manifest this code can read.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { EcosClient } from "@ecos/ecos";
 * import { startEcosServer } from "@ecos/ecos/server";
 * import { mirror, readMirrorManifest } from "@ecos/ecos/mirror";
 *
 * await using server = await startEcosServer({ keys: ["test-key"] });
 * const client = new EcosClient({ baseUrl: server.url, apiKey: "test-key" });
 * const dir = await Deno.makeTempDir();
 * try {
 *   assert.equal(await readMirrorManifest(dir), undefined);
 *   await mirror(client, ["200Y101"], { dir });
 *   const manifest = await readMirrorManifest(dir);
 *   assert.equal(manifest?.baseUrl, server.url);
 *   assert.equal(manifest?.units["200Y101/A/10101"]?.lastPeriod, "2025");
 * } finally {
 *   await Deno.remove(dir, { recursive: true });
 * }
 * ```
 */
export async function readManifest(dir: string): Promise<Manifest | undefined> {
  const path = joinPath(dir, MANIFEST_FILE);
  if (!(await exists(path))) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(await Deno.readTextFile(path));
  } catch (e) {
    throw invalidArgument(
      `Cannot read the mirror's manifest; remove ${path} to mirror afresh: ${
        e instanceof Error ? e.message : String(e)
      }`,
      e,
    );
  }
  const version = (value as { version?: unknown } | null)?.version;
  if (typeof version === "number" && version > MANIFEST_VERSION) {
    throw invalidArgument(
      `Update @ecos/ecos to continue this mirror: ${path} has version ${version}, this ` +
        `version reads ${MANIFEST_VERSION}`,
    );
  }
  const r = manifestSchema.safeParse(value);
  if (!r.success) {
    const issue = r.error.issues[0];
    throw invalidArgument(
      `Cannot read the mirror's manifest; remove ${path} to mirror afresh: ${
        issue ? `${issue.path.join(".") || "the file"}: ${issue.message}` : "not a manifest"
      }`,
    );
  }
  return r.data as Manifest;
}

/**
 * Writes a mirror's manifest atomically (a temporary file renamed over it), with its units in
 * key order so that the file's text does not depend on the order units were fetched in.
 *
 * @param dir The mirror's directory.
 * @param manifest The manifest.
 */
export async function writeManifest(dir: string, manifest: Manifest): Promise<void> {
  const units: Record<string, UnitRecord> = {};
  for (const key of Object.keys(manifest.units).sort()) units[key] = manifest.units[key]!;
  const text = JSON.stringify({ ...manifest, units }, null, 1);
  await writeTextAtomic(joinPath(dir, MANIFEST_FILE), `${text}\n`);
}
