/**
 * A bundled server in a child process (tests/server/_child_server.ts), for tests that need
 * the server's event loop apart from the client's, or a low open-file limit (`ulimit -n`). The
 * child prints one line per event and takes commands on stdin; see that file.
 *
 * @module
 */

import { childEnv } from "../testdata/child_env.ts";

/** The most a wait for the child may take before the test fails. */
const BOUND_MS = 30_000;

/** A running child server. */
export interface ChildServer {
  /** Its base URL. */
  url: string;
  /** Reads its stdout until a line starts with `prefix`, and returns that line. */
  until(prefix: string): Promise<string>;
  /** Sends it a command line (`hog`, `free`). */
  command(line: string): Promise<void>;
  /** Ends its stdin, so that it closes the server and exits; returns its exit code. */
  stop(): Promise<number>;
}

/**
 * Starts a bundled server in a child process.
 *
 * @param options The server's options (as JSON).
 * @param limits `fileLimit`: run it under `ulimit -n` of this many descriptors.
 */
export async function childServer(
  options: Record<string, unknown>,
  limits: { fileLimit?: number } = {},
): Promise<ChildServer> {
  const script = new URL("./_child_server.ts", import.meta.url).pathname;
  const ulimit = limits.fileLimit === undefined ? "" : `ulimit -n ${limits.fileLimit} && `;
  const child = new Deno.Command("bash", {
    args: [
      "-c",
      `${ulimit}exec "$0" run -A "$1" "$2"`,
      Deno.execPath(),
      script,
      JSON.stringify(options),
    ],
    clearEnv: true,
    env: childEnv(),
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const stdin = child.stdin.getWriter();
  const lines = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  const stderr = new Response(child.stderr).text();
  let seen = "";
  const until = async (prefix: string): Promise<string> => {
    const timer = setTimeout(() => child.kill(), BOUND_MS);
    try {
      while (true) {
        const line = seen.split("\n").find((l) => l.startsWith(prefix));
        if (line !== undefined) {
          seen = seen.slice(seen.indexOf(line) + line.length + 1);
          return line;
        }
        const { value, done } = await lines.read();
        if (done) throw new Error(`No line "${prefix}...": ${seen} ${await stderr}`);
        seen += value;
      }
    } finally {
      clearTimeout(timer);
    }
  };
  const url = (await until("url: ")).slice("url: ".length);
  return {
    url,
    until,
    command: (line) => stdin.write(new TextEncoder().encode(`${line}\n`)),
    async stop() {
      await stdin.close();
      while (!(await lines.read()).done);
      await stderr;
      return (await child.status).code;
    },
  };
}
