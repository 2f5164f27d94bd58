/**
 * Reading the environment without requiring --allow-env.
 *
 * @module
 */

/**
 * Reads an environment variable. Without --allow-env, or when it is empty, that is no value,
 * not a crash: a notebook run without permissions still gets the defaults.
 *
 * @param name The variable, e.g. "ECOS_API_KEY".
 * @returns Its value, or `undefined`.
 */
export function readEnv(name: string): string | undefined {
  try {
    return Deno.env.get(name) || undefined;
  } catch {
    return undefined;
  }
}
