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
import { sourceLine } from "../../src/client/_source.ts";
import { connect } from "../../src/connect.ts";

type Spec = {
  $schema: string;
  title?: string | { text: string; subtitle?: string };
  description?: string;
  width: number;
  height: number | { step: number };
  data: { values: Record<string, unknown>[] };
  mark: { type: string };
  encoding: Record<string, Record<string, unknown> & { scale?: Record<string, unknown> }>;
};
const specOf = (chart: Chart) => chart.toSpec() as unknown as Spec;

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
  assert.equal(spec.mark.type, "line");
  assert.deepEqual(spec.encoding.x, {
    field: "TIME",
    type: "temporal",
    title: null,
    scale: { type: "utc" },
  });
  assert.equal(spec.encoding.y?.type, "quantitative");
  assert.deepEqual(spec.encoding.y?.scale, { zero: false });
  assert.equal(spec.encoding.color, undefined);
});

Deno.test("lineChart() writes Datetime columns as full ISO timestamps", () => {
  const df = pl.DataFrame({ T: [new Date("2024-05-01T12:30:00Z")], V: [1] });
  const spec = specOf(lineChart(df, { x: "T", y: "V", xTitle: "when", yTitle: "what" }));
  assert.deepEqual(spec.data.values, [{ T: "2024-05-01T12:30:00.000Z", V: 1 }]);
  assert.equal(spec.encoding.x?.title, "when");
  assert.equal(spec.encoding.y?.title, "what");
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
  assert.deepEqual(spec.encoding.color, {
    field: "ITEM_NAME1",
    type: "nominal",
    title: "Item",
    legend: { labelLimit: 320 },
  });
});

Deno.test("lineChart() turns NaN, infinities and big integers into JSON-safe values", () => {
  const df = pl.DataFrame({ X: [1, 2, 3, 4], Y: [NaN, Infinity, 2, 5] })
    .withColumns(pl.col("X").cast(pl.Int64));
  const spec = specOf(lineChart(df, { x: "X", y: "Y" }));
  assert.deepEqual(spec.data.values.map((r) => r.Y), [null, null, 2, 5]);
  assert.deepEqual(spec.data.values.map((r) => r.X), [1, 2, 3, 4]);
  assert.equal(spec.encoding.x?.type, "quantitative");
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
  assert.equal(spec.mark.type, "bar");
  assert.equal(spec.encoding.y?.field, "ITEM");
  assert.equal(spec.encoding.y?.type, "nominal");
  assert.equal(spec.encoding.y?.sort, null);
  assert.equal(spec.encoding.x?.field, "CORR");
  assert.deepEqual(spec.height, { step: 20 });
  const upright = specOf(barChart(df, { x: "ITEM", y: "CORR" }));
  assert.equal(upright.encoding.x?.field, "ITEM");
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
    args: ["eval", "--no-config", code],
    env: { TZ: "America/Los_Angeles", NO_COLOR: "1" },
    stdout: "piped",
    stderr: "piped",
  }).output();
  assert.equal(out.code, 0, new TextDecoder().decode(out.stderr));
  const svg = new TextDecoder().decode(out.stdout);
  const labels = svg.match(/>[^<>]+</g)?.map((s) => s.slice(1, -1)) ?? [];
  assert.equal(labels[0], "2020", "the first tick is the new year");
  assert.ok(labels.includes("Thu 02") && labels.includes("Fri 03"), labels.join());
  assert.ok(!labels.some((l) => l.includes("31") || l.includes("Wed 01")), labels.join());
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
  assert.equal(spec.encoding.y?.title, "% p.a.");
  assert.equal(spec.encoding.x?.title, null, "dates need no axis title");
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
    await using session = await connect({ apiKey: "", quiet: true });
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
