/**
 * The `ecos` command line: the Bank of Korea's ECOS Open API from a shell, as readable tables
 * on stdout or as CSV, Parquet, JSON and NDJSON files.
 *
 * ```sh
 * deno task ecos search 722Y001 M 202301 202412 0101000
 * deno run -A jsr:@ecos/ecos@0.1.0/cli series usd_krw --out usd_krw.csv --excel
 * deno install -g -A -n ecos jsr:@ecos/ecos@0.1.0/cli && ecos --help
 * ```
 *
 * With ECOS_API_KEY set the data comes from the live service (or from ECOS_BASE_URL); without
 * it, from the bundled server, started in this process, whose data is generated sample data.
 * Exit status: 0 done, 1 an ECOS or network failure (one line on stderr) or a search by text
 * that found nothing (as grep does), 2 bad arguments (nothing sent), 130 interrupted.
 *
 * Importing this module runs nothing; {@linkcode main} runs a command line in this process.
 *
 * @module
 */

import { runCommand } from "./cli/command.ts";
import {
  errorLine,
  EXIT_INTERRUPTED,
  EXIT_OK,
  exitCode,
  UsageError,
  usageHint,
} from "./cli/errors.ts";
import { type CliIO, resolveIO } from "./cli/io.ts";
import { findCommand, unknownCommand, USAGE } from "./cli/registry.ts";

export type { CliIO } from "./cli/io.ts";
export { USAGE } from "./cli/registry.ts";

/** The command a command line names, run; nothing here knows any command by name. */
async function dispatch(args: string[], io: CliIO): Promise<number> {
  const [name, ...rest] = args;
  if (name === undefined) throw new UsageError("Give a command", USAGE);
  if (name === "-h" || name === "--help") {
    io.stdout(`${USAGE}\n`);
    return EXIT_OK;
  }
  const command = findCommand(name);
  if (command === undefined) {
    if (name.startsWith("-")) {
      throw new UsageError(
        `Put the command first, then its options: got ${JSON.stringify(name)}`,
        USAGE,
      );
    }
    throw unknownCommand(name);
  }
  return await runCommand(command, rest, io);
}

/**
 * Runs one command line, e.g. `["search", "722Y001", "M", "202301", "202312", "0101000"]`,
 * with the process's streams and environment or with those of `io`. It never exits the process
 * and never throws: every failure is one line on stderr (`ecos: CODE: message`, without stack
 * or key) and an exit status: 1 for an ECOS or network failure (or a search that matched
 * nothing), 2 for bad arguments (then a second line says where the command's help is), 130
 * when `io.signal` fired.
 *
 * @param args The arguments after the program's name.
 * @param io Streams, environment, terminal facts, clock and signal; the process's by default.
 * @returns The exit status.
 *
 * @example Help, and a bad flag
 * ```ts
 * import assert from "node:assert/strict";
 * import { main } from "./cli.ts";
 *
 * let out = "";
 * let err = "";
 * const io = { stdout: (t: string) => (out += t), stderr: (t: string) => (err += t), env: {} };
 * assert.equal(await main(["--help"], io), 0);
 * assert.match(out, /^Usage: ecos <command>/);
 * assert.match(out, /\n  search <stat> <cycle> <start> <end> \[items\.\.\.\]/);
 *
 * assert.equal(await main(["keystats", "--lnag", "en"], io), 2);
 * assert.equal(
 *   err,
 *   'ecos: Use an option that ecos keystats --help lists: got "--lnag"; did you mean --lang?\n' +
 *     'Run "ecos keystats --help" for its arguments and an example\n',
 * );
 * ```
 *
 * @example A pull from the bundled server
 * ```ts
 * import assert from "node:assert/strict";
 * import { main } from "./cli.ts";
 *
 * let out = "";
 * let err = "";
 * const io = { stdout: (t: string) => (out += t), stderr: (t: string) => (err += t), env: {} };
 * assert.equal(await main(["series", "cpi", "202401", "202406"], io), 0);
 * assert.match(out, /STAT_CODE: 901Y009/);
 * assert.match(out, /2024-06-01/);
 * assert.equal(err, "ECOS_API_KEY is not set: using the bundled server, whose data is generated sample data\n");
 * ```
 */
export async function main(args: string[], io: Partial<CliIO> = {}): Promise<number> {
  const cli = resolveIO(io);
  try {
    return await dispatch(args, cli);
  } catch (error) {
    const code = exitCode(error, cli.signal?.aborted ?? false);
    if (code === EXIT_INTERRUPTED) {
      cli.stderr("ecos: Interrupted\n");
      return code;
    }
    cli.stderr(`${errorLine(error, [cli.env.ECOS_API_KEY ?? ""])}\n`);
    // One line more, not the whole help, which would scroll the error away.
    if (error instanceof UsageError) {
      cli.stderr(`${usageHint(error.usage)}\n`);
    } else if (code === 2) {
      cli.stderr(`${usageHint(findCommand(args[0] ?? "")?.usage ?? USAGE)}\n`);
    }
    return code;
  }
}

if (import.meta.main) {
  // Ctrl-C stops a pull (or the server) cleanly: the progress line is cleared, the bundled
  // server closed. A second Ctrl-C ends the process at once.
  const interrupt = new AbortController();
  const onInterrupt = () => {
    Deno.removeSignalListener("SIGINT", onInterrupt);
    interrupt.abort(new Error("Interrupted"));
  };
  Deno.addSignalListener("SIGINT", onInterrupt);
  const code = await main(Deno.args, { signal: interrupt.signal });
  Deno.exit(code);
}
