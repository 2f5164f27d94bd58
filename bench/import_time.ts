/**
 * Milliseconds to import one module (or several, comma-separated) in this fresh process:
 *
 *     deno run -A bench/import_time.ts <specifier>[,<specifier>...]
 *
 * bench/run.ts runs it in turns for mod.ts and for nodejs-polars alone.
 *
 * @module
 */

const t0 = performance.now();
for (const specifier of (Deno.args[0] ?? "").split(",")) await import(specifier);
console.log((performance.now() - t0).toFixed(2));
