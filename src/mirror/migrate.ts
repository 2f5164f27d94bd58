/**
 * A mirror written by the first version (one file per table, cycle and level-1 item,
 * `_catalogue/*.parquet`, a manifest rewritten after every unit) brought to this layout in
 * place, under the run's lock: each partition's item files become one `data.parquet` (each
 * row's FIRST_SEEN the time its unit was fetched), the catalogue's item lists `items.pq`, and
 * the manifest version 2. Nothing is fetched; the next units are updated as usual.
 *
 * @module
 */

import { type DataFrame, pl } from "../deps.ts";
import { type Cycle, tryParseLabel } from "../wire/period.ts";
import { entries, exists, readParquetFile, writeParquetAtomic } from "./files.ts";
import {
  CATALOGUE_DIR,
  ITEMS_FILE,
  joinPath,
  MANIFEST_FILE,
  partitionPath,
  unitFile,
} from "./layout.ts";
import {
  type Manifest,
  MANIFEST_FORMAT,
  MANIFEST_VERSION,
  manifestVersion,
  unitKey,
  type UnitRecord,
  writeManifest,
} from "./manifest.ts";
import { sortRows } from "./merge.ts";

/** A unit of the first version's manifest. */
interface V1Unit {
  statCode: string;
  cycle: Cycle;
  item: string;
  file: string;
  start: string;
  lastPeriod: string | null;
  rows: number;
  fetchedAt: string;
}

/** The first version's manifest, as far as the migration reads it. */
interface V1Manifest {
  baseUrl: string;
  language: Manifest["language"];
  createdAt: string;
  units: Record<string, V1Unit>;
}

const index = (label: string | null, cycle: Cycle) =>
  label === null ? -Infinity : tryParseLabel(label, cycle)?.index ?? -Infinity;

/**
 * Brings a first-version mirror to this layout; does nothing to any other directory.
 *
 * @param dir The mirror's directory (locked).
 * @param source The client's source ("bundled", or its base URL): a first-version mirror of a
 * server on this machine made with a bundled client is taken as the bundled server's.
 */
export async function migrateV1(dir: string, source: string): Promise<void> {
  if ((await manifestVersion(dir)) !== 1) return;
  const v1 = JSON.parse(await Deno.readTextFile(joinPath(dir, MANIFEST_FILE))) as V1Manifest;
  const partitions = new Map<string, V1Unit[]>();
  for (const unit of Object.values(v1.units)) {
    const key = unitKey(unit.statCode, unit.cycle);
    partitions.set(key, [...(partitions.get(key) ?? []), unit]);
  }
  const units: Record<string, UnitRecord> = {};
  for (const [key, list] of partitions) {
    const { statCode, cycle } = list[0]!;
    const parts: DataFrame[] = [];
    for (const unit of list) {
      const path = joinPath(dir, unit.file);
      if (!(await exists(path))) continue;
      parts.push(
        (await readParquetFile(path)).withColumns(
          pl.lit(Date.parse(unit.fetchedAt)).cast(pl.Datetime("ms")).alias("FIRST_SEEN"),
        ),
      );
    }
    const file = unitFile(statCode, cycle, null);
    const rows = parts.length === 0 ? undefined : sortRows(pl.concat(parts, { how: "diagonal" }));
    if (rows !== undefined) await writeParquetAtomic(joinPath(dir, file), rows);
    for (const unit of list) await Deno.remove(joinPath(dir, unit.file)).catch(() => {});
    const start = list.reduce(
      (a, u) => index(u.start, cycle) < index(a, cycle) ? u.start : a,
      list[0]!.start,
    );
    const last = list.reduce<string | null>(
      (a, u) => index(u.lastPeriod, cycle) > index(a, cycle) ? u.lastPeriod : a,
      null,
    );
    const fetchedAt = list.map((u) => u.fetchedAt).sort().at(-1)!;
    units[key] = {
      statCode,
      cycle,
      item: null,
      file,
      start,
      lastPeriod: last,
      rows: rows?.height ?? 0,
      fetchedAt,
      checkedAt: null,
      checkedFrom: null,
      run: "",
    };
    // Item files the manifest did not name (a unit in progress when killed): gone too.
    for (const e of await entries(joinPath(dir, partitionPath(statCode, cycle)))) {
      if (e.isFile && /^item-.*\.parquet$/.test(e.name)) {
        await Deno.remove(joinPath(dir, `${partitionPath(statCode, cycle)}/${e.name}`));
      }
    }
  }
  const oldItems = joinPath(dir, `${CATALOGUE_DIR}/items.parquet`);
  if (await exists(oldItems)) {
    try {
      await writeParquetAtomic(
        joinPath(dir, `${CATALOGUE_DIR}/${ITEMS_FILE}`),
        await readParquetFile(oldItems),
      );
    } catch {
      // Unreadable: the lists are pulled again.
    }
  }
  for (const name of ["items.parquet", "tables.parquet"]) {
    await Deno.remove(joinPath(dir, `${CATALOGUE_DIR}/${name}`)).catch(() => {});
  }
  const now = new Date().toISOString();
  const loopback = /^https?:\/\/(127\.|localhost|\[::1\])/.test(v1.baseUrl);
  await writeManifest(dir, {
    format: MANIFEST_FORMAT,
    version: MANIFEST_VERSION,
    source: source === "bundled" && loopback ? "bundled" : v1.baseUrl,
    baseUrl: v1.baseUrl,
    language: v1.language,
    createdAt: v1.createdAt,
    updatedAt: now,
    run: { id: "", startedAt: now, finishedAt: now },
    units,
    split: [],
  });
}
