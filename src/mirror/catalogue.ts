/**
 * The mirror's catalogue, `DIR/_catalogue/`: the item lists of the mirrored tables
 * (items.parquet: StatisticItemList's columns and LISTED_AT, when the list was pulled), reused
 * by later runs until it is older than they allow ({@linkcode itemLists}), and a summary per
 * table and cycle (tables.parquet). Both sit outside the data's glob, and Spark skips "_"
 * folders.
 *
 * @module
 */

import { type DataFrame, pl } from "../deps.ts";
import { type EcosClient, frameInfo } from "../client/mod.ts";
import { EcosError } from "../errors.ts";
import { STATISTIC_ITEM_LIST_SCHEMA } from "../wire/columns.ts";
import { type Cycle, CYCLES, tryParseLabel } from "../wire/period.ts";
import { exists, writeParquetAtomic } from "./files.ts";
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
  const frame = pl.readParquet(path);
  // A catalogue written by another version is not trusted: it is pulled again.
  if (ITEM_COLUMNS.some((c) => !frame.columns.includes(c))) return undefined;
  return frame.select(...ITEM_COLUMNS);
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
 * Writes the catalogue's item lists: the rows of earlier runs for other tables, and this run's
 * lists for its tables.
 *
 * @param dir The mirror's directory.
 * @param catalogue The rows read at the start, if any.
 * @param lists This run's lists by table.
 */
export async function writeCatalogueItems(
  dir: string,
  catalogue: DataFrame | undefined,
  lists: ReadonlyMap<string, ItemList>,
): Promise<void> {
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
  await Deno.mkdir(joinPath(dir, CATALOGUE_DIR), { recursive: true });
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
}

/**
 * The item lists of the tables: the catalogue's while young enough, else pulled (bypassing the
 * response cache, counted in the tally); the catalogue then rewritten with the lists pulled.
 * Every table is checked here, before any unit is fetched.
 *
 * @param client The client.
 * @param codes The tables, checked and without repeats.
 * @param o The directory, the catalogue's age limit, the signal and the clock.
 * @param tally The run's counters.
 * @returns The lists by table, in the order of `codes`.
 * @throws {EcosError} UNKNOWN_CODE for a table with no items; the client's failures.
 */
export async function itemLists(
  client: EcosClient,
  codes: readonly string[],
  o: ItemListSettings,
  tally: Tally,
): Promise<Map<string, ItemList>> {
  const { signal } = o;
  const catalogue = await readCatalogueItems(o.dir);
  const notBefore = new Date(o.now().getTime() - o.catalogueMaxAgeMs);
  const lists = new Map<string, ItemList>();
  const fetched = new Map<string, ItemList>();
  for (const code of codes) {
    let list = cachedItemList(catalogue, code, notBefore);
    if (list === undefined) {
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
      fetched.set(code, list);
    }
    lists.set(code, list);
  }
  if (fetched.size > 0) await writeCatalogueItems(o.dir, catalogue, fetched);
  return lists;
}

/** The names of tables, from item lists. */
function tableNames(catalogue: DataFrame | undefined): Map<string, string | null> {
  const names = new Map<string, string | null>();
  if (catalogue === undefined) return names;
  const rows = catalogue.select("STAT_CODE", "STAT_NAME").unique({ maintainOrder: true });
  for (const row of rows.toRecords()) {
    const code = row.STAT_CODE as string | null;
    if (code !== null && !names.has(code)) names.set(code, row.STAT_NAME as string | null);
  }
  return names;
}

/**
 * Writes the catalogue's tables: one row per table and cycle of the manifest, with STAT_NAME,
 * ITEMS (units stored), ROWS, LAST_PERIOD (the latest label stored) and FETCHED_AT (the latest
 * fetch).
 *
 * @param dir The mirror's directory.
 * @param manifest The manifest.
 */
export async function writeCatalogueTables(dir: string, manifest: Manifest): Promise<void> {
  const groups = new Map<
    string,
    { statCode: string; cycle: Cycle; items: number; rows: number; last?: string; at: number }
  >();
  for (const unit of Object.values(manifest.units)) {
    const key = `${unit.statCode}/${unit.cycle}`;
    const g = groups.get(key) ??
      { statCode: unit.statCode, cycle: unit.cycle, items: 0, rows: 0, at: 0 };
    g.items++;
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
  const names = tableNames(await readCatalogueItems(dir));
  const frame = pl.DataFrame([
    pl.Series("STAT_CODE", sorted.map((g) => g.statCode), pl.String),
    pl.Series("STAT_NAME", sorted.map((g) => names.get(g.statCode) ?? null), pl.String),
    pl.Series("CYCLE", sorted.map((g) => g.cycle), pl.String),
    pl.Series("ITEMS", sorted.map((g) => g.items), pl.Float64).cast(pl.Int64),
    pl.Series("ROWS", sorted.map((g) => g.rows), pl.Float64).cast(pl.Int64),
    pl.Series("LAST_PERIOD", sorted.map((g) => g.last ?? null), pl.String),
    pl.Series("FETCHED_AT", sorted.map((g) => g.at), pl.Float64).cast(pl.Int64)
      .cast(pl.Datetime("ms")),
  ]);
  await Deno.mkdir(joinPath(dir, CATALOGUE_DIR), { recursive: true });
  await writeParquetAtomic(joinPath(dir, `${CATALOGUE_DIR}/${TABLES_FILE}`), frame);
}
