/**
 * `ecos doctor`: the live check (src/live/) from the command line. With ECOS_API_KEY it sends
 * the check's fixed requests to the live service (or the server ECOS_BASE_URL names), prints
 * the table of facts and exits 1 when any differs; without a key it says it was skipped, and
 * why, and exits 0. `--record DIR` keeps every body as fixtures; `--replay DIR` holds the facts
 * against such fixtures and sends nothing.
 *
 * @module
 */

import { isLoopback, LIVE_BASE_URL, redact } from "../client/mod.ts";
import { isoDate } from "../util/iso_date.ts";
import {
  checkBaseUrl,
  checkFacts,
  exitStatus,
  formatReport,
  LIVE_REQUESTS,
  readRecording,
  runLiveCheck,
  skipReason,
} from "../live/mod.ts";
import { type Command, defineCommand } from "./command.ts";
import { EXIT_OK, UsageError } from "./errors.ts";
import { type Flags, verbatim, wholeNumber } from "./flag.ts";

/** How long one request of the check may take, by default: a stalling service is cut off. */
const DEFAULT_TIMEOUT_MS = 20_000;
/** How long the whole check may take, by default; then what was seen is reported. */
const DEFAULT_DEADLINE_MS = 120_000;
/** The longest a timer can wait. */
const MAX_TIMER_MS = 2_147_483_647;

/** A number of milliseconds a timer can wait: 1 to about 24 days. */
function timerMs(text: string, flag: string): number {
  const ms = wholeNumber(1)(text, flag);
  if (ms > MAX_TIMER_MS) {
    throw new TypeError(`Give ${flag} at most ${MAX_TIMER_MS} milliseconds: got ${text}`);
  }
  return ms;
}

/** The flags of `ecos doctor`. */
const DOCTOR_FLAGS = {
  record: {
    type: "string",
    name: "record",
    value: "DIR",
    help: "save every body, the key removed, in DIR (created if missing), one file a\n" +
      "request, with index.json: fixtures that --replay and the tests read",
    check: verbatim,
  },
  replay: {
    type: "string",
    name: "replay",
    value: "DIR",
    help: "hold the facts against bodies --record saved in DIR; nothing is sent",
    check: verbatim,
  },
  timeoutMs: {
    type: "string",
    name: "timeout",
    value: "MS",
    help: `how long one request may take (default ${DEFAULT_TIMEOUT_MS})`,
    check: timerMs,
  },
  deadlineMs: {
    type: "string",
    name: "deadline",
    value: "MS",
    help: `how long the whole check may take (default ${DEFAULT_DEADLINE_MS}); then it\n` +
      "reports what it saw",
    check: timerMs,
  },
} as const satisfies Flags;

/** A TypeError of the check (a bad base URL, a directory that is no recording) as bad usage. */
function asUsage(e: unknown): never {
  if (e instanceof TypeError) throw new UsageError(e.message, doctor.usage, { cause: e });
  throw e;
}

/**
 * `ecos doctor`: checks the live service against every wire fact the module relies on.
 *
 * @example Without a key it is skipped, and sends nothing
 * ```ts
 * import assert from "node:assert/strict";
 * import { runCommand } from "./command.ts";
 * import { doctor } from "./doctor.ts";
 * import { resolveIO } from "./io.ts";
 *
 * let out = "";
 * const io = resolveIO({ stdout: (t) => (out += t), env: {} });
 * assert.equal(await runCommand(doctor, [], io), 0);
 * assert.match(out, /^skipped: ECOS_API_KEY is not set/);
 * ```
 */
export const doctor: Command<typeof DOCTOR_FLAGS> = defineCommand({
  name: "doctor",
  synopsis: "",
  summary: "check the live service against the module's wire facts",
  description:
    `Sends ${LIVE_REQUESTS.length} fixed requests to the live ECOS service, one a second ` +
    "(a server on this\nmachine is not paced), and holds every wire fact the module relies on " +
    "against the answers:\nenvelopes, result codes and their Korean messages, which code wins, " +
    "the half-monthly\nspelling, TIME labels per cycle, the key statistics, the largest page, " +
    "end periods in the\nfuture. Prints a table of fact, expected, seen and verdict; exits 1 " +
    "when any fact differs.\n\nNeeds ECOS_API_KEY (a key of your own); without it, says so and " +
    "exits 0. ECOS_BASE_URL\npoints it at another server (https, or http on this machine; " +
    "ECOS_ALLOW_INSECURE_HTTP=1\nallows http elsewhere). The key appears in no output or file. Each request " +
    "has a time\nlimit (--timeout) and the whole check a deadline (--deadline): a stalling " +
    "service is\nreported on with what was seen by then.",
  args: [],
  arity: { min: 0, max: 0 },
  flags: DOCTOR_FLAGS,
  examples: ["ECOS_API_KEY=yourkey ecos doctor --record live-fixtures"],
  async run({ values: { record, replay, timeoutMs, deadlineMs } }, io) {
    if (record !== undefined && replay !== undefined) {
      throw new UsageError("Give --record or --replay, not both", doctor.usage);
    }
    if (replay !== undefined) {
      const exchanges = await readRecording(replay).catch(asUsage);
      const results = await checkFacts(exchanges);
      io.stdout(
        `Replayed ${exchanges.length} recorded answers from ${replay}\n\n` +
          formatReport(results, exchanges),
      );
      return exitStatus(results);
    }
    const apiKey = io.env.ECOS_API_KEY || undefined;
    const skip = skipReason(apiKey);
    if (skip !== undefined || apiKey === undefined) {
      io.stdout(`${skip}\n`);
      return EXIT_OK;
    }
    const baseUrl = io.env.ECOS_BASE_URL || LIVE_BASE_URL;
    // As the client: plain http to another machine only when asked for.
    const allowInsecureHttp = io.env.ECOS_ALLOW_INSECURE_HTTP === "1";
    try {
      checkBaseUrl(baseUrl, allowInsecureHttp);
    } catch (e) {
      asUsage(e);
    }
    const hide = (text: string) => redact(text, [apiKey]);
    const paced = isLoopback(baseUrl) ? "" : `, one a second (about ${LIVE_REQUESTS.length} s)`;
    io.stderr(hide(`Checking ${baseUrl} with ${LIVE_REQUESTS.length} requests${paced}\n`));
    const onRequest = io.isTTY
      ? (i: number, n: number, name: string) =>
        io.stderr(`\r\x1b[K  ${i}/${n} ${name}${i === n ? "\r\x1b[K" : ""}`)
      : undefined;
    const run = await runLiveCheck({
      apiKey,
      baseUrl,
      allowInsecureHttp,
      timeoutMs: timeoutMs ?? DEFAULT_TIMEOUT_MS,
      deadlineMs: deadlineMs ?? DEFAULT_DEADLINE_MS,
      ...(record === undefined ? {} : { record }),
      ...(io.signal === undefined ? {} : { signal: io.signal }),
      ...(onRequest === undefined ? {} : { onRequest }),
    });
    io.stdout(hide(
      `ECOS live check of ${baseUrl}, ${isoDate(io.now())}\n\n` +
        formatReport(run.results, run.exchanges),
    ));
    if (record !== undefined) {
      io.stdout(
        `\nRecorded ${run.recorded.length - 1} bodies and index.json in ${record} ` +
          "(the key removed)\n",
      );
    }
    return exitStatus(run.results);
  },
});
