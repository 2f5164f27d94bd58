/**
 * What a fact is: a claim the module relies on (written down in the wire notes, with its
 * evidence), the requests whose answers test it, and a check that says what was seen and
 * whether it agrees. Checks read only the exchanges, so that they run the same over a live run
 * and over recorded fixtures.
 *
 * @module
 */

import { loadBodyParser, type ReadBody, readBody } from "./body.ts";
import type { LiveExchange } from "./exchange.ts";

/**
 * A fact's verdict: what was seen `agree`s with what the module relies on, or `differ`s; or,
 * for an open question that either answer leaves the module working with, is `noted` (what
 * was seen is new evidence, not a failure).
 */
export type Verdict = "agree" | "differ" | "noted";

/** A fact held against the answers. */
export interface FactResult {
  /** The fact, e.g. "INFO-100 for a key no account has". */
  fact: string;
  /** What the module relies on, in short. */
  expected: string;
  /** What came back, in short. */
  seen: string;
  /** Whether the two agree. */
  verdict: Verdict;
  /** Where the expectation comes from: "captured", "measured live", "guide", ... */
  evidence: string;
  /** The names of the requests whose answers it read. */
  requests: readonly string[];
}

/** What a check returns: what it saw and its verdict. */
export interface Seen {
  /** What came back, in short. */
  seen: string;
  /** The verdict. */
  verdict: Verdict;
}

/** A fact and its check. */
export interface FactCheck {
  /** The fact. */
  fact: string;
  /** What the module relies on. */
  expected: string;
  /** Where the expectation comes from. */
  evidence: string;
  /** The requests it reads. */
  requests: readonly string[];
  /** Holds the fact against the answers. */
  check(answers: Answers): Seen | Promise<Seen>;
}

/** The exchanges of a run, by request name, each body read once. */
export class Answers {
  readonly #exchanges = new Map<string, LiveExchange>();
  readonly #read = new Map<string, ReadBody>();

  /** @param exchanges The run's exchanges. */
  constructor(exchanges: readonly LiveExchange[]) {
    for (const e of exchanges) this.#exchanges.set(e.name, e);
  }

  /** Every exchange, in order. */
  get all(): LiveExchange[] {
    return [...this.#exchanges.values()];
  }

  /**
   * One request's exchange.
   *
   * @param name The request's name.
   * @returns The exchange, or undefined when the run holds none of that name.
   */
  exchange(name: string): LiveExchange | undefined {
    return this.#exchanges.get(name);
  }

  /**
   * One request's body, read.
   *
   * @param name The request's name.
   * @returns The body read; "none" when the run holds no such request.
   */
  body(name: string): ReadBody {
    const known = this.#read.get(name);
    if (known) return known;
    const exchange = this.#exchanges.get(name);
    const read: ReadBody = exchange
      ? readBody(exchange)
      : { kind: "none", why: `request ${name} is not in this run` };
    this.#read.set(name, read);
    return read;
  }
}

/** `agree` when true, else `differ`. */
export const verdict = (ok: boolean): Verdict => ok ? "agree" : "differ";

/** What a check saw, and that it agrees. */
export const agree = (seen: string): Seen => ({ seen, verdict: "agree" });

/** What a check saw, and that it differs. */
export const differ = (seen: string): Seen => ({ seen, verdict: "differ" });

/**
 * An answer in a few words: "12 rows of 12", "INFO-200", "HTTP 503, an HTML page".
 *
 * @param read The body read.
 * @returns The words.
 */
export function describe(read: ReadBody): string {
  if (read.kind === "none") return read.why;
  if (read.kind === "result") return read.code === "" ? "a RESULT without CODE" : read.code;
  return `${read.rows.length} ${read.rows.length === 1 ? "row" : "rows"} of ${String(read.total)}`;
}

/**
 * A text quoted for the table, cut to `max` characters and on one line.
 *
 * @param text Any text.
 * @param max The most characters kept.
 * @returns The text in double quotes, escaped as JSON.
 */
export function quote(text: string, max = 200): string {
  const cut = text.length > max ? `${text.slice(0, max - 1)}…` : text;
  return JSON.stringify(cut);
}

/**
 * Runs every check; a check that throws is a difference that says so, never a crash.
 *
 * @param checks The facts and their checks.
 * @param answers The run's answers.
 * @returns One result a fact, in order.
 */
export async function holdFacts(
  checks: readonly FactCheck[],
  answers: Answers,
): Promise<FactResult[]> {
  // Checks read bodies synchronously; an XML one needs the parser there.
  await loadBodyParser();
  const out: FactResult[] = [];
  for (const c of checks) {
    let seen: Seen;
    try {
      seen = await c.check(answers);
    } catch (e) {
      const why = e instanceof Error ? `${e.name}: ${e.message}` : String(e);
      seen = { seen: `the check failed: ${why}`, verdict: "differ" };
    }
    out.push({
      fact: c.fact,
      expected: c.expected,
      seen: seen.seen,
      verdict: seen.verdict,
      evidence: c.evidence,
      requests: c.requests,
    });
  }
  return out;
}
