/**
 * The search machinery behind `statisticSearch`, `statisticSearchPages` and
 * `statisticSearchMany`, one way: a checked query -> its range in parts (a range the service
 * finds too large, ERROR-400, split in halves down to single periods) -> each part's pages ->
 * frames, put back together in the order of one pull -> for an empty answer, whether a code
 * does not exist (UNKNOWN_CODE) or the range holds no data.
 *
 * @module
 */

import { type DataFrame, pl } from "../deps.ts";
import { isEcosError } from "../errors.ts";
import { tooLargeError, totalChangedError, unknownCodeError } from "./_errors.ts";
import { STATISTIC_SEARCH_SCHEMA } from "../wire/columns.ts";
import { formatPeriod } from "../wire/period.ts";
import { anySignal } from "../util/signal.ts";
import { type Call, fetcherOf, infoOf } from "./_call.ts";
import { explainEmpty } from "./_explain.ts";
import { concatFrames, mergeRangeParts } from "./_frame.ts";
import type { Lookups } from "./_lookups.ts";
import { pageFrame, pullFrame, pullPages, TotalChanged } from "./_paging.ts";
import { setFrameInfo, withInfoOf } from "./_source.ts";
import type { ValidSearch } from "./_validate.ts";

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

/** The arguments of one part of a search: table, cycle, the part's range, items. */
function partArgs(q: ValidSearch, lo: number, hi: number): string[] {
  return [
    q.statCode,
    q.cycle,
    formatPeriod(q.cycle, lo, "live"),
    formatPeriod(q.cycle, hi, "live"),
    ...q.items,
  ];
}

/** The label of a single period, for the error that says it is too large. */
function describer(call: Call, q: ValidSearch): (index: number) => string {
  return (index) => formatPeriod(q.cycle, index, call.core.transport.halfMonthly.known ?? "live");
}

/**
 * A whole search as one frame.
 *
 * @param call The call.
 * @param q The checked query.
 * @param lookups The client's lists, to explain an empty answer.
 * @returns The frame, with its provenance recorded.
 * @throws {EcosError} UNKNOWN_CODE for an empty answer from a code that does not exist; as
 * statisticSearch otherwise.
 */
export async function searchFrame(
  call: Call,
  q: ValidSearch,
  lookups: Lookups,
): Promise<DataFrame> {
  const parts: DataFrame[] = [];
  const pull = async function* (lo: number, hi: number) {
    yield await pullFrame(
      fetcherOf(call, partArgs(q, lo, hi)),
      call.settings,
      STATISTIC_SEARCH_SCHEMA,
    );
  };
  for await (const part of splitRange(q.startIndex, q.endIndex, pull, describer(call, q))) {
    parts.push(part);
  }
  const frame = mergeRangeParts(parts);
  if (frame.height === 0) await checkCodes(call, q, lookups);
  return setFrameInfo(frame, infoOf(call));
}

/**
 * A search page by page, in order, part after part.
 *
 * @param call The call; disposed of when the pages end.
 * @param q The checked query.
 * @param lookups The client's lists, to explain an empty answer.
 * @returns The pages as frames, each with its provenance recorded.
 * @throws {EcosError} TOTAL_CHANGED at once (pages already went out: no second pull); as
 * {@linkcode searchFrame} otherwise.
 */
export async function* searchPages(
  call: Call,
  q: ValidSearch,
  lookups: Lookups,
): AsyncGenerator<DataFrame, void, undefined> {
  using _ = call;
  const pull = async function* (lo: number, hi: number) {
    try {
      // Each page becomes its frame as it arrives: a field the frame refuses fails the page.
      const frames = pullPages(
        fetcherOf(call, partArgs(q, lo, hi)),
        call.settings,
        false,
        (page, span) => pageFrame(page, STATISTIC_SEARCH_SCHEMA, span.startNo),
      );
      for await (const frame of frames) yield frame;
    } catch (e) {
      if (e instanceof TotalChanged) throw totalChangedError(e.scope, e.message);
      throw e;
    }
  };
  let rows = 0;
  for await (const frame of splitRange(q.startIndex, q.endIndex, pull, describer(call, q))) {
    rows += frame.height;
    yield setFrameInfo(frame, infoOf(call));
  }
  if (rows === 0) await checkCodes(call, q, lookups);
}

/**
 * Several searches at once into one long frame, query after query, with a LABEL column: each
 * query's label, null where it has none. When one fails, the others are stopped and the first
 * failure is raised (not the siblings' ABORTED).
 *
 * @param queries The checked queries.
 * @param signal The caller's signal.
 * @param search Runs one query with a signal.
 * @returns One frame; its provenance lists each query's pull in `sources` (the oldest fetch
 * as its `fetchedAt`, from the cache if any was).
 */
export async function searchMany(
  queries: readonly ValidSearch[],
  signal: AbortSignal | undefined,
  search: (q: ValidSearch, signal: AbortSignal) => Promise<DataFrame>,
): Promise<DataFrame> {
  const stop = new AbortController();
  const combined = anySignal(signal, stop.signal)!;
  let failure: { error: unknown } | undefined;
  const frames = await Promise.all(queries.map((q) =>
    search(q, combined).catch((error) => {
      failure ??= { error };
      stop.abort(error);
      return undefined;
    })
  ));
  if (failure !== undefined) throw failure.error;
  const parts = frames as DataFrame[];
  const labels = parts.flatMap((f, i) =>
    Array<string | null>(f.height).fill(queries[i]!.label ?? null)
  );
  const frame = concatFrames(parts, STATISTIC_SEARCH_SCHEMA)
    .withColumns(pl.Series("LABEL", labels, pl.String));
  return withInfoOf(frame, ...parts);
}

/**
 * Fails with UNKNOWN_CODE when an empty answer comes from a code that does not exist; returns
 * when the codes exist (the range holds no data) or when the lookups themselves fail.
 */
async function checkCodes(call: Call, q: ValidSearch, lookups: Lookups): Promise<void> {
  let message: string | undefined;
  try {
    message = await explainEmpty(q, {
      items: (statCode) => lookups.items(statCode, call),
      tables: () => lookups.tables(call),
    });
  } catch (e) {
    if (call.settings.signal?.aborted) throw e; // cancelled or out of time: say so
    return; // no explanation: the empty frame stands
  }
  if (message !== undefined) {
    throw unknownCodeError(
      { service: "StatisticSearch", redactor: call.core.transport.redactor },
      message,
    );
  }
}
