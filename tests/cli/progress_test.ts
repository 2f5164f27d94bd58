import assert from "node:assert/strict";
import type { Progress } from "../../mod.ts";
import { formatProgress, ProgressLine } from "../../src/cli/progress.ts";
import { startEcosServer } from "../../src/server/mod.ts";
import { ecos, envFor, KEY } from "./_cli.ts";

const page = (pages: number, totalPages = 4, etaMs = 3_000): Progress => ({
  service: "StatisticSearch",
  args: ["999Y001", "D", "20240101", "20241231"],
  rows: pages * 10_000,
  totalRows: totalPages * 10_000,
  pages,
  totalPages,
  elapsedMs: pages * 500,
  rowsPerSecond: 20_000,
  etaMs,
});

Deno.test("formatProgress() says rows and pages of the total, the rate and the time left", async (t) => {
  await t.step("under way", () => {
    assert.equal(
      formatProgress(page(1, 28, 65_000)),
      "StatisticSearch 999Y001: 10,000/280,000 rows, 1/28 pages, 20,000 rows/s, 1m05s left",
    );
  });
  await t.step("durations", () => {
    assert.match(formatProgress(page(1, 4, 400)), /, <1s left$/);
    assert.match(formatProgress(page(1, 4, 42_000)), /, 42s left$/);
    assert.match(formatProgress(page(1, 4, 3_720_000)), /, 1h02m left$/);
  });
  await t.step("done", () => {
    assert.match(formatProgress(page(4, 4, 0)), /40,000\/40,000 rows, 4\/4 pages, .*, done$/);
  });
  await t.step("a lookup names only its service", () => {
    assert.match(
      formatProgress({ ...page(1), service: "KeyStatisticList", args: [] }),
      /^KeyStatisticList: /,
    );
  });
});

Deno.test("ProgressLine redraws one line with \\r and clears it at the end", () => {
  let err = "";
  const line = new ProgressLine((t) => (err += t), true, 0);
  for (let i = 1; i <= 4; i++) line.update(page(i));
  line.clear();
  const draws = err.split("\r").filter((s) => s !== "");
  assert.equal(draws.length, 5); // four pages, then the clearing
  assert.ok(
    draws.slice(0, 4).every((d) =>
      d.startsWith("StatisticSearch 999Y001: ") && d.endsWith("\x1b[K")
    ),
  );
  assert.ok(!err.includes("\n"), "never a new line");
  assert.ok(err.endsWith("\r\x1b[K"));
});

Deno.test("ProgressLine draws at most every intervalMs, and always the last page", () => {
  let err = "";
  let now = 0;
  const line = new ProgressLine((t) => (err += t), true, 100, () => now);
  line.update(page(1)); // drawn
  now = 50;
  line.update(page(2)); // too soon
  now = 120;
  line.update(page(3)); // drawn
  now = 130;
  line.update(page(4)); // the last: drawn
  assert.equal(err.match(/\r/g)?.length, 3);
  assert.match(err, /1\/4 pages/);
  assert.doesNotMatch(err, /2\/4 pages/);
  assert.match(err, /4\/4 pages/);
});

Deno.test("ProgressLine is silent when stderr is not a terminal, and for one page", () => {
  let err = "";
  const off = new ProgressLine((t) => (err += t), false, 0);
  off.update(page(1));
  off.update(page(4));
  off.clear();
  const single = new ProgressLine((t) => (err += t), true, 0);
  single.update(page(1, 1));
  single.clear();
  assert.equal(err, "");
});

Deno.test("ecos search draws progress on a terminal's stderr only", async (t) => {
  await using server = await startEcosServer({ keys: [KEY] });
  const args = ["search", "722Y001", "M", "202001", "202412", "0101000", "--page-size", "10"];
  await t.step("stderr is a terminal", async () => {
    const run = await ecos(args, { env: envFor(server), isTTY: true });
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stderr, /^\rStatisticSearch 722Y001: 10\/60 rows, 1\/6 pages, /);
    assert.match(
      run.stderr,
      new RegExp(
        String.raw`\rStatisticSearch 722Y001: 60/60 rows, 6/6 pages, [\d,]+ rows/s, done\x1b\[K`,
      ),
    );
    assert.ok(run.stderr.endsWith("\r\x1b[K"), JSON.stringify(run.stderr));
    assert.doesNotMatch(run.stdout, /\r/);
  });
  await t.step("stderr is not a terminal", async () => {
    const run = await ecos(args, { env: envFor(server), isTTY: false });
    assert.equal(run.code, 0);
    assert.equal(run.stderr, "");
  });
});

Deno.test("formatProgress() fits a width: the rate goes first, then the pages, then the service", async (t) => {
  // 280 pages of 10,000 rows: the line a long daily pull draws, 83 columns in full.
  const p: Progress = {
    service: "StatisticSearch",
    args: ["999Y001", "D", "20000101", "20241231"],
    rows: 1_230_000,
    totalRows: 2_795_520,
    pages: 123,
    totalPages: 280,
    elapsedMs: 30_000,
    rowsPerSecond: 41_000,
    etaMs: 38_000,
  };
  const cases: [number, string][] = [
    [
      Infinity,
      "StatisticSearch 999Y001: 1,230,000/2,795,520 rows, 123/280 pages, 41,000 rows/s, 38s left",
    ],
    [79, "StatisticSearch 999Y001: 1,230,000/2,795,520 rows, 123/280 pages, 38s left"],
    [60, "StatisticSearch 999Y001: 1,230,000/2,795,520 rows, 38s left"],
    [45, "999Y001: 1,230,000/2,795,520 rows, 38s left"],
    [30, "999Y001: 1,230,000/2,795,520…"],
  ];
  for (const [width, line] of cases) {
    await t.step(`${width} columns`, () => {
      assert.equal(formatProgress(p, width), line);
      assert.ok(line.length <= width);
    });
  }
});

Deno.test("ProgressLine on an 80-column terminal draws every line within 79 columns, in place", () => {
  let err = "";
  const line = new ProgressLine((t) => (err += t), { isTTY: true, stderrColumns: 80 }, 0);
  for (let i = 1; i <= 28; i++) {
    line.update({ ...page(i, 280, 3_720_000), rows: i * 100_000, totalRows: 28_000_000 });
  }
  line.draw(() => `Mirroring 999Y001: ${"한국은행 ".repeat(20)}`, true);
  line.clear();
  assert.ok(!err.includes("\n"), "never a new line");
  const draws = err.split("\r").filter((s) => s !== "");
  assert.equal(draws.length, 30); // 28 pages, the mirror's line, the clearing
  for (const draw of draws.slice(0, 29)) {
    assert.ok(draw.endsWith("\x1b[K"), "each draw erases what is left of the last");
    const text = draw.slice(0, -3);
    // Hangul takes two columns.
    const width = [...text].reduce((w, ch) => w + (/[\uac00-\ud7a3]/.test(ch) ? 2 : 1), 0);
    assert.ok(width <= 79, `${width} columns: ${text}`);
  }
  assert.equal(draws[28], `Mirroring 999Y001: ${"한국은행 ".repeat(6)}한국…\x1b[K`);
});

Deno.test("ecos search cuts its progress line to the terminal's width", async () => {
  await using server = await startEcosServer({ keys: [KEY] });
  const args = ["search", "722Y001", "M", "202001", "202412", "0101000", "--page-size", "10"];
  const run = await ecos(args, { env: envFor(server), isTTY: true, stderrColumns: 40 });
  assert.equal(run.code, 0, run.stderr);
  const draws = run.stderr.split("\r").filter((s) => s !== "" && s !== "\x1b[K");
  assert.ok(draws.length >= 2, run.stderr);
  for (const draw of draws) assert.ok(draw.length - 3 <= 39, JSON.stringify(draw));
  assert.ok(run.stderr.includes("\r722Y001: 60/60 rows, done\x1b[K"), JSON.stringify(run.stderr));
});
