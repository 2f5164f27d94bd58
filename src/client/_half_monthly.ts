/**
 * The half-monthly spelling a service accepts. The live service answers `202305S2`; the
 * specification writes `202305SM2`; whether the live service accepts the latter in a request is
 * not known. The request core sends every half-monthly StatisticSearch through
 * {@linkcode HalfMonthlySpelling}, so that the rest of the client never deals with spellings.
 *
 * @module
 */

import { type EcosError, isEcosError } from "../errors.ts";
import { formatPeriod, type SmSpelling, tryParseLabel } from "../wire/period.ts";

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
 * A StatisticSearch's arguments with half-monthly labels in a spelling; other arguments as
 * they are.
 *
 * @param args The arguments: table, cycle, start, end, items.
 * @param sm The spelling.
 * @returns The arguments to send.
 */
export function spellHalfMonthly(args: readonly string[], sm: SmSpelling): string[] {
  return args.map((arg, i) => {
    if (i !== 2 && i !== 3) return arg;
    const ref = tryParseLabel(arg, "SM");
    return ref === undefined ? arg : formatPeriod("SM", ref.index, sm);
  });
}

/**
 * Whether a request is a half-monthly StatisticSearch, whose labels need the spelling.
 *
 * @param service The service.
 * @param args Its arguments.
 * @returns `true` for StatisticSearch with cycle SM.
 */
export function isHalfMonthlySearch(service: string, args: readonly string[]): boolean {
  return service === "StatisticSearch" && args[1] === "SM";
}
