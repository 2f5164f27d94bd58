import assert from "node:assert/strict";
import { type DataFrame, pl } from "../../src/deps.ts";
import { toWide } from "../../src/analysis/mod.ts";
import {
  _frameFactories,
  displayFrame,
  frameToHtml,
  installFrameDisplay,
  JUPYTER_DISPLAY,
  type MimeBundle,
} from "../../src/jupyter/display.ts";
import { childEnv } from "../testdata/child_env.ts";

type Shown = { [JUPYTER_DISPLAY](): MimeBundle };
const bundleOf = (df: DataFrame) => (df as unknown as Shown)[JUPYTER_DISPLAY]();

/** The text of every cell of an HTML table, row by row (header rows first). */
function cells(html: string): string[][] {
  return [...html.matchAll(/<tr>(.*?)<\/tr>/g)].map((row) =>
    [...(row[1] ?? "").matchAll(/<t[dh](?: [^>]*)?>(.*?)<\/t[dh]>/g)].map((cell) => cell[1] ?? "")
  );
}

function sample(): DataFrame {
  return pl.DataFrame({
    TIME: [new Date("2019-04-14"), null],
    STAMP: [new Date("2019-04-14T09:30:00Z"), new Date("2019-04-14T09:30:00.250Z")],
    "<b>NAME</b>": ["A & B", "<script>x</script>"],
    VALUE: [0.1 + 0.2, null],
    COUNT: [3, 4],
  }).withColumns(pl.col("TIME").cast(pl.Date), pl.col("COUNT").cast(pl.Int64));
}

const DATARESOURCE = "application/vnd.dataresource+json";

/**
 * Imports `module` in a fresh `deno run` (outside Jupyter), then tells the media types of a new
 * frame's Jupyter display and whether its HTML shows a Date cell as an ISO date.
 */
async function displayAfterImporting(
  module: string,
): Promise<{ types: string[]; isoDate: boolean }> {
  const href = (path: string) => JSON.stringify(new URL(path, import.meta.url).href);
  const code = `
    import * as imported from ${href(module)};
    import { pl } from ${href("../../src/deps.ts")};
    void imported;
    const df = pl.DataFrame({ TIME: [new Date("2019-04-14")] })
      .withColumns(pl.col("TIME").cast(pl.Date));
    const bundle = await df[Symbol.for("Jupyter.display")]();
    console.log(JSON.stringify({
      types: Object.keys(bundle).sort(),
      isoDate: /<td[^>]*>2019-04-14<\\/td>/.test(String(bundle["text/html"])),
    }));
  `;
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "-"],
    cwd: new URL("../..", import.meta.url),
    env: childEnv(),
    clearEnv: true,
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const writer = child.stdin.getWriter();
  await writer.write(new TextEncoder().encode(code));
  await writer.close();
  const out = await child.output();
  const stderr = new TextDecoder().decode(out.stderr);
  assert.equal(out.code, 0, stderr);
  return JSON.parse(new TextDecoder().decode(out.stdout));
}

Deno.test("importing src/jupyter/display.ts outside Jupyter leaves frames with nodejs-polars' display", async () => {
  const shown = await displayAfterImporting("../../src/jupyter/display.ts");
  assert.ok(shown.types.includes(DATARESOURCE), shown.types.join());
  assert.equal(shown.isoDate, false);
});

Deno.test("importing mod.ts outside Jupyter leaves frames with nodejs-polars' display", async () => {
  const shown = await displayAfterImporting("../../mod.ts");
  assert.ok(shown.types.includes(DATARESOURCE), shown.types.join());
  assert.equal(shown.isoDate, false);
});

Deno.test("importing src/jupyter/mod.ts gives new frames the readable display", async () => {
  const shown = await displayAfterImporting("../../src/jupyter/mod.ts");
  assert.deepEqual(shown.types, ["text/html", "text/plain"]);
  assert.equal(shown.isoDate, true, "a Date cell shows as an ISO date");
});

Deno.test("frameToHtml() shows dates as ISO dates, datetimes as ISO 8601 and escapes text", () => {
  const html = frameToHtml(sample());
  assert.ok(html.startsWith("<div><small>shape: (2, 5)</small><table"));
  assert.deepEqual(cells(html), [
    ["TIME", "STAMP", "&lt;b&gt;NAME&lt;/b&gt;", "VALUE", "COUNT"],
    ["date", "datetime[ms]", "str", "f64", "i64"],
    ["2019-04-14", "2019-04-14T09:30:00", "A &amp; B", "0.3", "3"],
    ["null", "2019-04-14T09:30:00.250", "&lt;script&gt;x&lt;/script&gt;", "null", "4"],
  ]);
  assert.ok(!html.includes("GMT"));
  assert.ok(!html.includes("<script>"));
});

Deno.test("frameToHtml() shows the head and tail of a long, wide frame", async (t) => {
  const columns = Object.fromEntries(
    Array.from({ length: 5 }, (_, c) => [`c${c}`, Array.from({ length: 25 }, (_, r) => r)]),
  );
  const df = pl.DataFrame(columns);
  await t.step("rows", () => {
    const rows = cells(frameToHtml(df, { rows: 5 }));
    assert.equal(rows[0]?.length, 5);
    assert.deepEqual(rows.slice(2).map((r) => r[0]), ["0", "1", "2", "…", "23", "24"]);
  });
  await t.step("columns", () => {
    const rows = cells(frameToHtml(df, { rows: 30, columns: 3 }));
    assert.deepEqual(rows[0], ["c0", "c1", "…", "c4"]);
    assert.deepEqual(rows[1], ["f64", "f64", "", "f64"]);
    assert.equal(rows.length, 2 + 25);
  });
  await t.step("the default is 10 rows and 12 columns", () => {
    const rows = cells(frameToHtml(df));
    assert.equal(rows.length, 2 + 11);
    assert.deepEqual(rows.slice(2).map((r) => r[0]), [
      "0",
      "1",
      "2",
      "3",
      "4",
      "…",
      "20",
      "21",
      "22",
      "23",
      "24",
    ]);
  });
  await t.step("a frame that fits shows whole", () => {
    assert.equal(cells(frameToHtml(df.head(10))).length, 2 + 10);
  });
  await t.step("an empty frame shows its header", () => {
    const html = frameToHtml(df.head(0));
    assert.ok(html.includes("shape: (0, 5)"));
    assert.equal(cells(html).length, 2);
  });
});

Deno.test("displayFrame() shows HTML and text and no dataresource", async () => {
  const bundle = await displayFrame(sample(), { rows: 1 })[JUPYTER_DISPLAY]();
  assert.deepEqual(Object.keys(bundle).sort(), ["text/html", "text/plain"]);
  assert.equal(cells(String(bundle["text/html"])).length, 2 + 2, "one row and the ellipsis row");
  assert.equal(bundle["text/plain"], sample().toString());
  assert.match(bundle["text/plain"], /2019-04-14/);
});

Deno.test("displayFrame() rejects a limit below one", () => {
  assert.throws(() => displayFrame(sample(), { rows: 0 }), {
    name: "EcosError",
    code: "INVALID_ARGUMENT",
    message: "Cannot show rows: pass a whole number of at least 1, got 0",
  });
  assert.throws(() => frameToHtml(sample(), { columns: 1.5 }), { code: "INVALID_ARGUMENT" });
});

Deno.test("installFrameDisplay() gives new and derived frames the readable display", async (t) => {
  assert.equal(installFrameDisplay(), true);
  const base = sample();
  const derived: Record<string, DataFrame> = {
    constructed: base,
    filter: base.filter(pl.col("COUNT").gt(3)),
    withColumns: base.withColumns(pl.lit(1).alias("ONE")),
    select: base.select("TIME", "VALUE"),
    head: base.head(1),
    concat: pl.concat([base, base]),
    join: base.join(base.select("COUNT", "VALUE"), { on: "COUNT" }),
    groupBy: base.groupBy("COUNT").agg(pl.col("TIME").first()),
    pivot: base.pivot("VALUE", { index: "TIME", on: "COUNT" }),
    lazy: base.lazy().filter(pl.col("COUNT").lt(4)).collectSync(),
    toFrame: base.getColumn("TIME").toFrame(),
    readCSV: pl.readCSV("a,b\n1,2\n"),
  };
  for (const [name, df] of Object.entries(derived)) {
    await t.step(name, () => {
      const bundle = bundleOf(df);
      assert.deepEqual(Object.keys(bundle).sort(), ["text/html", "text/plain"]);
      assert.equal(bundle["text/html"], frameToHtml(df));
      assert.ok(!String(bundle["text/html"]).includes("GMT"));
    });
  }
  await t.step("collect()", async () => {
    const df = await base.lazy().collect();
    assert.equal(bundleOf(df)["text/html"], frameToHtml(df));
  });
});

Deno.test("installFrameDisplay() replaces the display without stacking wrappers", () => {
  assert.equal(installFrameDisplay({ rows: 1 }), true);
  const first = _frameFactories();
  assert.equal(installFrameDisplay(), true);
  const second = _frameFactories();
  assert.ok(first && second);
  assert.equal(second.original, first.original, "the package's own factory is kept");
  assert.notEqual(second.current, second.original);
  const long = pl.DataFrame({ n: Array.from({ length: 30 }, (_, i) => i) });
  assert.equal(cells(String(bundleOf(long)["text/html"])).length, 2 + 11, "the latest options");
  assert.throws(() => installFrameDisplay({ rows: -1 }), { code: "INVALID_ARGUMENT" });
  assert.equal(_frameFactories()?.current, second.current, "a bad call changes nothing");
});

Deno.test("frameToHtml() gives the numbers of a column one precision, and separators when large", () => {
  const df = pl.DataFrame({
    RATE: [3.5, 3.25, 3],
    KRW: [1373.1, 12_345.678, 999],
    YEAR: [2023, 2024, 2025],
    CNT: [1, 25_000, 3],
  }).withColumns(pl.col("YEAR").cast(pl.Int32), pl.col("CNT").cast(pl.Int64));
  const rows = cells(frameToHtml(df)).slice(2);
  assert.deepEqual(rows.map((r) => r[0]), ["3.50", "3.25", "3.00"]);
  assert.deepEqual(rows.map((r) => r[1]), ["1,373.100", "12,345.678", "999.000"]);
  assert.deepEqual(rows.map((r) => r[2]), ["2023", "2024", "2025"], "years are not grouped");
  assert.deepEqual(rows.map((r) => r[3]), ["1", "25,000", "3"]);
});

Deno.test("frameToHtml() leaves columns of nulls out of the table, naming them", () => {
  const df = pl.DataFrame({
    A: [1, 2],
    ITEM_CODE2: [null, null],
    ITEM_NAME2: [null, null],
  }).withColumns(pl.col("ITEM_CODE2").cast(pl.Utf8), pl.col("ITEM_NAME2").cast(pl.Utf8));
  const html = frameToHtml(df);
  assert.deepEqual(cells(html)[0], ["A"]);
  assert.match(html, /shape: \(2, 3\) · 2 columns of nulls not shown: ITEM_CODE2, ITEM_NAME2/);
  assert.equal(df.width, 3, "the frame keeps them");
});

Deno.test("frameToHtml() never wraps a date", () => {
  const df = pl.DataFrame({ TIME: [new Date("2024-01-01")] }).withColumns(
    pl.col("TIME").cast(pl.Date),
  );
  assert.match(frameToHtml(df), /<td style="text-align:left;white-space:nowrap">2024-01-01<\/td>/);
});

/** A frame of dates (and PERIOD labels, when given) with a value each. */
function dated(dates: string[], periods?: string[]) {
  return pl.DataFrame({
    TIME: dates.map((d) => new Date(d)),
    ...(periods ? { PERIOD: periods } : {}),
    DATA_VALUE: dates.map((_, i) => i),
  }).withColumns(pl.col("TIME").cast(pl.Date));
}
/** The text of the first column's cells. */
const firstColumn = (html: string) => cells(html).slice(2).map((r) => r[0]);

Deno.test("frameToHtml() writes dates by the frame's cycle", async (t) => {
  const cases: [string, ReturnType<typeof dated>, string[]][] = [
    ["monthly labels", dated(["2015-01-01", "2015-02-01"], ["201501", "201502"]), [
      "2015-01",
      "2015-02",
    ]],
    ["quarterly labels", dated(["2015-01-01", "2015-04-01"], ["2015Q1", "2015Q2"]), [
      "2015-Q1",
      "2015-Q2",
    ]],
    ["annual labels", dated(["2015-01-01", "2016-01-01"], ["2015", "2016"]), ["2015", "2016"]],
    ["half-yearly labels", dated(["2015-01-01", "2015-07-01"], ["2015S1", "2015S2"]), [
      "2015-S1",
      "2015-S2",
    ]],
    ["half-monthly labels", dated(["2015-01-01", "2015-01-16"], ["201501S1", "201501S2"]), [
      "2015-01-S1",
      "2015-01-S2",
    ]],
    ["daily labels", dated(["2015-01-02", "2015-01-05"], ["20150102", "20150105"]), [
      "2015-01-02",
      "2015-01-05",
    ]],
    ["months, by their spacing", dated(["2015-01-01", "2015-02-01", "2015-03-01"]), [
      "2015-01",
      "2015-02",
      "2015-03",
    ]],
    ["quarters, by their spacing", dated(["2015-01-01", "2015-04-01", "2015-07-01"]), [
      "2015-Q1",
      "2015-Q2",
      "2015-Q3",
    ]],
    ["years, by their spacing", dated(["2015-01-01", "2016-01-01", "2017-01-01"]), [
      "2015",
      "2016",
      "2017",
    ]],
    [
      "first days of months at odd gaps are months",
      dated([
        "2015-01-01",
        "2015-04-01",
        "2016-01-01",
      ]),
      ["2015-01", "2015-04", "2016-01"],
    ],
    ["two first days of months are months", dated(["2015-01-01", "2016-01-01"]), [
      "2015-01",
      "2016-01",
    ]],
    ["a single date keeps its day", dated(["2015-01-01"]), ["2015-01-01"]],
    ["days, by their spacing", dated(["2015-01-01", "2015-01-02", "2015-02-01"]), [
      "2015-01-01",
      "2015-01-02",
      "2015-02-01",
    ]],
  ];
  for (const [name, df, expected] of cases) {
    await t.step(name, () => assert.deepEqual(firstColumn(frameToHtml(df)), expected));
  }
  await t.step("another date column of first days reads as months", () => {
    const df = dated(["2015-01-01", "2015-02-01", "2015-06-01"]).rename({ TIME: "FIRST_MOVE" });
    assert.deepEqual(firstColumn(frameToHtml(df)), ["2015-01", "2015-02", "2015-06"]);
  });
});

Deno.test("frameToHtml() puts text to the left and numbers to the right", () => {
  const html = frameToHtml(pl.DataFrame({ NAME: ["a", "b"], VALUE: [1.5, 2] }));
  assert.match(html, /<th style="text-align:left">NAME<\/th><th style="text-align:right">VALUE/);
  assert.match(html, /<td style="text-align:left">a<\/td><td style="text-align:right">1.5<\/td>/);
});

Deno.test("frameToHtml() says once, above the table, the text every row holds", async (t) => {
  const name = "1.3.1.1. Market interest rates (daily, annual average)";
  const df = pl.DataFrame({
    STAT_NAME: [name, name, name],
    UNIT_NAME: ["% p.a.", "% p.a.", "% p.a."],
    ITEM_NAME1: ["Call rate", "CD (91 days)", "Call rate"],
    DATA_VALUE: [3.5, 3.6, 3.4],
  });
  await t.step("out of the table, into the line above it", () => {
    const html = frameToHtml(df);
    assert.deepEqual(cells(html)[0], ["ITEM_NAME1", "DATA_VALUE"]);
    assert.ok(
      html.includes(
        `<div><small><b>STAT_NAME</b> ${name} · <b>UNIT_NAME</b> % p.a.</small></div><table`,
      ),
      html,
    );
  });
  await t.step("a single row keeps its columns", () => {
    assert.deepEqual(cells(frameToHtml(df.head(1)))[0], [
      "STAT_NAME",
      "UNIT_NAME",
      "ITEM_NAME1",
      "DATA_VALUE",
    ]);
  });
  await t.step("a frame of nothing but such text keeps it", () => {
    assert.deepEqual(cells(frameToHtml(df.select("STAT_NAME")))[0], ["STAT_NAME"]);
  });
  await t.step("the text form keeps every column", async () => {
    assert.match((await displayFrame(df)[JUPYTER_DISPLAY]())["text/plain"], /STAT_NAME/);
  });
});

Deno.test("frameToHtml() shows the units of a wide frame beside its columns", async (t) => {
  const rows = (item: string, code: string, unit: string) =>
    pl.DataFrame({
      STAT_CODE: ["X", "X"],
      ITEM_CODE1: [code, code],
      ITEM_NAME1: [item, item],
      ...Object.fromEntries(
        ["ITEM_CODE2", "ITEM_NAME2", "ITEM_CODE3", "ITEM_NAME3", "ITEM_CODE4", "ITEM_NAME4"]
          .map((c) => [c, pl.Series(c, [null, null], pl.String)]),
      ),
      UNIT_NAME: [unit, unit],
      TIME: pl.Series("TIME", [new Date("2024-01-01"), new Date("2024-02-01")]).cast(pl.Date),
      PERIOD: ["202401", "202402"],
      DATA_VALUE: [1, 2],
    });
  await t.step("each its own", () => {
    const wide = toWide(pl.concat([rows("Rate", "1", "%"), rows("Won", "2", "KRW")]));
    const [header, types] = cells(frameToHtml(wide));
    assert.deepEqual(header, ["TIME", "PERIOD", "Rate", "Won"]);
    assert.deepEqual(types, ["date", "str", "f64 · %", "f64 · KRW"]);
  });
  await t.step("one for all, said once", () => {
    const wide = toWide(pl.concat([rows("Rate", "1", "%"), rows("Other", "2", "%")]));
    const html = frameToHtml(wide);
    assert.deepEqual(cells(html)[1], ["date", "str", "f64", "f64"]);
    assert.match(html, /<b>unit<\/b> %<\/small>/);
  });
});
