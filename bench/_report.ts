/**
 * The shape of bench/RESULTS.json, and helpers to write it (bench/_report_md.ts renders it).
 *
 * @module
 */

import type { Timing } from "./_measure.ts";
import type { PullReport } from "./pull_memory.ts";
import type { SearchResult } from "./search_tables.ts";

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
  /** decodeBytes (the scanner) + paging's checks + FrameBuilder.addScanned + finish(). */
  client: Timing;
  /** Today's path before the scanner: TextDecoder + decodeBody + checks + row reader + expressions. */
  reference: Timing;
  /** Of the client: the scanner alone. */
  scan: Timing;
  /** Of the client: the frame from scanned columns. */
  frame: Timing;
  /** Of the client: paging's checks of the scanned page. */
  checks: Timing;
  /** client / floor (medians). */
  ratio: number;
  /** reference / floor (medians). */
  referenceRatio: number;
  /** Whether the client's and the reference path's frames are equal. */
  framesEqual: boolean;
}

/** Measurement 1b, one height: three ways of building a frame from scanned columns. */
export interface FrameWayResult {
  rows: number;
  /** The client's IPC stream (apache-arrow encodes the messages' metadata). */
  ipc: Timing;
  /** apache-arrow's own writer (vectors, a Table, tableToIPC). */
  apacheArrow: Timing;
  /** Polars expressions (a gather a column). */
  expressions: Timing;
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
  /** The reference JSON path (JSON.parse), timed in turns too. */
  jsonReference: Timing;
  /** xml / json (medians). */
  ratio: number;
  /** xml / jsonReference (medians). */
  referenceRatio: number;
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
  /** Fetch only (the same pages on the same schedule, not decoded) + one page's decode. */
  ideal: number;
  /** measured / ideal (median). */
  ratio: number;
  /** The earlier bench's ideal: latency x pages / concurrency + pages x a page's decode. */
  latencyIdeal: number;
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

/** Measurement 7, one page size: a pull against the bundled server at 50 ms latency. */
export interface PageSizeResult {
  /** The latency the server added to every answer. */
  latencyMs: number;
  pageSize: number;
  /** Requests the pull takes. */
  requests: number;
  measured: Timing;
}

/** Measurement 6: importing, in fresh processes. */
export interface ImportResult {
  /** mod.ts. */
  mod: Timing;
  /** nodejs-polars alone. */
  polars: Timing;
  /** nodejs-polars and zod. */
  polarsZod: Timing;
  /** mod / polars (medians). */
  ratio: number;
}

/** Measurement 8: the pull of measurement 3 with pages scanned in a Worker, or not. */
export interface WorkerResult {
  concurrency: number;
  /** Pages scanned on the main thread. */
  main: Timing;
  /** Pages scanned in a Worker (bytes and columns transferred). */
  worker: Timing;
  /** worker / main (medians). */
  ratio: number;
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
  schema: 2;
  date: string;
  command: string;
  quick: boolean;
  machine: Machine;
  gcBetweenReps: boolean;
  decode: DecodeResult[];
  frames: FrameWayResult[];
  xml: XmlResult[];
  endToEnd: EndToEndResult;
  pageSize: PageSizeResult[];
  scale: PullResult[];
  /** The 1M pull decoded the reference way, against the client's. */
  reference: { pull: PullResult; timeRatio: number; memoryRatio: number };
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
  imports: ImportResult;
  worker: WorkerResult;
  /** Measurement 9 (absent from runs before it existed). */
  search?: SearchResult;
  figures: Record<string, Figure>;
  targets: Target[];
  before?: {
    date: string;
    machine: string;
    load?: { start: number | null; end: number | null };
    figures: Record<string, Figure>;
  };
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

/** Bytes as MiB with one decimal. */
export const mib = (bytes: number): string => `${(bytes / MiB).toFixed(1)} MiB`;
/** A timing's range. */
export const range = (t: Timing): string => `${ms(t.min)} – ${ms(t.max)}`;
/** A target's verdict. */
export const mark = (met: boolean): string => (met ? "✅ met" : "❌ not met");

/** A Markdown table. */
export function table(head: string[], rows: string[][]): string {
  const line = (cells: string[]) => `| ${cells.join(" | ")} |`;
  return [line(head), line(head.map(() => "---")), ...rows.map(line)].join("\n");
}

/** A figure in its unit. */
export function formatFigure(f: Figure | undefined): string {
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
