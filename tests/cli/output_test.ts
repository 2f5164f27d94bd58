import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import { EcosClient, pl } from "../../mod.ts";
import { startEcosServer } from "../../src/server/mod.ts";
import { OutputError } from "../../src/cli/errors.ts";
import { outputKind, renderTable, writeFrame } from "../../src/cli/output.ts";
import { tempDir } from "./_cli.ts";
import { childEnv } from "../testdata/child_env.ts";

const BOM = [0xef, 0xbb, 0xbf];

/** The base rate for 2023, Korean names, a Date column and all-null columns: a real frame. */
async function baseRate() {
  await using server = await startEcosServer();
  const client = new EcosClient({ baseUrl: server.url, apiKey: "sample", env: {} });
  return await client.statisticSearch({
    statCode: "722Y001",
    cycle: "M",
    start: "202301",
    end: "202312",
    items: ["0101000"],
  });
}

/** The width a terminal gives a text: Hangul and other wide characters take two columns. */
function displayWidth(text: string): number {
  let width = 0;
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    const wide = (cp >= 0x1100 && cp <= 0x115f) || (cp >= 0x2e80 && cp <= 0xa4cf) ||
      (cp >= 0xac00 && cp <= 0xd7a3) || (cp >= 0xf900 && cp <= 0xfaff) ||
      (cp >= 0xff00 && cp <= 0xff60);
    width += wide ? 2 : 1;
  }
  return width;
}

/** The lines of the drawn table, without the caption. */
const tableLines = (text: string) => text.split("\n").filter((l) => /^[┌│╞├└]/.test(l));

Deno.test("renderTable() moves one-value columns to a caption and drops all-null columns", async () => {
  const df = await baseRate();
  const { text, shown, total } = renderTable(df);
  assert.equal(shown, 12);
  assert.equal(total, 12);
  assert.ok(
    text.startsWith(
      "STAT_CODE: 722Y001\nSTAT_NAME: 한국은행 기준금리 및 여수신금리\nITEM_CODE1: 0101000\n" +
        "ITEM_NAME1: 한국은행 기준금리\nUNIT_NAME: 연%\n┌",
    ),
    text,
  );
  const header = tableLines(text)[1]!;
  assert.match(header, /TIME\s+┆ PERIOD ┆ DATA_VALUE/);
  assert.doesNotMatch(text, /ITEM_CODE2|WGT|null|shape|---|f64/);
  assert.match(text, /│ 2023-12-01 ┆ 202312 ┆ /);
  assert.ok(text.endsWith("┘\n"));
});

Deno.test("renderTable() shows every row up to the limit, and all with 0", () => {
  const df = pl.DataFrame({ N: Array.from({ length: 300 }, (_, i) => i) });
  const limited = renderTable(df, { rows: 25 });
  assert.equal(limited.shown, 25);
  assert.equal(limited.total, 300);
  const rows = tableLines(limited.text).filter((l) => l.startsWith("│ ") && !l.includes("N "));
  assert.equal(rows.length, 25);
  assert.doesNotMatch(limited.text, /…/);
  assert.equal(renderTable(df).shown, 200);
  const all = renderTable(df, { rows: 0 });
  assert.equal(all.shown, 300);
  assert.match(all.text, /│ 299\.0 │/);
});

Deno.test("renderTable() aligns Korean text by display width", () => {
  const df = pl.DataFrame({
    NAME: ["한국은행 기준금리", "CD수익률(91일)", "M2(광의통화, 평잔)"],
    VALUE: [3.5, 3.61, 5554976.1],
  });
  const lines = tableLines(renderTable(df).text);
  assert.equal(lines.length, 7);
  const widths = new Set(lines.map(displayWidth));
  assert.equal(widths.size, 1, lines.join("\n"));
});

Deno.test("renderTable() writes floats in full, not in scientific notation", () => {
  const df = pl.DataFrame({ KEY: ["a", "b"], VALUE: [7960649.0, 1234567890123.25] });
  const { text } = renderTable(df);
  assert.match(text, /7960649\.0/);
  assert.match(text, /1234567890123\.25/);
  assert.doesNotMatch(text, /e6|e12/);
});

Deno.test("renderTable() wraps long text to the width it is given", () => {
  const content =
    "가구가 소비하는 상품과 서비스의 가격 변동을 기준연도 대비 지수로 나타낸 지표이다. "
      .repeat(3);
  const df = pl.DataFrame({ WORD: ["소비자물가지수"], CONTENT: [content] });
  const wrapped = renderTable(df, { width: 60 });
  for (const line of wrapped.text.trimEnd().split("\n")) {
    assert.ok(displayWidth(line) <= 60, `${displayWidth(line)}: ${line}`);
  }
  const unwrapped = renderTable(df);
  assert.equal(tableLines(unwrapped.text).length, 5, "one line per row without a width");
  assert.ok(unwrapped.text.includes(content.trim()), "no text is cut");
});

Deno.test("renderTable() keeps a one-row frame whole", () => {
  const { text } = renderTable(pl.DataFrame({ A: ["x"], B: [1] }));
  assert.equal(text, "┌───┬─────┐\n│ A ┆ B   │\n╞═══╪═════╡\n│ x ┆ 1.0 │\n└───┴─────┘\n");
});

/** A frame with what a table holds: Korean text, dates, whole numbers, floats and nulls. */
function mixed() {
  return pl.DataFrame({
    STAT_CODE: ["722Y001", "722Y001", "722Y001"],
    ITEM_NAME1: ["한국은행 기준금리", "CD수익률(91일)", "M2(광의통화, 평잔)"],
    WGT: [null, null, null],
    TIME: [new Date("2024-01-01"), new Date("2024-02-01"), new Date("2024-03-01")],
    DATA_CNT: [12, 345, 6789],
    DATA_VALUE: [3.5, null, 5554976.1],
  }).withColumns(pl.col("TIME").cast(pl.Date), pl.col("DATA_CNT").cast(pl.Int64));
}

// The tables below are what Polars' own printer drew for these frames (nodejs-polars 0.25.2,
// before the command line stopped writing POLARS_FMT_* to draw): the same text, character for
// character.
Deno.test("renderTable() draws a table as Polars' printer does", () => {
  assert.equal(
    renderTable(mixed()).text,
    [
      "STAT_CODE: 722Y001",
      "┌────────────────────┬────────────┬──────────┬────────────┐",
      "│ ITEM_NAME1         ┆ TIME       ┆ DATA_CNT ┆ DATA_VALUE │",
      "╞════════════════════╪════════════╪══════════╪════════════╡",
      "│ 한국은행 기준금리  ┆ 2024-01-01 ┆ 12       ┆ 3.5        │",
      "│ CD수익률(91일)     ┆ 2024-02-01 ┆ 345      ┆ null       │",
      "│ M2(광의통화, 평잔) ┆ 2024-03-01 ┆ 6789     ┆ 5554976.1  │",
      "└────────────────────┴────────────┴──────────┴────────────┘",
      "",
    ].join("\n"),
  );
});

Deno.test("renderTable() wraps text within a width as Polars' printer does", () => {
  const content =
    "가구가 소비하는 상품과 서비스의 가격 변동을 기준연도 대비 지수로 나타낸 지표이다.";
  const df = pl.DataFrame({
    WORD: ["소비자물가지수", "CPI"],
    CONTENT: [content, "consumer price index, all items"],
  });
  assert.equal(
    renderTable(df, { width: 44 }).text,
    [
      "┌────────────────┬─────────────────────────┐",
      "│ WORD           ┆ CONTENT                 │",
      "╞════════════════╪═════════════════════════╡",
      "│ 소비자물가지수 ┆ 가구가 소비하는 상품과  │",
      "│                ┆ 서비스의 가격 변동을    │",
      "│                ┆ 기준연도 대비 지수로    │",
      "│                ┆ 나타낸 지표이다.        │",
      "│ CPI            ┆ consumer price index,   │",
      "│                ┆ all items               │",
      "└────────────────┴─────────────────────────┘",
      "",
    ].join("\n"),
  );
});

Deno.test("renderTable() neither reads nor writes the process's environment", async () => {
  // A child process whose environment holds every Polars table setting, set against us, and
  // whose Deno.env counts writes: its table must be ours, and nothing written.
  const output = new URL("../../src/cli/output.ts", import.meta.url).href;
  const deps = new URL("../../src/deps.ts", import.meta.url).href;
  const script = `
    import { renderTable } from ${JSON.stringify(output)};
    import { pl } from ${JSON.stringify(deps)};
    let writes = 0;
    const env = Deno.env;
    for (const name of ["set", "delete"]) {
      const real = env[name].bind(env);
      env[name] = (...args) => { writes++; return real(...args); };
    }
    // Sorted: toObject() gives the variables in no fixed order.
    const snapshot = () => JSON.stringify(Object.entries(env.toObject()).sort());
    const before = snapshot();
    const df = pl.DataFrame(${JSON.stringify({ N: Array.from({ length: 30 }, (_, i) => i) })});
    const { text } = renderTable(df, { rows: 25 });
    console.log(JSON.stringify({ text, writes, same: snapshot() === before }));
  `;
  const hostile = {
    POLARS_FMT_MAX_ROWS: "2",
    POLARS_FMT_MAX_COLS: "1",
    POLARS_FMT_STR_LEN: "3",
    POLARS_TABLE_WIDTH: "12",
    POLARS_FMT_TABLE_FORMATTING: "ASCII_FULL",
    POLARS_FMT_TABLE_HIDE_COLUMN_DATA_TYPES: "0",
    POLARS_FMT_TABLE_HIDE_DATAFRAME_SHAPE_INFORMATION: "0",
    POLARS_FMT_TABLE_CELL_ALIGNMENT: "RIGHT",
  };
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["eval", script],
    env: childEnv(hostile),
    clearEnv: true,
    stdout: "piped",
    stderr: "piped",
  }).output();
  assert.equal(out.code, 0, new TextDecoder().decode(out.stderr));
  const child = JSON.parse(new TextDecoder().decode(out.stdout));
  const df = pl.DataFrame({ N: Array.from({ length: 30 }, (_, i) => i) });
  assert.equal(child.text, renderTable(df, { rows: 25 }).text);
  assert.equal(child.writes, 0, "the environment was written");
  assert.equal(child.same, true, "the environment changed");
});

Deno.test("outputKind() reads the extension", () => {
  assert.equal(outputKind("a.csv"), "csv");
  assert.equal(outputKind("dir.v2/a.Parquet"), "parquet");
  assert.equal(outputKind("book.XLSX"), "xlsx");
  assert.equal(outputKind("a.json"), "json");
  assert.equal(outputKind("a.ndjson"), "ndjson");
  assert.equal(outputKind("a.jsonl"), "ndjson");
  assert.equal(outputKind("a.txt"), undefined);
  assert.equal(outputKind("csv"), undefined);
});

Deno.test("writeFrame() writes CSV with ISO dates that reads back the same, BOM only for --excel", async () => {
  await using dir = await tempDir();
  const df = await baseRate();
  for (const excel of [false, true]) {
    const path = `${dir.path}/rate_${excel}.csv`;
    await writeFrame(df, path, { excel });
    const bytes = await Deno.readFile(path);
    assert.equal(
      BOM.every((b, i) => bytes[i] === b),
      excel,
      `byte-order mark ${excel ? "missing" : "unexpected"}`,
    );
    const text = new TextDecoder().decode(excel ? bytes.subarray(3) : bytes);
    assert.match(text, /^STAT_CODE,STAT_NAME,/);
    assert.match(
      text,
      /\n722Y001,한국은행 기준금리 및 여수신금리,0101000,.*,2023-01-01,202301,3\.5\n/,
    );
    const back = pl.readCSV(text, { tryParseDates: true });
    assert.deepEqual(back.columns, df.columns);
    assert.equal(back.getColumn("TIME").dtype.variant, "Date");
    assert.deepEqual(
      back.getColumn("TIME").cast(pl.Utf8).toArray(),
      df.getColumn("TIME").cast(pl.Utf8).toArray(),
    );
    assert.deepEqual(back.getColumn("DATA_VALUE").toArray(), df.getColumn("DATA_VALUE").toArray());
    assert.deepEqual(back.getColumn("PERIOD").cast(pl.Utf8).toArray(), [
      ...df.getColumn("PERIOD").toArray(),
    ]);
  }
});

Deno.test("writeFrame() writes Parquet that keeps every value and type", async () => {
  await using dir = await tempDir();
  const df = await baseRate();
  await writeFrame(df, `${dir.path}/rate.parquet`);
  const back = pl.readParquet(`${dir.path}/rate.parquet`);
  assert.equal(back.getColumn("TIME").dtype.variant, "Date");
  assert.ok(back.frameEqual(df));
});

Deno.test("writeFrame() writes JSON and NDJSON with ISO dates", async () => {
  await using dir = await tempDir();
  const df = await baseRate();
  await writeFrame(df, `${dir.path}/rate.json`);
  await writeFrame(df, `${dir.path}/rate.ndjson`);
  await writeFrame(df, `${dir.path}/rate.jsonl`);
  const json = pl.readJSON(`${dir.path}/rate.json`, { format: "json" });
  assert.equal(json.height, 12);
  assert.deepEqual(json.getColumn("TIME").toArray().slice(0, 2), ["2023-01-01", "2023-02-01"]);
  assert.deepEqual(json.getColumn("DATA_VALUE").toArray(), df.getColumn("DATA_VALUE").toArray());
  const parsed = JSON.parse(await Deno.readTextFile(`${dir.path}/rate.json`));
  assert.equal(parsed[0].STAT_NAME, "한국은행 기준금리 및 여수신금리");
  for (const name of ["rate.ndjson", "rate.jsonl"]) {
    const bytes = await Deno.readFile(`${dir.path}/${name}`);
    // nodejs-polars reads JSON lines from a buffer (its path reader for lines is missing).
    const lines = pl.readJSON(Buffer.from(bytes), { format: "lines" });
    assert.equal(lines.height, 12);
    assert.equal(lines.getColumn("TIME").get(11), "2023-12-01");
    assert.equal(new TextDecoder().decode(bytes).trimEnd().split("\n").length, 12);
  }
});

Deno.test("writeFrame() writes an empty frame as a file without rows", async () => {
  await using dir = await tempDir();
  const empty = (await baseRate()).head(0);
  await writeFrame(empty, `${dir.path}/e.csv`, { excel: true });
  await writeFrame(empty, `${dir.path}/e.parquet`);
  await writeFrame(empty, `${dir.path}/e.json`);
  await writeFrame(empty, `${dir.path}/e.ndjson`);
  const csv = new TextDecoder().decode((await Deno.readFile(`${dir.path}/e.csv`)).subarray(3));
  assert.equal(csv, `${empty.columns.join(",")}\n`);
  const parquet = pl.readParquet(`${dir.path}/e.parquet`);
  assert.equal(parquet.height, 0);
  assert.deepEqual(parquet.columns, empty.columns);
  assert.equal(parquet.getColumn("TIME").dtype.variant, "Date");
  assert.equal(await Deno.readTextFile(`${dir.path}/e.json`), "[]");
  assert.equal(await Deno.readTextFile(`${dir.path}/e.ndjson`), "");
});

Deno.test("writeFrame() raises OutputError for a path it cannot write", async () => {
  await using dir = await tempDir();
  const df = pl.DataFrame({ A: [1] });
  await assert.rejects(
    writeFrame(df, `${dir.path}/missing/a.csv`),
    (e) => e instanceof OutputError && /^Could not write .*a\.csv; check the path/.test(e.message),
  );
  await assert.rejects(
    writeFrame(df, `${dir.path}/a.xls`),
    (e) => e instanceof OutputError && /^Name the output file .*\.xlsx: got/.test(e.message),
  );
});

Deno.test("an xlsx file refuses more rows than an Excel sheet holds, saying what to write instead", async () => {
  await using dir = await tempDir();
  const path = `${dir.path}/big.xlsx`;
  const big = pl.DataFrame({ A: pl.Series("A", new Float64Array(1_048_576)) });
  await assert.rejects(
    writeFrame(big, path),
    (e) =>
      e instanceof OutputError &&
      e.message === "Write 1,048,576 rows to .parquet or .csv: an Excel sheet holds at most " +
          "1,048,575 rows and its header",
  );
  await assert.rejects(Deno.stat(path), Deno.errors.NotFound);
});
