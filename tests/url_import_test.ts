/**
 * The module imported by URL, as a user with no copy of the repository and no deno.json would:
 * the repository is served over loopback HTTP and a script outside it imports `mod.ts` from
 * there, then queries the bundled server, draws a chart and renders a frame.
 */

import assert from "node:assert/strict";
import { startEcosServer } from "../src/server/mod.ts";
import { serveRepo } from "./testdata/serve_repo.ts";
import { childEnv, lockFlag } from "./testdata/child_env.ts";

const KEY = "url-import-key";

const SCRIPT = (modUrl: string) => `
import { connect, lineChart, pl } from ${JSON.stringify(modUrl)};
import { frameToHtml } from ${JSON.stringify(modUrl.replace(/mod\.ts$/, "src/jupyter/mod.ts"))};

const session = await connect();
try {
  const df = await session.client.statisticSearch({
    statCode: "722Y001",
    cycle: "M",
    start: "202301",
    end: "202306",
    items: ["0101000"],
  });
  const html = frameToHtml(df);
  const svg = await lineChart(df, { x: "TIME", y: "DATA_VALUE" }).toSVG();
  console.log(JSON.stringify({
    source: session.source,
    height: df.height,
    time: df.getColumn("TIME").cast(pl.Utf8).toArray(),
    // The first TIME as a date (or, for monthly rows, the month the display writes), not a number.
    dateCell: /<td[^>]*>2023-01(-01)?<\\/td>/.test(html),
    svg: svg.startsWith("<svg"),
  }));
} finally {
  await session.close();
}
`;

Deno.test("mod.ts imported by URL, with no config, queries the bundled server", async () => {
  const repo = serveRepo();
  const ecos = await startEcosServer({ keys: [KEY] });
  const dir = await Deno.makeTempDir({ prefix: "ecos_url_import_" });
  try {
    const modUrl = `${repo.base}mod.ts`;
    const script = `${dir}/script.ts`;
    await Deno.writeTextFile(script, SCRIPT(modUrl));
    const out = await new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", "--no-config", await lockFlag(dir), script],
      cwd: dir,
      env: childEnv({ ECOS_API_KEY: KEY, ECOS_BASE_URL: ecos.url }),
      clearEnv: true,
      stdout: "piped",
      stderr: "piped",
    }).output();
    const stderr = new TextDecoder().decode(out.stderr);
    assert.equal(out.code, 0, stderr);
    assert.deepEqual(JSON.parse(new TextDecoder().decode(out.stdout).trim().split("\n").at(-1)!), {
      source: "custom",
      height: 6,
      time: ["2023-01-01", "2023-02-01", "2023-03-01", "2023-04-01", "2023-05-01", "2023-06-01"],
      dateCell: true,
      svg: true,
    });
    assert.match(stderr, new RegExp(`Download ${modUrl.replace(/[.]/g, "\\.")}`), "by URL");
  } finally {
    await Deno.remove(dir, { recursive: true });
    await ecos.close();
    await repo.server.shutdown();
  }
});
