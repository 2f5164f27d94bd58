/**
 * The layout the README draws, held to the code: the parts of `src/` import each other in the
 * README's order only, no file imports itself back through others, the client is entered by its
 * face and its files import one way, private files stay in their folder, files stay readable,
 * and the root stays narrow.
 * The import graph comes from `deno info --json`, the order from the README's own list.
 */

import assert from "node:assert/strict";
import { dirname, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { childEnv } from "./testdata/child_env.ts";

const ROOT = fileURLToPath(new URL("../", import.meta.url));

/** Every .ts file under src/, relative to the repository. */
async function sourceFiles(dir = "src"): Promise<string[]> {
  const out: string[] = [];
  for await (const entry of Deno.readDir(`${ROOT}${dir}`)) {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory) out.push(...await sourceFiles(path));
    else if (entry.name.endsWith(".ts")) out.push(path);
  }
  return out.sort();
}

/** Import edges between the repository's files (static and dynamic), from `deno info`. */
async function importGraph(files: readonly string[]): Promise<Map<string, Set<string>>> {
  // One module that imports every file gives the whole graph in one `deno info`.
  const dir = await Deno.makeTempDir();
  try {
    const all = `${dir}/all.ts`;
    const lines = files.map((f, i) => `import * as m${i} from "file://${ROOT}${f}";`);
    await Deno.writeTextFile(all, `${lines.join("\n")}\n`);
    const { stdout, success } = await new Deno.Command(Deno.execPath(), {
      args: ["info", "--json", "--config", `${ROOT}deno.json`, all],
      env: childEnv(),
      clearEnv: true,
      stdout: "piped",
      stderr: "null",
      cwd: ROOT,
    }).output();
    assert.ok(success, "deno info --json failed");
    const info = JSON.parse(new TextDecoder().decode(stdout)) as {
      modules: {
        specifier: string;
        dependencies?: { code?: { specifier: string }; type?: { specifier: string } }[];
      }[];
    };
    const prefix = `file://${ROOT}`;
    const graph = new Map<string, Set<string>>();
    for (const m of info.modules) {
      if (!m.specifier.startsWith(prefix)) continue;
      const from = m.specifier.slice(prefix.length);
      const to = new Set<string>();
      for (const d of m.dependencies ?? []) {
        for (const s of [d.code?.specifier, d.type?.specifier]) {
          if (s?.startsWith(prefix)) to.add(s.slice(prefix.length));
        }
      }
      graph.set(from, to);
    }
    return graph;
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

/** The README's parts of src/, lowest first: the numbered list under "How the code is laid out". */
async function readmeOrder(): Promise<string[][]> {
  const readme = await Deno.readTextFile(`${ROOT}README.md`);
  const section = readme.split("## How the code is laid out")[1]?.split("\n## ")[0] ?? "";
  const items = [...section.matchAll(/^\d+\. (.+)$/gm)].map((m) => m[1]!);
  // A line may name two parts ("`src/cli/` and then `src/cli.ts`"): each is its own rank.
  return items.map((line) => {
    const head = line.split(":")[0]!;
    return [...head.matchAll(/`(src\/[^`]+)`/g)].map((m) => m[1]!.replace(/\/$/, ""));
  });
}

/** The part of src/ a file belongs to: its top folder, or itself for a file directly in src/. */
function partOf(file: string): string {
  const parts = file.split("/");
  return parts.length > 2 ? `${parts[0]}/${parts[1]}` : file;
}

const files = await sourceFiles();
const graph = await importGraph([...files, "mod.ts"]);

Deno.test("layout: the README names every part of src/, once", async () => {
  const named = (await readmeOrder()).flat();
  const parts = [...new Set(files.map(partOf))].sort();
  assert.deepEqual([...named].sort(), parts);
});

Deno.test("layout: each part of src/ imports only parts above it in the README's list", async () => {
  const order = await readmeOrder();
  const rank = new Map<string, number>();
  let n = 0;
  for (const line of order) for (const part of line) rank.set(part, n++);
  const wrong: string[] = [];
  for (const [from, tos] of graph) {
    if (!from.startsWith("src/")) continue;
    for (const to of tos) {
      if (!to.startsWith("src/")) continue;
      const a = partOf(from);
      const b = partOf(to);
      if (a !== b && !(rank.get(b)! < rank.get(a)!)) wrong.push(`${from} -> ${to}`);
    }
  }
  assert.deepEqual(wrong, []);
});

Deno.test("layout: no file imports itself back through other files", () => {
  // Tarjan's strongly connected components: any component of two or more files is a circle.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  let next = 0;
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v)!, index.get(w)!));
      }
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) circles.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  assert.deepEqual(circles, []);
});

Deno.test("layout: the client is entered by its face, and private files stay in their folder", () => {
  const wrong: string[] = [];
  for (const [from, tos] of graph) {
    if (!from.startsWith("src/") && from !== "mod.ts") continue;
    for (const to of tos) {
      const inside = dirname(to) === dirname(from);
      if (to.startsWith("src/client/") && !from.startsWith("src/client/")) {
        if (to !== "src/client/mod.ts") wrong.push(`${from} -> ${to}`);
      }
      if (to.split("/").at(-1)!.startsWith("_") && !inside) wrong.push(`${from} -> ${to}`);
    }
  }
  assert.deepEqual(wrong, []);
});

// Files are cut by concept, not by length: a file past 1,000 lines is a smell to look into.
Deno.test("layout: no file of src/ outside src/server/data/ is longer than 1,000 lines", async () => {
  const long: string[] = [];
  for (const file of files) {
    if (file.startsWith("src/server/data/")) continue;
    const lines = (await Deno.readTextFile(`${ROOT}${file}`)).split("\n").length - 1;
    if (lines > 1000) long.push(`${file}: ${lines}`);
  }
  assert.deepEqual(long, []);
});

/** The client's files, lowest layer first: each may import only the files before it. */
const CLIENT_LAYERS = [
  "_errors.ts",
  "_options.ts",
  "_page.ts",
  "_scan.ts",
  "_decode.ts",
  "_transport.ts",
  "_checks.ts",
  "_frame.ts",
  "_pull.ts",
  "mod.ts",
].map((name) => `src/client/${name}`);

Deno.test("layout: inside src/client/, each file imports only the files before it", () => {
  const present = files.filter((f) => f.startsWith("src/client/"));
  assert.deepEqual([...present].sort(), [...CLIENT_LAYERS].sort(), "every client file is listed");
  const wrong: string[] = [];
  for (const [i, from] of CLIENT_LAYERS.entries()) {
    for (const to of graph.get(from) ?? []) {
      if (to.startsWith("src/client/") && !CLIENT_LAYERS.slice(0, i).includes(to)) {
        wrong.push(`${from} -> ${to}`);
      }
    }
  }
  assert.deepEqual(wrong, []);
});

Deno.test("layout: the root module exports at most 47 names", async () => {
  const { stdout } = await new Deno.Command(Deno.execPath(), {
    args: ["doc", "--json", `${ROOT}mod.ts`],
    env: childEnv(),
    clearEnv: true,
    stdout: "piped",
    stderr: "null",
  }).output();
  const doc = JSON.parse(new TextDecoder().decode(stdout)) as {
    nodes: Record<string, { symbols: { name: string }[] }>;
  };
  const documented = Object.values(doc.nodes).flatMap((n) => n.symbols.map((s) => s.name));
  // `pl` is left out of the documentation (it would list all of Polars) but is a name too.
  const values = Object.keys(await import("../mod.ts"));
  const names = new Set([...documented, ...values]);
  assert.ok(names.has("EcosClient") && names.has("pl") && names.has("DataFrame"));
  // What a notebook or script needs every day; units and period labels have entries of their own.
  assert.ok(names.size <= 47, `${names.size} names: ${[...names].sort().join(", ")}`);
});

// The paths above are relative to the repository; say so if the test moves.
assert.equal(relative(ROOT, fileURLToPath(import.meta.url)), "tests/layout_test.ts");
