import assert from "node:assert/strict";
import { EcosClient, frameInfo } from "../../mod.ts";
import { startEcosServer } from "../../src/server/mod.ts";
import { isBundledServer } from "../../src/wire/bundled.ts";

Deno.test("a bundled server registers itself while it runs, so its frames say they are generated", async () => {
  const server = await startEcosServer({ keys: ["k"] });
  try {
    assert.ok(isBundledServer(server.url));
    assert.ok(isBundledServer(`${server.url}/`));
    const client = new EcosClient({ baseUrl: server.url, apiKey: "k", rateLimit: false });
    assert.equal(client.source, "bundled");
    const df = await client.series("base_rate", { start: "2024", end: "2024" });
    assert.equal(frameInfo(df)?.source, "bundled");
  } finally {
    await server.close();
  }
  assert.equal(isBundledServer(server.url), false, "forgotten once closed");
  assert.equal(new EcosClient({ baseUrl: server.url, apiKey: "k" }).source, "custom");
});
