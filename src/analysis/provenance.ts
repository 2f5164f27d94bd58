/**
 * What a frame's numbers are and where they came from, for files that carry their meaning: the
 * source line, base URL and retrieval time its client recorded, and the unit of each series
 * (long frames: each STAT_CODE and item codes with its UNIT_NAME) or of each column (wide
 * frames and change columns: `columnUnits`), each unit read by {@linkcode parseUnit}. The xlsx
 * export writes it on a sheet of its own; Parquet exports and the mirror write it into the
 * file's key-value metadata ({@linkcode provenanceMetadata}).
 *
 * @module
 */

import { type DataFrame, pl } from "../deps.ts";
import { type DataSource, frameInfo, sourceLine } from "../frame_info.ts";
import { ITEM_NAMES, SERIES_KEY } from "./_common.ts";
import { columnUnits } from "./column_units.ts";
import { baseUnit, parseUnit } from "./units.ts";

/** The unit of one series or column. */
export interface UnitRow {
  /** The column the values are in: DATA_VALUE for a long frame, the series' column for a wide one. */
  column: string;
  /** The series: its table and item codes ("722Y001/0101000"); "" for a column of a wide frame. */
  series: string;
  /** The series' item name, where the frame has one. */
  name: string;
  /** The unit as the service wrote it. */
  unit: string;
  /** The unit in English words ("billion KRW"). */
  label: string;
  /** What it measures ("money", "percent", ...). */
  kind: string;
  /** The multiplier to base units. */
  scale: number;
  /** The base unit ("KRW", "%", "index 2020=100"), or "" for none. */
  baseUnit: string;
}

/** Where a frame's rows came from, and the units of its numbers. */
export interface Provenance {
  /** The source line ("Source: ECOS, Bank of Korea (retrieved 2026-11-23)"), or null. */
  source: string | null;
  /** The service's base URL (never the key), or null. */
  baseUrl: string | null;
  /** When the rows were fetched (ISO 8601), or null. */
  retrievedAt: string | null;
  /** Each series' or column's unit. */
  units: UnitRow[];
}

/** Options of {@linkcode frameProvenance}: what to say when the frame has no record. */
export interface ProvenanceOptions {
  /** Where the rows came from (the mirror's client). */
  source?: DataSource;
  /** The service's base URL. */
  baseUrl?: string;
  /** When the rows were fetched. */
  fetchedAt?: Date;
}

const text = (v: unknown) => (v === null || v === undefined ? "" : String(v).trim());

/** A unit row of a unit text. */
function unitRow(column: string, series: string, name: string, unit: string): UnitRow {
  const read = parseUnit(unit);
  return {
    column,
    series,
    name,
    unit: unit.trim(),
    label: read.label,
    kind: read.kind,
    scale: read.scale,
    baseUnit: baseUnit(read) ?? "",
  };
}

/**
 * Where a frame's rows came from and the unit of each of its series or columns.
 *
 * @param df A frame: long (UNIT_NAME beside DATA_VALUE) or wide (units recorded by toWide).
 * @param options What to say where the frame has no record of its pull.
 * @returns The provenance.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { pl } from "../deps.ts";
 * import { frameProvenance } from "./provenance.ts";
 *
 * const df = pl.DataFrame({
 *   STAT_CODE: ["200Y101"],
 *   ITEM_CODE1: ["10101"],
 *   ITEM_NAME1: ["GDP"],
 *   UNIT_NAME: ["십억원"],
 *   DATA_VALUE: [2_401_189.4],
 * });
 * const p = frameProvenance(df, { source: "bundled" });
 * assert.equal(p.units[0]?.label, "billion KRW");
 * assert.equal(p.units[0]?.series, "200Y101/10101");
 * assert.match(p.source ?? "", /bundled ECOS server/);
 * ```
 */
export function frameProvenance(df: DataFrame, options: ProvenanceOptions = {}): Provenance {
  const info = frameInfo(df);
  const source = info?.source ?? options.source;
  const fetchedAt = info?.fetchedAt ?? options.fetchedAt;
  const units: UnitRow[] = [];
  for (const [column, unit] of columnUnits(df) ?? []) units.push(unitRow(column, "", "", unit));
  if (df.columns.includes("UNIT_NAME") && df.height > 0) {
    const key = SERIES_KEY.filter((c) => df.columns.includes(c));
    const names = ITEM_NAMES.filter((c) => df.columns.includes(c));
    const series = df.select(
      ...[...key, ...names, "UNIT_NAME"].map((c) => pl.col(c).cast(pl.String)),
    ).unique({ maintainOrder: true });
    for (const row of series.rows()) {
      const unit = text(row.at(-1));
      if (unit === "") continue;
      const codes = row.slice(0, key.length).map(text).filter((c) => c !== "").join("/");
      const name = row.slice(key.length, -1).map(text).filter((n) => n !== "").join(" / ");
      units.push(unitRow("DATA_VALUE", codes, name, unit));
    }
  }
  return {
    source: source === undefined ? null : sourceLine(source, fetchedAt ?? new Date()),
    baseUrl: info?.baseUrl ?? options.baseUrl ?? null,
    retrievedAt: fetchedAt === undefined ? null : fetchedAt.toISOString(),
    units,
  };
}

/**
 * A frame's provenance as Parquet key-value metadata: `ecos.source`, `ecos.base_url`,
 * `ecos.retrieved_at` (each where known) and `ecos.units`, a JSON array of
 * {@linkcode UnitRow}.
 *
 * @param p The provenance.
 * @returns The keys and values.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { provenanceMetadata } from "./provenance.ts";
 *
 * const meta = provenanceMetadata({ source: null, baseUrl: null, retrievedAt: null, units: [] });
 * assert.deepEqual(meta, { "ecos.units": "[]" });
 * ```
 */
export function provenanceMetadata(p: Provenance): Record<string, string> {
  return {
    ...(p.source === null ? {} : { "ecos.source": p.source }),
    ...(p.baseUrl === null ? {} : { "ecos.base_url": p.baseUrl }),
    ...(p.retrievedAt === null ? {} : { "ecos.retrieved_at": p.retrievedAt }),
    "ecos.units": JSON.stringify(p.units),
  };
}
