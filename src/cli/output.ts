/**
 * Where a result goes: a table on stdout, drawn by Polars, or a file through Polars' writers
 * (CSV, Parquet, JSON, NDJSON) or exceljs (XLSX), with dates written as ISO dates. Parquet
 * files carry the frame's source and units in their key-value metadata (`ecos.source`,
 * `ecos.units`, ...), and a workbook on a sheet of its own. A file is written beside its
 * target and renamed over it, so that a full disk or a kill leaves the old file whole.
 *
 * @module
 */

import { extname } from "node:path";
import { type DataFrame, pl } from "../deps.ts";
import { writeFileAtomic } from "../util/atomic_write.ts";
import { OutputError } from "./errors.ts";
import { escapeControls } from "./escape.ts";
import { drawTable } from "./table.ts";
import { encodeWorkbook } from "./xlsx.ts";
import { frameProvenance, provenanceMetadata } from "../analysis/provenance.ts";
import { withParquetMetadata } from "../util/parquet_metadata.ts";

/** The file formats `--out` writes, named by the file's extension or by `--as`. */
export type OutputKind = "csv" | "parquet" | "json" | "ndjson" | "xlsx";

/** The formats `--as` names, in the order messages list them. */
export const OUTPUT_KINDS: readonly ["csv", "json", "ndjson", "parquet", "xlsx"] = [
  "csv",
  "json",
  "ndjson",
  "parquet",
  "xlsx",
];

const KINDS: Readonly<Record<string, OutputKind>> = {
  ".csv": "csv",
  ".parquet": "parquet",
  ".json": "json",
  ".ndjson": "ndjson",
  ".jsonl": "ndjson",
  ".xlsx": "xlsx",
};

/**
 * The format a file name asks for, by its extension (case-insensitive): .csv, .parquet, .json,
 * .ndjson or .jsonl (JSON lines), .xlsx.
 *
 * @param path The file name.
 * @returns The format, or `undefined` for another extension.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { outputKind } from "./output.ts";
 *
 * assert.equal(outputKind("data/base_rate.CSV"), "csv");
 * assert.equal(outputKind("rows.jsonl"), "ndjson");
 * assert.equal(outputKind("book.xlsx"), "xlsx");
 * assert.equal(outputKind("book.xls"), undefined);
 * ```
 */
export function outputKind(path: string): OutputKind | undefined {
  return KINDS[extname(path).toLowerCase()];
}

/** Options of {@linkcode writeFrame}. */
export interface WriteFrameOptions {
  /**
   * Start a CSV file with a UTF-8 byte-order mark, so that spreadsheet programs read its
   * Korean text as UTF-8.
   *
   * @default {false}
   */
  excel?: boolean;
  /**
   * The format, whatever the file's extension (`--as`).
   *
   * @default {the format the extension names}
   */
  kind?: OutputKind;
}

/**
 * Writes every row of a frame to a file in the format its extension (or `kind`) names. Dates
 * are written as ISO dates (`2024-01-01`) in CSV and JSON and as dates in Parquet and XLSX
 * (see {@linkcode encodeOutput} for what Parquet and XLSX files say of the data); an empty
 * frame gives a file with the header (CSV), the schema (Parquet), `[]` (JSON) or nothing
 * (NDJSON). The bytes go to a new file beside the target (`.NAME.<uuid>.tmp`), flushed to the
 * disk, then renamed over it: a reader sees the old file or the new one, whole. A write that
 * fails (a full disk) removes the new file and leaves the old one as it was; a kill leaves the
 * old one too (and, at worst, the hidden temporary file).
 *
 * @param df The frame.
 * @param path The file; an existing one is replaced.
 * @param options Whether to write the byte-order mark, and the format.
 * @throws {OutputError} When the extension is not one of .csv, .parquet, .json, .ndjson,
 * .jsonl, .xlsx (and no `kind` is given), or the file cannot be written.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { pl } from "../deps.ts";
 * import { writeFrame } from "./output.ts";
 *
 * const dir = await Deno.makeTempDir();
 * const df = pl.DataFrame({ NAME: ["기준금리"], TIME: [new Date("2024-01-01")] })
 *   .withColumns(pl.col("TIME").cast(pl.Date));
 * await writeFrame(df, `${dir}/rate.csv`, { excel: true });
 * const bytes = await Deno.readFile(`${dir}/rate.csv`);
 * assert.deepEqual([...bytes.subarray(0, 3)], [0xef, 0xbb, 0xbf]);
 * assert.equal(new TextDecoder().decode(bytes.subarray(3)), "NAME,TIME\n기준금리,2024-01-01\n");
 * await Deno.remove(dir, { recursive: true });
 * ```
 */
export async function writeFrame(
  df: DataFrame,
  path: string,
  options: WriteFrameOptions = {},
): Promise<void> {
  const { excel = false } = options;
  const kind = options.kind ?? outputKind(path);
  if (kind === undefined) {
    throw new OutputError(
      `Name the output file .csv, .parquet, .json, .ndjson or .xlsx: got ${JSON.stringify(path)}`,
    );
  }
  // Encoded in memory, then written by Deno: a failing disk is a plain error, not a panic of
  // the native writer, and no half-written file is left by an encoding failure.
  const bytes = await encodeOutput(df, kind, { excel });
  try {
    await writeFileAtomic(path, bytes);
  } catch (e) {
    const reason = e instanceof Error ? e.message : String(e);
    throw new OutputError(
      `Could not write ${path}; check the path, permissions and free space (the old file, if ` +
        `any, is as it was): ${reason}`,
      { cause: e },
    );
  }
}

/**
 * A frame in a file format: what {@linkcode writeFrame} writes, for `--out -` (stdout). CSV,
 * JSON and NDJSON are Polars' own; Parquet is Polars' file with the frame's provenance added to
 * its key-value metadata (`ecos.source`, `ecos.base_url`, `ecos.retrieved_at` where the frame
 * records its pull, and `ecos.units`, a JSON array of each series' unit read); XLSX is a
 * workbook of two sheets, the rows on "data" and the provenance and units on "about".
 *
 * @param df The frame.
 * @param kind The format.
 * @param options Whether a CSV starts with a byte-order mark.
 * @returns The bytes.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { pl } from "../deps.ts";
 * import { encodeOutput } from "./output.ts";
 * import { readParquetMetadata } from "../util/parquet_metadata.ts";
 *
 * const df = pl.DataFrame({ UNIT_NAME: ["십억원"], DATA_VALUE: [1.5] });
 * const units = JSON.parse(readParquetMetadata(await encodeOutput(df, "parquet"))["ecos.units"]!);
 * assert.equal(units[0].label, "billion KRW");
 * ```
 */
export async function encodeOutput(
  df: DataFrame,
  kind: OutputKind,
  options: { excel?: boolean } = {},
): Promise<Uint8Array> {
  return kind === "xlsx" ? await encodeWorkbook(df) : encodeFrame(df, kind, options);
}

/**
 * A frame in a file format but XLSX (which is written asynchronously, see
 * {@linkcode encodeOutput}): Polars' writers, Parquet with the frame's provenance in its
 * metadata.
 *
 * @param df The frame.
 * @param kind The format.
 * @param options Whether a CSV starts with a byte-order mark.
 * @returns The bytes.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { pl } from "../deps.ts";
 * import { encodeFrame } from "./output.ts";
 *
 * const df = pl.DataFrame({ CODE: ["0101000"], VALUE: [3.5] });
 * const text = new TextDecoder().decode(encodeFrame(df, "ndjson"));
 * assert.equal(text, '{"CODE":"0101000","VALUE":3.5}\n');
 * ```
 */
export function encodeFrame(
  df: DataFrame,
  kind: Exclude<OutputKind, "xlsx">,
  options: { excel?: boolean } = {},
): Uint8Array {
  const { excel = false } = options;
  switch (kind) {
    case "csv":
      return df.writeCSV({ includeBom: excel, dateFormat: "%Y-%m-%d" });
    case "parquet":
      return withParquetMetadata(df.writeParquet(), provenanceMetadata(frameProvenance(df)));
    case "json":
      return df.writeJSON({ format: "json" });
    case "ndjson":
      return df.writeJSON({ format: "lines" });
  }
}

/** Options of {@linkcode renderTable}. */
export interface RenderTableOptions {
  /**
   * The most rows to show; 0 shows every row.
   *
   * @default {200}
   */
  rows?: number;
  /**
   * The width to fit the table to (a terminal's columns); long text wraps inside its cell.
   *
   * @default {undefined} no limit: one line per row
   */
  width?: number | undefined;
}

/** A frame drawn as text. */
export interface RenderedTable {
  /** The caption and the table, ending with a line break. */
  text: string;
  /** Rows shown. */
  shown: number;
  /** Rows of the frame. */
  total: number;
}

const FLOATS = new Set(["Float32", "Float64"]);

/**
 * Draws a frame for a terminal as Polars' `toString()` would: every column (none that is null
 * throughout), without the dtype row, up to `rows` rows, long text wrapped within `width`.
 * Text columns that hold one value in every row of a frame of two or more rows are written once,
 * as a caption above the table (`STAT_CODE: 722Y001`), so that the table keeps what varies.
 * Control characters in names and values are written as escapes (`\x1b`): text from the
 * service never moves the cursor or recolours the terminal.
 *
 * @param df The frame.
 * @param options The most rows and the width.
 * @returns The text, and how many rows it shows of how many.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { pl } from "../deps.ts";
 * import { renderTable } from "./output.ts";
 *
 * const df = pl.DataFrame({
 *   STAT_CODE: ["722Y001", "722Y001", "722Y001"],
 *   ITEM_CODE2: [null, null, null],
 *   PERIOD: ["202401", "202402", "202403"],
 *   DATA_VALUE: [3.5, 3.5, 3.25],
 * });
 * const table = renderTable(df, { rows: 2 });
 * assert.equal(table.shown, 2);
 * assert.equal(table.total, 3);
 * assert.match(table.text, /^STAT_CODE: 722Y001\n/);
 * assert.match(table.text, /202402/);
 * assert.doesNotMatch(table.text, /202403|ITEM_CODE2/);
 * ```
 */
export function renderTable(df: DataFrame, options: RenderTableOptions = {}): RenderedTable {
  const { rows = 200, width } = options;
  const total = df.height;
  let view: DataFrame = df;
  const caption: string[] = [];
  if (total > 0) {
    const nulls = df.select(pl.all().nullCount()).row(0) as number[];
    view = df.select(...df.columns.filter((_, i) => nulls[i]! < total));
  }
  if (total >= 2) {
    const distinct = view.select(pl.all().nUnique()).row(0) as number[];
    const nulls = view.select(pl.all().nullCount()).row(0) as number[];
    // Text only: a value column that happens not to change (a flat rate) stays in the table.
    const constant = view.columns.filter((name, i) =>
      distinct[i] === 1 && nulls[i] === 0 && view.getColumn(name).dtype.variant === "String"
    );
    if (constant.length > 0 && constant.length < view.width) {
      for (const name of constant) {
        caption.push(escapeControls(`${name}: ${view.getColumn(name).get(0)}`, false));
      }
      view = view.select(...view.columns.filter((name) => !constant.includes(name)));
    }
  }
  const shown = rows === 0 ? total : Math.min(rows, total);
  // Floats as their full text: Polars would draw 1234567.8 as 1.2346e6.
  view = view.head(shown).withColumns(
    ...view.columns
      .filter((name) => FLOATS.has(view.getColumn(name).dtype.variant))
      .map((name) => pl.col(name).cast(pl.Utf8)),
  );
  // Drawn as Polars draws it, but without its printer, which takes its settings only from the
  // process's environment (see ./table.ts). Every value as Polars writes it: through a cast.
  const cells = view.select(...view.columns.map((name) => pl.col(name).cast(pl.Utf8)));
  const rowsText = cells.rows() as (string | null)[][];
  const table = drawTable(view.columns, rowsText, width ?? 65_535);
  const text = [...caption, table].join("\n");
  return { text: text.endsWith("\n") ? text : `${text}\n`, shown, total };
}
