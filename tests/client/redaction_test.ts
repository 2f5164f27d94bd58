/**
 * Redaction, as a property: a random key, echoed anywhere in any failure (the service's
 * message, a maintenance page, broken JSON or XML, a proxy's page, a network error, a redirect),
 * never appears, whole or in part, in any string of the error the client raises.
 */

import assert from "node:assert/strict";
import fc from "npm:fast-check@4.10.2";
import { EcosClient, type EcosError } from "../../mod.ts";
import { assertNoSecret } from "../testdata/e2e.ts";

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
  "network error": (_key, _pad, url) => new TypeError(`error sending request for url (${url})`),
  "redirect elsewhere": (key) =>
    new Response(null, { status: 302, headers: { location: `http://evil.test/${key}` } }),
  "garbage": (key, pad) => new Response(`${pad}${key}`),
};

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
        const pad = "x ".repeat(padLength).slice(0, padLength);
        const fetchImpl = (input: string | URL | Request) => {
          const answer = echoes[name]!(key, pad, String(input));
          return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer);
        };
        const client = new EcosClient({
          baseUrl: "http://ecos.test/api",
          apiKey: key,
          fetch: fetchImpl as typeof fetch,
          cache: false,
          rateLimit: false,
          retry: { attempts: 2, baseMs: 0, capMs: 0 },
        });
        let error: EcosError | undefined;
        try {
          await client.statisticSearch({
            statCode: "722Y001",
            cycle: "A",
            start: "2020",
            end: "2020",
          });
        } catch (e) {
          error = e as EcosError;
        }
        assert.ok(error !== undefined, `${name}: expected a failure`);
        assertNoPiece(error, key);
      },
    ),
    { numRuns: 400 },
  );
});
