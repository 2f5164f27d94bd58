/**
 * Timing and memory helpers shared by the benchmarks: repetitions with a median, a collection
 * before each repetition when `--expose-gc` is on, and a peak-memory sampler.
 *
 * @module
 */

/** A figure measured several times. */
export interface Timing {
  /** The median, in milliseconds. */
  median: number;
  /** The fastest repetition, in milliseconds. */
  min: number;
  /** The slowest repetition, in milliseconds. */
  max: number;
  /** Repetitions measured (warm-ups excluded). */
  reps: number;
}

/** How many times to measure. */
export interface RepOptions {
  /** Measured repetitions. */
  reps: number;
  /** Unmeasured repetitions first, to let the JIT settle. @default {1} */
  warmup?: number;
}

/** The median of some numbers (the mean of the middle two for an even count). */
export function median(values: readonly number[]): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Summarises samples in milliseconds. */
export function summarise(samples: readonly number[]): Timing {
  return {
    median: median(samples),
    min: Math.min(...samples),
    max: Math.max(...samples),
    reps: samples.length,
  };
}

/** Runs a full collection when the process was started with `--v8-flags=--expose-gc`. */
export function collect(): void {
  (globalThis as { gc?: () => void }).gc?.();
}

/** Whether collections can be forced (the figures are steadier when they can). */
export const canCollect: boolean = typeof (globalThis as { gc?: unknown }).gc === "function";

/** A full turn of the event loop: timers, and the finalizers of collected Polars frames. */
export function turn(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Frees what earlier repetitions left: a turn, a collection, and a turn again. Polars frames
 * hold native memory that is freed only by their finalizers, which run on a later turn of the
 * event loop than the collection that found them dead: a loop that never yields keeps every
 * frame it made, and each repetition runs on a bigger heap than the last.
 */
export async function settle(): Promise<void> {
  await turn();
  collect();
  await turn();
}

/**
 * Times several functions in turns (a, b, c, a, b, c, ...), so that a slow spell of the machine
 * falls on all of them rather than on one: their ratios stay fair on a busy machine. Before
 * each repetition, {@linkcode settle}.
 *
 * @param fns The work, by name.
 * @param options Repetitions of each.
 * @returns A timing per name.
 */
export async function timeInTurns<K extends string>(
  fns: Record<K, () => unknown | Promise<unknown>>,
  { reps, warmup = 1 }: RepOptions,
): Promise<Record<K, Timing>> {
  const names = Object.keys(fns) as K[];
  const samples = new Map<K, number[]>(names.map((k) => [k, []]));
  for (let i = -warmup; i < reps; i++) {
    for (const name of names) {
      await settle();
      const t0 = performance.now();
      await fns[name]();
      const ms = performance.now() - t0;
      if (i >= 0) samples.get(name)!.push(ms);
    }
  }
  return Object.fromEntries(names.map((k) => [k, summarise(samples.get(k)!)])) as Record<
    K,
    Timing
  >;
}

/** Memory at one moment, in bytes. */
export interface MemoryPoint {
  /** Resident set size: JS heap, native (Polars) allocations and code. */
  rss: number;
  /** The V8 heap in use. */
  heapUsed: number;
}

/** The kernel's resident high-water mark (VmHWM) in bytes, or undefined off Linux. */
export function rssHighWater(): number | undefined {
  try {
    const status = Deno.readTextFileSync("/proc/self/status");
    const kb = /^VmHWM:\s+(\d+)\s+kB/m.exec(status)?.[1];
    return kb === undefined ? undefined : Number(kb) * 1024;
  } catch {
    return undefined;
  }
}

/**
 * Resets the kernel's resident high-water mark to the current RSS (Linux 4.0 and later).
 *
 * @returns Whether it could be reset.
 */
export function resetRssHighWater(): boolean {
  try {
    Deno.writeTextFileSync("/proc/self/clear_refs", "5");
    return true;
  } catch {
    return false;
  }
}

/**
 * Samples `Deno.memoryUsage()` every `everyMs` milliseconds and keeps the peaks. Samples are
 * taken only when the event loop turns, so a long synchronous step (a native call) can hide a
 * peak from it: the kernel's high-water mark ({@linkcode rssHighWater}) does not miss one.
 */
export class PeakSampler {
  #timer: ReturnType<typeof setInterval> | undefined;
  /** The highest RSS seen. */
  rss = 0;
  /** The highest heapUsed seen. */
  heapUsed = 0;
  /** Samples taken. */
  samples = 0;

  /** @param everyMs The sampling interval. */
  constructor(readonly everyMs = 5) {}

  /** Takes one sample now. */
  sample(): void {
    const m = Deno.memoryUsage();
    this.rss = Math.max(this.rss, m.rss);
    this.heapUsed = Math.max(this.heapUsed, m.heapUsed);
    this.samples++;
  }

  /** Starts sampling. */
  start(): this {
    this.sample();
    this.#timer = setInterval(() => this.sample(), this.everyMs);
    return this;
  }

  /** Stops sampling, after a last sample. */
  stop(): this {
    clearInterval(this.#timer);
    this.sample();
    return this;
  }
}

/** Bytes as MiB with one decimal. */
export const mib = (bytes: number): number => Math.round((bytes / 2 ** 20) * 10) / 10;
