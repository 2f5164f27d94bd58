/**
 * The plan of a mirror run as a few lines of text, for a command line or a log.
 *
 * @module
 */

import { SAMPLE_MAX_ROWS } from "../wire/sample.ts";
import type { MirrorPlan } from "./plan.ts";

/** Above this estimate, a plan at the sample key's page size says how to go faster. */
export const SLOW_PLAN_MS = 3 * 60_000;

/** A duration for people: "45 s", "1 min 30 s", "12 min", "3 h 20 min". */
function duration(ms: number): string {
  const s = Math.round(ms / 1000);
  if (s < 60) return `${s} s`;
  if (s < 600 && s % 60 !== 0) return `${Math.floor(s / 60)} min ${s % 60} s`;
  const min = Math.round(s / 60);
  if (min < 60) return `${min} min`;
  return `${Math.floor(min / 60)} h ${min % 60} min`;
}

const count = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

/**
 * The plan in a few lines, for a command line or a log: what is mirrored where, how many
 * units, requests and rows, and the least time at the rate limit ("within the rate limit"
 * when the requests fit in its first window). At the sample key's 10 rows a request, a plan of
 * more than {@linkcode SLOW_PLAN_MS} says so, and how to go faster.
 *
 * @param plan The plan given to `onPlan`.
 * @returns Lines of text, without a trailing newline.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { formatMirrorPlan, type MirrorPlan } from "@ecos/ecos/mirror";
 *
 * const plan: MirrorPlan = {
 *   dir: "ecos-data",
 *   baseUrl: "https://ecos.bok.or.kr/api",
 *   resumed: false,
 *   tables: [{
 *     statCode: "722Y001",
 *     statName: "Base rate",
 *     cycles: ["A", "Q", "M", "D"],
 *     units: 4,
 *     unitsDone: 0,
 *     rows: 9_000_000,
 *     requests: 900,
 *     catalogue: "fetched",
 *   }],
 *   units: 4,
 *   unitsDone: 0,
 *   unitsFull: 4,
 *   unitsIncremental: 0,
 *   rows: 9_000_000,
 *   requests: 900,
 *   catalogueRequests: 1,
 *   pageSize: 10_000,
 *   rateLimit: { requests: 300, windowMs: 180_000 },
 *   estimatedMs: 360_000,
 * };
 * const text = formatMirrorPlan(plan);
 * assert.match(text, /1 table, 4 units/);
 * assert.match(text, /About 900 requests .*: at least 6 min at 300 requests per 3 min/);
 * // A few requests: no wait at all, and no "at least 0 s".
 * const small = formatMirrorPlan({ ...plan, requests: 4, estimatedMs: 0 });
 * assert.match(small, /About 4 requests .*: within the rate limit \(300 requests per 3 min\)/);
 * ```
 */
export function formatMirrorPlan(plan: MirrorPlan): string {
  const what = [
    plan.unitsDone > 0 ? `${plan.unitsDone} done earlier in this run` : "",
    plan.unitsFull > 0 ? `${plan.unitsFull} to fetch whole` : "",
    plan.unitsIncremental > 0 ? `${plan.unitsIncremental} to update` : "",
  ].filter((s) => s !== "").join(", ");
  const limit = plan.rateLimit === false
    ? ""
    : `${plan.rateLimit.requests} requests per ${duration(plan.rateLimit.windowMs)}`;
  const pace = plan.rateLimit === false
    ? "no rate limit"
    : plan.estimatedMs < 1000
    ? `within the rate limit (${limit})`
    : `at least ${duration(plan.estimatedMs)} at ${limit}`;
  const lines = [
    `${plan.resumed ? "Resuming the mirror of" : "Mirroring"} ${
      count(plan.tables.length, "table")
    }, ` +
    `${count(plan.units, "unit")}${what ? ` (${what})` : ""}: ${plan.baseUrl} -> ${plan.dir}`,
    `About ${count(plan.requests, "request")} for about ${count(plan.rows, "row")} ` +
    `(${count(plan.pageSize, "row")} a request): ${pace}`,
  ];
  if (plan.pageSize <= SAMPLE_MAX_ROWS && plan.estimatedMs > SLOW_PLAN_MS) {
    lines.push(
      `This takes at least ${duration(plan.estimatedMs)} at ${plan.pageSize} rows a request, ` +
        "the sample key's limit: set ECOS_API_KEY to a key of your own (free at " +
        "https://ecos.bok.or.kr/api) for 50,000 rows a request, or press Ctrl-C to stop",
    );
  }
  for (const t of plan.tables) {
    lines.push(
      `  ${t.statCode} ${t.statName ?? ""} [${t.cycles.join(" ")}]: ${count(t.units, "unit")}, ` +
        `~${count(t.requests, "request")}, ~${count(t.rows, "row")}` +
        (t.catalogue === "reused" ? " (item list from the catalogue)" : ""),
    );
  }
  return lines.join("\n");
}
