/**
 * The repository served read-only over loopback HTTP, as a user's URL would reach it:
 * TypeScript with its media type (Python's http.server sends one Deno refuses).
 *
 * @module
 */

import { extname, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = resolve(fileURLToPath(new URL("../..", import.meta.url)));
const TYPES: Readonly<Record<string, string>> = {
  ".ts": "application/typescript; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".json": "application/json; charset=utf-8",
};

/** Serves the repository's files on 127.0.0.1, a free port; shut it down when done. */
export function serveRepo(): Deno.HttpServer<Deno.NetAddr> {
  return Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, async (req) => {
    const path = resolve(ROOT, "." + decodeURIComponent(new URL(req.url).pathname));
    const type = TYPES[extname(path)];
    if (req.method !== "GET" || !path.startsWith(ROOT + sep) || type === undefined) {
      return new Response("Not found", { status: 404 });
    }
    try {
      return new Response(await Deno.readFile(path), { headers: { "content-type": type } });
    } catch (e) {
      if (e instanceof Deno.errors.NotFound) return new Response("Not found", { status: 404 });
      throw e;
    }
  });
}
