/**
 * The first hour of a new user, outside the repository: the README's quick starts, run from a
 * temporary folder with no deno.json, importing `mod.ts` as the README says works today (by a
 * file URL, and by an http URL served as raw file hosts serve it, `text/plain`), and the
 * command line installed with `deno install -g` and run from there, line by line as the README
 * writes it.
 *
 * Children get an environment of their own (`childEnv`): no ECOS_* of the user's, so every run
 * uses the bundled server; Deno's cache directory is this one's, so that npm packages come
 * from it and nothing goes beyond loopback.
 */

import assert from "node:assert/strict";
import { resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { installEcos, lockFlag, runChild } from "./testdata/child_env.ts";
import { serveRepo } from "./testdata/serve_repo.ts";

const REPO = resolve(fileURLToPath(new URL("..", import.meta.url)));
const README = await Deno.readTextFile(`${REPO}/README.md`);
const NOTICE =
  "ECOS_API_KEY is not set: using the bundled server, whose data is generated sample data";

/** The fenced blocks of one language in one section (`## title`) of the README. */
function blocks(title: string, language: string): string[] {
  const start = README.indexOf(`\n## ${title}\n`);
  assert.ok(start >= 0, `the README has a section "${title}"`);
  const end = README.indexOf("\n## ", start + 1);
  const section = README.slice(start, end === -1 ? undefined : end);
  return [...section.matchAll(new RegExp("```" + language + "\\n([\\s\\S]*?)```", "g"))].map(
    (m) => m[1]!,
  );
}

/** A quick start's code with the JSR name (which resolves only in the repository) replaced. */
function importingFrom(code: string, base: string): string {
  const out = code
    .replaceAll('"jsr:@ecos/ecos@0.1.0/jupyter"', JSON.stringify(`${base}src/jupyter/mod.ts`))
    .replaceAll('"jsr:@ecos/ecos@0.1.0"', JSON.stringify(`${base}mod.ts`));
  assert.doesNotMatch(out, /jsr:/, "every import replaced");
  return out;
}

/** Runs the module's quick starts as scripts in `dir`, importing from `base`. */
async function moduleQuickStarts(dir: string, base: string, name: string) {
  const code = blocks("Quick start: the module", "ts");
  assert.equal(code.length, 2, "the quick start and the notebook example");
  const results = [];
  for (const [i, block] of code.entries()) {
    const script = `${dir}/${name}_${i + 1}.ts`;
    await Deno.writeTextFile(script, importingFrom(block, base));
    // No deno.json here, and none read: a user's folder.
    // The lock stands for what a user's Deno would fetch from the registry (see lockFlag).
    const lock = await lockFlag(dir);
    const args = ["run", "-A", "--no-config", lock, script];
    results.push(await runChild(Deno.execPath(), args, { cwd: dir }));
  }
  return results;
}

Deno.test("the README's module quick start runs outside the repository, by file URL", async () => {
  const dir = await Deno.makeTempDir({ prefix: "ecos_first_hour_" });
  try {
    const base = pathToFileURL(`${REPO}/`).href;
    const [first, second] = await moduleQuickStarts(dir, base, "by_file");
    assert.equal(first!.code, 0, first!.stderr);
    assert.match(first!.stdout, /901Y009/, "the tables it finds");
    assert.match(first!.stdout, /CHANGE_YOY/, "the inflation it prints");
    // connect()'s notice goes to stderr: a script's stdout holds only what it prints.
    assert.equal(first!.stderr, `${NOTICE}\n`);
    assert.equal(second!.code, 0, second!.stderr);
    assert.match(second!.stdout, /In 202412 the rate stood at [\d.]+%\./);
    assert.equal(second!.stderr, "", "quiet: true");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("the README's module quick start runs outside the repository, by an http URL served as text/plain", async () => {
  const { server: host, base } = serveRepo("plain");
  const dir = await Deno.makeTempDir({ prefix: "ecos_first_hour_" });
  try {
    const [first, second] = await moduleQuickStarts(dir, base, "by_url");
    assert.equal(first!.code, 0, first!.stderr);
    assert.match(first!.stdout, /CHANGE_YOY/);
    assert.match(first!.stderr, new RegExp(`Download ${base.replaceAll(".", "\\.")}mod\\.ts\n`));
    assert.doesNotMatch(first!.stdout, /ECOS_API_KEY/);
    assert.equal(second!.code, 0, second!.stderr);
    assert.match(second!.stdout, /In 202412 the rate stood at [\d.]+%\./);
  } finally {
    await Deno.remove(dir, { recursive: true });
    await host.shutdown();
  }
});

/** What each command line of the README's CLI quick start must show, by the line itself. */
const CLI_EXPECTS: Readonly<
  Record<string, (out: { stdout: string; dir: string }) => void | Promise<void>>
> = {
  "ecos tables base rate": ({ stdout }) =>
    assert.match(stdout, /722Y001 +┆ Bank of Korea Base Rate/),
  "ecos items 901Y009 all items": ({ stdout }) => assert.match(stdout, /ITEM_NAME: All items\n/),
  "ecos search 722Y001 M 202301 202412 0101000": ({ stdout }) =>
    assert.match(stdout, /│ 2024-12-01 ┆ 202412 +┆ [\d.]+ +│/),
  "ecos series usd_krw 20240101 20241231 --out usd.parquet": async ({ dir }) => {
    const bytes = await Deno.readFile(`${dir}/usd.parquet`);
    assert.equal(new TextDecoder().decode(bytes.subarray(0, 4)), "PAR1");
  },
  "ecos search 901Y009 M 202001 202412 0 --out cpi.csv --excel": async ({ dir }) => {
    const bytes = await Deno.readFile(`${dir}/cpi.csv`);
    assert.deepEqual([...bytes.subarray(0, 3)], [0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes);
    assert.equal(text.trimEnd().split("\n").length, 61, "the header and 60 months");
  },
  "ecos series gdp_nominal 2015 2024 --out gdp.xlsx": async ({ dir }) => {
    const { default: ExcelJS } = await import("npm:exceljs@4.4.0");
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await Deno.readFile(`${dir}/gdp.xlsx`)).buffer);
    assert.deepEqual(book.worksheets.map((s) => s.name), ["data", "about"]);
    assert.equal(book.getWorksheet("data")!.rowCount, 11, "the header and ten years");
  },
  "ecos series cpi 202401 202412 --out - --as ndjson": ({ stdout }) => {
    const rows = stdout.trimEnd().split("\n").map((line) => JSON.parse(line));
    assert.equal(rows.length, 12);
    assert.equal(rows[0].TIME, "2024-01-01");
  },
  "ecos keystats --lang en": ({ stdout }) => assert.match(stdout, /KEYSTAT_NAME/),
};

Deno.test("the README's command-line quick start runs with the installed ecos, outside the repository", async () => {
  const dir = await Deno.makeTempDir({ prefix: "ecos_first_hour_" });
  try {
    const shim = await installEcos(dir, `${REPO}/src/cli.ts`);
    const [block] = blocks("Quick start: the command line", "sh");
    const lines = block!.split("\n")
      .map((line) => line.replace(/\s+#.*$/, "").trim())
      .filter((line) => line.startsWith("ecos "));
    assert.deepEqual(lines, Object.keys(CLI_EXPECTS), "each line of the README is checked");
    const runs = await Promise.all(
      lines.map((line) => runChild(shim, line.split(/\s+/).slice(1), { cwd: dir })),
    );
    for (const [i, line] of lines.entries()) {
      const { code, stdout, stderr } = runs[i]!;
      assert.equal(code, 0, `${line}: ${stderr}`);
      assert.match(stderr, new RegExp(`^${NOTICE}\n`), line);
      assert.doesNotMatch(stdout, /ECOS_API_KEY/, `${line}: the notice stays off stdout`);
      await CLI_EXPECTS[line]!({ stdout, dir });
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
