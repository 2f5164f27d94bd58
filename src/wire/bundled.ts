/**
 * The bundled servers running in this process, by base URL: a server registers itself when it
 * listens, and the client tells by it that a base URL's data is generated sample data.
 *
 * @module
 */

// Shared through globalThis: a notebook may load two copies of the module.
const KEY = Symbol.for("ecos.bundledServerUrls");
const urls = ((globalThis as Record<symbol, unknown>)[KEY] ??= new Set<string>()) as Set<string>;

const canonical = (baseUrl: string) => baseUrl.replace(/\/+$/, "");

/**
 * Records that a base URL is a bundled server of this process, whose data is generated.
 *
 * @param baseUrl The server's base URL.
 * @returns A function that forgets it (when the server closes).
 */
export function registerBundledServer(baseUrl: string): () => void {
  const url = canonical(baseUrl);
  urls.add(url);
  return () => void urls.delete(url);
}

/**
 * Whether a base URL is a bundled server running in this process.
 *
 * @param baseUrl A base URL.
 * @returns `true` for a registered bundled server.
 */
export function isBundledServer(baseUrl: string): boolean {
  return urls.has(canonical(baseUrl));
}
