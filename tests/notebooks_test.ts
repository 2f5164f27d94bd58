/**
 * The notebooks: the committed copies carry their outputs (run top to bottom, no errors, no
 * machine paths), and each one runs again from a clean Deno kernel against the bundled server.
 * Running them needs Jupyter (`jupyter nbconvert`) and the Deno kernel (`deno jupyter
 * --install`); without them the run is skipped with a message, except in CI (CI=true), where it
 * fails.
 *
 * To refresh the committed outputs after changing a notebook or the data, from `notebooks/`:
 * `env -u ECOS_API_KEY -u ECOS_BASE_URL jupyter nbconvert --to notebook --execute --inplace
 * --ExecutePreprocessor.kernel_name=deno --ExecutePreprocessor.record_timing=False *.ipynb`
 */

import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";

const NOTEBOOKS = new URL("../notebooks/", import.meta.url);
const CELL_TIMEOUT_S = 180;

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

Deno.test("there are the four notebooks, each set to the Deno kernel", async () => {
  assert.equal(names.length, 4, names.join(", "));
  for (const [i, name] of names.entries()) {
    assert.match(name, new RegExp(`^0${i + 1}_[a-z0-9_]+\\.ipynb$`));
    const nb = await readNotebook(new URL(name, NOTEBOOKS));
    assert.equal(nb.metadata.kernelspec?.name, "deno", name);
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
      const types = mediaTypes(nb);
      assert.ok(types.has("text/html"), "a table");
      assert.ok(types.has("image/svg+xml"), "a picture GitHub can show");
      assert.ok(types.has("application/vnd.vegalite.v5+json"), "an interactive chart");
      assert.ok(!types.has("application/vnd.dataresource+json"), "no blank tables in VS Code");
      const outputs = JSON.stringify(nb.cells.map((c) => c.outputs ?? []));
      assert.doesNotMatch(outputs, /\/(work|root|home|tmp)\//, "no machine paths");
      assert.doesNotMatch(outputs, /127\.0\.0\.1|localhost/, "no server address");
      assert.doesNotMatch(outputs, /GMT[+-]\d{4}/, "dates read as dates");
      assert.ok(raw.length < 1_500_000, `small enough to read on GitHub: ${raw.length} bytes`);
    });
  }
});

/** Why the notebooks cannot be run here, or `undefined` when they can. */
async function missingJupyter(): Promise<string | undefined> {
  let out: Deno.CommandOutput;
  try {
    out = await new Deno.Command("jupyter", {
      args: ["nbconvert", "--version"],
      stdout: "null",
      stderr: "piped",
    }).output();
  } catch (e) {
    if (e instanceof Deno.errors.NotFound) return "jupyter is not on PATH";
    throw e;
  }
  if (!out.success) return `jupyter nbconvert is not installed: ${decode(out.stderr).trim()}`;
  // `jupyter kernelspec` is not in every install; the kernel is a kernel.json in a data dir.
  const paths = await new Deno.Command("jupyter", {
    args: ["--paths", "--json"],
    stdout: "piped",
    stderr: "null",
  }).output();
  const dirs = paths.success
    ? (JSON.parse(decode(paths.stdout)) as { data?: string[] }).data ?? []
    : [];
  for (const dir of dirs) {
    try {
      await Deno.stat(`${dir}/kernels/deno/kernel.json`);
      return undefined;
    } catch {
      // Not in this one.
    }
  }
  return "the Deno kernel is not installed (run: deno jupyter --install)";
}

const ci = Deno.env.get("CI") === "true";
const missing = await missingJupyter();
if (missing !== undefined && !ci) {
  console.log(`notebooks_test: not running the notebooks: ${missing}`);
}

/** The environment of the kernels: no key and no base URL, so connect() uses the bundled server. */
function kernelEnv(): Record<string, string> {
  const env = Deno.env.toObject();
  delete env.ECOS_API_KEY;
  delete env.ECOS_BASE_URL;
  return { ...env, NO_COLOR: "1", DENO_NO_UPDATE_CHECK: "1" };
}

/** One run of a notebook with nbconvert, into `outDir`. */
async function execute(name: string, outDir: string) {
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
    env: kernelEnv(),
    clearEnv: true,
    stdout: "piped",
    stderr: "piped",
  }).output();
  const nb = await readNotebook(`${outDir}/${name}`).catch(() => undefined);
  return { out, nb };
}

/** Code cells that produced no output (every cell of these notebooks shows something). */
const silentCells = (nb: Notebook) =>
  nb.cells.flatMap((c, i) => c.cell_type === "code" && !c.outputs?.length ? [i] : []);

Deno.test({
  name: "the notebooks run top to bottom in a clean Deno kernel against the bundled server",
  ignore: missing !== undefined && !ci,
  async fn(t) {
    if (missing !== undefined) throw new Error(`Install Jupyter to run the notebooks: ${missing}`);
    const outDir = await Deno.makeTempDir({ prefix: "ecos_notebooks_" });
    try {
      // One at a time: four kernels at once on a small machine make the race below likelier.
      const runs = [];
      for (const name of names) {
        const started = performance.now();
        let run = await execute(name, outDir);
        // The Deno kernel (2.x) sends a cell's result through a channel that it may flush after
        // reporting the cell idle, when nbconvert has stopped listening: now and then a result
        // is lost, not wrong. A cell counts as silent only when it is silent in every run (up
        // to three); errors count in any run.
        let silent = run.nb ? silentCells(run.nb) : [];
        const types = new Set(run.nb ? mediaTypes(run.nb) : []);
        let outputs = run.nb ? JSON.stringify(run.nb.cells.map((c) => c.outputs ?? [])) : "";
        for (let attempt = 2; attempt <= 3 && silent.length; attempt++) {
          if (!run.out.success || !run.nb || problems(run.nb).length) break;
          console.log(`${name}: the kernel dropped the output of cells ${silent}; running again`);
          run = await execute(name, outDir);
          const again = run.nb ? silentCells(run.nb) : [];
          silent = silent.filter((i) => again.includes(i));
          for (const type of run.nb ? mediaTypes(run.nb) : []) types.add(type);
          outputs += run.nb ? JSON.stringify(run.nb.cells.map((c) => c.outputs ?? [])) : "";
        }
        const seconds = (performance.now() - started) / 1000;
        runs.push({ name, ...run, silent, types, outputs, seconds });
      }
      for (const { name, out, nb, silent, types, outputs, seconds } of runs) {
        await t.step(`${name} (${seconds.toFixed(1)} s)`, async () => {
          const found = nb ? problems(nb) : [];
          assert.deepEqual(found, [], found.join("\n\n"));
          assert.ok(out.success, `nbconvert failed:\n${stripAnsi(decode(out.stderr))}`);
          assert.ok(nb, "an executed notebook");
          const code = nb.cells.filter((c) => c.cell_type === "code");
          assert.ok(code.every((c) => c.execution_count !== null), "every cell ran");
          assert.deepEqual(silent, [], "every cell shows something");
          const committed = await readNotebook(new URL(name, NOTEBOOKS));
          assert.deepEqual(
            [...types].sort(),
            [...mediaTypes(committed)].sort(),
            "the same kinds of output as the committed copy",
          );
          assert.match(outputs, /generated sample data/, "the bundled server");
        });
      }
    } finally {
      await Deno.remove(outDir, { recursive: true });
    }
  },
});
