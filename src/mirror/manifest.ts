/**
 * What a mirror has stored, kept in two files so that recording a unit costs the same at the
 * ten-thousandth unit as at the first: the manifest, `DIR/_manifest.json` (where the data came
 * from, never a key; the run in progress; per unit what its file holds), written whole at the
 * start and the end of a run, and the journal, `DIR/_journal.ndjson`, to which each unit
 * stored appends one line. Reading folds the journal into the manifest; a line cut short by a
 * killed process is ignored (that unit is fetched again, and merging makes that harmless).
 *
 * @module
 */

import { z } from "../deps.ts";
import { invalidArgument } from "../errors.ts";
import { type Language, LANGUAGES } from "../wire/format.ts";
import { type Cycle, CYCLES } from "../wire/period.ts";
import { exists, writeTextAtomic } from "./files.ts";
import { joinPath, JOURNAL_FILE, MANIFEST_FILE } from "./layout.ts";

/** The manifest's format name and version: a newer version is refused, not misread. */
export const MANIFEST_FORMAT: Manifest["format"] = "ecos-mirror";
/** The version this code writes. */
export const MANIFEST_VERSION: Manifest["version"] = 2;

/** What one unit's file holds; present only once the file is written. */
export interface UnitRecord {
  /** The table code. */
  statCode: string;
  /** The cycle. */
  cycle: Cycle;
  /** The level-1 item code of a partition stored item by item; `null` for a whole table. */
  item: string | null;
  /** The data file, relative to the mirror's directory. */
  file: string;
  /** The first period asked for, as a label: the items' first, or the one `since` names. */
  start: string;
  /** The latest period stored, as the service spelt it; `null` when the unit has no rows. */
  lastPeriod: string | null;
  /** Rows in the file. */
  rows: number;
  /** When its rows were last fetched (ISO 8601, UTC). */
  fetchedAt: string;
  /** When a fetch last returned rows for it (ISO 8601); `null` for never. */
  checkedAt: string | null;
  /** The first period that fetch asked for (its rows were seen then). */
  checkedFrom: string | null;
  /** The run that fetched them (see {@linkcode Manifest.run}). */
  run: string;
}

/** A mirror's manifest, with its journal folded in. */
export interface Manifest {
  /** Always "ecos-mirror". */
  format: "ecos-mirror";
  /** The manifest's version. */
  version: 2;
  /**
   * Where the data comes from: "bundled" for the bundled server (whatever its port), else the
   * base URL without any key. A mirror continues from the same source only.
   */
  source: string;
  /** The base URL of the latest run, without any key. */
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
  /** Partitions ("STAT_CODE/CYCLE") stored item by item: too large for one pull. */
  split: string[];
}

/**
 * A unit's key in the manifest.
 *
 * @param statCode The table code.
 * @param cycle The cycle.
 * @param item The level-1 item code, or `null` for the whole table and cycle.
 * @returns E.g. "722Y001/M", or "731Y001/D/0000001".
 */
export function unitKey(statCode: string, cycle: Cycle, item: string | null = null): string {
  return item === null ? `${statCode}/${cycle}` : `${statCode}/${cycle}/${item}`;
}

const iso = z.string().refine((s) => !Number.isNaN(Date.parse(s)), "not a date");

const unitSchema = z.object({
  statCode: z.string(),
  cycle: z.enum(CYCLES as [Cycle, ...Cycle[]]),
  item: z.string().nullable(),
  file: z.string().refine(
    (f) => !f.startsWith("/") && !f.split("/").includes("..") && f.endsWith(".parquet"),
    { error: "a file outside the mirror" },
  ),
  start: z.string(),
  lastPeriod: z.string().nullable(),
  rows: z.number().int().nonnegative(),
  fetchedAt: iso,
  checkedAt: iso.nullable(),
  checkedFrom: z.string().nullable(),
  run: z.string(),
});

const runSchema = z.object({ id: z.string(), startedAt: iso, finishedAt: iso.nullable() });

const manifestSchema = z.object({
  format: z.literal(MANIFEST_FORMAT),
  version: z.literal(MANIFEST_VERSION),
  source: z.string(),
  baseUrl: z.string(),
  language: z.enum(LANGUAGES),
  createdAt: iso,
  updatedAt: iso,
  run: runSchema,
  units: z.record(z.string(), unitSchema),
  split: z.array(z.string()),
});

/** One line of the journal. */
export type JournalEntry =
  /** A unit stored. */
  | { unit: UnitRecord }
  /** A partition now stored item by item. */
  | { split: string }
  /** A unit's record removed (a partition's whole-table record, once it is split). */
  | { drop: string }
  /** The run started or finished. */
  | { run: Manifest["run"] };

const entrySchema = z.union([
  z.strictObject({ unit: unitSchema }),
  z.strictObject({ split: z.string() }),
  z.strictObject({ drop: z.string() }),
  z.strictObject({ run: runSchema }),
]);

/**
 * Applies one journal entry to a manifest.
 *
 * @param manifest The manifest, changed in place.
 * @param entry The entry.
 */
export function applyEntry(manifest: Manifest, entry: JournalEntry): void {
  if ("unit" in entry) {
    const u = entry.unit;
    manifest.units[unitKey(u.statCode, u.cycle, u.item)] = u;
    manifest.updatedAt = u.fetchedAt;
  } else if ("split" in entry) {
    if (!manifest.split.includes(entry.split)) manifest.split.push(entry.split);
  } else if ("drop" in entry) {
    delete manifest.units[entry.drop];
  } else {
    manifest.run = entry.run;
  }
}

/** The manifest's version in a file, to tell an older layout from a damaged file. */
export async function manifestVersion(dir: string): Promise<number | undefined> {
  try {
    const v = JSON.parse(await Deno.readTextFile(joinPath(dir, MANIFEST_FILE)))?.version;
    return typeof v === "number" ? v : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Reads a mirror's manifest, with its journal folded in: where its data came from, the latest
 * run, and what each unit's file holds (its last period, rows and when they were fetched).
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
 *   assert.equal(manifest?.source, "bundled"); // the bundled server, whatever its port
 *   assert.equal(manifest?.units["200Y101/A"]?.lastPeriod, "2025");
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
  if (version === 1) {
    throw invalidArgument(
      `Run the mirror once to bring ${dir} to this version's layout (one file per table and ` +
        "cycle): it was written by an earlier version",
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
  const manifest = r.data as Manifest;
  for (const entry of await readJournal(dir)) applyEntry(manifest, entry);
  return manifest;
}

/** The journal's entries, in order; lines that cannot be read (cut short) are left out. */
async function readJournal(dir: string): Promise<JournalEntry[]> {
  let text: string;
  try {
    text = await Deno.readTextFile(joinPath(dir, JOURNAL_FILE));
  } catch (e) {
    if (e instanceof Deno.errors.NotFound) return [];
    throw e;
  }
  const out: JournalEntry[] = [];
  for (const line of text.split("\n")) {
    if (line.trim() === "") continue;
    try {
      const r = entrySchema.safeParse(JSON.parse(line));
      if (r.success) out.push(r.data as JournalEntry);
    } catch {
      // A line cut short by a kill: its unit is fetched again.
    }
  }
  return out;
}

/**
 * Writes a mirror's manifest atomically (a temporary file renamed over it), units in key order
 * so that the text does not depend on the order units were fetched in; then empties the
 * journal, whose entries the manifest now holds.
 *
 * @param dir The mirror's directory.
 * @param manifest The manifest.
 */
export async function writeManifest(dir: string, manifest: Manifest): Promise<void> {
  const units: Record<string, UnitRecord> = {};
  for (const key of Object.keys(manifest.units).sort()) units[key] = manifest.units[key]!;
  const text = JSON.stringify({ ...manifest, units, split: [...manifest.split].sort() }, null, 1);
  await writeTextAtomic(joinPath(dir, MANIFEST_FILE), `${text}\n`);
  await Deno.remove(joinPath(dir, JOURNAL_FILE)).catch((e) => {
    if (!(e instanceof Deno.errors.NotFound)) throw e;
  });
}

/**
 * The journal of a run: each entry appended as one line and flushed to disk, so that the
 * manifest plus the journal never name more than is on disk.
 */
export class Journal {
  #file: Deno.FsFile | undefined;
  readonly #path: string;
  readonly #manifest: Manifest;

  /**
   * Opens the journal for appending (created on the first entry).
   *
   * @param dir The mirror's directory.
   * @param manifest The manifest in memory, which each entry is also applied to.
   */
  constructor(dir: string, manifest: Manifest) {
    this.#path = joinPath(dir, JOURNAL_FILE);
    this.#manifest = manifest;
  }

  /** The manifest with every entry applied. */
  get manifest(): Manifest {
    return this.#manifest;
  }

  /**
   * Appends an entry, and applies it to the manifest in memory.
   *
   * @param entry The entry.
   */
  async append(entry: JournalEntry): Promise<void> {
    this.#file ??= await Deno.open(this.#path, { append: true, create: true });
    let bytes = new TextEncoder().encode(`${JSON.stringify(entry)}\n`);
    while (bytes.length > 0) bytes = bytes.subarray(await this.#file.write(bytes));
    await this.#file.syncData();
    applyEntry(this.#manifest, entry);
  }

  /** Closes the file. Safe to call twice. */
  close(): void {
    this.#file?.close();
    this.#file = undefined;
  }
}
