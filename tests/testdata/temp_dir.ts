/**
 * A temporary directory for one test, removed with everything in it when the test's `await
 * using` goes out of scope.
 *
 * @module
 */

/**
 * Makes a temporary directory.
 *
 * @param prefix The start of its name, to tell whose it is in /tmp.
 * @returns Its path, and its removal.
 */
export async function tempDir(prefix = "ecos_test_"): Promise<{ path: string } & AsyncDisposable> {
  const path = await Deno.makeTempDir({ prefix });
  return { path, [Symbol.asyncDispose]: () => Deno.remove(path, { recursive: true }) };
}
