/**
 * `ecos mcp` and long pulls: rows beyond max_rows are summarised and counted, never silently
 * cut, and a pull of many pages reports its progress when the caller asks for it.
 */

import assert from "node:assert/strict";
import { readResult, startMcp } from "./_mcp.ts";

Deno.test("rows beyond max_rows are left out, counted, and said how to get", async () => {
  await using mcp = await startMcp();
  const r = await mcp.call("get_series", {
    stat_code: "731Y001",
    cycle: "D",
    start: "20200101",
    end: "20241231",
    items: ["0000001"],
    max_rows: 100,
  });
  assert.equal(r.isError, false, r.texts.join("\n"));
  const data = r.data as {
    total_rows: number;
    shown_rows: number;
    omitted_rows: number;
    omitted_note: string;
    series: {
      summary: { count: number; first: { time: string } };
      omitted: { rows: number; from: string; to: string };
      rows: { time: string }[];
    }[];
  };
  const [s] = data.series;
  // Business days of five years: far more than 100.
  assert.ok(data.total_rows > 1000, `${data.total_rows} rows`);
  assert.equal(data.shown_rows, 100);
  assert.equal(data.omitted_rows, data.total_rows - 100);
  assert.equal(s!.rows.length, 100);
  assert.equal(s!.summary.count, data.total_rows, "the summary counts every row");
  assert.equal(s!.summary.first.time, "2020-01-02", "and starts at the first");
  assert.equal(s!.omitted.rows, data.omitted_rows);
  assert.equal(s!.omitted.from, "2020-01-02");
  assert.ok(s!.omitted.to < s!.rows[0]!.time, "the latest rows are the ones shown");
  assert.equal(s!.rows.at(-1)!.time, "2024-12-30");
  assert.equal(
    data.omitted_note,
    `Showing the latest 100 of ${data.total_rows} rows: ${data.omitted_rows} earlier rows ` +
      `(2020-01-02 to ${s!.omitted.to}) are left out of the rows, but every summary counts ` +
      "them. To get them: call get_series with max_rows up to 5000, or a later start, or split " +
      "the range into several calls; a coarser cycle (M rather than D) has fewer rows. For " +
      "every row in a file: ecos search <stat_code> <cycle> <start> <end> [items] --out rows.csv",
  );
  assert.ok(r.texts[0]!.includes(data.omitted_note), "the text says it too");
  assert.equal(r.texts[0]!.split("\n").filter((l) => /^\| \d{4}-/.test(l)).length, 100);
});

Deno.test("a pull of many pages sends progress notifications when the caller asks", async () => {
  // Small pages make a short pull of many pages.
  await using mcp = await startMcp({}, ["--page-size", "1000"]);
  type Seen = { progress: number; total?: number | undefined; message?: string | undefined };
  const seen: Seen[] = [];
  const result = readResult(
    await mcp.client.callTool(
      {
        name: "get_series",
        // Every item of the daily panel over a quarter: about 4,000 rows, in pages of 1,000.
        arguments: {
          stat_code: "999Y001",
          cycle: "D",
          start: "20240101",
          end: "20240331",
          max_rows: 10,
        },
      },
      undefined,
      { onprogress: (p: Seen) => seen.push(p) },
    ),
  );
  assert.equal(result.isError, false, result.texts.join("\n"));
  const total = result.data!.total_rows as number;
  assert.ok(total > 3_000, `${total} rows`);
  // The last notifications may come after the answer (the SDK client's race): at least the
  // pages before the last arrive, each further on, out of the rows the pull found.
  assert.ok(seen.length >= 3, `${seen.length} notifications`);
  for (let i = 1; i < seen.length; i++) assert.ok(seen[i]!.progress > seen[i - 1]!.progress);
  assert.ok(
    seen.slice(1).every((p) =>
      p.progress <= total && p.total !== undefined && p.total >= p.progress
    ),
  );
  assert.ok(seen.some((p) => p.total === total && p.progress < total));
  // The first as the call starts, before any page: no silence while the first page comes.
  assert.deepEqual(seen[0], { progress: 0, message: "get_series: started" });
  assert.match(seen[1]!.message!, /^StatisticSearch 999Y001: 1,000\/[\d,]+ rows, 1\/\d pages$/);
  // Without a progress token, nothing is sent but the answer.
  const before = mcp.messages.length;
  await mcp.call("get_series", {
    stat_code: "999Y001",
    cycle: "D",
    start: "20240101",
    end: "20240331",
    max_rows: 10,
  });
  assert.deepEqual(
    mcp.messages.slice(before).map((m) => (JSON.parse(m) as { method?: string }).method),
    [undefined],
  );
});
