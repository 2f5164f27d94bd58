import { HalfMonthlySpelling, requestPage, type Transport } from "../../src/client/_transport.ts";
import assert from "node:assert/strict";
import { EcosError, invalidArgument, isEcosError } from "../../src/errors.ts";
import {
  abortedError,
  badResponseError,
  Redactor,
  resultError,
  type Scope,
  timeoutError,
  totalChangedError,
  transportError,
} from "../../src/client/_errors.ts";
import { Semaphore } from "../../src/util/limiter.ts";

const KEY = "k3y/with?odd#chars";
const ENCODED = encodeURIComponent(KEY);

Deno.test("isEcosError() accepts errors from another copy of the module by name", () => {
  class EcosErrorCopy extends Error {
    code = "ERROR-602";
    constructor() {
      super("copy");
      this.name = "EcosError";
    }
  }
  assert.ok(isEcosError(new EcosErrorCopy()));
  assert.ok(isEcosError(new EcosError("TIMEOUT", "Timed out")));
  assert.ok(!isEcosError(new Error("plain")));
  assert.ok(!isEcosError({ name: "EcosError", code: "X" }));
  assert.ok(!isEcosError(undefined));
});

Deno.test("EcosError keeps its code, cause and request facts", () => {
  const cause = new TypeError("reset");
  const e = new EcosError("TRANSPORT", "Connection failed", {
    cause,
    service: "StatisticSearch",
    url: "http://x/api/StatisticSearch/***/json",
    attempts: 3,
    retryable: true,
  });
  assert.equal(e.code, "TRANSPORT");
  assert.equal(e.cause, cause);
  assert.equal(e.service, "StatisticSearch");
  assert.equal(e.url, "http://x/api/StatisticSearch/***/json");
  assert.equal(e.attempts, 3);
  assert.equal(e.retryable, true);
  assert.ok(e instanceof Error);
  assert.equal(new EcosError("INFO-100", "Refused").retryable, false, "final unless told");
  const bad = invalidArgument("Bad");
  assert.equal(bad.code, "INVALID_ARGUMENT");
  assert.equal(bad.retryable, false);
});

Deno.test("Redactor.text() hides the key raw, percent-encoded and URI-encoded", () => {
  const r = new Redactor(KEY);
  assert.equal(r.text(`a ${KEY} b ${ENCODED} c`), "a *** b *** c");
  const odd = "ab|c{d}/e";
  assert.equal(
    new Redactor(odd).text(`${odd} ${encodeURIComponent(odd)} ${encodeURI(odd)}`),
    "*** *** ***",
  );
  assert.equal(r.text("nothing here"), "nothing here");
  assert.equal(new Redactor("").text(`a ${KEY}`), `a ${KEY}`, "an empty key hides nothing");
});

Deno.test("Redactor.holdsKey() finds the key in any of its forms", () => {
  const r = new Redactor(KEY);
  assert.ok(r.holdsKey(`url ${KEY}`));
  assert.ok(r.holdsKey(`url ${ENCODED}`));
  assert.ok(!r.holdsKey(`url ${KEY.slice(0, -1)}`));
  assert.ok(!new Redactor("").holdsKey(KEY));
});

Deno.test("Redactor.error() copies an error and its causes without the key", () => {
  const inner = new TypeError(
    `error sending request for url (http://h/api/S/${ENCODED}/json)`,
  );
  const outer = new Error(`outer ${KEY}`, { cause: inner });
  const copy = new Redactor(KEY).error(outer);
  assert.ok(copy instanceof Error);
  assert.notEqual(copy, outer);
  assert.equal(copy.message, "outer ***");
  assert.equal((copy.cause as Error).name, "TypeError");
  assert.equal(
    (copy.cause as Error).message,
    "error sending request for url (http://h/api/S/***/json)",
  );
  const shown = Deno.inspect(copy, { depth: 8 });
  assert.ok(!shown.includes(KEY) && !shown.includes(ENCODED), shown);
  assert.ok(outer.message.includes(KEY), "the caller's error is left as it was");
  assert.equal(
    (new Redactor(KEY).error(`reason ${KEY}`) as Error).message,
    "reason ***",
    "a thrown string becomes an Error",
  );
});

Deno.test("Redactor.error() returns the error itself when nothing in it holds the key", () => {
  const clean = new Error("reset", { cause: new TypeError("connection reset") });
  assert.equal(new Redactor(KEY).error(clean), clean);
  const reason = "stop";
  assert.equal(new Redactor(KEY).error(reason), reason);
  const keyed = new Error(`with ${KEY}`);
  assert.equal(new Redactor("").error(keyed), keyed, "an empty key hides nothing");
});

Deno.test("the error factories remove the key from every string an error carries", async (t) => {
  const scope: Scope = {
    service: "StatisticSearch",
    url: `http://h/api/StatisticSearch/${KEY}/json/kr/1/10`,
    redactor: new Redactor(KEY),
  };
  const cause = () =>
    new Error(`outer ${KEY}`, {
      cause: new TypeError(`error sending request for url (http://h/api/S/${ENCODED}/json)`),
    });
  const cases: [string, () => EcosError, string | undefined][] = [
    ["abortedError()", () => abortedError(scope, cause(), 1), undefined],
    ["abortedError() with a string reason", () => abortedError(scope, `stop ${KEY}`, 0), undefined],
    ["timeoutError()", () => timeoutError(scope, 5, cause()), undefined],
    ["transportError()", () => transportError(scope, `reading ${KEY}`, cause()), undefined],
    [
      "badResponseError()",
      () =>
        badResponseError(scope, {
          detail: `a page about ${ENCODED}`,
          quote: `<html><body>${KEY}</body></html>`,
          cause: cause(),
          retryable: true,
        }),
      JSON.stringify("<html><body>***</body></html>"),
    ],
    [
      "badResponseError() with the key across the cut",
      () =>
        badResponseError(scope, {
          detail: "x",
          quote: "a".repeat(75) + KEY + "b",
          retryable: true,
        }),
      JSON.stringify(`${"a".repeat(75)}***b`),
    ],
    [
      "badResponseError() with the key across the cut, quoting the end",
      () =>
        badResponseError(scope, {
          detail: "cut short",
          quote: "a".repeat(10) + KEY + "b".repeat(75),
          quoteEnd: true,
          retryable: true,
        }),
      JSON.stringify(`...aa***${"b".repeat(75)}`),
    ],
    [
      "badResponseError() with a long quote cut after the key",
      () =>
        badResponseError(scope, {
          detail: "x",
          quote: "a".repeat(76) + ENCODED + "b".repeat(40),
          retryable: false,
        }),
      JSON.stringify(`${"a".repeat(76)}***b...`),
    ],
    ["resultError()", () => resultError(scope, "ERROR-500", `failed for ${KEY}`, 2), undefined],
    [
      "resultError() with an unknown code",
      () => resultError(scope, "ERROR-999", `failed for ${ENCODED}`, 1),
      undefined,
    ],
    ["totalChangedError()", () => totalChangedError(scope, `rows of ${KEY}`), undefined],
  ];
  // Pieces of the key a cut would leave behind.
  const pieces = [KEY, ENCODED, KEY.slice(0, 4), ENCODED.slice(0, 4), KEY.slice(-4)];
  const clean = (what: string, text: string | undefined) => {
    for (const piece of pieces) {
      assert.ok(!(text ?? "").includes(piece), `${what} holds ${piece}: ${text}`);
    }
  };
  for (const [name, make, quoted] of cases) {
    await t.step(name, () => {
      const e = make();
      assert.ok(e instanceof EcosError);
      clean("message", e.message);
      clean("stack", e.stack);
      clean("url", e.url);
      clean("serviceMessage", e.serviceMessage);
      for (let c: unknown = e.cause; c !== undefined; c = (c as Error).cause) {
        clean("a cause's message", (c as Error).message);
        clean("a cause's stack", (c as Error).stack);
      }
      clean("Deno.inspect()", Deno.inspect(e, { depth: 8 }));
      assert.equal(e.url, "http://h/api/StatisticSearch/***/json/kr/1/10");
      assert.equal(e.service, "StatisticSearch");
      if (quoted !== undefined) assert.ok(e.message.endsWith(`: ${quoted}`), e.message);
    });
  }
});

function transport(fetchImpl: (url: string, init?: RequestInit) => Promise<Response>): Transport {
  return {
    baseUrl: "https://ecos.test/api",
    apiKey: KEY,
    redactor: new Redactor(KEY),
    fetch: fetchImpl as typeof fetch,
    timeoutMs: 5,
    maxResponseBytes: 1_000_000,
    retry: { attempts: 1, baseMs: 1, capMs: 1, jitter: false },
    limiter: undefined,
    semaphore: new Semaphore(1),
    cache: undefined,
    halfMonthly: new HalfMonthlySpelling(),
  };
}

Deno.test("EcosError.retryable is true for glitches and false for final answers", async (t) => {
  const result = (code: string) => () =>
    Promise.resolve(Response.json({ RESULT: { CODE: code, MESSAGE: "m" } }));
  const stall = (_url: string, init?: RequestInit) =>
    new Promise<Response>((_, reject) => {
      init?.signal?.addEventListener("abort", () => reject(init.signal?.reason), { once: true });
    });
  const cases: [string, (url: string, init?: RequestInit) => Promise<Response>, string, boolean][] =
    [
      ["ERROR-500", result("ERROR-500"), "ERROR-500", true],
      ["ERROR-600", result("ERROR-600"), "ERROR-600", true],
      ["ERROR-601", result("ERROR-601"), "ERROR-601", true],
      ["ERROR-602", result("ERROR-602"), "ERROR-602", true],
      ["a reset", () => Promise.reject(new TypeError("connection reset")), "TRANSPORT", true],
      ["a time-out", stall, "TIMEOUT", true],
      ["INFO-100", result("INFO-100"), "INFO-100", false],
      ["ERROR-101", result("ERROR-101"), "ERROR-101", false],
      ["ERROR-400", result("ERROR-400"), "ERROR-400", false],
      ["an unknown code", result("ERROR-999"), "BAD_RESPONSE", false],
      ["a 404", () => Promise.resolve(new Response("no", { status: 404 })), "BAD_RESPONSE", false],
    ];
  const page = {
    service: "StatisticSearch",
    format: "json" as const,
    language: "kr" as const,
    startNo: 1,
    endNo: 10,
    args: ["722Y001", "A", "2020", "2020"],
  };
  for (const [name, fetchImpl, code, retryable] of cases) {
    await t.step(name, async () => {
      const e = await requestPage(transport(fetchImpl), page).then(
        () => assert.fail("expected a failure"),
        (e: unknown) => e,
      );
      assert.ok(isEcosError(e), String(e));
      assert.equal(e.code, code);
      assert.equal(e.retryable, retryable);
    });
  }
});
