/**
 * The scanner (the fast path) against the reference path (TextDecoder, JSON.parse,
 * readEnvelope, the row reader): for any body, the scanner either gives up (and the reference
 * path decodes it) or reads exactly what the reference path reads: the same total, the same
 * rows, the same value in every field, the same outcome of the pull's checks (run on the
 * scanned columns, against the reference rows), and the same frame through either way of
 * building it.
 */

import assert from "node:assert/strict";
import fc from "npm:fast-check@4.10.2";
import { decodeBody, decodeBytes } from "../../src/client/_decode.ts";
import { BodyError, Redactor } from "../../src/client/_errors.ts";
import type { RawRow } from "../../src/client/_decode.ts";
import { ABSENT_ID, type Page } from "../../src/client/_page.ts";
import { scanPage } from "../../src/client/_scan.ts";
import { pageOfRows, rowsOf } from "../testdata/pages.ts";
import { FrameBuilder, scanFieldsOf } from "../../src/client/_frame.ts";
import { PullChecks } from "../../src/client/_checks.ts";
import { STATISTIC_ITEM_LIST_SCHEMA, STATISTIC_SEARCH_SCHEMA } from "../../src/wire/columns.ts";

const S = "StatisticSearch";
const FIELDS = scanFieldsOf(STATISTIC_SEARCH_SCHEMA, S);
const encoder = new TextEncoder();
const utf8 = new TextDecoder();

/** The reference path's reading of a body: rows, a result code, or the error's message. */
function reference(bytes: Uint8Array) {
  try {
    const d = decodeBody(utf8.decode(bytes), S);
    return d.kind === "rows" ? { total: d.page.total, rows: rowsOf(d.page) } : { code: d.code };
  } catch (e) {
    assert.ok(e instanceof BodyError, `a raw ${e}`);
    return { error: e.detail };
  }
}

/** A numeric field as the frame reads it: NaN for missing. */
function numberOf(v: unknown): number {
  if (typeof v === "number") return v;
  if (typeof v !== "string" || v === "" || v === "-") return NaN;
  return Number(v.trim());
}

/** The outcome of a check: "ok" or the BodyError's message. */
function outcome(check: () => unknown): string {
  try {
    check();
    return "ok";
  } catch (e) {
    assert.ok(e instanceof BodyError, `a raw ${e}`);
    return e.detail;
  }
}

const redactor = new Redactor("KEY");

/** The outcome of a pull's checks on rows (the reference path's). */
function checked(rows: readonly RawRow[], args: readonly string[]): string {
  return outcome(() => new PullChecks(S, args).page(pageOfRows(rows), 1, redactor));
}

/** The outcome of a pull's checks on a scanned page's columns. */
function checkedColumns(page: Page, args: readonly string[]): string {
  return outcome(() => new PullChecks(S, args).page(page, 1, redactor));
}

/**
 * Holds the scanner to the reference path on one body. Returns what the scanner did, so that
 * a generator can be seen to reach both outcomes.
 */
function agree(bytes: Uint8Array, args?: readonly string[]): "scanned" | "fell back" {
  const ref = reference(bytes);
  const page = scanPage(bytes, FIELDS, 10);
  if (page === undefined) return "fell back";
  assert.ok(
    "rows" in ref,
    `the scanner read a body the reference path reads as ${JSON.stringify(ref)}: ${
      utf8.decode(bytes).slice(0, 200)
    }`,
  );
  assert.equal(page.total, ref.total);
  const rows = ref.rows;
  assert.equal(page.count, rows.length);
  FIELDS.text.forEach((field, j) => {
    const t = page.texts[j]!;
    for (let r = 0; r < page.count; r++) {
      const got = t.values[t.ids === undefined ? t.constant : t.ids[r]!];
      assert.equal(got, rows[r]![field], `row ${r + 1}, ${field}`);
    }
  });
  FIELDS.numbers.forEach((field, j) => {
    for (let r = 0; r < page.count; r++) {
      const want = numberOf(rows[r]![field]);
      const got = page.numbers[j]?.[r] ?? NaN;
      assert.ok(Object.is(got, want), `row ${r + 1}, ${field}: ${got} for ${want}`);
    }
  });
  if (args !== undefined) assert.equal(checkedColumns(page, args), checked(rows, args));
  return "scanned";
}

/** Frames of a body through both paths and both ways of building: all equal. */
function sameFrames(bytes: Uint8Array): void {
  const scanned = scanPage(bytes, FIELDS, 10);
  assert.ok(scanned !== undefined, "the scanner read it");
  const ref = decodeBody(utf8.decode(bytes), S, FIELDS);
  assert.ok(ref.kind === "rows");
  const frames = (["ipc", "expressions"] as const).flatMap((way) => [
    new FrameBuilder(STATISTIC_SEARCH_SCHEMA).add(scanned).finish(way),
    new FrameBuilder(STATISTIC_SEARCH_SCHEMA).add(ref.page).finish(way),
  ]);
  for (const f of frames.slice(1)) {
    assert.deepEqual(f.schema, frames[0]!.schema);
    assert.ok(f.frameEqual(frames[0]!, true), `${f}\n${frames[0]}`);
  }
}

// ---------------------------------------------------------------------------------------------
// Bodies

const TEXT = [
  "722Y001",
  "한국은행 기준금리",
  "원 ",
  " 원",
  "",
  " ",
  "a/b",
  'say "hi"',
  "back\\slash",
  "tab\there",
  "\u00e9\u4e2d\ud83d\ude00",
  "\ufeffbom",
  "0101000",
  "2020",
  "202305S2",
  "20240229",
];
const NUMBERS = [
  "2.5",
  "-0.3",
  "1373.1",
  "-",
  "",
  "0",
  "-0",
  ".5",
  "5.",
  "+1",
  "00012",
  "123456789012345678",
  "0.1234567890123456789",
  "1e5",
  "0x10",
  "Infinity",
  " 1",
  "1 ",
  "1,000",
  "1".repeat(400),
  "-.",
];
const LABELS = ["2020", "2021", "202001", "2020Q1", "2020S2", "20200101", "202305S1", "2020 ", "x"];

const textValue = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...TEXT) },
  { weight: 2, arbitrary: fc.constant(null) },
  { weight: 2, arbitrary: fc.string({ maxLength: 6 }) },
  { weight: 1, arbitrary: fc.string({ unit: "grapheme", maxLength: 4 }) },
);
const numberValue = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...NUMBERS) },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.double().map(String) },
);

/** A StatisticSearch row's fields in the order the service sends them. */
const fieldNames = [
  "STAT_CODE",
  "STAT_NAME",
  "ITEM_CODE1",
  "ITEM_NAME1",
  "ITEM_CODE2",
  "ITEM_NAME2",
  "ITEM_CODE3",
  "ITEM_NAME3",
  "ITEM_CODE4",
  "ITEM_NAME4",
  "UNIT_NAME",
  "WGT",
  "TIME",
  "DATA_VALUE",
];
const isNumber = (f: string) => f === "WGT" || f === "DATA_VALUE";

/** A row: each field of the search, some left out, some unknown ones added. */
const rowArb = fc.record({
  values: fc.tuple(
    ...fieldNames.map((f) =>
      f === "TIME" ? fc.constantFrom(...LABELS) : isNumber(f) ? numberValue : textValue
    ),
  ),
  drop: fc.integer({ min: 0, max: 40 }),
  extra: fc.option(fc.constantFrom('"NOTE":"x"', '"NOTE":null', '"NOTE":1', '"NOTE":{}'), {
    freq: 8,
  }),
});

/** Ways to write a row's JSON: key order, escaping, whitespace. */
const styleArb = fc.record({
  shuffle: fc.nat(),
  shuffleEvery: fc.integer({ min: 0, max: 6 }),
  escapeSlash: fc.boolean(),
  unicodeEscape: fc.integer({ min: 0, max: 20 }),
  space: fc.constantFrom("", "", "", " ", "\n  ", "\r\n\t"),
});

type Row = typeof rowArb extends fc.Arbitrary<infer R> ? R : never;
type Style = typeof styleArb extends fc.Arbitrary<infer S> ? S : never;

/** A string as JSON, with the style's escapes. */
function quote(v: string, style: Style, k: number): string {
  let s = JSON.stringify(v);
  if (style.escapeSlash) s = s.replaceAll("/", "\\/");
  if (style.unicodeEscape > 0 && k % style.unicodeEscape === 0) {
    s = s.replace(/[^"\\]/, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
  }
  return s;
}

/** A body of rows, written in a style. */
function body(rows: readonly Row[], style: Style, total = rows.length): string {
  const sp = style.space;
  const written = rows.map((row, r) => {
    const pairs = fieldNames.map((f, j) => {
      const v = row.values[j];
      return `${quote(f, { ...style, unicodeEscape: 0 }, j)}:${sp}${
        v === null || v === undefined ? "null" : quote(v, style, r * 31 + j)
      }`;
    }).filter((_, j) => row.drop !== j + 1 && row.drop !== 40);
    if (row.extra !== null) pairs.splice(row.drop % (pairs.length + 1), 0, row.extra);
    if (style.shuffleEvery > 0 && r % style.shuffleEvery === 0) {
      // Another key order for this row: a rotation by the seed.
      const by = (style.shuffle + r) % pairs.length;
      pairs.push(...pairs.splice(0, by));
    }
    return `{${sp}${pairs.join(`,${sp}`)}${sp}}`;
  });
  return `{${sp}"StatisticSearch":${sp}{"list_total_count":${sp}${total},${sp}"row":${sp}[${sp}${
    written.join(`,${sp}`)
  }${sp}]${sp}}${sp}}`;
}

/** Rows that repeat their neighbours' values but for TIME and DATA_VALUE, as the service's do. */
const rowsArb = fc.array(rowArb, { minLength: 0, maxLength: 12 }).map((rows) =>
  rows.map((row, r) =>
    r > 0 && r % 3 !== 0
      ? { ...row, values: rows[r - 1]!.values.map((v, j) => j >= 12 ? row.values[j] : v) }
      : row
  )
) as fc.Arbitrary<Row[]>;

/** Rows the scanner takes, as the service sends them: values it reads, no unknown field. */
const cleanRowsArb = fc.array(
  fc.record({
    values: fc.tuple(
      ...fieldNames.map((f) =>
        f === "TIME"
          ? fc.constantFrom("2020", "202001", "2020Q1", "20200101", "202305S1", "x", " 2021")
          : isNumber(f)
          ? fc.oneof(fc.constantFrom("2.5", "-", "", "-0", ".5", "1373.1"), fc.constant(null))
          : fc.oneof(fc.constantFrom(...TEXT), fc.constant(null))
      ),
    ),
    drop: fc.integer({ min: 0, max: 20 }),
    extra: fc.constant(null),
  }),
  { maxLength: 8 },
).map((rows) =>
  // Most rows repeat the previous one's fields up to TIME.
  rows.map((row, r) =>
    r > 0 && r % 4 !== 0
      ? { ...row, values: rows[r - 1]!.values.map((v, j) => j >= 12 ? row.values[j] : v) }
      : row
  )
) as fc.Arbitrary<Row[]>;

// ---------------------------------------------------------------------------------------------

Deno.test("scanPage() reads what the reference path reads, or gives up (property)", () => {
  const seen = { scanned: 0, "fell back": 0 };
  fc.assert(
    fc.property(rowsArb, styleArb, (rows, style) => {
      seen[agree(encoder.encode(body(rows, style)), ["722Y001", "A", "2020", "2021"])]++;
    }),
    { numRuns: 1500 },
  );
  // The generator reaches both outcomes: a test of agreement that never scans proves nothing.
  assert.ok(seen.scanned > 100 && seen["fell back"] > 100, JSON.stringify(seen));
});

Deno.test("scanPage() agrees on mutated bodies: bytes changed, cut, added (property)", () => {
  const base = fc.tuple(fc.oneof(rowsArb, cleanRowsArb), styleArb).map(([rows, style]) =>
    encoder.encode(body(rows, style))
  );
  const mutation = fc.record({
    kind: fc.constantFrom("cut", "flip", "insert", "delete"),
    at: fc.nat(),
    byte: fc.constantFrom(0x22, 0x5c, 0x2c, 0x7d, 0x5d, 0x20, 0x00, 0xff, 0xc3, 0x30, 0x2d, 0x6e),
  });
  const seen = { scanned: 0, "fell back": 0 };
  fc.assert(
    fc.property(base, fc.array(mutation, { minLength: 1, maxLength: 3 }), (bytes, ms) => {
      let b = bytes;
      for (const m of ms) {
        const at = b.length === 0 ? 0 : m.at % b.length;
        if (m.kind === "cut") b = b.slice(0, at);
        else if (m.kind === "flip") (b = b.slice())[at] = m.byte;
        else if (m.kind === "insert") {
          b = new Uint8Array([...b.slice(0, at), m.byte, ...b.slice(at)]);
        } else b = new Uint8Array([...b.slice(0, at), ...b.slice(at + 1)]);
      }
      seen[agree(b)]++;
    }),
    { numRuns: 3000 },
  );
  assert.ok(seen.scanned > 100 && seen["fell back"] > 100, JSON.stringify(seen));
});

Deno.test("scanPage() reads a row that differs from the previous one in any byte of their common part", () => {
  // The scanner compares a row with the previous one eight bytes at a time: a byte changed
  // anywhere in that span, to bytes that make +0, -0 or NaN of those eight, is read as itself.
  const first = `{"STAT_CODE":"722Y001","STAT_NAME":"기준금리","ITEM_CODE1":"0101000",` +
    `"UNIT_NAME":"연%","TIME":"202001","DATA_VALUE":"2.5"}`;
  const second = first.replace("202001", "202002");
  const head = `{"StatisticSearch":{"list_total_count":3,"row":[${first},`;
  const body = encoder.encode(`${head}${second},${second.replace("202002", "202003")}]}}`);
  const from = encoder.encode(head).length;
  const span = encoder.encode(second).length;
  const seen = { scanned: 0, "fell back": 0 };
  for (let at = from; at < from + span; at++) {
    for (const byte of [0x00, 0x80, 0x7f, 0xf0, 0xf8, 0xff, 0x30, 0x22]) {
      if (body[at] === byte) continue;
      const b = body.slice();
      b[at] = byte;
      // Seven zero bytes and a sign byte around the change: -0 against +0 if anything is.
      if (byte === 0x00 || byte === 0x80) b.fill(0, Math.max(from, at - 7), at);
      seen[agree(b)]++;
    }
  }
  assert.ok(seen.scanned > 50 && seen["fell back"] > 50, JSON.stringify(seen));
});

Deno.test("scanPage() decodes short text of any bytes as TextDecoder does, or gives up (property)", () => {
  // Characters of one to four bytes (Hangul most), now and then a stray byte: a lead or a
  // continuation byte of UTF-8, an overlong or surrogate lead.
  const character = fc.oneof(
    fc.integer({ min: 0x20, max: 0x7e }).filter((c) => c !== 0x22 && c !== 0x5c),
    fc.integer({ min: 0xac00, max: 0xd7a3 }),
    fc.integer({ min: 0x80, max: 0x7ff }),
    fc.integer({ min: 0x800, max: 0xffff }).filter((c) => c < 0xd800 || c > 0xdfff),
    fc.integer({ min: 0x10000, max: 0x10ffff }),
  ).map((c) => [...encoder.encode(String.fromCodePoint(c))]);
  const stray = fc.oneof(
    fc.integer({ min: 0x80, max: 0xff }).map((b) => [b]),
    fc.constantFrom(
      [0xed, 0xa0, 0x80], // a surrogate
      [0xed, 0x9f, 0xbf], // the last before them
      [0xe0, 0x80, 0x80], // overlong
      [0xe0, 0xa0, 0x80], // the first that is not
      [0xc0, 0x80], // overlong
      [0xc1, 0xbf],
      [0xea, 0xb0], // cut short
      [0xf0, 0x90, 0x80, 0x80],
    ),
  );
  const text = fc.array(
    fc.oneof({ arbitrary: character, weight: 6 }, { arbitrary: stray, weight: 1 }),
    {
      minLength: 1,
      maxLength: 14,
    },
  ).map((parts) => parts.flat());
  const head = encoder.encode(
    `{"StatisticSearch":{"list_total_count":1,"row":[{"STAT_CODE":"722Y001","ITEM_NAME1":"`,
  );
  const tail = encoder.encode(`","TIME":"2020"}]}}`);
  const seen = { scanned: 0, "fell back": 0 };
  fc.assert(
    fc.property(text, (bytes) => {
      seen[agree(new Uint8Array([...head, ...bytes, ...tail]))]++;
    }),
    { numRuns: 3000 },
  );
  assert.ok(seen.scanned > 300 && seen["fell back"] > 300, JSON.stringify(seen));
  // Hangul, two-byte Latin and a BOM, each as JSON.parse reads them.
  for (const name of ["생성 일별 시장 패널(샘플)", "é ñ", "\ufeffx", "연%", "가".repeat(10)]) {
    assert.equal(
      agree(encoder.encode(`${new TextDecoder().decode(head)}${name}","TIME":"2020"}]}}`)),
      "scanned",
    );
  }
});

Deno.test("scanPage() agrees on bodies built to trip it", async (t) => {
  const row = (fields: string) =>
    `{"StatisticSearch":{"list_total_count":1,"row":[{"STAT_CODE":"722Y001",${fields}}]}}`;
  const cases: [string, string, "scanned" | "fell back"][] = [
    ["plain", row(`"TIME":"2020","DATA_VALUE":"2.5"`), "scanned"],
    ["escaped slash", row(`"ITEM_NAME1":"a\\/b","TIME":"2020"`), "scanned"],
    [
      "escaped quote and unicode",
      row(`"ITEM_NAME1":"\\"\\u00e9\\ud83d\\ude00","TIME":"2020"`),
      "scanned",
    ],
    ["a lone surrogate", row(`"ITEM_NAME1":"\\ud800","TIME":"2020"`), "scanned"],
    ["a bad escape", row(`"ITEM_NAME1":"\\x41","TIME":"2020"`), "fell back"],
    ["a raw tab", row(`"ITEM_NAME1":"a\tb","TIME":"2020"`), "fell back"],
    ["an escaped key", row(`"TI\\u004dE":"2020"`), "fell back"],
    ["a key twice", row(`"TIME":"2020","TIME":"2021"`), "fell back"],
    ["a number for text", row(`"TIME":2020`), "fell back"],
    ["a number for a number", row(`"TIME":"2020","DATA_VALUE":2.5`), "fell back"],
    ["true", row(`"TIME":"2020","DATA_VALUE":true`), "fell back"],
    ["an unknown field", row(`"NOTE":"x","TIME":"2020"`), "scanned"],
    ["an unknown object", row(`"NOTE":{"a":1},"TIME":"2020"`), "fell back"],
    ["an exponent", row(`"TIME":"2020","DATA_VALUE":"1e5"`), "fell back"],
    ["hex", row(`"TIME":"2020","DATA_VALUE":"0x10"`), "fell back"],
    ["18 digits", row(`"TIME":"2020","DATA_VALUE":"123456789012345678"`), "scanned"],
    ["400 digits", row(`"TIME":"2020","DATA_VALUE":"${"9".repeat(400)}"`), "fell back"],
    ["a comma", row(`"TIME":"2020","DATA_VALUE":"1,000"`), "fell back"],
    ["-0", row(`"TIME":"2020","DATA_VALUE":"-0"`), "scanned"],
    ["trailing spaces", row(`"UNIT_NAME":"원 ","TIME":"2020 "`), "scanned"],
    [
      "whitespace",
      `\r\n {\n "StatisticSearch" : { "list_total_count" : 1 , "row" : [ { "TIME" : "2020" } ] } }\n`,
      "scanned",
    ],
    ["a BOM", `\ufeff${row(`"TIME":"2020"`)}`, "scanned"],
    ["a BOM in a value", row(`"ITEM_NAME1":"\ufeffx","TIME":"2020"`), "scanned"],
    ["a string total", `{"StatisticSearch":{"list_total_count":"1","row":[]}}`, "fell back"],
    ["a total of 1.0", `{"StatisticSearch":{"list_total_count":1.0,"row":[]}}`, "fell back"],
    ["a total of 01", `{"StatisticSearch":{"list_total_count":01,"row":[]}}`, "fell back"],
    ["row before total", `{"StatisticSearch":{"row":[],"list_total_count":0}}`, "fell back"],
    ["no rows", `{"StatisticSearch":{"list_total_count":0,"row":[]}}`, "scanned"],
    ["a RESULT", `{"RESULT":{"CODE":"INFO-200","MESSAGE":"x"}}`, "fell back"],
    ["another service", `{"KeyStatisticList":{"list_total_count":0,"row":[]}}`, "fell back"],
    ["trailing garbage", `${row(`"TIME":"2020"`)}x`, "fell back"],
    ["cut short", row(`"TIME":"2020"`).slice(0, -3), "fell back"],
    ["an empty row", `{"StatisticSearch":{"list_total_count":1,"row":[{}]}}`, "scanned"],
    [
      "a row that is not an object",
      `{"StatisticSearch":{"list_total_count":1,"row":[1]}}`,
      "fell back",
    ],
  ];
  for (const [name, text, expected] of cases) {
    await t.step(name, () => {
      assert.equal(agree(encoder.encode(text), ["722Y001", "A", "2020", "2020"]), expected);
    });
  }
  await t.step("invalid UTF-8 in a value: the reference path replaces it", () => {
    const bytes = encoder.encode(row(`"ITEM_NAME1":"~b","TIME":"2020"`));
    bytes[bytes.indexOf(0x7e)] = 0xff;
    assert.equal(agree(bytes), "fell back");
  });
  await t.step("invalid UTF-8 in a field nobody reads: both pass over it", () => {
    const bytes = encoder.encode(row(`"NOTE":"~b","TIME":"2020"`));
    bytes[bytes.indexOf(0x7e)] = 0xff;
    assert.equal(agree(bytes), "scanned");
  });
  await t.step("an absent field is absent, not null", () => {
    const page = scanPage(encoder.encode(row(`"TIME":"2020"`)), FIELDS) as Page;
    assert.equal(page.texts[FIELDS.text.indexOf("ITEM_CODE1")]!.constant, ABSENT_ID);
    assert.equal(rowsOf(page)[0]!.ITEM_CODE1, undefined);
  });
});

// ---------------------------------------------------------------------------------------------
// The pull's checks on scanned columns against the same checks on the reference path's rows

/**
 * Per cycle: the range asked (the first two labels), then labels of the cycle outside it, of
 * other cycles, impossible, spaced, or the same period spelt otherwise.
 */
const CYCLE_LABELS: Record<string, readonly string[]> = {
  A: ["2020", "2021", "2022", "2019", "202001", " 2021", "2021 "],
  S: ["2020S1", "2020S2", "2021S1", "2020Q1", "2020S3", "2020"],
  Q: ["2020Q1", "2020Q2", "2020Q3", "2020Q5", "2020S1", "2020Q2 "],
  M: ["202001", "202002", "202003", "202013", "2020", "20200101"],
  SM: ["202001S1", "202001S2", "202001SM2", "202002S1", "202001SM1", "202001"],
  D: ["20200228", "20200229", "20200301", "20200230", "202002", "20200227"],
};

/** An item code: mostly one of two; now and then another, or one spelt otherwise. */
const itemArb = fc.oneof(
  { weight: 12, arbitrary: fc.constant("A") },
  { weight: 3, arbitrary: fc.constant("B") },
  { weight: 1, arbitrary: fc.constantFrom("a ", "C", null) },
);

/** A search row for the checks: codes, mostly right; a label by its place; a value. */
const checkRowArb = fc.record({
  stat: fc.oneof(
    { weight: 20, arbitrary: fc.constant("722Y001") },
    { weight: 1, arbitrary: fc.constantFrom(" 722y001", "722Y002", null, "xKEY") },
  ),
  items: fc.tuple(itemArb, itemArb, itemArb, itemArb),
  time: fc.oneof(
    { weight: 12, arbitrary: fc.integer({ min: 0, max: 1 }) },
    { weight: 3, arbitrary: fc.integer({ min: 2, max: 5 }) },
    { weight: 1, arbitrary: fc.constantFrom(null, "x", "") },
  ),
  value: fc.oneof({ weight: 8, arbitrary: fc.constant("2.5") }, {
    weight: 1,
    arbitrary: numberValue,
  }),
  wgt: fc.oneof({ weight: 8, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: numberValue }),
  drop: fc.integer({ min: 0, max: 80 }),
});
type CheckRow = typeof checkRowArb extends fc.Arbitrary<infer R> ? R : never;

/** A page's rows as the body writes them, most repeating the codes of the row before. */
function searchRows(rows: readonly CheckRow[], cycle: string): Row[] {
  const labels = CYCLE_LABELS[cycle]!;
  return rows.map((row, r) => {
    const from = r > 0 && r % 3 !== 0 ? rows[r - 1]! : row;
    const time = typeof row.time === "number" ? labels[row.time]! : row.time;
    const [i1, i2, i3, i4] = from.items;
    const byField: Record<string, string | null> = {
      STAT_CODE: from.stat,
      ITEM_CODE1: i1,
      ITEM_CODE2: i2,
      ITEM_CODE3: i3,
      ITEM_CODE4: i4,
      TIME: time,
      WGT: row.wgt,
      DATA_VALUE: row.value,
    };
    const values = fieldNames.map((f) => f in byField ? byField[f]! : "name") as Row["values"];
    return { values, drop: row.drop, extra: null };
  });
}

/** A pull: the query's cycle and items, its pages, and what is done with each. */
const pullArb = fc.record({
  cycle: fc.constantFrom(...Object.keys(CYCLE_LABELS)),
  items: fc.array(fc.constantFrom("A", "?", "", "a"), { maxLength: 4 }),
  pages: fc.array(
    fc.record({
      rows: fc.array(checkRowArb, { maxLength: 5 }),
      // A page asked again later in the pull (a repeat), by its place.
      again: fc.option(fc.nat(), { freq: 2 }),
      // Check it in rows even when the scanner reads it: the pull mixes both ways.
      inRows: fc.boolean(),
      // Take back what it marked, as when the frame refuses a page after its checks.
      undo: fc.oneof({ weight: 1, arbitrary: fc.constant(true) }, {
        weight: 3,
        arbitrary: fc.constant(false),
      }),
      style: fc.option(styleArb, { freq: 6 }),
    }),
    { minLength: 1, maxLength: 4 },
  ),
});
type Pull = typeof pullArb extends fc.Arbitrary<infer P> ? P : never;

/** The plainest style: keys in order, no extra escapes, no spaces. */
const plain: Style = {
  shuffle: 0,
  shuffleEvery: 0,
  escapeSlash: false,
  unicodeEscape: 0,
  space: "",
};

/**
 * A pull's pages checked one after the other by one PullChecks: each page's outcome, a failed
 * page left behind as paging leaves it. `columns` checks pages the scanner reads in their
 * columns (but those marked `inRows`); otherwise every page is checked in reference rows.
 */
function pullOutcomes(pull: Pull, columns: boolean, seen?: Record<string, number>): string[] {
  const labels = CYCLE_LABELS[pull.cycle]!;
  const args = ["722Y001", pull.cycle, labels[0]!, labels[1]!, ...pull.items];
  const checks = new PullChecks(S, args);
  const bodies = pull.pages.map((p) =>
    encoder.encode(body(searchRows(p.rows, pull.cycle), p.style ?? plain))
  );
  let firstRow = 1;
  return pull.pages.map((p, k) => {
    const bytes = bodies[p.again === null ? k : p.again % (k + 1)]!;
    const ref = reference(bytes);
    if (!("rows" in ref) || ref.rows === undefined) assert.fail(JSON.stringify(ref));
    const rows = ref.rows;
    const page = columns && !p.inRows ? scanPage(bytes, FIELDS, 10) : undefined;
    const result = outcome(() => {
      const undo = checks.page(page ?? pageOfRows(rows), firstRow, redactor);
      if (p.undo) undo();
    });
    if (seen !== undefined) {
      const kind = page === undefined ? "rows" : "columns";
      const what = /field "(\w+?)\d?", .*(not a plain|not the|not a period|outside|already)/
        .exec(result);
      let key = what === null ? result : `${what[1]} ${what[2]}`;
      if (key === "TIME already" && page !== undefined) {
        // A period given twice in the page itself, or given by an earlier page of the pull.
        const alone = outcome(() => new PullChecks(S, args).page(page, firstRow, redactor));
        key += alone === result ? " in the page" : " across pages";
      }
      seen[`${kind}: ${key}`] = (seen[`${kind}: ${key}`] ?? 0) + 1;
    }
    firstRow += rows.length;
    return result;
  });
}

Deno.test("PullChecks on scanned columns fails as on rows: same row, field, words, record (property)", () => {
  const seen: Record<string, number> = {};
  fc.assert(
    fc.property(pullArb, (pull) => {
      const want = pullOutcomes(pull, false);
      assert.deepEqual(pullOutcomes(pull, true, seen), want);
    }),
    { numRuns: 1500 },
  );
  // Each check is reached on the columns' side (and bad numbers on the rows', the scanner
  // having handed them over): agreement on pages that pass would prove little.
  const expected = [
    "columns: ok",
    "columns: STAT_CODE not the",
    "columns: ITEM_CODE not the",
    "columns: TIME not a period",
    "columns: TIME outside",
    "columns: TIME already in the page",
    "columns: TIME already across pages",
    "rows: DATA_VALUE not a plain",
    "rows: WGT not a plain",
  ];
  for (const key of expected) assert.ok((seen[key] ?? 0) >= 10, `${key}: ${JSON.stringify(seen)}`);
  for (const key of Object.keys(seen)) {
    assert.ok(!key.startsWith("columns: ") || expected.includes(key), `${key} on columns`);
  }
});

Deno.test("the scanner and the reference path build equal frames, through Arrow or expressions (property)", () => {
  fc.assert(
    fc.property(cleanRowsArb, (rows) => {
      sameFrames(encoder.encode(body(rows, plain)));
    }),
    { numRuns: 60 },
  );
});

Deno.test("text fields lose trailing spaces in both paths and in XML", () => {
  const json = `{"StatisticSearch":{"list_total_count":2,"row":[` +
    `{"STAT_CODE":"731Y001","STAT_NAME":"주요국 통화의 대원화환율 ","ITEM_CODE1":"0000001 ",` +
    `"ITEM_NAME1":"원/미국달러(매매기준율) ","UNIT_NAME":"원 ","TIME":"20230102","DATA_VALUE":"1272.5"},` +
    `{"STAT_CODE":"731Y001","STAT_NAME":"주요국 통화의 대원화환율 ","ITEM_CODE1":"0000001 ",` +
    `"ITEM_NAME1":"원/미국달러(매매기준율) ","UNIT_NAME":" ","TIME":"20230103 ","DATA_VALUE":"1264.5"}]}}`;
  const xml = `<StatisticSearch><list_total_count>2</list_total_count>` +
    `<row><STAT_CODE>731Y001</STAT_CODE><STAT_NAME>주요국 통화의 대원화환율 </STAT_NAME>` +
    `<ITEM_CODE1>0000001 </ITEM_CODE1><ITEM_NAME1>원/미국달러(매매기준율) </ITEM_NAME1>` +
    `<UNIT_NAME>원 </UNIT_NAME><TIME>20230102</TIME><DATA_VALUE>1272.5</DATA_VALUE></row>` +
    `<row><STAT_CODE>731Y001</STAT_CODE><STAT_NAME>주요국 통화의 대원화환율 </STAT_NAME>` +
    `<ITEM_CODE1>0000001 </ITEM_CODE1><ITEM_NAME1>원/미국달러(매매기준율) </ITEM_NAME1>` +
    `<UNIT_NAME> </UNIT_NAME><TIME>20230103 </TIME><DATA_VALUE>1264.5</DATA_VALUE></row>` +
    `</StatisticSearch>`;
  const fast = scanPage(encoder.encode(json), FIELDS, 2);
  assert.ok(fast !== undefined);
  assert.ok(decodeBytes(encoder.encode(json), S, FIELDS, 2).kind === "rows");
  const slow = decodeBody(json, S, FIELDS);
  const fromXml = decodeBody(xml, S, FIELDS);
  assert.ok(slow.kind === "rows" && fromXml.kind === "rows");
  const frames = [
    new FrameBuilder(STATISTIC_SEARCH_SCHEMA).add(fast).finish("ipc"),
    new FrameBuilder(STATISTIC_SEARCH_SCHEMA).add(fast).finish("expressions"),
    new FrameBuilder(STATISTIC_SEARCH_SCHEMA).add(slow.page).finish("ipc"),
    new FrameBuilder(STATISTIC_SEARCH_SCHEMA).add(fromXml.page).finish("expressions"),
  ];
  for (const df of frames) {
    assert.deepEqual(df.getColumn("STAT_NAME").toArray(), [
      "주요국 통화의 대원화환율",
      "주요국 통화의 대원화환율",
    ]);
    assert.deepEqual(df.getColumn("ITEM_CODE1").toArray(), ["0000001", "0000001"]);
    assert.deepEqual(df.getColumn("ITEM_NAME1").toArray(), [
      "원/미국달러(매매기준율)",
      "원/미국달러(매매기준율)",
    ]);
    assert.deepEqual(df.getColumn("UNIT_NAME").toArray(), ["원", null]);
    assert.deepEqual(df.getColumn("PERIOD").toArray(), ["20230102", "20230103"]);
    assert.deepEqual(
      df.getColumn("TIME").toArray().map((d) => (d as unknown as Date).toISOString().slice(0, 10)),
      ["2023-01-02", "2023-01-03"],
    );
  }
});

Deno.test("scanPage() reads a body alike whatever was scanned before it (its state is reused)", () => {
  const body = (rows: readonly RawRow[]) =>
    encoder.encode(JSON.stringify({ [S]: { list_total_count: rows.length, row: rows } }));
  const small = body([
    { STAT_CODE: "722Y001", ITEM_CODE1: "0101000", TIME: "202401", DATA_VALUE: "3.5" },
    { STAT_CODE: "722Y001", ITEM_CODE1: "0101000", TIME: "202402", DATA_VALUE: "-" },
  ]);
  const expected = [
    { STAT_CODE: "722Y001", ITEM_CODE1: "0101000", TIME: "202401", DATA_VALUE: 3.5, WGT: null },
    { STAT_CODE: "722Y001", ITEM_CODE1: "0101000", TIME: "202402", DATA_VALUE: null, WGT: null },
  ];
  const read = () => {
    const page = scanPage(small, FIELDS, 2);
    assert.ok(page !== undefined);
    assert.equal(page.total, 2);
    assert.deepEqual(rowsOf(page), expected);
    assert.equal(page.texts[0]!.ids, undefined, "STAT_CODE is one value: no ids");
  };
  read();
  // One that gives up halfway (cut short), one of many distinct values (its tables grow), one
  // of other fields: none leaves anything behind.
  assert.equal(scanPage(small.subarray(0, small.length - 30), FIELDS, 2), undefined);
  read();
  const many = Array.from({ length: 5000 }, (_, i) => ({
    STAT_CODE: "722Y001",
    ITEM_CODE1: `I${i}`,
    TIME: "202401",
    DATA_VALUE: String(i),
  }));
  assert.equal(scanPage(body(many), FIELDS, 5000)?.texts[2]?.values.length, 5002);
  read();
  assert.equal(scanPage(body([{ TIME: "202401" }, ...many.slice(0, 2)]), FIELDS, 3)?.count, 3);
  read();
  const items = scanFieldsOf(STATISTIC_ITEM_LIST_SCHEMA, "StatisticItemList");
  const list = encoder.encode(
    '{"StatisticItemList":{"list_total_count":1,"row":[{"STAT_CODE":"722Y001","ITEM_CODE":"0101000"}]}}',
  );
  assert.equal(scanPage(list, items, 1)?.count, 1);
  read();
});

Deno.test("scanPage() grows its columns for rows smaller than its first guess", () => {
  // Its arrays start at the rows the body could hold with every field present; rows of two
  // fields are many more.
  const rows = Array.from({ length: 2000 }, (_, i) => `{"TIME":"${2000 + i}","DATA_VALUE":"${i}"}`);
  const body = `{"StatisticSearch":{"list_total_count":2000,"row":[${rows.join(",")}]}}`;
  const bytes = encoder.encode(body);
  assert.equal(agree(bytes), "scanned");
  const page = scanPage(bytes, FIELDS, 2000)!;
  assert.equal(page.count, 2000);
  const time = page.texts[FIELDS.text.indexOf("TIME")]!;
  assert.equal(time.values[time.ids![1999]!], "3999");
  assert.equal(page.numbers[FIELDS.numbers.indexOf("DATA_VALUE")]![1999], 1999);
});
