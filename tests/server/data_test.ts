import assert from "node:assert/strict";
import {
  SERVER_DATA_END,
  SERVER_DATA_NOTICE,
  serverCatalogue,
  startEcosServer,
} from "../../src/server/mod.ts";
import { CYCLES } from "../../src/wire/period.ts";
import { KEY, page, type Target } from "../testdata/server/http.ts";

/** A series' values by TIME label. */
async function values(server: Target, args: string[]): Promise<Map<string, number>> {
  const { rows } = await page(server, { end: 100_000, args });
  return new Map(rows.map((r) => [r.TIME as string, Number(r.DATA_VALUE)]));
}

Deno.test("the catalogue covers every cycle and 1 to 4 item levels, ending on a fixed date", () => {
  const tables = serverCatalogue();
  const cycles = new Set(tables.flatMap((t) => t.cycles.map((c) => c.cycle)));
  assert.deepEqual([...cycles].sort(), [...CYCLES].sort());
  assert.deepEqual([...new Set(tables.map((t) => t.levels))].sort(), [1, 2, 3, 4]);
  assert.equal(SERVER_DATA_END, "2026-09-30");
  const end = Number(SERVER_DATA_END.replaceAll("-", ""));
  for (const t of tables) {
    for (const c of t.cycles) {
      const year = Number(c.last.slice(0, 4));
      assert.ok(year <= 2026, `${t.code} ${c.cycle} ends ${c.last}`);
      if (c.cycle === "D") assert.ok(Number(c.last) <= end);
    }
  }
  assert.match(SERVER_DATA_NOTICE, /not official statistics/);
});

Deno.test("the base rate moves in 0.25 steps through its stylised history", async () => {
  await using server = await startEcosServer({ keys: [KEY] });
  const rate = await values(server, ["722Y001", "M", "200001", "202609", "0101000"]);
  for (const v of rate.values()) assert.equal((v * 100) % 25, 0);
  assert.equal(rate.get("200812"), 3);
  assert.equal(rate.get("202006"), 0.5);
  assert.equal(rate.get("202312"), 3.5);
  const all = [...rate.values()];
  assert.ok(Math.min(...all) === 0.5 && Math.max(...all) === 5.25);
  const annual = await values(server, ["722Y001", "A", "2000", "2025", "0101000"]);
  assert.equal(annual.get("2023"), rate.get("202312"));
});

Deno.test("CPI averages about 100 in 2020 and trends up about 2% a year", async () => {
  await using server = await startEcosServer({ keys: [KEY] });
  const cpi = await values(server, ["901Y009", "M", "199001", "202608", "0"]);
  const y2020 = [...cpi].filter(([t]) => t.startsWith("2020")).map(([, v]) => v);
  const mean = y2020.reduce((a, b) => a + b, 0) / y2020.length;
  assert.ok(Math.abs(mean - 100) < 0.05, `2020 mean ${mean}`);
  const growth = (cpi.get("202412")! / cpi.get("201412")!) ** (1 / 10) - 1;
  assert.ok(growth > 0.01 && growth < 0.035, `growth ${growth}`);
  const annual = await values(server, ["901Y009", "A", "2020", "2020", "0"]);
  assert.ok(Math.abs(annual.get("2020")! - 100) < 0.05);
});

Deno.test("KRW/USD stays in a plausible band with day-to-day volatility", async () => {
  await using server = await startEcosServer({ keys: [KEY] });
  const fx = [
    ...(await values(server, ["731Y001", "D", "20100101", "20260930", "0000001"])).values(),
  ];
  assert.ok(Math.min(...fx) > 950 && Math.max(...fx) < 1650);
  const moves = fx.slice(1).map((v, i) => Math.abs(Math.log(v / fx[i]!)));
  const mean = moves.reduce((a, b) => a + b, 0) / moves.length;
  assert.ok(mean > 0.001 && mean < 0.01, `mean daily move ${mean}`);
});

/** The lag-1 autocorrelation of a series. */
function lag1(x: readonly number[]): number {
  const mean = x.reduce((a, b) => a + b, 0) / x.length;
  let num = 0;
  let den = 0;
  for (let i = 0; i < x.length; i++) {
    den += (x[i]! - mean) ** 2;
    if (i > 0) num += (x[i]! - mean) * (x[i - 1]! - mean);
  }
  return num / den;
}

Deno.test("daily exchange rates cluster their volatility, with uncorrelated returns, at plausible levels", async (t) => {
  await using server = await startEcosServer({ keys: [KEY] });
  const currencies: [string, string, number, number][] = [
    // [item, name, lowest, highest]: KRW/USD about 1,000-1,500 over 2010-2026.
    ["0000001", "USD", 1000, 1500],
    ["0000002", "JPY (100)", 800, 1550],
    ["0000003", "EUR", 1150, 1800],
    ["0000053", "CNY", 145, 220],
  ];
  for (const [item, name, low, high] of currencies) {
    await t.step(name, async () => {
      const level = [
        ...(await values(server, ["731Y001", "D", "20100101", "20260930", item])).values(),
      ];
      assert.ok(level.length > 4000);
      const min = Math.min(...level);
      const max = Math.max(...level);
      assert.ok(min > low && max < high, `${name} from ${min} to ${max}`);
      const returns = level.slice(1).map((v, i) => Math.log(v / level[i]!));
      const clustering = lag1(returns.map(Math.abs));
      const memory = lag1(returns);
      // About 0.02 is one standard error for 4,000 returns: clearly positive is > 0.1.
      assert.ok(clustering > 0.1, `${name}: |returns| lag-1 autocorrelation ${clustering}`);
      assert.ok(Math.abs(memory) < 0.05, `${name}: returns lag-1 autocorrelation ${memory}`);
    });
  }
});

Deno.test("nominal GDP grows and real growth dips in 2020", async () => {
  await using server = await startEcosServer({ keys: [KEY] });
  const gdp = await values(server, ["200Y101", "A", "1970", "2025", "10101"]);
  assert.equal(gdp.get("2020"), 2058466.5);
  assert.ok(gdp.get("2025")! > gdp.get("2020")! && gdp.get("2020")! > gdp.get("2000")!);
  const growth = await values(server, ["200Y102", "Q", "2019Q1", "2021Q4", "10111"]);
  assert.ok(growth.get("2020Q2")! < 0);
});

Deno.test("generated data is the same in a fresh process", async () => {
  await using server = await startEcosServer({ keys: [KEY] });
  const args = ["999Y001", "D", "20240101", "20240131", "05"];
  const here = JSON.stringify((await page(server, { end: 1000, args })).rows);
  const module = (path: string) => JSON.stringify(new URL(path, import.meta.url).href);
  const script = `
    import { startEcosServer } from ${module("../../src/server/mod.ts")};
    import { page } from ${module("../testdata/server/http.ts")};
    await using s = await startEcosServer();
    const { rows } = await page(s, { key: "sample", args: ${JSON.stringify(args)} });
    console.log(JSON.stringify(rows));
  `;
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["eval", "--quiet", script],
    stdout: "piped",
    stderr: "piped",
  }).output();
  assert.equal(out.code, 0, new TextDecoder().decode(out.stderr));
  const there = JSON.parse(new TextDecoder().decode(out.stdout));
  assert.deepEqual(there, JSON.parse(here).slice(0, 10));
});
