/**
 * Fault injection: what the test's fault function is told about a request, and what a fault
 * it returns makes of the answer.
 *
 * @module
 */

import type { Answer } from "./answer.ts";
import { type Route, wholeRowNumber } from "./route.ts";
import type { EcosServerOptions, Fault, FaultContext } from "./types.ts";
import { waited } from "./wait.ts";

/** What to send for a request, once any fault is applied. */
export type Reply =
  /** The answer's body. */
  | { kind: "answer"; answer: Answer }
  /** The answer's body, cut off in the middle. */
  | { kind: "truncated"; answer: Answer }
  /** A proxy-like HTML error page with this status. */
  | { kind: "proxy"; status: number }
  /** A maintenance HTML page with status 200. */
  | { kind: "maintenance" }
  /** Headers, then a connection that ends before any byte of the body. */
  | { kind: "dropped" };

/**
 * What the fault function is told about a request: its segments, decoded, without the key.
 *
 * @param n The request's number since the server started.
 * @param route The request's segments.
 */
export function faultContext(n: number, route: Route): FaultContext {
  return {
    n,
    service: route.service,
    format: route.format,
    language: route.language,
    startNo: wholeRowNumber(route.startNo),
    endNo: wholeRowNumber(route.endNo),
    args: [...route.args],
  };
}

/**
 * Asks the fault function, if any, for a fault. One that throws injects ERROR-500: a test bug
 * must not crash the server.
 *
 * @param pick The server's fault option.
 * @param ctx The request, as the fault function sees it.
 */
export async function pickFault(
  pick: EcosServerOptions["fault"],
  ctx: FaultContext,
): Promise<Fault | undefined> {
  if (!pick) return undefined;
  try {
    return await pick(ctx);
  } catch {
    return { kind: "code", code: "ERROR-500" };
  }
}

/**
 * Applies a fault: the reply it sends instead of, or made from, the real answer.
 *
 * @param fault The fault.
 * @param real Computes the real answer, for the faults that need it.
 * @param signal Aborts when the server closes, ending a stall.
 */
export async function applyFault(
  fault: Fault,
  real: () => Answer,
  signal: AbortSignal,
): Promise<Reply> {
  switch (fault.kind) {
    case "code":
      return { kind: "answer", answer: { code: fault.code } };
    case "status":
      return { kind: "proxy", status: fault.status };
    case "html":
      return { kind: "maintenance" };
    case "drop":
      return { kind: "dropped" };
    case "truncate":
      return { kind: "truncated", answer: real() };
    case "stall":
      return await waited(fault.ms ?? Infinity, signal)
        ? { kind: "answer", answer: real() }
        : { kind: "dropped" };
    case "total":
      return { kind: "answer", answer: withTotal(real(), fault.listTotalCount) };
  }
}

/** A page with its `list_total_count` replaced (truncated to a whole number); a code as is. */
function withTotal(answer: Answer, listTotalCount: number): Answer {
  return "code" in answer ? answer : { ...answer, total: Math.trunc(listTotalCount) };
}
