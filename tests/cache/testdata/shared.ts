/** What the cache tests and their subprocesses share. */

import type { CacheKey } from "../../../src/cache/mod.ts";

/** The key every concurrent writer writes. */
export const SHARED_KEY: CacheKey = {
  baseUrl: "http://ecos.test/api",
  service: "StatisticSearch",
  format: "json",
  language: "kr",
  startNo: 1,
  endNo: 1000,
  args: ["722Y001", "M", "202001", "202412"],
};

/**
 * A body unique to one write of one writer, of a length that differs between writes (up to
 * about 1.5 MB, so that writes take long enough to overlap), and not all ASCII.
 */
export function bodyOf(writer: number, write: number): string {
  const size = 50_000 + ((writer * 7 + write * 13) % 20) * 75_000;
  return JSON.stringify({ writer, write, note: "기준금리", pad: "x".repeat(size) });
}
