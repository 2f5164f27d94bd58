/**
 * The bundled servers running in this process, by base URL, with the tables each has sample data
 * for: a server registers itself when it listens, and the client tells by it that a base URL's
 * data is generated, and which tables of the catalogue need a key.
 *
 * @module
 */

// Shared through globalThis: a notebook may load two copies of the module.
const KEY = Symbol.for("ecos.bundledServers");
const servers = ((globalThis as Record<symbol, unknown>)[KEY] ??= new Map<
  string,
  readonly string[]
>()) as Map<string, readonly string[]>;

const canonical = (baseUrl: string) => baseUrl.replace(/\/+$/, "");

/**
 * Records that a base URL is a bundled server of this process, whose data is generated.
 *
 * @param baseUrl The server's base URL.
 * @param tables The codes of the tables it has sample data for.
 * @returns A function that forgets it (when the server closes).
 */
export function registerBundledServer(baseUrl: string, tables: readonly string[]): () => void {
  const url = canonical(baseUrl);
  servers.set(url, tables);
  return () => void servers.delete(url);
}

/**
 * Whether a base URL is a bundled server running in this process.
 *
 * @param baseUrl A base URL.
 * @returns `true` for a registered bundled server.
 */
export function isBundledServer(baseUrl: string): boolean {
  return servers.has(canonical(baseUrl));
}

/**
 * The tables a bundled server of this process has sample data for.
 *
 * @param baseUrl A base URL.
 * @returns Their codes, or `undefined` when no bundled server of this process is there.
 */
export function bundledTables(baseUrl: string): readonly string[] | undefined {
  return servers.get(canonical(baseUrl));
}
