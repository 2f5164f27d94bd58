/**
 * One entry file: a one-line JSON header, a newline, then the body as UTF-8.
 *
 * The header holds the format version, when the page was fetched, the key's fields (never the
 * API key: see {@linkcode CacheKey}), and the body's length in bytes and SHA-256. A file cut short
 * (a crash mid-write, a full disk) or altered fails those checks and reads as no entry.
 *
 * @module
 */

import { CACHE_FORMAT, type CacheKey, isCacheKey, keyFields, sha256Hex } from "./key.ts";

/** One cached page. */
export interface CachedPage {
  /** The response body, as the service sent it. */
  body: string;
  /** When the body was fetched. */
  fetchedAt: Date;
}

/** The entry's first line. */
interface EntryHeader {
  v: typeof CACHE_FORMAT;
  fetchedAt: string;
  key: CacheKey;
  length: number;
  sha256: string;
}

/** What a valid entry file holds. */
export interface Entry {
  /** The key written in the header. */
  key: CacheKey;
  /** The page. */
  page: CachedPage;
}

const NEWLINE = 0x0a;

/**
 * An entry file's bytes.
 *
 * @throws {TypeError} When `fetchedAt` is not a valid date.
 * @internal
 */
export async function encodeEntry(
  key: CacheKey,
  page: CachedPage,
): Promise<Uint8Array<ArrayBuffer>> {
  if (!(page.fetchedAt instanceof Date) || Number.isNaN(page.fetchedAt.getTime())) {
    throw new TypeError(`Cannot cache a page without a valid fetchedAt: got ${page.fetchedAt}`);
  }
  const encoder = new TextEncoder();
  const body = encoder.encode(page.body);
  const header: EntryHeader = {
    v: CACHE_FORMAT,
    fetchedAt: page.fetchedAt.toISOString(),
    key: keyFields(key),
    length: body.byteLength,
    sha256: await sha256Hex(body),
  };
  // JSON.stringify escapes every newline, so the first newline ends the header.
  const head = encoder.encode(JSON.stringify(header) + "\n");
  const bytes = new Uint8Array(head.byteLength + body.byteLength);
  bytes.set(head, 0);
  bytes.set(body, head.byteLength);
  return bytes;
}

/**
 * Reads an entry file's bytes.
 *
 * @returns The entry, or `undefined` when the file is not a whole, valid entry of this format.
 * @internal
 */
export async function decodeEntry(bytes: Uint8Array<ArrayBuffer>): Promise<Entry | undefined> {
  const end = bytes.indexOf(NEWLINE);
  if (end < 0) return undefined;
  const decoder = new TextDecoder("utf-8", { fatal: true });
  let header: unknown;
  try {
    header = JSON.parse(decoder.decode(bytes.subarray(0, end)));
  } catch {
    return undefined;
  }
  if (!isHeader(header)) return undefined;
  const body = bytes.subarray(end + 1);
  if (body.byteLength !== header.length) return undefined;
  if (await sha256Hex(body) !== header.sha256) return undefined;
  let text: string;
  try {
    text = decoder.decode(body);
  } catch {
    return undefined;
  }
  return { key: header.key, page: { body: text, fetchedAt: new Date(header.fetchedAt) } };
}

function isHeader(value: unknown): value is EntryHeader {
  if (typeof value !== "object" || value === null) return false;
  const h = value as Record<string, unknown>;
  return h.v === CACHE_FORMAT && typeof h.fetchedAt === "string" &&
    !Number.isNaN(Date.parse(h.fetchedAt)) && isCacheKey(h.key) &&
    Number.isSafeInteger(h.length) && typeof h.sha256 === "string" &&
    /^[0-9a-f]{64}$/.test(h.sha256);
}
