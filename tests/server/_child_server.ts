/**
 * A bundled server in a child process, started by `childServer()` of _child.ts (under
 * `ulimit -n` for the tests of a low open-file limit). Its options come as JSON in the first
 * argument. It prints one line per event: `url: <base URL>`, `warning: <line>` for each
 * warning, and answers commands read from stdin, one a line: `hog` opens /dev/null until the
 * process is out of descriptors (then prints `hogged`), `free` closes them (then `freed`).
 * When stdin ends, it closes the server and exits.
 *
 * @module
 */

import { startEcosServer } from "../../src/server/mod.ts";

const options = JSON.parse(Deno.args[0] ?? "{}");
const server = await startEcosServer({
  ...options,
  onWarning: (line: string) => console.log(`warning: ${line}`),
});
console.log(`url: ${server.url}`);

const hogged: Deno.FsFile[] = [];
const lines = Deno.stdin.readable.pipeThrough(new TextDecoderStream());
let text = "";
for await (const part of lines) {
  text += part;
  let end: number;
  while ((end = text.indexOf("\n")) !== -1) {
    const command = text.slice(0, end);
    text = text.slice(end + 1);
    if (command === "hog") {
      try {
        while (true) hogged.push(Deno.openSync("/dev/null"));
      } catch {
        // Out of descriptors: the point.
      }
      console.log("hogged");
    } else if (command === "free") {
      for (const file of hogged.splice(0)) file.close();
      console.log("freed");
    }
  }
}
await server.close();
