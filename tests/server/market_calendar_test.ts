/**
 * The Korean business-day calendar of the daily market tables, seen through StatisticSearch:
 * no weekends, no public holidays (lunar ones included), while the daily base rate keeps every
 * calendar day.
 *
 * @module
 */

import assert from "node:assert/strict";
import { serverCatalogue, startEcosServer } from "../../src/server/mod.ts";
import { isKoreanBusinessDay } from "../../src/server/data/business_days.ts";
import { isoDay } from "../../src/server/data/dates.ts";
import { KEY, page } from "../testdata/server/http.ts";

const iso = (time: string) => `${time.slice(0, 4)}-${time.slice(4, 6)}-${time.slice(6)}`;
const weekday = (time: string) => new Date(`${iso(time)}T00:00:00Z`).getUTCDay();

Deno.test("731Y001 D in February 2024 skips weekends, Seollal and its substitute; 722Y001 D has every day", async () => {
  await using server = await startEcosServer({ keys: [KEY] });
  const fx = await page(server, {
    end: 1000,
    args: ["731Y001", "D", "20240201", "20240229", "0000001"],
  });
  const days = fx.rows.map((r) => r.TIME);
  assert.equal(fx.total, 19);
  for (const closed of ["20240209", "20240210", "20240211", "20240212", "20240203"]) {
    assert.ok(!days.includes(closed), closed);
  }
  assert.ok(days.every((d) => weekday(d) >= 1 && weekday(d) <= 5));
  assert.deepEqual(days.slice(5, 7), ["20240208", "20240213"]);

  const rate = await page(server, {
    end: 1000,
    args: ["722Y001", "D", "20240201", "20240229", "0101000"],
  });
  assert.equal(rate.total, 29);
  assert.deepEqual(
    rate.rows.map((r) => r.TIME),
    Array.from({ length: 29 }, (_, i) => `202402${String(i + 1).padStart(2, "0")}`),
  );
});

Deno.test("every daily market table trades on the same Korean business days", async () => {
  await using server = await startEcosServer({ keys: [KEY] });
  const times = async (args: string[]) =>
    (await page(server, { end: 10_000, args })).rows.map((r) => r.TIME as string);
  const fx = await times(["731Y001", "D", "20100101", "20261231", "0000001"]);
  const panel = await times(["999Y001", "D", "20100101", "20261231", "01", "P"]);
  const rates = await times(["817Y002", "D", "20100101", "20261231", "010200000"]);
  assert.deepEqual(panel, fx);
  assert.deepEqual(rates, fx);
  assert.equal(fx.length, 4142);
  assert.ok(fx.every((t) => isKoreanBusinessDay(isoDay(iso(t)))));
  // Lunar holidays from the dangi calendar: Chuseok 2025 (5-8 October with its substitute),
  // Buddha's Birthday 2023 (27 May, a Saturday, so Monday 29 May as substitute).
  for (const closed of ["20251006", "20251007", "20251008", "20230529"]) {
    assert.ok(!fx.includes(closed), closed);
  }
  // Election days and one-off temporary holidays are left out: those days hold rows.
  assert.ok(fx.includes("20240410") && fx.includes("20241001"));
});

Deno.test("serverCatalogue() names each daily table's calendar", () => {
  const daily = serverCatalogue().flatMap((t) =>
    t.cycles.filter((c) => c.cycle === "D").map((c) => [t.code, c.calendar, c.weekdaysOnly])
  );
  assert.deepEqual(daily, [
    ["722Y001", "all", false],
    ["817Y002", "krx", true],
    ["731Y001", "krx", true],
    ["999Y001", "krx", true],
  ]);
});

Deno.test("the base rate's derived cycles still read from its every-day series", async () => {
  await using server = await startEcosServer({ keys: [KEY] });
  const value = async (cycle: string, period: string) =>
    (await page(server, { args: ["722Y001", cycle, period, period, "0101000"] })).rows[0]
      .DATA_VALUE;
  // Sunday 31 March 2024 closes the month and the quarter: the "last" view reads it.
  assert.equal(await value("M", "202403"), await value("D", "20240331"));
  assert.equal(await value("Q", "2024Q1"), await value("D", "20240331"));
  assert.equal(await value("A", "2024"), await value("D", "20241231"));
});
