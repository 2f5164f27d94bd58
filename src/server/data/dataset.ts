/**
 * A dataset: the bundled tables as generated under one generation seed, one end of the data
 * and one revision round (the server's `seed`, `dataEnd` and `revision` options, whose rules
 * are written down here and in the modules linked), with the caches of what has been
 * generated. Every answer of a server reads its own dataset, so two servers with different
 * options in one process never share a value; servers with the same options share one dataset
 * (the values would be the same anyway, and the large tables are generated once).
 *
 * - The seed changes every drawn value and nothing else: tables, items, codes, names,
 *   calendars, labels and row counts stay. Values set by declaration rather than drawn stay
 *   too: the base rate, which follows the Bank of Korea's decisions (722Y001, before any
 *   revision), GDP from 2019 on (pinned at its published 2020 level and chained with the
 *   growth set for 2020-2025, 200Y101), the growth quarters set by hand (200Y102), CPI's 2020
 *   averages (its base year, 100), and the first row of a series that starts from a declared
 *   level.
 * - The data's end (from `DATA_END_MIN` to `DATA_END_MAX` in dates.ts) moves every cycle's
 *   last period with it, keeping each cycle's publication lag (see table.ts); tables no longer
 *   compiled (814Y002) stay where they end. Every value is generated from the start of its
 *   series, so a period has the same value under every end that holds it (outside the window
 *   of a revision round, which is counted back from the end). The lookups follow the end:
 *   StatisticItemList's END_TIME and DATA_CNT, StatisticMeta's coverage and
 *   KeyStatisticList's latest periods.
 * - A revision round changes the last periods of every series (see revision.ts), the
 *   generated indicators of KeyStatisticList included.
 *
 * @module
 */

import type { Cycle } from "../../wire/period.ts";
import { rowOrdinals } from "./calendar.ts";
import { DATA_END, DATA_END_MAX, DATA_END_MIN, isoDay, tryIsoDay } from "./dates.ts";
import { createRng, DEFAULT_SEED, type Rng, seedName } from "./prng.ts";
import { reviseSeries } from "./revision.ts";
import {
  deriveValues,
  formatValue,
  generateValues,
  planSeries,
  type Series,
  type SeriesValues,
  type TableDef,
} from "./table.ts";

/** What a dataset depends on: the data options of a server. */
export interface DataOptions {
  /** The generation seed, a whole number. @default {0} the default data */
  seed?: number;
  /** The data's last day, "YYYY-MM-DD", from 2024-01-01 to 2099-12-31. @default {DATA_END} */
  dataEnd?: string;
  /** The revision round, a whole number >= 0. @default {0} the original release */
  revision?: number;
}

/**
 * Checks data options.
 *
 * @param options The options.
 * @throws {TypeError} When `dataEnd` is not an ISO date "YYYY-MM-DD".
 * @throws {RangeError} When `seed` or `revision` is not a whole number (`revision` >= 0), or
 *   `dataEnd` lies outside 2024-01-01..2099-12-31.
 */
export function checkDataOptions(options: DataOptions): void {
  const { seed, dataEnd, revision } = options;
  if (seed !== undefined && !Number.isSafeInteger(seed)) {
    throw new RangeError(`Cannot use seed ${seed}: use a whole number`);
  }
  if (revision !== undefined && !(Number.isSafeInteger(revision) && revision >= 0)) {
    throw new RangeError(`Cannot use revision ${revision}: use a whole number >= 0`);
  }
  if (dataEnd !== undefined) {
    const day = typeof dataEnd === "string" ? tryIsoDay(dataEnd) : undefined;
    if (day === undefined) {
      throw new TypeError(
        `Cannot read dataEnd ${JSON.stringify(dataEnd)}: use an ISO date such as "2026-12-31"`,
      );
    }
    if (day < isoDay(DATA_END_MIN) || day > isoDay(DATA_END_MAX)) {
      throw new RangeError(
        `Cannot end the data on ${dataEnd}: use a date from ${DATA_END_MIN} to ${DATA_END_MAX}`,
      );
    }
  }
}

/** The bundled tables under one seed, data end and revision round, generated on demand. */
export class Dataset {
  /** The generation seed. */
  readonly seed: number;
  /** The data's last day, "YYYY-MM-DD". */
  readonly dataEnd: string;
  /** The data's last day in days since 1970-01-01. */
  readonly end: number;
  /** The revision round; 0 is the original release. */
  readonly revision: number;
  #series = new Map<TableDef, Map<Cycle, Series[]>>();
  #ordinals = new Map<Series, Int32Array>();
  #values = new Map<Series, SeriesValues>();
  #memo = new Map<string, unknown>();

  /**
   * A dataset; prefer {@linkcode openDataset}, which shares one among equal options.
   *
   * @param options The seed, the data end and the revision round.
   * @throws {TypeError} When `dataEnd` is not an ISO date.
   * @throws {RangeError} When an option is out of range.
   */
  constructor(options: DataOptions = {}) {
    checkDataOptions(options);
    const { seed = DEFAULT_SEED, dataEnd = DATA_END, revision = 0 } = options;
    this.seed = seed;
    this.dataEnd = dataEnd;
    this.end = isoDay(dataEnd);
    this.revision = revision;
  }

  /**
   * A random source for a seed name, under this dataset's seed.
   *
   * @param name The seed name.
   */
  rng(name: string): Rng {
    return createRng(seedName(this.seed, name));
  }

  /**
   * The series of a table in one cycle (cheap: no values).
   *
   * @param table The table.
   * @param cycle The cycle.
   * @returns The series in answer order, or an empty list when the table lacks the cycle.
   */
  series(table: TableDef, cycle: Cycle): readonly Series[] {
    let byCycle = this.#series.get(table);
    if (!byCycle) this.#series.set(table, byCycle = planSeries(table, this.end));
    return byCycle.get(cycle) ?? [];
  }

  /**
   * The period ordinal of every row of a series, computed once for its table and cycle.
   *
   * @param s The series.
   */
  ordinals(s: Series): Int32Array {
    const first = this.series(s.table, s.cycle)[0] ?? s;
    let cached = this.#ordinals.get(first);
    if (!cached) {
      this.#ordinals.set(first, cached = rowOrdinals(s.calendar, s.first, s.count));
    }
    return cached;
  }

  /**
   * A series' values, generated (or derived) on first use and kept for the dataset's life.
   *
   * @param s The series.
   * @returns The values and missing markers.
   */
  values(s: Series): SeriesValues {
    let cached = this.#values.get(s);
    if (cached) return cached;
    const baseDef = s.table.cycles[0];
    const def = s.table.cycles.find((c) => c.cycle === s.cycle);
    if (!baseDef || !def) throw new Error(`Table ${s.table.code} has no cycle ${s.cycle}`);
    if (def === baseDef) {
      const ordinals = this.ordinals(s);
      cached = generateValues(s, ordinals, (name) => this.rng(name));
      if (this.revision > 0 && !s.table.discontinued) {
        const round = `${s.table.code}||revision ${this.revision}`;
        reviseSeries(
          cached.values,
          ordinals,
          s.cycle,
          s.table.decimals,
          (ordinal) => this.rng(`${round}|${ordinal}`),
        );
      }
    } else {
      const base = this.series(s.table, baseDef.cycle)[s.index];
      if (!base) throw new Error(`Table ${s.table.code}: no base series ${s.index}`);
      cached = deriveValues(s, base, this.values(base).values, def.derive ?? "last");
    }
    this.#values.set(s, cached);
    return cached;
  }

  /**
   * A series' value for one period ordinal, as the wire writes it, or undefined when the
   * series has no row there.
   *
   * @param s The series.
   * @param ordinal The period ordinal.
   */
  valueAt(s: Series, ordinal: number): string | undefined {
    if (ordinal < s.first || ordinal > s.last) return undefined;
    const ordinals = this.ordinals(s);
    const k = lowerBound(ordinals, ordinal);
    if (ordinals[k] !== ordinal) return undefined;
    const { values, markers } = this.values(s);
    return formatValue(values[k] ?? NaN, s.table.decimals, markers.get(k));
  }

  /**
   * Something computed once for this dataset, e.g. the key statistics.
   *
   * @param key What it is.
   * @param make Computes it.
   */
  memo<T>(key: string, make: () => T): T {
    if (this.#memo.has(key)) return this.#memo.get(key) as T;
    const value = make();
    this.#memo.set(key, value);
    return value;
  }
}

/** The first index whose ordinal is >= `ordinal`. */
function lowerBound(ordinals: Int32Array, ordinal: number): number {
  let lo = 0;
  let hi = ordinals.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (ordinals[mid]! < ordinal) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** How many datasets {@linkcode openDataset} keeps for reuse; servers hold their own anyway. */
const KEPT = 8;
const open = new Map<string, Dataset>();

/**
 * The dataset for these options, shared with every other caller that gives equal options.
 * The most recently used few are kept for reuse; a server holds on to its own.
 *
 * @param options The seed, the data end and the revision round.
 * @returns The dataset.
 * @throws {TypeError} When `dataEnd` is not an ISO date.
 * @throws {RangeError} When an option is out of range.
 */
export function openDataset(options: DataOptions = {}): Dataset {
  checkDataOptions(options);
  const { seed = DEFAULT_SEED, dataEnd = DATA_END, revision = 0 } = options;
  const key = `${seed}|${dataEnd}|${revision}`;
  let data = open.get(key);
  if (data) {
    open.delete(key);
  } else {
    data = new Dataset({ seed, dataEnd, revision });
  }
  open.set(key, data);
  if (open.size > KEPT) open.delete(open.keys().next().value!);
  return data;
}
