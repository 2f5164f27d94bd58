/**
 * Micro benchmarks of measurements 1 and 2, for quick looks while optimising:
 *
 *     deno bench -A --v8-flags=--expose-gc bench/
 *
 * Each group compares the client's paths with the floor, TextDecoder + JSON.parse (the
 * baseline). bench/run.ts measures the same functions for RESULTS.md.
 *
 * @module
 */

import {
  clientDecode,
  decodeRows,
  floorJson,
  renderPanelPages,
  rowsToFrame,
  xmlParserAlone,
} from "./_bodies.ts";

const pages = await renderPanelPages([10_000, 100_000]);

for (const [size, page] of pages) {
  const group = `decode ${size / 1000}k rows`;
  // Fewer iterations for the big page and for XML, whose runs take seconds.
  const n = size > 10_000 ? 5 : 30;
  const rows = decodeRows(page.json);
  Deno.bench({
    name: "floor: TextDecoder + JSON.parse",
    group,
    baseline: true,
    n,
    fn: () => void floorJson(page.json),
  });
  Deno.bench({
    name: "client: JSON page to frame",
    group,
    n,
    fn: () => void clientDecode(page.json),
  });
  Deno.bench({ name: "client: decodeBody only", group, n, fn: () => void decodeRows(page.json) });
  Deno.bench({ name: "client: FrameBuilder only", group, n, fn: () => void rowsToFrame(rows) });
  Deno.bench({
    name: "client: XML page to frame",
    group,
    n: Math.max(2, n / 5),
    fn: () => void clientDecode(page.xml),
  });
  Deno.bench({
    name: "fast-xml-parser alone",
    group,
    n: Math.max(2, n / 5),
    fn: () => void xmlParserAlone(page.xml),
  });
}
