import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import { EcosClient, pl } from "../../mod.ts";
import { startEcosServer } from "../../src/server/mod.ts";
import { OutputError } from "../../src/cli/errors.ts";
import { outputKind, renderTable, writeFrame } from "../../src/cli/output.ts";
import { tempDir } from "./_cli.ts";

const BOM = [0xef, 0xbb, 0xbf];

/** The base rate for 2023, Korean names, a Date column and all-null columns: a real frame. */
async function baseRate() {
  await using server = await startEcosServer();
  const client = new EcosClient({ baseUrl: server.url, apiKey: "sample" });
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

Deno.test("renderTable() keeps a one-row frame whole and leaves Polars' settings as they were", () => {
  Deno.env.set("POLARS_FMT_MAX_ROWS", "7");
  Deno.env.delete("POLARS_FMT_MAX_COLS");
  try {
    const { text } = renderTable(pl.DataFrame({ A: ["x"], B: [1] }));
    assert.ok(text.startsWith("┌"), text);
    assert.equal(Deno.env.get("POLARS_FMT_MAX_ROWS"), "7");
    assert.equal(Deno.env.get("POLARS_FMT_MAX_COLS"), undefined);
  } finally {
    Deno.env.delete("POLARS_FMT_MAX_ROWS");
  }
});

Deno.test("outputKind() reads the extension", () => {
  assert.equal(outputKind("a.csv"), "csv");
  assert.equal(outputKind("dir.v2/a.Parquet"), "parquet");
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
    writeFrame(df, path, { excel });
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
  writeFrame(df, `${dir.path}/rate.parquet`);
  const back = pl.readParquet(`${dir.path}/rate.parquet`);
  assert.equal(back.getColumn("TIME").dtype.variant, "Date");
  assert.ok(back.frameEqual(df));
});

Deno.test("writeFrame() writes JSON and NDJSON with ISO dates", async () => {
  await using dir = await tempDir();
  const df = await baseRate();
  writeFrame(df, `${dir.path}/rate.json`);
  writeFrame(df, `${dir.path}/rate.ndjson`);
  writeFrame(df, `${dir.path}/rate.jsonl`);
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
  writeFrame(empty, `${dir.path}/e.csv`, { excel: true });
  writeFrame(empty, `${dir.path}/e.parquet`);
  writeFrame(empty, `${dir.path}/e.json`);
  writeFrame(empty, `${dir.path}/e.ndjson`);
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
  assert.throws(
    () => writeFrame(df, `${dir.path}/missing/a.csv`),
    (e) => e instanceof OutputError && /^Could not write .*a\.csv; check the path/.test(e.message),
  );
  assert.throws(
    () => writeFrame(df, `${dir.path}/a.xlsx`),
    (e) => e instanceof OutputError && /^Name the output file/.test(e.message),
  );
});
