/**
 * Trust at the client's edges: a plain http:// address to another machine is refused unless
 * the user opts in; Korean text typed or pasted decomposed (NFD) goes out composed (NFC).
 */

import assert from "node:assert/strict";
import { EcosClient, type EcosError, isEcosError } from "../../mod.ts";

/** A fetch that records the URLs asked and answers "no data". */
function recorder() {
  const urls: string[] = [];
  const fetchImpl = (input: string | URL | Request) => {
    urls.push(String(input));
    return Promise.resolve(
      new Response(JSON.stringify({ RESULT: { CODE: "INFO-200", MESSAGE: "none" } })),
    );
  };
  return { fetch: fetchImpl as typeof fetch, urls };
}

function refused(make: () => unknown): EcosError {
  try {
    make();
  } catch (e) {
    assert.ok(isEcosError(e), String(e));
    return e;
  }
  assert.fail("expected INVALID_ARGUMENT");
}

Deno.test("EcosClient refuses plain http to another machine unless allowInsecureHttp", () => {
  const e = refused(() => new EcosClient({ baseUrl: "http://ecos.bok.or.kr/api", env: {} }));
  assert.equal(e.code, "INVALID_ARGUMENT");
  assert.match(e.message, /^Use an https:\/\/ baseUrl: .* to ecos\.bok\.or\.kr; /);
  assert.match(e.message, /allowInsecureHttp: true/);
  // From the environment too; and the opt-in, as an option or a variable.
  assert.equal(
    refused(() => new EcosClient({ env: { ECOS_BASE_URL: "http://10.1.2.3:8080/api" } })).code,
    "INVALID_ARGUMENT",
  );
  const optIn = new EcosClient({
    baseUrl: "http://ecos.bok.or.kr/api",
    allowInsecureHttp: true,
    env: {},
  });
  assert.equal(optIn.baseUrl, "http://ecos.bok.or.kr/api");
  const byEnv = new EcosClient({
    env: { ECOS_BASE_URL: "http://proxy.test/api", ECOS_ALLOW_INSECURE_HTTP: "1" },
  });
  assert.equal(byEnv.baseUrl, "http://proxy.test/api");
  // This machine is fine: the key does not cross the network.
  for (const url of ["http://127.0.0.1:8080/api", "http://localhost/api", "http://[::1]:1/api"]) {
    assert.equal(new EcosClient({ baseUrl: url, env: {} }).baseUrl, url);
  }
  assert.equal(new EcosClient({ env: {} }).baseUrl, "https://ecos.bok.or.kr/api");
  assert.match(
    refused(() => new EcosClient({ allowInsecureHttp: "yes" as unknown as boolean, env: {} }))
      .message,
    /^Pass allowInsecureHttp as true or false/,
  );
});

Deno.test("free text goes out composed (NFC), whatever form it came in", async () => {
  const { fetch, urls } = recorder();
  const client = new EcosClient({
    baseUrl: "https://ecos.test/api",
    apiKey: "k",
    fetch,
    cache: false,
    rateLimit: false,
    env: {},
  });
  const word = "소비자물가지수";
  const decomposed = word.normalize("NFD");
  assert.notEqual(decomposed, word);
  await client.statisticWord(decomposed);
  await client.statisticMeta("경제심리지수".normalize("NFD"));
  assert.equal(urls[0]!.split("/").at(-1), encodeURIComponent(word));
  assert.equal(urls[1]!.split("/").at(-1), encodeURIComponent("경제심리지수"));
});

Deno.test("refresh is an option of the client and of a call, true or false", () => {
  assert.ok(new EcosClient({ refresh: true, env: {} }));
  assert.match(
    refused(() => new EcosClient({ refresh: 1 as unknown as boolean, env: {} })).message,
    /^Pass refresh as true or false/,
  );
});
