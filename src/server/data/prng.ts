/**
 * A seeded pseudo-random generator. Every generated value derives from a seed string, never
 * from Math.random or the clock, so every server instance answers the same data.
 *
 * @module
 */

/** A deterministic source of random numbers. */
export interface Rng {
  /** A uniform number in [0, 1). */
  next(): number;
  /** A standard normal number (mean 0, standard deviation 1). */
  normal(): number;
}

/** A 32-bit FNV-1a hash of a string: turns a seed name into a seed number. */
function hashSeed(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/**
 * A mulberry32 generator seeded by a name: small, fast, and plenty for plausible charts.
 *
 * @param seed Any text; the same text always gives the same sequence.
 */
export function createRng(seed: string): Rng {
  let state = hashSeed(seed);
  let spare: number | undefined;
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const normal = () => {
    if (spare !== undefined) {
      const s = spare;
      spare = undefined;
      return s;
    }
    // Box-Muller; 1 - u keeps the logarithm finite.
    const u = 1 - next();
    const v = next();
    const r = Math.sqrt(-2 * Math.log(u));
    spare = r * Math.sin(2 * Math.PI * v);
    return r * Math.cos(2 * Math.PI * v);
  };
  return { next, normal };
}

/** The generation seed of the default data: seed names are used as they are. */
export const DEFAULT_SEED = 0;

/**
 * A seed name under a generation seed. Under {@linkcode DEFAULT_SEED} the name is unchanged,
 * so the default data stays what it always was; any other seed prefixes it, so that the same
 * names draw other numbers.
 *
 * @param seed The generation seed (a whole number).
 * @param name The seed name, e.g. "731Y001|0000001|".
 */
export function seedName(seed: number, name: string): string {
  return seed === DEFAULT_SEED ? name : `seed ${seed}|${name}`;
}
