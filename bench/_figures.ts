/**
 * The figures a run keeps for "before and after", and the targets held against them.
 *
 * @module
 */

import { type Figure, type Results, rowsLabel, type Target } from "./_report.ts";

type Measured = Omit<Results, "figures" | "targets" | "before" | "notes">;

/** The figures of a run, by key (keys are stable across runs: "before" is matched by them). */
export function figuresOf(r: Measured): Record<string, Figure> {
  const f: Record<string, Figure> = {};
  for (const d of r.decode) {
    const n = rowsLabel(d.rows);
    f[`decode.${n}.ratio`] = { label: `Decode ${n}: client / floor`, value: d.ratio, unit: "x" };
    f[`decode.${n}.client`] = { label: `Decode ${n}: client`, value: d.client.median, unit: "ms" };
    f[`decode.${n}.reference`] = {
      label: `Decode ${n}: reference path / floor`,
      value: d.referenceRatio,
      unit: "x",
    };
  }
  const floorPerRow = (rows: number) => {
    const d = r.decode.find((x) => x.rows === rows);
    return d === undefined ? NaN : d.floor.median / d.rows;
  };
  f["decode.floor.growth"] = {
    label: "Floor: time per row, 100k / 10k",
    value: floorPerRow(100_000) / floorPerRow(10_000),
    unit: "x",
  };
  for (const d of r.xml) {
    const n = rowsLabel(d.rows);
    f[`xml.${n}.ratio`] = { label: `XML ${n}: XML / JSON`, value: d.ratio, unit: "x" };
    f[`xml.${n}.xml`] = { label: `XML ${n}: XML path`, value: d.xml.median, unit: "ms" };
  }
  for (const run of r.endToEnd.runs) {
    const c = run.concurrency;
    // A new key: the ideal is now fetch-only + one page's decode (it was latency only).
    f[`e2e.c${c}.vsFetch`] = {
      label: `End to end c=${c}: / (fetch only + a page's decode)`,
      value: run.ratio,
      unit: "x",
    };
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
  f["reference.1M.time"] = {
    label: "1M pull: client time / reference path's",
    value: r.reference.timeRatio,
    unit: "x",
  };
  f["reference.1M.memory"] = {
    label: "1M pull: peak memory / reference path's",
    value: r.reference.memoryRatio,
    unit: "x",
  };
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
  f["import.ratio"] = {
    label: "Import mod.ts / import nodejs-polars",
    value: r.imports.ratio,
    unit: "x",
  };
  f["import.mod"] = { label: "Import mod.ts", value: r.imports.mod.median, unit: "ms" };
  if (r.search !== undefined) {
    f["search.median"] = {
      label: "Table search over the whole catalogue: median",
      value: r.search.search.median,
      unit: "ms",
    };
    f["search.first"] = {
      label: "Table search: the first, folding the names",
      value: r.search.firstSearch.median,
      unit: "ms",
    };
  }
  return f;
}

/** The brief's targets and the checks of expectations, against the figures. */
export function targetsOf(f: Record<string, Figure>): Target[] {
  const t: Target[] = [];
  const add = (name: string, figure: string, limit: number, kind: Target["kind"] = "target") => {
    const value = f[figure]?.value ?? NaN;
    t.push({ name, kind, figure, limit, value, met: value <= limit });
  };
  add("1. Decode a 1k page: client / floor", "decode.1k.ratio", 1.5);
  add("1. Decode a 10k page: client / floor", "decode.10k.ratio", 1);
  add("1. Decode a 100k page: client / floor", "decode.100k.ratio", 0.5);
  add("2. XML / JSON, 10k rows", "xml.10k.ratio", 4, "check");
  add("2. XML / JSON, 100k rows", "xml.100k.ratio", 4, "check");
  add("3. End to end, concurrency 4: measured / ideal", "e2e.c4.vsFetch", 1.1);
  add("4. A 1M pull's decode: client / reference path", "reference.1M.time", 0.6);
  add("4. A 1M pull's peak memory: client / reference path", "reference.1M.memory", 1);
  add("4. Linear: client time per row, 1M / 100k", "scale.linear.time", 1.25, "check");
  add("4. Linear: peak memory per row, 1M / 100k", "scale.linear.memory", 1.25, "check");
  add("5. Peak memory of a 1M pull / frame size (layout)", "memory.frame.ratio", 3, "check");
  add("5. Pages stay flat: peak at 3M / peak at 1M", "memory.pages.growth", 1.25, "check");
  add("6. Import mod.ts / import nodejs-polars alone", "import.ratio", 1.5);
  if (f["search.median"] !== undefined) {
    add("9. Table search over the whole catalogue, median (ms)", "search.median", 5);
  }
  return t;
}
