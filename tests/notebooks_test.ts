/**
 * The notebooks: the committed copies carry their outputs (run top to bottom, no errors, no
 * machine paths), their prose states no number it did not compute, and each one runs again from
 * a clean Deno kernel against the bundled server twice: with the default data (the data of the
 * committed outputs) and with a second generation seed (ECOS_SAMPLE_SEED=7), whose values differ.
 * A notebook whose prose is true only of one seed's numbers fails the second run's checks or the
 * prose rule below. Running them needs Jupyter (`jupyter nbconvert`) and the Deno kernel (`deno
 * jupyter --install`); without them the runs are skipped with a message, except in CI
 * (CI=true), where they fail.
 *
 * To refresh the committed outputs after changing a notebook or the data, from `notebooks/`:
 * `env -u ECOS_API_KEY -u ECOS_BASE_URL -u ECOS_SAMPLE_SEED jupyter nbconvert --to notebook
 * --execute --inplace --ExecutePreprocessor.kernel_name=deno
 * --ExecutePreprocessor.record_timing=False *.ipynb`.
 *
 * Each run is one run: no retries, no pooling of runs. Every cell shows its output with `show()`
 * from the `./jupyter` entry, which returns only once the kernel has published the output; a
 * bare last expression (`execute_result`) is not used, since Deno's kernel (2.9) now and then
 * publishes it after reporting the cell idle, when nbconvert has stopped listening (see
 * src/jupyter/show.ts). So a cell without its output fails the run it is missing from.
 *
 * A computed claim is a code cell whose source holds an `md` template (`md\`...\`` from the
 * `./jupyter` entry, or `Deno.jupyter.md\`...\``): it must show a text/markdown output. A chart
 * cell (`lineChart(` or `barChart(`) must show an image/svg+xml output.
 *
 * The prose rule ({@linkcode hardCodedNumbers}). Markdown cells, and the fixed text of each
 * `Deno.jupyter.md` template (its `${...}` parts left out), are prose. Outside code (fenced
 * blocks and `inline` spans) and link targets, prose may write a numeral only as
 * - a year, 1900 to 2099, a decade (`1990s`) or a period label built on a year (`2020Q1`,
 *   `2020S2`), or
 * - an ECOS table code (`722Y001`);
 * and it may not count with a number word ("two" to "ninety", "hundred", "thousand", "dozen",
 * "twice") followed, within two words, by months, days, weeks, quarters, years, rows,
 * observations, holidays, times, percent or percentage points. So "312 rows", "steps of 0.25
 * points", "about 7%", "a correlation of 0.64", "twelve months" and "the five most turbulent
 * months" all fail; "in 2020", "table 722Y001", "one row a month", "ten-year bonds" and anything
 * inside backticks pass. A number
 * about the data must come from a cell: interpolated into a `Deno.jupyter.md` template, or in a
 * table. The rule is conservative: it cannot tell a true sentence from a false one, only that a
 * sentence carries no number a seed could change. "Lowest in 2020" passes it, so such sentences
 * are computed in the notebooks too.
 */

import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { childEnv } from "./testdata/child_env.ts";

const NOTEBOOKS = new URL("../notebooks/", import.meta.url);
const CELL_TIMEOUT_S = 180;
/** The second generation seed: other values, the same tables, rows and labels. */
const SECOND_SEED = "7";

interface Output {
  output_type: string;
  name?: string;
  text?: string | string[];
  data?: Record<string, unknown>;
  ename?: string;
  evalue?: string;
  traceback?: string[];
}
interface Cell {
  cell_type: string;
  source: string | string[];
  execution_count?: number | null;
  outputs?: Output[];
}
interface Notebook {
  cells: Cell[];
  metadata: { kernelspec?: { name?: string } };
}

const text = (value: string | string[] | undefined) =>
  Array.isArray(value) ? value.join("") : value ?? "";
// deno-lint-ignore no-control-regex
const stripAnsi = (s: string) => s.replace(/\x1b\[[0-9;]*[A-Za-z]/g, "");
const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

const names = [...Deno.readDirSync(NOTEBOOKS)]
  .filter((e) => e.isFile && e.name.endsWith(".ipynb"))
  .map((e) => e.name)
  .sort();

async function readNotebook(path: string | URL): Promise<Notebook> {
  return JSON.parse(await Deno.readTextFile(path)) as Notebook;
}

// --- The prose rule -------------------------------------------------------------------------

/** Prose only: fenced code, inline code, link targets and HTML comments left out. */
function prose(markdown: string): string {
  return markdown
    .replace(/```[\s\S]*?```/g, " ")
    .replace(/`[^`]*`/g, " ")
    .replace(/\]\([^)]*\)/g, "]")
    .replace(/<!--[\s\S]*?-->/g, " ");
}

const NUMBER_WORDS = [
  "two",
  "three",
  "four",
  "five",
  "six",
  "seven",
  "eight",
  "nine",
  "ten",
  "eleven",
  "twelve",
  "thirteen",
  "fourteen",
  "fifteen",
  "sixteen",
  "seventeen",
  "eighteen",
  "nineteen",
  "twenty",
  "thirty",
  "forty",
  "fifty",
  "sixty",
  "seventy",
  "eighty",
  "ninety",
  "hundred",
  "thousand",
  "dozen",
  "twice",
].join("|");
const COUNTED =
  "months?|days?|weeks?|quarters?|years?|rows?|observations?|holidays?|times|percent|per\\s+cent|percentage\\s+points?";
/**
 * A number word (or several: "twenty four") counting a unit, up to two words before it:
 * "twelve months", "the five most turbulent months".
 */
const SPELLED_COUNT = new RegExp(
  `\\b(?:${NUMBER_WORDS})(?:[\\s-]+(?:${NUMBER_WORDS}|and))*(?:\\s+[a-z]+){0,2}?\\s+(?:${COUNTED})\\b`,
  "gi",
);
/** Numerals prose may hold: years and period labels built on them, and ECOS table codes. */
const ALLOWED_NUMERAL = /\b(?:(?:19|20)\d\d(?:Q[1-4]|S[12]|s)?(?![\d%]|[.,]\d)|\d{3}Y\d{3})\b/g;

/**
 * The hard-coded numbers of a piece of prose (see the module documentation): every numeral
 * that is not a year, a period label or a table code, and every spelled-out count.
 *
 * @param markdown Markdown text.
 * @returns What the rule flags, in order; empty when the prose passes.
 */
function hardCodedNumbers(markdown: string): string[] {
  const rest = prose(markdown);
  const spelled = [...rest.matchAll(SPELLED_COUNT)].map((m) => m[0]);
  const numerals = [...rest.replace(ALLOWED_NUMERAL, " ").matchAll(/[-+−]?\d[\d.,]*%?/g)]
    .map((m) => m[0].replace(/[.,]$/, ""));
  return [...numerals, ...spelled];
}

/** Reads a string literal from its opening quote; returns the index after its closing one. */
function skipString(source: string, i: number): number {
  const quote = source[i];
  for (i++; i < source.length && source[i] !== quote; i++) {
    if (source[i] === "\\") i++;
  }
  return i + 1;
}

/** Skips a `${...}` from just after its `${`; returns the index after its `}`. */
function skipSubstitution(source: string, i: number): number {
  let depth = 0;
  while (i < source.length) {
    const c = source[i]!;
    if (c === "`") {
      i = readTemplate(source, i + 1).end;
      continue;
    }
    if (c === '"' || c === "'") {
      i = skipString(source, i);
      continue;
    }
    if (c === "{") depth++;
    if (c === "}" && depth-- === 0) return i + 1;
    i++;
  }
  throw new SyntaxError("Close the ${ of a template literal: reached the end of the cell");
}

/** A template literal from just after its opening backtick: its fixed text, and its end. */
function readTemplate(source: string, i: number): { text: string; end: number } {
  let fixed = "";
  while (i < source.length) {
    const c = source[i]!;
    if (c === "\\") {
      fixed += source[i + 1] ?? "";
      i += 2;
    } else if (c === "`") {
      return { text: fixed, end: i + 1 };
    } else if (c === "$" && source[i + 1] === "{") {
      i = skipSubstitution(source, i + 2);
      fixed += " ";
    } else {
      fixed += c;
      i++;
    }
  }
  throw new SyntaxError("Close the template literal: reached the end of the cell");
}

/** An `md` template's tag: `md` (the `./jupyter` entry's) or `Deno.jupyter.md`. */
const CLAIM = /(?<![\w$])md`/g;

/**
 * The fixed text of every `md` template in a code cell: the literal parts, escapes resolved,
 * each `${...}` replaced by a space.
 *
 * @param source A code cell's source.
 * @returns One text per template.
 */
function claimTemplates(source: string): string[] {
  return [...source.matchAll(CLAIM)].map((m) => readTemplate(source, m.index + m[0].length).text);
}

/** Every hard-coded number of a notebook's prose, with the cell it is in. */
function proseProblems(nb: Notebook): string[] {
  return nb.cells.flatMap((cell, i) => {
    const source = text(cell.source);
    const pieces = cell.cell_type === "markdown"
      ? [source]
      : cell.cell_type === "code"
      ? claimTemplates(source)
      : [];
    return pieces.flatMap((piece) =>
      hardCodedNumbers(piece).map((n) => `cell ${i} (${cell.cell_type}): ${JSON.stringify(n)}`)
    );
  });
}

Deno.test("hardCodedNumbers() flags numbers and counts, and lets years, codes and code pass", async (t) => {
  const flagged: [string, string[]][] = [
    ["The frame has 312 rows, one a month.", ["312"]],
    ["The base rate moves in steps of 0.25 percentage points.", ["0.25"]],
    ["Correlations run only from about 0.3 to 0.64.", ["0.3", "0.64"]],
    ["Inflation peaked at 5%.", ["5%"]],
    ["It was negative for twelve months in a row.", ["twelve months"]],
    ["Five days a year have no rate.", ["Five days"]],
    ["The five most turbulent months:", ["five most turbulent months"]],
    ["A value of 2020.5 won.", ["2020.5"]],
    ["Volatility doubled: twice the median, three times the calm months.", ["three times"]],
    ["Twenty four quarters of hikes.", ["Twenty four quarters"]],
    ["Lowest on 2020-05-28.", ["-05", "-28"]],
    ["The change in 2021 was -1.5 points.", ["-1.5"]],
    ["About 2,715 rows.", ["2,715"]],
  ];
  for (const [prose, expected] of flagged) {
    await t.step(`flags ${JSON.stringify(prose)}`, () => {
      assert.deepEqual(hardCodedNumbers(prose), expected);
    });
  }
  const passing = [
    "It fell through the 2008 crisis and rose again from 2021 to 2023.",
    "Table 722Y001, item `0101000`, from `200001` to `202512`.",
    "From 2020Q1 and 2020S2 on, as in the 1990s.",
    "One row a month, one column a rate, from the call rate to ten-year bonds.",
    "Annualised (`× √252`).\n\n```ts\nconst x = 0.25;\n```",
    "Next: [base rate and inflation](02_base_rate_and_inflation.ipynb).",
    "Inflation is the change against the same month a year before.",
  ];
  for (const prose of passing) {
    await t.step(`passes ${JSON.stringify(prose)}`, () => {
      assert.deepEqual(hardCodedNumbers(prose), []);
    });
  }
});

Deno.test("claimTemplates() keeps a template's fixed text and drops its substitutions", () => {
  const source = [
    "const n = 3;",
    'Deno.jupyter.md`Moved in ${n} of ${xs.map((x) => `${x}%`).join(", ")} months, \\`code\\`.',
    '${ok ? `up ${"}"}` : { a: 1 }.a} 12 rows`',
  ].join("\n");
  const [fixed] = claimTemplates(source);
  assert.equal(fixed, "Moved in   of   months, `code`.\n  12 rows");
  assert.deepEqual(hardCodedNumbers(fixed!), ["12"]);
  assert.deepEqual(claimTemplates("Deno.jupyter.md`a` + Deno.jupyter.md`b`"), ["a", "b"]);
  assert.deepEqual(claimTemplates("await show(md`Moved ${n} times.`); cmd`x`; $md`y`"), [
    "Moved   times.",
  ]);
});

// --- The outputs ----------------------------------------------------------------------------

/** Every problem the outputs of a notebook show: error outputs, and error-like stderr. */
function problems(nb: Notebook): string[] {
  const found: string[] = [];
  nb.cells.forEach((cell, i) => {
    for (const out of cell.outputs ?? []) {
      if (out.output_type === "error") {
        const trace = stripAnsi((out.traceback ?? []).join("\n"));
        found.push(`cell ${i}: ${out.ename}: ${out.evalue}\n${trace}`);
      }
      if (out.output_type === "stream" && out.name === "stderr") {
        const t = stripAnsi(text(out.text));
        if (/error|exception|uncaught|panic|warning|failed|denied/i.test(t)) {
          found.push(`cell ${i} wrote to stderr: ${t}`);
        }
      }
    }
  });
  return found;
}

/** The media types of every output of a notebook. */
function mediaTypes(nb: Notebook): Set<string> {
  return new Set(
    nb.cells.flatMap((c) => (c.outputs ?? []).flatMap((o) => Object.keys(o.data ?? {}))),
  );
}

/** The media types each cell showed, by cell index. */
const cellTypes = (nb: Notebook): Set<string>[] =>
  nb.cells.map((c) => new Set((c.outputs ?? []).flatMap((o) => Object.keys(o.data ?? {}))));

/** Code cells whose output is a bare last expression's (`execute_result`). */
const resultCells = (nb: Notebook) =>
  nb.cells.flatMap((c, i) =>
    (c.outputs ?? []).some((o) => o.output_type === "execute_result") ? [i] : []
  );

/** Code cells that produced no output (every cell of these notebooks shows something). */
const silentCells = (nb: Notebook) =>
  nb.cells.flatMap((c, i) => c.cell_type === "code" && !c.outputs?.length ? [i] : []);

const isClaim = (c: Cell) => c.cell_type === "code" && claimTemplates(text(c.source)).length > 0;
const isChart = (c: Cell) =>
  c.cell_type === "code" && /\b(?:lineChart|barChart)\(/.test(text(c.source));

/**
 * What a notebook's cells must show, given the media types each cell showed: claims a
 * text/markdown output, charts an SVG.
 */
function missingShows(nb: Notebook, shown: Set<string>[]): string[] {
  return nb.cells.flatMap((c, i) => [
    ...(isClaim(c) && !shown[i]?.has("text/markdown")
      ? [`cell ${i}: a claim without markdown`]
      : []),
    ...(isChart(c) && !shown[i]?.has("image/svg+xml") ? [`cell ${i}: a chart without SVG`] : []),
  ]);
}

/** The text/markdown outputs of a notebook, by cell index. */
const markdownOutputs = (nb: Notebook): Map<number, string> =>
  new Map(
    nb.cells.flatMap((c, i) =>
      (c.outputs ?? []).flatMap((o) =>
        o.data?.["text/markdown"] === undefined
          ? []
          : [[i, text(o.data["text/markdown"] as string | string[])] as const]
      )
    ),
  );

/** Checks every notebook's outputs share: no machine paths, no server address, ISO dates. */
function assertCleanOutputs(outputs: string) {
  assert.doesNotMatch(outputs, /\/(work|root|home|tmp)\//, "no machine paths");
  assert.doesNotMatch(outputs, /127\.0\.0\.1|localhost/, "no server address");
  assert.doesNotMatch(outputs, /GMT[+-]\d{4}/, "dates read as dates");
  // A claim that interpolated a missing value reads "undefined" or "NaN".
  for (const [i, md] of markdownOutputs({ cells: JSON.parse(outputs), metadata: {} })) {
    assert.doesNotMatch(md, /\bundefined\b|\bNaN\b|\[object Object\]/, `cell ${i}: ${md}`);
  }
}

/** The outputs of a notebook as cells (for assertCleanOutputs). */
const outputsOf = (nb: Notebook) =>
  JSON.stringify(nb.cells.map((c) => ({ cell_type: c.cell_type, source: "", outputs: c.outputs })));

Deno.test("there are the five notebooks, each set to the Deno kernel", async () => {
  assert.equal(names.length, 5, names.join(", "));
  for (const [i, name] of names.entries()) {
    assert.match(name, new RegExp(`^0${i + 1}_[a-z0-9_]+\\.ipynb$`));
    const nb = await readNotebook(new URL(name, NOTEBOOKS));
    assert.equal(nb.metadata.kernelspec?.name, "deno", name);
  }
});

Deno.test("the notebooks' prose states no hard-coded number", async (t) => {
  for (const name of names) {
    await t.step(name, async () => {
      const nb = await readNotebook(new URL(name, NOTEBOOKS));
      assert.deepEqual(proseProblems(nb), [], "compute these in a cell (see the prose rule)");
      assert.ok(nb.cells.some(isClaim), "at least one computed claim");
    });
  }
});

Deno.test("the committed notebooks carry clean outputs of a run from the top", async (t) => {
  for (const name of names) {
    await t.step(name, async () => {
      const raw = await Deno.readTextFile(new URL(name, NOTEBOOKS));
      const nb = JSON.parse(raw) as Notebook;
      const code = nb.cells.filter((c) => c.cell_type === "code");
      assert.deepEqual(
        code.map((c) => c.execution_count),
        code.map((_, i) => i + 1),
        "every code cell ran once, in order, from a clean kernel",
      );
      assert.deepEqual(problems(nb), []);
      assert.deepEqual(silentCells(nb), [], "every code cell shows its output");
      assert.deepEqual(
        resultCells(nb),
        [],
        "cells show their outputs with show(), not a bare last expression the kernel may drop",
      );
      assert.deepEqual(missingShows(nb, cellTypes(nb)), [], "claims and charts show");
      const types = mediaTypes(nb);
      assert.ok(types.has("text/html"), "a table");
      assert.ok(types.has("text/markdown"), "a computed claim");
      assert.ok(types.has("image/svg+xml"), "a picture GitHub can show");
      assert.ok(types.has("application/vnd.vegalite.v5+json"), "an interactive chart");
      assert.ok(!types.has("application/vnd.dataresource+json"), "no blank tables in VS Code");
      assertCleanOutputs(outputsOf(nb));
      assert.match(outputsOf(nb), /generated sample data/i, "the bundled server's data, named");
      assert.ok(raw.length < 1_500_000, `small enough to read on GitHub: ${raw.length} bytes`);
    });
  }
});

// --- Running them ---------------------------------------------------------------------------

/**
 * The environment of Jupyter and of the kernels, under `root` (a directory of the test's own):
 * PATH and Deno's cache directory (see tests/testdata/child_env.ts), a home, Jupyter's
 * directories and a Deno kernel of this Deno, all under `root`; no key and no base URL, so
 * connect() uses the bundled server; and the generation seed given (none: the default data).
 * Nothing of the user's (ECOS_*, HOME, XDG_*, installed kernels) reaches the run, and the run
 * writes nothing outside `root`.
 */
async function jupyterEnv(root: string, seed?: string): Promise<Record<string, string>> {
  const kernel = `${root}/data/kernels/deno`;
  await Deno.mkdir(kernel, { recursive: true });
  await Deno.mkdir(`${root}/home`, { recursive: true });
  const spec = {
    argv: [Deno.execPath(), "jupyter", "--kernel", "--conn", "{connection_file}"],
    display_name: "Deno",
    language: "typescript",
  };
  await Deno.writeTextFile(`${kernel}/kernel.json`, JSON.stringify(spec));
  return childEnv({
    HOME: `${root}/home`,
    JUPYTER_PATH: `${root}/data`,
    JUPYTER_DATA_DIR: `${root}/data`,
    JUPYTER_CONFIG_DIR: `${root}/config`,
    JUPYTER_RUNTIME_DIR: `${root}/runtime`,
    IPYTHONDIR: `${root}/ipython`,
    PYTHONUTF8: "1",
    ...(seed === undefined ? {} : { ECOS_SAMPLE_SEED: seed }),
  });
}

/** Why the notebooks cannot be run here, or `undefined` when they can. */
async function missingJupyter(): Promise<string | undefined> {
  const root = await Deno.makeTempDir({ prefix: "ecos_jupyter_" });
  try {
    const out = await new Deno.Command("jupyter", {
      args: ["nbconvert", "--version"],
      env: await jupyterEnv(root),
      clearEnv: true,
      stdout: "null",
      stderr: "piped",
    }).output();
    if (!out.success) return `jupyter nbconvert is not installed: ${decode(out.stderr).trim()}`;
    // The kernel is this Deno's own `deno jupyter`, named in a kernel.json of the test's.
    return undefined;
  } catch (e) {
    if (e instanceof Deno.errors.NotFound) return "jupyter is not on PATH";
    throw e;
  } finally {
    await Deno.remove(root, { recursive: true });
  }
}

// Whether this is CI, where the notebooks must run: read, not a setting a test changes.
const ci = Deno.env.get("CI") === "true";
const missing = await missingJupyter();
if (missing !== undefined && !ci) {
  console.log(`notebooks_test: not running the notebooks: ${missing}`);
}

/** One run of a notebook with nbconvert, into `outDir`. */
async function execute(name: string, outDir: string, seed: string | undefined) {
  const out = await new Deno.Command("jupyter", {
    args: [
      "nbconvert",
      "--to",
      "notebook",
      "--execute",
      "--ExecutePreprocessor.kernel_name=deno",
      `--ExecutePreprocessor.timeout=${CELL_TIMEOUT_S}`,
      "--output-dir",
      outDir,
      fileURLToPath(new URL(name, NOTEBOOKS)),
    ],
    // Jupyter's own directories beside the outputs, removed with them.
    env: await jupyterEnv(`${outDir}/.jupyter`, seed),
    clearEnv: true,
    stdout: "piped",
    stderr: "piped",
  }).output();
  const nb = await readNotebook(`${outDir}/${name}`).catch(() => undefined);
  return { out, nb };
}

/** One run of a notebook, timed. */
async function runNotebook(name: string, outDir: string, seed: string | undefined) {
  const started = performance.now();
  const { out, nb } = await execute(name, outDir, seed);
  return { name, out, nb, seconds: (performance.now() - started) / 1000 };
}

type Run = Awaited<ReturnType<typeof runNotebook>>;

/** The checks of one run of a notebook, whatever the seed: one run, every output in it. */
async function checkRun(run: Run) {
  const { out, nb } = run;
  assert.ok(out.success, `nbconvert failed:\n${stripAnsi(decode(out.stderr))}`);
  assert.ok(nb, "an executed notebook");
  const found = problems(nb);
  assert.deepEqual(found, [], found.join("\n\n"));
  const code = nb.cells.filter((c) => c.cell_type === "code");
  assert.ok(code.every((c) => c.execution_count !== null), "every cell ran");
  assert.deepEqual(silentCells(nb), [], "every cell shows something, in this one run");
  assert.deepEqual(
    missingShows(nb, cellTypes(nb)),
    [],
    "every claim shows markdown, every chart an SVG",
  );
  assert.deepEqual(proseProblems(nb), [], "no hard-coded number in the prose");
  const committed = await readNotebook(new URL(run.name, NOTEBOOKS));
  assert.deepEqual(
    [...mediaTypes(nb)].sort(),
    [...mediaTypes(committed)].sort(),
    "the same kinds of output as the committed copy",
  );
  assertCleanOutputs(outputsOf(nb));
  assert.match(outputsOf(nb), /generated sample data/i, "the bundled server's data, named");
}

Deno.test({
  name: "the notebooks run top to bottom in a clean Deno kernel, with two seeds' data",
  ignore: missing !== undefined && !ci,
  async fn(t) {
    if (missing !== undefined) throw new Error(`Install Jupyter to run the notebooks: ${missing}`);
    const outDir = await Deno.makeTempDir({ prefix: "ecos_notebooks_" });
    try {
      // One at a time: a kernel at a time is what a two-core machine runs well.
      const runs = new Map<string | undefined, Run[]>();
      for (const seed of [undefined, SECOND_SEED]) {
        const these: Run[] = [];
        for (const name of names) {
          these.push(await runNotebook(name, `${outDir}/${seed ?? "0"}`, seed));
        }
        runs.set(seed, these);
      }
      for (const [seed, these] of runs) {
        const label = seed === undefined ? "default data" : `ECOS_SAMPLE_SEED=${seed}`;
        for (const run of these) {
          await t.step(`${run.name}, ${label} (${run.seconds.toFixed(1)} s)`, () => checkRun(run));
        }
      }
      await t.step("the second seed gave other numbers", () => {
        const claims = (seed: string | undefined) =>
          (runs.get(seed) ?? []).flatMap((r) => r.nb ? [...markdownOutputs(r.nb).values()] : [])
            .join("\n");
        assert.notEqual(
          claims(SECOND_SEED),
          claims(undefined),
          "ECOS_SAMPLE_SEED reached the kernels",
        );
      });
    } finally {
      await Deno.remove(outDir, { recursive: true });
    }
  },
});
