import assert from "node:assert/strict";
import { pl } from "../../src/deps.ts";
import { JUPYTER_DISPLAY } from "../../src/jupyter/display.ts";
import {
  barChart,
  Chart,
  DOWNSAMPLE_ABOVE,
  DOWNSAMPLE_BUCKETS,
  lineChart,
} from "../../src/jupyter/plot.ts";
import { sourceLine } from "../../src/frame_info.ts";
import { inBaseUnits } from "../../src/analysis/scale.ts";
import { toWide } from "../../src/analysis/wide.ts";
import { connect } from "../../src/connect.ts";
import { childEnv, REPO_CONFIG } from "../testdata/child_env.ts";

type Encoding = Record<string, Record<string, unknown> & { scale?: Record<string, unknown> }>;
type Layer = {
  mark: { type: string; interpolate?: string };
  encoding: Encoding;
  transform?: { filter: unknown }[];
};
type View = {
  width: number;
  height: number | { step: number };
  layer?: Layer[];
  mark?: { type: string };
  encoding?: Encoding;
  transform?: { filter: unknown }[];
};
type Spec = View & {
  $schema: string;
  title?: string | { text: string; subtitle?: string };
  description?: string;
  data: { values: Record<string, unknown>[] };
  vconcat?: View[];
  resolve?: unknown;
};
const specOf = (chart: Chart) => chart.toSpec() as unknown as Spec;
/** The layers of a view that draw data (not the rule at zero). */
const lines = (view: View) => (view.layer ?? []).filter((l) => l.mark.type !== "rule");
/** The encoding of a view's first data layer, or of the view itself. */
const encodingOf = (view: View): Encoding => lines(view)[0]?.encoding ?? view.encoding ?? {};
const hasZeroRule = (view: View) =>
  (view.layer ?? []).some((l) =>
    l.mark.type === "rule" && "datum" in (Object.values(l.encoding)[0] ?? {})
  );

function monthly() {
  const times = [Date.UTC(2024, 0, 1), Date.UTC(2024, 1, 1), Date.UTC(2024, 2, 1)];
  return pl.DataFrame({
    TIME: times.map((t) => new Date(t)),
    DATA_VALUE: [3.5, null, 3.25],
    ITEM_NAME1: ["Base rate", "Base rate", "Base rate"],
  }).withColumns(pl.col("TIME").cast(pl.Date));
}

Deno.test("lineChart() writes Date columns as ISO dates on a temporal UTC axis", () => {
  const spec = specOf(lineChart(monthly(), { x: "TIME", y: "DATA_VALUE", title: "Base rate" }));
  assert.equal(spec.$schema, "https://vega.github.io/schema/vega-lite/v5.json");
  assert.equal(spec.title, "Base rate");
  assert.deepEqual(spec.data.values, [
    { TIME: "2024-01-01", DATA_VALUE: 3.5 },
    { TIME: "2024-02-01", DATA_VALUE: null },
    { TIME: "2024-03-01", DATA_VALUE: 3.25 },
  ]);
  assert.equal(lines(spec).length, 1);
  assert.equal(lines(spec)[0]?.mark.type, "line");
  const encoding = encodingOf(spec);
  assert.deepEqual(encoding.x, {
    field: "TIME",
    type: "temporal",
    title: null,
    scale: { type: "utc" },
    axis: { format: "%Y-%m-%d", tickCount: { interval: "day", step: 14 } },
  });
  assert.equal(encoding.y?.type, "quantitative");
  assert.deepEqual(encoding.y?.scale, { zero: false });
  assert.equal(encoding.color, undefined);
});

Deno.test("lineChart() writes Datetime columns as full ISO timestamps", () => {
  const df = pl.DataFrame({ T: [new Date("2024-05-01T12:30:00Z")], V: [1] });
  const spec = specOf(lineChart(df, { x: "T", y: "V", xTitle: "when", yTitle: "what" }));
  assert.deepEqual(spec.data.values, [{ T: "2024-05-01T12:30:00.000Z", V: 1 }]);
  assert.equal(encodingOf(spec).x?.title, "when");
  assert.equal(encodingOf(spec).y?.title, "what");
});

Deno.test("lineChart() splits series by the color column", () => {
  const df = pl.concat([
    monthly(),
    monthly().withColumns(pl.lit("CPI").alias("ITEM_NAME1")),
  ]);
  const spec = specOf(lineChart(df, { x: "TIME", y: "DATA_VALUE", color: "ITEM_NAME1" }));
  assert.equal(spec.data.values.length, 6);
  assert.deepEqual(spec.data.values[3], {
    TIME: "2024-01-01",
    DATA_VALUE: 3.5,
    ITEM_NAME1: "CPI",
  });
  assert.deepEqual(encodingOf(spec).color, {
    field: "ITEM_NAME1",
    type: "nominal",
    legend: {
      orient: "bottom",
      direction: "horizontal",
      columns: 2,
      title: "Item",
      labelLimit: 272,
    },
  });
});

Deno.test("lineChart() turns NaN, infinities and big integers into JSON-safe values", () => {
  const df = pl.DataFrame({ X: [1, 2, 3, 4], Y: [NaN, Infinity, 2, 5] })
    .withColumns(pl.col("X").cast(pl.Int64));
  const spec = specOf(lineChart(df, { x: "X", y: "Y" }));
  assert.deepEqual(spec.data.values.map((r) => r.Y), [null, null, 2, 5]);
  assert.deepEqual(spec.data.values.map((r) => r.X), [1, 2, 3, 4]);
  assert.equal(encodingOf(spec).x?.type, "quantitative");
  JSON.parse(JSON.stringify(spec));
});

Deno.test("lineChart() rejects unknown columns and a non-numeric y", async (t) => {
  const df = monthly();
  await t.step("unknown x", () => {
    assert.throws(() => lineChart(df, { x: "DATE", y: "DATA_VALUE" }), {
      name: "EcosError",
      code: "INVALID_ARGUMENT",
      message: 'Cannot plot column "DATE" as x: the frame has "TIME", "DATA_VALUE", "ITEM_NAME1"',
    });
  });
  await t.step("unknown color", () => {
    assert.throws(
      () => lineChart(df, { x: "TIME", y: "DATA_VALUE", color: "nope" }),
      { code: "INVALID_ARGUMENT", message: /Cannot plot column "nope" as color/ },
    );
  });
  await t.step("text y", () => {
    assert.throws(() => lineChart(df, { x: "TIME", y: "ITEM_NAME1" }), {
      name: "EcosError",
      code: "INVALID_ARGUMENT",
      message: 'Cannot plot column "ITEM_NAME1" as y: it must be numeric, got String',
    });
  });
  await t.step("tiny size", () => {
    assert.throws(() => lineChart(df, { x: "TIME", y: "DATA_VALUE", width: 0 }), {
      code: "INVALID_ARGUMENT",
      message: "Cannot draw a chart width of 0: pass at least 10 pixels",
    });
  });
});

Deno.test("barChart() puts categories down the side when horizontal", () => {
  const df = pl.DataFrame({ ITEM: ["A", "B"], CORR: [0.9, -0.2] });
  const spec = specOf(barChart(df, { x: "ITEM", y: "CORR", horizontal: true }));
  assert.equal(lines(spec)[0]?.mark.type, "bar");
  const encoding = encodingOf(spec);
  assert.equal(encoding.y?.field, "ITEM");
  assert.equal(encoding.y?.type, "nominal");
  assert.equal(encoding.y?.sort, null);
  assert.equal(encoding.x?.field, "CORR");
  assert.equal(encoding.x?.title, "Corr");
  assert.deepEqual(spec.height, { step: 20 });
  const upright = specOf(barChart(df, { x: "ITEM", y: "CORR" }));
  assert.equal(encodingOf(upright).x?.field, "ITEM");
  assert.equal(upright.height, 280);
});

Deno.test("Chart.toSpec() returns a copy", () => {
  const chart = lineChart(monthly(), { x: "TIME", y: "DATA_VALUE" });
  const spec = specOf(chart);
  spec.data.values.length = 0;
  assert.equal(specOf(chart).data.values.length, 3);
});

Deno.test("Chart's Jupyter display carries vega-lite, a static SVG and text", async () => {
  const chart = lineChart(monthly(), { x: "TIME", y: "DATA_VALUE", title: "Base <rate>" });
  const bundle = await chart[JUPYTER_DISPLAY]();
  assert.deepEqual(Object.keys(bundle).sort(), [
    "application/vnd.vegalite.v5+json",
    "image/svg+xml",
    "text/plain",
  ]);
  assert.deepEqual(bundle["application/vnd.vegalite.v5+json"], chart.toSpec());
  const svg = String(bundle["image/svg+xml"]);
  assert.match(svg, /^<svg [^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
  assert.match(svg, /<\/svg>$/);
  assert.ok(svg.includes("Base &lt;rate&gt;"), "the title, escaped");
  assert.match(svg, /<path[^>]* d="M[\d.,-]+L[\d.,-]+"/, "a line joining across the null");
  assert.equal(bundle["text/plain"], 'Chart "Base <rate>" (line, 3 rows)');
});

Deno.test("Chart.toSVG() labels dates by UTC in any time zone", async () => {
  // Three days from Wednesday 2020-01-01: a local-time axis west of UTC would start on the 31st.
  const code = `
    import { pl } from ${JSON.stringify(new URL("../../src/deps.ts", import.meta.url).href)};
    import { lineChart } from ${
    JSON.stringify(new URL("../../src/jupyter/plot.ts", import.meta.url).href)
  };
    const df = pl.DataFrame({
      T: [new Date("2020-01-01"), new Date("2020-01-02"), new Date("2020-01-03")],
      V: [1, 2, 3],
    }).withColumns(pl.col("T").cast(pl.Date));
    console.log(await lineChart(df, { x: "T", y: "V" }).toSVG());
  `;
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["eval", REPO_CONFIG, code],
    env: childEnv({ TZ: "America/Los_Angeles" }),
    clearEnv: true,
    stdout: "piped",
    stderr: "piped",
  }).output();
  assert.equal(out.code, 0, new TextDecoder().decode(out.stderr));
  const svg = new TextDecoder().decode(out.stdout);
  const labels = svg.match(/>[^<>]+</g)?.map((s) => s.slice(1, -1)) ?? [];
  for (const day of ["2020-01-01", "2020-01-02", "2020-01-03"]) {
    assert.ok(labels.includes(day), `${day} in ${labels.join()}`);
  }
  assert.ok(!labels.some((l) => l.includes("2019")), labels.join());
});

Deno.test("barChart() renders to SVG", async () => {
  const df = pl.DataFrame({ ITEM: ["A", "B", "C"], V: [3, 1, 2] });
  const svg = await barChart(df, { x: "ITEM", y: "V", title: "Bars" }).toSVG();
  assert.equal(svg.match(/aria-roledescription="bar"/g)?.length, 3, "one bar a row");
  assert.ok(svg.includes(">Bars<"));
  for (const label of ["A", "B", "C"]) assert.ok(svg.includes(`>${label}<`), label);
});

Deno.test("lineChart() titles a series by its item and its axis by its unit", () => {
  const df = monthly().withColumns(pl.lit("% p.a.").alias("UNIT_NAME"));
  const spec = specOf(lineChart(df, { x: "TIME", y: "DATA_VALUE", source: false }));
  assert.equal(spec.title, "Base rate");
  // The unit in words.
  assert.equal(encodingOf(spec).y?.title, "% per year");
  assert.equal(encodingOf(spec).x?.title, null, "dates need no axis title");
  const two = pl.concat([df, df.withColumns(pl.lit("CPI").alias("ITEM_NAME1"))]);
  const both = specOf(lineChart(two, { x: "TIME", y: "DATA_VALUE", color: "ITEM_NAME1" }));
  assert.equal(both.title, undefined, "no single item to name");
});

Deno.test("charts name their source under the title", async (t) => {
  await t.step("given", () => {
    const spec = specOf(lineChart(monthly(), { x: "TIME", y: "DATA_VALUE", source: "Source: me" }));
    assert.deepEqual(spec.title, { text: "Base rate", subtitle: "Source: me" });
  });
  await t.step("from the frame: the bundled server's data is generated", async () => {
    await using session = await connect({ env: {}, quiet: true });
    const rate = await session.client.series("base_rate", { start: "202301", end: "202312" });
    const spec = specOf(lineChart(rate, { x: "TIME", y: "DATA_VALUE" }));
    assert.match(
      String((spec.title as { subtitle?: string }).subtitle),
      /^Generated sample data from the bundled ECOS server, not official statistics$/,
    );
  });
  await t.step("the live service, with the date", () => {
    assert.equal(
      sourceLine("live", new Date("2026-11-23T00:00:00Z")),
      "Source: ECOS, Bank of Korea (retrieved 2026-11-23)",
    );
  });
});

Deno.test("lineChart() draws a long series from its lows and highs per run, keeping the extremes", () => {
  const n = 5000;
  const days = Array.from({ length: n }, (_, i) => new Date(Date.UTC(2000, 0, 1 + i)));
  const values = Array.from(
    { length: n },
    (_, i) => Math.sin(i / 50) * 100 + (i === 3333 ? 500 : 0),
  );
  const df = pl.DataFrame({ TIME: days, DATA_VALUE: values }).withColumns(
    pl.col("TIME").cast(pl.Date),
  );
  const spec = specOf(lineChart(df, { x: "TIME", y: "DATA_VALUE", source: false }));
  const drawn = spec.data.values.map((r) => r.DATA_VALUE as number);
  assert.ok(drawn.length <= 2 * DOWNSAMPLE_BUCKETS, `${drawn.length} points`);
  assert.ok(drawn.length < n / 2);
  assert.equal(Math.max(...drawn), Math.max(...values), "the peak is kept");
  assert.equal(Math.min(...drawn), Math.min(...values), "the trough is kept");
  const times = spec.data.values.map((r) => String(r.TIME));
  assert.deepEqual(times, [...times].sort(), "in time order");
  assert.match(String(spec.description), /lowest and highest point/);
  const short = specOf(lineChart(df.head(DOWNSAMPLE_ABOVE), { x: "TIME", y: "DATA_VALUE" }));
  assert.equal(short.data.values.length, DOWNSAMPLE_ABOVE, "short series are drawn whole");
});

Deno.test("Chart.toString() names the chart by its title, with a source line or without", () => {
  const titled = lineChart(monthly(), { x: "TIME", y: "DATA_VALUE", source: "Source: me" });
  assert.equal(String(titled), 'Chart "Base rate" (line, 3 rows)');
  const plain = lineChart(monthly(), { x: "TIME", y: "DATA_VALUE", source: false });
  assert.equal(String(plain), 'Chart "Base rate" (line, 3 rows)');
});

/** Monthly dates from January 2000, `n` of them. */
const months = (n: number) => Array.from({ length: n }, (_, i) => new Date(Date.UTC(2000, i, 1)));

Deno.test("charts title axes, legends and tooltips with words, never raw column names", () => {
  const n = 3;
  const df = pl.DataFrame({
    TIME: months(n),
    SERIES: ["Real rate", "Real rate", "Real rate"],
    REAL_RATE: [1, 2, 3],
    KRW_PER_USD: [1300, 1310, 1320],
  }).withColumns(pl.col("TIME").cast(pl.Date));
  const spec = specOf(lineChart(df, { x: "TIME", y: "REAL_RATE", color: "SERIES", source: false }));
  const encoding = encodingOf(spec);
  assert.equal(encoding.y?.title, "Real rate");
  assert.equal((encoding.color?.legend as { title: string }).title, "Series");
  assert.deepEqual(
    (encoding.tooltip as unknown as { title: string }[]).map((t) => t.title),
    ["Series", "Date", "Real rate"],
  );
  const usd = specOf(lineChart(df, { x: "TIME", y: "KRW_PER_USD", source: false }));
  assert.equal(encodingOf(usd).y?.title, "KRW per USD");
  const untitled = specOf(
    lineChart(df, { x: "TIME", y: "REAL_RATE", color: "SERIES", colorTitle: null }),
  );
  assert.equal((encodingOf(untitled).color?.legend as { title: unknown }).title, null);
});

Deno.test("date axes are labelled by years, months or days as the span asks", async (t) => {
  const cases: [string, Date[], Record<string, unknown>][] = [
    ["26 years: every 5th year", months(26 * 12), {
      format: "%Y",
      tickCount: { interval: "year", step: 5 },
    }],
    ["8 years: every year", months(8 * 12), {
      format: "%Y",
      tickCount: { interval: "year", step: 1 },
    }],
    ["2 years: every 3rd month", months(24), {
      format: "%Y-%m",
      tickCount: { interval: "month", step: 3 },
    }],
    [
      "6 weeks of days: weekly",
      Array.from({ length: 42 }, (_, i) => new Date(Date.UTC(2024, 0, 1 + i))),
      {
        format: "%Y-%m-%d",
        tickCount: { interval: "day", step: 7 },
      },
    ],
  ];
  for (const [name, dates, axis] of cases) {
    await t.step(name, () => {
      const df = pl.DataFrame({ TIME: dates, V: dates.map((_, i) => i) })
        .withColumns(pl.col("TIME").cast(pl.Date));
      assert.deepEqual(encodingOf(specOf(lineChart(df, { x: "TIME", y: "V" }))).x?.axis, axis);
    });
  }
  await t.step("the SVG of a decade reads as years, with no month names", async () => {
    const df = pl.DataFrame({ TIME: months(120), V: months(120).map((_, i) => i % 7) })
      .withColumns(pl.col("TIME").cast(pl.Date));
    const svg = await lineChart(df, { x: "TIME", y: "V", source: false }).toSVG();
    const labels = svg.match(/>[^<>]+</g)?.map((s) => s.slice(1, -1)) ?? [];
    assert.ok(labels.includes("2000") && labels.includes("2009"), labels.join());
    assert.ok(!labels.some((l) => /July|January/.test(l)), labels.join());
  });
});

Deno.test("lineChart() draws steps for every series or for those named", async (t) => {
  const df = pl.DataFrame({
    TIME: [...months(3), ...months(3)],
    ITEM_NAME1: ["Base rate", "Base rate", "Base rate", "Inflation", "Inflation", "Inflation"],
    DATA_VALUE: [3.5, 3.5, 3.25, 2.1, 2.4, 2.2],
  }).withColumns(pl.col("TIME").cast(pl.Date));
  await t.step("all", () => {
    const spec = specOf(lineChart(df, { x: "TIME", y: "DATA_VALUE", step: true }));
    assert.deepEqual(lines(spec).map((l) => l.mark.interpolate), ["step-after"]);
  });
  await t.step("none by default", () => {
    const spec = specOf(lineChart(df, { x: "TIME", y: "DATA_VALUE" }));
    assert.deepEqual(lines(spec).map((l) => l.mark.interpolate), [undefined]);
  });
  await t.step("those named, by the color column", () => {
    const spec = specOf(
      lineChart(df, { x: "TIME", y: "DATA_VALUE", color: "ITEM_NAME1", step: ["Base rate"] }),
    );
    const among = { field: "ITEM_NAME1", oneOf: ["Base rate"] };
    assert.deepEqual(lines(spec).map((l) => [l.mark.interpolate, l.transform]), [
      [undefined, [{ filter: { not: among } }]],
      ["step-after", [{ filter: among }]],
    ]);
  });
  await t.step("a name the color column lacks", () => {
    assert.throws(
      () => lineChart(df, { x: "TIME", y: "DATA_VALUE", color: "ITEM_NAME1", step: ["Base"] }),
      {
        code: "INVALID_ARGUMENT",
        message: 'Cannot draw "Base" as steps: the color column "ITEM_NAME1" has "Base rate", ' +
          '"Inflation"',
      },
    );
    assert.throws(() => lineChart(df, { x: "TIME", y: "DATA_VALUE", step: ["Base rate"] }), {
      code: "INVALID_ARGUMENT",
      message: /without a color column/,
    });
  });
});

Deno.test("charts draw a rule at zero when values cross it, or when asked", async (t) => {
  const frame = (values: number[]) =>
    pl.DataFrame({ TIME: months(values.length), V: values })
      .withColumns(pl.col("TIME").cast(pl.Date));
  await t.step("changes that cross zero", async () => {
    const spec = specOf(lineChart(frame([1, -2, 3]), { x: "TIME", y: "V" }));
    assert.ok(hasZeroRule(spec));
    const svg = await lineChart(frame([1, -2, 3]), { x: "TIME", y: "V" }).toSVG();
    assert.match(svg, /aria-roledescription="rule mark container"/);
  });
  await t.step("levels above zero", () => {
    assert.ok(!hasZeroRule(specOf(lineChart(frame([1, 2, 3]), { x: "TIME", y: "V" }))));
  });
  await t.step("asked for, or not", () => {
    const on = specOf(lineChart(frame([1, 2, 3]), { x: "TIME", y: "V", zeroLine: true }));
    assert.ok(hasZeroRule(on));
    const off = specOf(lineChart(frame([1, -2, 3]), { x: "TIME", y: "V", zeroLine: false }));
    assert.ok(!hasZeroRule(off));
  });
  await t.step("bars, on their value axis", () => {
    const df = pl.DataFrame({ RATE: ["A", "B"], CORRELATION: [0.9, -0.2] });
    const spec = specOf(barChart(df, { x: "RATE", y: "CORRELATION", horizontal: true }));
    const rule = spec.layer?.find((l) => l.mark.type === "rule");
    assert.deepEqual(rule?.encoding, { x: { datum: 0, type: "quantitative" } });
  });
});

Deno.test("lineChart() puts series of different units in panels, each axis titled by its unit", async () => {
  const df = pl.DataFrame({
    TIME: [...months(3), ...months(3)],
    ITEM_NAME1: ["Base rate", "Base rate", "Base rate", "USD", "USD", "USD"],
    UNIT_NAME: ["%", "%", "%", "KRW per USD", "KRW per USD", "KRW per USD"],
    DATA_VALUE: [3.5, 3.5, 3.25, 1300, 1310, 1290],
  }).withColumns(pl.col("TIME").cast(pl.Date));
  const chart = lineChart(df, {
    x: "TIME",
    y: "DATA_VALUE",
    color: "ITEM_NAME1",
    panels: "UNIT_NAME",
    source: false,
  });
  const spec = specOf(chart);
  assert.equal(spec.vconcat?.length, 2);
  assert.deepEqual(spec.vconcat?.map((v) => encodingOf(v).y?.title), ["%", "KRW per USD"]);
  assert.deepEqual(spec.vconcat?.map((v) => v.transform), [
    [{ filter: { field: "UNIT_NAME", equal: "%" } }],
    [{ filter: { field: "UNIT_NAME", equal: "KRW per USD" } }],
  ]);
  assert.deepEqual(spec.vconcat?.map((v) => v.height), [180, 180]);
  assert.deepEqual(spec.resolve, { scale: { x: "shared", y: "independent", color: "shared" } });
  assert.equal(spec.data.values[0]?.UNIT_NAME, "%");
  const svg = await chart.toSVG();
  assert.match(svg, />KRW per USD</);
});

Deno.test("charts keep to about 680 pixels: the legend goes under the plot, labels uncut", async () => {
  const names = [
    "Monetary Stabilization Bonds (91 days)",
    "Treasury Bonds (10 years)",
    "Corporate Bonds (3 years, AA-)",
    "Call Rate (1 day)",
  ];
  const df = pl.DataFrame({
    TIME: names.flatMap(() => months(3)),
    ITEM_NAME1: names.flatMap((n) => [n, n, n]),
    DATA_VALUE: names.flatMap((_, i) => [i, i + 1, i + 0.5]),
  }).withColumns(pl.col("TIME").cast(pl.Date));
  const chart = lineChart(df, { x: "TIME", y: "DATA_VALUE", color: "ITEM_NAME1" });
  const legend = encodingOf(specOf(chart)).color?.legend as Record<string, unknown>;
  assert.equal(legend.orient, "bottom");
  const svg = await chart.toSVG();
  const width = Number(svg.match(/<svg[^>]* width="(\d+)"/)?.[1]);
  assert.ok(width <= 700, `${width} pixels wide`);
  for (const name of names) assert.ok(svg.includes(`>${name}<`), `${name}, uncut`);
  assert.ok(!svg.includes("…"), "no label cut short");
  const bars = barChart(
    pl.DataFrame({ RATE: names, CORRELATION: [0.8, -0.2, 0.5, 0.1] }),
    { x: "RATE", y: "CORRELATION", horizontal: true },
  );
  assert.ok(specOf(bars).width < 400, "long categories take their room from the bars");
  const barSvg = await bars.toSVG();
  const barWidth = Number(barSvg.match(/<svg[^>]* width="(\d+)"/)?.[1]);
  assert.ok(barWidth <= 700, `${barWidth} pixels wide`);
});

Deno.test("lineChart() titles axes with units in words and never puts two units on one axis", async () => {
  const gdp = pl.DataFrame({
    TIME: [...months(3), ...months(3)],
    ITEM_NAME1: ["GDP", "GDP", "GDP", "Base rate", "Base rate", "Base rate"],
    UNIT_NAME: ["십억원", "십억원", "십억원", "연%", "연%", "연%"],
    DATA_VALUE: [2_401_000, 2_450_000, 2_500_000, 3.5, 3.5, 3.25],
  }).withColumns(pl.col("TIME").cast(pl.Date));
  // One unit: the axis says it in words.
  const one = specOf(lineChart(gdp.head(3), { x: "TIME", y: "DATA_VALUE", source: false }));
  assert.equal(encodingOf(one).y?.title, "billion KRW");
  // Two units, no panels asked for: a panel each, titled by its unit.
  const chart = lineChart(gdp, { x: "TIME", y: "DATA_VALUE", color: "ITEM_NAME1", source: false });
  const spec = specOf(chart);
  assert.deepEqual(spec.vconcat?.map((v) => encodingOf(v).y?.title), ["billion KRW", "% per year"]);
  assert.deepEqual(spec.vconcat?.map((v) => v.transform), [
    [{ filter: { field: "UNIT_NAME", equal: "십억원" } }],
    [{ filter: { field: "UNIT_NAME", equal: "연%" } }],
  ]);
  assert.match(await chart.toSVG(), />billion KRW</);
  // One unit in two spellings is one axis.
  const spelt = gdp.head(3).vstack(
    gdp.head(3).withColumns(
      pl.lit("KRW billion").alias("UNIT_NAME"),
      pl.lit("GNI").alias("ITEM_NAME1"),
    ),
  );
  const single = specOf(lineChart(spelt, { x: "TIME", y: "DATA_VALUE", color: "ITEM_NAME1" }));
  assert.equal(single.vconcat, undefined);
  assert.equal(encodingOf(single).y?.title, "billion KRW");
  // Percents and rates per year share one axis, titled "%".
  const rates = gdp.tail(3).vstack(
    gdp.tail(3).withColumns(pl.lit("%").alias("UNIT_NAME"), pl.lit("Growth").alias("ITEM_NAME1")),
  );
  const shared = specOf(lineChart(rates, { x: "TIME", y: "DATA_VALUE", color: "ITEM_NAME1" }));
  assert.equal(shared.vconcat, undefined);
  assert.equal(encodingOf(shared).y?.title, "%");
  // Money in two currencies or scales does not.
  const money = gdp.head(3).vstack(
    gdp.head(3).withColumns(
      pl.lit("백만달러").alias("UNIT_NAME"),
      pl.lit("CA").alias("ITEM_NAME1"),
    ),
  );
  const split = specOf(lineChart(money, { x: "TIME", y: "DATA_VALUE", color: "ITEM_NAME1" }));
  assert.deepEqual(split.vconcat?.map((v) => encodingOf(v).y?.title), [
    "billion KRW",
    "million USD",
  ]);
  // In base units (inBaseUnits): VALUE is titled, and panelled, by UNIT.
  const base = inBaseUnits(gdp);
  const baseSpec = specOf(lineChart(base, { x: "TIME", y: "VALUE", color: "ITEM_NAME1" }));
  assert.deepEqual(baseSpec.vconcat?.map((v) => encodingOf(v).y?.title), ["KRW", "% per year"]);
  // A change column: titled by the unit withChange recorded.
  const wide = toWide(
    pl.DataFrame({
      STAT_CODE: ["901Y009", "901Y009"],
      ITEM_CODE1: ["0", "0"],
      ITEM_NAME1: ["CPI", "CPI"],
      ITEM_CODE2: pl.Series("ITEM_CODE2", [null, null], pl.String),
      ITEM_NAME2: pl.Series("ITEM_NAME2", [null, null], pl.String),
      ITEM_CODE3: pl.Series("ITEM_CODE3", [null, null], pl.String),
      ITEM_NAME3: pl.Series("ITEM_NAME3", [null, null], pl.String),
      ITEM_CODE4: pl.Series("ITEM_CODE4", [null, null], pl.String),
      ITEM_NAME4: pl.Series("ITEM_NAME4", [null, null], pl.String),
      UNIT_NAME: ["2020=100", "2020=100"],
      TIME: pl.Series("TIME", months(2)).cast(pl.Date),
      PERIOD: ["202401", "202402"],
      DATA_VALUE: [113.2, 113.9],
    }),
  );
  const wideSpec = specOf(lineChart(wide, { x: "TIME", y: "CPI", source: false }));
  assert.equal(encodingOf(wideSpec).y?.title, "index (2020=100)");
});
