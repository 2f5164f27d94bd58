/**
 * A frame's cells drawn as Polars draws a table (its UTF8_FULL_CONDENSED style, the column
 * widths and line wrapping of comfy-table, the Rust crate Polars draws with), without Polars'
 * printer. Polars' printer takes its settings only from the process's environment
 * (POLARS_FMT_MAX_ROWS and the like), which the command line must not write: it may run inside
 * another program, and a test run shares one environment among all its tests.
 *
 * @module
 */

import { escapeControls } from "./escape.ts";
import { displayWidth, PRINTABLE_ASCII } from "../util/width.ts";

/** Polars' padding: one space either side of a cell. */
const PADDING = 2;
/** Polars' narrowest column, padding included, unless its content is narrower. */
const MIN_COLUMN = 5;
/** Polars cuts text longer than this (we ask for 1000 characters) and adds an ellipsis. */
const STR_LEN = 1000;
const ELLIPSIS = "…";
/** comfy-table: a line with at most this many columns free is full. */
const MIN_FREE = 2;

const graphemes = new Intl.Segmenter(undefined, { granularity: "grapheme" });

/** Polars' rough width of a text, from its bytes and characters, which its limits use. */
function estimatedWidth(text: string): number {
  if (PRINTABLE_ASCII.test(text)) return text.length;
  let chars = 0;
  let bytes = 0;
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    chars++;
    bytes += cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
  }
  if (bytes === chars) return chars;
  return Math.min(chars * 2, Math.ceil(chars * (bytes / chars)));
}

/** A text cut to Polars' length limit, with an ellipsis when cut. */
function cut(text: string): string {
  if (text.length <= STR_LEN) return text;
  const chars = [...text];
  return chars.length <= STR_LEN ? text : chars.slice(0, STR_LEN).join("") + ELLIPSIS;
}

/** The largest of some numbers, 0 for none (without spreading a long list into arguments). */
function largest(values: Iterable<number>): number {
  let most = 0;
  for (const v of values) if (v > most) most = v;
  return most;
}

/** A column's constraint: a fixed width, or bounds (padding included). */
type Constraint = { fixed: number } | { lower: number; upper: number };

/**
 * Splits one line to fit `width` columns, at spaces where it can, inside a word where it must
 * (comfy-table's `split_line`).
 */
function splitLine(line: string, width: number): string[] {
  const lines: string[] = [];
  const elements = line.split(" ").reverse();
  let current = "";
  const full = (text: string): string => {
    if (displayWidth(text) > Math.max(width - MIN_FREE, 0)) {
      lines.push(text);
      return "";
    }
    return text;
  };
  while (elements.length > 0) {
    const next = elements.pop()!;
    const currentWidth = displayWidth(current);
    const nextWidth = displayWidth(next);
    const added = nextWidth + currentWidth + (current === "" ? 0 : 1);
    let room = Math.max(width - currentWidth, 0);
    if (current !== "") room = Math.max(room - 1, 0);
    if (added <= width) {
      current = full(current === "" ? next : `${current} ${next}`);
      continue;
    }
    if (current !== "" && room <= MIN_FREE) {
      elements.push(next);
      lines.push(current);
      current = "";
      continue;
    }
    if (nextWidth > width) {
      const fresh = current === "";
      if (!fresh) current += " ";
      let [head, rest] = splitWord(next, room);
      // A wide character in a one-column line: it goes in whole rather than never.
      if (fresh && head === "") {
        const first = [...rest][0] ?? "";
        head = first;
        rest = rest.slice(first.length);
      }
      current += head;
      elements.push(rest);
      lines.push(current);
      current = "";
      continue;
    }
    lines.push(current);
    current = full(next);
  }
  if (current !== "") lines.push(current);
  return lines;
}

/** The longest start of `word` that fits `width` columns, and the rest. */
function splitWord(word: string, width: number): [string, string] {
  let used = 0;
  let head = "";
  for (const { segment } of graphemes.segment(word)) {
    const w = displayWidth(segment);
    if (used + w > width) break;
    used += w;
    head += segment;
  }
  return [head, word.slice(head.length)];
}

/**
 * The content width of each column for a table at most `tableWidth` wide (comfy-table's dynamic
 * arrangement, with the constraints Polars sets).
 */
function arrange(columns: Column[], constraints: Constraint[], tableWidth: number): number[] {
  const n = constraints.length;
  const contentWidths = columns.map((column) => largest(column.widths));
  const fixed: (number | undefined)[] = new Array(n).fill(undefined);
  constraints.forEach((constraint, c) => {
    if ("fixed" in constraint) fixed[c] = Math.max(constraint.fixed - PADDING, 1);
    else if (contentWidths[c]! + PADDING <= constraint.lower) {
      fixed[c] = Math.max(constraint.lower - PADDING, 1);
    }
  });
  const open = () => fixed.flatMap((w, c) => w === undefined ? [c] : []);
  // The width left for the open columns' content.
  let remaining = tableWidth - (n + 1);
  for (let c = 0; c < n; c++) remaining -= fixed[c] === undefined ? PADDING : fixed[c]! + PADDING;
  remaining = Math.max(remaining, 0);
  const fix = (c: number, width: number) => {
    fixed[c] = width;
    remaining = Math.max(remaining - width, 0);
  };
  // Columns whose lower bound is above the average room get that bound.
  let again = open().length > 0;
  while (again) {
    again = false;
    for (const c of open()) {
      const constraint = constraints[c]!;
      if (!("lower" in constraint) || remaining / open().length >= constraint.lower) continue;
      fix(c, Math.max(constraint.lower - PADDING, 1));
      again = open().length > 0;
      if (!again) break;
    }
  }
  // Columns whose content fits the average room keep their width.
  again = true;
  while (again && open().length > 0) {
    again = false;
    let average = Math.floor(remaining / open().length);
    if (average === 0) break;
    for (const c of open()) {
      const constraint = constraints[c]!;
      if ("upper" in constraint) {
        if (
          constraint.upper <= average + PADDING && contentWidths[c]! + PADDING >= constraint.upper
        ) {
          fix(c, Math.max(constraint.upper - PADDING, 1));
          if (open().length === 0) break;
          average = Math.floor(remaining / open().length);
          again = true;
          continue;
        }
      }
      if (contentWidths[c]! <= average) {
        fix(c, contentWidths[c]!);
        if (open().length === 0) break;
        average = Math.floor(remaining / open().length);
        again = true;
      }
    }
  }
  // Columns that wrap to clearly less than the average room take what they need.
  if (open().length > 0) {
    let average = Math.floor(remaining / open().length);
    again = true;
    while (again) {
      again = false;
      for (const c of open()) {
        let longest = 0;
        for (const text of columns[c]!.texts) {
          for (const line of text.split("\n")) {
            const parts = displayWidth(line) > average ? splitLine(line, average) : [line];
            for (const part of parts) longest = Math.max(longest, utf8Length(part));
          }
        }
        if (average - longest >= 3) {
          fix(c, longest);
          if (open().length === 0) break;
          average = Math.floor(remaining / open().length);
          again = true;
        }
      }
    }
  }
  // The rest is shared out evenly, the first columns taking the odd columns.
  const left = open();
  if (left.length > 0) {
    const total = Math.max(remaining, left.length);
    const average = Math.floor(total / left.length);
    let excess = total - average * left.length;
    for (const c of left) fixed[c] = average + (excess-- > 0 ? 1 : 0);
  }
  return fixed as number[];
}

/** comfy-table measures a wrapped line in UTF-8 bytes, not columns, when fitting columns. */
function utf8Length(text: string): number {
  if (PRINTABLE_ASCII.test(text)) return text.length;
  let bytes = 0;
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    bytes += cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
  }
  return bytes;
}

/**
 * Draws a table: a header row, then the rows, every cell padded by a space either side, long
 * text wrapped within `width` columns. Control characters are drawn as escapes (`\x1b`), so
 * that a cell cannot move the cursor, ring the bell or reverse the line.
 *
 * @param names The column names.
 * @param rows The cells, as text (`null` for a missing value), row by row.
 * @param width The widest the table may be, in terminal columns.
 * @returns The table's lines joined by line breaks, without a final one.
 */
export function drawTable(names: string[], rows: (string | null)[][], width: number): string {
  // Polars' drawing of a frame without columns.
  if (names.length === 0) return "┌┐\n╞╡\n└┘";
  // Column by column, the header first: each cell's text and its widest line.
  const columns: Column[] = names.map((name, c) => {
    const texts = [cut(escapeControls(name))];
    for (const row of rows) texts.push(cut(escapeControls(row[c] ?? "null")));
    return { texts, widths: texts.map(cellWidth) };
  });
  const constraints: Constraint[] = columns.map(({ texts }) => {
    const widest = largest(texts.map(estimatedWidth)) + PADDING;
    const most = Math.min(STR_LEN + ELLIPSIS.length + PADDING, widest);
    return most <= MIN_COLUMN ? { fixed: most } : { lower: MIN_COLUMN, upper: most };
  });
  const widths = arrange(columns, constraints, width);
  const rule = (left: string, line: string, join: string, right: string) =>
    left + widths.map((w) => line.repeat(w + PADDING)).join(join) + right;
  const out = [rule("┌", "─", "┬", "┐"), ...drawRow(columns, widths, 0), rule("╞", "═", "╪", "╡")];
  for (let r = 1; r <= rows.length; r++) out.push(...drawRow(columns, widths, r));
  out.push(rule("└", "─", "┴", "┘"));
  return out.join("\n");
}

/** A column's cells (the header first) and the width of each cell's widest line. */
interface Column {
  texts: string[];
  widths: number[];
}

/** The width of a cell's widest line: comfy-table keeps the line breaks in a text. */
function cellWidth(text: string): number {
  return text.includes("\n") ? largest(text.split("\n").map(displayWidth)) : displayWidth(text);
}

/** The lines of row `r` (0 is the header): cells wrapped to their column, padded, joined. */
function drawRow(columns: Column[], widths: number[], r: number): string[] {
  const pad = (text: string, textWidth: number, c: number) =>
    ` ${text}${" ".repeat(Math.max(widths[c]! - textWidth, 0))} `;
  // Most rows: one line, nothing to wrap.
  if (columns.every((col, c) => col.widths[r]! <= widths[c]! && !col.texts[r]!.includes("\n"))) {
    return ["│" + columns.map((col, c) => pad(col.texts[r]!, col.widths[r]!, c)).join("┆") + "│"];
  }
  const parts = columns.map((col, c) =>
    col.texts[r]!.split("\n").flatMap((line) =>
      displayWidth(line) > widths[c]! ? splitLine(line, widths[c]!) : [line]
    )
  );
  const height = largest(parts.map((p) => p.length));
  return Array.from({ length: height }, (_, i) =>
    "│" + parts.map((p, c) => {
      const line = p[i];
      return line === undefined
        ? " ".repeat(widths[c]! + PADDING)
        : pad(line, displayWidth(line), c);
    }).join("┆") + "│");
}
