/**
 * Long to wide: one row per date, one column per series.
 *
 * @module
 */

import { pl } from "../deps.ts";
import type { DataFrame } from "../deps.ts";
import { invalidArgument } from "../errors.ts";
import { frameInfo, withInfoOf } from "../frame_info.ts";
import { isKorean } from "../discovery/mod.ts";
import { columnUnits, withColumnUnits } from "./column_units.ts";
import { parseUnit, sameUnit } from "./units.ts";
import type { Language } from "../wire/format.ts";
import type { Cycle } from "../wire/period.ts";
import {
  distinctLabels,
  ITEM_NAMES,
  LABEL,
  labelPeriod,
  requireColumns,
  SERIES_KEY,
  seriesKeyOf,
  textSeries,
} from "./_common.ts";

const NEEDED = [...SERIES_KEY, ...ITEM_NAMES, "TIME", "PERIOD", "DATA_VALUE"];

/** Names the wide frame keeps for itself. */
const RESERVED = new Set(["TIME", "PERIOD"]);

/** One series of the wide frame: its label, item names and codes. */
interface SeriesNames {
  label: string | null;
  names: readonly (string | null)[];
  codes: string;
}

/** A text with something in it, trimmed; null otherwise. */
const present = (text: string | null | undefined) =>
  text === null || text === undefined || text.trim() === "" ? null : text.trim();

/**
 * What a series is called by its items: the item names joined by " / " when it has names and
 * every one is in the frame's language (no Korean in an English frame), else its codes.
 */
function itemName(s: SeriesNames, language: Language, position: number): string {
  const names = s.names.map(present).filter((n): n is string => n !== null);
  const usable = names.length > 0 && (language === "kr" || !names.some(isKorean));
  if (usable) return names.join(" / ");
  return s.codes !== "" ? s.codes : `series ${position + 1}`;
}

/**
 * Readable, unique column names, in series order: the label; for a label several series share,
 * the label and the item name ("Rates / CD (91 days)"); without a label, the item name. A name
 * that two series share (or one that is TIME or PERIOD) gets the codes in parentheses, and any
 * clash left after that a numbered suffix.
 */
function columnNames(series: readonly SeriesNames[], language: Language): string[] {
  const labels = series.map((s) => present(s.label));
  const perLabel = new Map<string, number>();
  for (const l of labels) if (l !== null) perLabel.set(l, (perLabel.get(l) ?? 0) + 1);
  const bases = series.map((s, i) => {
    const label = labels[i] ?? null;
    if (label === null) return itemName(s, language, i);
    return perLabel.get(label)! > 1 ? `${label} / ${itemName(s, language, i)}` : label;
  });
  const count = new Map<string, number>();
  for (const b of bases) count.set(b, (count.get(b) ?? 0) + 1);
  const used = new Set<string>(RESERVED);
  return bases.map((b, i) => {
    const codes = series[i]!.codes || `series ${i + 1}`;
    let name = count.get(b)! > 1 || RESERVED.has(b) ? `${b} (${codes})` : b;
    for (let k = 2; used.has(name); k++) name = `${b} (${codes}) #${k}`;
    used.add(name);
    return name;
  });
}

/**
 * The language of a frame's names when the caller and its record do not say: Korean when its
 * table names (or, without them, its item names) are all Korean.
 */
function languageOf(df: DataFrame): Language {
  const texts = (column: string) =>
    df.columns.includes(column)
      ? (df.select(pl.col(column).cast(pl.String)).unique().getColumn(column).toArray() as (
        | string
        | null
      )[])
        .filter((t): t is string => present(t) !== null)
      : [];
  let names = texts("STAT_NAME");
  if (names.length === 0) names = ITEM_NAMES.flatMap(texts);
  return names.length > 0 && names.every(isKorean) ? "kr" : "en";
}

/**
 * The units of a wide frame's series columns, as {@linkcode toWide} read them from UNIT_NAME
 * (each series' first unit; columns without one are left out).
 *
 * @param df A frame.
 * @returns Column name to unit, or `undefined` for a frame toWide did not make.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { pl } from "../deps.ts";
 * import { toWide, wideUnits } from "./wide.ts";
 *
 * const none = pl.Series("n", [null], pl.String);
 * const rate = pl.DataFrame({
 *   STAT_CODE: ["722Y001"],
 *   ITEM_CODE1: ["0101000"],
 *   ITEM_NAME1: ["Base rate"],
 *   ...Object.fromEntries(
 *     ["ITEM_CODE2", "ITEM_NAME2", "ITEM_CODE3", "ITEM_NAME3", "ITEM_CODE4", "ITEM_NAME4"]
 *       .map((c) => [c, none.alias(c)]),
 *   ),
 *   UNIT_NAME: ["% p.a."],
 *   TIME: pl.Series("TIME", [new Date("2024-01-01")]).cast(pl.Date),
 *   PERIOD: ["202401"],
 *   DATA_VALUE: [3.5],
 * });
 * assert.equal(wideUnits(toWide(rate))?.get("Base rate"), "% p.a.");
 * assert.equal(wideUnits(rate), undefined);
 * ```
 */
export function wideUnits(df: DataFrame): ReadonlyMap<string, string> | undefined {
  return columnUnits(df);
}

/**
 * Refuses to put rows of one series in two units into one column: "십억원" and "KRW billion"
 * are one unit, "십억원" and "조원" are not (ecos-reader #142 labelled 십억원 amounts 조원).
 */
function checkUnits(df: DataFrame, key: readonly string[], names: readonly string[]): void {
  if (!df.columns.includes("UNIT_NAME")) return;
  const pairs = df.select(
    ...key.map((c) => pl.col(c).cast(pl.String)),
    pl.col("UNIT_NAME").cast(pl.String),
  )
    .unique({ maintainOrder: true });
  if (pairs.height === 0) return;
  const seriesOf = new Map<string, number>();
  const slots = df.select(...key.map((c) => pl.col(c).cast(pl.String))).unique({
    maintainOrder: true,
  })
    .rows();
  slots.forEach((row, i) => seriesOf.set(JSON.stringify(row), i));
  const seen = new Map<number, string[]>();
  for (const row of pairs.rows()) {
    const unit = row.at(-1) as string | null;
    if (unit === null || unit.trim() === "") continue;
    const slot = seriesOf.get(JSON.stringify(row.slice(0, -1)))!;
    const units = seen.get(slot) ?? [];
    if (!units.some((u) => sameUnit(parseUnit(u), parseUnit(unit)))) units.push(unit);
    seen.set(slot, units);
  }
  for (const [slot, units] of seen) {
    if (units.length < 2) continue;
    throw invalidArgument(
      `Cannot put one series in two units into one column: ${JSON.stringify(names[slot])} ` +
        `has rows in ${units.map((u) => JSON.stringify(u)).join(" and ")}; bring them to one ` +
        `scale with rescale() (money) or inBaseUnits(), or pull them under different labels`,
    );
  }
}

/** Several frames as one long frame of the columns toWide reads. */
function stack(frames: readonly DataFrame[]): DataFrame {
  const withLabel = frames.some((f) => f.columns.includes(LABEL));
  const text = (f: DataFrame, c: string) =>
    f.columns.includes(c) ? pl.col(c).cast(pl.String) : pl.lit(null).cast(pl.String).alias(c);
  return pl.concat(
    frames.map((f) =>
      f.select(
        ...SERIES_KEY.map((c) => pl.col(c).cast(pl.String)),
        ...ITEM_NAMES.map((c) => pl.col(c).cast(pl.String)),
        text(f, "STAT_NAME"),
        text(f, "UNIT_NAME"),
        ...(withLabel ? [text(f, LABEL)] : []),
        pl.col("TIME").cast(pl.Date),
        pl.col("PERIOD").cast(pl.String),
        pl.col("DATA_VALUE").cast(pl.Float64),
      )
    ),
    { how: "vertical" },
  );
}

/**
 * Turns StatisticSearch frames into a wide one: one row per TIME (sorted, earliest first),
 * then PERIOD when every series has the same cycle, then one Float64 column per series. Pass
 * one frame, or several (pulled apart) to join them on TIME.
 *
 * A series is a distinct LABEL (when a frame has one), STAT_CODE and ITEM_CODE1..4. Its column
 * is named by its label (the LABEL column `statisticSearchMany` fills from each query's
 * `label`); a label several series share (a query for every item of a table) adds their item
 * names: "Rates / CD (91 days)". A series without a label is named by its item names joined
 * with " / " (ITEM_NAME1, then ITEM_NAME2 ... where present) when they are in the frame's
 * language, and by its codes otherwise: an English frame never gets a Korean name, and no
 * column gets an empty one. The frame's language is `options.language`, else the one its
 * client recorded (`frameInfo`), else Korean when its table names are all Korean. Where two
 * series would get the same name, each gets its codes in parentheses, table code first:
 * "Base rate (722Y001/0101000)". Columns come in the order the series first appear. A date a
 * series has no row for, and a missing value, are null. An empty frame gives an empty frame
 * with just TIME. The wide frame keeps the records of where the rows came from, of every
 * frame joined (`frameInfo(wide).sources` lists the pulls).
 *
 * @param frames A frame of the StatisticSearch shape (STAT_CODE, ITEM_CODE1..4, ITEM_NAME1..4,
 * TIME, PERIOD and DATA_VALUE are used, and LABEL and STAT_NAME when present), or several.
 * @param options `language`: the language names must be in (default: the frame's).
 * @returns The wide frame.
 * @throws {EcosError} INVALID_ARGUMENT for a frame without the columns, naming them, or no
 * frame at all.
 *
 * @example Two series of one table, side by side
 * ```ts
 * import assert from "node:assert/strict";
 * import { pl } from "../deps.ts";
 * import { toWide } from "./wide.ts";
 *
 * const none = (name: string) => pl.Series(name, [null, null, null], pl.String);
 * const rates = pl.DataFrame({
 *   STAT_CODE: ["817Y002", "817Y002", "817Y002"],
 *   ITEM_CODE1: ["010101000", "010101000", "010502000"],
 *   ITEM_NAME1: ["Call Rate (1 day)", "Call Rate (1 day)", "CD (91 days)"],
 *   ITEM_CODE2: none("ITEM_CODE2"),
 *   ITEM_NAME2: none("ITEM_NAME2"),
 *   ITEM_CODE3: none("ITEM_CODE3"),
 *   ITEM_NAME3: none("ITEM_NAME3"),
 *   ITEM_CODE4: none("ITEM_CODE4"),
 *   ITEM_NAME4: none("ITEM_NAME4"),
 *   TIME: pl.Series("TIME", [new Date("2024-01-03"), new Date("2024-01-02"), new Date("2024-01-02")])
 *     .cast(pl.Date),
 *   PERIOD: ["20240103", "20240102", "20240102"],
 *   DATA_VALUE: [3.52, 3.5, 3.8],
 * });
 * const wide = toWide(rates);
 * assert.deepEqual(wide.columns, ["TIME", "PERIOD", "Call Rate (1 day)", "CD (91 days)"]);
 * assert.deepEqual(wide.getColumn("PERIOD").toArray(), ["20240102", "20240103"]);
 * assert.deepEqual(wide.getColumn("CD (91 days)").toArray(), [3.8, null]);
 * // Labelled, the columns take the labels.
 * const labelled = rates.withColumns(pl.Series("LABEL", ["call", "call", "cd"]));
 * assert.deepEqual(toWide(labelled).columns, ["TIME", "PERIOD", "call", "cd"]);
 * ```
 */
export function toWide(
  frames: DataFrame | readonly DataFrame[],
  options: { language?: Language } = {},
): DataFrame {
  const list: readonly DataFrame[] = Array.isArray(frames) ? frames : [frames as DataFrame];
  if (list.length === 0) throw invalidArgument("Pass toWide() a frame, or an array of frames");
  for (const f of list) requireColumns(f, NEEDED, "toWide()");
  const language = options?.language ?? frameInfo(list[0]!)?.language;
  if (language !== undefined && language !== "kr" && language !== "en") {
    throw invalidArgument(`Pass language as "kr" or "en": got ${JSON.stringify(language)}`);
  }
  const df = list.length === 1 ? list[0]! : stack(list);
  if (df.height === 0) return withInfoOf(df.select(pl.col("TIME").cast(pl.Date)), ...list);
  const key = seriesKeyOf(df);

  // Each series once, in the order it first appears: its label, codes and names.
  const series = df.lazy()
    .groupBy(key.map((c) => pl.col(c).cast(pl.String)), { maintainOrder: true })
    .agg(
      ...ITEM_NAMES.map((c) => pl.col(c).cast(pl.String).first()),
      (df.columns.includes("UNIT_NAME")
        ? pl.col("UNIT_NAME").cast(pl.String).dropNulls().first()
        : pl.lit(null).cast(pl.String)).alias("_unit"),
    )
    .collectSync();
  const column = (c: string) => series.getColumn(c).toArray() as (string | null)[];
  const codeColumns = SERIES_KEY.map(column);
  const nameColumns = ITEM_NAMES.map(column);
  const labelColumn = key.includes(LABEL) ? column(LABEL) : [];
  const described: SeriesNames[] = Array.from({ length: series.height }, (_, i) => ({
    label: labelColumn[i] ?? null,
    names: nameColumns.map((col) => col[i] ?? null),
    codes: codeColumns.map((col) => col[i]).filter((c) => c !== null && c !== "").join("/"),
  }));
  const names = columnNames(described, language ?? languageOf(df));
  checkUnits(df, key, names);
  // Pivot on the series' position, then rename: names may hold any character.
  const slots = series.select(...key).withColumns(
    textSeries("_slot", names.map((_, i) => String(i))),
  );

  const cycles = new Set<Cycle | undefined>(distinctLabels(df).map((l) => labelPeriod(l)?.cycle));
  const oneCycle = cycles.size === 1 && !cycles.has(undefined);

  const long = df
    .select(
      ...key.map((c) => pl.col(c).cast(pl.String)),
      pl.col("TIME").cast(pl.Date),
      pl.col("PERIOD").cast(pl.String),
      pl.col("DATA_VALUE").cast(pl.Float64),
    )
    .join(slots, { on: [...key], how: "left", nullsEqual: true });
  const index = oneCycle ? ["TIME", "PERIOD"] : ["TIME"];
  const wide = (oneCycle
    // One label per date, whatever spelling each series used.
    ? long.withColumns(pl.col("PERIOD").dropNulls().first().over("TIME"))
    : long)
    .pivot("DATA_VALUE", { index, on: "_slot", aggregateFunc: "first" })
    .sort("TIME", false, true);
  const out = wide.select(
    ...index,
    ...names.map((name, i) => pl.col(String(i)).cast(pl.Float64).alias(name)),
  );
  const seriesUnits = column("_unit");
  withColumnUnits(
    out,
    names.flatMap((name, i) => {
      const unit = present(seriesUnits[i]);
      return unit === null ? [] : [[name, unit] as const];
    }),
  );
  return withInfoOf(out, ...list);
}
