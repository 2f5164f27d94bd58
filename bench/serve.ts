/**
 * The bundled server in a process of its own, for the end-to-end benchmark: on 2 cores the
 * server's rendering then runs beside the client instead of taking turns with it on one
 * thread. It prints `{"url": ...}` once listening and closes when its stdin closes.
 *
 *     deno run -A bench/serve.ts <latencyMs>
 *
 * @module
 */

import { startEcosServer } from "../src/server/mod.ts";
import { BENCH_KEY } from "./_bodies.ts";

/** A server in a child process. */
export interface ServerProcess extends AsyncDisposable {
  /** Its base URL, ending in /api. */
  url: string;
}

/**
 * Starts the bundled server in a child process.
 *
 * @param latencyMs The delay the server adds to every answer.
 * @returns The server; dispose of it to stop it.
 */
export async function spawnServer(latencyMs: number): Promise<ServerProcess> {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", new URL(import.meta.url).pathname, String(latencyMs)],
    stdin: "piped",
    stdout: "piped",
    stderr: "inherit",
  }).spawn();
  const lines = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = "";
  while (!buffered.includes("\n")) {
    const { done, value } = await lines.read();
    if (done) throw new Error("The bench server exited before it listened");
    buffered += value;
  }
  const { url } = JSON.parse(buffered.slice(0, buffered.indexOf("\n"))) as { url: string };
  return {
    url,
    async [Symbol.asyncDispose]() {
      await child.stdin.close();
      await lines.cancel();
      await child.status;
    },
  };
}

if (import.meta.main) {
  const latencyMs = Number(Deno.args[0] ?? "0");
  await using server = await startEcosServer({ keys: [BENCH_KEY], latencyMs });
  console.log(JSON.stringify({ url: server.url }));
  // Until the parent closes our stdin.
  for await (const _ of Deno.stdin.readable) { /* nothing is sent */ }
}
