/**
 * A real engine reads the dataset: DuckDB, with the spelling people type, gets the rows
 * scanMirror gives; the history and the as-of query of the README too.
 */

import assert from "node:assert/strict";
import { DuckDBInstance } from "npm:@duckdb/node-api@1.5.6-r.1";
import { startEcosServer } from "../../src/server/mod.ts";
import { mirror, MIRROR_COLUMNS, scanMirror } from "../../src/mirror/mod.ts";
import { scanHistory } from "../../src/mirror/history.ts";
import { clientOf, KEY, tempDir } from "./_helpers.ts";

const T1 = new Date("2026-10-01T09:00:00Z");
const T2 = new Date("2026-10-15T09:00:00Z");

/** A DuckDB connection, closed when disposed. */
async function duckdb() {
  const instance = await DuckDBInstance.create(":memory:");
  const connection = await instance.connect();
  return {
    /** The rows of a query, as objects. */
    async rows(sql: string): Promise<Record<string, unknown>[]> {
      return (await connection.runAndReadAll(sql)).getRowObjectsJS() as Record<string, unknown>[];
    },
    [Symbol.dispose]() {
      connection.closeSync();
      instance.closeSync();
    },
  };
}

/** Rows of a query that the other does not have, counted both ways (multisets). */
async function difference(db: Awaited<ReturnType<typeof duckdb>>, a: string, b: string) {
  const [left] = await db.rows(`SELECT count(*) AS n FROM ((${a}) EXCEPT ALL (${b}))`);
  const [right] = await db.rows(`SELECT count(*) AS n FROM ((${b}) EXCEPT ALL (${a}))`);
  return [Number(left!.n), Number(right!.n)];
}

Deno.test("DuckDB reads DIR/**/*.parquet with hive partitioning: the rows scanMirror gives", async () => {
  await using dir = await tempDir();
  // Every cycle, two item levels; then a revision round, so that the history has files too.
  for (const [revision, at] of [[0, T1], [1, T2]] as const) {
    await using server = await startEcosServer({ keys: [KEY], revision });
    await mirror(clientOf(server), ["722Y001", "105Y001", "814Y002", "200Y101"], {
      dir: dir.path,
      now: () => at,
    });
  }
  using db = await duckdb();
  const columns = MIRROR_COLUMNS.join(", ");
  const glob = `read_parquet('${dir.path}/**/*.parquet', hive_partitioning = true)`;

  // Polars' frame, written where DuckDB can read it, compared row for row.
  const expected = `${dir.path}/../${dir.path.split("/").at(-1)}-expected.parquet`;
  scanMirror(dir.path).collectSync().writeParquet(expected);
  try {
    const [{ n }] = (await db.rows(`SELECT count(*) AS n FROM ${glob}`)) as [{ n: bigint }];
    assert.equal(Number(n), scanMirror(dir.path).collectSync().height);
    assert.ok(Number(n) > 30_000);
    assert.deepEqual(
      await difference(
        db,
        `SELECT ${columns} FROM ${glob}`,
        `SELECT ${columns} FROM read_parquet('${expected}')`,
      ),
      [0, 0],
    );

    // The history, as the README reads it, holds what scanHistory gives.
    const history = `read_parquet('${dir.path}/_history/**/*.pq', hive_partitioning = true)`;
    const [{ h }] = (await db.rows(`SELECT count(*) AS h FROM ${history}`)) as [{ h: bigint }];
    assert.equal(Number(h), scanHistory(dir.path).collectSync().height);
    assert.ok(Number(h) > 0);

    // The README's as-of query: what the mirror knew before the revision round.
    const when = "TIMESTAMP '2026-10-10 00:00:00'";
    const asOfSql = `SELECT ${columns} FROM ${glob} WHERE FIRST_SEEN <= ${when}
      UNION ALL
      SELECT ${columns} FROM ${history} WHERE FIRST_SEEN <= ${when} AND REPLACED_AT > ${when}`;
    scanMirror(dir.path, { asOf: "2026-10-10" }).collectSync().writeParquet(expected);
    assert.deepEqual(
      await difference(db, asOfSql, `SELECT ${columns} FROM read_parquet('${expected}')`),
      [0, 0],
    );
  } finally {
    await Deno.remove(expected);
  }
});
