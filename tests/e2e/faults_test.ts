/**
 * Result codes, faults, time-outs, aborts and moving totals, end to end.
 *
 * @module
 */

import assert from "node:assert/strict";
import { type Fault } from "../../src/server/mod.ts";
import { clientFor, rate, rejects, searchRequests, serve } from "../testdata/e2e.ts";

Deno.test("statisticSearch() fails at once on result codes that retrying cannot fix", async (t) => {
  await t.step("INFO-100: a key the service does not know", async () => {
    await using server = await serve();
    const e = await rejects(
      clientFor(server.url, { apiKey: "not-a-key" }).statisticSearch(rate),
    );
    assert.equal(e.code, "INFO-100");
    assert.match(e.message, /^Check the API key/);
    assert.equal(e.attempts, 1);
    assert.ok(e.serviceMessage);
    assert.equal(server.stats.total, 1);
  });
  await t.step("ERROR-301: the sample key asking for more than 10 rows", async () => {
    await using server = await serve();
    const client = clientFor(server.url, { apiKey: "sample", pageSize: 20 });
    const e = await rejects(client.statisticSearch(rate));
    assert.equal(e.code, "ERROR-301");
    assert.equal(server.stats.total, 1);
  });
  await t.step("ERROR-101 outside half-monthly queries", async () => {
    await using server = await serve({ fault: () => ({ kind: "code", code: "ERROR-101" }) });
    const e = await rejects(clientFor(server.url).statisticSearch(rate));
    assert.equal(e.code, "ERROR-101");
    assert.equal(server.stats.total, 1);
  });
});

Deno.test("statisticSearch() retries each transient fault, then succeeds", async (t) => {
  const faults: Fault[] = [
    { kind: "code", code: "ERROR-500" },
    { kind: "code", code: "ERROR-600" },
    { kind: "code", code: "ERROR-601" },
    { kind: "code", code: "ERROR-602" },
    { kind: "status", status: 503 },
    { kind: "status", status: 502 },
    { kind: "html" },
    { kind: "drop" },
    { kind: "truncate" },
    { kind: "stall" },
  ];
  for (const format of ["json", "xml"] as const) {
    for (const fault of faults) {
      const name = `${format} ${fault.kind} ${"code" in fault ? fault.code : ""}${
        "status" in fault ? fault.status : ""
      }`;
      await t.step(name, async () => {
        // The second page fails twice, then answers.
        let failures = 0;
        let requests = 0;
        await using server = await serve({
          fault: (ctx) => {
            requests++;
            return ctx.startNo === 11 && failures++ < 2 ? fault : undefined;
          },
        });
        // A time limit only where the fault is a stall: elsewhere a busy machine's slow answer
        // must not count as a fault and add a request.
        const timeoutMs = fault.kind === "stall" ? 500 : undefined;
        const client = clientFor(server.url, {
          format,
          pageSize: 10,
          ...(timeoutMs && { timeoutMs }),
        });
        const df = await client.statisticSearch(rate);
        assert.equal(df.height, 24);
        assert.equal(failures, 3);
        assert.equal(requests, 5);
      });
    }
  }
});

Deno.test("statisticSearch() gives up after the last attempt with a clear error", async (t) => {
  const cases: [Fault, string, RegExp][] = [
    [{ kind: "code", code: "ERROR-602" }, "ERROR-602", /^Too many calls.*after 3 attempts$/],
    [{ kind: "code", code: "ERROR-500" }, "ERROR-500", /after 3 attempts$/],
    [{ kind: "status", status: 503 }, "BAD_RESPONSE", /HTTP status 503.*after 3 attempts$/],
    [{ kind: "html" }, "BAD_RESPONSE", /HTML page.*after 3 attempts$/],
    [{ kind: "drop" }, "TRANSPORT", /^Could not reach the service/],
    [{ kind: "stall" }, "TIMEOUT", /raise timeoutMs/],
  ];
  for (const [fault, code, message] of cases) {
    await t.step(code + " " + fault.kind, async () => {
      let requests = 0;
      await using server = await serve({
        fault: () => {
          requests++;
          return fault;
        },
      });
      // A time limit only for the stall, and long enough that the request reaches the server.
      const client = clientFor(server.url, fault.kind === "stall" ? { timeoutMs: 300 } : {});
      const e = await rejects(client.statisticSearch(rate));
      assert.equal(e.code, code);
      assert.match(e.message, message);
      assert.doesNotMatch(e.message, /\.$/);
      assert.equal(e.attempts, 3);
      assert.equal(e.service, "StatisticSearch");
      assert.match(e.url ?? "", /\/StatisticSearch\/\*\*\*\/json\/kr\/1\/50000\/722Y001/);
      assert.equal(requests, 3);
    });
  }
  await t.step("a 404 is not retried", async () => {
    await using server = await serve({ fault: () => ({ kind: "status", status: 404 }) });
    const e = await rejects(clientFor(server.url).statisticSearch(rate));
    assert.equal(e.code, "BAD_RESPONSE");
    assert.equal(server.stats.total, 1);
  });
});

Deno.test("statisticSearch() stops at once when the caller aborts", async (t) => {
  await t.step("while a request is stalled", async () => {
    const controller = new AbortController();
    let requests = 0;
    await using server = await serve({
      fault: () => {
        requests++;
        controller.abort(new Error("user cancelled"));
        return { kind: "stall" };
      },
    });
    const e = await rejects(
      clientFor(server.url).statisticSearch(rate, { signal: controller.signal }),
    );
    assert.equal(e.code, "ABORTED");
    assert.equal((e.cause as Error).message, "user cancelled");
    assert.equal(requests, 1);
  });
  await t.step("through the client's signal, during backoff", async () => {
    const controller = new AbortController();
    await using server = await serve({
      fault: () => {
        queueMicrotask(() => controller.abort());
        return { kind: "code", code: "ERROR-500" };
      },
    });
    const client = clientFor(server.url, {
      signal: controller.signal,
      retry: { attempts: 5, baseMs: 60_000, jitter: false },
    });
    const e = await rejects(client.statisticSearch(rate));
    assert.equal(e.code, "ABORTED");
    assert.equal(server.stats.total, 1);
  });
  await t.step("before anything was sent", async () => {
    await using server = await serve();
    const e = await rejects(
      clientFor(server.url).statisticSearch(rate, { signal: AbortSignal.abort() }),
    );
    assert.equal(e.code, "ABORTED");
    assert.equal(server.stats.total, 0);
  });
});

Deno.test("statisticSearch() pulls again once when the total moves, then fails clearly", async (t) => {
  await t.step("once: a fresh pull succeeds", async () => {
    let n = 0;
    await using server = await serve({
      fault: (
        ctx,
      ) => (ctx.startNo === 11 && n++ === 0 ? { kind: "total", listTotalCount: 25 } : undefined),
    });
    const df = await clientFor(server.url, { pageSize: 10 }).statisticSearch(rate);
    assert.equal(df.height, 24);
    assert.equal(searchRequests(server).length, 6);
  });
  await t.step("always: TOTAL_CHANGED", async () => {
    await using server = await serve({
      fault: (ctx) => (ctx.startNo === 11 ? { kind: "total", listTotalCount: 23 } : undefined),
    });
    const e = await rejects(clientFor(server.url, { pageSize: 10 }).statisticSearch(rate));
    assert.equal(e.code, "TOTAL_CHANGED");
    assert.match(e.message, /^The data changed while it was being pulled/);
    assert.match(e.message, /from 24 to 23/);
    assert.equal(e.attempts, 2);
  });
  await t.step("page by page: TOTAL_CHANGED at once", async () => {
    await using server = await serve({
      fault: (ctx) => (ctx.startNo === 11 ? { kind: "total", listTotalCount: 23 } : undefined),
    });
    const pages = clientFor(server.url, { pageSize: 10 }).statisticSearchPages(rate);
    const e = await rejects((async () => {
      for await (const _ of pages) { /* drain */ }
    })());
    assert.equal(e.code, "TOTAL_CHANGED");
  });
});
