import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import { EcosClient, pl } from "../../mod.ts";
import { startEcosServer } from "../../src/server/mod.ts";
import { ecos, envFor, KEY, tempDir } from "./_cli.ts";
import { readParquetMetadata } from "../../src/util/parquet_metadata.ts";

const QUERY = ["722Y001", "M", "202301", "202312", "0101000"];
const BOM = [0xef, 0xbb, 0xbf];

/** The frame the client itself returns for {@linkcode QUERY}. */
async function expected(url: string) {
  const client = new EcosClient({ apiKey: KEY, baseUrl: url });
  const [statCode, , start, end, item] = QUERY as [string, string, string, string, string];
  return await client.statisticSearch({ statCode, cycle: "M", start, end, items: [item] });
}

Deno.test("--out FILE.parquet writes every value and type the client returns", async () => {
  await using server = await startEcosServer({ keys: [KEY] });
  await using dir = await tempDir();
  const path = `${dir.path}/rate.parquet`;
  const run = await ecos(["search", ...QUERY, "--out", path], { env: envFor(server) });
  assert.equal(run.code, 0, run.stderr);
  assert.equal(run.stdout, "");
  assert.equal(run.stderr, `Wrote 12 rows to ${path}\n`);
  const back = pl.readParquet(path);
  assert.equal(back.getColumn("TIME").dtype.variant, "Date");
  assert.ok(back.frameEqual(await expected(server.url)));
});

Deno.test("--out FILE.csv writes ISO dates and reads back the same; --excel adds the BOM", async () => {
  await using server = await startEcosServer({ keys: [KEY] });
  await using dir = await tempDir();
  const want = await expected(server.url);
  for (const excel of [false, true]) {
    const path = `${dir.path}/rate_${excel ? "excel" : "plain"}.csv`;
    const run = await ecos(["search", ...QUERY, "--out", path, ...(excel ? ["--excel"] : [])], {
      env: envFor(server),
    });
    assert.equal(run.code, 0, run.stderr);
    const bytes = await Deno.readFile(path);
    assert.equal(BOM.every((b, i) => bytes[i] === b), excel);
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
    assert.equal(text.startsWith("\uFEFFSTAT_CODE,"), excel);
    const csv = pl.readCSV(excel ? text.slice(1) : text, { tryParseDates: true });
    assert.deepEqual(csv.columns, want.columns);
    assert.equal(csv.getColumn("TIME").cast(pl.Utf8).get(0), "2023-01-01");
    assert.deepEqual(
      csv.getColumn("TIME").cast(pl.Utf8).toArray(),
      want.getColumn("TIME").cast(pl.Utf8).toArray(),
    );
    assert.deepEqual(csv.getColumn("STAT_NAME").get(0), "한국은행 기준금리 및 여수신금리");
    assert.deepEqual(csv.getColumn("DATA_VALUE").toArray(), want.getColumn("DATA_VALUE").toArray());
    // The file by path, as a spreadsheet user would open it: polars skips the mark.
    assert.equal(pl.readCSV(path).height, 12);
  }
});

Deno.test("--out FILE.json and FILE.ndjson write ISO dates and every row", async () => {
  await using server = await startEcosServer({ keys: [KEY] });
  await using dir = await tempDir();
  const want = await expected(server.url);
  const json = `${dir.path}/rate.json`;
  const ndjson = `${dir.path}/rate.ndjson`;
  assert.equal((await ecos(["search", ...QUERY, "--out", json], { env: envFor(server) })).code, 0);
  assert.equal((await ecos(["search", ...QUERY, "-o", ndjson], { env: envFor(server) })).code, 0);
  const fromJson = pl.readJSON(json, { format: "json" });
  const fromLines = pl.readJSON(Buffer.from(await Deno.readFile(ndjson)), { format: "lines" });
  for (const back of [fromJson, fromLines]) {
    assert.equal(back.height, 12);
    assert.deepEqual(
      back.getColumn("TIME").toArray(),
      want.getColumn("TIME").cast(pl.Utf8).toArray(),
    );
    assert.deepEqual(
      back.getColumn("DATA_VALUE").toArray(),
      want.getColumn("DATA_VALUE").toArray(),
    );
  }
  assert.equal(JSON.parse(await Deno.readTextFile(json))[0].TIME, "2023-01-01");
});

Deno.test("--out with no rows writes a file without rows, says so, and exits 0", async (t) => {
  await using server = await startEcosServer({ keys: [KEY] });
  await using dir = await tempDir();
  const empty = ["search", "722Y001", "M", "203001", "203012", "0101000"];
  const columns = (await expected(server.url)).columns;
  for (const name of ["none.csv", "none.parquet", "none.json", "none.ndjson"]) {
    await t.step(name, async () => {
      const path = `${dir.path}/${name}`;
      const run = await ecos([...empty, "--out", path], { env: envFor(server) });
      assert.equal(run.code, 0);
      assert.equal(
        run.stderr,
        `No rows matched ecos search 722Y001 M 203001 203012 0101000; wrote ${path} without rows\n`,
      );
      const text = await Deno.readTextFile(path).catch(() => "");
      if (name.endsWith(".csv")) assert.equal(text, `${columns.join(",")}\n`);
      if (name.endsWith(".parquet")) assert.deepEqual(pl.readParquet(path).columns, columns);
      if (name.endsWith(".json")) assert.equal(text, "[]");
      if (name.endsWith(".ndjson")) assert.equal(text, "");
    });
  }
  const excel = `${dir.path}/none_excel.csv`;
  await ecos([...empty, "--out", excel, "--excel"], { env: envFor(server) });
  const bytes = await Deno.readFile(excel);
  assert.deepEqual([...bytes.subarray(0, 3)], BOM);
  assert.equal(new TextDecoder().decode(bytes), `${columns.join(",")}\n`);
});

Deno.test("--out writes every row, whatever --rows says", async () => {
  await using server = await startEcosServer({ keys: [KEY] });
  await using dir = await tempDir();
  const path = `${dir.path}/keystats.csv`;
  const run = await ecos(["keystats", "--rows", "3", "--out", path], { env: envFor(server) });
  assert.equal(run.code, 0, run.stderr);
  assert.equal(pl.readCSV(path).height, 101);
});

Deno.test("--out - writes every row to stdout: CSV unless --as says, nothing else there", async (t) => {
  await using server = await startEcosServer({ keys: [KEY] });
  const env = envFor(server);
  const want = await expected(server.url);
  await t.step("CSV", async () => {
    const run = await ecos(["search", ...QUERY, "--out", "-"], { env });
    assert.equal(run.code, 0, run.stderr);
    assert.equal(run.stderr, "");
    assert.match(run.stdout, /^STAT_CODE,STAT_NAME,/);
    const csv = pl.readCSV(run.stdout);
    assert.equal(csv.height, 12);
    assert.deepEqual(csv.getColumn("DATA_VALUE").toArray(), want.getColumn("DATA_VALUE").toArray());
  });
  await t.step("--excel: CSV with the byte-order mark", async () => {
    const run = await ecos(["search", ...QUERY, "--out", "-", "--excel"], { env });
    assert.ok(run.stdout.startsWith("\uFEFFSTAT_CODE,"), JSON.stringify(run.stdout.slice(0, 9)));
  });
  await t.step("JSON and NDJSON", async () => {
    const json = await ecos(["search", ...QUERY, "-o", "-", "--as", "json"], { env });
    assert.equal(JSON.parse(json.stdout).length, 12);
    assert.equal(JSON.parse(json.stdout)[0].TIME, "2023-01-01");
    const lines = await ecos(["search", ...QUERY, "-o", "-", "--as", "ndjson"], { env });
    const rows = lines.stdout.trimEnd().split("\n").map((l) => JSON.parse(l));
    assert.equal(rows.length, 12);
    assert.equal(rows[11].TIME, "2023-12-01");
  });
  await t.step("Parquet, as bytes, to a stdout that is no terminal", async () => {
    const chunks: Uint8Array[] = [];
    const run = await ecos(["search", ...QUERY, "--out", "-", "--as", "parquet"], {
      env,
      stdoutBytes: (b) => chunks.push(b),
    });
    assert.equal(run.code, 0, run.stderr);
    assert.equal(run.stdout, "");
    const back = pl.readParquet(Buffer.concat(chunks));
    assert.ok(back.frameEqual(want));
  });
  await t.step("Parquet is refused onto a terminal, before anything is sent", async () => {
    server.stats.reset();
    const run = await ecos(["search", ...QUERY, "--out", "-", "--as", "parquet"], {
      env,
      stdoutIsTTY: true,
    });
    assert.equal(run.code, 2);
    assert.equal(
      run.stderr,
      "ecos: Send Parquet to a file or a pipe, not to the terminal: --out rows.parquet, or " +
        '--out - --as parquet > rows.parquet\nRun "ecos search --help" for its arguments and ' +
        "an example\n",
    );
    assert.equal(server.stats.total, 0);
  });
  await t.step("--as names the format of a file whatever its name", async () => {
    await using dir = await tempDir();
    const path = `${dir.path}/rows.txt`;
    const run = await ecos(["search", ...QUERY, "--out", path, "--as", "ndjson"], { env });
    assert.equal(run.code, 0, run.stderr);
    assert.equal((await Deno.readTextFile(path)).trimEnd().split("\n").length, 12);
  });
});

Deno.test("--out - with the bundled server: the notice on stderr, only rows on stdout", async () => {
  const run = await ecos(["series", "cpi", "202401", "202403", "--out", "-"], { env: {} });
  assert.equal(run.code, 0, run.stderr);
  assert.match(run.stderr, /^ECOS_API_KEY is not set: using the bundled server/);
  assert.equal(pl.readCSV(run.stdout).height, 3);
});

Deno.test("--out - --excel keeps the byte-order mark on stdout", async () => {
  await using server = await startEcosServer({ keys: [KEY] });
  const chunks: Uint8Array[] = [];
  const run = await ecos(["search", ...QUERY, "--out", "-", "--excel"], {
    env: envFor(server),
    stdoutBytes: (b) => chunks.push(b),
  });
  assert.equal(run.code, 0, run.stderr);
  const bytes = new Uint8Array(chunks.flatMap((c) => [...c]));
  assert.deepEqual([...bytes.subarray(0, 3)], BOM);
  assert.match(new TextDecoder().decode(bytes), /^STAT_CODE,/);
});

Deno.test("--out FILE.xlsx writes the rows on one sheet, the source and units on another", async () => {
  await using server = await startEcosServer({ keys: [KEY] });
  await using dir = await tempDir();
  const want = await expected(server.url);
  const path = `${dir.path}/rate.xlsx`;
  const run = await ecos(["search", ...QUERY, "--out", path], { env: envFor(server) });
  assert.equal(run.code, 0, run.stderr);
  assert.equal(run.stderr, `Wrote 12 rows to ${path}\n`);
  const { default: ExcelJS } = await import("npm:exceljs@4.4.0");
  const book = new ExcelJS.Workbook();
  await book.xlsx.load((await Deno.readFile(path)).buffer);
  assert.deepEqual(book.worksheets.map((s) => s.name), ["data", "about"]);
  const data = book.getWorksheet("data")!;
  const header = (data.getRow(1).values as unknown[]).slice(1);
  assert.deepEqual(header, want.columns);
  assert.equal(data.rowCount, 13);
  const at = (name: string, row: number) =>
    data.getRow(row).getCell(want.columns.indexOf(name) + 1);
  assert.ok(at("TIME", 2).value instanceof Date);
  assert.equal((at("TIME", 2).value as Date).toISOString().slice(0, 10), "2023-01-01");
  assert.equal(at("TIME", 2).numFmt, "yyyy-mm-dd");
  assert.deepEqual(
    Array.from({ length: 12 }, (_, i) => at("DATA_VALUE", i + 2).value),
    want.getColumn("DATA_VALUE").toArray(),
  );
  assert.equal(at("STAT_NAME", 2).value, "한국은행 기준금리 및 여수신금리");
  const about = book.getWorksheet("about")!;
  const rows = about.getSheetValues().slice(1).map((r) => (r as unknown[] | undefined)?.slice(1));
  assert.deepEqual(rows[0], [
    "Source",
    "Generated sample data from the bundled ECOS server, not official statistics",
  ]);
  assert.deepEqual(rows[1], ["Base URL", server.url]);
  assert.deepEqual(rows[4], [
    "Column",
    "Series",
    "Name",
    "Unit",
    "In words",
    "Kind",
    "Scale",
    "Base unit",
  ]);
  assert.deepEqual(rows[5]?.slice(0, 2), ["DATA_VALUE", "722Y001/0101000"]);
  assert.deepEqual(rows[5]?.slice(3), ["연%", "% per year", "percent", 1, "% p.a."]);
  // The key is in no cell of either sheet (the file itself is compressed).
  const cells = book.worksheets.flatMap((sheet) =>
    sheet.getSheetValues().flatMap((r) => (r as unknown[] | undefined) ?? []).map(String)
  );
  assert.ok(cells.some((c) => c.includes(server.url)), "the cells are read");
  assert.ok(!cells.some((c) => c.includes(KEY)));
});

Deno.test("--out FILE.parquet carries the source and units in its key-value metadata", async () => {
  await using server = await startEcosServer({ keys: [KEY] });
  await using dir = await tempDir();
  const path = `${dir.path}/rate.parquet`;
  const run = await ecos(["search", ...QUERY, "--out", path], { env: envFor(server) });
  assert.equal(run.code, 0, run.stderr);
  const meta = readParquetMetadata(await Deno.readFile(path));
  assert.equal(
    meta["ecos.source"],
    "Generated sample data from the bundled ECOS server, not official statistics",
  );
  assert.equal(meta["ecos.base_url"], server.url);
  assert.match(meta["ecos.retrieved_at"] ?? "", /^\d{4}-\d\d-\d\dT/);
  const units = JSON.parse(meta["ecos.units"]!);
  assert.deepEqual(units, [{
    column: "DATA_VALUE",
    series: "722Y001/0101000",
    name: "한국은행 기준금리",
    unit: "연%",
    label: "% per year",
    kind: "percent",
    scale: 1,
    baseUnit: "% p.a.",
  }]);
  // Polars' own schema entry is kept, and another engine reads the metadata too.
  assert.ok("ARROW:schema" in meta);
  const { DuckDBInstance } = await import("npm:@duckdb/node-api@1.5.6-r.1");
  const instance = await DuckDBInstance.create(":memory:");
  const connection = await instance.connect();
  try {
    const read = await connection.runAndReadAll(
      `SELECT decode(key) AS k, decode(value) AS v FROM parquet_kv_metadata('${path}')`,
    );
    const pairs = Object.fromEntries(
      (read.getRowObjectsJS() as { k: string; v: string }[]).map((r) => [r.k, r.v]),
    );
    assert.equal(pairs["ecos.units"], meta["ecos.units"]);
    const rows = await connection.runAndReadAll(`SELECT count(*) AS n FROM '${path}'`);
    assert.equal(Number((rows.getRowObjectsJS()[0] as { n: unknown }).n), 12);
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
});
