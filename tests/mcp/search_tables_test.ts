/**
 * `search_tables` over the whole catalogue, through `ecos mcp` without a key: the words
 * assistants type find the right table first, and a search that finds nothing says what to try.
 */

import assert from "node:assert/strict";
import { startMcp } from "./_mcp.ts";

Deno.test("search_tables puts the consumer price index first for inflation, CPI and 물가상승률", async () => {
  await using mcp = await startMcp();
  for (const query of ["inflation", "CPI", "consumer price index", "물가상승률"]) {
    const r = await mcp.call("search_tables", { query });
    assert.equal(r.isError, false, r.texts.join("\n"));
    const tables = r.data!.tables as { stat_code: string }[];
    assert.equal(tables[0]?.stat_code, "901Y009", query);
  }
});

Deno.test("search_tables finds nothing for a misspelt word, and names the close word and the named series", async () => {
  await using mcp = await startMcp();
  const r = await mcp.call("search_tables", { query: "inflaton" });
  assert.equal(r.data!.total, 0);
  assert.equal(
    r.data!.note,
    'No table name holds every word of "inflaton" (close words: inflation; named series: cpi, ' +
      'core_cpi): try fewer or other words, or language "kr"',
  );
});

Deno.test("list_items and get_series of a catalogue table without sample data say it needs a key", async () => {
  await using mcp = await startMcp();
  const needsKey =
    /^UNKNOWN_CODE: 102Y001 is an ECOS table, but the bundled server has sample data for 28 tables only: set ECOS_API_KEY to a key of your own to query it/;
  const items = await mcp.call("list_items", { stat_code: "102Y001" });
  assert.equal(items.isError, true);
  assert.match(items.texts[0]!, needsKey);
  const series = await mcp.call("get_series", {
    stat_code: "102Y001",
    cycle: "M",
    start: "202401",
    end: "202406",
  });
  assert.equal(series.isError, true);
  assert.match(series.texts[0]!, needsKey);
});
