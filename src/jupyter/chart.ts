/**
 * A chart: a vega-lite specification with its data inlined, drawn to SVG in-process, and shown
 * in Jupyter as the specification (for frontends that draw vega-lite) and the SVG (for those
 * that do not, GitHub among them).
 *
 * @module
 */

import { loadVega, type VegaLiteTopLevelSpec } from "../deps.ts";
import { JUPYTER_DISPLAY, type MimeBundle } from "./display.ts";

/**
 * A vega-lite specification (https://vega.github.io/vega-lite/docs/spec.html), as plain JSON:
 * vega-lite checks it when the chart is drawn.
 */
export interface VegaLiteSpec {
  /** The schema URL, e.g. "https://vega.github.io/schema/vega-lite/v5.json". */
  $schema?: string;
  /** Every other property of the specification. */
  [property: string]: unknown;
}

/**
 * Helvetica's advance widths (per 1000 of the font size) of the printable ASCII characters,
 * from space to tilde, from its Adobe font metrics.
 */
// deno-fmt-ignore: a table, 19 to a line
const HELVETICA = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556,
  556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667,
  611, 778, 722, 278, 500, 667, 556, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667,
  667, 611, 278, 278, 278, 469, 556, 333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500,
  222, 833, 556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,
];

/**
 * The width of a text item as a browser draws it in a sans-serif font, near enough to lay a
 * chart out: vega without a canvas guesses 0.8 of the font size a character, which is about
 * half as much again as real text, so the SVG came out wider than the chart and cut legend
 * labels short. Wide (CJK) characters count a full em.
 */
function textWidth(item: { fontSize?: number; fontWeight?: unknown }, text: unknown): number {
  const size = item.fontSize ?? 11;
  const value = text == null ? "" : String(text).trim();
  let units = 0;
  for (const c of value) {
    const code = c.codePointAt(0)!;
    units += code >= 32 && code <= 126 ? HELVETICA[code - 32]! : code >= 0x1100 ? 1000 : 556;
  }
  const bold = item.fontWeight === "bold" || Number(item.fontWeight) >= 600;
  return (units / 1000) * size * (bold ? 1.08 : 1);
}

/** The first mark of a spec that draws data (a rule for zero is not one), looking into views. */
function firstMark(spec: Record<string, unknown>): string | undefined {
  const mark = typeof spec.mark === "object" && spec.mark !== null
    ? (spec.mark as { type?: unknown }).type
    : spec.mark;
  if (typeof mark === "string" && mark !== "rule") return mark;
  for (const key of ["layer", "vconcat", "hconcat", "concat"]) {
    const views = spec[key];
    if (!Array.isArray(views)) continue;
    for (const view of views) {
      const found = typeof view === "object" && view !== null
        ? firstMark(view as Record<string, unknown>)
        : undefined;
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

/**
 * A chart: a vega-lite specification that shows itself in Jupyter and renders to SVG.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Chart } from "./chart.ts";
 *
 * const chart = new Chart({
 *   data: { values: [{ a: 1, b: 2 }, { a: 2, b: 3 }] },
 *   mark: "line",
 *   encoding: { x: { field: "a", type: "quantitative" }, y: { field: "b", type: "quantitative" } },
 * });
 * assert.match(await chart.toSVG(), /^<svg/);
 * assert.equal(String(chart), "Chart (line, 2 rows)");
 * ```
 */
export class Chart {
  readonly #spec: VegaLiteSpec;

  /**
   * Wraps a specification; `lineChart` and `barChart` build them.
   *
   * @param spec A vega-lite specification with its data inlined.
   */
  constructor(spec: VegaLiteSpec) {
    this.#spec = structuredClone(spec);
  }

  /**
   * The vega-lite specification, as a copy.
   *
   * @returns The specification.
   */
  toSpec(): VegaLiteSpec {
    return structuredClone(this.#spec);
  }

  /**
   * Renders the chart as a standalone SVG document, in-process with vega.
   *
   * @returns The SVG text.
   */
  async toSVG(): Promise<string> {
    const [vega, vegaLite] = await loadVega();
    // vega's documented hook for measuring text without a canvas (as vl-convert does).
    (vega as unknown as { textMetrics: { width: typeof textWidth } }).textMetrics.width = textWidth;
    const logger = vega.logger(vega.Error);
    const compiled =
      vegaLite.compile(this.#spec as unknown as VegaLiteTopLevelSpec, { logger }).spec;
    const view = new vega.View(vega.parse(compiled), { renderer: "none", logLevel: vega.Error });
    try {
      return await view.toSVG();
    } finally {
      view.finalize();
    }
  }

  /**
   * The Jupyter display: the vega-lite spec, a static SVG and a line of text.
   *
   * @returns The mime bundle.
   */
  async [JUPYTER_DISPLAY](): Promise<MimeBundle> {
    return {
      "application/vnd.vegalite.v5+json": this.toSpec(),
      "image/svg+xml": await this.toSVG(),
      "text/plain": this.toString(),
    };
  }

  /**
   * A one-line description, for text-only frontends.
   *
   * @returns E.g. `Chart "Base rate" (line, 72 rows)`.
   */
  toString(): string {
    const spec = this.#spec as { title?: unknown; data?: { values?: unknown[] } };
    const text = typeof spec.title === "object" && spec.title !== null
      ? (spec.title as { text?: unknown }).text
      : spec.title;
    const title = typeof text === "string" ? ` ${JSON.stringify(text)}` : "";
    const rows = Array.isArray(spec.data?.values) ? `, ${spec.data.values.length} rows` : "";
    return `Chart${title} (${firstMark(this.#spec) ?? "layered"}${rows})`;
  }
}
