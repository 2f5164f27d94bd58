import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { EcosClient, pl } from "../mod.ts";
import { startEcosServer } from "../src/server/mod.ts";

const SCRIPT = fileURLToPath(new URL("../examples/export_series.ts", import.meta.url));
const REPO = fileURLToPath(new URL("..", import.meta.url));
const KEY = "script-test-key";

/** The environment of the script: this process's, with the ECOS variables replaced. */
function scriptEnv(extra: Record<string, string>): Record<string, string> {
  const env = Deno.env.toObject();
  delete env.ECOS_API_KEY;
  delete env.ECOS_BASE_URL;
  return { ...env, NO_COLOR: "1", ...extra };
}

function run(args: string[], env: Record<string, string>) {
  return new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", SCRIPT, ...args],
    cwd: REPO,
    env: scriptEnv(env),
    clearEnv: true,
    stdout: "piped",
    stderr: "piped",
  }).output();
}

const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

Deno.test("export_series.ts writes a series as CSV and Parquet that read back the same", async () => {
  const server = await startEcosServer({ keys: [KEY] });
  const out = await Deno.makeTempDir({ prefix: "ecos_export_" });
  try {
    const result = await run(
      ["722Y001", "M", "202301", "202312", "0101000", "--out", out],
      { ECOS_API_KEY: KEY, ECOS_BASE_URL: server.url },
    );
    assert.equal(result.code, 0, decode(result.stderr));
    const base = `${out}/722Y001_M_202301_202312`;
    assert.match(decode(result.stdout), /^12 rows of 722Y001 \(custom\) -> /);

    const client = new EcosClient({ apiKey: KEY, baseUrl: server.url });
    const expected = await client.statisticSearch({
      statCode: "722Y001",
      cycle: "M",
      start: "202301",
      end: "202312",
      items: ["0101000"],
    });
    assert.equal(expected.height, 12);

    const parquet = pl.readParquet(`${base}.parquet`);
    assert.deepEqual(parquet.columns, expected.columns);
    assert.equal(String(parquet.getColumn("TIME").dtype), "DataType(Date)");
    assert.ok(parquet.frameEqual(expected), "Parquet keeps every value and type");

    const csv = pl.readCSV(await Deno.readTextFile(`${base}.csv`), { tryParseDates: true });
    assert.deepEqual(csv.columns, expected.columns);
    assert.deepEqual(
      csv.getColumn("TIME").cast(pl.Utf8).toArray(),
      expected.getColumn("TIME").cast(pl.Utf8).toArray(),
    );
    assert.equal(csv.getColumn("TIME").cast(pl.Utf8).get(0), "2023-01-01");
    assert.deepEqual(csv.getColumn("PERIOD").cast(pl.Utf8).toArray(), [
      ...expected.getColumn("PERIOD").cast(pl.Utf8).toArray(),
    ]);
    assert.deepEqual(
      csv.getColumn("DATA_VALUE").toArray(),
      expected.getColumn("DATA_VALUE").toArray(),
    );
  } finally {
    await Deno.remove(out, { recursive: true });
    await server.close();
  }
});

Deno.test("export_series.ts refuses missing arguments and a bad cycle", async (t) => {
  // No server: the script stops before connecting.
  const env = { ECOS_API_KEY: KEY, ECOS_BASE_URL: "http://127.0.0.1:9/api" };
  await t.step("missing end", async () => {
    const result = await run(["722Y001", "M", "202301"], env);
    assert.equal(result.code, 2);
    assert.match(decode(result.stderr), /Give the stat code, cycle, start and end\nUsage: /);
  });
  await t.step("bad cycle", async () => {
    const result = await run(["722Y001", "W", "202301", "202312"], env);
    assert.equal(result.code, 2);
    assert.match(decode(result.stderr), /Give the cycle as one of A, S, Q, M, SM, D: got "W"/);
  });
  await t.step("--help", async () => {
    const result = await run(["--help"], env);
    assert.equal(result.code, 0);
    assert.match(decode(result.stdout), /^Usage: /);
  });
});
