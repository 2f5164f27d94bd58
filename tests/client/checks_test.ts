/**
 * The row checks (`_checks.ts`): what a page's rows must be to belong to the query, one
 * behaviour per test, the values literal. A search page is checked either as rows or, when
 * the scanner read it, in its columns: the tests of search pages run both ways.
 */

import assert from "node:assert/strict";
import { PullChecks } from "../../src/client/_checks.ts";
import { isPlainNumber } from "../../src/client/_page.ts";
import { scanPage } from "../../src/client/_scan.ts";
import { BodyError, Redactor } from "../../src/client/_errors.ts";
import type { RawRow } from "../../src/client/_decode.ts";
import { scanFieldsOf } from "../../src/client/_frame.ts";
import { pageOfRows } from "../testdata/pages.ts";
import { STATISTIC_SEARCH_SCHEMA } from "../../src/wire/columns.ts";

const KEY = "CHECKSKEY0123456789";
const redactor = new Redactor(KEY);
const ARGS = ["722Y001", "M", "202401", "202406", "0101000"];
const S = "StatisticSearch";
const L = "StatisticItemList";
const K = "KeyStatisticList";

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

/** How a page is made: from its rows (the reference path), or scanned from its body. */
type Way = "rows" | "columns";
const WAYS: readonly Way[] = ["rows", "columns"];

const FIELDS = scanFieldsOf(STATISTIC_SEARCH_SCHEMA, "StatisticSearch");

/** Checks a search page one way; `undo` as the checks return it. */
function check(
  checks: PullChecks,
  rows: RawRow[],
  firstRow: number,
  way: Way,
  service = S,
): () => void {
  if (way === "rows") return checks.page(pageOfRows(rows, service), firstRow, redactor);
  const body = JSON.stringify({ StatisticSearch: { list_total_count: rows.length, row: rows } });
  const page = scanPage(new TextEncoder().encode(body), FIELDS);
  assert.ok(page !== undefined, "the scanner reads the page");
  return checks.page(page, firstRow, redactor);
}

/** The BodyError detail a page raises, checked one way (its rows by default). */
function detail(
  checks: PullChecks,
  rows: RawRow[],
  firstRow = 1,
  way: Way = "rows",
  service = S,
): string {
  try {
    check(checks, rows, firstRow, way, service);
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
    `0.${"0".repeat(400)}1`,
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
    `1${"0".repeat(400)}`,
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

Deno.test("PullChecks passes the rows of the query asked", async (t) => {
  for (const way of WAYS) {
    await t.step(way, () => {
      const checks = new PullChecks("StatisticSearch", ARGS);
      check(checks, [row("202401"), row("202402"), row("202403")], 1, way);
      const next = [row("202404"), row("202405", { DATA_VALUE: "-" }), row("202406")];
      check(checks, next, 4, way);
      // The service's spellings of the code asked: another case, spaces.
      check(
        new PullChecks("StatisticSearch", ARGS),
        [row("202401", { STAT_CODE: " 722y001" })],
        1,
        way,
      );
    });
  }
});

Deno.test("PullChecks refuses a row of another table, naming the row and the field", async (t) => {
  for (const way of WAYS) {
    await t.step(way, () => {
      const checks = new PullChecks("StatisticSearch", ARGS);
      assert.equal(
        detail(checks, [row("202401"), row("202402", { STAT_CODE: "999Y999" })], 11, way),
        'row 12, field "STAT_CODE", holds "999Y999", not the table asked (722Y001)',
      );
      const absent = { ...row("202401") };
      delete absent.STAT_CODE;
      assert.equal(
        detail(checks, [row("202401"), absent], 1, way),
        'row 2, field "STAT_CODE", holds nothing, not the table asked (722Y001)',
      );
    });
  }
});

Deno.test("PullChecks refuses another item where items were given, and takes any for ?", async (t) => {
  for (const way of WAYS) {
    await t.step(way, () => {
      assert.equal(
        detail(
          new PullChecks("StatisticSearch", ARGS),
          [row("202401", { ITEM_CODE1: "0102000" })],
          1,
          way,
        ),
        'row 1, field "ITEM_CODE1", holds "0102000", not the item asked (0101000)',
      );
      const any = new PullChecks("StatisticSearch", ["722Y001", "M", "202401", "202406", "?", "A"]);
      check(any, [row("202401", { ITEM_CODE1: "0102000", ITEM_CODE2: "A" })], 1, way);
      assert.equal(
        detail(
          any,
          [row("202402", { ITEM_CODE2: "A" }), row("202403", { ITEM_CODE2: "B" })],
          1,
          way,
        ),
        'row 2, field "ITEM_CODE2", holds "B", not the item asked (A)',
      );
    });
  }
});

Deno.test("PullChecks refuses a TIME that is not a period of the cycle, or outside the range", async (t) => {
  for (const way of WAYS) {
    await t.step(way, () => {
      const checks = new PullChecks("StatisticSearch", ARGS);
      assert.equal(
        detail(checks, [row("2024Q1")], 1, way),
        'row 1, field "TIME", holds "2024Q1", not a period of cycle M',
      );
      assert.equal(
        detail(checks, [row("202413")], 1, way),
        'row 1, field "TIME", holds "202413", not a period of cycle M',
      );
      assert.equal(
        detail(checks, [row("202401"), row("202407")], 1, way),
        'row 2, field "TIME", holds "202407", outside the range asked (202401 to 202406)',
      );
      assert.equal(
        detail(checks, [row("202312")], 1, way),
        'row 1, field "TIME", holds "202312", outside the range asked (202401 to 202406)',
      );
      assert.equal(
        detail(checks, [row("x", { TIME: null })], 1, way),
        'row 1, field "TIME", holds null, not a period of cycle M',
      );
    });
  }
});

Deno.test("PullChecks names the first bad row, and its first bad field in the rows' order", async (t) => {
  for (const way of WAYS) {
    await t.step(way, () => {
      const checks = new PullChecks("StatisticSearch", ARGS);
      const rows = [
        row("202401"),
        row("202401"), // repeated: row 2 is the first bad row
        row("202499", { STAT_CODE: "999Y999", ITEM_CODE1: "X" }),
      ];
      assert.match(detail(checks, rows, 1, way), /^row 2, field "TIME", .*already given/);
      // Within a row: STAT_CODE, then the items, then TIME.
      assert.match(detail(checks, rows.slice(2), 1, way), /^row 1, field "STAT_CODE"/);
      const item = row("202499", { ITEM_CODE1: "X" });
      assert.match(detail(checks, [item], 1, way), /^row 1, field "ITEM_CODE1"/);
    });
  }
});

Deno.test("PullChecks reads half-monthly labels in either spelling", async (t) => {
  for (const way of WAYS) {
    await t.step(way, () => {
      const checks = new PullChecks("StatisticSearch", ["814Y002", "SM", "200401S1", "200401SM2"]);
      const sm = (time: string) => row(time, { STAT_CODE: "814Y002", ITEM_CODE1: "A" });
      check(checks, [sm("200401S1"), sm("200401SM2")], 1, way);
      assert.match(detail(checks, [sm("200402S1")], 1, way), /outside the range asked/);
      assert.match(detail(checks, [sm("200401SM1")], 1, way), /already given/);
    });
  }
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

Deno.test("PullChecks refuses a page repeated in the pull, and a row repeated in a page", async (t) => {
  for (const way of WAYS) {
    await t.step(way, () => {
      const checks = new PullChecks("StatisticSearch", ARGS);
      const page = [row("202401"), row("202402")];
      check(checks, page, 1, way);
      assert.equal(
        detail(checks, page, 3, way),
        'row 3, field "TIME", holds "202401", a period already given for the same items (0101000)',
      );
      const other = new PullChecks("StatisticSearch", ARGS);
      assert.match(
        detail(other, [row("202401"), row("202401")], 1, way),
        /^row 2, .*already given/,
      );
      // Another item in the same period is another row.
      const two = new PullChecks("StatisticSearch", ARGS.slice(0, 4));
      check(two, [row("202401"), row("202401", { ITEM_CODE1: "0102000" })], 1, way);
      // Items that come back after another: the same item.
      assert.equal(
        detail(
          two,
          [row("202402"), row("202402", { ITEM_CODE1: "0102000" }), row("202402")],
          3,
          way,
        ),
        'row 5, field "TIME", holds "202402", a period already given for the same items (0101000)',
      );
    });
  }
});

Deno.test("PullChecks keeps one record of the pull, whichever way each page was checked", () => {
  for (const [first, second] of [["rows", "columns"], ["columns", "rows"]] as const) {
    const checks = new PullChecks("StatisticSearch", ARGS);
    check(checks, [row("202401"), row("202402")], 1, first);
    assert.equal(
      detail(checks, [row("202403"), row("202402")], 3, second),
      'row 4, field "TIME", holds "202402", a period already given for the same items (0101000)',
    );
    check(checks, [row("202403"), row("202404")], 3, second); // the failed page marked nothing
  }
});

Deno.test("PullChecks: a page that fails leaves nothing seen, so that it can be asked again", async (t) => {
  for (const way of WAYS) {
    await t.step(way, () => {
      const checks = new PullChecks("StatisticSearch", ARGS);
      const good = [row("202401"), row("202402")];
      assert.match(detail(checks, [...good, row("202407")], 1, way), /row 3/);
      check(checks, good, 1, way); // not "already given"
      const next = [row("202403"), row("202404")];
      const undo = check(checks, next, 3, way);
      undo(); // another check of the page (the frame's) failed after these passed
      check(checks, next, 3, way);
      assert.match(detail(checks, next, 3, way), /already given/);
    });
  }
  // A bad number fails the page in rows (the scanner hands such a page to the reference path).
  const checks = new PullChecks("StatisticSearch", ARGS);
  const good = [row("202401"), row("202402")];
  assert.match(detail(checks, [...good, row("202403", { DATA_VALUE: "x" })]), /row 3/);
  checks.page(pageOfRows(good), 1, redactor);
});

Deno.test("PullChecks quotes values without the key, cut after the key is gone", async (t) => {
  for (const way of WAYS) {
    await t.step(way, () => {
      const checks = new PullChecks("StatisticSearch", ARGS);
      const rows = [row("202401", { STAT_CODE: `${"x".repeat(30)}${KEY}` })];
      const text = detail(checks, rows, 1, way);
      assert.ok(!text.includes(KEY.slice(0, 6)), text);
      assert.match(text, /x{30}\*\*\*/);
      const repeated = [row("202401", { ITEM_CODE2: KEY }), row("202401", { ITEM_CODE2: KEY })];
      const items = detail(new PullChecks("StatisticSearch", ARGS), repeated, 1, way);
      assert.ok(!items.includes(KEY.slice(0, 6)), items);
    });
  }
});

Deno.test("PullChecks checks a lookup's page, and passes a search whose range cannot be read", () => {
  const page = scanPage(
    new TextEncoder().encode(
      JSON.stringify({ StatisticSearch: { list_total_count: 1, row: [row("202401")] } }),
    ),
    FIELDS,
  )!;
  const items = new PullChecks("StatisticItemList", ["601Y002"]);
  assert.throws(() => items.page(page, 1, redactor), /field "STAT_CODE", holds "722Y001"/);
  new PullChecks("StatisticSearch", ["722Y001", "M", "x", "y"]).page(page, 1, redactor);
});

Deno.test("PullChecks checks the lookups' tables and numbers, and KeyStatisticList's values", () => {
  const items = new PullChecks("StatisticItemList", ["722Y001"]);
  items.page(pageOfRows([{ STAT_CODE: "722Y001", DATA_CNT: 240, WEIGHT: null }], L), 1, redactor);
  assert.equal(
    detail(items, [{ STAT_CODE: "601Y002" }], 1, "rows", L),
    'row 1, field "STAT_CODE", holds "601Y002", not the table asked (722Y001)',
  );
  assert.equal(
    detail(items, [{ STAT_CODE: "722Y001", DATA_CNT: "2.5" }], 1, "rows", L),
    'row 1, field "DATA_CNT", holds "2.5", not a plain whole number',
  );
  const keys = new PullChecks("KeyStatisticList", []);
  keys.page(
    pageOfRows([{ DATA_VALUE: "1,373.1".replace(",", "") }, { DATA_VALUE: null }], K),
    1,
    redactor,
  );
  assert.equal(
    detail(keys, [{ DATA_VALUE: "0x10" }], 5, "rows", K),
    'row 5, field "DATA_VALUE", holds "0x10", not a plain decimal number',
  );
  // The glossary has no numbers and no codes to compare.
  new PullChecks("StatisticWord", ["물가"])
    .page(pageOfRows([{ WORD: "물가", CONTENT: "0x10" }], "StatisticWord"), 1, redactor);
});
