import assert from "node:assert/strict";
import { join } from "node:path";
import { defaultCacheDir } from "../../src/cache/mod.ts";

const NAMES = ["ECOS_CACHE_DIR", "XDG_CACHE_HOME", "HOME", "LOCALAPPDATA", "USERPROFILE"];

/** Runs `fn` with some variables set or unset, then puts them back. */
function withEnv<T>(vars: Record<string, string | undefined>, fn: () => T): T {
  const saved = new Map(NAMES.map((name) => [name, Deno.env.get(name)]));
  try {
    for (const [name, value] of Object.entries(vars)) {
      if (value === undefined) Deno.env.delete(name);
      else Deno.env.set(name, value);
    }
    return fn();
  } finally {
    for (const [name, value] of saved) {
      if (value === undefined) Deno.env.delete(name);
      else Deno.env.set(name, value);
    }
  }
}

Deno.test("defaultCacheDir() honours ECOS_CACHE_DIR above all", () => {
  const dir = join("somewhere", "else");
  assert.equal(
    withEnv({ ECOS_CACHE_DIR: dir, XDG_CACHE_HOME: "/xdg", HOME: "/home/me" }, defaultCacheDir),
    dir,
  );
});

Deno.test("defaultCacheDir() follows the platform's cache directory", () => {
  const home = join("/", "home", "me");
  const vars = {
    ECOS_CACHE_DIR: undefined,
    XDG_CACHE_HOME: join("/", "xdg"),
    HOME: home,
    LOCALAPPDATA: join("C:", "Users", "me", "AppData", "Local"),
  };
  const dir = withEnv(vars, defaultCacheDir);
  switch (Deno.build.os) {
    case "windows":
      assert.equal(dir, join(vars.LOCALAPPDATA, "ecos", "cache"));
      break;
    case "darwin":
      assert.equal(dir, join(home, "Library", "Caches", "ecos"));
      break;
    default:
      assert.equal(dir, join("/", "xdg", "ecos"));
      assert.equal(
        withEnv({ ...vars, XDG_CACHE_HOME: undefined }, defaultCacheDir),
        join(home, ".cache", "ecos"),
      );
      // The XDG spec: a relative path is ignored.
      assert.equal(
        withEnv({ ...vars, XDG_CACHE_HOME: "relative" }, defaultCacheDir),
        join(home, ".cache", "ecos"),
      );
  }
});

Deno.test("defaultCacheDir() falls back to the temporary directory without a home", () => {
  const dir = withEnv(
    {
      ECOS_CACHE_DIR: undefined,
      XDG_CACHE_HOME: undefined,
      HOME: undefined,
      LOCALAPPDATA: undefined,
      ...(Deno.build.os === "windows" ? { USERPROFILE: undefined } : {}),
    },
    defaultCacheDir,
  );
  assert.match(dir, /[\\/]ecos-cache(-\d+)?$/);
});
