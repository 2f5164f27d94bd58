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
