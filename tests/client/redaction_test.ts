/**
 * Redaction, as a property: a random key, echoed anywhere in any failure (the service's
 * message, a maintenance page, broken JSON or XML, a proxy's page, a network error, a redirect),
 * never appears, whole or in part, in any string of the error the client raises.
 */

import assert from "node:assert/strict";
import fc from "npm:fast-check@4.10.2";
import { EcosClient, type EcosError, type StatisticSearchQuery } from "../../mod.ts";
import { assertNoSecret, clientFor, rejects } from "../testdata/e2e.ts";

/** The search every failure here answers. */
const YEAR: StatisticSearchQuery = { statCode: "722Y001", cycle: "A", start: "2020", end: "2020" };

/** Fails when any six characters in a row of the key appear in any string of the error. */
function assertNoPiece(error: EcosError, key: string): void {
  assertNoSecret(error, key);
  const texts: string[] = [];
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 10; depth++) {
    texts.push(e.message, e.stack ?? "", Deno.inspect(e, { depth: 10 }));
    e = e.cause;
  }
  const all = texts.join("\n");
  for (let i = 0; i + 6 <= key.length; i++) {
    const piece = key.slice(i, i + 6);
    assert.ok(!all.includes(piece), `a piece of the key leaked: ${piece}`);
  }
}

type Echo = (key: string, pad: string, url: string) => Response | Error;

const echoes: Record<string, Echo> = {
  "RESULT message": (key, pad) =>
    new Response(JSON.stringify({ RESULT: { CODE: "INFO-100", MESSAGE: `${pad}${key} 인증키` } })),
  "RESULT message, unknown code": (key, pad) =>
    new Response(JSON.stringify({ RESULT: { CODE: "ERROR-999", MESSAGE: `${pad}${key}` } })),
  "RESULT message, XML": (key, pad) =>
    new Response(`<RESULT><CODE>ERROR-500</CODE><MESSAGE>${pad}${key}</MESSAGE></RESULT>`),
  "maintenance page": (key, pad) => new Response(`<html><body>${pad}${key}</body></html>`),
  "broken JSON": (key, pad) => new Response(`{"StatisticSearch": ${pad}${key}`),
  "broken XML": (key, pad) => new Response(`<StatisticSearch>${pad}${key}`),
  "proxy page": (key, pad) => new Response(`${pad}${key}`, { status: 503 }),
  "a 404 quoting the URL": (_key, pad, url) => new Response(`${pad}${url}`, { status: 404 }),
  // A server that decodes the path, then reads it as a form: each "+" of the key is a space.
  "a 404 quoting the path, read as a form": (_key, pad, url) =>
    new Response(`${pad}${decodeURIComponent(new URL(url).pathname).replaceAll("+", " ")}`, {
      status: 404,
    }),
  "network error": (_key, _pad, url) => new TypeError(`error sending request for url (${url})`),
  "redirect elsewhere": (key) =>
    new Response(null, { status: 302, headers: { location: `http://evil.test/${key}` } }),
  "garbage": (key, pad) => new Response(`${pad}${key}`),
};

/** A fetch that answers every request with the echo `name` of `echoed`, after a pad. */
function echoFetch(name: string, echoed: string, padLength: number): typeof fetch {
  const pad = "x ".repeat(padLength).slice(0, padLength);
  return ((input: string | URL | Request) => {
    const answer = echoes[name]!(echoed, pad, String(input));
    return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer);
  }) as typeof fetch;
}

const keys = fc.string({
  // Like real ECOS keys: capitals and digits, which message texts do not run six of.
  unit: fc.constantFrom(..."ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"),
  minLength: 12,
  maxLength: 40,
});

Deno.test("the key echoed anywhere in a failure appears nowhere in the error (property)", async () => {
  await fc.assert(
    fc.asyncProperty(
      keys,
      fc.integer({ min: 0, max: 120 }),
      fc.constantFrom(...Object.keys(echoes)),
      async (key, padLength, name) => {
        const client = clientFor("https://ecos.test/api", {
          apiKey: key,
          fetch: echoFetch(name, key, padLength),
          cache: false,
          retry: { attempts: 2, baseMs: 0, capMs: 0 },
        });
        assertNoPiece(await rejects(client.statisticSearch(YEAR)), key);
      },
    ),
    { numRuns: 400 },
  );
});

/** Named references a page may use for a character (a few; the redactor knows more). */
const NAMED: Record<string, string> = { "/": "&sol;", "&": "&amp;", "<": "&lt;", "+": "&plus;" };

/**
 * One character as a server or proxy may echo it: raw, percent-encoded in upper or lower case
 * hex, twice encoded, as a decimal or hex character reference (with leading zeros), a named
 * one, a JSON escape, or `\/` for a slash. `choice` picks one.
 */
function spell(char: string, choice: number): string {
  const code = char.charCodeAt(0);
  const hex = code.toString(16).padStart(2, "0");
  const forms = [
    char,
    `%${hex.toUpperCase()}`,
    `%${hex.toLowerCase()}`,
    `%25${hex.toUpperCase()}`,
    `&#${code};`,
    `&#x00${hex};`,
    `&#X${hex.toUpperCase()};`,
    `\\u${hex.padStart(4, "0")}`,
  ];
  if (char === "/") forms.push("\\/");
  if (NAMED[char] !== undefined) forms.push(NAMED[char]);
  return forms[choice % forms.length]!;
}

const anyKeys = fc.string({
  // Any key the client accepts: printable ASCII, lower case and symbols included; but no run
  // of letters that a message or a stack trace could hold on its own ("__defineGetter__").
  unit: fc.constantFrom(...Array.from({ length: 94 }, (_, i) => String.fromCharCode(33 + i))),
  minLength: 12,
  maxLength: 40,
}).filter((key) => !/[A-Za-z_$]{4,}/.test(key));

Deno.test("the key echoed in any spelling, mixed char by char, appears nowhere (property)", async () => {
  await fc.assert(
    fc.asyncProperty(
      anyKeys,
      fc.array(fc.nat(20), { minLength: 40, maxLength: 40 }),
      fc.integer({ min: 0, max: 120 }),
      fc.constantFrom(...Object.keys(echoes)),
      async (key, choices, padLength, name) => {
        let pieces = [...key].map((c, i) => spell(c, choices[i]!));
        // Inside an XML element, a server writes "<" and "&" as references, as XML requires.
        if (name === "RESULT message, XML") {
          pieces = pieces.map((p) => (p === "<" ? "&lt;" : p === "&" ? "&amp;" : p));
        }
        const spelt = pieces.join("");
        const client = clientFor("https://ecos.test/api", {
          apiKey: key,
          fetch: echoFetch(name, spelt, padLength),
          cache: false,
          retry: { attempts: 1 },
        });
        const error = await rejects(client.statisticSearch(YEAR));
        assertNoPiece(error, key);
        // Nor any twelve characters in a row of the spelling echoed (a quote cut short).
        const texts = [error.message, error.url ?? "", error.serviceMessage ?? "", error.stack];
        const all = texts.join("\n");
        for (let i = 0; i + 12 <= spelt.length; i++) {
          const piece = spelt.slice(i, i + 12);
          assert.ok(!all.includes(piece), `the key leaked as ${piece}: ${all.slice(0, 300)}`);
        }
      },
    ),
    { numRuns: 400 },
  );
});

Deno.test("a password in baseUrl is sent as a header and written nowhere", async () => {
  const seen: { url: string; authorization: string | null }[] = [];
  // A proxy that echoes what it was sent: the URL, and the credentials in three spellings.
  const fetchImpl = (input: string | URL | Request, init?: RequestInit) => {
    const headers = new Headers(init?.headers);
    seen.push({ url: String(input), authorization: headers.get("authorization") });
    return Promise.resolve(
      new Response(
        `denied ${input} ${headers.get("authorization")} s3cr%2fT!pw s3cr&#x2F;T!pw proxy-admin`,
        { status: 403 },
      ),
    );
  };
  const client = new EcosClient({
    baseUrl: "https://proxy-admin:s3cr%2FT!pw@proxy.test/api",
    apiKey: "A-KEY-0123456789",
    fetch: fetchImpl as typeof fetch,
    cache: false,
    rateLimit: false,
    env: {},
  });
  assert.equal(client.baseUrl, "https://proxy.test/api");
  const error = await rejects(client.statisticSearch(YEAR));
  assert.equal(seen.length, 1);
  assert.ok(seen[0]!.url.startsWith("https://proxy.test/api/StatisticSearch/"), seen[0]!.url);
  assert.equal(seen[0]!.authorization, `Basic ${btoa("proxy-admin:s3cr/T!pw")}`);
  const shown = [error.message, error.url ?? "", error.stack ?? "", Deno.inspect(error)].join("\n");
  for (const secret of ["s3cr", "proxy-admin", btoa("proxy-admin:s3cr/T!pw")]) {
    assert.ok(!shown.includes(secret), `${secret} leaked: ${shown.slice(0, 300)}`);
  }
  assert.match(error.url ?? "", /^https:\/\/proxy\.test\/api\/StatisticSearch\/\*\*\*\//);
});

Deno.test("an option error quoting a base URL does not show its password", () => {
  assert.throws(
    () => new EcosClient({ baseUrl: "https://me:hunter2pw@proxy.test/api?x=1", env: {} }),
    (e: Error) => {
      assert.match(e.message, /^Use an http\(s\) URL without query or fragment/);
      assert.ok(!e.message.includes("hunter2pw"), e.message);
      return true;
    },
  );
});

Deno.test("a key holding '+' and '/', echoed from a path read as a form, appears nowhere", async () => {
  for (const key of ["AB+CD/EF+GH12/34", "ABCDEF+GHIJKL/MNOPQR", "ABCDEFGH/IJKLMNOP+QRSTU"]) {
    const client = clientFor("https://ecos.test/api", {
      apiKey: key,
      fetch: echoFetch("a 404 quoting the path, read as a form", key, 0),
      cache: false,
      retry: { attempts: 1 },
    });
    const error = await rejects(client.statisticSearch(YEAR));
    assertNoPiece(error, key);
    assert.ok(!error.message.includes(key.replaceAll("+", " ")), error.message);
    assert.match(error.message, /StatisticSearch\/\*\*\*\/json/);
  }
});
