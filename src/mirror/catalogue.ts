/**
 * The mirror's catalogue, `DIR/_catalogue/`: the item lists of the mirrored tables
 * (items.pq: StatisticItemList's columns and LISTED_AT, when the list was pulled), reused by
 * later runs until it is older than they allow ({@linkcode itemLists}), and a summary per
 * table and cycle (tables.pq). Both are Parquet files named `.pq`, outside the data's glob;
 * Spark skips "_" folders. A catalogue file that cannot be read is pulled and written again.
 *
 * @module
 */

import { type DataFrame, pl } from "../deps.ts";
import { type EcosClient } from "../client/mod.ts";
import { frameInfo } from "../frame_info.ts";
import { EcosError, isEcosError } from "../errors.ts";
import { STATISTIC_ITEM_LIST_SCHEMA } from "../wire/columns.ts";
import { type Cycle, CYCLES, tryParseLabel } from "../wire/period.ts";
import { exists, readParquetFile, writeParquetAtomic } from "./files.ts";
import { CATALOGUE_DIR, ITEMS_FILE, joinPath, TABLES_FILE } from "./layout.ts";
import type { Manifest } from "./manifest.ts";
import { countRequests, type Tally } from "./tally.ts";

/** The item list columns, and LISTED_AT. */
const ITEM_COLUMNS = [...STATISTIC_ITEM_LIST_SCHEMA.map((c) => c.name), "LISTED_AT"];

/** One table's item list and when it was pulled. */
export interface ItemList {
  /** StatisticItemList's rows. */
  items: DataFrame;
  /** When the list was pulled. */
  listedAt: Date;
  /** Whether it was pulled by this run (else read from the catalogue). */
  fetched: boolean;
}

/**
 * Reads the catalogue's item lists.
 *
 * @param dir The mirror's directory.
 * @returns The rows, with LISTED_AT; `undefined` when there is no catalogue yet.
 */
export async function readCatalogueItems(dir: string): Promise<DataFrame | undefined> {
  const path = joinPath(dir, `${CATALOGUE_DIR}/${ITEMS_FILE}`);
  if (!(await exists(path))) return undefined;
  try {
    const frame = await readParquetFile(path);
    // A catalogue written by another version is not trusted: it is pulled again.
    if (ITEM_COLUMNS.some((c) => !frame.columns.includes(c))) return undefined;
    return frame.select(...ITEM_COLUMNS);
  } catch {
    // Damaged (cut short, overwritten): the lists are pulled again and the file rewritten.
    return undefined;
  }
}

/**
 * One table's list from the catalogue, if it is there and young enough.
 *
 * @param catalogue The catalogue's rows.
 * @param statCode The table.
 * @param notBefore The oldest LISTED_AT accepted.
 * @returns The list; `undefined` to pull it again.
 */
export function cachedItemList(
  catalogue: DataFrame | undefined,
  statCode: string,
  notBefore: Date,
): ItemList | undefined {
  if (catalogue === undefined) return undefined;
  const rows = catalogue.filter(pl.col("STAT_CODE").eq(pl.lit(statCode)));
  if (rows.height === 0) return undefined;
  const oldest = rows.getColumn("LISTED_AT").min() as number | Date | null;
  if (oldest === null) return undefined;
  const listedAt = new Date(oldest);
  if (listedAt < notBefore) return undefined;
  return { items: rows.drop("LISTED_AT"), listedAt, fetched: false };
}

/**
 * Writes the catalogue's item lists: the rows of earlier runs for other tables, and the lists
 * this run pulled for its tables (none pulled: nothing written).
 *
 * @param dir The mirror's directory.
 * @param catalogue The rows read at the start, if any.
 * @param all This run's lists by table.
 */
export async function writeCatalogueItems(
  dir: string,
  catalogue: DataFrame | undefined,
  all: ReadonlyMap<string, ItemList>,
): Promise<void> {
  const lists = new Map([...all].filter(([, list]) => list.fetched));
  if (lists.size === 0) return;
  const codes = [...lists.keys()];
  const parts: DataFrame[] = [];
  if (catalogue !== undefined) {
    parts.push(catalogue.filter(pl.col("STAT_CODE").isIn(codes).not()));
  }
  for (const list of lists.values()) {
    parts.push(
      list.items.withColumns(
        pl.lit(list.listedAt.getTime()).cast(pl.Datetime("ms")).alias("LISTED_AT"),
      ).select(...ITEM_COLUMNS),
    );
  }
  const nonEmpty = parts.filter((p) => p.height > 0);
  if (nonEmpty.length === 0) return;
  await writeParquetAtomic(
    joinPath(dir, `${CATALOGUE_DIR}/${ITEMS_FILE}`),
    pl.concat(nonEmpty, { how: "vertical", rechunk: true }),
  );
}

/** What {@linkcode itemLists} needs of the run's settings. */
export interface ItemListSettings {
  /** The mirror's directory. */
  dir: string;
  /** How old a list in the catalogue may be, in milliseconds. */
  catalogueMaxAgeMs: number;
  /** The caller's signal, passed to the client. */
  signal: AbortSignal | undefined;
  /** The clock. */
  now: () => Date;
  /**
   * Told a table whose list could not be had (no items, or the client's failure); without it,
   * that failure is thrown.
   */
  onFailure: ((statCode: string, error: unknown) => void) | undefined;
}

/** The item lists of a run, and the catalogue they came with. */
export interface ItemLists {
  /** The lists by table, in the order of the codes (failed tables left out). */
  lists: Map<string, ItemList>;
  /** The catalogue's rows read at the start, if any. */
  catalogue: DataFrame | undefined;
}

/**
 * The item lists of the tables: the catalogue's while young enough, else pulled (bypassing the
 * response cache, counted in the tally). Every table is checked here, before any unit is
 * fetched. Nothing is written: {@linkcode writeCatalogueItems} keeps the lists pulled.
 *
 * @param client The client.
 * @param codes The tables, checked and without repeats.
 * @param o The directory, the catalogue's age limit, the signal, the clock, and where a
 * table's failure goes.
 * @param tally The run's counters.
 * @returns The lists by table, in the order of `codes`.
 * @throws {EcosError} UNKNOWN_CODE for a table with no items; the client's failures (unless
 * `onFailure` takes them; ABORTED and INFO-100 always).
 */
export async function itemLists(
  client: EcosClient,
  codes: readonly string[],
  o: ItemListSettings,
  tally: Tally,
): Promise<ItemLists> {
  const { signal } = o;
  const catalogue = await readCatalogueItems(o.dir);
  const notBefore = new Date(o.now().getTime() - o.catalogueMaxAgeMs);
  const lists = new Map<string, ItemList>();
  for (const code of codes) {
    let list = cachedItemList(catalogue, code, notBefore);
    if (list === undefined) {
      try {
        const items = await countRequests(
          tally,
          (onProgress) =>
            client.statisticItemList(code, {
              ...(signal ? { signal } : {}),
              onProgress,
              cache: false,
            }),
        );
        if (items.height === 0) {
          throw new EcosError(
            "UNKNOWN_CODE",
            `Check the table code: the service lists no items for ${code}`,
            { service: "StatisticItemList" },
          );
        }
        list = { items, listedAt: frameInfo(items)?.fetchedAt ?? o.now(), fetched: true };
      } catch (e) {
        if (o.onFailure === undefined || isFatal(e)) throw e;
        o.onFailure(code, e);
        continue;
      }
    }
    lists.set(code, list);
  }
  return { lists, catalogue };
}

/**
 * Whether a failure stops the whole run rather than one table: a cancellation, a key the
 * service refuses, or a service that keeps limiting the rate.
 *
 * @param e What was thrown.
 * @returns `true` to stop.
 */
export function isFatal(e: unknown): boolean {
  if (!isEcosError(e)) return true;
  return ["ABORTED", "INFO-100", "ERROR-602", "RATE_LIMITED", "INVALID_ARGUMENT"].includes(e.code);
}

/** The names of tables, and their level-1 items by table and cycle, from item lists. */
function tableFacts(catalogue: DataFrame | undefined) {
  const names = new Map<string, string | null>();
  const items = new Map<string, Set<string>>();
  if (catalogue === undefined) return { names, items };
  const rows = catalogue.select("STAT_CODE", "STAT_NAME", "GRP_CODE", "CYCLE", "ITEM_CODE");
  for (const row of rows.toRecords()) {
    const code = row.STAT_CODE as string | null;
    if (code === null) continue;
    if (!names.has(code)) names.set(code, row.STAT_NAME as string | null);
    const group = row.GRP_CODE as string | null;
    if (group !== null && !/^Group1$|\D1$/.test(group)) continue;
    const key = `${code}/${row.CYCLE}`;
    const set = items.get(key) ?? new Set<string>();
    set.add(String(row.ITEM_CODE));
    items.set(key, set);
  }
  return { names, items };
}

/**
 * Writes the catalogue's tables: one row per table and cycle of the manifest, with STAT_NAME,
 * ITEMS (level-1 items in its item list), ROWS, LAST_PERIOD (the latest label stored) and
 * FETCHED_AT (the latest fetch).
 *
 * @param dir The mirror's directory.
 * @param manifest The manifest.
 */
export async function writeCatalogueTables(dir: string, manifest: Manifest): Promise<void> {
  const groups = new Map<
    string,
    { statCode: string; cycle: Cycle; rows: number; last?: string; at: number }
  >();
  for (const unit of Object.values(manifest.units)) {
    const key = `${unit.statCode}/${unit.cycle}`;
    const g = groups.get(key) ??
      { statCode: unit.statCode, cycle: unit.cycle, rows: 0, at: 0 };
    g.rows += unit.rows;
    g.at = Math.max(g.at, Date.parse(unit.fetchedAt));
    if (unit.lastPeriod !== null) {
      const index = tryParseLabel(unit.lastPeriod, unit.cycle)?.index ?? -Infinity;
      const current = g.last === undefined
        ? -Infinity
        : tryParseLabel(g.last, unit.cycle)?.index ?? -Infinity;
      if (index >= current) g.last = unit.lastPeriod;
    }
    groups.set(key, g);
  }
  if (groups.size === 0) return;
  const sorted = [...groups.values()].sort((a, b) =>
    a.statCode < b.statCode
      ? -1
      : a.statCode > b.statCode
      ? 1
      : CYCLES.indexOf(a.cycle) - CYCLES.indexOf(b.cycle)
  );
  const { names, items } = tableFacts(await readCatalogueItems(dir));
  const frame = pl.DataFrame([
    pl.Series("STAT_CODE", sorted.map((g) => g.statCode), pl.String),
    pl.Series("STAT_NAME", sorted.map((g) => names.get(g.statCode) ?? null), pl.String),
    pl.Series("CYCLE", sorted.map((g) => g.cycle), pl.String),
    pl.Series(
      "ITEMS",
      sorted.map((g) => items.get(`${g.statCode}/${g.cycle}`)?.size ?? 0),
      pl.Float64,
    ).cast(pl.Int64),
    pl.Series("ROWS", sorted.map((g) => g.rows), pl.Float64).cast(pl.Int64),
    pl.Series("LAST_PERIOD", sorted.map((g) => g.last ?? null), pl.String),
    pl.Series("FETCHED_AT", sorted.map((g) => g.at), pl.Float64).cast(pl.Int64)
      .cast(pl.Datetime("ms")),
  ]);
  await writeParquetAtomic(joinPath(dir, `${CATALOGUE_DIR}/${TABLES_FILE}`), frame);
}
