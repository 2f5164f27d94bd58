/**
 * Reading the environment without requiring --allow-env, from the process or from a record the
 * caller passes (the command line's injected environment, a test's).
 *
 * @module
 */

/** An environment: variable names to values. */
export type Env = Readonly<Record<string, string | undefined>>;

/**
 * Reads an environment variable of the process. Without --allow-env, or when it is empty, that
 * is no value, not a crash: a notebook run without permissions still gets the defaults.
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

/**
 * A reader of the given environment, or of the process's when none is given; an empty value
 * reads as unset either way.
 *
 * @param env The environment to read; the process's when `undefined`.
 * @returns The reader.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { envReader } from "./env.ts";
 *
 * const read = envReader({ ECOS_API_KEY: "", HOME: "/home/me" });
 * assert.equal(read("ECOS_API_KEY"), undefined);
 * assert.equal(read("HOME"), "/home/me");
 * ```
 */
export function envReader(env: Env | undefined): (name: string) => string | undefined {
  return env === undefined ? readEnv : (name) => env[name] || undefined;
}
