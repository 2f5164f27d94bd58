/**
 * The row checks (`_checks.ts`): what a page's rows must be to belong to the query, one
 * behaviour per test, the values literal.
 */

import assert from "node:assert/strict";
import fc from "npm:fast-check@4.10.2";
import { isPlainNumber, periodOf, PullChecks } from "../../src/client/_checks.ts";
import { BodyError, type RawRow } from "../../src/client/_envelope.ts";
import { Redactor } from "../../src/client/_errors.ts";
import { CYCLES, tryParseLabel } from "../../src/wire/period.ts";

const KEY = "CHECKSKEY0123456789";
const redactor = new Redactor(KEY);
const ARGS = ["722Y001", "M", "202401", "202406", "0101000"];

/** A row of 722Y001, item 0101000, with a period and a value. */
const row = (time: string, extra: RawRow = {}): RawRow => ({
  STAT_CODE: "722Y001",
  ITEM_CODE1: "0101000",
  ITEM_CODE2: null,
  ITEM_CODE3: null,
  ITEM_CODE4: null,
  TIME: time,
  WGT: null,
  DATA_VALUE: "3.5",
  ...extra,
});

/** The BodyError detail a page raises. */
function detail(checks: PullChecks, rows: RawRow[], firstRow = 1): string {
  try {
    checks.page(rows, firstRow, redactor);
  } catch (e) {
    assert.ok(e instanceof BodyError, String(e));
    return e.detail;
  }
  assert.fail("expected the page to fail");
}

Deno.test("isPlainNumber() takes plain decimals and missing markers, nothing JavaScript guesses", () => {
  const good: unknown[] = [
    "2.5",
    "-0.3",
    "1373.1",
    "2058466.5",
    "+4",
    ".5",
    "5.",
    "0",
    "1e3",
    "1.5E-4",
    "-",
    "",
    null,
    undefined,
    12.25,
  ];
  for (const v of good) assert.equal(isPlainNumber(v), true, JSON.stringify(v));
  const bad: unknown[] = [
    "0x10",
    "0b1",
    "0o7",
    "Infinity",
    "-Infinity",
    "NaN",
    "1e999",
    " 1",
    "1 ",
    "1,000",
    "1_000",
    "+",
    "-.",
    ".",
    "e5",
    "1e",
    "1e+",
    "--1",
    "１２",
    true,
    {},
    [],
    Number.NaN,
    Infinity,
  ];
  for (const v of bad) assert.equal(isPlainNumber(v), false, JSON.stringify(v));
  assert.equal(isPlainNumber("12", true), true);
  assert.equal(isPlainNumber("1.5", true), false);
  assert.equal(isPlainNumber(1.5, true), false);
});

Deno.test("periodOf() reads every label as tryParseLabel does (property)", () => {
  const label = fc.oneof(
    fc.stringMatching(/^\d{4}(?:[SQ]\d|\d{2}(?:S\d|SM\d|\d{2})?)?$/),
    fc.string({ maxLength: 12 }),
    fc.stringMatching(/^ ?\d{4}\d{0,4} ?$/),
  );
  fc.assert(
    fc.property(label, fc.constantFrom(...CYCLES), (l, cycle) => {
      assert.equal(periodOf(l, cycle), tryParseLabel(l.trim(), cycle)?.index);
    }),
    { numRuns: 5000 },
  );
  assert.equal(periodOf("20240229", "D"), tryParseLabel("20240229", "D")?.index);
  assert.equal(periodOf("20230229", "D"), undefined);
  assert.equal(periodOf("16000229", "D"), tryParseLabel("16000229", "D")?.index);
});

Deno.test("PullChecks passes the rows of the query asked", () => {
  const checks = new PullChecks("StatisticSearch", ARGS);
  checks.page([row("202401"), row("202402"), row("202403")], 1, redactor);
  checks.page([row("202404"), row("202405", { DATA_VALUE: "-" }), row("202406")], 4, redactor);
});

Deno.test("PullChecks refuses a row of another table, naming the row and the field", () => {
  const checks = new PullChecks("StatisticSearch", ARGS);
  assert.equal(
    detail(checks, [row("202401"), row("202402", { STAT_CODE: "999Y999" })], 11),
    'row 12, field "STAT_CODE", holds "999Y999", not the table asked (722Y001)',
  );
});

Deno.test("PullChecks refuses another item where items were given, and takes any for ?", () => {
  assert.equal(
    detail(new PullChecks("StatisticSearch", ARGS), [row("202401", { ITEM_CODE1: "0102000" })]),
    'row 1, field "ITEM_CODE1", holds "0102000", not the item asked (0101000)',
  );
  const any = new PullChecks("StatisticSearch", ["722Y001", "M", "202401", "202406", "?", "A"]);
  any.page([row("202401", { ITEM_CODE1: "0102000", ITEM_CODE2: "A" })], 1, redactor);
  assert.equal(
    detail(any, [row("202402", { ITEM_CODE2: "B" })]),
    'row 1, field "ITEM_CODE2", holds "B", not the item asked (A)',
  );
});

Deno.test("PullChecks refuses a TIME that is not a period of the cycle, or outside the range", () => {
  const checks = new PullChecks("StatisticSearch", ARGS);
  assert.equal(
    detail(checks, [row("2024Q1")]),
    'row 1, field "TIME", holds "2024Q1", not a period of cycle M',
  );
  assert.equal(
    detail(checks, [row("202413")]),
    'row 1, field "TIME", holds "202413", not a period of cycle M',
  );
  assert.equal(
    detail(checks, [row("202407")]),
    'row 1, field "TIME", holds "202407", outside the range asked (202401 to 202406)',
  );
  assert.equal(
    detail(checks, [row("202312")]),
    'row 1, field "TIME", holds "202312", outside the range asked (202401 to 202406)',
  );
  assert.equal(detail(checks, [row("x", { TIME: null })]).includes("holds null"), true);
});

Deno.test("PullChecks reads half-monthly labels in either spelling", () => {
  const checks = new PullChecks("StatisticSearch", ["814Y002", "SM", "200401S1", "200401SM2"]);
  const sm = (time: string) => row(time, { STAT_CODE: "814Y002", ITEM_CODE1: "A" });
  checks.page([sm("200401S1"), sm("200401SM2")], 1, redactor);
  assert.match(detail(checks, [sm("200402S1")]), /outside the range asked/);
  assert.match(detail(checks, [sm("200401SM1")]), /already given/);
});

Deno.test("PullChecks refuses values JavaScript would misread", () => {
  const checks = new PullChecks("StatisticSearch", ARGS);
  for (const [value, shown] of [["0x10", '"0x10"'], ["Infinity", '"Infinity"'], [" 1", '" 1"']]) {
    assert.equal(
      detail(checks, [row("202401", { DATA_VALUE: value })]),
      `row 1, field "DATA_VALUE", holds ${shown}, not a plain decimal number`,
    );
  }
  assert.match(detail(checks, [row("202401", { WGT: "1e999" })]), /field "WGT", holds "1e999"/);
});

Deno.test("PullChecks refuses a page repeated in the pull, and a row repeated in a page", () => {
  const checks = new PullChecks("StatisticSearch", ARGS);
  const page = [row("202401"), row("202402")];
  checks.page(page, 1, redactor);
  assert.equal(
    detail(checks, page, 3),
    'row 3, field "TIME", holds "202401", a period already given for the same items (0101000)',
  );
  const other = new PullChecks("StatisticSearch", ARGS);
  assert.match(detail(other, [row("202401"), row("202401")]), /^row 2, .*already given/);
  // Another item in the same period is another row.
  const two = new PullChecks("StatisticSearch", ARGS.slice(0, 4));
  two.page([row("202401"), row("202401", { ITEM_CODE1: "0102000" })], 1, redactor);
});

Deno.test("PullChecks: a page that fails leaves nothing seen, so that it can be asked again", () => {
  const checks = new PullChecks("StatisticSearch", ARGS);
  const good = [row("202401"), row("202402")];
  assert.match(detail(checks, [...good, row("202403", { DATA_VALUE: "x" })]), /row 3/);
  checks.page(good, 1, redactor); // not "already given"
  const next = [row("202403"), row("202404")];
  const undo = checks.page(next, 3, redactor);
  undo(); // another check of the page (the frame's) failed after these passed
  checks.page(next, 3, redactor);
  assert.match(detail(checks, next, 3), /already given/);
});

Deno.test("PullChecks quotes values without the key, cut after the key is gone", () => {
  const checks = new PullChecks("StatisticSearch", ARGS);
  const text = detail(checks, [row("202401", { STAT_CODE: `${"x".repeat(30)}${KEY}` })]);
  assert.ok(!text.includes(KEY.slice(0, 6)), text);
  assert.match(text, /x{30}\*\*\*/);
});

Deno.test("PullChecks checks the lookups' tables and numbers, and KeyStatisticList's values", () => {
  const items = new PullChecks("StatisticItemList", ["722Y001"]);
  items.page([{ STAT_CODE: "722Y001", DATA_CNT: 240, WEIGHT: null }], 1, redactor);
  assert.equal(
    detail(items, [{ STAT_CODE: "601Y002" }]),
    'row 1, field "STAT_CODE", holds "601Y002", not the table asked (722Y001)',
  );
  assert.equal(
    detail(items, [{ STAT_CODE: "722Y001", DATA_CNT: "2.5" }]),
    'row 1, field "DATA_CNT", holds "2.5", not a plain whole number',
  );
  const keys = new PullChecks("KeyStatisticList", []);
  keys.page([{ DATA_VALUE: "1,373.1".replace(",", "") }, { DATA_VALUE: null }], 1, redactor);
  assert.equal(
    detail(keys, [{ DATA_VALUE: "0x10" }], 5),
    'row 5, field "DATA_VALUE", holds "0x10", not a plain decimal number',
  );
  // The glossary has no numbers and no codes to compare.
  new PullChecks("StatisticWord", ["물가"]).page([{ WORD: "물가", CONTENT: "0x10" }], 1, redactor);
});
