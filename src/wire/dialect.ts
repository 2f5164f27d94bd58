/**
 * The two dialects of the wire: the project's specification, and the live service where it
 * differs (half-monthly labels `YYYYMMSn` rather than `YYYYMMSMn`; 101 key statistics whose
 * CYCLE labels mix shapes, rather than 100 monthly ones). See ../shared/ecos-wire.md.
 *
 * @module
 */

/** A dialect of the wire: "spec" as the specification writes it, "live" as the live service answers. */
export type Dialect = "spec" | "live";

/** Both dialects. */
export const DIALECTS: readonly ["spec", "live"] = ["spec", "live"];

/**
 * Whether a value names a dialect.
 *
 * @param value Any value.
 * @returns `true` for "spec" and "live".
 */
export function isDialect(value: unknown): value is Dialect {
  return value === "spec" || value === "live";
}
