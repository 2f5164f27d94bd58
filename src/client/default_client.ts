/**
 * The module-level functions: the two specified services on a default client, built from the
 * environment (ECOS_API_KEY, ECOS_BASE_URL) on first use, for scripts that need no options.
 *
 * @module
 */

import type { DataFrame } from "../deps.ts";
import { EcosClient } from "./client.ts";
import type { RequestOptions } from "./_options.ts";
import type { StatisticSearchQuery } from "./_validate.ts";

let defaultClient: EcosClient | undefined;

/** The module-level client, built on first use from the environment. */
function getDefaultClient(): EcosClient {
  defaultClient ??= new EcosClient();
  return defaultClient;
}

/**
 * {@linkcode EcosClient.prototype.statisticSearch} on a default client built from the
 * environment (ECOS_API_KEY, ECOS_BASE_URL) on first use.
 *
 * @param query The table, cycle, range and item codes.
 * @param options A signal, or a format, language or page size for this call.
 * @returns The frame; empty (same columns) when nothing matches.
 * @throws {EcosError} As {@linkcode EcosClient.prototype.statisticSearch}.
 *
 * @example
 * ```ts ignore
 * import assert from "node:assert/strict";
 * import { statisticSearch } from "@ecos/ecos";
 *
 * const usd = await statisticSearch({
 *   statCode: "731Y001",
 *   cycle: "D",
 *   start: "20240101",
 *   end: "20241231",
 *   items: ["0000001"],
 * });
 * assert.ok(usd.height > 200); // one row per business day
 * ```
 */
export async function statisticSearch(
  query: StatisticSearchQuery,
  options: RequestOptions = {},
): Promise<DataFrame> {
  return await getDefaultClient().statisticSearch(query, options);
}

/**
 * {@linkcode EcosClient.prototype.keyStatisticList} on a default client built from the
 * environment (ECOS_API_KEY, ECOS_BASE_URL) on first use.
 *
 * @param options A signal, or a format, language or page size for this call.
 * @returns The frame.
 * @throws {EcosError} As {@linkcode EcosClient.prototype.keyStatisticList}.
 *
 * @example
 * ```ts ignore
 * import assert from "node:assert/strict";
 * import { keyStatisticList } from "@ecos/ecos";
 *
 * const key = await keyStatisticList();
 * assert.ok(key.height >= 100);
 * ```
 */
export async function keyStatisticList(
  options: RequestOptions = {},
): Promise<DataFrame> {
  return await getDefaultClient().keyStatisticList(options);
}
