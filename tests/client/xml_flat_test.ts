/**
 * The XML fast path against fast-xml-parser, differentially: on every body, flat or not, the
 * fast path either gives up or gives what fast-xml-parser gives (without the "#text" keys of
 * whitespace between elements, which nobody reads).
 */

import assert from "node:assert/strict";
import fc from "npm:fast-check@4.10.2";
import { XMLParser } from "npm:fast-xml-parser@5.12.1";
import { readFlatXml, XML_PARSER_OPTIONS } from "../../src/client/_decode.ts";

const reference = new XMLParser(XML_PARSER_OPTIONS);

/** A parsed body without "#text" keys. */
function strip(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(strip);
  if (typeof value !== "object" || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).filter(([k]) => !k.startsWith("#")).map(([k, v]) => [k, strip(v)]),
  );
}

const text = fc.string({
  unit: fc.oneof(
    fc.constantFrom("a", "Z", "0", "9", ".", "-", " ", "\n", "가", "원", "%", "(", ")", "/"),
    fc.constantFrom("&amp;", "&lt;", "&gt;", "&quot;", "&apos;", "&#47;", "&#x41;", "&#54620;"),
  ),
  maxLength: 12,
});
const tag = fc.constantFrom("STAT_CODE", "TIME", "DATA_VALUE", "ITEM_NAME1", "WGT", "A.B", "x_1");
const space = fc.constantFrom("", " ", "\n", "\n  ", "\t");
const attr = fc.constantFrom("", ' number="true"', " array='true'", ' a="1" b="2"');

const leaf = fc.tuple(tag, attr, fc.option(text), space).map(([t, a, v, s]) =>
  v === null ? `${s}<${t}${a}/>` : `${s}<${t}${a}>${v}</${t}>`
);
const row = fc.tuple(
  attr,
  fc.uniqueArray(leaf, {
    minLength: 1,
    maxLength: 6,
    selector: (l) => l.replace(/[\s\S]*?<([\w.]+)[\s\S]*/, "$1"),
  }),
  space,
)
  .map(([a, leaves, s]) => `${s}<row${a}>${leaves.join("")}${s}</row>`);
const flat = fc.tuple(
  fc.constantFrom("", '<?xml version="1.0" encoding="UTF-8"?>\n'),
  fc.constantFrom("StatisticSearch", "RESULT", "KeyStatisticList"),
  attr,
  fc.nat({ max: 99_999 }),
  fc.array(row, { maxLength: 4 }),
  space,
).map(([decl, root, a, total, rows, s]) =>
  `${decl}<${root}${a}>${s}<list_total_count>${total}</list_total_count>` +
  `${rows.join("")}${s}</${root}>${s}`
);
/** Flat bodies with one thing the fast path must not read: it gives up on them. */
const mutated = fc.tuple(
  flat,
  fc.nat(),
  fc.constantFrom(
    "<!-- c -->",
    "<![CDATA[x]]>",
    "&nbsp;",
    "&copy;",
    "<b>x</b>",
    "text",
    "<?pi x?>",
    "&",
    "<",
    "</x>",
    "<row/>",
    "<TIME>1</TIME><TIME>2</TIME>",
  ),
).map(([body, at, insert]) => {
  const i = at % (body.length + 1);
  return body.slice(0, i) + insert + body.slice(i);
});

/** Bodies the fast path read, and so compared with fast-xml-parser, since the count was reset. */
let compared = 0;

function agrees(body: string): void {
  const fast = readFlatXml(body);
  if (fast === undefined) return; // gave up: fast-xml-parser reads it
  compared++;
  let expected: unknown;
  try {
    expected = reference.parse(body);
  } catch {
    assert.fail(`the fast path read a body fast-xml-parser refuses: ${JSON.stringify(body)}`);
  }
  assert.deepEqual(strip(fast), strip(expected), JSON.stringify(body));
}

Deno.test("readFlatXml() reads every flat body as fast-xml-parser does (property)", () => {
  fc.assert(
    fc.property(flat, (body) => {
      assert.ok(readFlatXml(body) !== undefined, `gave up on a flat body: ${JSON.stringify(body)}`);
      agrees(body);
    }),
    { numRuns: 2000 },
  );
});

Deno.test("readFlatXml() gives up, or agrees, on bodies outside the flat shape (property)", () => {
  compared = 0;
  fc.assert(fc.property(fc.oneof(mutated, fc.string({ maxLength: 200 })), agrees), {
    numRuns: 3000,
  });
  // A body the fast path gives up on asserts nothing: enough of them must have been read and
  // compared (measured: 90 to 140 of 3000, about 110; 50 is five standard deviations below).
  assert.ok(compared >= 50, `only ${compared} of 3000 bodies were compared`);
});

Deno.test("readFlatXml() gives up on what only fast-xml-parser reads", () => {
  for (
    const body of [
      "<S><!-- c --><list_total_count>1</list_total_count></S>",
      "<S><row><A><![CDATA[x]]></A></row></S>",
      "<S><row><A>&nbsp;</A></row></S>",
      "<S><row><A><b>1</b></A></row></S>",
      "<S><row><A>1</A><A>2</A></row></S>",
      "<S>text<row><A>1</A></row></S>",
    ]
  ) assert.equal(readFlatXml(body), undefined, body);
});
