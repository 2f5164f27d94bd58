import assert from "node:assert/strict";
import fc from "npm:fast-check@4.10.2";
import {
  validateCallOptions,
  validateClientOptions,
  validateSearchQuery,
  validateStatCode,
  validateText,
} from "../src/client/validate.ts";
import { isEcosError } from "../src/client/errors.ts";
import { CYCLES, dateToIndex, formatPeriod } from "../src/wire/period.ts";

function invalid(f: () => unknown, message: RegExp): void {
  assert.throws(f, (e: unknown) => {
    assert.ok(isEcosError(e));
    assert.equal(e.code, "INVALID_ARGUMENT");
    assert.match(e.message, message);
    assert.match(e.message, /^[A-Z]/);
    assert.doesNotMatch(e.message, /\.$/);
    return true;
  });
}

const base = { statCode: "722Y001", cycle: "M", start: "202001", end: "202012" };

Deno.test("validateSearchQuery() reads labels and Dates of every cycle into ordinals", () => {
  assert.deepEqual(validateSearchQuery({ ...base, items: ["0101000"] }), {
    statCode: "722Y001",
    cycle: "M",
    startIndex: 2020 * 12,
    endIndex: 2020 * 12 + 11,
    items: ["0101000"],
  });
  const sm = validateSearchQuery({ ...base, cycle: "SM", start: "202001S2", end: "202001SM2" });
  assert.equal(sm.startIndex, sm.endIndex);
  const d = validateSearchQuery({
    ...base,
    cycle: "Q",
    start: new Date("2020-02-10"),
    end: new Date("2020-12-31"),
  });
  assert.equal(d.endIndex - d.startIndex, 3);
});

Deno.test("validateSearchQuery() accepts start == end for every cycle", () => {
  fc.assert(
    fc.property(
      fc.constantFrom(...CYCLES),
      fc.date({ min: new Date("1950-01-01"), max: new Date("2099-12-31"), noInvalidDate: true }),
      (cycle, date) => {
        const index = dateToIndex(date, cycle);
        const label = formatPeriod(cycle, index);
        const q = validateSearchQuery({ ...base, cycle, start: label, end: label });
        assert.equal(q.startIndex, index);
        assert.equal(q.endIndex, index);
      },
    ),
  );
});

Deno.test("validateSearchQuery() names each problem", async (t) => {
  const cases: [string, unknown, RegExp][] = [
    [
      "five items",
      { ...base, items: ["1", "2", "3", "4", "5"] },
      /^Cannot query more than 4 item codes: got 5$/,
    ],
    ["items not an array", { ...base, items: "0101000" }, /items as an array/],
    ["an empty code", { ...base, statCode: "" }, /non-empty statCode/],
    ["a slash", { ...base, statCode: "a/b" }, /statCode.*"a\/b"/],
    ["a percent", { ...base, items: ["%2F"] }, /item code/],
    ["dot-dot", { ...base, items: [".."] }, /Remove "\.\."/],
    ["non-ASCII", { ...base, statCode: "722Y00１" }, /statCode/],
    ["a cycle", { ...base, cycle: "W" }, /^Use one of the cycles A, S, Q, M, SM, D: got "W"$/],
    [
      "a start shape",
      { ...base, start: "2020-01" },
      /^Write start as YYYYMM .* for cycle M: got "2020-01"$/,
    ],
    ["an end shape", { ...base, end: "2020Q4" }, /^Write end as/],
    ["month 13", { ...base, start: "202013" }, /Write start/],
    ["a number", { ...base, start: 202001 }, /labels \(strings\) or Dates/],
    [
      "start after end",
      { ...base, start: "202101" },
      /^Put start before end: got start 202101 after end 202012$/,
    ],
    ["an Invalid Date", { ...base, start: new Date(NaN) }, /^Pass start as a valid Date/],
    ["an unknown field", { ...base, itemCode: "1" }, /^Remove unknown query fields: itemCode$/],
    ["not an object", "722Y001", /Pass the query as an object/],
  ];
  for (const [name, query, message] of cases) {
    await t.step(name, () => invalid(() => validateSearchQuery(query), message));
  }
});

Deno.test("validateClientOptions() checks every option, and never quotes the key", async (t) => {
  validateClientOptions({});
  validateClientOptions(undefined);
  validateClientOptions({
    apiKey: "ABC123",
    baseUrl: "http://127.0.0.1:1/api",
    format: "xml",
    language: "en",
    pageSize: 10,
    concurrency: 1,
    timeoutMs: 1,
    retry: { attempts: 1, baseMs: 0, capMs: 0, jitter: false },
    rateLimit: false,
    fetch: globalThis.fetch,
    signal: new AbortController().signal,
  });
  const cases: [string, unknown, RegExp][] = [
    ["pageSize 0", { pageSize: 0 }, /pageSize as a positive whole number/],
    ["pageSize 2.5", { pageSize: 2.5 }, /pageSize as a whole number/],
    ["concurrency -1", { concurrency: -1 }, /concurrency/],
    ["timeoutMs NaN", { timeoutMs: NaN }, /timeoutMs/],
    ["format", { format: "csv" }, /^Use format "json" or "xml": got "csv"$/],
    ["language", { language: "jp" }, /language/],
    ["baseUrl", { baseUrl: "ftp://x" }, /http\(s\) URL/],
    ["retry.attempts", { retry: { attempts: 0 } }, /retry.attempts/],
    ["retry.baseMs", { retry: { baseMs: -1 } }, /retry.baseMs/],
    ["rateLimit", { rateLimit: { requests: 0, windowMs: 1 } }, /rateLimit.requests/],
    ["rateLimit true", { rateLimit: true }, /rateLimit/],
    ["fetch", { fetch: "fetch" }, /fetch as a function/],
    ["signal", { signal: {} }, /AbortSignal/],
  ];
  for (const [name, options, message] of cases) {
    await t.step(name, () => invalid(() => validateClientOptions(options), message));
  }
  await t.step("apiKey", () => {
    for (const apiKey of ["", "has space", "tab\there", 42]) {
      try {
        validateClientOptions({ apiKey });
        assert.fail("accepted");
      } catch (e) {
        assert.ok(isEcosError(e));
        assert.match(e.message, /^Pass apiKey as a non-empty string/);
        if (typeof apiKey === "string" && apiKey) assert.ok(!e.message.includes(apiKey));
      }
    }
  });
});

Deno.test("validateCallOptions(), validateStatCode() and validateText() check lookups", () => {
  validateCallOptions({ format: "json", pageSize: 3 });
  invalid(() => validateCallOptions({ pageSize: -3 }), /pageSize/);
  assert.equal(validateStatCode("722Y001"), "722Y001");
  invalid(() => validateStatCode("../x"), /statCode/);
  assert.equal(validateText("소비자물가지수", "word"), "소비자물가지수");
  invalid(() => validateText("", "word"), /non-empty word/);
  invalid(() => validateText("a/b", "word"), /Remove "\/" from word/);
  invalid(() => validateText("a\u0007b", "word"), /control characters/);
  invalid(() => validateText("x".repeat(201), "dataName"), /dataName to at most 200/);
  invalid(() => validateText(" .. ", "dataName"), /some text/);
});
