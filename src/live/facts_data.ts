/**
 * Facts of the data: TIME labels per cycle (the half-monthly spelling answered and accepted),
 * daily calendars, KeyStatisticList's count, CYCLE shapes and classes, the largest page, an
 * end past the total or past the latest period, a range in the future, and what text fields
 * carry. Each is written from /work/shared/ecos-wire.md with its evidence.
 *
 * @module
 */

import { agree, type Answers, describe, differ, type FactCheck, quote, verdict } from "./fact.ts";

/** The TIME labels of a success body, or why there are none. */
function labels(a: Answers, name: string): { times: string[] } | { problem: string } {
  const read = a.body(name);
  if (read.kind !== "rows") return { problem: describe(read) };
  if (read.rows.length === 0) return { problem: "no rows" };
  return { times: read.rows.map((r) => String(r.TIME)) };
}

/** A TIME-shape fact: every label in the shape, and within the range asked. */
function timeFact(
  cycle: string,
  name: string,
  shapeName: string,
  shape: RegExp,
  example: string,
  range: readonly [string, string],
  evidence: string,
): FactCheck {
  const [lo, hi] = range;
  return {
    fact: `TIME labels of cycle ${cycle}`,
    expected: `${shapeName}, e.g. ${example}`,
    evidence,
    requests: [name],
    check(a) {
      const got = labels(a, name);
      if ("problem" in got) return differ(got.problem);
      const bad = got.times.find((t) => !shape.test(t) || t < lo || t > hi);
      if (bad !== undefined) return differ(`${quote(bad, 20)} among ${got.times.length} labels`);
      return agree(`${got.times.length} labels, e.g. ${got.times[0]}`);
    },
  };
}

/** The weekday (0 Sunday) of a YYYYMMDD label. */
function weekday(label: string): number {
  const d = Date.UTC(+label.slice(0, 4), +label.slice(4, 6) - 1, +label.slice(6, 8));
  return new Date(d).getUTCDay();
}

/** The three shapes of KeyStatisticList's CYCLE labels, by name. */
const CYCLE_SHAPES: readonly (readonly [string, RegExp])[] = [
  ["YYYYMM", /^\d{4}(0[1-9]|1[0-2])$/],
  ["YYYYMMDD", /^\d{8}$/],
  ["YYYYQn", /^\d{4}Q[1-4]$/],
];

/** The facts of labels, counts, pages and periods. */
export const DATA_FACTS: readonly FactCheck[] = [
  timeFact("A", "search-a", "YYYY", /^\d{4}$/, "2020", ["2020", "2023"], "captured"),
  timeFact(
    "S",
    "search-s",
    "YYYYSn",
    /^\d{4}S[12]$/,
    "2023S2",
    ["2020S1", "2021S2"],
    "specification",
  ),
  timeFact("Q", "search-q", "YYYYQn", /^\d{4}Q[1-4]$/, "2023Q3", ["2023Q1", "2023Q4"], "captured"),
  timeFact(
    "M",
    "search-m-json",
    "YYYYMM",
    /^\d{4}(0[1-9]|1[0-2])$/,
    "202305",
    ["202301", "202312"],
    "captured",
  ),
  timeFact(
    "SM (answered)",
    "sm-live",
    "YYYYMMSn",
    /^\d{6}S[12]$/,
    "200401S1",
    ["200401S1", "200402S2"],
    "observed live",
  ),
  timeFact(
    "D",
    "search-d",
    "YYYYMMDD",
    /^\d{8}$/,
    "20230517",
    ["20240101", "20240110"],
    "captured",
  ),
  {
    fact: "SM asked as 200401S1 (live): accepted",
    expected: "rows",
    evidence: "observed live",
    requests: ["sm-live"],
    check(a) {
      const read = a.body("sm-live");
      return {
        seen: describe(read),
        verdict: verdict(read.kind === "rows" && read.rows.length > 0),
      };
    },
  },
  {
    fact: "SM asked as 200401SM1 (specification)",
    expected: "open: not known whether it is accepted",
    evidence: "no capture",
    requests: ["sm-spec"],
    check(a) {
      const read = a.body("sm-spec");
      const first = read.kind === "rows" ? read.rows[0]?.TIME : undefined;
      return {
        seen: describe(read) + (first === undefined ? "" : `, TIME ${first}`),
        verdict: "noted",
      };
    },
  },
  {
    fact: "Base rate 722Y001 D: every calendar day",
    expected: "10 rows for 20240101-20240110",
    evidence: "measured live",
    requests: ["search-d"],
    check(a) {
      const got = labels(a, "search-d");
      if ("problem" in got) return differ(got.problem);
      const days = Array.from({ length: 10 }, (_, i) => `202401${String(i + 1).padStart(2, "0")}`);
      const ok = got.times.join(",") === days.join(",");
      return {
        seen: `${got.times.length} rows, ${got.times[0]}-${got.times.at(-1)}`,
        verdict: verdict(ok),
      };
    },
  },
  {
    fact: "Exchange rate 731Y001 D: business days only",
    expected: "no Saturday or Sunday",
    evidence: "measured live",
    requests: ["page-100000"],
    check(a) {
      const got = labels(a, "page-100000");
      if ("problem" in got) return differ(got.problem);
      const weekend = got.times.filter((t) => /^\d{8}$/.test(t) && [0, 6].includes(weekday(t)));
      return {
        seen: weekend.length === 0
          ? `${got.times.length} weekdays`
          : `${weekend.length} on weekends, e.g. ${weekend[0]}`,
        verdict: verdict(weekend.length === 0),
      };
    },
  },
  {
    fact: "Rows 1 to 100000 in one request",
    expected: "answered in one body: every row",
    evidence: "measured live (2023)",
    requests: ["page-100000"],
    check(a) {
      const read = a.body("page-100000");
      if (read.kind !== "rows") return differ(describe(read));
      const ok = read.rows.length > 0 && read.rows.length === read.total;
      return { seen: describe(read), verdict: verdict(ok) };
    },
  },
  {
    fact: "KeyStatisticList: list_total_count",
    expected: "101 (the specification says 100)",
    evidence: "measured live, Feb-Sep 2026",
    requests: ["keystats-json"],
    check(a) {
      const read = a.body("keystats-json");
      if (read.kind !== "rows") return differ(describe(read));
      return { seen: String(read.total), verdict: verdict(read.total === 101) };
    },
  },
  {
    fact: "An end row number past the total",
    expected: "the rows that exist (1-200 of 101: all)",
    evidence: "measured live",
    requests: ["keystats-json"],
    check(a) {
      const read = a.body("keystats-json");
      if (read.kind !== "rows") return differ(describe(read));
      return { seen: describe(read), verdict: verdict(read.rows.length === read.total) };
    },
  },
  {
    fact: "KeyStatisticList: row_count",
    expected: "the rows in this page, a JSON number",
    evidence: "captured",
    requests: ["keystats-json"],
    check(a) {
      const read = a.body("keystats-json");
      if (read.kind !== "rows") return differ(describe(read));
      const ok = typeof read.rowCount === "number" && read.rowCount === read.rows.length;
      return {
        seen: `${JSON.stringify(read.rowCount)} for ${read.rows.length} rows`,
        verdict: verdict(ok),
      };
    },
  },
  {
    fact: "KeyStatisticList: CYCLE label shapes",
    expected: "YYYYMM, YYYYMMDD and YYYYQn side by side",
    evidence: "measured live, 2026",
    requests: ["keystats-json"],
    check(a) {
      const read = a.body("keystats-json");
      if (read.kind !== "rows" || read.rows.length === 0) return differ(describe(read));
      const counts = new Map<string, number>();
      for (const r of read.rows) {
        const label = String(r.CYCLE);
        const shape = CYCLE_SHAPES.find(([, re]) => re.test(label))?.[0] ??
          `other ${quote(label, 12)}`;
        counts.set(shape, (counts.get(shape) ?? 0) + 1);
      }
      const ok = counts.size === CYCLE_SHAPES.length &&
        CYCLE_SHAPES.every(([name]) => counts.has(name));
      return { seen: [...counts].map(([s, n]) => `${s} ${n}`).join(", "), verdict: verdict(ok) };
    },
  },
  {
    fact: "KeyStatisticList: CLASS_NAME order (it changes)",
    expected: "2026: 환율, then 금리 (2023: 시장금리 first)",
    evidence: "measured live, 2023 and 2026",
    requests: ["keystats-json"],
    check(a) {
      const read = a.body("keystats-json");
      if (read.kind !== "rows" || read.rows.length === 0) return differ(describe(read));
      const classes = [...new Set(read.rows.map((r) => String(r.CLASS_NAME)))];
      const ok = classes[0] === "환율" && classes[1] === "금리";
      return {
        seen: `${classes.slice(0, 3).join(", ")}, ... (${classes.length})`,
        verdict: verdict(ok),
      };
    },
  },
  {
    fact: "An end period after the latest (202401-209912)",
    expected: "rows up to the latest; the total counts only those",
    evidence: "measured live, 2026-09",
    requests: ["end-future"],
    check(a) {
      const read = a.body("end-future");
      if (read.kind !== "rows") return differ(describe(read));
      const times = read.rows.map((r) => String(r.TIME));
      const ok = times.length > 0 && read.total === times.length &&
        times.every((t) => t >= "202401" && t < "209912");
      return {
        seen: `${times.length} rows (${times[0]}-${times.at(-1)}), total ${
          JSON.stringify(read.total)
        }`,
        verdict: verdict(ok),
      };
    },
  },
  {
    fact: "A range wholly in the future (20991230-20991231)",
    expected: "INFO-200",
    evidence: "measured live, 2026-09",
    requests: ["future-range"],
    check(a) {
      const read = a.body("future-range");
      return {
        seen: describe(read),
        verdict: verdict(read.kind === "result" && read.code === "INFO-200"),
      };
    },
  },
  {
    fact: "Text fields with spaces at either end",
    expected: 'open: none in 2026 bodies; 2023 had "원 "',
    evidence: "captured 2023 and 2026",
    requests: ["keystats-json", "search-m-json", "search-m-xml", "tables", "items"],
    check(a) {
      let texts = 0;
      const padded: string[] = [];
      for (const name of ["keystats-json", "search-m-json", "search-m-xml", "tables", "items"]) {
        const read = a.body(name);
        if (read.kind !== "rows") continue;
        for (const row of read.rows) {
          for (const [k, v] of Object.entries(row)) {
            if (typeof v !== "string" || v === "") continue;
            texts++;
            if (v !== v.trim()) padded.push(`${k} ${JSON.stringify(v)}`);
          }
        }
      }
      const seen = padded.length === 0
        ? `none in ${texts} texts`
        : `${padded.length} of ${texts}, e.g. ${[...new Set(padded)].slice(0, 2).join(", ")}`;
      return { seen, verdict: "noted" };
    },
  },
  {
    fact: "The guide's URL ending /?/?/? (a query string)",
    expected: "open: the guide writes it; a query string broke a client in 2025",
    evidence: "the guide; PublicDataReader #70",
    requests: ["guide-query"],
    check(a) {
      return { seen: describe(a.body("guide-query")), verdict: "noted" };
    },
  },
];
