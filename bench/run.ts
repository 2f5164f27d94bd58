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
import { canCollect, collect, median, summarise, timeInTurns } from "./_measure.ts";
import {
  BENCH_KEY,
  clientDecode,
  decodeRows,
  floorJson,
  renderPanelPages,
  rowsToFrame,
  xmlParserAlone,
} from "./_bodies.ts";
import {
  type DecodeResult,
  type EndToEndResult,
  type EndToEndRow,
  type Figure,
  type Machine,
  type PullResult,
  renderMarkdown,
  type Results,
  rowsLabel,
  type Target,
  type XmlResult,
} from "./_report.ts";
import type { PullMode, PullReport } from "./pull_memory.ts";
import { spawnServer } from "./serve.ts";

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
  ? { decode10k: 5, decode100k: 3, xml10k: 3, xml100k: 1, e2e: 2, pull: [2, 2, 1], pages: 1 }
  : { decode10k: 15, decode100k: 7, xml10k: 7, xml100k: 3, e2e: 7, pull: [5, 5, 3], pages: 3 };

const SIZES = [10_000, 100_000];
const SCALE_SIZES = [10_000, 100_000, 1_000_000];
const LATENCY_MS = 50;
const E2E_PAGE = 10_000;
const E2E_CONCURRENCY = [1, 4, 8];
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
  for (const name of ["nodejs-polars", "fast-xml-parser"]) {
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
// 1 and 2: decode

async function decodeAndXml(): Promise<{ decode: DecodeResult[]; xml: XmlResult[] }> {
  log("rendering 999Y001 pages of 10k and 100k rows from the bundled server");
  const pages = await renderPanelPages(SIZES);
  const decode: DecodeResult[] = [];
  const xml: XmlResult[] = [];
  for (const size of SIZES) {
    const page = pages.get(size)!;
    const reps = size <= 10_000 ? REPS.decode10k : REPS.decode100k;
    log(`1. decode ${rowsLabel(size)} rows, ${reps} reps`);
    const rows = decodeRows(page.json);
    const { floor, client, decodeBody, frame } = await timeInTurns({
      floor: () => floorJson(page.json),
      client: () => clientDecode(page.json),
      decodeBody: () => decodeRows(page.json),
      frame: () => rowsToFrame(rows),
    }, { reps });
    decode.push({
      rows: size,
      bytes: page.json.byteLength,
      floor,
      client,
      decodeBody,
      frame,
      ratio: client.median / floor.median,
    });

    const xmlReps = size <= 10_000 ? REPS.xml10k : REPS.xml100k;
    log(`2. XML ${rowsLabel(size)} rows, ${xmlReps} reps`);
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
      xmlParser: () => xmlParserAlone(page.xml),
      jsonParse: () => floorJson(page.json),
    }, { reps: xmlReps });
    xml.push({
      rows: size,
      bytes: page.xml.byteLength,
      ...t,
      ratio: t.xml.median / t.json.median,
      parserRatio: t.xmlParser.median / t.jsonParse.median,
      framesEqual,
    });
  }
  return { decode, xml };
}

// ---------------------------------------------------------------------------------------------
// 3: end to end

/** The client's schedule without the client: first page alone, then a window of pages. */
async function fetchOnly(
  baseUrl: string,
  query: EndToEndQuery,
  pages: number,
  concurrency: number,
): Promise<void> {
  const { statCode, cycle, start, end } = query;
  const get = async (page: number) => {
    const first = page * E2E_PAGE + 1;
    const url = `${baseUrl}/StatisticSearch/${BENCH_KEY}/json/kr/${first}/` +
      `${first + E2E_PAGE - 1}/${statCode}/${cycle}/${start}/${end}`;
    const text = await (await fetch(url)).text();
    if (!text.startsWith('{"StatisticSearch"')) throw new Error("The bench server did not answer");
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
  const res = await fetch(
    `${baseUrl}/StatisticSearch/${BENCH_KEY}/json/kr/1/1/${q.statCode}/${q.cycle}/${q.start}/` +
      q.end,
  );
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

async function endToEnd(decodePageMs: number): Promise<EndToEndResult> {
  log(`3. end to end: bundled server in a child process, latency ${LATENCY_MS} ms`);
  await using server = await spawnServer(LATENCY_MS);
  const { query, total } = await rangeOfAbout(server.url, E2E_ROWS);
  const { statCode, cycle, start, end } = query;
  const pages = Math.ceil(total / E2E_PAGE);
  // Repetitions go round the concurrencies (1, 4, 8, 1, 4, 8, ...), so that a slow spell of
  // the machine falls on all of them rather than on one.
  const clients = E2E_CONCURRENCY.map((concurrency) =>
    new EcosClient({
      baseUrl: server.url,
      apiKey: BENCH_KEY,
      pageSize: E2E_PAGE,
      concurrency,
      rateLimit: false,
      cache: false,
    })
  );
  const pulled = E2E_CONCURRENCY.map(() => [] as number[]);
  const fetchedOnly = E2E_CONCURRENCY.map(() => [] as number[]);
  log(`3. end to end: concurrency ${E2E_CONCURRENCY.join(", ")}, ${REPS.e2e} reps, round robin`);
  for (let rep = -1; rep < REPS.e2e; rep++) {
    for (const [i, concurrency] of E2E_CONCURRENCY.entries()) {
      collect();
      let t0 = performance.now();
      const height = (await clients[i]!.statisticSearch(query)).height;
      const pullMs = performance.now() - t0;
      if (height !== total) {
        notes.push(`The end-to-end pull returned ${height} rows, not ${total}.`);
      }
      collect();
      t0 = performance.now();
      await fetchOnly(server.url, query, pages, concurrency);
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
    const decode = pages * decodePageMs;
    const latency = LATENCY_MS * (1 + Math.ceil((pages - 1) / concurrency));
    runs.push({
      concurrency,
      measured,
      ideal: (LATENCY_MS * pages) / concurrency + decode,
      ratio: measured.median / ((LATENCY_MS * pages) / concurrency + decode),
      scheduled: latency + decode,
      fetchOnly: fetched,
    });
    if (concurrency === Math.max(...E2E_CONCURRENCY) && fetched.median > 1.5 * latency) {
      // At the highest concurrency the latency hardly counts: what is left is the server.
      notes.push(
        `End to end: fetching the pages without decoding them takes ` +
          `${Math.round(fetched.median)} ms at concurrency ${concurrency}, against ${latency} ms ` +
          `of latency on the client's schedule: the bundled server's rendering (about ` +
          `${(fetched.median / pages).toFixed(0)} ms a 10k page, one at a time) bounds the ` +
          "pull more than the client does.",
      );
    }
  }
  return {
    latencyMs: LATENCY_MS,
    query: `${statCode} ${cycle} ${start}–${end}`,
    rows: total,
    pages,
    pageSize: E2E_PAGE,
    decodePageMs,
    runs,
  };
}

// ---------------------------------------------------------------------------------------------
// 4 and 5: pulls in fresh processes

async function pullOnce(rows: number, mode: PullMode): Promise<PullReport> {
  const out = await new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "-A",
      "--v8-flags=--expose-gc",
      new URL("pull_memory.ts", HERE).pathname,
      String(rows),
      mode,
    ],
    stdout: "piped",
    stderr: "piped",
  }).output();
  const stdout = new TextDecoder().decode(out.stdout).trim();
  if (!out.success) {
    throw new Error(
      `bench/pull_memory.ts ${rows} ${mode} failed:\n${new TextDecoder().decode(out.stderr)}`,
    );
  }
  return JSON.parse(stdout.slice(stdout.lastIndexOf("\n") + 1)) as PullReport;
}

async function pulls(rows: number, mode: PullMode, reps: number): Promise<PullResult> {
  log(`4/5. ${mode} ${rowsLabel(rows)} rows, ${reps} fresh processes`);
  const raw: PullReport[] = [];
  for (let i = 0; i < reps; i++) raw.push(await pullOnce(rows, mode));
  const med = (f: (r: PullReport) => number) => median(raw.map(f));
  return {
    mode,
    rows,
    reps,
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

// ---------------------------------------------------------------------------------------------
// Figures, targets, before

function figuresOf(r: Omit<Results, "figures" | "targets" | "before" | "notes">) {
  const f: Record<string, Figure> = {};
  for (const d of r.decode) {
    const n = rowsLabel(d.rows);
    f[`decode.${n}.ratio`] = { label: `Decode ${n}: client / floor`, value: d.ratio, unit: "x" };
    f[`decode.${n}.client`] = { label: `Decode ${n}: client`, value: d.client.median, unit: "ms" };
  }
  for (const d of r.xml) {
    const n = rowsLabel(d.rows);
    f[`xml.${n}.ratio`] = { label: `XML ${n}: XML / JSON`, value: d.ratio, unit: "x" };
    f[`xml.${n}.xml`] = { label: `XML ${n}: XML path`, value: d.xml.median, unit: "ms" };
  }
  for (const run of r.endToEnd.runs) {
    const c = run.concurrency;
    f[`e2e.c${c}.ratio`] = { label: `End to end c=${c}: / ideal`, value: run.ratio, unit: "x" };
    f[`e2e.c${c}.ms`] = { label: `End to end c=${c}`, value: run.measured.median, unit: "ms" };
  }
  for (const s of r.scale) {
    const n = rowsLabel(s.rows);
    f[`scale.${n}.time`] = {
      label: `Scale ${n}: client time`,
      value: (s.clientMs * 1000) / s.rows,
      unit: "µs/row",
    };
    f[`scale.${n}.memory`] = {
      label: `Scale ${n}: peak memory`,
      value: s.peakRssDelta / s.rows,
      unit: "B/row",
    };
  }
  f["scale.linear.time"] = {
    label: "Scale: time per row, 1M / 100k",
    value: r.linearity.timeGrowth,
    unit: "x",
  };
  f["scale.linear.memory"] = {
    label: "Scale: memory per row, 1M / 100k",
    value: r.linearity.memoryGrowth,
    unit: "x",
  };
  f["memory.frame.ratio"] = {
    label: `Memory ${rowsLabel(r.memory.frame.rows)}: peak / frame (layout)`,
    value: r.memory.layoutRatio,
    unit: "x",
  };
  f["memory.frame.estimatedRatio"] = {
    label: `Memory ${rowsLabel(r.memory.frame.rows)}: peak / frame (polars estimatedSize)`,
    value: r.memory.ratio,
    unit: "x",
  };
  f["memory.pages.growth"] = {
    label: "Memory, pages: peak growth with total",
    value: r.memory.pagesGrowth,
    unit: "x",
  };
  for (const p of r.memory.pages) {
    f[`memory.pages.${rowsLabel(p.rows)}`] = {
      label: `Memory, pages ${rowsLabel(p.rows)}: peak`,
      value: p.peakRssDelta / 2 ** 20,
      unit: "MiB",
    };
  }
  return f;
}

function targetsOf(r: Pick<Results, "decode" | "xml" | "endToEnd">, f: Record<string, Figure>) {
  const t: Target[] = [];
  const add = (name: string, figure: string, limit: number, kind: Target["kind"] = "target") => {
    const value = f[figure]?.value ?? NaN;
    t.push({ name, kind, figure, limit, value, met: value <= limit });
  };
  for (const d of r.decode) {
    const n = rowsLabel(d.rows);
    add(`1. Decode ${n} rows: client / floor`, `decode.${n}.ratio`, 1.25);
  }
  for (const d of r.xml) {
    const n = rowsLabel(d.rows);
    add(`2. XML / JSON, ${n} rows`, `xml.${n}.ratio`, 4);
  }
  add("3. End to end, concurrency 4: measured / ideal", "e2e.c4.ratio", 1.3);
  add("4. Linear: client time per row, 1M / 100k", "scale.linear.time", 1.25, "check");
  add("4. Linear: peak memory per row, 1M / 100k", "scale.linear.memory", 1.25, "check");
  add("5. Peak memory of a 1M pull / frame size (layout)", "memory.frame.ratio", 3);
  add("5. Pages stay flat: peak at 3M / peak at 1M", "memory.pages.growth", 1.25, "check");
  return t;
}

async function previousFigures(): Promise<Results["before"]> {
  try {
    const prev = JSON.parse(await Deno.readTextFile(RESULTS_JSON)) as Results;
    return {
      date: prev.date,
      machine: `${prev.machine.cpu}, ${prev.machine.cores} cores`,
      figures: prev.figures,
    };
  } catch {
    notes.push(`--keep-before: there was no readable ${RESULTS_JSON.pathname} to keep.`);
    return undefined;
  }
}

// ---------------------------------------------------------------------------------------------

async function main() {
  const started = performance.now();
  if (!canCollect) {
    notes.push("Run without --expose-gc: no collection was forced between repetitions.");
  }
  await Deno.mkdir(OUT_DIR, { recursive: true });
  const before = KEEP_BEFORE ? await previousFigures() : undefined;
  const host = machine();

  const { decode, xml } = await decodeAndXml();
  collect();
  const decodePageMs = decode.find((d) => d.rows === 10_000)!.client.median;
  const e2e = await endToEnd(decodePageMs);

  const scale: PullResult[] = [];
  for (const [i, rows] of SCALE_SIZES.entries()) {
    scale.push(await pulls(rows, "frame", REPS.pull[i]!));
  }
  const frame1m = scale.at(-1)!;
  const pages = [
    await pulls(100_000, "pages", REPS.pages),
    await pulls(1_000_000, "pages", REPS.pages),
    await pulls(3_000_000, "pages", 1),
  ];
  const pagesCollecting = [
    await pulls(100_000, "pages-gc", 1),
    await pulls(1_000_000, "pages-gc", 1),
  ];

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
    schema: 1 as const,
    date: new Date().toISOString(),
    command: `deno task bench${Deno.args.length ? " " + Deno.args.join(" ") : ""}`,
    quick: QUICK,
    machine: host,
    gcBetweenReps: canCollect,
    decode,
    xml,
    endToEnd: e2e,
    scale,
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
    targets: targetsOf(base, figures),
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
