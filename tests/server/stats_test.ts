/**
 * The stats are keyed by what the server knows, never by what a client sends: any name that
 * is not a service counts under one bucket, whatever it is ("constructor", "__proto__", ...).
 *
 * @module
 */

import assert from "node:assert/strict";
import { startEcosServer } from "../../src/server/mod.ts";
import { request } from "../testdata/server/http.ts";

const PROTOTYPE_NAMES = [
  "constructor",
  "toString",
  "__proto__",
  "hasOwnProperty",
  "valueOf",
  "__defineGetter__",
  "isPrototypeOf",
];

Deno.test("stats.byService counts names that are no service under one bucket", async () => {
  await using server = await startEcosServer();
  for (const service of PROTOTYPE_NAMES) await request(server, { service, key: "sample", end: 1 });
  for (let i = 0; i < 200; i++) {
    await request(server, { service: `Service${i}`, key: "sample", end: 1 });
  }
  await request(server, { service: "KeyStatisticList", key: "sample", end: 1 });
  const { byService } = server.stats;
  assert.deepEqual(byService, { "(other)": 207, KeyStatisticList: 1 });
  assert.equal(Object.getPrototypeOf(byService), Object.prototype);
  // Nothing a client sent reached a prototype.
  assert.equal(({} as Record<string, unknown>).constructor, Object);
  assert.equal(typeof byService.toString, "function");
  assert.equal(server.stats.byOutcome["ERROR-500"], 207);
  // The log still says what was sent.
  assert.equal(server.stats.requests[0]?.service, "constructor");
});

Deno.test("stats.byService counts each service by its name, absent ones not at all", async () => {
  await using server = await startEcosServer();
  await request(server, { service: "StatisticWord", key: "sample", end: 1, args: ["물가"] });
  await request(server, { service: "StatisticWord", key: "sample", end: 1, args: ["금리"] });
  await request(server, { service: "", key: "sample", end: 1 });
  assert.deepEqual(server.stats.byService, { StatisticWord: 2, "(other)": 1 });
  server.stats.reset();
  assert.deepEqual(server.stats.byService, {});
});
