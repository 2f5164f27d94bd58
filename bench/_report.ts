/**
 * The shape of bench/RESULTS.json and its rendering as bench/RESULTS.md.
 *
 * @module
 */

import type { Timing } from "./_measure.ts";
import type { PullReport } from "./pull_memory.ts";

/** The machine the figures come from. */
export interface Machine {
  /** CPU model, from /proc/cpuinfo. */
  cpu: string;
  /** Logical cores. */
  cores: number;
  /** Total memory in bytes. */
  memoryBytes: number;
  /** The OS distribution, kernel and architecture. */
  os: string;
  /** Deno, V8 and TypeScript versions. */
  deno: string;
  v8: string;
  typescript: string;
  /** The pinned versions of the libraries that matter here. */
  libraries: Record<string, string>;
  /** The 1-minute load average when the run started and when it ended (/proc/loadavg). */
  load: { start: number | null; end: number | null };
}

/** Measurement 1, one page size. */
export interface DecodeResult {
  rows: number;
  /** The JSON body's size in bytes. */
  bytes: number;
  /** TextDecoder + JSON.parse. */
  floor: Timing;
  /** TextDecoder + decodeBody + FrameBuilder(STATISTIC_SEARCH_SCHEMA).add().finish(). */
  client: Timing;
  /** Of the client: TextDecoder + decodeBody. */
  decodeBody: Timing;
  /** Of the client: FrameBuilder from parsed rows. */
  frame: Timing;
  /** client / floor (medians). */
  ratio: number;
}

/** Measurement 2, one page size. */
export interface XmlResult {
  rows: number;
  /** The XML body's size in bytes. */
  bytes: number;
  /** The client's path on the XML body. */
  xml: Timing;
  /** The client's path on the JSON body, timed in turns with the XML path. */
  json: Timing;
  /** xml / json (medians). */
  ratio: number;
  /** TextDecoder + fast-xml-parser with the client's options. */
  xmlParser: Timing;
  /** TextDecoder + JSON.parse, timed in turns with fast-xml-parser. */
  jsonParse: Timing;
  /** xmlParser / jsonParse (medians). */
  parserRatio: number;
  /** Whether the XML and JSON bodies gave equal frames. */
  framesEqual: boolean;
}

/** Measurement 3, one concurrency. */
export interface EndToEndRow {
  concurrency: number;
  /** statisticSearch of the whole range. */
  measured: Timing;
  /** latency x pages / concurrency + pages x decode of a 10k page. */
  ideal: number;
  /** measured / ideal (median). */
  ratio: number;
  /**
   * The client's page schedule at this latency: the first page alone (it tells the total),
   * then rounds of `concurrency`: latency x (1 + ceil((pages - 1) / concurrency)) + decode.
   */
  scheduled: number;
  /** The same pages fetched on the same schedule and read as text, not decoded. */
  fetchOnly: Timing;
}

/** Measurement 3. */
export interface EndToEndResult {
  latencyMs: number;
  query: string;
  rows: number;
  pages: number;
  pageSize: number;
  /** The median decode of a 10k-row JSON page from measurement 1. */
  decodePageMs: number;
  runs: EndToEndRow[];
}

/** One size of measurement 4 or one pull of measurement 5: medians over fresh processes. */
export interface PullResult {
  mode: PullReport["mode"];
  rows: number;
  /** Processes run. */
  reps: number;
  totalMs: number;
  renderMs: number;
  clientMs: number;
  /** Peak RSS less the RSS before the pull. */
  peakRssDelta: number;
  /** Peak heapUsed less heapUsed before the pull. */
  peakHeapDelta: number;
  /** Peak RSS, absolute. */
  peakRss: number;
  /** RSS before the pull (runtime, Polars, warm-up). */
  baselineRss: number;
  /** The frame's estimated size ("frame" only). */
  frameBytes: number;
  frameBytesMethod: string;
  /** The frame's size as Arrow lays it out: 16-byte string views ("frame" only). */
  frameLayoutBytes: number;
  /** Memory samples taken during the pull (median). */
  samples: number;
  /** Every process's report. */
  raw: PullReport[];
}

/** A figure kept for "before and after". */
export interface Figure {
  label: string;
  value: number;
  unit: "x" | "ms" | "µs/row" | "B/row" | "MiB";
}

/** A target and whether it is met. */
export interface Target {
  name: string;
  /** A target of the brief, or a check of an expectation (linear cost, flat memory). */
  kind: "target" | "check";
  /** The key of the figure in `figures`. */
  figure: string;
  limit: number;
  value: number;
  met: boolean;
}

/** Everything one run measured: RESULTS.json. */
export interface Results {
  schema: 1;
  date: string;
  command: string;
  quick: boolean;
  machine: Machine;
  gcBetweenReps: boolean;
  decode: DecodeResult[];
  xml: XmlResult[];
  endToEnd: EndToEndResult;
  scale: PullResult[];
  memory: {
    frame: PullResult;
    pages: PullResult[];
    pagesCollecting: PullResult[];
    /** Peak RSS delta of the 1M frame pull / the frame's size. */
    ratio: number;
    /** Peak RSS delta of the 1M frame pull / the frame's layout size. */
    layoutRatio: number;
    /** Pages' peak RSS delta at the largest size / at the smallest. */
    pagesGrowth: number;
  };
  linearity: { timeGrowth: number; memoryGrowth: number; linear: boolean };
  figures: Record<string, Figure>;
  targets: Target[];
  before?: { date: string; machine: string; figures: Record<string, Figure> };
  notes: string[];
}

const MiB = 2 ** 20;

/** A duration: 1 decimal below 100 ms, none above. */
export function ms(v: number): string {
  return v < 100 ? `${v.toFixed(1)} ms` : `${Math.round(v).toLocaleString("en-US")} ms`;
}

/** A ratio as "1.23x". */
export const x = (v: number): string => `${v.toFixed(2)}x`;

/** A row count as 10k, 100k, 1M. */
export function rowsLabel(n: number): string {
  if (n >= 1e6 && n % 1e6 === 0) return `${n / 1e6}M`;
  if (n >= 1e3 && n % 1e3 === 0) return `${n / 1e3}k`;
  return n.toLocaleString("en-US");
}

const mib = (bytes: number) => `${(bytes / MiB).toFixed(1)} MiB`;
const range = (t: Timing) => `${ms(t.min)} – ${ms(t.max)}`;
const mark = (met: boolean) => (met ? "✅ met" : "❌ not met");

function table(head: string[], rows: string[][]): string {
  const line = (cells: string[]) => `| ${cells.join(" | ")} |`;
  return [line(head), line(head.map(() => "---")), ...rows.map(line)].join("\n");
}

function formatFigure(f: Figure | undefined): string {
  if (f === undefined) return "—";
  switch (f.unit) {
    case "x":
      return x(f.value);
    case "ms":
      return ms(f.value);
    case "µs/row":
      return `${f.value.toFixed(2)} µs/row`;
    case "B/row":
      return `${Math.round(f.value)} B/row`;
    case "MiB":
      return `${f.value.toFixed(1)} MiB`;
  }
}

/** Renders RESULTS.md. */
export function renderMarkdown(r: Results): string {
  const m = r.machine;
  const out: string[] = [];
  out.push(
    "# Benchmarks",
    "",
    `Generated by \`${r.command}\` on ${r.date}${
      r.quick ? " (**quick run: fewer repetitions**)" : ""
    }. ` +
      "Figures are medians of several repetitions (the count is in each table); ratios come " +
      "first, lower is better. The run fails only if something breaks, never on slowness.",
    "",
    table(["Machine", ""], [
      ["CPU", `${m.cpu}, ${m.cores} logical cores`],
      ["Memory", mib(m.memoryBytes)],
      ["OS", m.os],
      ["Deno", `${m.deno} (V8 ${m.v8}, TypeScript ${m.typescript})`],
      ["Libraries", Object.entries(m.libraries).map(([k, v]) => `${k} ${v}`).join(", ")],
      ["Forced GC between reps", r.gcBetweenReps ? "yes (--expose-gc)" : "no"],
      [
        "Load average (1 min)",
        `${m.load.start ?? "?"} at the start, ${m.load.end ?? "?"} at the end`,
      ],
    ]),
    "",
    "## Targets",
    "",
    "Targets come from the brief; checks test an expectation (cost linear in rows, memory " +
      "flat when pages are dropped) against a tolerance of 1.25x.",
    "",
    table(
      ["Target", "Kind", "Figure", "Limit", "Result"],
      r.targets.map((t) => [
        t.name,
        t.kind,
        formatFigure(r.figures[t.figure]),
        x(t.limit),
        mark(t.met),
      ]),
    ),
    "",
  );

  out.push(
    "## 1. Decode: a StatisticSearch JSON page to a DataFrame",
    "",
    "The client's path (`decodeBody` + `FrameBuilder` with `STATISTIC_SEARCH_SCHEMA`) against " +
      "the floor (`new TextDecoder().decode(bytes)` + `JSON.parse`) on the same bytes. Target: " +
      "at most 1.25x.",
    "",
    table(
      [
        "Rows",
        "Client / floor",
        "Best / best",
        "Client",
        "Floor",
        "of which decodeBody",
        "of which frame",
        "Body",
        "Reps",
      ],
      r.decode.map((d) => [
        rowsLabel(d.rows),
        `**${x(d.ratio)}**`,
        x(d.client.min / d.floor.min),
        ms(d.client.median),
        ms(d.floor.median),
        ms(d.decodeBody.median),
        ms(d.frame.median),
        mib(d.bytes),
        String(d.client.reps),
      ]),
    ),
    "",
    "Ranges (min – max): " +
      r.decode.map((d) => `${rowsLabel(d.rows)} client ${range(d.client)}, floor ${range(d.floor)}`)
        .join("; ") +
      ".",
    "",
  );

  out.push(
    "## 2. XML against JSON",
    "",
    "The same rows through the client's XML path against its JSON path. Target: at most 4x. " +
      "For context, fast-xml-parser alone (the client's options) against JSON.parse alone.",
    "",
    table(
      [
        "Rows",
        "XML / JSON",
        "Best / best",
        "XML path",
        "JSON path",
        "fast-xml-parser / JSON.parse",
        "fast-xml-parser",
        "JSON.parse",
        "Same frame",
        "Reps",
      ],
      r.xml.map((d) => [
        rowsLabel(d.rows),
        `**${x(d.ratio)}**`,
        x(d.xml.min / d.json.min),
        ms(d.xml.median),
        ms(d.json.median),
        x(d.parserRatio),
        ms(d.xmlParser.median),
        ms(d.jsonParse.median),
        d.framesEqual ? "yes" : "**no**",
        `${d.xml.reps} / ${d.xmlParser.reps}`,
      ]),
    ),
    "",
  );

  const e = r.endToEnd;
  out.push(
    "## 3. End to end against the bundled server",
    "",
    `\`statisticSearch\` of ${e.query}: ${e.rows.toLocaleString("en-US")} rows in ` +
      `${e.pages} pages of ${rowsLabel(e.pageSize)}, the server (in its own process) adding ` +
      `${e.latencyMs} ms to every answer. Ideal = ${e.latencyMs} ms x pages / concurrency + ` +
      `pages x ${ms(e.decodePageMs)} (a 10k page's decode, measurement 1). Target: at most ` +
      "1.3x at concurrency 4.",
    "",
    table(
      [
        "Concurrency",
        "Measured / ideal",
        "Measured",
        "Ideal",
        "Client's schedule",
        "Fetch only",
        "Reps",
      ],
      e.runs.map((run) => [
        String(run.concurrency),
        `**${x(run.ratio)}**`,
        ms(run.measured.median),
        ms(run.ideal),
        ms(run.scheduled),
        ms(run.fetchOnly.median),
        String(run.measured.reps),
      ]),
    ),
    "",
    "The ideal adds the decode to the latency as if nothing overlapped; with the server in " +
      "its own process, decoding one page overlaps waiting for the next, so a ratio below 1 is " +
      "possible. " +
      "\"Client's schedule\" is the best the client's paging can do: the first page goes alone " +
      '(it tells the total), then rounds of `concurrency` pages, plus the decode. "Fetch only" ' +
      "fetches the same pages on that schedule and reads them as text without decoding: the " +
      "server's rendering and the transport.",
    "",
  );

  const lin = r.linearity;
  out.push(
    "## 4. Scale",
    "",
    "`statisticSearch` of synthetic rows from a `fetch` stub (pages of 10k, concurrency 4), " +
      "each size in a fresh process. Client time is the pull's wall time less the stub's " +
      "rendering; memory is the peak during the pull less the RSS before it.",
    "",
    table(
      [
        "Rows",
        "Client µs/row",
        "Peak B/row",
        "Client time",
        "Wall time",
        "Stub rendering",
        "Peak RSS − before",
        "Peak heap − before",
        "Processes",
      ],
      r.scale.map((s) => [
        rowsLabel(s.rows),
        `**${((s.clientMs * 1000) / s.rows).toFixed(2)}**`,
        `**${Math.round(s.peakRssDelta / s.rows)}**`,
        ms(s.clientMs),
        ms(s.totalMs),
        ms(s.renderMs),
        mib(s.peakRssDelta),
        mib(s.peakHeapDelta),
        String(s.reps),
      ]),
    ),
    "",
    `From 100k to 1M rows the client's time per row changes ${x(lin.timeGrowth)} and the peak ` +
      `memory per row ${x(lin.memoryGrowth)}: ${
        lin.linear
          ? "cost grows linearly (per-row cost within 1.25x)"
          : "cost grows faster than linearly"
      }. At 10k rows fixed costs dominate.`,
    "",
  );

  const mem = r.memory;
  out.push(
    "## 5. Memory of a 1M-row pull",
    "",
    "Peak RSS during the pull less the RSS before it, against the frame's size. Target: at most " +
      "3x the frame as Arrow lays it out (the buffers it holds); against polars' own " +
      `estimate (${mem.frame.frameBytesMethod}), which counts a string column as the bytes of ` +
      "its values rather than its 16-byte views, the ratio is shown beside it. Then " +
      "`statisticSearchPages` over 100k, 1M and 3M rows, each page's frame dropped: beyond the " +
      "size at which V8's heap settles (about 1M rows here), its peak should not grow.",
    "",
    table(
      [
        "Pull",
        "Peak / frame (layout)",
        "Peak RSS − before",
        "Frame (layout)",
        "Peak / frame (estimatedSize)",
        "Frame (estimatedSize)",
        "Peak RSS",
        "Before",
        "Processes",
      ],
      [[
        `statisticSearch ${rowsLabel(mem.frame.rows)}`,
        `**${x(mem.layoutRatio)}**`,
        mib(mem.frame.peakRssDelta),
        mib(mem.frame.frameLayoutBytes),
        x(mem.ratio),
        mib(mem.frame.frameBytes),
        mib(mem.frame.peakRss),
        mib(mem.frame.baselineRss),
        String(mem.frame.reps),
      ]],
    ),
    "",
    table(
      ["Pull", "Growth with total", "Peak RSS − before", "Peak heap − before", "Processes"],
      [...mem.pages, ...mem.pagesCollecting].map((p) => [
        `${p.mode === "pages" ? "statisticSearchPages" : "… collecting after each page"} ` +
        rowsLabel(p.rows),
        p === mem.pages[mem.pages.length - 1]
          ? `**${x(mem.pagesGrowth)}**`
          : p === mem.pagesCollecting[mem.pagesCollecting.length - 1] &&
              mem.pagesCollecting.length > 1
          ? x(mem.pagesCollecting.at(-1)!.peakRssDelta / mem.pagesCollecting[0]!.peakRssDelta)
          : "",
        mib(p.peakRssDelta),
        mib(p.peakHeapDelta),
        String(p.reps),
      ]),
    ),
    "",
    "Polars' `estimatedSize` counts a String column as the bytes of its values; the frame " +
      "holds 16-byte views into shared buffers of distinct values, so a long repeated name " +
      "(STAT_NAME, 48 bytes) counts triple and a short code (7 bytes) less than half. The " +
      "layout column counts the views (16 B a String row, 8 a Float64, 4 a Date).",
    "",
    "Growth with total = peak RSS − before at the largest total / at the one before. The " +
      '"collecting" rows force a collection after each page: a diagnostic, not how a user ' +
      "would run it.",
    "",
  );

  out.push("## Before and after", "");
  const keys = Object.keys(r.figures);
  if (r.before) {
    out.push(
      `Before: the figures of the run of ${r.before.date} (${r.before.machine}), kept by ` +
        "`--keep-before`. Change = after / before.",
      "",
      table(
        ["Figure", "Before", "After", "Change"],
        keys.map((k) => {
          const b = r.before!.figures[k];
          const a = r.figures[k]!;
          return [a.label, formatFigure(b), formatFigure(a), b ? x(a.value / b.value) : "—"];
        }),
      ),
    );
  } else {
    out.push(
      'No "before" yet: run `deno task bench --keep-before` after a change, and the figures ' +
        'of the RESULTS.json it replaces become "before" here.',
      "",
      table(
        ["Figure", "Before", "After", "Change"],
        keys.map((k) => [r.figures[k]!.label, "—", formatFigure(r.figures[k]), "—"]),
      ),
    );
  }
  out.push("");

  out.push(
    "## How measured",
    "",
    "- `deno task bench` runs `bench/run.ts` (with `--v8-flags=--expose-gc`, so that a full " +
      "collection runs before every timed repetition). `--keep-before` keeps the previous " +
      'figures as "before"; `--quick` runs fewer repetitions and writes to `bench/out/`; ' +
      "`--deno-bench` also runs `deno bench` on `bench/*_bench.ts` (output in `bench/out/`).",
    "- Timings are wall-clock `performance.now()` medians after one unmeasured warm-up run; " +
      "the repetition counts are in the tables. The variants of one table are timed in turns " +
      "(floor, client, floor, client, ...) so that a busy spell of the machine falls on both " +
      'sides of a ratio; "Best / best" is the ratio of the fastest runs, steadier when the ' +
      "machine is shared.",
    "- Bodies for 1 and 2 are rendered by the bundled server (`startEcosServer({ keys: " +
      '["bench"] })`, table 999Y001, rows 1 to 10k and 1 to 100k). To be sure of missing ' +
      'values, every 97th DATA_VALUE is made "-" and every 89th "", in both formats.',
    "- 3 runs the server in a child process (`bench/serve.ts`, `latencyMs: 50`), pulls " +
      "999Y001 from 2010-01-01 to the first day at which the table holds 200,000 rows (found by " +
      "bisection on `list_total_count`, since the table follows the server's calendar), and " +
      "builds the client " +
      'as `new EcosClient({ baseUrl, apiKey: "bench", pageSize: 10000, concurrency, ' +
      "rateLimit: false, cache: false })`.",
    "- 4 and 5 run `bench/pull_memory.ts` in a fresh process per size and repetition: a " +
      "warm-up pull of 20k rows, a collection, then the measured pull against a `fetch` stub " +
      "(`bench/_synthetic.ts`) that renders pages on the fly (400 series of 5,000 weekdays, " +
      'Korean names, nulls, about 2% "-" or ""). Peak RSS is the kernel\'s high-water mark ' +
      "(VmHWM, reset through /proc/self/clear_refs before the pull) or the highest " +
      "`Deno.memoryUsage()` sample (every 5 ms and after every page), whichever is higher. " +
      "The frame's size is Polars' `estimatedSize` of each column, summed.",
    "",
  );
  if (r.notes.length) {
    out.push("## Notes", "", ...r.notes.map((n) => `- ${n}`), "");
  }
  return out.join("\n");
}
