/**
 * The README points at a real, pinned release: every import of the package names the version
 * in deno.json, and no placeholder address is left.
 */

import assert from "node:assert/strict";

const readme = await Deno.readTextFile(new URL("../README.md", import.meta.url));
const config = JSON.parse(await Deno.readTextFile(new URL("../deno.json", import.meta.url)));

Deno.test("the README imports the package at the version deno.json publishes", () => {
  const specifiers = [...readme.matchAll(/jsr:@ecos\/ecos(@[^\s"'`/]*)?/g)];
  assert.ok(specifiers.length >= 3, "the quick starts import the package");
  for (const [whole, version] of specifiers) {
    assert.equal(version, `@${config.version}`, `${whole} is pinned to ${config.version}`);
  }
  assert.equal(config.name, "@ecos/ecos");
  assert.equal(config.license, "MIT");
  assert.doesNotMatch(readme, /https:\/\/\.\.\.|example\.com|<url>/, "no placeholder addresses");
});
