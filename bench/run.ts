/**
 * Runs every measurement and writes bench/RESULTS.md and bench/RESULTS.json. A benchmark, not
 * a test: nothing fails on slowness; the targets are reported, met or not.
 *
 *     deno task bench [--keep-before] [--quick] [--deno-bench]
 *
 * - `--keep-before`: the figures of the RESULTS.json being replaced become "before".
 * - `--quick`: fewer repetitions, written to bench/out/ (the committed results stay).
 * - `--deno-bench`: also run `deno bench` on bench/*_bench.ts, output to bench/out/.
 *
 * @module
 */

import { EcosClient } from "../mod.ts";
import { canCollect, median, settle, summarise, timeInTurns } from "./_measure.ts";
import {
  BENCH_KEY,
  checksOf,
  clientDecode,
  floorJson,
  loadBenchXmlParser,
  referenceDecode,
  renderPanelPages,
  scannedFrame,
  scanOnly,
  searchUrl,
  xmlParserAlone,
} from "./_bodies.ts";
import {
  type DecodeResult,
  type EndToEndResult,
  type EndToEndRow,
  type FrameWayResult,
  type ImportResult,
  type Machine,
  type PageSizeResult,
  type PullResult,
  type Results,
  rowsLabel,
  type WorkerResult,
  type XmlResult,
} from "./_report.ts";
import { renderMarkdown } from "./_report_md.ts";
import { figuresOf, targetsOf } from "./_figures.ts";
import type { PullMode, PullReport } from "./pull_memory.ts";
import { spawnServer } from "./serve.ts";
import { FrameBuilder } from "../src/client/_frame.ts";
import { STATISTIC_SEARCH_SCHEMA } from "../src/wire/columns.ts";
import { apacheArrowFrame } from "./_arrow_writer.ts";
import { measureSearch } from "./search_tables.ts";

const flags = new Set(Deno.args);
const QUICK = flags.has("--quick");
const KEEP_BEFORE = flags.has("--keep-before");
const DENO_BENCH = flags.has("--deno-bench");

const HERE = new URL(".", import.meta.url);
const OUT_DIR = new URL("out/", HERE);
const RESULTS_DIR = QUICK ? OUT_DIR : HERE;
const RESULTS_JSON = new URL(QUICK ? "RESULTS.quick.json" : "RESULTS.json", RESULTS_DIR);
const RESULTS_MD = new URL(QUICK ? "RESULTS.quick.md" : "RESULTS.md", RESULTS_DIR);

/** Repetitions: measured runs (or processes) per figure. */
const REPS = QUICK
  ? { decode: [9, 5, 3], xml: [3, 1], frames: 5, e2e: 2, pull: [2, 2, 1], pages: 1, imports: 3 }
  : { decode: [91, 15, 7], xml: [7, 3], frames: 11, e2e: 7, pull: [5, 5, 5], pages: 3, imports: 9 };

const SIZES = [1_000, 10_000, 100_000];
const XML_SIZES = [10_000, 100_000];
const FRAME_SIZES = [1_000, 10_000, 20_000, 50_000, 100_000];
const SCALE_SIZES = [10_000, 100_000, 1_000_000];
const LATENCY_MS = 50;
const E2E_PAGE = 10_000;
const E2E_CONCURRENCY = [1, 4, 8];
const PAGE_SIZES = [2_000, 5_000, 10_000, 20_000, 50_000, 100_000];
/** A latency farther from the service, for page sizes. */
const FAR_LATENCY_MS = 150;
const FAR_PAGE_SIZES = [10_000, 20_000, 50_000, 100_000];
/** Rows the end-to-end pull should have: its end date is searched for on the server. */
const E2E_ROWS = 200_000;
/** The end-to-end query, without its end date. */
const E2E_FROM = { statCode: "999Y001", cycle: "D", start: "20100101" } as const;

/** An end-to-end query: 999Y001 from 2010 to `end`. */
type EndToEndQuery = typeof E2E_FROM & { end: string };

const notes: string[] = [];
const log = (s: string) => console.error(`[bench] ${s}`);

// ---------------------------------------------------------------------------------------------
// The machine

/** The 1-minute load average, or null off Linux. */
function loadAverage(): number | null {
  try {
    const first = Deno.readTextFileSync("/proc/loadavg").split(" ")[0];
    return first === undefined ? null : Number(first);
  } catch {
    return null;
  }
}

function machine(): Machine {
  const read = (path: string) => {
    try {
      return Deno.readTextFileSync(path);
    } catch {
      return "";
    }
  };
  const cpuinfo = read("/proc/cpuinfo");
  const cpu = /^model name\s*:\s*(.+)$/m.exec(cpuinfo)?.[1]?.trim() ?? "unknown";
  const cores = (cpuinfo.match(/^processor\s*:/gm) ?? []).length || navigator.hardwareConcurrency;
  const distro = /^PRETTY_NAME="?([^"\n]+)"?/m.exec(read("/etc/os-release"))?.[1] ?? Deno.build.os;
  const deps = read(new URL("../src/deps.ts", HERE).pathname);
  const libraries: Record<string, string> = {};
  for (const name of ["nodejs-polars", "fast-xml-parser", "apache-arrow"]) {
    const version = new RegExp(`npm:${name}@([\\w.-]+)`).exec(deps)?.[1];
    if (version) libraries[name] = version;
  }
  return {
    cpu,
    cores,
    memoryBytes: Deno.systemMemoryInfo().total,
    os: `${distro}, kernel ${Deno.osRelease()}, ${Deno.build.arch}`,
    deno: Deno.version.deno,
    v8: Deno.version.v8,
    typescript: Deno.version.typescript,
    libraries,
    load: { start: loadAverage(), end: null },
  };
}

// ---------------------------------------------------------------------------------------------
// 1 and 2: decode, building a frame, XML

async function decodeFramesXml(): Promise<
  { decode: DecodeResult[]; frames: FrameWayResult[]; xml: XmlResult[] }
> {
  await loadBenchXmlParser();
  const sizes = [...new Set([...SIZES, ...FRAME_SIZES, ...XML_SIZES])].sort((a, b) => a - b);
  log(`rendering 999Y001 pages of ${sizes.map(rowsLabel).join(", ")} rows from the bundled server`);
  const pages = await renderPanelPages(sizes);
  const decode: DecodeResult[] = [];
  for (const [i, size] of SIZES.entries()) {
    const page = pages.get(size)!;
    const reps = REPS.decode[i]!;
    log(`1. decode ${rowsLabel(size)} rows, ${reps} reps`);
    const scanned = scanOnly(page.json);
    const checks = checksOf(page.json);
    const framesEqual = clientDecode(page.json).frameEqual(referenceDecode(page.json), true);
    if (!framesEqual) {
      notes.push(`The client's and the reference path's frames of ${rowsLabel(size)} rows differ.`);
    }
    const t = await timeInTurns({
      floor: () => floorJson(page.json),
      client: () => clientDecode(page.json),
      reference: () => referenceDecode(page.json),
      scan: () => scanOnly(page.json),
      frame: () => scannedFrame(scanned),
      checks,
    }, { reps, warmup: 2 });
    decode.push({
      rows: size,
      bytes: page.json.byteLength,
      ...t,
      ratio: t.client.median / t.floor.median,
      referenceRatio: t.reference.median / t.floor.median,
      framesEqual,
    });
  }

  const frames: FrameWayResult[] = [];
  for (const size of FRAME_SIZES) {
    log(`1b. building a frame of ${rowsLabel(size)} rows, three ways, ${REPS.frames} reps`);
    const scanned = scanOnly(pages.get(size)!.json);
    // The same columns as the client's builder makes them, written by apache-arrow.
    const theirs = () =>
      apacheArrowFrame(
        new FrameBuilder(STATISTIC_SEARCH_SCHEMA).add(scanned)._arrowColumns(),
        size,
      );
    const ours = scannedFrame(scanned, "ipc");
    if (
      !ours.frameEqual(theirs(), true) || !ours.frameEqual(scannedFrame(scanned, "expressions"))
    ) {
      notes.push(`The three ways of building a frame of ${rowsLabel(size)} rows disagree.`);
    }
    const t = await timeInTurns({
      ipc: () => scannedFrame(scanned, "ipc"),
      apacheArrow: theirs,
      expressions: () => scannedFrame(scanned, "expressions"),
    }, { reps: REPS.frames, warmup: 2 });
    frames.push({ rows: size, ...t });
  }

  const xml: XmlResult[] = [];
  for (const [i, size] of XML_SIZES.entries()) {
    const page = pages.get(size)!;
    const reps = REPS.xml[i]!;
    log(`2. XML ${rowsLabel(size)} rows, ${reps} reps`);
    const framesEqual = clientDecode(page.xml).frameEqual(clientDecode(page.json), true);
    if (!framesEqual) {
      notes.push(
        `The XML and JSON bodies of ${rowsLabel(size)} rows gave different frames: the XML ` +
          "figures compare different work.",
      );
    }
    const t = await timeInTurns({
      xml: () => clientDecode(page.xml),
      json: () => clientDecode(page.json),
      jsonReference: () => referenceDecode(page.json),
      xmlParser: () => xmlParserAlone(page.xml),
      jsonParse: () => floorJson(page.json),
    }, { reps });
    xml.push({
      rows: size,
      bytes: page.xml.byteLength,
      ...t,
      ratio: t.xml.median / t.json.median,
      referenceRatio: t.xml.median / t.jsonReference.median,
      parserRatio: t.xmlParser.median / t.jsonParse.median,
      framesEqual,
    });
  }
  return { decode, frames, xml };
}

// ---------------------------------------------------------------------------------------------
// 3: end to end; 7: page size

/** The client's schedule without the client: first page alone, then a window of pages. */
async function fetchOnly(
  baseUrl: string,
  query: EndToEndQuery,
  pageSize: number,
  pages: number,
  concurrency: number,
): Promise<void> {
  const { statCode, cycle, start, end } = query;
  const get = async (page: number) => {
    const first = page * pageSize + 1;
    const url = searchUrl(baseUrl, [statCode, cycle, start, end], first, first + pageSize - 1);
    const bytes = await (await fetch(url)).bytes();
    if (bytes[2] !== 0x53) throw new Error("The bench server did not answer");
  };
  await get(0);
  let next = 1;
  const worker = async () => {
    while (next < pages) await get(next++);
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

/** A query's `list_total_count`, from a page of one row. */
async function totalOf(baseUrl: string, q: EndToEndQuery): Promise<number> {
  const res = await fetch(searchUrl(baseUrl, [q.statCode, q.cycle, q.start, q.end], 1, 1));
  const body = await res.json();
  return body.StatisticSearch?.list_total_count ?? 0;
}

/**
 * The end date that makes 999Y001 from 2010 match about `rows` rows: the first day at which
 * the total reaches it, found by bisection (the table's calendar is the server's business).
 */
async function rangeOfAbout(
  baseUrl: string,
  rows: number,
): Promise<{ query: EndToEndQuery; total: number }> {
  const day = (n: number) =>
    new Date(Date.UTC(2010, 0, 1 + n)).toISOString().slice(0, 10).replaceAll("-", "");
  const queryTo = (n: number): EndToEndQuery => ({ ...E2E_FROM, end: day(n) });
  let lo = 0;
  let hi = 366 * 17; // to 2026, past the table's last day
  if (await totalOf(baseUrl, queryTo(hi)) < rows) {
    notes.push(`999Y001 holds fewer than ${rows} rows: the end-to-end pull takes all of it.`);
  } else {
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (await totalOf(baseUrl, queryTo(mid)) >= rows) hi = mid;
      else lo = mid + 1;
    }
  }
  const query = queryTo(hi);
  return { query, total: await totalOf(baseUrl, query) };
}

const benchClient = (baseUrl: string, pageSize: number, concurrency: number) =>
  new EcosClient({
    baseUrl,
    apiKey: BENCH_KEY,
    pageSize,
    concurrency,
    rateLimit: false,
    cache: false,
  });

async function endToEnd(
  decodePageMs: number,
): Promise<{ endToEnd: EndToEndResult; pageSize: PageSizeResult[] }> {
  log(`3. end to end: bundled server in a child process, latency ${LATENCY_MS} ms`);
  await using server = await spawnServer(LATENCY_MS);
  const { query, total } = await rangeOfAbout(server.url, E2E_ROWS);
  const { statCode, cycle, start, end } = query;
  const pages = Math.ceil(total / E2E_PAGE);
  // Repetitions go round the concurrencies (1, 4, 8, 1, 4, 8, ...), so that a slow spell of
  // the machine falls on all of them rather than on one.
  const clients = E2E_CONCURRENCY.map((c) => benchClient(server.url, E2E_PAGE, c));
  const pulled = E2E_CONCURRENCY.map(() => [] as number[]);
  const fetchedOnly = E2E_CONCURRENCY.map(() => [] as number[]);
  log(`3. end to end: concurrency ${E2E_CONCURRENCY.join(", ")}, ${REPS.e2e} reps, round robin`);
  for (let rep = -1; rep < REPS.e2e; rep++) {
    for (const [i, concurrency] of E2E_CONCURRENCY.entries()) {
      await settle();
      let t0 = performance.now();
      const height = (await clients[i]!.statisticSearch(query)).height;
      const pullMs = performance.now() - t0;
      if (height !== total) {
        notes.push(`The end-to-end pull returned ${height} rows, not ${total}.`);
      }
      await settle();
      t0 = performance.now();
      await fetchOnly(server.url, query, E2E_PAGE, pages, concurrency);
      const fetchMs = performance.now() - t0;
      if (rep < 0) continue; // the warm-up round
      pulled[i]!.push(pullMs);
      fetchedOnly[i]!.push(fetchMs);
    }
  }
  const runs: EndToEndRow[] = [];
  for (const [i, concurrency] of E2E_CONCURRENCY.entries()) {
    const measured = summarise(pulled[i]!);
    const fetched = summarise(fetchedOnly[i]!);
    const latency = LATENCY_MS * (1 + Math.ceil((pages - 1) / concurrency));
    // What the client cannot do without: the bytes, fetched on its own schedule, and the
    // decode of the last page, which nothing can overlap.
    const ideal = fetched.median + decodePageMs;
    runs.push({
      concurrency,
      measured,
      ideal,
      ratio: measured.median / ideal,
      latencyIdeal: (LATENCY_MS * pages) / concurrency + pages * decodePageMs,
      scheduled: latency + decodePageMs,
      fetchOnly: fetched,
    });
  }

  const pageSize = await pageSizes(server.url, query, total, LATENCY_MS, PAGE_SIZES);
  {
    await using far = await spawnServer(FAR_LATENCY_MS);
    pageSize.push(...await pageSizes(far.url, query, total, FAR_LATENCY_MS, FAR_PAGE_SIZES));
  }
  return {
    endToEnd: {
      latencyMs: LATENCY_MS,
      query: `${statCode} ${cycle} ${start}–${end}`,
      rows: total,
      pages,
      pageSize: E2E_PAGE,
      decodePageMs,
      runs,
    },
    pageSize,
  };
}

/** Measurement 7 at one latency: the pull with each page size, in turns. */
async function pageSizes(
  baseUrl: string,
  query: EndToEndQuery,
  total: number,
  latencyMs: number,
  sizes: readonly number[],
): Promise<PageSizeResult[]> {
  log(`7. page size at ${latencyMs} ms: ${sizes.map(rowsLabel).join(", ")}, concurrency 4`);
  const bySize = sizes.map(() => [] as number[]);
  const clients = sizes.map((size) => benchClient(baseUrl, size, 4));
  for (let rep = -1; rep < Math.max(2, REPS.e2e - 2); rep++) {
    for (const [i] of sizes.entries()) {
      await settle();
      const t0 = performance.now();
      await clients[i]!.statisticSearch(query);
      if (rep >= 0) bySize[i]!.push(performance.now() - t0);
    }
  }
  return sizes.map((size, i) => ({
    latencyMs,
    pageSize: size,
    requests: Math.ceil(total / size),
    measured: summarise(bySize[i]!),
  }));
}

// ---------------------------------------------------------------------------------------------
// 4 and 5: pulls in fresh processes; 6: imports in fresh processes

/** Runs a script of bench/ in a fresh process (collections allowed); the JSON of its last line. */
async function lastLineOf<T>(script: string, args: string[]): Promise<T> {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "--v8-flags=--expose-gc", new URL(script, HERE).pathname, ...args],
    stdout: "piped",
    stderr: "piped",
  }).output();
  const stdout = new TextDecoder().decode(out.stdout).trim();
  if (!out.success) {
    const stderr = new TextDecoder().decode(out.stderr);
    throw new Error(`bench/${script} ${args.join(" ")} failed:\n${stderr}`);
  }
  return JSON.parse(stdout.slice(stdout.lastIndexOf("\n") + 1)) as T;
}

function pullOnce(rows: number, mode: PullMode): Promise<PullReport> {
  return lastLineOf("pull_memory.ts", [String(rows), mode]);
}

/** Pulls in turns: each repetition runs every mode once, so that a slow spell hits all. */
async function pullsInTurns(rows: number, modes: PullMode[], reps: number) {
  log(`4/5. ${modes.join(" and ")} ${rowsLabel(rows)} rows, ${reps} fresh processes each`);
  const raw = new Map<PullMode, PullReport[]>(modes.map((m) => [m, []]));
  for (let i = 0; i < reps; i++) for (const m of modes) raw.get(m)!.push(await pullOnce(rows, m));
  return modes.map((mode) => summarisePulls(rows, mode, raw.get(mode)!));
}

function summarisePulls(rows: number, mode: PullMode, raw: PullReport[]): PullResult {
  const med = (f: (r: PullReport) => number) => median(raw.map(f));
  return {
    mode,
    rows,
    reps: raw.length,
    totalMs: med((r) => r.totalMs),
    renderMs: med((r) => r.renderMs),
    clientMs: med((r) => r.clientMs),
    peakRssDelta: med((r) => r.peak.rss - r.baseline.rss),
    peakHeapDelta: med((r) => r.peak.heapUsed - r.baseline.heapUsed),
    peakRss: med((r) => r.peak.rss),
    baselineRss: med((r) => r.baseline.rss),
    frameBytes: med((r) => r.frameBytes),
    frameBytesMethod: raw[0]!.frameBytesMethod,
    frameLayoutBytes: med((r) => r.frameLayoutBytes),
    samples: med((r) => r.peak.samples),
    raw,
  };
}

async function workerProbe(): Promise<WorkerResult> {
  const reps = Math.max(3, REPS.e2e - 2);
  log(`8. decoding in a Worker: bench/worker_probe.ts, ${reps} reps`);
  return await lastLineOf("worker_probe.ts", [String(reps), "4"]);
}

async function imports(): Promise<ImportResult> {
  const modules = {
    mod: new URL("../mod.ts", HERE).href,
    polars: "npm:nodejs-polars@0.25.2",
    polarsZod: "npm:nodejs-polars@0.25.2,npm:zod@4.6.7",
  };
  log(`6. import times, ${REPS.imports} fresh processes each, in turns`);
  const samples: Record<keyof typeof modules, number[]> = { mod: [], polars: [], polarsZod: [] };
  for (let i = -1; i < REPS.imports; i++) {
    for (const [name, specifier] of Object.entries(modules) as [keyof typeof modules, string][]) {
      const out = await new Deno.Command(Deno.execPath(), {
        args: ["run", "-A", new URL("import_time.ts", HERE).pathname, specifier],
        stdout: "piped",
        stderr: "null",
      }).output();
      if (i >= 0) samples[name].push(Number(new TextDecoder().decode(out.stdout).trim()));
    }
  }
  const mod = summarise(samples.mod);
  const polars = summarise(samples.polars);
  return {
    mod,
    polars,
    polarsZod: summarise(samples.polarsZod),
    ratio: mod.median / polars.median,
  };
}

// ---------------------------------------------------------------------------------------------

async function previousFigures(): Promise<Results["before"]> {
  try {
    const prev = JSON.parse(await Deno.readTextFile(RESULTS_JSON)) as Results;
    return {
      date: prev.date,
      machine: `${prev.machine.cpu}, ${prev.machine.cores} cores`,
      load: prev.machine.load,
      figures: prev.figures,
    };
  } catch {
    notes.push(`--keep-before: there was no readable ${RESULTS_JSON.pathname} to keep.`);
    return undefined;
  }
}

async function main() {
  const started = performance.now();
  if (!canCollect) {
    notes.push("Run without --expose-gc: no collection was forced between repetitions.");
  }
  await Deno.mkdir(OUT_DIR, { recursive: true });
  const before = KEEP_BEFORE ? await previousFigures() : undefined;
  const host = machine();

  const { decode, frames, xml } = await decodeFramesXml();
  await settle();
  const decodePageMs = decode.find((d) => d.rows === E2E_PAGE)!.client.median;
  const { endToEnd: e2e, pageSize } = await endToEnd(decodePageMs);
  const worker = await workerProbe();

  const scale: PullResult[] = [];
  let reference1m: PullResult | undefined;
  for (const [i, rows] of SCALE_SIZES.entries()) {
    const modes: PullMode[] = rows === 1_000_000 ? ["frame", "frame-reference"] : ["frame"];
    const [fast, ref] = await pullsInTurns(rows, modes, REPS.pull[i]!);
    scale.push(fast!);
    if (ref !== undefined) reference1m = ref;
  }
  const frame1m = scale.at(-1)!;
  const pages = [
    ...await pullsInTurns(100_000, ["pages"], REPS.pages),
    ...await pullsInTurns(1_000_000, ["pages"], REPS.pages),
    ...await pullsInTurns(3_000_000, ["pages"], 1),
  ];
  const pagesCollecting = [
    ...await pullsInTurns(100_000, ["pages-gc"], 1),
    ...await pullsInTurns(1_000_000, ["pages-gc"], 1),
  ];
  const importTimes = await imports();
  log("9. table search over the whole catalogue");
  const search = measureSearch(QUICK ? 3 : 11);

  const perRow = (s: PullResult) => s.clientMs / s.rows;
  const perRowMem = (s: PullResult) => s.peakRssDelta / s.rows;
  const s100k = scale.find((s) => s.rows === 100_000)!;
  const linearity = {
    timeGrowth: perRow(frame1m) / perRow(s100k),
    memoryGrowth: perRowMem(frame1m) / perRowMem(s100k),
    linear: false,
  };
  linearity.linear = linearity.timeGrowth <= 1.25 && linearity.memoryGrowth <= 1.25;

  for (const s of [...scale, ...pages]) {
    if (s.samples < 10 && s.rows >= 100_000) {
      notes.push(
        `Only ${s.samples} memory samples during the ${s.mode} pull of ${rowsLabel(s.rows)} ` +
          "rows: its peak rests on the kernel's high-water mark.",
      );
    }
  }

  const base = {
    schema: 2 as const,
    date: new Date().toISOString(),
    command: `deno task bench${Deno.args.length ? " " + Deno.args.join(" ") : ""}`,
    quick: QUICK,
    machine: host,
    gcBetweenReps: canCollect,
    decode,
    frames,
    xml,
    endToEnd: e2e,
    pageSize,
    scale,
    reference: {
      pull: reference1m!,
      timeRatio: frame1m.clientMs / reference1m!.clientMs,
      memoryRatio: frame1m.peakRssDelta / reference1m!.peakRssDelta,
    },
    memory: {
      frame: frame1m,
      pages,
      pagesCollecting,
      ratio: frame1m.peakRssDelta / frame1m.frameBytes,
      layoutRatio: frame1m.peakRssDelta / frame1m.frameLayoutBytes,
      // V8 reaches its working heap size on the way to 1M rows; beyond it the peak must not grow.
      pagesGrowth: pages.at(-1)!.peakRssDelta / pages.at(-2)!.peakRssDelta,
    },
    linearity,
    imports: importTimes,
    worker,
    search,
  };
  host.load.end = loadAverage();
  const busiest = Math.max(host.load.start ?? 0, host.load.end ?? 0);
  if (busiest > host.cores / 2) {
    notes.push(
      `The machine was busy (load average ${busiest} on ${host.cores} cores): other work ` +
        "shared the CPU with the benchmark, so its figures are noisier than usual; compare the " +
        "ranges in RESULTS.json before trusting a small change.",
    );
  }
  const figures = figuresOf(base);
  const results: Results = {
    ...base,
    figures,
    targets: targetsOf(figures),
    ...(before ? { before } : {}),
    notes,
  };
  log(`done in ${((performance.now() - started) / 1000).toFixed(0)} s`);

  await Deno.writeTextFile(RESULTS_JSON, JSON.stringify(results, null, 2) + "\n");
  await Deno.writeTextFile(RESULTS_MD, renderMarkdown(results));
  if (!QUICK) {
    // The committed files in the repository's own format, so that `deno fmt --check` passes.
    const fmt = await new Deno.Command(Deno.execPath(), {
      args: ["fmt", "--quiet", RESULTS_MD.pathname, RESULTS_JSON.pathname],
      stdout: "null",
      stderr: "piped",
    }).output();
    if (!fmt.success) log(`deno fmt failed: ${new TextDecoder().decode(fmt.stderr)}`);
  }
  log(`wrote ${RESULTS_MD.pathname} and ${RESULTS_JSON.pathname}`);

  if (DENO_BENCH) {
    log("deno bench on bench/*_bench.ts");
    const out = await new Deno.Command(Deno.execPath(), {
      args: ["bench", "-A", "--v8-flags=--expose-gc", new URL(".", HERE).pathname],
      stdout: "piped",
      stderr: "piped",
    }).output();
    const text = new TextDecoder().decode(out.stdout) + new TextDecoder().decode(out.stderr);
    await Deno.writeTextFile(new URL("deno_bench.txt", OUT_DIR), text);
    log(`deno bench ${out.success ? "done" : "failed"}: bench/out/deno_bench.txt`);
  }

  for (const t of results.targets) {
    log(`${t.met ? "met    " : "NOT met"} ${t.name}: ${t.value.toFixed(2)}x (limit ${t.limit}x)`);
  }
}

if (import.meta.main) await main();
