/**
 * `--out FILE` replaces a file whole or not at all: the rows go to a new file beside it, which
 * is renamed over the old one only once written. A write that fails (a full disk) leaves the
 * old file as it was and no new file behind; a process killed in the middle of the write
 * leaves the old file as it was.
 *
 * A full disk and a kill at a chosen byte are made with the file-size limit (`ulimit -f`): a
 * write past it fails with EFBIG when the process ignores SIGXFSZ (as a full disk fails with
 * ENOSPC), and otherwise the kernel kills the process with SIGXFSZ at that very write, which no
 * sleep or race could aim so well.
 */

import assert from "node:assert/strict";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { ecos, envFor, KEY, tempDir } from "./_cli.ts";
import { startEcosServer } from "../../src/server/mod.ts";
import { childEnv, REPO_CONFIG } from "../testdata/child_env.ts";

const ENTRY = resolve(fileURLToPath(new URL("../../src/cli.ts", import.meta.url)));
/** The old file's content: short, and unlike anything the pull writes. */
const OLD = "the old file, whole\n";
/** The won-dollar rate day by day for 25 years: about 900 KB of CSV. */
const PULL = ["search", "731Y001", "D", "20000101", "20241231", "0000001"];
/** 64 blocks of 512 bytes: the most a child may write to one file. */
const LIMIT_BLOCKS = 64;

/**
 * `ecos <args>` in a child whose files may not grow past the limit; SIGXFSZ ignored or not.
 * The same pull runs first without the limit (its file then removed), so that whatever Deno
 * writes into its own cache for this code (transpiled modules, analysis) is written by then:
 * the only file the limited child writes is the one under test.
 */
async function limited(args: string[], cwd: string, ignoreSignal: boolean) {
  const warm = await child("", [...args, "--out", `${cwd}/warm.csv`], cwd);
  assert.equal(warm.code, 0, warm.stderr);
  await Deno.remove(`${cwd}/warm.csv`);
  const trap = ignoreSignal ? 'trap "" XFSZ; ' : "";
  return await child(`ulimit -f ${LIMIT_BLOCKS}; ${trap}`, args, cwd);
}

/** `ecos <args>` in a child process started by `sh -c "<prelude>exec ..."`. */
async function child(prelude: string, args: string[], cwd: string) {
  const out = await new Deno.Command("sh", {
    args: [
      "-c",
      `${prelude}exec "$0" "$@"`,
      Deno.execPath(),
      "run",
      "-A",
      "--no-code-cache", // no V8 code cache written either
      REPO_CONFIG, // its frozen lock: packages from Deno's cache, no lock written
      ENTRY,
      ...args,
    ],
    cwd,
    env: childEnv(), // no key: the bundled server, in the child
    clearEnv: true,
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).output();
  return { code: out.code, signal: out.signal, stderr: new TextDecoder().decode(out.stderr) };
}

/** The names in a directory, sorted. */
const names = (dir: string) => [...Deno.readDirSync(dir)].map((e) => e.name).sort();

Deno.test("--out: a write that fails (a full disk) leaves the old file whole and no new file", async () => {
  await using dir = await tempDir();
  const path = `${dir.path}/rows.csv`;
  await Deno.writeTextFile(path, OLD);
  const run = await limited([...PULL, "--out", path], dir.path, true);
  assert.equal(run.code, 1, run.stderr);
  assert.match(
    run.stderr,
    /\necos: OUTPUT: Could not write .*rows\.csv; check the path, permissions and free space \(the old file, if any, is as it was\): File too large/,
  );
  assert.equal(await Deno.readTextFile(path), OLD);
  assert.deepEqual(names(dir.path), ["rows.csv"]);
});

Deno.test("--out: a process killed in the middle of the write leaves the old file whole", async () => {
  await using dir = await tempDir();
  const path = `${dir.path}/rows.csv`;
  await Deno.writeTextFile(path, OLD);
  const run = await limited([...PULL, "--out", path], dir.path, false);
  assert.equal(run.signal, "SIGXFSZ", run.stderr);
  assert.equal(await Deno.readTextFile(path), OLD);
  // What the kill cut short is a hidden file beside it, never the file itself.
  const left = names(dir.path).filter((name) => name !== "rows.csv");
  assert.equal(left.length, 1);
  assert.match(left[0]!, /^\.rows\.csv\.[0-9a-f-]{36}\.tmp$/);
  assert.equal((await Deno.stat(`${dir.path}/${left[0]}`)).size, LIMIT_BLOCKS * 512);
});

Deno.test("--out: a rename that fails (a directory in the file's place) leaves no new file", async () => {
  await using server = await startEcosServer({ keys: [KEY] });
  await using dir = await tempDir();
  const path = `${dir.path}/taken.csv`;
  await Deno.mkdir(path);
  await Deno.writeTextFile(`${path}/inside.txt`, OLD);
  const run = await ecos(["keystats", "--out", path], { env: envFor(server) });
  assert.equal(run.code, 1);
  assert.match(run.stderr, /^ecos: OUTPUT: Could not write .*taken\.csv; check the path/);
  assert.deepEqual(names(dir.path), ["taken.csv"]);
  assert.equal(await Deno.readTextFile(`${path}/inside.txt`), OLD);
});

Deno.test("--out: a file replaced is whole, and nothing else is left beside it", async () => {
  await using server = await startEcosServer({ keys: [KEY] });
  await using dir = await tempDir();
  const path = `${dir.path}/keystats.csv`;
  await Deno.writeTextFile(path, OLD);
  const run = await ecos(["keystats", "--out", path], { env: envFor(server) });
  assert.equal(run.code, 0, run.stderr);
  const text = await Deno.readTextFile(path);
  assert.match(text, /^CLASS_NAME,KEYSTAT_NAME,/);
  assert.equal(text.trimEnd().split("\n").length, 102); // the header and 101 rows
  assert.deepEqual(names(dir.path), ["keystats.csv"]);
});
