/**
 * The repository served read-only over loopback HTTP, as a user's URL would reach it: with
 * TypeScript's media type (Python's http.server sends one Deno refuses), or as raw file hosts
 * serve every file, `text/plain`.
 *
 * Each server serves under a path of its own: Deno keeps remote modules in its cache by URL, so
 * a port that an earlier run used would otherwise give a child that run's files.
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
const PLAIN = "text/plain; charset=utf-8";

/** A server of the repository, and the URL of its root (ending in `/`). */
export interface RepoServer {
  server: Deno.HttpServer<Deno.NetAddr>;
  base: string;
}

/**
 * Serves the repository's files on 127.0.0.1, a free port; shut `server` down when done.
 *
 * @param as `"typed"`: each kind of file with its media type; `"plain"`: every file as text.
 */
export function serveRepo(as: "typed" | "plain" = "typed"): RepoServer {
  const prefix = `/${crypto.randomUUID()}/`;
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, async (req) => {
    const pathname = decodeURIComponent(new URL(req.url).pathname);
    const path = resolve(ROOT, "." + pathname.slice(prefix.length - 1));
    const type = as === "plain" ? (extname(path) === "" ? undefined : PLAIN) : TYPES[extname(path)];
    if (
      req.method !== "GET" || !pathname.startsWith(prefix) || !path.startsWith(ROOT + sep) ||
      type === undefined
    ) {
      return new Response("Not found", { status: 404 });
    }
    try {
      return new Response(await Deno.readFile(path), { headers: { "content-type": type } });
    } catch (e) {
      if (e instanceof Deno.errors.NotFound) return new Response("Not found", { status: 404 });
      throw e;
    }
  });
  return { server, base: `http://127.0.0.1:${server.addr.port}${prefix}` };
}
