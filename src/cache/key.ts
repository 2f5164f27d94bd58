/**
 * What identifies one cached page, and its hash.
 *
 * @module
 */

import { isFormat, isLanguage } from "../wire/format.ts";

/**
 * The version of the entry format and of the key's serialisation. Changing either changes this,
 * so that old entries become misses instead of being misread.
 */
export const CACHE_FORMAT = 1;

/**
 * What identifies one page of one query: the request's URL segments, except the API key.
 *
 * There is no field for the key, and none of these may hold it: pass the client's base URL
 * (`https://ecos.bok.or.kr/api`), never the full request URL, which has the key as a segment.
 * Fields other than these are ignored, so an object that happens to carry the key stores nothing
 * of it.
 */
export interface CacheKey {
  /** The service's base URL, e.g. `https://ecos.bok.or.kr/api`; trailing slashes do not count. */
  baseUrl: string;
  /** The service, e.g. `StatisticSearch`. */
  service: string;
  /** The body format. */
  format: "json" | "xml";
  /** The language. */
  language: "kr" | "en";
  /** The first row, 1-based. */
  startNo: number;
  /** The last row, inclusive. */
  endNo: number;
  /** The service's own path segments, unencoded. */
  args: readonly string[];
}

/**
 * A copy of the key with exactly its own fields, the base URL without trailing slashes (as the
 * request core builds URLs) and the arguments as strings.
 *
 * @internal
 */
export function keyFields(key: CacheKey): CacheKey {
  return {
    baseUrl: key.baseUrl.replace(/\/+$/, ""),
    service: key.service,
    format: key.format,
    language: key.language,
    startNo: key.startNo,
    endNo: key.endNo,
    args: key.args.map(String),
  };
}

/**
 * The key as a JSON array in a fixed order, behind the format version: equal keys, equal text.
 *
 * @internal
 */
export function canonicalKey(key: CacheKey): string {
  const k = keyFields(key);
  return JSON.stringify([
    `ecos-cache/${CACHE_FORMAT}`,
    k.baseUrl,
    k.service,
    k.format,
    k.language,
    k.startNo,
    k.endNo,
    k.args,
  ]);
}

/**
 * The SHA-256 of the canonical key, in lowercase hex: the entry's file name.
 *
 * @internal
 */
export function keyHash(key: CacheKey): Promise<string> {
  return sha256Hex(new TextEncoder().encode(canonicalKey(key)));
}

/**
 * SHA-256 in lowercase hex.
 *
 * @internal
 */
export async function sha256Hex(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * Whether a value read back from disk has the shape of a key.
 *
 * @internal
 */
export function isCacheKey(value: unknown): value is CacheKey {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.baseUrl === "string" && typeof v.service === "string" &&
    isFormat(v.format) && isLanguage(v.language) &&
    typeof v.startNo === "number" && typeof v.endNo === "number" &&
    Array.isArray(v.args) && v.args.every((a) => typeof a === "string");
}
