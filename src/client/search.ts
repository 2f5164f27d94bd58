/**
 * The one routine behind `statisticSearch` and `statisticSearchPages`: a query's date range
 * pulled as consecutive parts, a range the service finds too large (ERROR-400) split in halves
 * down to single periods, and half-monthly labels in the spelling this service accepts.
 *
 * @module
 */

import { type EcosError, isEcosError, tooLargeError } from "./errors.ts";
import { type Cycle, formatPeriod, type SmSpelling } from "../wire/period.ts";

/**
 * The half-monthly spelling a service accepts, learnt once per client. The live service
 * answers `202305S2`; the specification writes `202305SM2`. The first SM request tries the
 * live spelling and, on ERROR-101, the specification's once; the spelling that worked is kept.
 * Requests that start while the first is out wait for it rather than guess, so concurrent
 * queries never disagree.
 */
export class HalfMonthlySpelling {
  #known: SmSpelling | undefined;
  #probe: Promise<void> | undefined;

  /** The spelling learnt so far, if any. */
  get known(): SmSpelling | undefined {
    return this.#known;
  }

  /**
   * Sends one request with the spelling that works.
   *
   * @param send Sends the request with labels in the given spelling.
   * @returns What `send` returned.
   * @throws {EcosError} Whatever `send` threw; ERROR-101 when neither spelling was accepted.
   */
  async send<T>(send: (sm: SmSpelling) => Promise<T>): Promise<T> {
    for (;;) {
      if (this.#known !== undefined) return await send(this.#known);
      if (this.#probe === undefined) break;
      await this.#probe;
    }
    let settle = () => {};
    this.#probe = new Promise<void>((resolve) => (settle = resolve));
    try {
      try {
        const result = await send("live");
        this.#known = "live";
        return result;
      } catch (e) {
        if (!isDateShapeError(e)) throw e;
      }
      const result = await send("spec");
      this.#known = "spec";
      return result;
    } finally {
      this.#probe = undefined;
      settle();
    }
  }
}

const isDateShapeError = (e: unknown): e is EcosError => isEcosError(e) && e.code === "ERROR-101";

/**
 * Pulls the periods `lo` to `hi` part by part: the whole range when the service takes it, else
 * each half in turn (earliest first), recursively. A part that has yielded cannot be split:
 * an ERROR-400 after its first value is raised as it is.
 *
 * @param lo The first period's ordinal.
 * @param hi The last period's ordinal.
 * @param pull Pulls one range.
 * @param describe Names a single period, for the final error.
 * @returns The values of every part, in time order.
 * @throws {EcosError} ERROR-400 when even a single period is too large.
 */
export async function* splitRange<T>(
  lo: number,
  hi: number,
  pull: (lo: number, hi: number) => AsyncIterable<T>,
  describe: (index: number) => string,
): AsyncGenerator<T, void, undefined> {
  let yielded = false;
  try {
    for await (const value of pull(lo, hi)) {
      yielded = true;
      yield value;
    }
  } catch (e) {
    if (yielded || !isEcosError(e) || e.code !== "ERROR-400") throw e;
    if (lo >= hi) throw tooLargeError(e, describe(lo));
    const mid = Math.floor((lo + hi) / 2);
    yield* splitRange(lo, mid, pull, describe);
    yield* splitRange(mid + 1, hi, pull, describe);
  }
}

/**
 * The label of a period for messages: in the spelling learnt, or the live one.
 *
 * @param cycle The cycle.
 * @param index The ordinal.
 * @param spelling The client's half-monthly spelling.
 * @returns The label.
 */
export function periodLabel(cycle: Cycle, index: number, spelling: HalfMonthlySpelling): string {
  return formatPeriod(cycle, index, spelling.known ?? "live");
}
