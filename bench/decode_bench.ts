/**
 * Micro benchmarks of measurement 1, for quick looks while optimising:
 *
 *     deno bench -A --v8-flags=--expose-gc bench/
 *
 * Each group compares the client's path, the reference path and their parts with the floor,
 * TextDecoder + JSON.parse (the baseline). bench/run.ts measures the same functions for
 * RESULTS.md, with a collection and a turn of the event loop between repetitions.
 *
 * @module
 */

import {
  clientDecode,
  floorJson,
  loadBenchXmlParser,
  referenceDecode,
  renderPanelPages,
  scannedFrame,
  scanOnly,
  xmlParserAlone,
} from "./_bodies.ts";

await loadBenchXmlParser();
const pages = await renderPanelPages([1_000, 10_000, 100_000]);

for (const [size, page] of pages) {
  const group = `decode ${size / 1000}k rows`;
  // Fewer iterations for the big page and for XML, whose runs take seconds.
  const n = size > 10_000 ? 5 : 30;
  const scanned = scanOnly(page.json);
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
  Deno.bench({ name: "client: scan only", group, n, fn: () => void scanOnly(page.json) });
  Deno.bench({ name: "client: frame only", group, n, fn: () => void scannedFrame(scanned) });
  Deno.bench({ name: "reference path", group, n, fn: () => void referenceDecode(page.json) });
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
