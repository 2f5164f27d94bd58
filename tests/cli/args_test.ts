import assert from "node:assert/strict";
import { DEFAULT_ROWS, parseDataArgs, parseHelpArgs } from "../../src/cli/args.ts";
import { UsageError } from "../../src/cli/errors.ts";
import { tempDir } from "./_cli.ts";

const USAGE = "Usage: ecos test [options]";
const parse = (args: string[]) => parseDataArgs("test", args, USAGE);

function thrown(f: () => unknown): unknown {
  try {
    f();
  } catch (e) {
    return e;
  }
  assert.fail("Expected an error");
}

Deno.test("parseDataArgs() reads every flag", async () => {
  await using dir = await tempDir();
  const out = `${dir.path}/rows.csv`;
  const { help, positionals, options } = parse([
    "722Y001",
    "--out",
    out,
    "--excel",
    "--rows",
    "0",
    "--format",
    "xml",
    "--lang",
    "en",
    "--page-size",
    "100",
    "--concurrency",
    "2",
    "--cache",
    "M",
  ]);
  assert.equal(help, false);
  assert.deepEqual(positionals, ["722Y001", "M"]);
  assert.deepEqual(options, {
    out,
    excel: true,
    rows: 0,
    format: "xml",
    language: "en",
    pageSize: 100,
    concurrency: 2,
    cache: true,
  });
});

Deno.test("parseDataArgs() defaults: no cache choice, 200 rows, no file", () => {
  assert.deepEqual(parse([]), {
    help: false,
    positionals: [],
    options: { excel: false, rows: DEFAULT_ROWS },
  });
  assert.equal(DEFAULT_ROWS, 200);
});

Deno.test("parseDataArgs() reads -h, --help, -o and --no-cache; the last cache flag wins", async () => {
  await using dir = await tempDir();
  assert.equal(parse(["-h"]).help, true);
  assert.equal(parse(["--help"]).help, true);
  assert.equal(parse(["-o", `${dir.path}/a.json`]).options.out, `${dir.path}/a.json`);
  assert.equal(parse(["--no-cache"]).options.cache, false);
  assert.equal(parse(["--cache", "--no-cache"]).options.cache, false);
  assert.equal(parse(["--no-cache", "--cache"]).options.cache, true);
});

Deno.test("parseDataArgs() accepts each output format by extension", async (t) => {
  await using dir = await tempDir();
  for (const name of ["a.csv", "a.CSV", "a.parquet", "a.json", "a.ndjson", "a.jsonl"]) {
    await t.step(name, () => {
      assert.equal(parse(["--out", `${dir.path}/${name}`]).options.out, `${dir.path}/${name}`);
    });
  }
});

Deno.test("parseDataArgs() refuses unknown flags and malformed values with the usage", async (t) => {
  await using dir = await tempDir();
  const cases: [string[], RegExp][] = [
    [["--colour"], /^Use an option that ecos test --help lists: got "--colour"$/],
    [["-x"], /^Use an option that ecos test --help lists: got "-x"$/],
    [["--out"], /--out/],
    [["--excel=yes"], /--excel/],
    [["--format", "csv"], /^Use --format json or xml: got "csv"$/],
    [["--lang", "jp"], /^Use --lang kr or en: got "jp"$/],
    [["--page-size", "0"], /^Give --page-size a whole number, 1 or more: got "0"$/],
    [["--page-size", "1.5"], /^Give --page-size a whole number, 1 or more: got "1.5"$/],
    [["--concurrency", "-1"], /--concurrency/],
    [["--rows", "many"], /^Give --rows a whole number, 0 or more: got "many"$/],
    [
      ["--out", `${dir.path}/a.xlsx`],
      /^Name the --out file \.csv, \.parquet, \.json or \.ndjson: got /,
    ],
    [["--out", `${dir.path}/no/such/dir/a.csv`], /^Create the directory of --out first/],
    [["--excel"], /^Use --excel with --out FILE\.csv: got no --out$/],
    [["--excel", "--out", `${dir.path}/a.json`], /^Use --excel with --out FILE\.csv: got "/],
  ];
  for (const [args, message] of cases) {
    await t.step(args.join(" "), () => {
      const error = thrown(() => parse(args));
      assert.ok(error instanceof UsageError);
      assert.match(error.message, message);
      assert.equal(error.usage, USAGE);
    });
  }
});

Deno.test("parseHelpArgs() takes positionals and only --help", () => {
  assert.deepEqual(parseHelpArgs("cache", ["clear"], USAGE), {
    help: false,
    positionals: ["clear"],
  });
  assert.equal(parseHelpArgs("cache", ["--help"], USAGE).help, true);
  assert.throws(() => parseHelpArgs("cache", ["--out", "x.csv"], USAGE), UsageError);
});
