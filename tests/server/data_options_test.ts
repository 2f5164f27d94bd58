/**
 * The data options of the bundled server, seen over HTTP: `seed` (other values, the same
 * shape), `dataEnd` (new periods, the old ones unchanged) and `revision` (the recent window
 * revised, nothing older), and servers with different options side by side in one process.
 *
 * @module
 */

import assert from "node:assert/strict";
import {
  type EcosServerOptions,
  SERVER_DATA_END,
  serverCatalogue,
  type ServerTableInfo,
  startEcosServer,
} from "../../src/server/mod.ts";
import { type Cycle, formatPeriod, tryParseLabel } from "../../src/wire/period.ts";
import { type Json, KEY, page, requestJson, type Target } from "../testdata/server/http.ts";

/** How many periods back from a cycle's last the windows of these tests start. */
const BACK: Record<Cycle, number> = { A: 5, S: 4, Q: 6, M: 12, SM: 12, D: 45 };

/** The label `n` periods before `label` (days for D), in the specification's spelling. */
function before(cycle: Cycle, label: string, n: number): string {
  return formatPeriod(cycle, tryParseLabel(label, cycle)!.index - n, "spec");
}

/** The label `n` periods after `label`. */
function after(cycle: Cycle, label: string, n: number): string {
  return before(cycle, label, -n);
}

/** Every row of a query (tests stay well below 100,000 rows). */
async function rows(server: Target, args: string[]): Promise<Json[]> {
  const got = await requestJson(server, { end: 100_000, args });
  return got.StatisticSearch?.row ?? [];
}

/** A row's identity: everything but its value. */
const shape = (r: Json) => JSON.stringify({ ...r, DATA_VALUE: undefined });

/** Each table and cycle of a catalogue, with a recent window of its periods. */
function* windows(catalogue: ServerTableInfo[]) {
  for (const t of catalogue) {
    for (const c of t.cycles) {
      yield { table: t, cycle: c, start: before(c.cycle, c.last, BACK[c.cycle]), end: c.last };
    }
  }
}

async function serve(options: EcosServerOptions = {}) {
  return await startEcosServer({ keys: [KEY], ...options });
}

Deno.test("seed: another seed answers other values in the same rows, labels, codes and names", async (t) => {
  await using plain = await serve();
  await using seeded = await serve({ seed: 20240229 });

  await t.step("StatisticSearch: every table and cycle", async () => {
    for (const { table, cycle, start, end } of windows(serverCatalogue())) {
      const args = [table.code, cycle.cycle, start, end];
      const [a, b] = [await rows(plain, args), await rows(seeded, args)];
      const where = `${table.code} ${cycle.cycle}`;
      assert.ok(a.length > 0, where);
      assert.deepEqual(b.map(shape), a.map(shape), where);
      const drawn = a.filter((r) => r.DATA_VALUE !== "" && r.DATA_VALUE !== "-");
      const changed = a.filter((r, i) => b[i].DATA_VALUE !== r.DATA_VALUE);
      if (table.code === "722Y001") {
        // The base rate follows the Bank's decisions: nothing is drawn.
        assert.equal(changed.length, 0, where);
      } else if (table.code !== "200Y101") {
        // 200Y101's recent years are pinned to its published 2020 level; CPI averages 100 in
        // its base year 2020 whatever the seed.
        const fixed = drawn.filter((r) => table.code === "901Y009" && r.TIME === "2020");
        const expected = (drawn.length - fixed.length) * 0.85;
        assert.ok(changed.length >= expected, `${where}: ${changed.length} of ${drawn.length}`);
      }
    }
  });

  await t.step("the lookups answer the same rows", async () => {
    for (const table of serverCatalogue()) {
      const query = { service: "StatisticItemList", end: 1000, args: [table.code] };
      assert.deepEqual(await page(seeded, query), await page(plain, query), table.code);
    }
    const tree = { service: "StatisticTableList", end: 1000 };
    assert.deepEqual(await page(seeded, tree), await page(plain, tree));
    const meta = { service: "StatisticMeta", end: 100, args: ["경제심리지수"] };
    assert.deepEqual(await page(seeded, meta), await page(plain, meta));
  });

  await t.step("KeyStatisticList: the same indicators and periods, other values", async () => {
    const query = { service: "KeyStatisticList", end: 1000 };
    const [a, b] = [(await page(plain, query)).rows, (await page(seeded, query)).rows];
    const names = (list: Json[]) => list.map((r) => [r.KEYSTAT_NAME, r.CYCLE, r.UNIT_NAME]);
    assert.deepEqual(names(b), names(a));
    const changed = a.filter((r, i) => b[i].DATA_VALUE !== r.DATA_VALUE).length;
    assert.ok(changed > a.length * 0.8, `${changed} of ${a.length}`);
  });

  await t.step("seed 0 is the default data", async () => {
    await using zero = await serve({ seed: 0 });
    const args = ["999Y001", "D", "20240102", "20240131", "05"];
    assert.deepEqual(await rows(zero, args), await rows(plain, args));
  });
});

Deno.test("dataEnd: a later end adds periods to every table still compiled, keeping the earlier ones", async (t) => {
  const dataEnd = "2027-03-31";
  await using now = await serve();
  await using later = await serve({ dataEnd });
  const before_ = serverCatalogue();
  const after_ = serverCatalogue({ dataEnd });

  await t.step("every cycle of every table but 814Y002 gains periods", () => {
    for (const [i, table] of before_.entries()) {
      table.cycles.forEach((c, j) => {
        const moved = after_[i]!.cycles[j]!;
        assert.equal(moved.first, c.first);
        const where = `${table.code} ${c.cycle}: ${c.last} -> ${moved.last}`;
        if (table.code === "814Y002") assert.equal(moved.last, c.last, where);
        else assert.ok(moved.rowsPerSeries > c.rowsPerSeries && moved.last > c.last, where);
      });
    }
  });

  await t.step("the periods both ends hold answer the same bytes", async () => {
    for (const { table, cycle, start, end } of windows(before_)) {
      const args = [table.code, cycle.cycle, start, end];
      assert.deepEqual(await rows(later, args), await rows(now, args), args.join("/"));
    }
  });

  await t.step("the new periods are there, and nothing after them", async () => {
    for (const [i, table] of after_.entries()) {
      for (const [j, c] of table.cycles.entries()) {
        const old = before_[i]!.cycles[j]!;
        const args = [table.code, c.cycle, after(c.cycle, old.last, 1), after(c.cycle, c.last, 40)];
        const body = await requestJson(later, { end: 1, args });
        const total = body.StatisticSearch?.list_total_count ?? 0;
        const expected = (c.rowsPerSeries - old.rowsPerSeries) * table.seriesCount;
        assert.equal(total, expected, args.join("/"));
      }
    }
  });

  await t.step("StatisticItemList's END_TIME and DATA_CNT follow", async () => {
    const query = { service: "StatisticItemList", end: 100, args: ["731Y001"] };
    const [a, b] = [(await page(now, query)).rows[0], (await page(later, query)).rows[0]];
    assert.equal(a.END_TIME, "20260930");
    assert.equal(b.END_TIME, "20270331");
    const fx = after_.find((x) => x.code === "731Y001")!.cycles[0]!;
    assert.equal(b.DATA_CNT, fx.rowsPerSeries);
    const search = await requestJson(later, {
      end: 1,
      args: ["731Y001", "D", "20100101", "20271231", "0000001"],
    });
    assert.equal(search.StatisticSearch.list_total_count, b.DATA_CNT);
  });

  await t.step("StatisticMeta's coverage and notes follow", async () => {
    const query = { service: "StatisticMeta", end: 100, args: ["시장금리(일별)"] };
    const meta = (await page(later, query)).rows;
    const coverage = meta.find((r: Json) => r.CONT_CODE === "0401");
    assert.equal(coverage.META_DATA, "20000103 ~ 20270331");
    const notes = meta.find((r: Json) => r.CONT_CODE === "07");
    assert.match(notes.META_DATA, /2027-03-31/);
  });

  await t.step("KeyStatisticList reports the new latest periods", async () => {
    const rows_ = (await page(later, { service: "KeyStatisticList", end: 1000 })).rows;
    const find = (name: string) => rows_.find((r: Json) => r.KEYSTAT_NAME === name);
    assert.equal(find("한국은행 기준금리").CYCLE, "20270331");
    assert.equal(find("소비자물가지수").CYCLE, "202702");
    assert.equal(find("경제성장률(실질, 계절조정 전기대비)").CYCLE, "2026Q4");
    // A generated market indicator ends on the last business day too.
    assert.equal(find("KOSPI").CYCLE, "20270331");
  });
});

Deno.test("dataEnd: an earlier end drops the latest periods and keeps the rest", async () => {
  const dataEnd = "2025-06-30";
  await using now = await serve();
  await using earlier = await serve({ dataEnd });
  for (const { table, cycle, start, end } of windows(serverCatalogue({ dataEnd }))) {
    const args = [table.code, cycle.cycle, start, end];
    const got = await rows(earlier, args);
    assert.ok(got.length > 0, args.join("/"));
    assert.deepEqual(got, await rows(now, args), args.join("/"));
  }
  const body = await requestJson(earlier, { args: ["722Y001", "D", "20250701", "20261231"] });
  assert.equal(body.RESULT.CODE, "INFO-200");
});

Deno.test("dataEnd: a month-end on a market holiday ends market tables on the business day before", async () => {
  await using server = await serve({ dataEnd: "2026-12-31" });
  const query = (stat: string) => ({ service: "StatisticItemList", end: 100, args: [stat] });
  assert.equal((await page(server, query("731Y001"))).rows[0].END_TIME, "20261230");
  assert.equal((await page(server, query("817Y002"))).rows[0].END_TIME, "20261230");
  // The daily base rate has every calendar day; its year 2026 is complete.
  const rate = (await page(server, query("722Y001"))).rows;
  assert.deepEqual(rate.slice(0, 4).map((r: Json) => [r.CYCLE, r.END_TIME]), [
    ["D", "20261231"],
    ["M", "202612"],
    ["Q", "2026Q4"],
    ["A", "2026"],
  ]);
});

/** Rows of every series in a query, by series, in time order. */
function bySeries(list: Json[]): Map<string, Json[]> {
  const out = new Map<string, Json[]>();
  for (const r of list) {
    const key = [r.ITEM_CODE1, r.ITEM_CODE2, r.ITEM_CODE3, r.ITEM_CODE4].join("/");
    out.set(key, [...(out.get(key) ?? []), r]);
  }
  return out;
}

Deno.test("revision: a round changes each series' recent window and nothing older", async (t) => {
  await using first = await serve();
  await using round1 = await serve({ revision: 1 });
  await using round2 = await serve({ revision: 2 });
  // Each table's first cycle (the one generated), and its window.
  const cases: [string, Cycle, number][] = [
    ["731Y001", "D", 20],
    ["817Y002", "D", 20],
    ["999Y001", "D", 20],
    ["722Y001", "D", 20],
    ["901Y009", "M", 3],
    ["101Y003", "M", 3],
    ["601Y002", "M", 3],
    ["901Y027", "M", 3],
    ["200Y102", "Q", 2],
    ["105Y001", "S", 1],
    ["200Y101", "A", 1],
    ["814Y002", "SM", 0],
  ];
  const catalogue = serverCatalogue();
  let revised = 0;
  let differ = 0;
  for (const [stat, cycle, window] of cases) {
    await t.step(`${stat} ${cycle}: the last ${window}`, async () => {
      const c = catalogue.find((x) => x.code === stat)!.cycles.find((x) => x.cycle === cycle)!;
      const args = [stat, cycle, before(cycle, c.last, window + 10), c.last];
      const [a, b, d] = [
        await rows(first, args),
        await rows(round1, args),
        await rows(round2, args),
      ];
      assert.deepEqual(b.map(shape), a.map(shape));
      const [sa, sb, sd] = [bySeries(a), bySeries(b), bySeries(d)];
      const differed = differ;
      for (const [key, base] of sa) {
        const r1 = sb.get(key)!;
        const r2 = sd.get(key)!;
        base.forEach((row, k) => {
          const where = `${stat} ${key} ${row.TIME}`;
          const missing = row.DATA_VALUE === "" || row.DATA_VALUE === "-";
          if (k < base.length - window || missing) {
            assert.equal(r1[k].DATA_VALUE, row.DATA_VALUE, where);
            assert.equal(r2[k].DATA_VALUE, row.DATA_VALUE, where);
          } else {
            assert.notEqual(r1[k].DATA_VALUE, row.DATA_VALUE, where);
            assert.notEqual(r2[k].DATA_VALUE, row.DATA_VALUE, where);
            revised++;
            if (r2[k].DATA_VALUE !== r1[k].DATA_VALUE) differ++;
          }
        });
      }
      if (window > 0) assert.ok(differ > differed, "round 2 is not round 1");
    });
  }
  // Rounds draw anew; a value revised by one unit of its last decimal may match by chance.
  assert.ok(differ >= revised * 0.5, `${differ} of ${revised} differ between rounds`);

  await t.step("derived cycles change only where they take in revised rows", async () => {
    const base = ["722Y001", "M", "202601", "202609", "0101000"];
    const [a, b] = [await rows(first, base), await rows(round1, base)];
    const changed = a.filter((r, i) => b[i].DATA_VALUE !== r.DATA_VALUE).map((r) => r.TIME);
    assert.deepEqual(changed, ["202609"]);
    // CPI's annual means end in 2025; its revised months are in 2026.
    const annual = ["901Y009", "A", "2020", "2025"];
    assert.deepEqual(await rows(round1, annual), await rows(first, annual));
  });

  await t.step("KeyStatisticList reads the revised latest values", async () => {
    const query = { service: "KeyStatisticList", end: 1000 };
    const keys = (await page(round1, query)).rows;
    const cpi = keys.find((r: Json) => r.KEYSTAT_NAME === "소비자물가지수");
    const [row] = await rows(round1, ["901Y009", "M", "202608", "202608", "0"]);
    assert.equal(cpi.DATA_VALUE, row.DATA_VALUE);
    const original = (await page(first, query)).rows;
    const changed = original.filter((r: Json, i: number) => keys[i].DATA_VALUE !== r.DATA_VALUE);
    assert.ok(changed.length > original.length * 0.9, `${changed.length}`);
  });
});

Deno.test("revision and dataEnd together: history outside the revised window stays", async () => {
  await using now = await serve();
  await using next = await serve({ dataEnd: "2026-12-31", revision: 1 });
  // CPI: 202608 at the default end; 202611 later, with 202609-202611 revised.
  const args = ["901Y009", "M", "202501", "202611", "0"];
  const [a, b] = [await rows(now, args), await rows(next, args)];
  assert.equal(a.at(-1).TIME, "202608");
  assert.equal(b.at(-1).TIME, "202611");
  assert.deepEqual(b.slice(0, a.length), a);
  await using unrevised = await serve({ dataEnd: "2026-12-31" });
  const c = await rows(unrevised, args);
  assert.deepEqual(b.slice(0, -3), c.slice(0, -3));
  for (let k = c.length - 3; k < c.length; k++) assert.notEqual(b[k].DATA_VALUE, c[k].DATA_VALUE);
});

Deno.test("servers with different data options in one process never share values", async () => {
  const queries = [
    ["731Y001", "D", "20260801", "20260930", "0000001"],
    ["999Y001", "D", "20260901", "20260930", "03", "P"],
    ["901Y009", "M", "202601", "202612", "0"],
  ];
  const all = (server: Target) => Promise.all(queries.map((args) => rows(server, args)));
  let reference: Json[][];
  {
    await using alone = await serve();
    reference = await all(alone);
  }
  const options: EcosServerOptions[] = [
    {},
    { seed: 1 },
    { seed: 2 },
    { dataEnd: "2026-12-31" },
    { revision: 1 },
    { seed: 1, dataEnd: "2026-12-31", revision: 3 },
  ];
  const servers = await Promise.all(options.map((o) => serve(o)));
  try {
    // Ask every server at once, twice, in different orders.
    const once = await Promise.all(servers.map(all));
    const twice = await Promise.all([...servers].reverse().map(all));
    twice.reverse();
    assert.deepEqual(twice, once);
    assert.deepEqual(once[0], reference);
    const texts = once.map((answers) => JSON.stringify(answers));
    assert.equal(new Set(texts).size, options.length, "every option set answers its own data");
    // A server started later with the same options answers the same.
    await using again = await serve({ seed: 1 });
    assert.deepEqual(await all(again), once[1]);
  } finally {
    await Promise.all(servers.map((s) => s.close()));
  }
});

Deno.test("startEcosServer() checks seed, dataEnd and revision before listening", async () => {
  const bad: [EcosServerOptions, ErrorConstructor][] = [
    [{ seed: 1.5 }, RangeError],
    [{ seed: Number.NaN }, RangeError],
    [{ revision: -1 }, RangeError],
    [{ revision: 0.5 }, RangeError],
    [{ dataEnd: "2026/12/31" }, TypeError],
    [{ dataEnd: "2026-02-30" }, TypeError],
    [{ dataEnd: "2023-12-31" }, RangeError],
    [{ dataEnd: "2100-01-01" }, RangeError],
  ];
  for (const [options, type] of bad) {
    await assert.rejects(startEcosServer(options), type, JSON.stringify(options));
  }
  await using earliest = await serve({ dataEnd: "2024-01-01", seed: -5, revision: 0 });
  const got = await page(earliest, { args: ["722Y001", "D", "20231231", "20240105", "0101000"] });
  assert.equal(got.rows.at(-1).TIME, "20240101");
  assert.equal(SERVER_DATA_END, "2026-09-30");
});
