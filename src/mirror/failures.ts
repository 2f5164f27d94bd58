/**
 * How a mirror run's failures read: stopped by the caller's signal, or a unit that failed,
 * named, with what to do. Both say that the next run resumes.
 *
 * @module
 */

import { EcosError, isEcosError, restate } from "../errors.ts";
import { type MirrorUnit, unitName } from "./plan.ts";

/**
 * The caller stopped the run.
 *
 * @param reason The signal's reason, kept as the cause.
 * @returns An EcosError with code ABORTED.
 */
export function abortedMirror(reason: unknown): EcosError {
  return new EcosError(
    "ABORTED",
    "The mirror was cancelled by the caller's signal; run it again to resume where it stopped",
    { cause: reason },
  );
}

/**
 * Throws {@linkcode abortedMirror} when the signal has fired.
 *
 * @param signal The caller's signal, if any.
 * @throws {EcosError} ABORTED.
 */
export function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw abortedMirror(signal.reason);
}

/**
 * A unit's failure, with the unit named and what to do; a cancellation or a failure that is
 * not an EcosError as it is.
 *
 * @param e What the unit's fetch threw.
 * @param unit The unit.
 * @returns The error to throw.
 */
export function unitFailure(e: unknown, unit: MirrorUnit): unknown {
  if (!isEcosError(e) || e.code === "ABORTED") return e;
  return restate(e, {
    message: `${e.message} (while mirroring ${
      unitName(unit)
    }; run the mirror again to resume where it stopped)`,
  });
}
