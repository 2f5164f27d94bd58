/**
 * A frame as an Excel workbook (`--out FILE.xlsx`), written by exceljs: the rows on a sheet
 * "data" (dates as dates, numbers as numbers, the header frozen), and on a sheet "about" where
 * they came from (the source line the Bank of Korea asks for, the base URL, when) and the unit
 * of each series or column, read into English words, kind, scale and base unit.
 *
 * @module
 */

import type { DataFrame } from "../deps.ts";
import { loadExcelJs } from "../deps.ts";
import { frameProvenance } from "../analysis/provenance.ts";
import { OutputError } from "./errors.ts";

/** The most rows an Excel sheet holds, the header included (Excel's limit). */
export const XLSX_MAX_ROWS = 1_048_576;

/** The sheets' names. */
export const XLSX_SHEETS = { data: "data", about: "about" } as const;

const UNIT_HEADER = ["Column", "Series", "Name", "Unit", "In words", "Kind", "Scale", "Base unit"];

/**
 * A frame as the bytes of an .xlsx workbook: its rows on the sheet "data", its provenance and
 * units on the sheet "about".
 *
 * @param df The frame.
 * @returns The workbook's bytes.
 * @throws {OutputError} For a frame of more rows than a sheet holds (1,048,575 and the header),
 * saying to write Parquet or CSV instead.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { pl } from "../deps.ts";
 * import { encodeWorkbook } from "./xlsx.ts";
 *
 * const bytes = await encodeWorkbook(pl.DataFrame({ UNIT_NAME: ["연%"], DATA_VALUE: [3.5] }));
 * // An xlsx file is a zip archive.
 * assert.deepEqual([...bytes.subarray(0, 2)], [0x50, 0x4b]);
 * ```
 */
export async function encodeWorkbook(df: DataFrame): Promise<Uint8Array> {
  if (df.height > XLSX_MAX_ROWS - 1) {
    throw new OutputError(
      `Write ${df.height.toLocaleString("en-US")} rows to .parquet or .csv: an Excel sheet ` +
        `holds at most ${(XLSX_MAX_ROWS - 1).toLocaleString("en-US")} rows and its header`,
    );
  }
  const loaded = await loadExcelJs();
  // A CommonJS package: its exports are the module's default.
  const ExcelJS = (loaded as typeof loaded & { default?: typeof loaded }).default ?? loaded;
  const book = new ExcelJS.Workbook();
  book.creator = "ecos";

  const data = book.addWorksheet(XLSX_SHEETS.data, { views: [{ state: "frozen", ySplit: 1 }] });
  data.addRow(df.columns).font = { bold: true };
  const dates = df.columns.map((c) => df.getColumn(c).dtype.variant === "Date");
  for (const row of df.rows()) {
    data.addRow(row.map((v) => (v === undefined ? null : v)));
  }
  df.columns.forEach((name, i) => {
    const column = data.getColumn(i + 1);
    column.width = Math.min(40, Math.max(10, name.length + 2));
    if (dates[i]) column.numFmt = "yyyy-mm-dd";
  });

  const about = book.addWorksheet(XLSX_SHEETS.about);
  const p = frameProvenance(df);
  about.addRow(["Source", p.source ?? "not recorded"]);
  about.addRow(["Base URL", p.baseUrl ?? "not recorded"]);
  about.addRow(["Retrieved at", p.retrievedAt ?? "not recorded"]);
  about.addRow([]);
  about.addRow(UNIT_HEADER).font = { bold: true };
  for (const u of p.units) {
    about.addRow([u.column, u.series, u.name, u.unit, u.label, u.kind, u.scale, u.baseUnit]);
  }
  about.getColumn(1).width = 14;
  about.getColumn(2).width = 24;
  about.getColumn(3).width = 30;

  const buffer = await book.xlsx.writeBuffer();
  return new Uint8Array(buffer as ArrayBuffer);
}
