/**
 * The environment a test gives a child process: what the child needs to run and nothing of the
 * user's settings. The user's ECOS_*, HOME and XDG_* never reach a child, so they cannot change
 * what a test does, and a child writes nothing under the user's home. Also: running a child in
 * that environment ({@linkcode runChild}), and installing the command line as a user does
 * ({@linkcode installEcos}).
 *
 * @module
 */

import assert from "node:assert/strict";

/** Reads a variable of this process (reading is fine; no test writes the environment). */
const read = (name: string): string | undefined => Deno.env.get(name) || undefined;

/**
 * Where this Deno keeps its cache. A child `deno` finds its downloaded npm packages there
 * rather than under a home directory it is not given. Asked of `deno info` with only the
 * variables Deno reads to place its cache, so that the answer is the one this process uses.
 */
async function denoDir(): Promise<string> {
  const given = read("DENO_DIR");
  if (given !== undefined) return given;
  const places = ["HOME", "XDG_CACHE_HOME", "LOCALAPPDATA", "USERPROFILE", "SystemRoot", "PATH"];
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["info", "--json"],
    env: Object.fromEntries(places.flatMap((n) => read(n) === undefined ? [] : [[n, read(n)!]])),
    clearEnv: true,
    stdout: "piped",
    stderr: "piped",
  }).output();
  if (!out.success) throw new Error(`deno info failed: ${new TextDecoder().decode(out.stderr)}`);
  return (JSON.parse(new TextDecoder().decode(out.stdout)) as { denoDir: string }).denoDir;
}

/** This Deno's cache directory, for children. */
export const DENO_DIR: string = await denoDir();

/**
 * Variables a child inherits: the search path, what Windows needs to start a process, and the
 * proxy and certificate settings, which only touch traffic beyond loopback (which no test sends),
 * so that a leak stays visible to whoever watches the proxy.
 */
const INHERITED = [
  "PATH",
  "SystemRoot",
  "TEMP",
  "TMP",
  "TMPDIR",
  "HTTP_PROXY",
  "HTTPS_PROXY",
  "NO_PROXY",
  "http_proxy",
  "https_proxy",
  "no_proxy",
  // Certificates for a proxy that inspects TLS: a child that downloads a package the run has not
  // fetched yet (first run) must trust what its parent trusts.
  "DENO_CERT",
  "DENO_TLS_CA_STORE",
  "SSL_CERT_FILE",
  "SSL_CERT_DIR",
];

/**
 * The environment of a child process: PATH, Deno's cache directory, no colour and no update
 * check, the proxy settings, then `extra`. Pass it with `clearEnv: true`.
 *
 * @param extra Variables the child needs (ECOS_API_KEY and the like, when the test is about them).
 * @returns The variables.
 */
export function childEnv(extra: Record<string, string> = {}): Record<string, string> {
  const env: Record<string, string> = {};
  for (const name of INHERITED) {
    const value = read(name);
    if (value !== undefined) env[name] = value;
  }
  return { ...env, DENO_DIR, NO_COLOR: "1", DENO_NO_UPDATE_CHECK: "1", ...extra };
}

const REPO_LOCK = new URL("../../deno.lock", import.meta.url);

/**
 * `--config=<the repository's deno.json>`, for a child that runs the repository's code from a
 * directory of its own: its frozen lock resolves the npm packages from Deno's cache (see
 * {@linkcode lockFlag}) and is never written.
 */
export const REPO_CONFIG: string = `--config=${
  decodeURIComponent(new URL("../../deno.json", import.meta.url).pathname)
}`;

/**
 * `--lock=<copy>` for a child `deno` that runs outside the repository's config (a user's folder,
 * `--no-config`, a script by URL): the repository's lock file, copied into `dir`. With it the
 * child resolves the npm packages as the lock says, from Deno's cache; without it, Deno asks the
 * registry about every platform's build of nodejs-polars, which a first run has not fetched: a
 * request beyond loopback, and a failure offline. A copy, so that whatever the child adds (a
 * module it imports by URL) never touches the repository's.
 *
 * @param dir A directory of the test's own.
 * @returns The flag.
 */
export async function lockFlag(dir: string): Promise<string> {
  const path = `${dir}/child.lock`;
  await Deno.copyFile(REPO_LOCK, path);
  return `--lock=${path}`;
}

/**
 * Puts the repository's lock beside the configuration `deno install -g` wrote for a command
 * (`<root>/bin/.<name>/deno.json`), where its shim's `deno run --config` finds it, unless the
 * install wrote one there: the installed command then resolves its packages as the tests do.
 *
 * @param root The install root.
 * @param name The command's name.
 */
export async function lockInstalled(root: string, name: string): Promise<void> {
  const path = `${root}/bin/.${name}/deno.lock`;
  try {
    await Deno.lstat(path);
  } catch (e) {
    if (!(e instanceof Deno.errors.NotFound)) throw e;
    await Deno.copyFile(REPO_LOCK, path);
  }
}

/** What a child process did. */
export interface ChildRun {
  /** The exit status. */
  code: number;
  /** Everything written to stdout. */
  stdout: string;
  /** Everything written to stderr. */
  stderr: string;
}

/**
 * Runs a program with the children's environment ({@linkcode childEnv}), no stdin, and its
 * output captured.
 *
 * @param command The program.
 * @param args Its arguments.
 * @param options `cwd`: where it runs (this process's directory by default); `env`: variables
 * it needs besides the children's.
 * @returns Its status and output.
 */
export async function runChild(
  command: string,
  args: string[],
  options: { cwd?: string; env?: Record<string, string> } = {},
): Promise<ChildRun> {
  const out = await new Deno.Command(command, {
    args,
    ...(options.cwd === undefined ? {} : { cwd: options.cwd }),
    env: childEnv(options.env),
    clearEnv: true,
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).output();
  const decode = (b: Uint8Array) => new TextDecoder().decode(b);
  return { code: out.code, stdout: decode(out.stdout), stderr: decode(out.stderr) };
}

/**
 * Installs `entry` as the command `ecos` with `deno install -g` under `<dir>/root`, run in `dir`
 * and locked as the tests are ({@linkcode lockFlag}, {@linkcode lockInstalled}); fails the test
 * if the install fails.
 *
 * @param dir A directory of the test's own.
 * @param entry The command line's entry: a path or a URL.
 * @param flags More flags for `deno install` (`--no-config`).
 * @returns The path of the installed command's shim.
 */
export async function installEcos(
  dir: string,
  entry: string,
  flags: string[] = [],
): Promise<string> {
  const root = `${dir}/root`;
  const install = await runChild(
    Deno.execPath(),
    ["install", "-g", "-A", ...flags, await lockFlag(dir), "-n", "ecos", "--root", root, entry],
    { cwd: dir },
  );
  assert.equal(install.code, 0, install.stderr);
  await lockInstalled(root, "ecos");
  return Deno.build.os === "windows" ? `${root}/bin/ecos.cmd` : `${root}/bin/ecos`;
}
