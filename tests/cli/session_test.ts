import assert from "node:assert/strict";
import { LIVE_BASE_URL } from "../../src/client/mod.ts";
import { startEcosServer } from "../../src/server/mod.ts";
import { BUNDLED_NOTICE } from "../../src/connect.ts";
import { openSession } from "../../src/cli/session.ts";
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

Deno.test("openSession(): --cache and --no-cache win; otherwise the cache is on for remote services only", async (t) => {
  const dir = "/tmp/ecos-cli-cache-never-written";
  const cases: [boolean | undefined, Record<string, string>, string | undefined][] = [
    [undefined, { ECOS_CACHE_DIR: dir }, undefined], // the bundled server
    [undefined, { ECOS_API_KEY: "k", ECOS_CACHE_DIR: dir }, dir], // the live service
    [undefined, { ECOS_BASE_URL: "https://mirror.example/api", ECOS_CACHE_DIR: dir }, dir],
    [undefined, { ECOS_BASE_URL: "http://127.0.0.1:8080/api", ECOS_CACHE_DIR: dir }, undefined],
    [undefined, { ECOS_BASE_URL: "http://localhost:8080/api", ECOS_CACHE_DIR: dir }, undefined],
    [true, { ECOS_BASE_URL: "http://127.0.0.1:8080/api", ECOS_CACHE_DIR: dir }, dir],
    [true, { ECOS_CACHE_DIR: dir }, dir],
    [false, { ECOS_API_KEY: "k", ECOS_CACHE_DIR: dir }, undefined],
    [undefined, { ECOS_API_KEY: "k", HOME: "/home/someone" }, "/home/someone/.cache/ecos"],
  ];
  for (const [flag, env, want] of cases) {
    await t.step(`${flag} ${JSON.stringify(env)}`, async () => {
      await using session = await openSession(env, { cache: flag }, () => {});
      assert.equal((await session.client.cacheInfo())?.dir, want);
    });
  }
});
