import assert from "node:assert/strict";
import { join } from "node:path";
import { defaultCacheDir } from "../../src/cache/mod.ts";

// Each case passes its environment: the process's own is neither read nor written.

Deno.test("defaultCacheDir() honours ECOS_CACHE_DIR above all", () => {
  const dir = join("somewhere", "else");
  assert.equal(
    defaultCacheDir({ ECOS_CACHE_DIR: dir, XDG_CACHE_HOME: "/xdg", HOME: "/home/me" }),
    dir,
  );
});

Deno.test("defaultCacheDir() follows the platform's cache directory", () => {
  const home = join("/", "home", "me");
  const env = {
    XDG_CACHE_HOME: join("/", "xdg"),
    HOME: home,
    LOCALAPPDATA: join("C:", "Users", "me", "AppData", "Local"),
  };
  const dir = defaultCacheDir(env);
  switch (Deno.build.os) {
    case "windows":
      assert.equal(dir, join(env.LOCALAPPDATA, "ecos", "cache"));
      break;
    case "darwin":
      assert.equal(dir, join(home, "Library", "Caches", "ecos"));
      break;
    default:
      assert.equal(dir, join("/", "xdg", "ecos"));
      assert.equal(defaultCacheDir({ HOME: home }), join(home, ".cache", "ecos"));
      // An empty value is no value.
      assert.equal(defaultCacheDir({ ...env, XDG_CACHE_HOME: "" }), join(home, ".cache", "ecos"));
      // The XDG spec: a relative path is ignored.
      assert.equal(
        defaultCacheDir({ ...env, XDG_CACHE_HOME: "relative" }),
        join(home, ".cache", "ecos"),
      );
  }
});

Deno.test("defaultCacheDir() falls back to the temporary directory without a home", () => {
  const tmp = join("/", "scratch");
  const dir = defaultCacheDir(Deno.build.os === "windows" ? { TEMP: tmp } : { TMPDIR: tmp });
  assert.match(dir, /^[\\/]scratch[\\/]ecos-cache(-\d+)?$/);
  assert.match(defaultCacheDir({}), /[\\/]ecos-cache(-\d+)?$/);
});
