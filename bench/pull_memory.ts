/**
 * One pull of synthetic rows, in a fresh process, with its time and peak memory; prints one
 * line of JSON ({@linkcode PullReport}) for bench/run.ts to read.
 *
 *     deno run -A --v8-flags=--expose-gc bench/pull_memory.ts <rows> [mode] [pageSize] [conc]
 *
 * Modes: "frame" pulls with `statisticSearch` and keeps the frame; "frame-reference" does the
 * same with every body decoded the reference way (TextDecoder, JSON.parse, the row reader: the
 * path before the scanner), for comparison; "pages" consumes
 * `statisticSearchPages` and drops each page's frame; "pages-gc" does the same and forces a
 * collection after each page (a diagnostic: what "pages" would cost if V8 knew about the
 * native memory each dropped frame holds). A small pull first warms the JIT and loads Polars;
 * then the process collects, resets the kernel's resident high-water mark, and samples
 * `Deno.memoryUsage()` every 5 ms and after every page during the measured pull.
 *
 * @module
 */

import { EcosClient } from "../mod.ts";
import type { DataFrame } from "../src/client/_frame.ts";
import { collect, PeakSampler, resetRssHighWater, rssHighWater } from "./_measure.ts";
import { SYNTHETIC_BASE_URL, syntheticService } from "./_synthetic.ts";
import { _decoding } from "../src/client/_decode.ts";

/** What one measured pull printed. */
export interface PullReport {
  /** How the rows were pulled. */
  mode: PullMode;
  /** Rows pulled. */
  rows: number;
  /** Rows a page. */
  pageSize: number;
  /** Pages in flight at once. */
  concurrency: number;
  /** Wall time of the pull, in milliseconds. */
  totalMs: number;
  /** Of which the stub spent rendering and encoding bodies. */
  renderMs: number;
  /** totalMs less renderMs: the client's share. */
  clientMs: number;
  /** Memory before the pull, after a collection. */
  baseline: { rss: number; heapUsed: number };
  /** Peaks during the pull. */
  peak: {
    /** max(kernel high-water mark, highest sample). */
    rss: number;
    /** The kernel's high-water mark, when it could be reset. */
    rssHighWater: number | null;
    /** The highest RSS sampled. */
    rssSampled: number;
    /** The highest heapUsed sampled. */
    heapUsed: number;
    /** Samples taken. */
    samples: number;
  };
  /** RSS and heapUsed after the pull and a collection, the frame still held ("frame" only). */
  retained: { rss: number; heapUsed: number };
  /** The frame's estimated size in bytes ("frame" only; 0 for "pages"). */
  frameBytes: number;
  /** How frameBytes was found. */
  frameBytesMethod: string;
  /** The frame's size as Arrow lays it out ("frame" only; see {@linkcode frameSize}). */
  frameLayoutBytes: number;
  /** Pages seen ("pages" only). */
  pages: number;
}

/** How a pull consumes its rows. */
export type PullMode = "frame" | "frame-reference" | "pages" | "pages-gc";

const QUERY = { statCode: "998Y001", cycle: "D", start: "20000101", end: "20191231" } as const;

function client(total: number, pageSize: number, concurrency: number, sampler?: PeakSampler) {
  const service = syntheticService(total);
  const ecos = new EcosClient({
    baseUrl: SYNTHETIC_BASE_URL,
    apiKey: "bench",
    pageSize,
    concurrency,
    rateLimit: false,
    cache: false,
    fetch: service.fetch,
    onProgress: () => sampler?.sample(),
  });
  return { service, ecos };
}

/**
 * The frame's size, two ways. Polars' own estimate (`Series.estimatedSize`, reached through the
 * native handle in nodejs-polars 0.25.2) counts a String column as the bytes of its values,
 * although the frame's strings are views (16 bytes a row) into a few shared buffers of distinct
 * values; the layout estimate counts the views instead: 16 bytes a String row, 8 a Float64,
 * 4 a Date, and a validity bit each, with the distinct values left out.
 */
export function frameSize(df: DataFrame): { bytes: number; method: string; layoutBytes: number } {
  let bytes = 0;
  let layoutBytes = 0;
  let native = true;
  for (const column of df.getColumns()) {
    const variant = column.dtype.variant;
    const width = variant === "String" ? 16 : variant === "Date" || variant === "Int32" ? 4 : 8;
    const layout = column.length * width + Math.ceil(column.length / 8);
    layoutBytes += layout;
    const handle = (column as unknown as { _s?: { estimatedSize?: () => number } })._s;
    if (typeof handle?.estimatedSize === "function") {
      bytes += handle.estimatedSize();
    } else {
      native = false;
      bytes += layout;
    }
  }
  return {
    bytes,
    method: native ? "polars estimatedSize" : "layout estimate (16 B a string view)",
    layoutBytes,
  };
}

async function pull(
  mode: PullMode,
  total: number,
  pageSize: number,
  concurrency: number,
  sampler?: PeakSampler,
): Promise<{ frame: DataFrame | undefined; pages: number; renderMs: number }> {
  const { service, ecos } = client(total, pageSize, concurrency, sampler);
  if (mode === "frame" || mode === "frame-reference") {
    const frame = await ecos.statisticSearch(QUERY);
    if (frame.height !== total) throw new Error(`Pulled ${frame.height} rows, not ${total}`);
    return { frame, pages: 0, renderMs: service.renderMs };
  }
  let rows = 0;
  let pages = 0;
  for await (const page of ecos.statisticSearchPages(QUERY)) {
    rows += page.height;
    pages++;
    if (mode === "pages-gc") collect();
  }
  if (rows !== total) throw new Error(`Pulled ${rows} rows, not ${total}`);
  return { frame: undefined, pages, renderMs: service.renderMs };
}

if (import.meta.main) {
  const [rowsArg = "100000", modeArg = "frame", pageArg = "10000", concArg = "4"] = Deno.args;
  const rows = Number(rowsArg);
  const mode: PullMode =
    modeArg === "pages" || modeArg === "pages-gc" || modeArg === "frame-reference"
      ? modeArg
      : "frame";
  _decoding.scan = mode !== "frame-reference";
  const pageSize = Number(pageArg);
  const concurrency = Number(concArg);
  if (!Number.isSafeInteger(rows) || rows < 1) throw new RangeError(`Bad row count: ${rowsArg}`);

  // Warm up: the JIT, Polars' library and thread pool, the client's modules.
  await pull(mode, Math.min(rows, 2 * pageSize), pageSize, concurrency);
  collect();
  collect();
  const before = Deno.memoryUsage();
  const canReset = resetRssHighWater();
  const sampler = new PeakSampler(5).start();
  const t0 = performance.now();
  const result = await pull(mode, rows, pageSize, concurrency, sampler);
  const totalMs = performance.now() - t0;
  sampler.stop();
  const hwm = canReset ? rssHighWater() ?? null : null;
  const size = result.frame
    ? frameSize(result.frame)
    : { bytes: 0, method: "none", layoutBytes: 0 };
  collect();
  const after = Deno.memoryUsage();
  const report: PullReport = {
    mode,
    rows,
    pageSize,
    concurrency,
    totalMs,
    renderMs: result.renderMs,
    clientMs: totalMs - result.renderMs,
    baseline: { rss: before.rss, heapUsed: before.heapUsed },
    peak: {
      rss: Math.max(hwm ?? 0, sampler.rss),
      rssHighWater: hwm,
      rssSampled: sampler.rss,
      heapUsed: sampler.heapUsed,
      samples: sampler.samples,
    },
    retained: { rss: after.rss, heapUsed: after.heapUsed },
    frameBytes: size.bytes,
    frameBytesMethod: size.method,
    frameLayoutBytes: size.layoutBytes,
    pages: result.pages,
  };
  // Keep the frame alive until after the last measurement.
  if (result.frame && result.frame.height !== rows) throw new Error("unreachable");
  console.log(JSON.stringify(report));
}
