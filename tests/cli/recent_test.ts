import assert from "node:assert/strict";
import { RECENT_PERIODS, recentRange } from "../../src/cli/recent.ts";
import { parsePeriod } from "../../src/periods.ts";

Deno.test("recentRange() ends with the period holding today, for every cycle", async (t) => {
  const now = new Date("2026-11-23T07:41:00Z");
  const cases = [
    ["A", "2017", "2026"],
    ["S", "2022S1", "2026S2"],
    ["Q", "2024Q1", "2026Q4"],
    ["M", "202412", "202611"],
    ["SM", "202512S1", "202611S2"],
    ["D", "20260826", "20261123"],
  ] as const;
  for (const [cycle, start, end] of cases) {
    await t.step(cycle, () => {
      assert.deepEqual(recentRange(cycle, now), { start, end });
    });
  }
  const days = (parsePeriod("20261123").getTime() - parsePeriod("20260826").getTime()) / 864e5;
  assert.equal(days + 1, RECENT_PERIODS.D);
});

Deno.test("recentRange() with a start keeps it and reads the cycle from its shape", () => {
  const now = new Date("2024-06-15T00:00:00Z");
  assert.deepEqual(recentRange("M", now, "202401"), { start: "202401", end: "202406" });
  assert.deepEqual(recentRange("M", now, "2023Q3"), { start: "2023Q3", end: "2024Q2" });
  assert.deepEqual(recentRange("D", now, "20240610"), { start: "20240610", end: "20240615" });
  // A start of no known shape is kept for the client to refuse.
  assert.deepEqual(recentRange("M", now, "June"), { start: "June", end: "202406" });
});
