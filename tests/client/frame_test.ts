import assert from "node:assert/strict";
import { pl } from "../../src/deps.ts";
import fc from "npm:fast-check@4.10.2";
import {
  buildFrame,
  concatFrames,
  emptyFrame,
  FrameBuilder,
  mergeRangeParts,
} from "../../src/client/_frame.ts";
import {
  KEY_STATISTIC_LIST_SCHEMA,
  STATISTIC_ITEM_LIST_SCHEMA,
  STATISTIC_SEARCH_SCHEMA,
} from "../../src/wire/columns.ts";
import type { RawRow } from "../../src/client/_decode.ts";
import { pageIn } from "../testdata/pages.ts";
import {
  STATISTIC_META_SCHEMA,
  STATISTIC_TABLE_LIST_SCHEMA,
  STATISTIC_WORD_SCHEMA,
} from "../../src/wire/columns.ts";

const row = (item: string, time: string, value: string | null, extra: RawRow = {}): RawRow => ({
  STAT_CODE: "722Y001",
  STAT_NAME: "기준금리",
  ITEM_CODE1: item,
  ITEM_NAME1: `item ${item}`,
  ITEM_CODE2: null,
  ITEM_NAME2: null,
  ITEM_CODE3: null,
  ITEM_NAME3: null,
  ITEM_CODE4: null,
  ITEM_NAME4: null,
  UNIT_NAME: "연%",
  WGT: null,
  TIME: time,
  DATA_VALUE: value,
  ...extra,
});

Deno.test("buildFrame() gives StatisticSearch its columns, types and nulls", () => {
  const df = buildFrame([
    row("0101000", "202001", "1.25"),
    row("0101000", "202305SM2", "-", { ITEM_CODE2: "", WGT: "12.5" }),
    row("0101000", "2023Q3", "", { UNIT_NAME: "" }),
    row("0101000", "20230517", " 3 "),
  ], STATISTIC_SEARCH_SCHEMA);
  assert.deepEqual(df.columns, [
    "STAT_CODE",
    "STAT_NAME",
    "ITEM_CODE1",
    "ITEM_NAME1",
    "ITEM_CODE2",
    "ITEM_NAME2",
    "ITEM_CODE3",
    "ITEM_NAME3",
    "ITEM_CODE4",
    "ITEM_NAME4",
    "UNIT_NAME",
    "WGT",
    "TIME",
    "PERIOD",
    "DATA_VALUE",
  ]);
  const types = Object.values(df.schema).map(String);
  assert.deepEqual(types, emptyFrame(STATISTIC_SEARCH_SCHEMA).dtypes.map(String));
  assert.ok(df.getColumn("TIME").dtype.equals(pl.Date));
  assert.ok(df.getColumn("WGT").dtype.equals(pl.Float64));
  assert.ok(df.getColumn("ITEM_CODE4").dtype.equals(pl.String));
  assert.deepEqual(df.getColumn("DATA_VALUE").toArray(), [1.25, null, null, 3]);
  assert.deepEqual(df.getColumn("WGT").toArray(), [null, 12.5, null, null]);
  assert.deepEqual(df.getColumn("ITEM_CODE2").toArray(), [null, null, null, null]);
  assert.deepEqual(df.getColumn("UNIT_NAME").toArray(), ["연%", "연%", null, "연%"]);
  assert.deepEqual(df.getColumn("PERIOD").toArray(), ["202001", "202305SM2", "2023Q3", "20230517"]);
  const days = (df.getColumn("TIME").toArray() as unknown as Date[]).map((d) =>
    d.toISOString().slice(0, 10)
  );
  assert.deepEqual(days, ["2020-01-01", "2023-05-16", "2023-07-01", "2023-05-17"]);
});

Deno.test("emptyFrame() has every column and type, and no rows", () => {
  for (
    const schema of [STATISTIC_SEARCH_SCHEMA, KEY_STATISTIC_LIST_SCHEMA, STATISTIC_ITEM_LIST_SCHEMA]
  ) {
    const empty = emptyFrame(schema);
    assert.equal(empty.height, 0);
    assert.deepEqual(empty.columns, schema.map((c) => c.name));
    assert.ok(concatFrames([], schema).frameEqual(empty));
  }
  assert.ok(emptyFrame(STATISTIC_ITEM_LIST_SCHEMA).getColumn("DATA_CNT").dtype.equals(pl.Int64));
});

Deno.test("buildFrame() reads KeyStatisticList CYCLE labels by their shape", () => {
  const df = buildFrame(
    ["202409", "20240930", "2024Q3", "2024", "garbage", ""].map((CYCLE) => ({
      CYCLE,
      DATA_VALUE: "1,234.5",
    })),
    KEY_STATISTIC_LIST_SCHEMA,
  );
  const days = (df.getColumn("TIME").toArray() as unknown as (Date | null)[]).map((d) =>
    d?.toISOString().slice(0, 10) ?? null
  );
  assert.deepEqual(days, ["2024-09-01", "2024-09-30", "2024-07-01", "2024-01-01", null, null]);
  assert.equal(df.getColumn("DATA_VALUE").get(0), 1234.5);
});

Deno.test("buildFrame() dates every label shape by its first day, and no other text", () => {
  const labels = [
    ["2024", "2024-01-01"],
    ["2024S2", "2024-07-01"],
    ["2024Q4", "2024-10-01"],
    ["202412", "2024-12-01"],
    ["202402SM2", "2024-02-16"],
    ["202402S1", "2024-02-01"],
    ["20240229", "2024-02-29"],
    [" 202403 ", "2024-03-01"],
    ["20230229", null], // no such day
    ["202413", null],
    ["2024Q5", null],
    ["2024S3", null],
    ["2024Q0", null],
    ["0999", null],
    ["20241", null],
    ["2024-01", null],
    ["２０２４", null], // full-width digits
  ] as const;
  const df = buildFrame(labels.map(([TIME]) => row("0101000", TIME, "1")), STATISTIC_SEARCH_SCHEMA);
  const days = (df.getColumn("TIME").toArray() as unknown as (Date | null)[]).map((d) =>
    d?.toISOString().slice(0, 10) ?? null
  );
  assert.deepEqual(days, labels.map(([, day]) => day));
});

Deno.test("FrameBuilder builds one frame; a large one frees its columns once Polars holds them", async (t) => {
  const rows = Array.from({ length: 20 }, (_, i) => row(`0${i % 2}`, String(2000 + i), `${i}.5`));
  for (const way of ["ipc", "expressions"] as const) {
    await t.step(way, () => {
      const builder = new FrameBuilder(STATISTIC_SEARCH_SCHEMA).add(
        pageIn(STATISTIC_SEARCH_SCHEMA, rows),
      );
      const columns = builder._arrowColumns();
      const df = builder.finish(way);
      assert.ok(df.frameEqual(buildFrame(rows, STATISTIC_SEARCH_SCHEMA), true));
      const item = columns.find((c) => c.name === "ITEM_CODE1")!;
      const value = columns.find((c) => c.name === "DATA_VALUE")!;
      // Past IPC_MAX_ROWS frames are built by expressions: their columns go before the frame
      // is made. Through IPC they are small, and freeing them cost a 1k-row page 3%.
      const freed = way === "expressions";
      assert.equal(item.kind === "text" && (item.index?.buffer as ArrayBuffer).detached, freed);
      assert.equal(value.kind === "float" && (value.values?.buffer as ArrayBuffer).detached, freed);
      assert.throws(() => builder.finish(), /builds one frame/);
      assert.throws(() => builder.add(pageIn(STATISTIC_SEARCH_SCHEMA, rows)), /builds one frame/);
    });
  }
});

Deno.test("FrameBuilder pages build the same frame as one batch, and DATA_CNT is a number", () => {
  const rows = Array.from(
    { length: 25 },
    (_, i) => row(String(i % 3), String(2000 + i), String(i)),
  );
  const builder = new FrameBuilder(STATISTIC_SEARCH_SCHEMA);
  for (let i = 0; i < rows.length; i += 7) {
    builder.add(pageIn(STATISTIC_SEARCH_SCHEMA, rows.slice(i, i + 7)));
  }
  assert.equal(builder.height, 25);
  assert.ok(builder.finish().frameEqual(buildFrame(rows, STATISTIC_SEARCH_SCHEMA), true));
  const items = buildFrame(
    [{ DATA_CNT: 321, WEIGHT: "" }, { DATA_CNT: "17" }],
    STATISTIC_ITEM_LIST_SCHEMA,
  );
  assert.deepEqual(items.getColumn("DATA_CNT").toArray().map(Number), [321, 17]);
});

Deno.test("mergeRangeParts() restores item-then-time order across date ranges", () => {
  const years = (item: string, from: number, to: number) =>
    Array.from({ length: to - from + 1 }, (_, i) => row(item, String(from + i), String(i)));
  // Item B has no data before 2005; item C appears only in the later part.
  const whole = buildFrame([
    ...years("A", 2000, 2009),
    ...years("B", 2005, 2009),
    ...years("C", 2007, 2009),
  ], STATISTIC_SEARCH_SCHEMA);
  const early = buildFrame([...years("A", 2000, 2004)], STATISTIC_SEARCH_SCHEMA);
  const late = buildFrame([
    ...years("A", 2005, 2009).map((r) => ({ ...r, DATA_VALUE: String(Number(r.DATA_VALUE) + 5) })),
    ...years("B", 2005, 2009),
    ...years("C", 2007, 2009),
  ], STATISTIC_SEARCH_SCHEMA);
  const merged = mergeRangeParts([early, late]);
  assert.deepEqual(merged.columns, whole.columns);
  assert.deepEqual(
    merged.getColumn("ITEM_CODE1").toArray(),
    whole.getColumn("ITEM_CODE1").toArray(),
  );
  assert.deepEqual(merged.getColumn("PERIOD").toArray(), whole.getColumn("PERIOD").toArray());
  assert.ok(mergeRangeParts([emptyFrame(STATISTIC_SEARCH_SCHEMA), early]).frameEqual(early, true));
});

Deno.test("FrameBuilder builds the same frame whatever order its pages arrive in (property)", () => {
  const row = (i: number): RawRow => ({
    STAT_CODE: "999Y001",
    STAT_NAME: "패널",
    ITEM_CODE1: i % 7 < 3 ? "A" : "B",
    ITEM_NAME1: i % 7 < 3 ? "가" : "나",
    ITEM_CODE2: i % 11 === 0 ? null : "X",
    ITEM_NAME2: null,
    UNIT_NAME: "원",
    WGT: i % 13 === 0 ? "1.5" : null,
    TIME: String(20000101 + (i % 28)),
    DATA_VALUE: i % 5 === 0 ? "-" : String(i / 4),
  });
  fc.assert(
    fc.property(
      fc.integer({ min: 1, max: 120 }),
      fc.integer({ min: 1, max: 25 }),
      fc.nat(),
      (n, size, seed) => {
        const rows = Array.from({ length: n }, (_, i) => row(i));
        const expected = buildFrame(rows, STATISTIC_SEARCH_SCHEMA);
        const starts = Array.from({ length: Math.ceil(n / size) }, (_, p) => p * size);
        // A shuffled arrival order, from the seed.
        const order = starts.map((s, k) => [((k + 1) * 2654435761 + seed) % 4294967296, s] as const)
          .sort((a, b) => a[0] - b[0]).map(([, s]) => s);
        const builder = new FrameBuilder(STATISTIC_SEARCH_SCHEMA).reserve(n);
        for (const s of order) {
          builder.add(pageIn(STATISTIC_SEARCH_SCHEMA, rows.slice(s, s + size)), s);
        }
        assert.ok(builder.finish().frameEqual(expected, true));
      },
    ),
    { numRuns: 200 },
  );
});

Deno.test("FrameBuilder builds the same frame through Arrow IPC and through expressions", async (t) => {
  const cases: [string, typeof STATISTIC_SEARCH_SCHEMA, RawRow[]][] = [
    ["StatisticSearch", STATISTIC_SEARCH_SCHEMA, [
      row("0101000", "202001", "1.25"),
      row("0101000", "202305SM2", "-", {
        ITEM_CODE2: "",
        WGT: "12.5",
        ITEM_NAME1: "긴 이름이 열두 바이트를 넘는다",
      }),
      row("0101000", "2023Q3", "", { UNIT_NAME: " " }),
      row("0101000", "garbage", null, { STAT_NAME: null }),
    ]],
    ["KeyStatisticList", KEY_STATISTIC_LIST_SCHEMA, [
      { CLASS_NAME: "시장금리 ", KEYSTAT_NAME: "콜금리", DATA_VALUE: "3.5", CYCLE: "20240930" },
      { CLASS_NAME: "시장금리", KEYSTAT_NAME: null, DATA_VALUE: "-", CYCLE: "2024Q3" },
      { CLASS_NAME: "", UNIT_NAME: "%", CYCLE: "x" },
    ]],
    ["StatisticTableList", STATISTIC_TABLE_LIST_SCHEMA, [
      { P_STAT_CODE: "*", STAT_CODE: "0000000001", STAT_NAME: "1. 통화/금융", CYCLE: null },
      { P_STAT_CODE: "0000000001", STAT_CODE: "722Y001", STAT_NAME: "1.3.1. 한국은행 기준금리" },
    ]],
    ["StatisticWord", STATISTIC_WORD_SCHEMA, [{ WORD: "소비자동향지수", CONTENT: " a\nb " }]],
    ["StatisticMeta", STATISTIC_META_SCHEMA, [{ LVL: "1", P_CONT_CODE: null, CONT_CODE: "A" }]],
    ["no rows", STATISTIC_SEARCH_SCHEMA, []],
  ];
  for (const [name, schema, rows] of cases) {
    await t.step(name, () => {
      const ipc = new FrameBuilder(schema).add(pageIn(schema, rows)).finish("ipc");
      const expressions = new FrameBuilder(schema).add(pageIn(schema, rows)).finish("expressions");
      assert.deepEqual(ipc.schema, expressions.schema);
      assert.ok(ipc.frameEqual(expressions, true), `${ipc}\n${expressions}`);
    });
  }
  // A deliberate check that the comparison can fail: another value is another frame.
  const a = new FrameBuilder(STATISTIC_SEARCH_SCHEMA).add(
    pageIn(STATISTIC_SEARCH_SCHEMA, [row("1", "2020", "1")]),
  ).finish("ipc");
  const b = new FrameBuilder(STATISTIC_SEARCH_SCHEMA).add(
    pageIn(STATISTIC_SEARCH_SCHEMA, [row("2", "2020", "1")]),
  ).finish("ipc");
  assert.ok(!a.frameEqual(b, true));
});
