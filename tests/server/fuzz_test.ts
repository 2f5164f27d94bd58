/**
 * Fuzzing the routing: random paths of random bytes, percent-escapes (good, bad and
 * truncated), very long segments and very many segments. Every request gets an ECOS body or an
 * HTTP error, never a crash (a 500) and never a hang (each wait is bounded).
 *
 * @module
 */

import assert from "node:assert/strict";
import fc from "npm:fast-check@4.10.2";
import { startEcosServer } from "../../src/server/mod.ts";
import { parseRoute } from "../../src/server/route.ts";
import { isEcosBody, KEY, request } from "../testdata/server/http.ts";
import { openRaw, untilClosed } from "../testdata/server/raw.ts";

/** The most time one fuzzed request may take before the test fails: a hang, not slowness. */
const BOUND_MS = 10_000;

/** Percent-encodes every byte of a string's UTF-8 form, lone surrogates included. */
const escapeAll = (text: string) =>
  [...new TextEncoder().encode(text)].map((b) => `%${b.toString(16).padStart(2, "0")}`).join("");

/** One path segment, as sent (already escaped where it should be). */
const segment = fc.oneof(
  // Tokens the router knows, so that deep branches are reached.
  fc.constantFrom(
    "StatisticSearch",
    "KeyStatisticList",
    "StatisticTableList",
    "StatisticItemList",
    "StatisticWord",
    "StatisticMeta",
    KEY,
    "sample",
    "json",
    "xml",
    "kr",
    "en",
    "1",
    "10",
    "0",
    "-1",
    "?",
    "",
    "722Y001",
    "A",
    "D",
    "MM",
    "SM",
    "2020",
    "20240101",
    "2024Q1",
    "202401S1",
  ),
  // Any text, escaped byte by byte.
  fc.string({ unit: "binary", maxLength: 16 }).map(escapeAll),
  // Escapes good, bad and cut short.
  fc.array(
    fc.constantFrom("%", "%2", "%ZZ", "%00", "%2F", "%25", "%FF", "%E0%A4", "%ED%A0%80", "%C3%A9"),
    { maxLength: 8 },
  ).map((parts) => parts.join("")),
  // Raw bytes, unescaped: spaces, controls and high bytes make the request line malformed.
  fc.uint8Array({ maxLength: 12 }).map((bytes) => String.fromCharCode(...bytes)),
  // Very long segments, plain and escaped.
  fc.integer({ min: 1000, max: 40_000 }).map((n) => "a".repeat(n)),
  fc.integer({ min: 300, max: 10_000 }).map((n) => "%EB%AC%BC".repeat(n)),
);

/** A path under /api: a few segments, or very many. */
const apiPath = fc.oneof(
  fc.array(segment, { maxLength: 20 }).map((parts) => parts.join("/")),
  fc.tuple(fc.array(segment, { maxLength: 8 }), fc.integer({ min: 20, max: 20_000 })).map((
    [parts, n],
  ) => [...parts, ...Array(n).fill("x")].join("/")),
);

Deno.test("parseRoute() never throws and keeps what it reads bounded", () => {
  fc.assert(
    fc.property(apiPath, (path) => {
      const route = parseRoute(`/api/${path}`);
      assert.ok(route);
      assert.ok(route.args.length <= 12);
      for (const text of [route.service, route.key, route.format, route.language, ...route.args]) {
        assert.ok(text.length <= 1000);
      }
      for (const row of [route.startNo, route.endNo]) {
        assert.ok(row === "missing" || row === "invalid" || /^(0|[1-9][0-9]*)$/.test(row.digits));
      }
    }),
    { numRuns: 1000 },
  );
});

Deno.test("fuzzed request targets get an ECOS body or an HTTP error, never a crash or a hang", async () => {
  await using server = await startEcosServer({ keys: [KEY] });
  const statuses = new Map<number, number>();
  await fc.assert(
    fc.asyncProperty(apiPath, async (path) => {
      using raw = await openRaw(server);
      await raw.send(`GET /api/${path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`)
        // The server may refuse and close before it has read everything.
        .catch(() => {});
      const { text } = await untilClosed(raw, BOUND_MS);
      const what = `${path.slice(0, 120)} -> ${text.slice(0, 160)}`;
      const status = Number(/^HTTP\/1\.1 (\d{3}) /.exec(text)?.[1]);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      if (status === 200) {
        const body = new TextDecoder().decode(
          Uint8Array.from(text.slice(text.indexOf("\r\n\r\n") + 4), (c) => c.charCodeAt(0)),
        );
        assert.ok(isEcosBody(body), what);
      } else {
        // A malformed line (400), a path outside /api after normalisation (404), a head
        // too large (431): HTTP errors, never the handler's 500.
        assert.ok([400, 404, 414, 431].includes(status), what);
      }
    }),
    { numRuns: 300 },
  );
  // Both kinds of answer were exercised.
  assert.ok((statuses.get(200) ?? 0) > 0, JSON.stringify([...statuses]));
  assert.ok([...statuses.keys()].some((s) => s !== 200), JSON.stringify([...statuses]));
  // And the server still answers normally afterwards.
  const ok = await request(server, { service: "KeyStatisticList", end: 1 });
  assert.equal(JSON.parse(ok.text).KeyStatisticList.row_count, 1);
});
