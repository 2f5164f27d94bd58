/**
 * mirrorRevisions(): the revisions a mirror has seen, each superseded value beside the value
 * that replaced it (`ecos mirror history` prints them).
 *
 * @module
 */

import { type DataFrame, pl } from "../deps.ts";
import { invalidArgument } from "../errors.ts";
import type { Cycle } from "../wire/period.ts";
import { type LazyFrame, scanHistory } from "./history.ts";
import { KEY_COLUMNS, keyed } from "./merge.ts";
import { scanData } from "./scan.ts";

/** The partitions, before a row's items and period in its key. */
const PARTS = ["STAT_CODE", "CYCLE"];

/** Which revisions {@linkcode mirrorRevisions} lists. */
export interface MirrorRevisionsOptions {
  /** Only this table. */
  statCode?: string;
  /** Only this level-1 item (ITEM_CODE1). */
  item?: string;
  /** Only these cycles. */
  cycles?: readonly Cycle[];
  /** Only values replaced at or after this moment. */
  since?: Date;
}

/**
 * The revisions a mirror has seen: one row per superseded value, with the value that replaced
 * it. Columns: STAT_CODE, CYCLE, ITEM_CODE1..4, ITEM_NAME1, PERIOD, TIME, OLD_VALUE,
 * NEW_VALUE, FIRST_SEEN, LAST_SEEN (of the old value) and REPLACED_AT; sorted by table, cycle,
 * items, period and REPLACED_AT.
 *
 * @param dir The mirror's directory.
 * @param options Which table, item, cycles and time.
 * @returns The revisions (no rows when nothing was revised).
 * @throws {EcosError} INVALID_ARGUMENT when `dir` does not exist.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { EcosClient } from "@ecos/ecos";
 * import { startEcosServer } from "@ecos/ecos/server";
 * import { mirror, mirrorRevisions } from "@ecos/ecos/mirror";
 *
 * const dir = await Deno.makeTempDir();
 * try {
 *   for (const revision of [0, 1]) {
 *     await using server = await startEcosServer({ keys: ["k"], revision });
 *     const client = new EcosClient({ baseUrl: server.url, apiKey: "k", cache: false });
 *     await mirror(client, ["901Y009"], { dir, cycles: ["M"] });
 *   }
 *   const revisions = mirrorRevisions(dir, { statCode: "901Y009", item: "0" });
 *   assert.deepEqual(revisions.getColumn("PERIOD").toArray(), ["202606", "202607", "202608"]);
 * } finally {
 *   await Deno.remove(dir, { recursive: true });
 * }
 * ```
 */
export function mirrorRevisions(dir: string, options: MirrorRevisionsOptions = {}): DataFrame {
  try {
    if (!Deno.statSync(dir).isDirectory) throw new Deno.errors.NotFound();
  } catch {
    throw invalidArgument(`Mirror something into ${dir} first: no such directory`);
  }
  // The table, item and cycles asked for, of the history and of the data alike: a filter on
  // STAT_CODE or CYCLE skips the other partitions' files.
  const within = (frame: LazyFrame) => {
    let out = frame;
    if (options.statCode !== undefined) {
      out = out.filter(pl.col("STAT_CODE").eq(pl.lit(options.statCode)));
    }
    if (options.item !== undefined) out = out.filter(pl.col("ITEM_CODE1").eq(pl.lit(options.item)));
    if (options.cycles !== undefined) out = out.filter(pl.col("CYCLE").isIn([...options.cycles]));
    return out;
  };
  const history = keyed(within(scanHistory(dir)).collectSync(), PARTS, "__ROW");
  const old = options.since === undefined ? history : history.filter(
    pl.col("REPLACED_AT").gtEq(pl.lit(options.since.getTime()).cast(pl.Datetime("ms"))),
  );
  // The value that replaced each: the next vintage (its FIRST_SEEN is this REPLACED_AT), in the
  // history or, for the latest, in the data.
  const vintages = (frame: DataFrame) =>
    frame.select(
      pl.col("__ROW"),
      pl.col("FIRST_SEEN").alias("REPLACED_AT"),
      pl.col("DATA_VALUE").alias("NEW_VALUE"),
    );
  const next = pl.concat([
    vintages(history),
    vintages(keyed(within(scanData(dir)).collectSync(), PARTS, "__ROW")),
  ], { how: "vertical" }).unique({ subset: ["__ROW", "REPLACED_AT"], keep: "first" });
  return old.rename({ DATA_VALUE: "OLD_VALUE" })
    .join(next, { on: ["__ROW", "REPLACED_AT"], how: "left" })
    .sort([...PARTS, ...KEY_COLUMNS, "REPLACED_AT"])
    .select(
      ...PARTS,
      ...KEY_COLUMNS.slice(0, 4),
      "ITEM_NAME1",
      "PERIOD",
      "TIME",
      "OLD_VALUE",
      "NEW_VALUE",
      "FIRST_SEEN",
      "LAST_SEEN",
      "REPLACED_AT",
    );
}
