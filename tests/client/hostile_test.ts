/**
 * Hostile bodies: whatever arrives, decoding takes linear time and ends in rows, a result
 * code, or a BodyError (which the request core turns into BAD_RESPONSE). Never a hang, a raw
 * exception, or a quietly wrong row.
 */

import assert from "node:assert/strict";
import fc from "npm:fast-check@4.10.2";
import { decodeBody, loadXmlParser, rootElement } from "../../src/client/_decode.ts";
import { BodyError } from "../../src/client/_errors.ts";
import { buildFrame } from "../../src/client/_frame.ts";
import { rowsOf } from "../testdata/pages.ts";
import { STATISTIC_SEARCH_SCHEMA } from "../../src/wire/columns.ts";
import { EcosClient, isEcosError } from "../../mod.ts";

await loadXmlParser(); // decodeBody() is synchronous: the parser must be there for odd XML

/** Decodes, and says how it ended; fails the test on anything but rows, a code or BodyError. */
function outcome(body: string): "rows" | "result" | "bad" {
  try {
    return decodeBody(body, "StatisticSearch").kind;
  } catch (e) {
    assert.ok(
      e instanceof BodyError,
      `a raw ${String(e)} for ${JSON.stringify(body.slice(0, 80))}`,
    );
    return "bad";
  }
}

/** Milliseconds one decode takes. */
function timed(body: string): number {
  const t0 = performance.now();
  outcome(body);
  return performance.now() - t0;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/**
 * How many times longer decoding `large` takes than decoding `small`: the ratio of the medians
 * of 9 timings of each, taken in turn after a warm-up, so that a busy moment of the machine or
 * a collection falls on both rather than deciding the answer.
 */
function slowdown(small: string, large: string): number {
  for (let i = 0; i < 3; i++) [small, large].forEach(timed);
  const a: number[] = [];
  const b: number[] = [];
  for (let i = 0; i < 9; i++) {
    a.push(timed(small));
    b.push(timed(large));
  }
  return median(b) / Math.max(median(a), 0.001);
}

const xmlish = fc.array(
  fc.constantFrom(
    "<",
    ">",
    "<!--",
    "-->",
    "<?",
    "?>",
    "<!DOCTYPE x>",
    "<StatisticSearch>",
    "</StatisticSearch>",
    "<row>",
    "</row>",
    "<TIME>2020</TIME>",
    "<list_total_count>1</list_total_count>",
    "<RESULT>",
    "<CODE>INFO-200</CODE>",
    "</RESULT>",
    "&amp;",
    "&#47;",
    " ",
    "\n",
    "x",
    '"',
  ),
  { maxLength: 200 },
).map((parts) => parts.join(""));

const jsonish = fc.oneof(
  fc.json({ maxDepth: 6 }),
  fc.array(fc.constantFrom("{", "}", "[", "]", '"', ":", ",", '"row"', "1", "null"), {
    maxLength: 200,
  }).map((p) => p.join("")),
);

Deno.test("decodeBody() ends every random body in rows, a code or BAD_RESPONSE (property)", () => {
  fc.assert(
    fc.property(fc.oneof(fc.string({ maxLength: 300 }), xmlish, jsonish), (body) => {
      outcome(body);
    }),
    { numRuns: 3000 },
  );
});

Deno.test("decodeBody() takes linear time on bodies built to backtrack", async (t) => {
  // Each pattern at n and 8n: linear work takes about 8 times longer (measured here: 6 to 8, or
  // 1 where the decoder stops early), quadratic 64, exponential backtracking far more (it shows
  // at 30 comments). The bound sits between, on a ratio of medians, not one wall-clock sample.
  const patterns: [string, (n: number) => string][] = [
    ["comments without an element", (n) => "<!---->".repeat(n) + "<!-- x"],
    ["unclosed comments", (n) => "<!--" + "-->".repeat(n) + "<!---->".repeat(n) + "<!--"],
    ["spaces before a closing tag", (n) => "<a>" + `</a${" ".repeat(n)}x`.repeat(n)],
    ["declarations", (n) => "<?xml?>".repeat(n) + "<"],
    ["an open tag", (n) => "<" + "a".repeat(n * 50)],
    // Not deeper: JSON.parse itself grows faster than linearly past about 30,000 levels.
    [
      "nested lists",
      (n) => `{"StatisticSearch":{"list_total_count":1,"row":[{"A":${"[".repeat(n * 5)}`,
    ],
  ];
  for (const [name, make] of patterns) {
    await t.step(name, () => {
      const ratio = slowdown(make(400), make(3200));
      assert.ok(ratio < 24, `${name}: ${ratio.toFixed(1)} times longer at 8 times the size`);
    });
  }
});

Deno.test("rootElement() skips declarations and comments, and flags a DOCTYPE", () => {
  assert.equal(
    rootElement('<?xml version="1.0"?>\n<!-- c --><StatisticSearch>'),
    "StatisticSearch",
  );
  assert.equal(rootElement("<!DOCTYPE x [<!ENTITY a 'b'>]><x/>"), "!DOCTYPE");
  assert.equal(rootElement("<!-- never closed"), undefined);
  assert.equal(rootElement("no tag"), undefined);
});

Deno.test("decodeBody() refuses a DOCTYPE: it could declare entities that expand without bound", () => {
  const laughs = `<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaaaaaaaa">` +
    `<!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>` +
    `<StatisticSearch><list_total_count>1</list_total_count><row><TIME>&b;</TIME></row></StatisticSearch>`;
  assert.throws(
    () => decodeBody(laughs, "StatisticSearch"),
    (e) => e instanceof BodyError && /DOCTYPE/.test(e.detail),
  );
});

Deno.test("a field holding an object, a list or a boolean is BAD_RESPONSE, never a wrong value", async (t) => {
  const deep = `${"[".repeat(100_000)}${"]".repeat(100_000)}`;
  const bodies: [string, string, RegExp][] = [
    // Rows of the table asked (X1), so that the field is what fails.
    [
      "JSON object",
      '{"STAT_CODE":"X1","TIME":"2020","DATA_VALUE":{"a":1}}',
      /field "DATA_VALUE", holds an object/,
    ],
    [
      "JSON list",
      '{"STAT_CODE":"X1","TIME":"2020","STAT_NAME":[1,2]}',
      /field "STAT_NAME", holds a list/,
    ],
    [
      "JSON true",
      '{"STAT_CODE":"X1","TIME":"2020","DATA_VALUE":true}',
      /field "DATA_VALUE", holds boolean/,
    ],
    [
      "nested 100k deep",
      `{"STAT_CODE":"X1","TIME":${deep},"DATA_VALUE":"1"}`,
      /field "TIME", holds a list/,
    ],
  ];
  for (const [name, row, message] of bodies) {
    await t.step(name, async () => {
      const body = `{"StatisticSearch":{"list_total_count":1,"row":[${row}]}}`;
      const client = new EcosClient({
        baseUrl: "https://ecos.test/api",
        apiKey: "k",
        cache: false,
        rateLimit: false,
        retry: { attempts: 1 },
        fetch: (() => Promise.resolve(new Response(body))) as typeof fetch,
      });
      const query = { statCode: "X1", cycle: "A" as const, start: "2020", end: "2020" };
      for (
        const pull of [
          () => client.statisticSearch(query),
          async () => {
            for await (const _ of client.statisticSearchPages(query)) { /* none */ }
          },
        ]
      ) {
        const e = await pull().then(() => undefined, (e) => e);
        assert.ok(isEcosError(e), String(e));
        assert.equal(e.code, "BAD_RESPONSE");
        assert.match(e.message, message);
      }
    });
  }
  await t.step("the XML element inside a field", () => {
    const decoded = decodeBody(
      "<StatisticSearch><list_total_count>1</list_total_count><row><TIME><b>2020</b></TIME>" +
        "</row></StatisticSearch>",
      "StatisticSearch",
    );
    assert.ok(decoded.kind === "rows");
    assert.throws(
      () => buildFrame(rowsOf(decoded.page), STATISTIC_SEARCH_SCHEMA),
      (e) => e instanceof BodyError && /field "TIME", holds an object/.test(e.detail),
    );
  });
  await t.step("a field no frame reads is not looked at", () => {
    const decoded = decodeBody(
      '{"StatisticSearch":{"list_total_count":1,"row":[{"TIME":"2020","EXTRA":{"a":[1]}}]}}',
      "StatisticSearch",
    );
    assert.ok(decoded.kind === "rows");
    assert.equal(buildFrame(rowsOf(decoded.page), STATISTIC_SEARCH_SCHEMA).height, 1);
  });
});

Deno.test("decodeBody() refuses a RESULT whose CODE is not a code", () => {
  for (const code of ["", "x".repeat(10_000), "INFO 200", "<b>"]) {
    assert.throws(
      () => decodeBody(JSON.stringify({ RESULT: { CODE: code, MESSAGE: "m" } }), "X"),
      BodyError,
    );
  }
});
