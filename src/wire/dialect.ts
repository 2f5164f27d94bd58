/**
 * The two dialects of the wire: the project's specification, and the live service where it
 * differs. The live service, as observed in 2026, labels half-monthly periods `YYYYMMSn`
 * rather than `YYYYMMSMn`, and answers 101 key statistics whose CYCLE labels mix `YYYYMM`,
 * `YYYYMMDD` and `YYYYQn`, rather than 100 monthly ones.
 *
 * @module
 */

/** A dialect of the wire: "spec" as the specification writes it, "live" as the live service answers. */
export type Dialect = "spec" | "live";

/**
 * Whether a value names a dialect.
 *
 * @param value Any value.
 * @returns `true` for "spec" and "live".
 */
export function isDialect(value: unknown): value is Dialect {
  return value === "spec" || value === "live";
}
