import assert from "node:assert/strict";
import { checkCallOptions, resolveClientOptions } from "../../src/client/_options.ts";
import { EcosClient, type RequestOptions } from "../../src/client/mod.ts";
import { isEcosError } from "../../src/errors.ts";

const KEY = "k3y/with?odd#chars";

/** Asserts an INVALID_ARGUMENT whose message matches, and returns the error. */
function invalid(f: () => unknown, message: RegExp): Error {
  let error: Error | undefined;
  assert.throws(f, (e: unknown) => {
    assert.ok(isEcosError(e), String(e));
    assert.equal(e.code, "INVALID_ARGUMENT");
    assert.match(e.message, message);
    assert.match(e.message, /^[A-Z]/);
    assert.doesNotMatch(e.message, /\.$/);
    error = e;
    return true;
  });
  return error!;
}

/**
 * The options with an empty environment, so that a key in the user's ECOS_API_KEY is neither
 * used nor redacted from the messages these tests read. Anything but an object as it is.
 */
function isolated(options: unknown): unknown {
  return typeof options === "object" && options !== null ? { env: {}, ...options } : options;
}

/** Asserts that nothing an error shows holds the key. */
function keyless(e: Error): void {
  for (const text of [e.message, e.stack ?? "", Deno.inspect(e, { depth: 8 })]) {
    assert.ok(!text.includes(KEY), text);
    assert.ok(!text.includes(encodeURIComponent(KEY)), text);
  }
}

Deno.test("resolveClientOptions() checks every option", async (t) => {
  resolveClientOptions({ env: {} });
  resolveClientOptions(undefined);
  resolveClientOptions({
    env: {},
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
    ["not an object", "sample", /^Pass the options as an object$/],
  ];
  for (const [name, options, message] of cases) {
    await t.step(name, () => void invalid(() => resolveClientOptions(isolated(options)), message));
  }
});

Deno.test("resolveClientOptions() returns the documented defaults", {
  permissions: { env: false },
}, () => {
  const o = resolveClientOptions({});
  assert.equal(o.apiKey, "sample");
  assert.equal(o.baseUrl, "https://ecos.bok.or.kr/api");
  assert.equal(o.format, "json");
  assert.equal(o.language, "kr");
  assert.equal(o.concurrency, 4);
  assert.equal(o.timeoutMs, 60_000);
  assert.deepEqual(o.retry, { attempts: 5, baseMs: 500, capMs: 30_000, jitter: true });
  assert.deepEqual(o.rateLimit, { requests: 300, windowMs: 180_000 });
  assert.equal(o.pageSize, 10, "the sample key may ask for 10 rows at most");
  assert.equal(o.fetch, globalThis.fetch);
  assert.equal(o.signal, undefined);
  assert.equal(resolveClientOptions({ apiKey: "sample" }).pageSize, 10);
  assert.equal(resolveClientOptions({ apiKey: "mine" }).pageSize, 50_000);
  assert.equal(resolveClientOptions({ apiKey: "mine", pageSize: 7 }).pageSize, 7);
  assert.deepEqual(
    resolveClientOptions({ retry: { attempts: 2 } }).retry,
    { attempts: 2, baseMs: 500, capMs: 30_000, jitter: true },
    "a partial retry keeps the other defaults",
  );
});

Deno.test("resolveClientOptions() refuses an unknown option and names the closest", async (t) => {
  const cases: [string, unknown, RegExp][] = [
    ["pagesize", { pagesize: 5 }, /^Unknown option pagesize: did you mean pageSize\?$/],
    [
      "retry.attemps",
      { retry: { attemps: 3 } },
      /^Unknown option retry\.attemps: did you mean retry\.attempts\?$/,
    ],
    ["ratelimit", { ratelimit: false }, /^Unknown option ratelimit: did you mean rateLimit\?$/],
    [
      "nothing close",
      { xyzzy: 1 },
      /^Unknown option xyzzy; known options are apiKey, baseUrl, format, language, pageSize, /,
    ],
  ];
  for (const [name, options, message] of cases) {
    await t.step(name, () => void invalid(() => resolveClientOptions(isolated(options)), message));
  }
});

Deno.test("resolveClientOptions() refuses a timeoutMs above 2147483647", () => {
  assert.equal(resolveClientOptions({ timeoutMs: 2_147_483_647 }).timeoutMs, 2_147_483_647);
  invalid(
    () => resolveClientOptions({ timeoutMs: 2_147_483_648 }),
    /^Pass timeoutMs of at most 2147483647: got 2147483648$/,
  );
  invalid(() => resolveClientOptions({ timeoutMs: Infinity }), /timeoutMs/);
});

Deno.test("option errors never quote the API key", async (t) => {
  const cases: [string, unknown, RegExp][] = [
    ["a bad pageSize", { apiKey: KEY, pageSize: 0 }, /pageSize/],
    ["a bad baseUrl", { apiKey: KEY, baseUrl: "ftp://x" }, /baseUrl/],
    ["a bad format", { apiKey: KEY, format: "csv" }, /format/],
    ["a bad retry", { apiKey: KEY, retry: { attempts: 0 } }, /retry.attempts/],
    ["an unknown option", { apiKey: KEY, pagesize: 5 }, /did you mean pageSize/],
    ["a key with a space", { apiKey: `${KEY} x` }, /^Pass apiKey as a non-empty string/],
    ["a key with a tab", { apiKey: `${KEY}\tx` }, /^Pass apiKey as a non-empty string/],
    ["an empty key", { apiKey: "" }, /^Pass apiKey as a non-empty string/],
    ["a number", { apiKey: 42 }, /^Pass apiKey as a non-empty string/],
  ];
  for (const [name, options, message] of cases) {
    await t.step(
      name,
      () => keyless(invalid(() => resolveClientOptions(isolated(options)), message)),
    );
  }
  await t.step("a constructor", () => {
    keyless(invalid(() => new EcosClient({ apiKey: KEY, concurrency: 0 }), /concurrency/));
  });
});

Deno.test("option errors do not quote the API key given as another option's value", async (t) => {
  const cases: [string, unknown][] = [
    ["baseUrl", { apiKey: KEY, baseUrl: KEY }],
    ["format", { apiKey: KEY, format: KEY }],
    ["language", { apiKey: KEY, language: KEY }],
    ["pageSize", { apiKey: KEY, pageSize: KEY }],
  ];
  for (const [name, options] of cases) {
    await t.step(name, () => keyless(invalid(() => resolveClientOptions(isolated(options)), /./)));
  }
});

Deno.test("checkCallOptions() checks per-call options and refuses unknown ones", () => {
  const signal = new AbortController().signal;
  assert.deepEqual(checkCallOptions({ format: "json", pageSize: 3 }), {
    format: "json",
    pageSize: 3,
  });
  assert.equal(checkCallOptions({ signal }).signal, signal);
  assert.deepEqual(checkCallOptions(undefined), {});
  invalid(() => checkCallOptions({ pageSize: -3 }), /pageSize/);
  invalid(() => checkCallOptions({ language: "jp" }), /language/);
  invalid(
    () => checkCallOptions({ pagesize: 5 }),
    /^Unknown option pagesize: did you mean pageSize\?$/,
  );
  invalid(() => checkCallOptions({ concurrency: 2 }), /^Unknown option concurrency; known options/);
});

Deno.test("statisticSearch() refuses an unknown call option and sends nothing", async () => {
  const urls: string[] = [];
  const fetchImpl = (url: string | URL | Request) => {
    urls.push(String(url));
    const row = { STAT_CODE: "722Y001", TIME: "2020", DATA_VALUE: "1.5" };
    return Promise.resolve(
      Response.json({ StatisticSearch: { list_total_count: 1, row: [row] } }),
    );
  };
  const client = new EcosClient({
    apiKey: KEY,
    baseUrl: "https://ecos.test/api",
    fetch: fetchImpl as typeof fetch,
    rateLimit: false,
    cache: false,
  });
  const query = { statCode: "722Y001", cycle: "A" as const, start: "2020", end: "2021" };
  await assert.rejects(
    client.statisticSearch(query, { pagesize: 5 } as unknown as RequestOptions),
    (e: unknown) => {
      assert.ok(isEcosError(e));
      assert.equal(e.code, "INVALID_ARGUMENT");
      assert.equal(e.message, "Unknown option pagesize: did you mean pageSize?");
      keyless(e);
      return true;
    },
  );
  assert.deepEqual(urls, []);
  const df = await client.statisticSearch(query, { pageSize: 5 });
  assert.equal(df.height, 1);
  assert.equal(urls.length, 1, "the same call with the option spelt right is sent");
  assert.match(urls[0] ?? "", /\/json\/kr\/1\/5\/722Y001\/A\/2020\/2021$/);
});
