/**
 * The API key, end to end: it appears in no error the client raises.
 *
 * @module
 */

import assert from "node:assert/strict";
import { EcosClient, type EcosClientOptions } from "../../mod.ts";
import { type EcosServerOptions, startEcosServer } from "../../src/server/mod.ts";
import { assertNoSecret, FAST_RETRY, rate, rejects } from "../testdata/e2e.ts";

Deno.test("the API key appears in no error, cause, stack or property", async (t) => {
  const secret = "Zq7SECRETkey9xY";
  const scenarios: [string, EcosServerOptions, EcosClientOptions, string | RegExp][] = [
    ["INFO-100", { keys: [] }, {}, "INFO-100"],
    ["ERROR-602", { fault: () => ({ kind: "code", code: "ERROR-602" }) }, {}, "ERROR-602"],
    ["ERROR-400", { workLimit: 0 }, {}, "ERROR-400"],
    ["ERROR-101", { fault: () => ({ kind: "code", code: "ERROR-101" }) }, {}, "ERROR-101"],
    ["HTML", { fault: () => ({ kind: "html" }) }, {}, "BAD_RESPONSE"],
    ["503", { fault: () => ({ kind: "status", status: 503 }) }, {}, "BAD_RESPONSE"],
    ["drop", { fault: () => ({ kind: "drop" }) }, {}, "TRANSPORT"],
    ["truncate", { fault: () => ({ kind: "truncate" }) }, {}, /^(BAD_RESPONSE|TRANSPORT)$/],
    ["stall", { fault: () => ({ kind: "stall" }) }, { timeoutMs: 30 }, "TIMEOUT"],
    [
      "total",
      { fault: (c) => (c.startNo === 11 ? { kind: "total", listTotalCount: 3 } : undefined) },
      { pageSize: 10 },
      "TOTAL_CHANGED",
    ],
  ];
  for (const format of ["json", "xml"] as const) {
    for (const [name, serverOptions, clientOptions, code] of scenarios) {
      await t.step(`${format} ${name}`, async () => {
        await using server = await startEcosServer({ keys: [secret], ...serverOptions });
        const client = new EcosClient({
          baseUrl: server.url,
          apiKey: secret,
          format,
          retry: FAST_RETRY,
          ...clientOptions,
        });
        const e = await rejects(client.statisticSearch(rate));
        assert.match(e.code, typeof code === "string" ? new RegExp(`^${code}$`) : code);
        assertNoSecret(e, secret);
      });
    }
  }
  for (
    const [status, body] of [[200, "<html><body>점검 중: {url}</body></html>"], [404, "{url}"]]
  ) {
    await t.step(`a ${status} page that quotes the URL`, async () => {
      const fetchEcho = (input: string | URL | Request) =>
        Promise.resolve(
          new Response(String(body).replace("{url}", String(input)), { status: Number(status) }),
        );
      const client = new EcosClient({
        baseUrl: "http://127.0.0.1:9/api",
        apiKey: secret,
        fetch: fetchEcho as typeof fetch,
        retry: FAST_RETRY,
      });
      const e = await rejects(client.statisticSearch(rate));
      assert.equal(e.code, "BAD_RESPONSE");
      assert.match(e.message, /StatisticSearch\/\*\*\*\/json/, "the page is still quoted");
      assertNoSecret(e, secret);
    });
  }
  await t.step("connection refused", async () => {
    const server = await startEcosServer();
    const url = server.url;
    await server.close();
    const e = await rejects(
      new EcosClient({ baseUrl: url, apiKey: secret, retry: FAST_RETRY }).statisticSearch(rate),
    );
    assert.equal(e.code, "TRANSPORT");
    assertNoSecret(e, secret);
  });
  await t.step("abort", async () => {
    const controller = new AbortController();
    await using server = await startEcosServer({
      keys: [secret],
      fault: () => {
        controller.abort();
        return { kind: "stall" };
      },
    });
    const client = new EcosClient({ baseUrl: server.url, apiKey: secret });
    const e = await rejects(client.statisticSearch(rate, { signal: controller.signal }));
    assert.equal(e.code, "ABORTED");
    assertNoSecret(e, secret);
  });
  await t.step("the client itself", () => {
    const client = new EcosClient({ apiKey: secret });
    assert.ok(!JSON.stringify(client).includes(secret));
    assert.ok(!Deno.inspect(client, { depth: 10 }).includes(secret));
  });
});
