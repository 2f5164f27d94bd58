import assert from "node:assert/strict";
import { parseCommandArgs } from "../../src/cli/command.ts";
import { DATA_COMMANDS } from "../../src/cli/commands.ts";
import { DATA_FLAGS } from "../../src/cli/data.ts";
import { UsageError } from "../../src/cli/errors.ts";
import { DEFAULT_ROWS } from "../../src/cli/flag_groups.ts";
import { parseFlags } from "../../src/cli/parse.ts";
import { findCommand } from "../../src/cli/registry.ts";
import { ecos, tempDir } from "./_cli.ts";

const keystats = DATA_COMMANDS.find((c) => c.name === "keystats")!;
const parse = (args: string[]) => parseFlags(DATA_FLAGS, args, "ecos test");

function thrown(f: () => unknown): unknown {
  try {
    f();
  } catch (e) {
    return e;
  }
  assert.fail("Expected an error");
}

Deno.test("parseFlags() reads every data flag", async () => {
  await using dir = await tempDir();
  const out = `${dir.path}/rows.csv`;
  const { help, positionals, values } = parse([
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
  assert.deepEqual(values, {
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

Deno.test("parseFlags() holds only the flags given: no cache choice, no file", () => {
  assert.deepEqual(parse([]), { help: false, positionals: [], values: {} });
});

Deno.test("a data command shows 200 rows unless --rows says otherwise", async () => {
  assert.equal(DEFAULT_ROWS, 200);
  assert.match(keystats.usage, /--rows N +rows the table shows \(default 200; 0 shows every row\)/);
  const run = await ecos(["series", "usd_krw", "20230101", "20241231"]);
  assert.equal(run.code, 0, run.stderr);
  assert.match(run.stderr, /\nShowing 200 of \d+ rows: --rows 0 shows them all/);
});

Deno.test("parseFlags() reads -h, --help, -o and --no-cache; the last cache flag wins", async () => {
  await using dir = await tempDir();
  assert.equal(parse(["-h"]).help, true);
  assert.equal(parse(["--help"]).help, true);
  assert.equal(parse(["-o", `${dir.path}/a.json`]).values.out, `${dir.path}/a.json`);
  assert.equal(parse(["--no-cache"]).values.cache, false);
  assert.equal(parse(["--cache", "--no-cache"]).values.cache, false);
  assert.equal(parse(["--no-cache", "--cache"]).values.cache, true);
});

Deno.test("parseFlags() accepts each output format by extension", async (t) => {
  await using dir = await tempDir();
  for (const name of ["a.csv", "a.CSV", "a.parquet", "a.json", "a.ndjson", "a.jsonl"]) {
    await t.step(name, () => {
      assert.equal(parse(["--out", `${dir.path}/${name}`]).values.out, `${dir.path}/${name}`);
    });
  }
});

Deno.test("parseCommandArgs() refuses unknown flags and malformed values, naming a near flag", async (t) => {
  await using dir = await tempDir();
  const cases: [string[], RegExp][] = [
    [["--colour"], /^Use an option that ecos keystats --help lists: got "--colour"$/],
    [["-x"], /^Use an option that ecos keystats --help lists: got "-x"$/],
    [["--no-excel"], /^Use an option that ecos keystats --help lists: got "--no-excel"$/],
    [["--no-rows"], /^Use an option that ecos keystats --help lists: got "--no-rows"$/],
    [
      ["--lnag", "en"],
      /^Use an option that ecos keystats --help lists: got "--lnag"; did you mean --lang\?$/,
    ],
    [
      ["--page_size", "5"],
      /^Use an option that ecos keystats --help lists: got "--page_size"; did you mean --page-size\?$/,
    ],
    [
      ["--refersh"],
      /^Use an option that ecos keystats --help lists: got "--refersh"; did you mean --refresh\?$/,
    ],
    [
      ["--no-cahce"],
      /^Use an option that ecos keystats --help lists: got "--no-cahce"; did you mean --no-cache\?$/,
    ],
    // A one-letter flag is near too many: no guess.
    [["-l", "en"], /^Use an option that ecos keystats --help lists: got "-l"$/],
    [["--out"], /^Give -o, --out a value: got none$/],
    [["--excel=yes"], /^Give --excel no value: it is a switch$/],
    [["--no-cache=yes"], /^Give --no-cache no value: it is a switch$/],
    [["--out", "--excel"], /^Write --out=VALUE for a value that starts with "-": got --out /],
    [["--format", "csv"], /^Use --format json or xml: got "csv"$/],
    [["--lang", "jp"], /^Use --lang kr or en: got "jp"$/],
    [["--format", "jsno"], /^Use --format json or xml: got "jsno"; did you mean json\?$/],
    [
      ["--as", "parquette"],
      /^Use --as csv, json, ndjson, parquet or xlsx: got "parquette"; did you mean parquet\?$/,
    ],
    [["--page-size", "0"], /^Give --page-size a whole number, 1 or more: got "0"$/],
    [["--page-size", "1.5"], /^Give --page-size a whole number, 1 or more: got "1.5"$/],
    [["--concurrency=-1"], /^Give --concurrency a whole number, 1 or more: got "-1"$/],
    [["--rows", "many"], /^Give --rows a whole number, 0 or more: got "many"$/],
    [["--out", `${dir.path}/no/such/dir/a.csv`], /^Create the directory of --out first/],
  ];
  for (const [args, message] of cases) {
    await t.step(args.join(" "), () => {
      const error = thrown(() => parseCommandArgs(keystats, args));
      assert.ok(error instanceof UsageError);
      assert.match(error.message, message);
      assert.equal(error.usage, keystats.usage);
    });
  }
});

Deno.test("--excel needs a .csv --out, refused before anything starts", async (t) => {
  await using dir = await tempDir();
  const cases: [string[], string][] = [
    [["--excel"], "ecos: Use --excel with --out FILE.csv: got no --out"],
    [
      ["--excel", "--out", `${dir.path}/a.json`],
      `ecos: Use --excel with --out FILE.csv (or --as csv): got ${
        JSON.stringify(`${dir.path}/a.json`)
      }`,
    ],
    [
      ["--excel", "--out", `${dir.path}/a.csv`, "--as", "parquet"],
      `ecos: Use --excel with --out FILE.csv (or --as csv): got ${
        JSON.stringify(`${dir.path}/a.csv`)
      } --as parquet`,
    ],
  ];
  for (const [args, line] of cases) {
    await t.step(args.join(" "), async () => {
      // No key: a started bundled server would print its notice first.
      const run = await ecos(["keystats", ...args]);
      assert.equal(run.code, 2);
      assert.equal(
        run.stderr,
        `${line}\nRun "ecos keystats --help" for its arguments and an example\n`,
      );
    });
  }
});

Deno.test("parseFlags() checks only the last of a flag given twice", () => {
  assert.equal(parse(["--rows", "many", "--rows", "5"]).values.rows, 5);
  assert.equal(parse(["--lang", "en", "--lang=kr"]).values.language, "kr");
});

Deno.test("parseFlags() with --help checks no value, but still refuses an unknown flag", () => {
  assert.deepEqual(parse(["--rows", "many", "--help"]), {
    help: true,
    positionals: [],
    values: {},
  });
  assert.throws(() => parse(["--help", "--colour"]), TypeError);
});

Deno.test("parseFlags() reads what follows -- as arguments", () => {
  assert.deepEqual(parse(["--", "--rows", "-1"]).positionals, ["--rows", "-1"]);
});

Deno.test("parseCommandArgs() takes the cache's action and only --help", () => {
  const cache = findCommand("cache")!;
  assert.deepEqual(parseCommandArgs(cache, ["clear"]), {
    help: false,
    positionals: ["clear"],
    values: {},
  });
  assert.equal(parseCommandArgs(cache, ["--help"]).help, true);
  assert.throws(() => parseCommandArgs(cache, ["--out", "x.csv"]), UsageError);
});

Deno.test("parseCommandArgs() counts the arguments against the command's arity", () => {
  const search = DATA_COMMANDS[0]!;
  assert.throws(() => parseCommandArgs(search, ["722Y001", "M"]), {
    name: "UsageError",
    message:
      "Give <start> <end> (ecos search <stat> <cycle> <start> <end> [items...]): got 2 arguments",
  });
  assert.throws(() => parseCommandArgs(keystats, ["extra"]), {
    name: "UsageError",
    message: 'Remove the extra argument: got "extra"',
  });
  // --help is answered whatever the arguments.
  assert.equal(parseCommandArgs(search, ["--help"]).help, true);
});
