/**
 * Running the command line in this process for tests: its output captured, its environment
 * injected, a keyed bundled server to point it at, and temporary directories.
 *
 * @module
 */

import { type CliIO, main } from "../../src/cli.ts";
import type { EcosServer } from "../../src/server/mod.ts";
import { tempDir as makeTempDir } from "../testdata/temp_dir.ts";

/** The key the tests' servers accept; it must appear in no output. */
export const KEY = "cli-test-key-7f3e1d9a";

/** What a run of the command line did. */
export interface CliRun {
  /** The exit status. */
  code: number;
  /** Everything written to stdout. */
  stdout: string;
  /** Everything written to stderr. */
  stderr: string;
}

/**
 * Runs `ecos <args>` in this process. The environment is empty (the bundled server) and
 * stderr no terminal unless `io` says otherwise.
 */
export async function ecos(args: string[], io: Partial<CliIO> = {}): Promise<CliRun> {
  let stdout = "";
  let stderr = "";
  const code = await main(args, {
    env: {},
    isTTY: false,
    ...io,
    stdout: (text) => (stdout += text),
    stderr: (text) => (stderr += text),
  });
  return { code, stdout, stderr };
}

/** The environment that points the command line at a server with {@linkcode KEY}. */
export function envFor(server: EcosServer, extra: Record<string, string> = {}) {
  return { ECOS_API_KEY: KEY, ECOS_BASE_URL: server.url, ...extra };
}

/** A temporary directory, removed at the end of the test's scope. */
export const tempDir = (): ReturnType<typeof makeTempDir> => makeTempDir("ecos_cli_");

/** The notice the bundled server's use prints on stderr. */
export const NOTICE =
  "ECOS_API_KEY is not set: using the bundled server, whose data is generated sample data\n";
