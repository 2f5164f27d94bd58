import assert from "node:assert/strict";
import { LIVE_BASE_URL } from "../../src/client/mod.ts";
import { startEcosServer } from "../../src/server/mod.ts";
import { BUNDLED_NOTICE, cacheDir, cacheSetting, openSession } from "../../src/cli/session.ts";
import { envFor, KEY } from "./_cli.ts";

Deno.test("openSession() follows the injected environment, as connect() does", async (t) => {
  await t.step("no key: the bundled server, with the notice", async () => {
    const notices: string[] = [];
    await using session = await openSession({}, {}, (line) => notices.push(line));
    assert.equal(session.source, "bundled");
    assert.deepEqual(notices, [BUNDLED_NOTICE]);
  });
  await t.step("a key and a base URL: that server, quietly", async () => {
    await using server = await startEcosServer({ keys: [KEY] });
    const notices: string[] = [];
    await using session = await openSession(envFor(server), {}, (line) => notices.push(line));
    assert.equal(session.source, "custom");
    assert.equal(session.client.baseUrl, server.url);
    assert.deepEqual(notices, []);
  });
  await t.step("a key alone: the live service", async () => {
    await using session = await openSession({ ECOS_API_KEY: KEY }, {}, () => {});
    assert.equal(session.source, "live");
    assert.equal(session.client.baseUrl, LIVE_BASE_URL);
  });
});

Deno.test("cacheSetting(): --cache and --no-cache win; otherwise on for remote services only", async (t) => {
  const dir = "/tmp/ecos-cli-cache";
  const cases: [boolean | undefined, Record<string, string>, false | { dir: string }][] = [
    [undefined, { ECOS_CACHE_DIR: dir }, false], // the bundled server
    [undefined, { ECOS_API_KEY: "k", ECOS_CACHE_DIR: dir }, { dir }], // the live service
    [undefined, { ECOS_BASE_URL: "https://mirror.example/api", ECOS_CACHE_DIR: dir }, { dir }],
    [undefined, { ECOS_BASE_URL: "http://127.0.0.1:8080/api", ECOS_CACHE_DIR: dir }, false],
    [undefined, { ECOS_BASE_URL: "http://localhost:8080/api", ECOS_CACHE_DIR: dir }, false],
    [undefined, { ECOS_BASE_URL: "not a url", ECOS_CACHE_DIR: dir }, false],
    [true, { ECOS_BASE_URL: "http://127.0.0.1:8080/api", ECOS_CACHE_DIR: dir }, { dir }],
    [true, { ECOS_CACHE_DIR: dir }, { dir }],
    [false, { ECOS_API_KEY: "k", ECOS_CACHE_DIR: dir }, false],
  ];
  for (const [flag, env, want] of cases) {
    await t.step(`${flag} ${JSON.stringify(env)}`, () => {
      assert.deepEqual(cacheSetting(flag, env), want);
    });
  }
  await t.step("without ECOS_CACHE_DIR, the platform's directory", () => {
    assert.match(cacheDir({}), /ecos/);
  });
});
